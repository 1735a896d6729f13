package urlpattern_test

import (
	"errors"
	"fmt"

	"github.com/webstd/url"
	"github.com/webstd/url/urlpattern"
	"github.com/webstd/url/urlpattern/router"
)

// A route idiom of JavaScript, ":id((?!new)[^/]+)" (any id but "new"),
// uses a lookahead, which no algorithm matches in linear time: the pattern
// is refused. A router says the same without it: the more specific
// pattern first, since routes match in the order they were added.
func Example_lookaround() {
	_, err := urlpattern.Parse("https://example.com/users/:id((?!new)[^/]+)")
	fmt.Println(errors.Is(err, urlpattern.ErrRegExp))

	var r router.Router[string]
	r.Add(urlpattern.MustParse("https://example.com/users/new"), "new user form")
	r.Add(urlpattern.MustParse("https://example.com/users/:id"), "user")
	for _, s := range []string{"https://example.com/users/new", "https://example.com/users/42"} {
		m, _ := r.First(url.MustParse(s))
		fmt.Printf("%s %q\n", m.Value, m.Result.Pathname.Groups["id"].Value)
	}
	// Output:
	// true
	// new user form ""
	// user "42"
}

// Script and General_Category values by every name and alias Unicode gives
// them ("Latn" and "Latin", "Lu" and "Uppercase_Letter"). A URL holds no
// code point that is not ASCII but percent-encoded ("Café" is
// "Caf%C3%A9"), which is what a component's pattern matches.
func Example_unicodeProperties() {
	p := urlpattern.MustParse(`https://example.com/wiki/:title(\p{sc=Latn}+)`)
	fmt.Println(p.Test("https://example.com/wiki/Cafe"), p.Test("https://example.com/wiki/42"), p.Test("https://example.com/wiki/Café"))
	// Output:
	// true false false
}
