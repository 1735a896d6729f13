package canonical_test

import (
	"fmt"

	"github.com/webstd/url"
	"github.com/webstd/url/canonical"
)

func Example() {
	u := url.MustParse("HTTP://www.Example.COM.:80/%7euser/a/../b?utm_source=news&b=2&a=1#top")
	for _, p := range canonical.Profiles() {
		s, err := p.Canonical(u)
		fmt.Printf("%-12s %s %v\n", p.Name(), s, err)
	}
	fmt.Println("surt        ", canonical.SURT(u))
	// Output:
	// identity     http://www.example.com./%7euser/b?utm_source=news&b=2&a=1#top <nil>
	// dedup        http://www.example.com/~user/b?a=1&b=2&utm_source=news <nil>
	// dedup-strip  http://www.example.com/~user/b?a=1&b=2 <nil>
	// safebrowsing http://www.example.com/~user/b?utm_source=news&b=2&a=1 <nil>
	// ia           http://example.com/~user/b?a=1&b=2&utm_source=news <nil>
	// surt         com,example)/~user/b?a=1&b=2&utm_source=news
}

func ExampleLookup() {
	p, err := canonical.Lookup("dedup")
	if err != nil {
		panic(err)
	}
	s, err := p.CanonicalString("https://example.com/?b=2&a=1#x")
	fmt.Println(s, err)
	_, err = canonical.Lookup("rfc3986")
	fmt.Println(err)
	// Output:
	// https://example.com/?a=1&b=2 <nil>
	// canonical: no profile "rfc3986" (profiles: identity, dedup, dedup-strip, safebrowsing, ia)
}

// Identity is the URL Standard's serialization: the parser's normalization
// and nothing more.
func ExampleIdentity() {
	s, _ := canonical.Identity.CanonicalString("HTTP://EXAMPLE.com:80/a/./b/../c?x y#z")
	fmt.Println(s)
	// Output:
	// http://example.com/a/c?x%20y#z
}

// Dedup maps the spellings of one resource to one key.
func ExampleDedup() {
	seen := map[string]bool{}
	for _, s := range []string{
		"https://example.com/a?x=1&y=2",
		"https://EXAMPLE.com.:443/%61?y=2&x=1#top",
		"https://example.com/a?x=1&&y=2&",
		"https://example.com/b",
	} {
		key, _ := canonical.Dedup.CanonicalString(s)
		fmt.Println(key, seen[key])
		seen[key] = true
	}
	// Output:
	// https://example.com/a?x=1&y=2 false
	// https://example.com/a?x=1&y=2 true
	// https://example.com/a?x=1&y=2 true
	// https://example.com/b false
}

// DedupStrip also removes tracking parameters and session identifiers.
func ExampleDedupStrip() {
	s, _ := canonical.DedupStrip.CanonicalString("https://shop.example/cart;jsessionid=A1B2?item=7&utm_source=mail&fbclid=xyz")
	fmt.Println(s)
	// Output:
	// https://shop.example/cart?item=7
}

// Options compose: choose the steps, and Apply them or take the canonical
// string.
func ExampleOptions() {
	o := canonical.Options{
		DropFragment: true,
		StripParams:  []string{"ref", "utm_*"},
		SortQuery:    true,
	}
	u := url.MustParse("https://example.com/p?z=1&ref=home&utm_medium=x&a=2#reviews")
	v, err := o.Apply(u)
	fmt.Println(v, err)
	s, _ := o.Canonical(u)
	fmt.Println(s)
	// Output:
	// https://example.com/p?a=2&z=1 <nil>
	// https://example.com/p?a=2&z=1
}

// DedupStripOptions returns the steps of DedupStrip as a new Options: a
// start for steps of one's own, which leaves the profile as it is.
func ExampleDedupStripOptions() {
	o := canonical.DedupStripOptions()
	o.DropUserinfo = true
	o.StripParams = append(o.StripParams, "ref")
	const in = "https://user@example.com/a;jsessionid=1?ref=x&b=2&a=1"
	s, _ := o.Canonical(url.MustParse(in))
	fmt.Println(s)
	s, _ = canonical.DedupStrip.CanonicalString(in)
	fmt.Println(s)
	// Output:
	// https://example.com/a?a=1&b=2
	// https://user@example.com/a?a=1&b=2&ref=x
}

// TrackingParams returns a new slice, to build steps of one's own from.
func ExampleTrackingParams() {
	o := canonical.Options{StripParams: append(canonical.TrackingParams(), "ref")}
	s, _ := o.Canonical(url.MustParse("https://example.com/?id=7&utm_source=mail&ref=home&gclid=x"))
	fmt.Println(s)
	// Output:
	// https://example.com/?id=7
}

// Removing a parameter changes nothing else: a segment that would become
// "..", and so remove the segment before it, keeps its parameters.
func ExampleOptions_stripParams() {
	for _, s := range []string{
		"https://example.com/a/b;jsessionid=1/c",
		"https://example.com/a/..;jsessionid=1/c",
	} {
		key, _ := canonical.DedupStrip.CanonicalString(s)
		fmt.Println(key)
	}
	// Output:
	// https://example.com/a/b/c
	// https://example.com/a/..;jsessionid=1/c
}

// IA is the Internet Archive's canonical URL: the URL whose SURT is the key.
func ExampleIA() {
	s, _ := canonical.IA.CanonicalString("http://www.Example.com:80/A/?jsessionid=0123456789abcdefghijklemopqrstuv&b=2&a=1#f")
	fmt.Println(s)
	// Output:
	// http://example.com/a?a=1&b=2
}

func ExampleSafeBrowsingCanonical() {
	for _, s := range []string{
		"http://host/%25%32%35",
		"http://3279880203/blah",
		"http://www.GOOgle.com.../a/./b/../c?q#frag",
		"http://www.gotaport.com:1234/",
	} {
		c, err := canonical.SafeBrowsingCanonical(url.MustParse(s))
		fmt.Println(c, err)
	}
	_, err := canonical.SafeBrowsingCanonical(url.MustParse("mailto:a@example.com"))
	fmt.Println(err)
	// Output:
	// http://host/%25 <nil>
	// http://195.127.0.11/blah <nil>
	// http://www.google.com/a/c?q <nil>
	// http://www.gotaport.com/ <nil>
	// canonical: Safe Browsing looks up only http, https, ftp, ws and wss URLs
}

func ExampleSafeBrowsingExpressions() {
	exprs, err := canonical.SafeBrowsingExpressions(url.MustParse("http://a.b.c/1/2.html?param=1"))
	if err != nil {
		panic(err)
	}
	for _, e := range exprs {
		fmt.Println(e)
	}
	// Output:
	// a.b.c/1/2.html?param=1
	// a.b.c/1/2.html
	// a.b.c/
	// a.b.c/1/
	// b.c/1/2.html?param=1
	// b.c/1/2.html
	// b.c/
	// b.c/1/
}

func ExampleSURT() {
	for _, s := range []string{
		"http://www.Example.com/a?b=2&a=1",
		"https://www34.archive.org:8443/Goo/?b&a#top",
		"http://192.0.2.1/info/",
		"mailto:Foo@example.com",
	} {
		fmt.Println(canonical.SURT(url.MustParse(s)))
	}
	// Output:
	// com,example)/a?a=1&b=2
	// org,archive:8443)/goo?a&b
	// 1,2,0,192)/info
	// mailto:foo@example.com
}

// A CDX line: the key, then the capture's time and its URL, written into
// one buffer that each line reuses.
func ExampleAppendSURT() {
	var line []byte
	for _, c := range []struct{ time, url string }{
		{"20261204143000", "http://www.Example.com/a?b=2&a=1"},
		{"20261204143512", "https://example.com/a/?a=1&b=2#top"},
	} {
		u := url.MustParse(c.url)
		line = canonical.AppendSURT(line[:0], u)
		line = append(line, ' ')
		line = append(line, c.time...)
		line = append(line, ' ')
		line = u.AppendTo(line)
		fmt.Println(string(line))
	}
	// Output:
	// com,example)/a?a=1&b=2 20261204143000 http://www.example.com/a?b=2&a=1
	// com,example)/a?a=1&b=2 20261204143512 https://example.com/a/?a=1&b=2#top
}

func ExampleSURTOptions_SURT() {
	u := url.MustParse("http://www.example.com/A/?b=2&a=1")
	for _, o := range []canonical.SURTOptions{
		{},
		{WithScheme: true},
		{WithScheme: true, TrailingComma: true, KeepWWW: true},
		{KeepCase: true, KeepQueryOrder: true, KeepTrailingSlash: true},
	} {
		fmt.Println(o.SURT(u))
	}
	// Output:
	// com,example)/a?a=1&b=2
	// http://(com,example)/a?a=1&b=2
	// http://(com,example,www,)/a?a=1&b=2
	// com,example)/A/?b=2&a=1
}

// Parse turns a key with its scheme back into the URL it is the key of.
func ExampleSURTOptions_Parse() {
	o := canonical.SURTOptions{WithScheme: true}
	key := o.SURT(url.MustParse("https://www.example.com/A/?b=2&a=1#f"))
	u, err := o.Parse(key)
	fmt.Println(key)
	fmt.Println(u, err)
	fmt.Println(o.SURT(u) == key)
	_, err = canonical.SURTOptions{}.Parse("com,example)/a")
	fmt.Println(err)
	// Output:
	// https://(com,example)/a?a=1&b=2
	// https://example.com/a?a=1&b=2 <nil>
	// true
	// canonical: a SURT without its scheme cannot be turned back into a URL
}

func ExampleSURTOptions_Canonical() {
	u, _ := canonical.SURTOptions{}.Canonical(url.MustParse("http://www.Example.com:80/A/?b=2&a=1#f"))
	fmt.Println(u)
	// Output:
	// http://example.com/a?a=1&b=2
}
