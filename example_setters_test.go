package url_test

import (
	"errors"
	"fmt"

	"github.com/webstd/url"
)

func ExampleURL_SetHref() {
	u := url.MustParse("https://example.com/old")
	if err := u.SetHref("HTTP://Example.ORG:80/new/../page"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(u)

	// A value that does not parse leaves the URL as it was.
	err := u.SetHref("https://exa mple.com/")
	fmt.Println(err != nil, u)
	// Output:
	// http://example.org/page
	// true http://example.org/page
}

func ExampleURL_SetProtocol() {
	u := url.MustParse("http://example.com:443/")
	u.SetProtocol("https") // 443 is https's default port: it goes
	fmt.Println(u)
	u.SetProtocol("wss:anything after the colon is ignored")
	fmt.Println(u)

	// Special and non-special schemes do not change into each other.
	err := u.SetProtocol("git")
	fmt.Println(u)
	fmt.Println(err)
	// Output:
	// https://example.com/
	// wss://example.com/
	// wss://example.com/
	// url: set protocol of "wss://example.com/" to "git": the scheme cannot change to that one
}

func ExampleURL_SetUsername() {
	u := url.MustParse("https://example.com/")
	u.SetUsername("jo@home")
	fmt.Println(u)

	// A URL without a host, or a file URL, has no username.
	m := url.MustParse("mailto:jo@example.com")
	err := m.SetUsername("x")
	fmt.Println(m)
	fmt.Println(errors.Is(err, url.ErrCannotHaveUsernamePasswordPort))
	// Output:
	// https://jo%40home@example.com/
	// mailto:jo@example.com
	// true
}

func ExampleURL_SetPassword() {
	u := url.MustParse("https://jo@example.com/")
	u.SetPassword("p:ss w0rd")
	fmt.Println(u)
	fmt.Println(u.Password())
	u.SetPassword("")
	fmt.Println(u)
	// Output:
	// https://jo:p%3Ass%20w0rd@example.com/
	// p%3Ass%20w0rd
	// https://jo@example.com/
}

func ExampleURL_SetHost() {
	u := url.MustParse("https://example.com:8080/path")
	u.SetHost("EXAMPLE.org") // no port given: the port stays
	fmt.Println(u)
	u.SetHost("bücher.example:443") // the default port becomes null
	fmt.Println(u)
	err := u.SetHost("exa mple.com") // not a valid host: nothing changes
	fmt.Println(u)
	fmt.Println(err)
	// Output:
	// https://example.org:8080/path
	// https://xn--bcher-kva.example/path
	// https://xn--bcher-kva.example/path
	// url: set host of "https://xn--bcher-kva.example/path" to "exa mple.com": domain-to-ASCII
}

func ExampleURL_SetHostname() {
	u := url.MustParse("http://example.com:8080/")
	u.SetHostname("192.168.0.0x1")
	fmt.Println(u.Host())
	u.SetHostname("[::1]")
	fmt.Println(u)
	err := u.SetHostname("other.example:99") // a hostname with a port: nothing changes
	fmt.Println(u)
	fmt.Println(errors.Is(err, url.ErrHostnameHasPort))
	// Output:
	// 192.168.0.1:8080
	// http://[::1]:8080/
	// http://[::1]:8080/
	// true
}

func ExampleURL_SetPort() {
	u := url.MustParse("https://example.com/")
	u.SetPort("8443abc") // the digits at the start count
	fmt.Println(u)
	u.SetPort("443") // https's default port is null
	fmt.Println(u, u.Port() == "")
	if err := u.SetPort("65536"); errors.Is(err, url.ErrPortOutOfRange) {
		fmt.Println(err) // out of range: nothing changes
	}
	if err := u.SetPort("abc"); errors.Is(err, url.ErrPortInvalid) {
		fmt.Println(err)
	}
	u.SetPort("8080")
	u.SetPort("")
	fmt.Println(u)
	// Output:
	// https://example.com:8443/
	// https://example.com/ true
	// url: set port of "https://example.com/" to "65536": port-out-of-range
	// url: set port of "https://example.com/" to "abc": port-invalid
	// https://example.com/
}

func ExampleURL_SetPathname() {
	u := url.MustParse("https://example.com/a?q#f")
	u.SetPathname("docs/../guide/intro page")
	fmt.Println(u)
	u.SetPathname("/literal?not-a-query")
	fmt.Println(u.Pathname())
	// Output:
	// https://example.com/guide/intro%20page?q#f
	// /literal%3Fnot-a-query
}

func ExampleURL_SetSearch() {
	u := url.MustParse("https://example.com/path#top")
	u.SetSearch("?q=a b&lang=en")
	fmt.Println(u)
	u.SetSearch("") // the query becomes null
	fmt.Println(u)
	// Output:
	// https://example.com/path?q=a%20b&lang=en#top
	// https://example.com/path#top
}

func ExampleURL_SetHash() {
	u := url.MustParse("https://example.com/page")
	u.SetHash("section 2")
	fmt.Println(u)
	fmt.Println(u.Hash())
	u.SetHash("")
	fmt.Println(u)
	// Output:
	// https://example.com/page#section%202
	// #section%202
	// https://example.com/page
}

func ExampleURL_SearchParams() {
	u := url.MustParse("https://example.com/search?q=go+url&page=2&utm_source=mail#results")
	p := u.SearchParams()
	q, _ := p.Get("q")
	fmt.Println(q)

	// Change the params, then write them back with the update steps.
	p.Delete("utm_source")
	p.Set("page", "3")
	p.Sort()
	u.SetSearchParams(p)
	fmt.Println(u)
	// Output:
	// go url
	// https://example.com/search?page=3&q=go+url#results
}

func ExampleURL_SetSearchParams() {
	// An empty list makes the query null: "?" goes too.
	u := url.MustParse("https://example.com/?")
	p := u.SearchParams()
	p.Sort()
	u.SetSearchParams(p)
	fmt.Printf("%s %q\n", u, u.Search())

	// The serializer writes a space as "+" and percent-encodes "~".
	v := url.MustParse("https://example.com/?a=b ~")
	fmt.Println(v)
	v.SetSearchParams(v.SearchParams())
	fmt.Println(v)
	// Output:
	// https://example.com/ ""
	// https://example.com/?a=b%20~
	// https://example.com/?a=b+%7E
}
