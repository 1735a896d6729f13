package url

import "testing"

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
