package url_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/webstd/url"
)

// firstLines returns the request line and Host header that net/http writes
// for req.
func firstLines(req *http.Request) string {
	var b bytes.Buffer
	if err := req.Write(&b); err != nil {
		return err.Error()
	}
	lines := strings.SplitN(b.String(), "\r\n", 3)
	return lines[0] + " | " + lines[1]
}

func ExampleURL_NewRequest() {
	for _, in := range []string{
		"https://example.com/a/../b?c d#frag", // what net/url can hold: the origin-form
		"https://example.com/a|b?c d#frag",    // what it would rewrite: the absolute-form
		"https://example.com/%zz",
	} {
		u := url.MustParse(in)
		req, err := u.NewRequest(context.Background(), "GET", nil)
		if err != nil {
			panic(err)
		}
		fmt.Println(firstLines(req))
	}

	// http.NewRequest sends another path for the last two.
	req, _ := http.NewRequest("GET", url.MustParse("https://example.com/a|b").String(), nil)
	fmt.Println(firstLines(req))

	// A host net/http cannot write in a Host header is an error, not a
	// request with an empty Host.
	_, err := url.MustParse("http://a{b/").NewRequest(context.Background(), "GET", nil)
	fmt.Println(err)
	// Output:
	// GET /b?c%20d HTTP/1.1 | Host: example.com
	// GET https://example.com/a|b?c%20d HTTP/1.1 | Host: example.com
	// GET https://example.com/%zz HTTP/1.1 | Host: example.com
	// GET /a%7Cb HTTP/1.1 | Host: example.com
	// url: NewRequest("http://a{b/"): net/http sends the request line "GET / HTTP/1.1" and Host "", whose host is "" where this package has "a{b"
}

func ExampleURL_RequestURL() {
	s, err := url.MustParse("https://example.com/a|b?q#frag").RequestURL()
	if err != nil {
		panic(err)
	}
	fmt.Printf("Opaque %q Host %q Path %q RawQuery %q\n", s.Opaque, s.Host, s.Path, s.RawQuery)
	fmt.Println(s.RequestURI())

	s, err = url.MustParse("https://example.com/%C3%BC?q#frag").RequestURL()
	if err != nil {
		panic(err)
	}
	fmt.Printf("Opaque %q Host %q Path %q RawQuery %q\n", s.Opaque, s.Host, s.Path, s.RawQuery)
	fmt.Println(s.RequestURI())
	// Output:
	// Opaque "//example.com/a|b" Host "example.com" Path "/a|b" RawQuery "q"
	// https://example.com/a|b?q
	// Opaque "" Host "example.com" Path "/ü" RawQuery "q"
	// /%C3%BC?q
}
