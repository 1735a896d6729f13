package urlpattern

import (
	"testing"

	"github.com/webstd/url"
)

// TestAllocs holds the allocation counts of matching: Test and TestURL
// allocate nothing, whether the pattern is matched directly or by a regular
// expression (whose matching state is pooled), on a URL already in
// serialized form (which url.Parse keeps as it is).
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	for _, c := range benchPatterns {
		p := MustParse(c.pattern)
		u := url.MustParse(c.input)
		p.Test(c.input) // fill the pools
		if n := testing.AllocsPerRun(100, func() { sinkBool = p.Test(c.input) }); n != 0 {
			t.Errorf("%s: Test allocates %v times, want 0", c.name, n)
		}
		if n := testing.AllocsPerRun(100, func() { sinkBool = p.TestURL(u) }); n != 0 {
			t.Errorf("%s: TestURL allocates %v times, want 0", c.name, n)
		}
	}
}
