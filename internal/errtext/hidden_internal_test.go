package errtext

import (
	"testing"
	"unicode/utf8"
)

// TestHiddenBMP holds the bitmap Hidden reads below U+10000 to the ranges
// it is built from, for every code point.
func TestHiddenBMP(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		want := false
		for _, rg := range hiddenRanges {
			if rg[0] <= r && r <= rg[1] {
				want = true
				break
			}
		}
		if Hidden(r) != want {
			t.Fatalf("Hidden(U+%04X) = %v, want %v", r, !want, want)
		}
	}
}
