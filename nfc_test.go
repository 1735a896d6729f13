package url

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// TestNFCAgainstXText compares nfc with golang.org/x/text/unicode/norm
// (Unicode 15.0.0) on random strings of letters and marks of blocks that
// were complete before Unicode 16: by Unicode's normalization stability
// policy, NFC of such a string is the same in every later version. The
// strings hold no code point that UTS #46 maps or ignores, as nfc's do. It
// holds the generated decompositions, combining classes and composition
// exclusions, and the reordering and composition of nfc.go, to an
// independent implementation.
func TestNFCAgainstXText(t *testing.T) {
	blocks := [][2]rune{
		{0x0041, 0x024F}, {0x0300, 0x036F}, {0x0370, 0x03FF}, {0x0400, 0x04FF},
		{0x0590, 0x05FF}, {0x0600, 0x06FF}, {0x0900, 0x097F}, {0x0980, 0x09FF},
		{0x0B00, 0x0B7F}, {0x0B80, 0x0BFF}, {0x0C00, 0x0C7F}, {0x0D00, 0x0D7F},
		{0x0F00, 0x0FFF}, {0x1000, 0x109F}, {0x1100, 0x11FF}, {0x1B00, 0x1B7F},
		{0x1E00, 0x1FFF}, {0x2000, 0x22FF}, {0x3040, 0x30FF}, {0xAC00, 0xD7A3},
		{0xF900, 0xFAFF}, {0xFB1D, 0xFB4F}, {0x110B0, 0x110CF}, {0x11100, 0x1114F},
		{0x11300, 0x1137F}, {0x114B0, 0x114DF}, {0x115B0, 0x115FF}, {0x1D15E, 0x1D1C0},
		{0x2F800, 0x2FA1F},
	}
	var pool []rune
	for _, b := range blocks {
		for r := b[0]; r <= b[1]; r++ {
			// nfc is NFC for what UTS #46 normalizes: strings mapped
			// already, where no code point is mapped or ignored.
			if st := idnaProps(r) & idnaStatusMask; st == idnaStatusMapped || st == idnaStatusIgnored {
				continue
			}
			if unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.S) {
				pool = append(pool, r)
			}
		}
	}
	// Marks often, so that reordering and blocking happen.
	var marks []rune
	for _, r := range pool {
		if unicode.Is(unicode.M, r) {
			marks = append(marks, r)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	bad := 0
	for range 200000 {
		var b strings.Builder
		for range 1 + rng.IntN(8) {
			if rng.IntN(3) == 0 {
				b.WriteRune(marks[rng.IntN(len(marks))])
			} else {
				b.WriteRune(pool[rng.IntN(len(pool))])
			}
		}
		s := b.String()
		if got, want := nfc(s), norm.NFC.String(s); got != want {
			if bad++; bad < 20 {
				t.Errorf("nfc(%+q) = %+q; x/text: %+q", s, got, want)
			}
		}
		if got, want := isNFC(s), norm.NFC.IsNormalString(s); got != want {
			if bad++; bad < 20 {
				t.Errorf("isNFC(%+q) = %v; x/text: %v", s, got, want)
			}
		}
	}
}
