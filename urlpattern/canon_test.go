package urlpattern

import (
	"errors"
	"testing"
)

// TestCanonicalize checks each encoding callback on the cases where it
// runs the URL parser with a state override on the dummy URL, through
// package url's setters or internal/urlhook: what the parser writes, and
// where it returns failure (an ErrCanonicalize).
func TestCanonicalize(t *testing.T) {
	cases := []struct {
		name     string
		callback encodingCallback
		in, want string // want "!" for a failure
	}{
		{"protocol", canonicalizeProtocol, "HTTPS", "https"},
		{"protocol", canonicalizeProtocol, "git+ssh", "git+ssh"},
		{"protocol", canonicalizeProtocol, "1http", "!"},
		{"protocol", canonicalizeProtocol, "ht tp", "!"},
		// The basic URL parser without a url trims leading and trailing C0
		// control or space.
		{"protocol", canonicalizeProtocol, " http", "http"},
		{"username", canonicalizeUsername, "a b:c@", "a%20b%3Ac%40"},
		{"password", canonicalizePassword, "p@ss/", "p%40ss%2F"},
		{"hostname", canonicalizeHostname, "EXAMPLE.com", "example.com"},
		{"hostname", canonicalizeHostname, "bücher.example", "xn--bcher-kva.example"},
		{"hostname", canonicalizeHostname, "0x7f.1", "127.0.0.1"},
		// The hostname state ends the host at "/", "?" and "#" and returns.
		{"hostname", canonicalizeHostname, "example.com/path", "example.com"},
		// With hostname state as state override, ":" is failure.
		{"hostname", canonicalizeHostname, "example.com:8080", "!"},
		{"hostname", canonicalizeHostname, "exa mple", "!"},
		{"hostname", canonicalizeHostname, "/x", "!"},
		{"ipv6", canonicalizeIPv6Hostname, "[::AB]", "[::ab]"},
		{"ipv6", canonicalizeIPv6Hostname, "[::g]", "!"},
		// Without a protocol, no port is a default port.
		{"port", canonicalizePort, "443", "443"},
		{"port", canonicalizePort, "80", "80"},
		{"port", canonicalizePort, "8080abc", "8080"},
		{"port", canonicalizePort, "abc", "!"},
		{"port", canonicalizePort, "65536", "!"},
		{"pathname", canonicalizePathname, "/a/./b/../c d", "/a/c%20d"},
		{"pathname", canonicalizePathname, "a b", "a%20b"},
		{"pathname", canonicalizePathname, "./x", "./x"},
		{"pathname", canonicalizePathname, "../..", ""},
		// With a state override, "?" and "#" are part of the path.
		{"pathname", canonicalizePathname, "/a?b#c", "/a%3Fb%23c"},
		{"opaque", canonicalizeOpaquePathname, "a b/../c", "a b/../c"},
		{"opaque", canonicalizeOpaquePathname, "a\u00e9", "a%C3%A9"},
		// The opaque path state starts the query at "?": the path ends there.
		{"opaque", canonicalizeOpaquePathname, "a?b", "a"},
		{"opaque", canonicalizeOpaquePathname, "a #b", "a%20"},
		{"search", canonicalizeSearch, "a b'", "a%20b%27"},
		{"search", canonicalizeSearch, "?a", "?a"},
		{"search", canonicalizeSearch, "a#b", "a%23b"},
		{"hash", canonicalizeHash, "a b`", "a%20b%60"},
		{"hash", canonicalizeHash, "#a", "#a"},
		{"hash", canonicalizeHash, "\t", ""},
	}
	for _, c := range cases {
		got, err := c.callback(c.in)
		if c.want == "!" {
			if !errors.Is(err, ErrCanonicalize) {
				t.Errorf("canonicalize %s %q = %q, %v; want an ErrCanonicalize", c.name, c.in, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("canonicalize %s %q = %q, %v; want %q", c.name, c.in, got, err, c.want)
		}
	}
	// With a protocol, its default port is the empty string.
	for _, c := range []struct{ port, protocol, want string }{
		{"443", "https", ""}, {"443", "http", "443"}, {"80", "ws", ""}, {"21", "ftp", ""},
		{"80", "", "80"}, {"80", "foo", "80"},
	} {
		if got, err := canonicalizePortFor(c.port, c.protocol, true); err != nil || got != c.want {
			t.Errorf("canonicalize port %q for %q = %q, %v; want %q", c.port, c.protocol, got, err, c.want)
		}
	}
}
