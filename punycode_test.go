package url

import (
	"strings"
	"testing"

	"github.com/webstd/url/internal/threadtime"
)

// TestLongLabelLinear parses domains with one long label of many distinct
// code points, which x/net/idna's encoder takes quadratic time on, and fails
// when 100 times the length takes more than 1,000 times as long (linear
// time: 100; quadratic: 10,000). Times are the thread's CPU time, the
// shortest of five rounds (parseRatio, as TestLinearTime measures), so
// that other work on a shared machine does not count.
func TestLongLabelLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("times are not meaningful under the race detector, which slows code down unevenly")
	}
	label := func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			b.WriteRune(0x4E00 + rune(i%0x5000)) // CJK Unified Ideographs, all distinct up to 60 KB
		}
		return b.String()
	}
	small, large := "https://"+label(2_000)+"/", "https://"+label(200_000)+"/"
	for _, in := range []string{small, large} {
		if _, err := Parse(in); err != nil {
			t.Fatalf("a label of %d bytes does not parse: %v", len(in), err)
		}
	}
	threadtime.Linear(t, func() float64 { return parseRatio(small, large, 5) }, 1000, 100)
}
