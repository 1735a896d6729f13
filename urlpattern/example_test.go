package urlpattern_test

import (
	"errors"
	"fmt"
	"slices"

	"github.com/webstd/url"
	"github.com/webstd/url/urlpattern"
)

func Example() {
	p, err := urlpattern.Parse("https://*.example.com/books/:id")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Test("https://shop.example.com/books/42"))
	fmt.Println(p.Test("https://shop.example.com/books/42/reviews"))

	r := p.Exec("https://shop.example.com/books/42")
	fmt.Println(r.Hostname.Groups["0"].Value, r.Pathname.Groups["id"].Value)
	// Output:
	// true
	// false
	// shop 42
}

// The pattern strings of the components: what the constructor string leaves
// out after the pathname matches anything, the port is the default one.
func ExampleParse() {
	p := urlpattern.MustParse("https://example.com/books/:id")
	fmt.Printf("%q %q %q %q %q\n", p.Protocol(), p.Hostname(), p.Port(), p.Pathname(), p.Search())
	fmt.Println(p.Test("https://example.com/books/42?page=2"))
	fmt.Println(p.Test("https://example.com:8443/books/42"))
	// Output:
	// "https" "example.com" "" "/books/:id" "*"
	// true
	// false
}

// A relative pattern, resolved against a base URL as a relative URL is.
func ExampleParseWithBase() {
	p, err := urlpattern.ParseWithBase("../admin/*", "https://discussion.example/forum/?page=2")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Hostname(), p.Pathname())
	fmt.Println(p.Test("https://discussion.example/admin/update?id=1"))
	// Output:
	// discussion.example /admin/*
	// true
}

// A pattern given component by component: the components left out match
// anything.
func ExampleNew() {
	p, err := urlpattern.New(urlpattern.Init{Pathname: new("/books/:id(\\d+)")})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Test("https://example.com/books/42"), p.Test("ftp://any.where/books/42"))
	fmt.Println(p.Test("https://example.com/books/forty-two"))
	fmt.Println(p.HasRegExpGroups())
	// Output:
	// true true
	// false
	// true
}

// An optional group that matched nothing is undefined, which is not the
// empty string.
func ExamplePattern_Exec() {
	p := urlpattern.MustParse("https://example.com/books/:id?")
	for _, u := range []string{"https://example.com/books/7", "https://example.com/books"} {
		id := p.Exec(u).Pathname.Groups["id"]
		fmt.Printf("%q defined=%v\n", id.Value, id.Defined)
	}
	// Output:
	// "7" defined=true
	// "" defined=false
}

// Matching an init: each component is canonicalized as the URL parser
// would, and the base URL supplies the missing ones.
func ExamplePattern_ExecInit() {
	p := urlpattern.MustParse("https://example.com/caf\u00e9/:page")
	r := p.ExecInit(urlpattern.Init{Pathname: new("/café/menu"), BaseURL: new("https://example.com")})
	fmt.Println(r.Pathname.Input, r.Pathname.Groups["page"].Value)
	// Output:
	// /caf%C3%A9/menu menu
}

func ExampleOptions() {
	p, err := urlpattern.Options{IgnoreCase: true}.Parse("https://example.com/Books/*")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Test("https://example.com/BOOKS/42"))
	// Output:
	// true
}

// Sorting patterns from the most to the least specific pathname, as a
// router tries them.
func ExampleCompareComponent() {
	var routes []*urlpattern.Pattern
	for _, s := range []string{"/books/*", "/books/:id", "/books/new"} {
		routes = append(routes, urlpattern.MustParse("https://example.com"+s))
	}
	slices.SortFunc(routes, func(a, b *urlpattern.Pattern) int {
		return -urlpattern.CompareComponent(urlpattern.Pathname, a, b)
	})
	for _, p := range routes {
		fmt.Println(p.Pathname())
	}
	// Output:
	// /books/new
	// /books/:id
	// /books/*
}

func ExamplePattern_Generate() {
	p := urlpattern.MustParse("https://:shop.example.com/books/:id")
	host, _ := p.Generate(urlpattern.Hostname, map[string]string{"shop": "bücher"})
	path, _ := p.Generate(urlpattern.Pathname, map[string]string{"id": "a b"})
	fmt.Println(host, path)
	_, err := p.Generate(urlpattern.Pathname, map[string]string{"id": "a/b"})
	fmt.Println(errors.Is(err, urlpattern.ErrGenerate))
	// Output:
	// xn--bcher-kva.example.com /books/a%20b
	// true
}

// A value fills its group and nothing else: what would end the group,
// add a query parameter or a path segment, or be removed by the URL parser
// is percent-encoded or refused.
func ExamplePattern_Generate_structure() {
	// (The backslash makes the "?" the start of the search: after a group, a
	// "?" would make the group optional.)
	p := urlpattern.MustParse(`https://example.com/files/:name\?q=:q`)
	search, _ := p.Generate(urlpattern.Search, map[string]string{"q": "1&admin=true"})
	fmt.Println(search)
	path, _ := p.Generate(urlpattern.Pathname, map[string]string{"name": "100% a?b#c"})
	fmt.Println(path)
	for _, name := range []string{"a/b", `a\b`, "..", "."} {
		_, err := p.Generate(urlpattern.Pathname, map[string]string{"name": name})
		fmt.Println(err)
	}
	// Each is a component, for its setter (or an Init): the URL they make
	// gives the values back, percent-decoded.
	u := url.MustParse("https://example.com/")
	u.SetPathname(path)
	u.SetSearch(search)
	r := p.ExecURL(u)
	fmt.Println(url.PercentDecodeString(r.Pathname.Groups["name"].Value))
	fmt.Println(url.PercentDecodeString(r.Search.Groups["q"].Value))
	// A scheme that is not special: the pathname callback leaves a space,
	// which the pathname setter writes %20.
	p = urlpattern.MustParse("foo://example.com/:name")
	path, _ = p.Generate(urlpattern.Pathname, map[string]string{"name": "a b"})
	u = url.MustParse("foo://example.com/")
	u.SetPathname(path)
	fmt.Printf("%q %s %q\n", path, u, url.PercentDecodeString(p.ExecURL(u).Pathname.Groups["name"].Value))
	// Output:
	// q=1%26admin%3Dtrue
	// /files/100%25%20a%3Fb%23c
	// urlpattern: generate in pathname "/files/:name": group "name": a value with "/" or "\", which end a path segment
	// urlpattern: generate in pathname "/files/:name": group "name": a value with "/" or "\", which end a path segment
	// urlpattern: generate in pathname "/files/:name": group "name": a "." or ".." path segment, which the URL parser removes
	// urlpattern: generate in pathname "/files/:name": group "name": a "." or ".." path segment, which the URL parser removes
	// 100% a?b#c
	// 1&admin=true
	// "/a b" foo://example.com/a%20b "a b"
}

// Errors say which step of the standard failed, and in which component.
func ExampleError() {
	_, err := urlpattern.Parse("https://example.com/:id(\\d+")
	fmt.Println(errors.Is(err, urlpattern.ErrTokenize))

	// A backreference is valid ECMAScript, but no algorithm matches it in
	// linear time.
	_, err = urlpattern.Parse("https://example.com/:a(x)/:b(\\1)")
	var e *urlpattern.Error
	fmt.Println(errors.As(err, &e), e.Kind.String(), e.Component)
	// Output:
	// true
	// true invalid regular expression pathname
}
