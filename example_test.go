package url_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	stdurl "net/url"
	"strings"

	"github.com/webstd/url"
	"golang.org/x/text/encoding/charmap"
)

func ExampleParse() {
	u, err := url.Parse("HTTP://EXAMPLE.com:80/a/./b/../c?x y#z")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Protocol(), u.Hostname(), u.Port() == "", u.Pathname(), u.Search(), u.Hash())

	_, err = url.Parse("https://example.org:70000/")
	fmt.Println(err)
	fmt.Println(errors.Is(err, url.ErrPortOutOfRange))
	// Output:
	// http://example.com/a/c?x%20y#z
	// http: example.com true /a/c ?x%20y #z
	// url: parse "https://example.org:70000/": port-out-of-range at 20: the port is more than 65535
	// true
}

func ExampleParseWithBase() {
	for _, ref := range []string{"../c?d", "//other.example/", "#top", "?q=1", "mailto:a@example.com"} {
		u, err := url.ParseWithBase(ref, "https://example.com/a/b")
		if err != nil {
			panic(err)
		}
		fmt.Println(u)
	}
	// Output:
	// https://example.com/c?d
	// https://other.example/
	// https://example.com/a/b#top
	// https://example.com/a/b?q=1
	// mailto:a@example.com
}

func ExampleURL_Parse() {
	base := url.MustParse("https://example.com/docs/guide/")
	for _, ref := range []string{"intro.html", "../api/", "/", "https://example.org/"} {
		u, err := base.Parse(ref)
		if err != nil {
			panic(err)
		}
		fmt.Println(u)
	}
	// Output:
	// https://example.com/docs/guide/intro.html
	// https://example.com/docs/api/
	// https://example.com/
	// https://example.org/
}

func ExampleCanParse() {
	fmt.Println(url.CanParse("https://example.com/"))
	fmt.Println(url.CanParse("/relative/path")) // no base URL
	fmt.Println(url.CanParse("https://exa mple.com/"))
	fmt.Println(url.CanParseWithBase("/relative/path", "https://example.com/"))
	// Output:
	// true
	// false
	// false
	// true
}

func ExampleMustParse() {
	// For tests and URLs written in the source code: MustParse panics on
	// failure.
	home := url.MustParse("https://example.com/")
	fmt.Println(home == url.MustParse("HTTPS://EXAMPLE.COM"))
	// Output:
	// true
}

func ExampleParser_encoding() {
	// A page in windows-1252 encodes the queries of its links in
	// windows-1252, not UTF-8; the path is UTF-8 either way.
	p := url.Parser{Encoding: charmap.Windows1252}
	u, err := p.Parse("https://example.com/café?q=café")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	u, _ = url.Parse("https://example.com/café?q=café")
	fmt.Println(u)
	// Output:
	// https://example.com/caf%C3%A9?q=caf%E9
	// https://example.com/caf%C3%A9?q=caf%C3%A9
}

func ExampleParser_onValidationError() {
	// Most validation errors do not make parsing fail; a Parser reports them.
	p := url.Parser{OnValidationError: func(e url.ValidationError) {
		fmt.Printf("%s at %d (failure: %v)\n", e, e.Offset, e.Failure)
	}}
	u, err := p.Parse(" https:\\\\user@example.com\\a b")
	fmt.Println(u, err)

	// Strict makes the first one fail the parse.
	p = url.Parser{Strict: true}
	_, err = p.Parse("https:example.com")
	fmt.Println(err)
	// Output:
	// invalid-URL-unit at 0 (failure: false)
	// special-scheme-missing-following-solidus at 6 (failure: false)
	// special-scheme-missing-following-solidus at 6 (failure: false)
	// special-scheme-missing-following-solidus at 7 (failure: false)
	// invalid-credentials at 12 (failure: false)
	// invalid-reverse-solidus at 24 (failure: false)
	// invalid-URL-unit at 26 (failure: false)
	// https://user@example.com/a%20b <nil>
	// url: parse "https:example.com": special-scheme-missing-following-solidus at 6: the scheme is not followed by "//"
}

func ExampleURL_Origin() {
	a := url.MustParse("https://example.com/a").Origin()
	b := url.MustParse("https://example.com:443/b?c").Origin()
	c := url.MustParse("http://example.com/").Origin()
	fmt.Println(a, a.IsSameOrigin(b), a.IsSameOrigin(c))

	// A blob: URL has the origin of the URL inside it.
	fmt.Println(url.MustParse("blob:https://example.com/uuid").Origin())

	// Other URLs have an opaque origin, serialized "null", which is the same
	// origin only as itself: keep the value to compare with it later.
	o := url.MustParse("data:text/plain,hi").Origin()
	fmt.Println(o, o.IsOpaque(), o.IsSameOrigin(o), o.IsSameOrigin(url.MustParse("data:text/plain,hi").Origin()))
	// Output:
	// https://example.com true false
	// https://example.com
	// null true true false
}

func ExampleParseHost() {
	for _, in := range []string{"EXAMPLE.com", "bücher.example", "127.1", "0x7f.0.0.1", "2130706433", "[0:0::1]", "exa mple"} {
		h, err := url.ParseHost(in)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(h.Kind(), h)
	}
	// Output:
	// domain example.com
	// domain xn--bcher-kva.example
	// IPv4 127.0.0.1
	// IPv4 127.0.0.1
	// IPv4 127.0.0.1
	// IPv6 [::1]
	// url: parse "exa mple": domain-to-ASCII at 0: U+0020 is not allowed in a domain
}

func ExampleHost_Addr() {
	// An SSRF filter must see the address the URL names, however it is spelled.
	for _, in := range []string{"http://0x7f.1/", "http://0177.0.0.1/", "http://10.1/", "http://[::ffff:169.254.169.254]/", "http://example.com/"} {
		addr := url.MustParse(in).HostValue().Addr()
		if !addr.IsValid() {
			fmt.Println(in, "is not an IP host")
			continue
		}
		addr = addr.Unmap()
		fmt.Println(in, addr, addr.IsLoopback() || addr.IsPrivate() || addr.IsLinkLocalUnicast())
	}
	// Output:
	// http://0x7f.1/ 127.0.0.1 true
	// http://0177.0.0.1/ 127.0.0.1 true
	// http://10.1/ 10.0.0.1 true
	// http://[::ffff:169.254.169.254]/ 169.254.169.254 true
	// http://example.com/ is not an IP host
}

func ExampleHost_TrimTrailingDots() {
	// A rule about a domain must see it as a resolver does: with or without
	// the dots that end it. Where without them it would be an IPv4 address,
	// the dots stay: it is a domain, and another host.
	for _, in := range []string{"http://internal.example.", "http://Internal.Example../", "http://0x7f.1../"} {
		h := url.MustParse(in).HostValue()
		fmt.Println(h, "->", h.TrimTrailingDots())
	}
	// Output:
	// internal.example. -> internal.example
	// internal.example.. -> internal.example
	// 0x7f.1.. -> 0x7f.1..
}

func ExampleHost_RegistrableDomain() {
	for _, in := range []string{"www.example.com", "example.com.", "whatwg.github.io", "github.io", "sub.example.co.uk", "127.0.0.1"} {
		h, _ := url.ParseHost(in)
		fmt.Printf("%-18s %-10q %q\n", in, h.PublicSuffix(), h.RegistrableDomain())
	}
	// Output:
	// www.example.com    "com"      "example.com"
	// example.com.       "com."     "example.com."
	// whatwg.github.io   "github.io" "whatwg.github.io"
	// github.io          "github.io" ""
	// sub.example.co.uk  "co.uk"    "example.co.uk"
	// 127.0.0.1          ""         ""
}

// corpList is a Public Suffix List of one private rule.
type corpList struct{}

func (corpList) PublicSuffix(domain string) string {
	if domain == "corp.example" || strings.HasSuffix(domain, ".corp.example") {
		return "corp.example"
	}
	return domain[strings.LastIndexByte(domain, '.')+1:] // the rule "*"
}

func ExampleHost_RegistrableDomainWith() {
	h, _ := url.ParseHost("www.team.corp.example")
	fmt.Println(h.RegistrableDomain())               // the package's list: "example" is a suffix
	fmt.Println(h.RegistrableDomainWith(corpList{})) // the caller's list
	// Output:
	// corp.example
	// team.corp.example
}

func ExampleURL_Render() {
	for _, in := range []string{
		"https://examplecorp.com@attacker.example/",
		"https://user:secret@xn--bcher-kva.example:8443/%E2%82%AC?q=caf%C3%A9#top",
		"https://example.com/a%2Fb%20c",
		"https://example.com/%F0%9F%94%92/%E2%80%AEtxt.exe",
		"https://example.com\u2044evil.example/",  // U+2044 FRACTION SLASH in the host
		"https://bank.com\U0001F67Cevil.example/", // U+1F67C VERY HEAVY SOLIDUS, a symbol UTS #39 restricts
	} {
		fmt.Println(url.MustParse(in).Render())
	}
	// Output:
	// https://attacker.example/
	// https://bücher.example:8443/%E2%82%AC?q=café#top
	// https://example.com/a%2Fb%20c
	// https://example.com/%F0%9F%94%92/%E2%80%AEtxt.exe
	// https://example.xn--comevil-3d7c.example/
	// https://bank.xn--comevil-mi35f.example/
}

func ExampleURL_ToStd() {
	u := url.MustParse("HTTP://user:p%40ss@EXAMPLE.com:8080/a/../b%2Fc?q=1#f")
	s, err := u.ToStd()
	if err != nil {
		panic(err)
	}
	fmt.Println(s)
	fmt.Println(s.Hostname(), s.Port(), s.Path, s.EscapedPath(), s.User.Username())

	// A URL net/url cannot hold unchanged is an error, not a different URL.
	_, err = url.MustParse("https://example.com/a|b").ToStd()
	fmt.Println(err)
	// Output:
	// http://user:p%40ss@example.com:8080/b%2Fc?q=1#f
	// example.com 8080 /b/c /b%2Fc user
	// url: ToStd("https://example.com/a|b"): the path is "/a%7Cb" in net/url but "/a|b" here
}

func ExampleFromStd() {
	s, _ := stdurl.Parse("HTTPS://Bücher.example:443/a%20b?q=x+y")
	u, err := url.FromStd(s)
	fmt.Println(u, err)

	// net/url and the standard disagree on these hosts and paths, and
	// net/http would send the last with a broken request line: FromStd
	// refuses them rather than pick one.
	for _, in := range []string{"http://0x7f.1/", "http:///evil.example/", "http://example.com/public/%2e%2e/admin", "http://example.com/?q=x y"} {
		s, _ := stdurl.Parse(in)
		_, err := url.FromStd(s)
		fmt.Println(err)
	}
	// Output:
	// https://xn--bcher-kva.example/a%20b?q=x+y <nil>
	// url: FromStd("http://0x7f.1/"): the host is "0x7f.1" in net/url but "127.0.0.1" here
	// url: FromStd("http:///evil.example/"): the host is "" in net/url but "evil.example" here
	// url: FromStd("http://example.com/public/%2e%2e/admin"): the path is "/public/%2e%2e/admin" in net/url but "/admin" here
	// url: FromStd("http://example.com/?q=x y"): net/http sends the request line "GET /?q=x y HTTP/1.1" and Host "example.com": a request-target cannot hold " "
}

func ExampleURL_Redacted() {
	u := url.MustParse("https://user:secret@example.com/path")
	fmt.Println(u.Redacted())
	fmt.Println(url.MustParse("https://user@example.com/").Redacted())
	// Output:
	// https://user:xxxxx@example.com/path
	// https://user@example.com/
}

func ExampleURL_MarshalText() {
	type link struct {
		Href url.URL  `json:"href"`
		Alt  *url.URL `json:"alt,omitempty"`
	}
	b, _ := json.Marshal(link{Href: url.MustParse("HTTPS://EXAMPLE.com/a b")})
	fmt.Println(string(b))

	var l link
	err := json.Unmarshal([]byte(`{"href":"https://example.com/../x","alt":"https://[::1"}`), &l)
	fmt.Println(l.Href, err)
	// Output:
	// {"href":"https://example.com/a%20b"}
	// https://example.com/x url: parse "https://[::1": IPv6-unclosed at 8: the IPv6 address has no closing "]"
}

func ExampleURL_UnmarshalText_flag() {
	// URL implements encoding.TextUnmarshaler, so flag.TextVar takes it.
	fs := flag.NewFlagSet("example", flag.ContinueOnError)
	var endpoint url.URL
	fs.TextVar(&endpoint, "endpoint", url.MustParse("https://api.example.com/v1/"), "the API's base URL")
	fs.Parse([]string{"-endpoint", "HTTP://LOCALHOST:8080/v2/"})
	fmt.Println(endpoint)
	// Output:
	// http://localhost:8080/v2/
}

func ExampleURL_Equal() {
	a := url.MustParse("https://example.com/a#one")
	b := url.MustParse("HTTPS://EXAMPLE.COM:443/a#two")
	fmt.Println(a.Equal(b), a == b, a.EqualExcludingFragment(b))

	// URL is comparable: a map deduplicates URLs by the standard's equality.
	seen := map[url.URL]bool{}
	for _, s := range []string{"https://example.com", "https://EXAMPLE.com/", "https://example.com:443/"} {
		seen[url.MustParse(s)] = true
	}
	fmt.Println(len(seen))
	// Output:
	// false false true
	// 1
}

func ExampleURL_AppendTo() {
	b := []byte("link: ")
	b = url.MustParse("https://example.com/").AppendTo(b)
	fmt.Println(string(b))
	// Output:
	// link: https://example.com/
}

func ExampleURL_HrefExcludingFragment() {
	u := url.MustParse("https://example.com/a?b#c")
	fmt.Println(u.HrefExcludingFragment())
	fmt.Println(u.EqualExcludingFragment(url.MustParse("https://example.com/a?b#other")))
	// Output:
	// https://example.com/a?b
	// true
}

// A ParseError quotes the input with its password redacted and with what a
// terminal acts on or a log viewer hides escaped: a byte order mark that
// makes the input look valid, a right-to-left override that reverses the
// text after it.
func ExampleParseError() {
	_, err := url.Parse("\ufeffhttps://user:secret@example.com/")
	fmt.Println(err)
	_, err = url.Parse("https://user:secret@bank.example\u202e/moc.evil.example")
	fmt.Println(err)
	// Output:
	// url: parse "\uFEFFhttps://user:xxxxx@example.com/": missing-scheme-non-relative-URL at 0: no scheme, and no base URL to resolve against (or one with an opaque path)
	// url: parse "https://user:xxxxx@bank.example\u202E/moc.evil.example": domain-to-ASCII at 20: the domain is not valid: IDNA (UTS #46 ToASCII) rejects it
}
