package url

import (
	"errors"
	"strings"
	"testing"
)

// TestNoAllocs holds the design's allocation budget: a parse of a URL already
// in serialized form allocates nothing, and the getters allocate nothing.
func TestNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	normalized := []string{
		"https://example.com/",
		"https://user:pass@example.com:8080/a/b/c?q=1&r=2#frag",
		"http://127.0.0.1/x",
		"http://[::1]:8080/",
		"file:///home/user/file.txt",
		"mailto:someone@example.com",
		"sc://opaque.host/path",
		"https://example.com/%E2%82%AC?%20#%20",
	}
	for _, s := range normalized {
		if n := testing.AllocsPerRun(100, func() { MustParse(s) }); n != 0 {
			t.Errorf("Parse(%q): %v allocations, want 0", s, n)
		}
		u := MustParse(s)
		if u.Href() != s {
			t.Fatalf("%q is not in serialized form: %q", s, u.Href())
		}
		for name, get := range getters {
			if n := testing.AllocsPerRun(100, func() { _ = get(u) }); n != 0 {
				t.Errorf("%s getter on %q: %v allocations, want 0", name, s, n)
			}
		}
		if n := testing.AllocsPerRun(100, func() { _ = u.Origin().String() }); n != 0 && !u.hasCredentials() {
			t.Errorf("origin of %q: %v allocations, want 0", s, n)
		}
	}
	// Any other parse allocates the serialization and nothing else.
	for _, s := range []string{"HTTP://EXAMPLE.com/a/../b?x y#z", "https://example.com"} {
		if n := testing.AllocsPerRun(100, func() { MustParse(s) }); n > 1 {
			t.Errorf("Parse(%q): %v allocations, want at most 1", s, n)
		}
	}
}

// TestParseFailureAllocatesNothingWhenOnlyTested holds Parse to what its
// comment promises: Parse is inlined, so that the ParseError of a failure
// that the caller only tests against nil stays on the caller's stack, as
// it does in a crawler that skips what does not parse. An error the caller
// keeps is allocated once, and is the same error. (An input with a password
// allocates its redacted copy too, either way.)
func TestParseFailureAllocatesNothingWhenOnlyTested(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	failures := []struct {
		input    string
		redacted float64 // the allocations of the redaction
	}{
		{`"http://example.com/"`, 0},               // fails at its first byte
		{"https://exa mple.com/", 0},               // fails in the host, after the fast path declined
		{"/relative/path", 0},                      // fails for want of a base
		{"https://user:secret@[::1/", 1},           // the redacted copy, and nothing else
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:", 0}, // too long (below)
	}
	withMaxHrefLength(t, 32, func() {
		var failed int
		for _, f := range failures {
			if n := testing.AllocsPerRun(100, func() {
				if _, err := Parse(f.input); err != nil {
					failed++
				}
			}); n != f.redacted {
				t.Errorf("Parse(%q), its error only tested: %v allocations, want %v", f.input, n, f.redacted)
			}
			var kept error
			if n := testing.AllocsPerRun(100, func() { _, kept = Parse(f.input) }); n != f.redacted+1 {
				t.Errorf("Parse(%q), its error kept: %v allocations, want %v", f.input, n, f.redacted+1)
			}
			var pe *ParseError
			if !errors.As(kept, &pe) || pe.Base || strings.Contains(pe.Input, "secret") {
				t.Errorf("Parse(%q): error %#v", f.input, kept)
			}
		}
		if failed != 101*len(failures) {
			t.Fatalf("%d of %d parses failed", failed, 101*len(failures))
		}
	})
}
