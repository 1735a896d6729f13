package url_test

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/webstd/url"
	"golang.org/x/text/encoding/htmlindex"
)

func ExampleSearchParams() {
	var p url.SearchParams // the zero value is an empty list
	p.Append("q", "URL parsing")
	p.Append("tag", "go")
	p.Append("tag", "whatwg")
	fmt.Println(p.String())

	p.Set("tag", "spec") // one "tag" left
	p.Delete("q")
	fmt.Println(p.String())
	// Output:
	// q=URL+parsing&tag=go&tag=whatwg
	// tag=spec
}

func ExampleNewSearchParams() {
	// A leading "?" is removed, so a URL's search can be passed as it is.
	p := url.NewSearchParams("?q=caf%C3%A9+au+lait&n=1&n=2&empty=&flag")
	q, _ := p.Get("q")
	fmt.Println(q)
	fmt.Println(p.GetAll("n"))
	_, ok := p.Get("missing")
	fmt.Println(ok, p.Has("flag"), p.HasValue("n", "2"), p.Size())
	// Output:
	// café au lait
	// [1 2]
	// false true true 5
}

func ExampleNewSearchParamsFromMap() {
	// The pairs come in the order of the names.
	p := url.NewSearchParamsFromMap(map[string]string{"key": "730d67", "alt": "json"})
	fmt.Println(p)
	// Output:
	// alt=json&key=730d67
}

func ExampleSearchParams_Sort() {
	p := url.NewSearchParams("q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88&key=e1f7bc78&a=2&a=1")
	p.Sort() // stable: the two "a" keep their order
	fmt.Println(p)
	// Output:
	// a=2&a=1&key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88
}

func ExampleSearchParams_All() {
	p := url.NewSearchParams("a=1&b=x+y&a=3")
	for name, value := range p.All() {
		fmt.Printf("%s: %q\n", name, value)
	}
	// Output:
	// a: "1"
	// b: "x y"
	// a: "3"
}

func ExampleSearchParams_All_delete() {
	// A range sees the pairs as they were when it began, so deleting in
	// the loop skips none of them.
	p := url.NewSearchParams("utm_source=mail&q=go&utm_medium=email&page=2")
	for name := range p.All() {
		fmt.Println("saw", name)
		if strings.HasPrefix(name, "utm_") {
			p.Delete(name)
		}
	}
	fmt.Println(p)
	// Output:
	// saw utm_source
	// saw q
	// saw utm_medium
	// saw page
	// q=go&page=2
}

func ExampleSearchParams_DeleteFunc() {
	p := url.NewSearchParams("q=go&lang=&page=2&sort=&utm_source=mail")
	// Drop the empty fields and the tracking ones, in one pass.
	p.DeleteFunc(func(name, value string) bool {
		return value == "" || strings.HasPrefix(name, "utm_")
	})
	fmt.Println(p)
	// Output:
	// q=go&page=2
}

func ExampleSearchParams_Keys() {
	p := url.NewSearchParams("tag=go&q=url&tag=whatwg")
	// As in JavaScript, a name comes once for each of its pairs.
	fmt.Println(slices.Collect(p.Keys()))
	fmt.Println(slices.Collect(p.Values()))
	// Output:
	// [tag q tag]
	// [go url whatwg]
}

func ExampleNewSearchParamsFromValues() {
	r, _ := http.NewRequest("GET", "https://example.com/search?tag=b&q=go&tag=a", nil)
	// r.URL.Query() is a url.Values, a map: the pairs come sorted by name,
	// each name's values in their order.
	p := url.NewSearchParamsFromValues(r.URL.Query())
	fmt.Println(p)
	// Output:
	// q=go&tag=b&tag=a
}

func ExampleSearchParams_StdValues() {
	p := url.NewSearchParams("tag=b&q=go*&tag=a")
	v := p.StdValues() // a url.Values, for APIs that take one
	fmt.Println(v["tag"], v.Get("q"))
	// Encode sorts by name and writes "*" as "%2A"; String keeps the
	// order and the "*".
	fmt.Println(v.Encode())
	fmt.Println(p.String())
	// Output:
	// [b a] go*
	// q=go%2A&tag=b&tag=a
	// tag=b&q=go*&tag=a
}

func ExampleSearchParams_DeleteValue() {
	p := url.NewSearchParams("color=red&color=blue&color=red")
	p.DeleteValue("color", "red")
	fmt.Println(p)
	// Output:
	// color=blue
}

func ExampleParseURLEncoded() {
	for _, pair := range url.ParseURLEncoded("name=J%C3%BCrgen+M&lang=de&&=x&flag") {
		fmt.Printf("%q=%q\n", pair[0], pair[1])
	}
	// Output:
	// "name"="Jürgen M"
	// "lang"="de"
	// ""="x"
	// "flag"=""
}

func ExampleSerializeURLEncoded() {
	pairs := [][2]string{{"q", "1+1 = 2"}, {"lang", "français"}}
	fmt.Println(url.SerializeURLEncoded(pairs, nil))

	// An HTML form in a Shift_JIS page: ‽ is not in Shift_JIS.
	sjis, _ := htmlindex.Get("shift_jis")
	fmt.Println(url.SerializeURLEncoded([][2]string{{"q", "≡ ‽"}}, sjis))
	// Output:
	// q=1%2B1+%3D+2&lang=fran%C3%A7ais
	// q=%81%DF+%26%238253%3B
}

func ExamplePercentEncodeComponent() {
	fmt.Println(url.PercentEncodeComponent("Say what‽ 1+1=2 & a/b"))
	fmt.Println(url.PercentEncodeComponent("unchanged-_.!~*'()"))
	// Output:
	// Say%20what%E2%80%BD%201%2B1%3D2%20%26%20a%2Fb
	// unchanged-_.!~*'()
}

func ExamplePercentDecodeString() {
	fmt.Println(url.PercentDecodeString("caf%C3%A9%20%2541"))
	fmt.Println(url.PercentDecodeString("100% %zz")) // not percent-encoded bytes: kept
	fmt.Printf("%q\n", url.PercentDecode("%25%s%1G"))
	// Output:
	// café %41
	// 100% %zz
	// "%%s%1G"
}

func ExampleParseURLEncodedLimit() {
	// A request body from an untrusted client: take at most 3 pairs.
	pairs, err := url.ParseURLEncodedLimit("a=1&&b=2&&&c=3", 3) // empty pieces are not pairs
	fmt.Println(pairs, err)

	_, err = url.ParseURLEncodedLimit("a=1&b=2&c=3&d=4", 3)
	fmt.Println(errors.Is(err, url.ErrTooManyPairs))
	// Output:
	// [[a 1] [b 2] [c 3]] <nil>
	// true
}

func ExampleSearchParams_Clone() {
	defaults := url.NewSearchParams("lang=en&page=1")

	p := defaults.Clone()
	p.Set("page", "2")
	p.Append("q", "go")
	fmt.Println(p)

	q := *defaults // a copy by value is a list of its own too
	q.Delete("page")
	fmt.Println(&q)

	fmt.Println(defaults) // unchanged
	// Output:
	// lang=en&page=2&q=go
	// lang=en
	// lang=en&page=1
}
