package urlpattern

import (
	"strings"
	"testing"

	"github.com/webstd/url"
)

// TestHierarchicalPathname checks the choice documented at
// canonicalizeHierarchicalPathname (https://github.com/whatwg/urlpattern/issues/267):
// a pathname that starts with "/" under a scheme that is not special is
// read with the path state, so that the pattern of a URL matches it. The
// pattern strings are those Node 24 (ada) gives, but for "//a", where Node
// gives "" and Chromium and Deno "//a".
func TestHierarchicalPathname(t *testing.T) {
	for _, c := range []struct{ pattern, pathname, input string }{
		{"foo://h/a<b", "/a%3Cb", "foo://h/a<b"},
		{"foo://h/a b", "/a%20b", "foo://h/a b"},
		{"foo://h/a%3Cb", "/a%3Cb", "foo://h/a<b"},
		{"foo://h/z/../a", "/a", "foo://h/a"},
		{`foo://h/a"b`, "/a%22b", `foo://h/a"b`},
		{"foo://h/a^b", "/a%5Eb", "foo://h/a^b"},
		{"foo://h/./a", "/a", "foo://h/a"},
		{`foo://h/a\\b`, `/a\\b`, `foo://h/a\b`}, // "\" is no separator here
		{"foo://h//a", "//a", "foo://h//a"},
	} {
		p, err := Parse(c.pattern)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if p.Pathname() != c.pathname || !p.Test(c.input) {
			t.Errorf("%q: pathname %q, Test(%q) %v; want %q, true", c.pattern, p.Pathname(), c.input, p.Test(c.input), c.pathname)
		}
	}
	// An init, as a pattern and as the input.
	for _, c := range []struct{ pathname, want string }{
		{"/z/../a b", "/a%20b"},
		{"a<b", "a<b"}, // no leading "/": an opaque path, as before
	} {
		p, err := New(Init{Protocol: new("foo"), Pathname: new(c.pathname)})
		if err != nil || p.Pathname() != c.want {
			t.Errorf("New(pathname %q) = %v, %v; want pathname %q", c.pathname, p, err, c.want)
			continue
		}
		if !p.TestInit(Init{Protocol: new("foo"), Pathname: new(c.pathname)}) {
			t.Errorf("pathname %q does not match itself as an init", c.pathname)
		}
	}
	// The groups still span "/": the options of a scheme that is not
	// special have no delimiter, as in the standard and in Node.
	r := MustParse("myproto://h/:dir/:file").Exec("myproto://h/a/b/c")
	if r == nil || r.Pathname.Groups["dir"].Value != "a" || r.Pathname.Groups["file"].Value != "b/c" {
		t.Errorf("myproto://h/:dir/:file on /a/b/c: %+v", r)
	}
}

// TestHierarchicalPathnameReadsBack checks the property the choice
// restores: for a URL whose scheme is not special, with a host, the pattern
// of its protocol, hostname and the raw text of its path (escaped as
// pattern syntax) matches it, whatever the path holds.
func TestHierarchicalPathnameReadsBack(t *testing.T) {
	var paths []string
	for c := 0x20; c < 0x7F; c++ {
		paths = append(paths, "/a"+string(rune(c))+"b", "/"+string(rune(c)), "/x/"+string(rune(c))+"/y")
	}
	paths = append(paths, "/caf\u00e9", "/a/../b", "/a/./b", "/%2e%2E/x", "/a%zz", "//x", "/a\tb", "/\u202e")
	for _, path := range paths {
		input := "foo://h" + path
		u, err := url.Parse(input)
		if err != nil || u.HasOpaquePath() {
			continue
		}
		// The path up to a "?" or "#", which end it, without the C0
		// controls and spaces the parser trims from the end of an input.
		raw := strings.TrimRight(path, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
		for i := range len(raw) {
			if raw[i] == '?' || raw[i] == '#' {
				raw = raw[:i]
				break
			}
		}
		p, err := New(Init{Protocol: new("foo"), Hostname: new("h"), Pathname: new(escapePatternString(raw))})
		if err != nil {
			t.Errorf("%q: %v", raw, err)
			continue
		}
		if !p.TestURL(u) {
			t.Errorf("the pattern of %q (pathname %q) does not match it (pathname %q)", input, p.Pathname(), u.Pathname())
		}
	}
}
