package url

import (
	"bufio"
	"bytes"
	"errors"
	"math/rand/v2"
	"net/http"
	stdurl "net/url"
	"strings"
	"testing"
)

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
	// net/http's server reads the request-target and Host as written.
	if r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(written))); err == nil {
		if r.RequestURI != target || r.Host != host {
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
