package url

import (
	"errors"
	"math"
	"runtime"
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

// TestParseLongInputMemory holds a parse of a long input that the fast path
// does not take to the memory its serialization needs: the bytes it
// allocates in all, runtime.MemStats.TotalAlloc around one parse, are about
// one serialization (the buffer the parser writes, which becomes the href),
// two when the input has a tab to remove first. The parser once reserved
// half as much again as the input and then copied the buffer into the
// href: 1.5 times the input for a serialization equal to it, 2.5 times for
// one that is not, 5 or more when a short reference grows its base's
// serialization by appending. Each case takes the smallest of three runs,
// after a GC, so that allocation elsewhere in the process cannot add to
// it; the bound, a quarter of the input above the budget, is 8 MiB away
// from the old costs and from what noise could add.
func TestParseLongInputMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	long := strings.Repeat("a", 32<<20)
	base := MustParse("https://example.com/" + long) // already serialized: no allocation
	parse := func(input string) func() (URL, error) { return func() (URL, error) { return Parse(input) } }
	cases := []struct {
		name  string
		parse func() (URL, error) // with its input made beforehand
		size  int                 // the bytes the budget is counted in: the input's, and the base's
		want  string              // the serialization
		limit float64             // the budget, in sizes
	}{
		{"serialized already", parse("sc:" + long + " x"), // an opaque path with a space: not the fast path's
			0, "sc:" + long + " x", 1},
		{"resumed after the fast path", parse("https://example.com/" + long + "/a b"),
			0, "https://example.com/" + long + "/a%20b", 1},
		{"uppercase scheme", parse("HTTPS://example.com/" + long),
			0, "https://example.com/" + long, 1},
		{"query to encode", parse("https://example.com/?" + long + "<"),
			0, "https://example.com/?" + long + "%3C", 1},
		{"tab removed", parse("https://example.com/\t" + long),
			0, "https://example.com/" + long, 2},
		{"relative to a long base", func() (URL, error) { return base.Parse("?q") },
			len(base.Href()) + len("?q"), base.Href() + "?q", 1},
	}
	for _, c := range cases {
		size := c.size
		if size == 0 {
			size = len(c.want)
		}
		best := uint64(math.MaxUint64)
		for range 3 {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			u, err := c.parse()
			runtime.ReadMemStats(&after)
			if err != nil || u.Href() != c.want {
				t.Fatalf("%s: %v, an href of %d bytes, want %d", c.name, err, len(u.Href()), len(c.want))
			}
			best = min(best, after.TotalAlloc-before.TotalAlloc)
		}
		if got := float64(best) / float64(size); got > c.limit+0.25 {
			t.Errorf("%s: a parse allocates %.2f times the %d bytes of its input, want at most %.2f", c.name, got, size, c.limit+0.25)
		} else {
			t.Logf("%s: %.3f times the input", c.name, got)
		}
	}
}
