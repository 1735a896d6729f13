package url

import (
	"strings"
	"testing"
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
	ratio := parseRatio(small, large, 5)
	for attempt := 1; attempt < 3 && ratio > 1000; attempt++ {
		ratio = min(ratio, parseRatio(small, large, 5))
	}
	t.Logf("a 200 KB label takes %.0f times as long as a 2 KB one (linear: 100)", ratio)
	if ratio > 1000 {
		t.Errorf("a 200 KB label takes %.0f times as long as a 2 KB one; want at most 1000 (linear: 100)", ratio)
	}
}
