package url

import (
	"errors"
	stdurl "net/url"
	"sort"
	"strings"
	"testing"
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
			reasons = append(reasons, c+": "+itoa(n))
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
		{"sc:/.//p", "path"},
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
			if ce.Component != tt.component || ce.Op != "ToStd" || ce.URL != u.Href() {
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
	if !strings.Contains(stdErr.Error(), "pass@") || err.Error() != `url: parse "https://user:xxxxx@[::1/": IPv6-unclosed` {
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
