package url

import (
	"bufio"
	"bytes"
	"errors"
	"math/rand/v2"
	"net/http"
	stdurl "net/url"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/webstd/url/internal/errtext"

	"github.com/webstd/url/internal/infra"
)

// stdAgrees is the test's own statement of what ToStd promises: the net/url
// URL s has u's host, port and path (and query). It returns the name of the
// first component that differs, or "".
func stdAgrees(u URL, s *stdurl.URL) string {
	host := u.Hostname()
	switch u.HostKind() {
	case IPv6Host:
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	case OpaqueHost: // net/url holds hosts percent-decoded
		host = PercentDecodeString(host)
	}
	path := s.EscapedPath()
	if s.Opaque != "" {
		path = s.Opaque
	}
	q, _ := u.Query()
	switch {
	case s.Scheme != u.Scheme():
		return "scheme"
	case s.Hostname() != host:
		return "host"
	case s.Port() != u.Port():
		return "port"
	case path != u.Pathname():
		return "path"
	case s.RawQuery != q:
		return "query"
	}
	return ""
}

// TestToStdURLTestData converts every URL of urltestdata.json that parses:
// ToStd either returns a net/url URL that agrees with ours on the host, port
// and path, also once net/url has written it out and read it back, or
// returns a *ConversionError. Never a silent disagreement.
func TestToStdURLTestData(t *testing.T) {
	for _, name := range []string{"urltestdata.json", "urltestdata-javascript-only.json"} {
		var converted, refused int
		refusedBy := map[string]int{}
		for _, tc := range wptCases[urlTestCase](t, name) {
			if tc.Failure {
				continue
			}
			u, err := tc.parse()
			if err != nil {
				t.Errorf("%s: %v", tc.name(), err)
				continue
			}
			s, err := u.ToStd()
			if err != nil {
				var ce *ConversionError
				if !errors.As(err, &ce) {
					t.Errorf("ToStd(%q): %v is not a *ConversionError", u.Href(), err)
				}
				refused++
				refusedBy[ce.Component]++
				if testing.Verbose() {
					t.Log(err)
				}
				continue
			}
			converted++
			if c := stdAgrees(u, s); c != "" {
				t.Errorf("ToStd(%q) = %q: %s differs", u.Href(), s, c)
				continue
			}
			// net/url writes u's href, but for the userinfo and fragment.
			if got, want := stdHrefWithoutUserinfoAndFragment(s), hrefWithoutUserinfoAndFragment(u); got != want {
				t.Errorf("ToStd(%q).String() = %q, want %q but for the userinfo and fragment", u.Href(), s, want)
			}
			// What net/http would see after writing the URL out and reading
			// it back.
			again, err := stdurl.Parse(s.String())
			if err != nil {
				t.Errorf("ToStd(%q).String() = %q does not parse in net/url: %v", u.Href(), s, err)
			} else if c := stdAgrees(u, again); c != "" {
				t.Errorf("ToStd(%q).String() = %q: %s differs once net/url reads it", u.Href(), s, c)
			}
			// And the way back.
			v, err := FromStd(s)
			if err != nil {
				t.Errorf("FromStd(ToStd(%q)): %v", u.Href(), err)
			} else if v.Hostname() != u.Hostname() || v.Port() != u.Port() || v.Pathname() != u.Pathname() || v.Search() != u.Search() {
				t.Errorf("FromStd(ToStd(%q)) = %q", u.Href(), v.Href())
			} else if _, hasFragment := u.Fragment(); !u.hasCredentials() && u.Hash() == v.Hash() && hasFragment == (u.Hash() != "") && v != u {
				t.Errorf("FromStd(ToStd(%q)) = %q, not the same URL", u.Href(), v.Href())
			}
		}
		var reasons []string
		for c, n := range refusedBy {
			reasons = append(reasons, c+": "+infra.Itoa(n))
		}
		sort.Strings(reasons)
		t.Logf("%s: ToStd converted %d URLs and refused %d (%s)", name, converted, refused, strings.Join(reasons, ", "))
		if converted == 0 {
			t.Error("no URL converted")
		}
	}
}

// hrefWithoutUserinfoAndFragment returns u's href without its username,
// password and fragment.
func hrefWithoutUserinfoAndFragment(u URL) string {
	u.SetUsername("")
	u.SetPassword("")
	u.SetHash("")
	return u.Href()
}

// stdHrefWithoutUserinfoAndFragment is the same for a net/url URL.
func stdHrefWithoutUserinfoAndFragment(s *stdurl.URL) string {
	c := *s
	c.User, c.Fragment, c.RawFragment = nil, "", ""
	return c.String()
}

func TestToStd(t *testing.T) {
	tests := []struct {
		in                             string
		scheme, user, host, path, want string // want: net/url's String()
	}{
		{"https://example.com/", "https", "", "example.com", "/", "https://example.com/"},
		{"HTTPS://EXAMPLE.com:443/a/../b?x y#z", "https", "", "example.com", "/b", "https://example.com/b?x%20y#z"},
		{"http://0x7f.1:8080/", "http", "", "127.0.0.1:8080", "/", "http://127.0.0.1:8080/"},
		{"http://[::ffff:127.0.0.1]/", "http", "", "[::ffff:7f00:1]", "/", "http://[::ffff:7f00:1]/"},
		{"http://bücher.example/", "http", "", "xn--bcher-kva.example", "/", "http://xn--bcher-kva.example/"},
		{"https://user:p%40ss@example.com/", "https", "user:p@ss", "example.com", "/", "https://user:p%40ss@example.com/"},
		{"https://example.com/a%2Fb/€", "https", "", "example.com", "/a/b/€", "https://example.com/a%2Fb/%E2%82%AC"},
		{"https://example.com/?", "https", "", "example.com", "/", "https://example.com/?"},
		{"file:///etc/hosts", "file", "", "", "/etc/hosts", "file:///etc/hosts"},
		{"sc:/path", "sc", "", "", "/path", "sc:/path"},
		{"sc:///path", "sc", "", "", "/path", "sc:///path"},
		{"sc://host", "sc", "", "host", "", "sc://host"},
		{"sc://%C3%A9:1/", "sc", "", "é:1", "/", "sc://%C3%A9:1/"},
		{"https://example.com/a!$*'()[]:@", "https", "", "example.com", "/a!$*'()[]:@", "https://example.com/a!$*'()[]:@"},
		{"mailto:someone@example.com", "mailto", "", "", "", "mailto:someone@example.com"},
		{"data:text/plain,hi%20there", "data", "", "", "", "data:text/plain,hi%20there"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u := MustParse(tt.in)
			s, err := u.ToStd()
			if err != nil {
				t.Fatal(err)
			}
			if s.Scheme != tt.scheme || s.User.String() != strings.ReplaceAll(tt.user, "@", "%40") || s.Host != tt.host || s.Path != tt.path || s.String() != tt.want {
				t.Errorf("ToStd() = scheme %q user %q host %q path %q %q", s.Scheme, s.User, s.Host, s.Path, s)
			}
			if c := stdAgrees(u, s); c != "" {
				t.Errorf("%s differs", c)
			}
		})
	}
	u := MustParse("https://user:p%40ss@example.com/")
	s, _ := u.ToStd()
	if p, _ := s.User.Password(); s.User.Username() != "user" || p != "p@ss" {
		t.Errorf("User = %q %q", s.User.Username(), p)
	}
}

func TestToStdRefuses(t *testing.T) {
	tests := []struct{ in, component string }{
		{"http://example.com/a|b", "path"},
		{"http://example.com/%zz", "path"},
		{"sc://a/b\\c", "path"},
		{"sc://a%20b/", "href"},
		{"sc://%41/", "host"},
		{"sc://%/", "host"},
		{"sc://", "host kind"},
		{"sc://?q", "host kind"},
		// Go 1.26's net/url writes this path as "sc://p", whose host is
		// "p"; Go 1.27's writes it as it is and reads back another path.
		{"sc:/.//p", "path|host"},
		{"http://a{b/", "href"},
		{"http://a`b/", "href"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u := MustParse(tt.in)
			s, err := u.ToStd()
			var ce *ConversionError
			if !errors.As(err, &ce) {
				t.Fatalf("ToStd() = %v, %v; want a *ConversionError", s, err)
			}
			if !slices.Contains(strings.Split(tt.component, "|"), ce.Component) || ce.Op != "ToStd" || ce.URL != errtext.Of(u.Href()) {
				t.Errorf("error %#v, want component %q", ce, tt.component)
			}
			t.Log(err)
		})
	}
	if _, err := (URL{}).ToStd(); err == nil {
		t.Error("ToStd of the zero URL succeeded")
	}
	// The error never shows a password.
	_, err := MustParse("http://user:secret@example.com/a|b").ToStd()
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("error %v", err)
	}
}

func TestFromStd(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://example.com/a?b#c", "https://example.com/a?b#c"},
		{"HTTPS://EXAMPLE.COM:443", "https://example.com/"},
		{"http://example.com:0080/", "http://example.com/"},
		{"http://bücher.example/", "http://xn--bcher-kva.example/"},
		{"http://127.0.0.1:8080/x", "http://127.0.0.1:8080/x"},
		{"http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/"},
		{"http://[2001:DB8::1]/", "http://[2001:db8::1]/"},
		{"https://user:p%40ss@example.com/", "https://user:p%40ss@example.com/"},
		{"https://example.com/?q=a%20b'c", "https://example.com/?q=a%20b%27c"},
		{"HTTP://Bücher.EXAMPLE:80/", "http://xn--bcher-kva.example/"},
		{"https://example.com/a%2Fb", "https://example.com/a%2Fb"},
		{"mailto:someone@example.com", "mailto:someone@example.com"},
		{"file:///etc/hosts", "file:///etc/hosts"},
		{"sc://host/p", "sc://host/p"},
		{"sc://h/%C3%A9?%C3%A9", "sc://h/%C3%A9?%C3%A9"},
		// Not requested over HTTP, so not held to what net/http's
		// Request.Write would send for them (see TestFromStdWire).
		{"sc://h%C3%A9/p", "sc://h%C3%A9/p"},
		{"mailto:a b@example.com", "mailto:a b@example.com"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			s, err := stdurl.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			u, err := FromStd(s)
			if err != nil {
				t.Fatal(err)
			}
			if u.Href() != tt.want {
				t.Errorf("FromStd() = %q, want %q", u.Href(), tt.want)
			}
		})
	}
}

// TestFromStdRefuses holds the parser differentials: URLs that net/url and
// the standard read as different hosts, ports or paths.
func TestFromStdRefuses(t *testing.T) {
	tests := []struct{ in, component string }{
		{"http://0x7f.1/", "host"},     // net/url: the name "0x7f.1"; here 127.0.0.1
		{"http://2130706433/", "host"}, // net/url: a name; here 127.0.0.1
		{"http://010.0.0.1/", "host"},  // net/url: a name (netip rejects the leading zero); here 8.0.0.1
		{"http://127.1/", "host"},
		{"http:///example.com/", "host"}, // net/url: empty host; here example.com
		{"http:example.com/", "host"},    // net/url: opaque "example.com/"; here the host example.com
		{"http://example.com/a/../admin", "path"},
		{"http://example.com/a/%2e%2e/admin", "path"},
		{"http://example.com/./x", "path"},
		// What net/http sends for these is not what this package reads.
		{"https://example.com/?q=a b'c", "query"}, // the request line "GET /?q=a b'c HTTP/1.1"
		{"https://example.com/?q=é", "query"},     // a non-ASCII byte in the request-target
		{"http://BÜCHER.example/", "host"},        // the Host "xn--BCHER-2pa.example": Punycode without lowercasing
		{"wss://example.com/?q=a b", "query"},     // the WebSocket handshake "GET /?q=a b HTTP/1.1"
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			s, err := stdurl.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			u, err := FromStd(s)
			var ce *ConversionError
			if !errors.As(err, &ce) {
				t.Fatalf("FromStd() = %q, %v; want a *ConversionError", u.Href(), err)
			}
			if ce.Component != tt.component || ce.Op != "FromStd" {
				t.Errorf("error %#v, want component %q", ce, tt.component)
			}
			t.Log(err)
		})
	}
	// net/url URLs built by hand.
	for _, s := range []*stdurl.URL{
		{Scheme: "http", Host: "example.com", RawQuery: "a#b"},             // the "#" starts a fragment here
		{Scheme: "http", Host: "example.com:99999"},                        // the port does not parse
		{Scheme: "http", Host: "evil.com@good.com"},                        // "@" in a host
		{Scheme: "http", Host: "example.com", Path: "/a/../b"},             // dot segments
		{Scheme: "http", Host: "example.com", Opaque: "//other.example/x"}, // an opaque "//" that reads as a host
		{Scheme: "http", Host: "example.com", RawQuery: "a\x7fb"},          // DEL in the request-target
		{Scheme: "http", Host: "a{b"},                                      // not a valid Host header: net/http sends it empty
	} {
		if u, err := FromStd(s); err == nil {
			t.Errorf("FromStd(%q) = %q, want an error", s, u.Href())
		}
	}
	if _, err := FromStd(nil); err == nil {
		t.Error("FromStd(nil) succeeded")
	}
	// A relative reference has no scheme: resolve it first.
	if _, err := FromStd(&stdurl.URL{Path: "/a"}); !errors.Is(err, ErrMissingSchemeNonRelativeURL) {
		t.Errorf("FromStd of a relative reference: %v", err)
	}
}

func TestRedacted(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://user:secret@example.com/", "https://user:xxxxx@example.com/"},
		{"https://:secret@example.com/", "https://:xxxxx@example.com/"},
		{"https://user@example.com/", "https://user@example.com/"},
		{"https://user:@example.com/", "https://user@example.com/"},
		{"https://example.com/a:b@c", "https://example.com/a:b@c"},
		{"https://u:p@example.com:8080/?q#f", "https://u:xxxxx@example.com:8080/?q#f"},
		{"ftp://a%3Ab:c%40d@example.com/", "ftp://a%3Ab:xxxxx@example.com/"},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		if got := u.Redacted(); got != tt.want {
			t.Errorf("Redacted(%q) = %q, want %q", tt.in, got, tt.want)
		}
		// As net/url redacts the same URL.
		s, _ := stdurl.Parse(u.Href())
		if s.Redacted() != u.Redacted() {
			t.Errorf("Redacted(%q) = %q, net/url %q", tt.in, u.Redacted(), s.Redacted())
		}
	}
	if (URL{}).Redacted() != "" {
		t.Error("the zero URL's Redacted is not empty")
	}
}

// TestMovingFromNetURL checks the table of differences in the README's
// "Moving from net/url" section against both packages, row by row.
func TestMovingFromNetURL(t *testing.T) {
	type side struct {
		err                    bool
		host, port, path, opaq string
	}
	tests := []struct {
		in   string
		std  side
		ours side
	}{
		{"http://0x7f.1/", side{host: "0x7f.1", path: "/"}, side{host: "127.0.0.1", path: "/"}},
		{"http://2130706433/", side{host: "2130706433", path: "/"}, side{host: "127.0.0.1", path: "/"}},
		{"http://010.0.0.1/", side{host: "010.0.0.1", path: "/"}, side{host: "8.0.0.1", path: "/"}},
		{`https:\\example.com\path`, side{opaq: `\\example.com\path`}, side{host: "example.com", path: "/path"}},
		{`http://evil.example\@good.example/`, side{err: true}, side{host: "evil.example", path: "/@good.example/"}},
		{"http:///example.com/", side{path: "/example.com/"}, side{host: "example.com", path: "/"}},
		{"http:example.com/", side{opaq: "example.com/"}, side{host: "example.com", path: "/"}},
		{"http://example.com/a/%2e%2e/b", side{host: "example.com", path: "/a/%2e%2e/b"}, side{host: "example.com", path: "/b"}},
		{"HTTP://EXAMPLE.COM/", side{host: "EXAMPLE.COM", path: "/"}, side{host: "example.com", path: "/"}},
		{"http://bücher.example/", side{host: "bücher.example", path: "/"}, side{host: "xn--bcher-kva.example", path: "/"}},
		{"http://ex%61mple.com/", side{err: true}, side{host: "example.com", path: "/"}},
		{"https://example.com:443/", side{host: "example.com", port: "443", path: "/"}, side{host: "example.com", path: "/"}},
		{"http://[::1]:8080/", side{host: "::1", port: "8080", path: "/"}, side{host: "[::1]", port: "8080", path: "/"}},
		{"https://exa\tmple.com/", side{err: true}, side{host: "example.com", path: "/"}},
		{" https://example.com/ ", side{err: true}, side{host: "example.com", path: "/"}},
		{"/path", side{path: "/path"}, side{err: true}},
		{"http://[fe80::1%25eth0]/", side{host: "fe80::1%eth0", path: "/"}, side{err: true}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			s, err := stdurl.Parse(tt.in)
			var got side
			if err != nil {
				got = side{err: true}
			} else {
				got = side{host: s.Hostname(), port: s.Port(), path: s.EscapedPath(), opaq: s.Opaque}
			}
			if got != tt.std {
				t.Errorf("net/url: %+v, README says %+v", got, tt.std)
			}
			u, err := Parse(tt.in)
			if err != nil {
				got = side{err: true}
			} else {
				got = side{host: u.Hostname(), port: u.Port(), path: u.Pathname()}
			}
			if got != tt.ours {
				t.Errorf("here: %+v, README says %+v", got, tt.ours)
			}
		})
	}

	// The rows on queries, the example.com:443 href and error messages.
	s, _ := stdurl.Parse("https://example.com/?q=a b'c")
	if u := MustParse("https://example.com/?q=a b'c"); s.RawQuery != "q=a b'c" || u.Search() != "?q=a%20b%27c" {
		t.Errorf("query: net/url %q, here %q", s.RawQuery, u.Search())
	}
	const q = "https://example.com/?a=1;b=2&c=%zz&d=x+y"
	s, _ = stdurl.Parse(q)
	if v := s.Query(); len(v) != 1 || v.Get("d") != "x y" {
		t.Errorf("net/url Query() = %v", v)
	}
	p := MustParse(q).SearchParams()
	a, _ := p.Get("a")
	c, _ := p.Get("c")
	d, _ := p.Get("d")
	if p.Size() != 3 || a != "1;b=2" || c != "%zz" || d != "x y" {
		t.Errorf("SearchParams() = %v", p)
	}
	if h := MustParse("https://example.com:443/").Href(); h != "https://example.com/" {
		t.Errorf("href %q", h)
	}
	if s, _ := stdurl.Parse("http://bücher.example/"); s.String() != "http://b%C3%BCcher.example/" {
		t.Errorf("net/url writes %q", s)
	}
	_, stdErr := stdurl.Parse("https://user:pass@[::1/")
	_, err := Parse("https://user:pass@[::1/")
	if !strings.Contains(stdErr.Error(), "pass@") || err.Error() != `url: parse "https://user:xxxxx@[::1/": IPv6-unclosed at 18: the IPv6 address has no closing "]"` {
		t.Errorf("errors: net/url %v, here %v", stdErr, err)
	}
	// And FromStd refuses the differentials the README names.
	for _, in := range []string{"http://0x7f.1/", "http://example.com/public/%2e%2e/admin"} {
		s, _ := stdurl.Parse(in)
		if _, err := FromStd(s); err == nil {
			t.Errorf("FromStd(%q) succeeded", in)
		}
	}
}

// FuzzToStd holds ToStd's promise on any input: a net/url URL that agrees
// with ours on the host, port, path and query, before and after net/url
// writes it out and reads it back, and for which net/http sends a request
// for that path, query and host, or an error; and FromStd of that URL gives
// ours back.
func FuzzToStd(f *testing.F) {
	for _, s := range []string{"http://0x7f.1/a|b", "sc://%C3%A9/", "sc:/.//p", "https://u:p@h/%zz?q#f", "mailto:x", "file:///C|/x", "http://[::1]:0/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		u, err := Parse(input)
		if err != nil {
			return
		}
		s, err := u.ToStd()
		if err != nil {
			var ce *ConversionError
			if !errors.As(err, &ce) && err != errZeroURL {
				t.Fatalf("ToStd(%q): %v", u.Href(), err)
			}
			return
		}
		if c := stdAgrees(u, s); c != "" {
			t.Fatalf("ToStd(%q) = %q: %s differs", u.Href(), s, c)
		}
		if got, want := stdHrefWithoutUserinfoAndFragment(s), hrefWithoutUserinfoAndFragment(u); got != want {
			t.Fatalf("ToStd(%q).String() = %q, want %q but for the userinfo and fragment", u.Href(), s, want)
		}
		again, err := stdurl.Parse(s.String())
		if err != nil {
			t.Fatalf("ToStd(%q).String() = %q does not parse: %v", u.Href(), s, err)
		}
		if c := stdAgrees(u, again); c != "" {
			t.Fatalf("ToStd(%q).String() = %q: %s differs once net/url reads it", u.Href(), s, c)
		}
		v, err := FromStd(s)
		if err != nil {
			t.Fatalf("FromStd(ToStd(%q)): %v", u.Href(), err)
		}
		if v.Hostname() != u.Hostname() || v.Port() != u.Port() || v.Pathname() != u.Pathname() || v.Search() != u.Search() {
			t.Fatalf("FromStd(ToStd(%q)) = %q", u.Href(), v.Href())
		}
		// And net/http sends the request for it that the URL names.
		checkFromStdWire(t, s)
	})
}

// visibleASCII reports whether s is made of the bytes "!" to "~" only.
func visibleASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7F {
			return false
		}
	}
	return true
}

// readRequestTarget is the test's own reading of a request-target (RFC 9112,
// section 3.2) sent with the Host header host for a URL of the scheme
// scheme, with this package's parser: the origin-form "/path?query" is
// relative to the scheme and host, the absolute-form is a URL, and anything
// else (the opaque path of a URL such as "mailto:x", which net/http writes
// as it is) is read after the scheme.
func readRequestTarget(scheme, host, target string) (URL, error) {
	switch {
	case strings.HasPrefix(target, "/"):
		return Parse(scheme + "://" + host + target)
	case testHasScheme(target):
		return Parse(target)
	}
	return Parse(scheme + ":" + target)
}

// testHasScheme reports whether s starts with an RFC 3986 scheme and ":",
// as an absolute-form request-target does.
func testHasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		switch {
		case 'a' <= c && c <= 'z':
		case i > 0 && ('0' <= s[i] && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.'):
		case i > 0 && s[i] == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// checkFromStdWire holds FromStd's promise on s: either FromStd refuses s,
// or the URL it returns is not requested over HTTP (its scheme is not http,
// https, ws or wss: net/http sends no request for it), or the request
// net/http writes for s says what the URL FromStd returns says. Its request
// line is exactly "GET" SP request-target SP "HTTP/1.1"
// with a request-target of visible ASCII, and its Host header is visible
// ASCII; net/http's server reads them back as written; and this package
// reads the request-target back as the URL's path and query and the Host
// header as its host and port.
func checkFromStdWire(t *testing.T, s *stdurl.URL) {
	t.Helper()
	u, err := FromStd(s)
	if err != nil {
		var ce *ConversionError
		var pe *ParseError
		if !errors.As(err, &ce) && !errors.As(err, &pe) {
			t.Fatalf("FromStd(%#v): %v is neither a *ConversionError nor a *ParseError", s, err)
		}
		return
	}
	switch u.Scheme() {
	case "http", "https", "ws", "wss":
	default:
		return
	}
	req := &http.Request{Method: "GET", URL: s, Header: http.Header{}}
	var buf bytes.Buffer
	if err := req.Write(&buf); err != nil {
		t.Fatalf("FromStd(%#v) = %q, but net/http does not write the request: %v", s, u.Href(), err)
	}
	written := buf.String()
	line, rest, _ := strings.Cut(written, "\r\n")
	hostLine, _, _ := strings.Cut(rest, "\r\n")
	parts := strings.Split(line, " ")
	if len(parts) != 3 || parts[0] != "GET" || parts[2] != "HTTP/1.1" || parts[1] == "" || !visibleASCII(parts[1]) {
		t.Fatalf("FromStd(%#v) = %q, but net/http writes the request line %q", s, u.Href(), line)
	}
	target := parts[1]
	host, ok := strings.CutPrefix(hostLine, "Host: ")
	if !ok || !visibleASCII(host) || host == "" {
		t.Fatalf("FromStd(%#v) = %q, but net/http writes the Host header line %q", s, u.Href(), hostLine)
	}
	// net/http's server reads the request-target and Host as written; for
	// a request-target in the absolute-form ("http://h/p"), the host is the
	// target's (RFC 9112, section 3.2.2), whatever the Host header says.
	wantHost := host
	if !strings.HasPrefix(target, "/") {
		if t, err := stdurl.Parse(target); err == nil && t.Host != "" {
			wantHost = t.Host
		}
	}
	if r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(written))); err == nil {
		if r.RequestURI != target || r.Host != wantHost {
			t.Fatalf("FromStd(%#v) = %q: net/http writes %q, its server reads the request-target %q and Host %q", s, u.Href(), written, r.RequestURI, r.Host)
		}
	} else if strings.HasPrefix(target, "/") {
		t.Fatalf("FromStd(%#v) = %q: net/http writes %q, which its server refuses: %v", s, u.Href(), written, err)
	}
	// This package reads them as u's path, query, host and port.
	v, err := readRequestTarget(u.Scheme(), host, target)
	if err != nil {
		t.Fatalf("FromStd(%#v) = %q: net/http sends %q with Host %q, which does not parse: %v", s, u.Href(), target, host, err)
	}
	vq, vHasQuery := v.Query()
	q, hasQuery := u.Query()
	switch {
	case v.Scheme() != u.Scheme(), v.Hostname() != u.Hostname(), v.Port() != u.Port(),
		// An empty path is sent as "/" (RFC 9110, section 4.2.3).
		v.Pathname() != u.Pathname() && !(u.Pathname() == "" && v.Pathname() == "/"),
		vq != q, vHasQuery != hasQuery:
		t.Fatalf("FromStd(%#v) = %q, but net/http sends %q with Host %q, which reads as %q", s, u.Href(), target, host, v.Href())
	}
}

// TestFromStdWire is the report of issue 9: a query with a raw space, which
// net/http wrote as the request line "GET /? 0 HTTP/1.1".
func TestFromStdWire(t *testing.T) {
	for _, s := range []*stdurl.URL{
		{Scheme: "http", Host: "example.com", Path: "/", RawQuery: " 0"},
		{Scheme: "http", Host: "example.com", Path: "/", RawQuery: "a\x7fb"},
		{Scheme: "http", Host: "example.com", Path: "/", RawQuery: "q=é"},
		{Scheme: "ws", Host: "example.com", Path: "/", RawQuery: "a b"},
	} {
		if u, err := FromStd(s); err == nil {
			t.Errorf("FromStd(%#v) = %q, want a *ConversionError", s, u.Href())
		} else {
			var ce *ConversionError
			if !errors.As(err, &ce) {
				t.Errorf("FromStd(%#v): %v, want a *ConversionError", s, err)
			}
			t.Log(err)
		}
		checkFromStdWire(t, s)
	}
}

// wireAtoms are the pieces TestFromStdWireRandom builds the fields of
// net/url URLs from: what a request-target or Host header may not hold,
// what net/url and this package read differently, and ordinary text.
var wireAtoms = []string{
	"a", "b", "0", "1", "example.com", "EXAMPLE.com", "xn--bcher-kva", "bücher", "BÜCHER", "ß",
	"/", "//", "?", "#", "@", ":", ";", "=", "&", "+", ".", "..", "*", "!", "$", "'", "(", ")", ",", "~",
	" ", "\t", "\r\n", "\n", "\x00", "\x1f", "\x7f", "\x80", "\xff", "é", "\u00a0", "\u3000", "\u2028",
	"%", "%20", "%2F", "%2f", "%00", "%zz", "%25", "%23", "%3F", "%C3%A9", "%E2%80%A8",
	"[", "]", "[::1]", "[fe80::1%25eth0]", ":80", ":8080", ":0", ":", "\\", "|", "\"", "<", ">", "{", "}", "^", "`",
	"127.0.0.1", "0x7f.1",
}

// randomWireURL returns a net/url URL whose fields are made of wireAtoms.
func randomWireURL(r *rand.Rand) *stdurl.URL {
	field := func(p float64) string {
		if r.Float64() >= p {
			return ""
		}
		var b strings.Builder
		for range 1 + r.IntN(4) {
			b.WriteString(wireAtoms[r.IntN(len(wireAtoms))])
		}
		return b.String()
	}
	schemes := []string{"http", "https", "HTTP", "ws", "wss", "sc", "file", "mailto"}
	s := &stdurl.URL{
		Scheme:     schemes[r.IntN(len(schemes))],
		Host:       field(0.9),
		Path:       "/" + field(0.7),
		RawPath:    field(0.1),
		RawQuery:   field(0.7),
		Fragment:   field(0.2),
		ForceQuery: r.IntN(4) == 0,
		OmitHost:   r.IntN(8) == 0,
	}
	if r.IntN(6) == 0 {
		s.Opaque = field(1)
	}
	if r.IntN(8) == 0 {
		s.Path = field(1) // also without a leading "/"
	}
	if r.IntN(8) == 0 {
		s.User = stdurl.UserPassword(field(1), field(0.5))
	}
	return s
}

// TestFromStdWireRandom holds checkFromStdWire on net/url URLs built from
// random fields.
func TestFromStdWireRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 2))
	n := 30000
	if testing.Short() {
		n = 3000
	}
	accepted := 0
	for range n {
		s := randomWireURL(r)
		if _, err := FromStd(s); err == nil {
			accepted++
		}
		checkFromStdWire(t, s)
	}
	t.Logf("FromStd accepted %d of %d random URLs", accepted, n)
	if accepted < n/50 {
		t.Errorf("FromStd accepted %d of %d random URLs: too few to test anything", accepted, n)
	}
}

// FuzzFromStdWire holds checkFromStdWire on net/url URLs built from fuzzed
// fields.
func FuzzFromStdWire(f *testing.F) {
	f.Add("http", "", "example.com", "/", "", " 0", "", uint8(0))
	f.Add("https", "u:p", "EXAMPLE.com:443", "/a b", "", "q=a b'c", "", uint8(0))
	f.Add("http", "", "bücher.example", "/", "", "", "", uint8(0))
	f.Add("http", "", "BÜCHER.example", "/", "", "", "", uint8(0))
	f.Add("sc", "", "h%C3%A9", "/p", "", "", "", uint8(0))
	f.Add("mailto", "", "", "", "", "", "a b@example.com", uint8(0))
	f.Add("wss", "", "example.com", "/a", "", "b c", "", uint8(0))
	f.Add("http", "", "example.com", "", "", "", "//example.com/x", uint8(0))
	f.Add("sc", "", "", "/p", "", "", "", uint8(2))
	// An Opaque "//host" is sent as an absolute-form target, whose host
	// the server takes over the Host header's.
	f.Add("http", "", "eXAmple.COm", "", "", "", "//eXAmple.Com", uint8(2))
	f.Add("http", "", "good.example", "", "", "", "//evil.example/x", uint8(0))
	f.Fuzz(func(t *testing.T, scheme, user, host, path, rawPath, rawQuery, opaque string, flags uint8) {
		s := &stdurl.URL{
			Scheme: scheme, Opaque: opaque, Host: host, Path: path, RawPath: rawPath, RawQuery: rawQuery,
			ForceQuery: flags&1 != 0, OmitHost: flags&2 != 0,
		}
		if username, password, ok := strings.Cut(user, ":"); ok {
			s.User = stdurl.UserPassword(username, password)
		} else if user != "" {
			s.User = stdurl.User(user)
		}
		checkFromStdWire(t, s)
	})
}
