package canonical

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/webstd/url"
)

type surtFile struct {
	SURT                []publishedCase
	Canonical           []publishedCase
	UnescapeRepeatedly  []helperCase
	AlphaReorderQuery   []helperCase
	StripQuerySessionID []helperCase
	StripPathSessionID  []helperCase
}

type helperCase struct{ Input, Output string }

// TestSURTPublished runs the web archives' SURT and canonical-URL examples,
// turns every key with a scheme back into its URL, and checks that the key
// of the canonical URL is the same key.
func TestSURTPublished(t *testing.T) {
	var file surtFile
	readJSON(t, "surt.json", &file)
	if len(file.SURT) < 70 || len(file.Canonical) < 20 {
		t.Fatalf("surt.json has %d surt and %d canonical cases", len(file.SURT), len(file.Canonical))
	}
	for _, c := range file.SURT {
		var o SURTOptions
		if c.Options != nil {
			o = *c.Options
		}
		t.Run(fmt.Sprintf("%s %+v", c.Input, o), func(t *testing.T) {
			u, err := url.Parse(c.input())
			var got string
			if err == nil {
				got = o.SURT(u)
			}
			c.check(t, got, err)
			if err == nil {
				checkSURTRoundTrip(t, o, u)
			}
		})
	}
	for _, c := range file.Canonical {
		var o SURTOptions
		if c.Options != nil {
			o = *c.Options
		}
		t.Run(fmt.Sprintf("canonical %s %+v", c.Input, o), func(t *testing.T) {
			u, err := url.Parse(c.input())
			var got string
			if err == nil {
				var v url.URL
				v, err = o.Canonical(u)
				got = v.Href()
			}
			c.check(t, got, err)
		})
	}
	for _, h := range []struct {
		name  string
		cases []helperCase
		f     func(string) string
	}{
		{"unescapeRepeatedly", file.UnescapeRepeatedly, unescapeRepeatedly},
		{"alphaReorderQuery", file.AlphaReorderQuery, alphaReorderQuery},
		{"stripQuerySessionID", file.StripQuerySessionID, stripQuerySessionIDs},
		{"stripPathSessionID", file.StripPathSessionID, func(p string) string { return stripPathSessionIDs(p, false) }},
	} {
		if len(h.cases) == 0 {
			t.Errorf("surt.json has no %s cases", h.name)
		}
		for _, c := range h.cases {
			t.Run(h.name+" "+c.Input, func(t *testing.T) {
				if got := h.f(c.Input); got != c.Output {
					t.Fatalf("%s(%q) = %q; want %q", h.name, c.Input, got, c.Output)
				}
			})
		}
	}
}

// checkSURTRoundTrip checks that the key of u's canonical URL is u's key, and
// that the canonical URL is its own, but where the archives' one-pass steps
// leave work (leavesArchiveWork: then that canonicalizing again comes to a
// fixed point), and, with WithScheme, that Parse turns the key into the
// canonical URL.
func checkSURTRoundTrip(t *testing.T, o SURTOptions, u url.URL) {
	t.Helper()
	key := o.SURT(u)
	c, err := o.Canonical(u)
	if err != nil {
		t.Fatalf("Canonical(%q): %v", u.Href(), err)
	}
	if leavesArchiveWork(o, u, c) {
		// The archives' one-pass steps: see SURTOptions.SURT.
		checkArchiveFixedPoint(t, o, u, c)
	} else {
		if k2 := o.SURT(c); k2 != key {
			t.Fatalf("SURT(%q) = %q, but SURT of its canonical URL %q is %q", u.Href(), key, c.Href(), k2)
		}
		if c2, err := o.Canonical(c); err != nil || c2 != c {
			t.Fatalf("Canonical(%q) = %q, but Canonical of that is %q, %v", u.Href(), c.Href(), c2.Href(), err)
		}
	}
	if !o.WithScheme {
		if _, err := o.Parse(key); !errors.Is(err, ErrNotInvertible) {
			t.Fatalf("Parse(%q) without WithScheme: %v, want ErrNotInvertible", key, err)
		}
		return
	}
	v, err := o.Parse(key)
	if err != nil || v != c {
		t.Fatalf("Parse(%q) = %q, %v; want the canonical URL %q", key, v.Href(), err, c.Href())
	}
}

func TestSURT(t *testing.T) {
	all := SURTOptions{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepCase: true,
		KeepQueryOrder: true, KeepSessionIDs: true, KeepTrailingSlash: true, KeepIPOrder: true}
	for _, c := range []struct {
		in   string
		o    SURTOptions
		want string
	}{
		{"http://www.Example.com/a?b=2&a=1", SURTOptions{}, "com,example)/a?a=1&b=2"},
		{"https://www34.archive.org:8443/Goo/?b&a#top", SURTOptions{}, "org,archive:8443)/goo?a&b"},
		{"http://192.0.2.1/info/", SURTOptions{}, "1,2,0,192)/info"},
		{"http://0x7f.1/", SURTOptions{}, "1,0,0,127)/"},
		{"mailto:Foo@example.com", SURTOptions{}, "mailto:foo@example.com"},
		{"http://user:pw@example.com/", SURTOptions{}, "com,example)/"},
		// Every www label goes, but not a last one.
		{"http://www.www2.example.com/", SURTOptions{}, "com,example)/"},
		{"http://www.com/", SURTOptions{}, "com)/"},
		{"http://www/", SURTOptions{}, "www)/"},
		// Dots, and the IPv4 address that removing them reveals.
		{"http://..a..b../", SURTOptions{}, "b,a)/"},
		{"http://1.2.3.4../", SURTOptions{}, "4,3,2,1)/"},
		{"http://1.2.09../", SURTOptions{}, ",,09,2,1)/"},
		// IPv6: brackets only with a port.
		{"http://[2001:db8::1]:8080/", SURTOptions{}, "[2001:db8::1]:8080)/"},
		{"http://[2001:db8::1]/", SURTOptions{WithScheme: true}, "http://(2001:db8::1)/"},
		// Labels with the key's delimiters.
		{"http://a,b.c)d.com/", SURTOptions{}, "com,c%29d,a%2cb)/"},
		{"sc://A%2C.b/", SURTOptions{}, "b,a%252c)/"},
		// The path: decoded, cleaned, re-encoded, lowercased.
		{"http://a.com/%41/%252E%252E/B%2fC//", SURTOptions{}, "com,a)/b/c"},
		{"http://a.com/x%3Fy%23z%20", SURTOptions{}, "com,a)/x%3fy%23z%20"},
		{"http://a.com/x%5Cy", SURTOptions{}, "com,a)/x%5cy"},
		{"sc://a.com/x%5Cy", SURTOptions{}, "com,a)/x\\y"},
		{"http://a.com/A/", all, "http://(com,a,)/A/"},
		// ASP.NET session segments: the last of each pattern.
		{"http://a.com/(S(4hqa0555fwsecu455xqckv45))/x/(4hqa0555fwsecu455xqckv45)/Page.aspx", SURTOptions{}, "com,a)/x/page.aspx"},
		{"http://a.com/(S(4hqa0555fwsecu455xqckv45))/Page.aspx", SURTOptions{KeepSessionIDs: true}, "com,a)/(s(4hqa0555fwsecu455xqckv45))/page.aspx"},
		// The query.
		{"http://a.com/?b=%2525&A=%C3%A9#f", SURTOptions{}, "com,a)/?a=%c3%a9&b=%25"},
		{"http://a.com/?b&a=&a", SURTOptions{}, "com,a)/?a&a=&b"},
		{"http://a.com/?b=1&a=2", SURTOptions{KeepQueryOrder: true}, "com,a)/?b=1&a=2"},
		// The last session identifier of each pattern, as the archives
		// remove it.
		{"http://a.com/?jsessionid=0123456789abcdefghijklemopqrstuv&jsessionid=0123456789abcdefghijklemopqrstuv&x=1", SURTOptions{}, "com,a)/?jsessionid=0123456789abcdefghijklemopqrstuv&x=1"},
		// URLs without a host.
		{"file:///C:/Docs/x.txt", SURTOptions{}, "file:/c:/docs/x.txt"},
		{"sc:/.//p/", SURTOptions{WithScheme: true}, "sc:/.//p"},
		{"sc:%2F%2Fx", SURTOptions{WithScheme: true}, "sc:%2f/x"},
		// A drive letter, decoded or not, as the parser writes it, with a
		// host too: one URL, one key.
		{"file://server/%63:/x", SURTOptions{WithScheme: true}, "file://(server)/c:/x"},
		{"file://server/c:/x", SURTOptions{WithScheme: true}, "file://(server)/c:/x"},
		{"file://server/c%7C/x", SURTOptions{WithScheme: true}, "file://(server)/c:/x"},
		{"filedesc://Foo.arc.gz#x", SURTOptions{}, "filedesc://Foo.arc.gz"},
	} {
		t.Run(fmt.Sprintf("%s %+v", c.in, c.o), func(t *testing.T) {
			u := url.MustParse(c.in)
			if got := c.o.SURT(u); got != c.want {
				t.Fatalf("got %q; want %q", got, c.want)
			}
			checkSURTRoundTrip(t, c.o, u)
			o := c.o
			o.WithScheme = true
			checkSURTRoundTrip(t, o, u)
		})
	}
	if SURT(url.URL{}) != "" {
		t.Error("SURT of the zero URL is not empty")
	}
	if got := SURT(url.MustParse("http://www.Example.com/a?b=2&a=1")); got != "com,example)/a?a=1&b=2" {
		t.Errorf("SURT = %q", got)
	}
}

// notSURTs are keys that SURTOptions{WithScheme: true}.Parse refuses, among
// them keys that would spell a URL of another host than the one between the
// parentheses, or of none.
var notSURTs = []string{
	"http://(com,example/", "com,example)/", "http://(a b)/",
	"http://(com,example)@evil.com/", "http://(com,ex%2fmple)/", "http://(com,example)x/",
	"http://(com,example):81/", "http://com,example)/", "http://(com,exa%40mple)/",
	"http://(com,example:8a)/", "http://(com,ex%3Aample)/", "http://([::1]x)/", "http://(::1]@evil.com)/",
	"http://()/0", "sc://()/x", "http://(:80)/",
	"file://(c:)/x", "file://(c%7c)/x", "file://(localhost)/x", "file://(%256cocalhost)/x",
}

func TestSURTParse(t *testing.T) {
	o := SURTOptions{WithScheme: true}
	for _, c := range []struct{ key, want string }{
		{"http://(com,example)/a?a=1&b=2", "http://example.com/a?a=1&b=2"},
		{"https://(org,archive:8443)/goo", "https://archive.org:8443/goo"},
		{"http://(1,2,0,192)/", "http://192.0.2.1/"},
		{"http://(2001:db8::1)/", "http://[2001:db8::1]/"},
		{"http://([2001:db8::1]:8080)/", "http://[2001:db8::1]:8080/"},
		{"http://(com,c%29d,a%2cb)/", "http://a,b.c)d.com/"},
		{"mailto:foo@example.com", "mailto:foo@example.com"},
		// Not as these options write them, but the same URL: read as the
		// parser reads it.
		{"HTTP://(com,Example:80)/", "http://example.com/"},
		{"http://(de,b%C3%BCcher)/", "http://xn--bcher-kva.de/"},
		{"http://(com,example,www)/", "http://www.example.com/"},
		{"FILEDESC://(com,example)/", "filedesc://(com,example)/"}, // its own key, as in lower case
	} {
		t.Run(c.key, func(t *testing.T) {
			u, err := o.Parse(c.key)
			if err != nil || u.Href() != c.want {
				t.Fatalf("got %q, %v; want %q", u.Href(), err, c.want)
			}
		})
	}
	for _, key := range notSURTs {
		if u, err := o.Parse(key); err == nil {
			t.Errorf("Parse(%q) = %q; want an error", key, u.Href())
		}
	}
	// A key that spells no URL: the error names the key, and wraps the
	// parser's.
	_, err := o.Parse("http://(com,exa%25mple)/")
	var pe *url.ParseError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), `"http://(com,exa%25mple)/"`) {
		t.Errorf("Parse(%q): %v; want an error naming the key and wrapping a *url.ParseError", "http://(com,exa%25mple)/", err)
	}
	if _, err := (SURTOptions{}).Parse("http://(com,example)/"); !errors.Is(err, ErrNotInvertible) {
		t.Errorf("Parse without WithScheme: %v", err)
	}
}
