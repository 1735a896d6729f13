package errtext

import (
	"math/rand/v2"
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

// TestMayStop checks that stopBits misses no byte needsEscape stops at, in
// any position of a word of bytes it does not stop at, and finds none in a
// word of only those.
func TestMayStop(t *testing.T) {
	for _, mode := range []escapeMode{escapeText, escapeQuoted, escapeMessage} {
		special := escapeSpecials[mode]
		for _, fill := range []byte{'a', ' ', '~', '"', '\\'} {
			if escapeBytes[fill]&escapeStops[mode] != 0 {
				continue
			}
			plain := uint64(fill) * 0x0101010101010101
			if stopBits(plain, special) != 0 {
				t.Errorf("mode %d: stopBits of eight %q", mode, fill)
			}
			for b := 0; b < 256; b++ {
				for pos := range 8 {
					w := plain&^(0xff<<(8*pos)) | uint64(b)<<(8*pos)
					if escapeBytes[b]&escapeStops[mode] != 0 && stopBits(w, special) == 0 {
						t.Fatalf("mode %d: stopBits misses byte %#x at %d among %q", mode, b, pos, fill)
					}
				}
			}
		}
	}
}

// TestMayStopRandom checks stopBits on words of random bytes, drawn mostly
// from the ones a stop borrows or carries around (controls, DEL, the
// specials, the bytes next to them), where several stops share a word: a
// word with a byte needsEscape stops at has a stop bit.
func TestMayStopRandom(t *testing.T) {
	pool := []byte{0, 1, 0x1f, 0x20, 0x21, '"', '#', '[', '\\', ']', 'a', 0x7e, 0x7f, 0x80, 0x9f, 0xa0, 0xfe, 0xff}
	r := rand.New(rand.NewPCG(1, 2))
	for _, mode := range []escapeMode{escapeText, escapeQuoted, escapeMessage} {
		special := escapeSpecials[mode]
		for range 200000 {
			var w uint64
			stops := false
			for pos := range 8 {
				b := pool[r.IntN(len(pool))]
				if r.IntN(4) == 0 {
					b = byte(r.IntN(256))
				}
				stops = stops || escapeBytes[b]&escapeStops[mode] != 0
				w |= uint64(b) << (8 * pos)
			}
			if stops && stopBits(w, special) == 0 {
				t.Fatalf("mode %d: stopBits(%#016x) = 0", mode, w)
			}
		}
	}
}
