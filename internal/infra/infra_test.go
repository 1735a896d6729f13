package infra

import (
	"strconv"
	"strings"
	"testing"
)

// TestAppendLower checks AppendLower, which lowercases eight bytes at a
// time, against lowering byte by byte: every byte value at every position
// of strings up to 20 bytes long, after a dst with bytes in it.
func TestAppendLower(t *testing.T) {
	for n := 0; n <= 20; n++ {
		for _, fill := range []byte{'a', 'Z', '@', '[', 0x80 | 'A', 0xFF} {
			s := []byte(strings.Repeat(string([]byte{fill}), n))
			for at := range max(n, 1) {
				for b := range 256 {
					if n > 0 {
						s[at] = byte(b)
					}
					want := []byte("dst")
					for _, c := range s {
						if 'A' <= c && c <= 'Z' {
							c += 'a' - 'A'
						}
						want = append(want, c)
					}
					if got := AppendLower([]byte("dst"), string(s)); string(got) != string(want) {
						t.Fatalf("appendLower(%q) = %q, want %q", s, got, want)
					}
				}
				if n > 0 {
					s[at] = fill
				}
			}
		}
	}
}

// TestIndexClass checks IndexClass, which reads eight and four bytes a step,
// against a byte at a time: for every length up to 20, a byte of the mask
// at every position.
func TestIndexClass(t *testing.T) {
	masks := []Class{EndsComponent | AtSign, PathRunEnd | DotSegmentStart, ClassUpper, 0}
	for n := 0; n <= 20; n++ {
		for _, mask := range masks {
			for at := -1; at < n; at++ {
				b := []byte(strings.Repeat("a1-", 7)[:n])
				if at >= 0 {
					b[at] = '/'
					if mask&EndsComponent == 0 {
						b[at] = '.'
					}
					if mask == ClassUpper {
						b[at] = 'Q'
					}
				}
				s := string(b)
				want := len(s)
				for i := 0; i < len(s); i++ {
					if ByteClass[s[i]]&mask != 0 {
						want = i
						break
					}
				}
				if got := IndexClass(s, mask); got != want {
					t.Fatalf("IndexClass(%q, %x) = %d, want %d", s, mask, got, want)
				}
			}
		}
	}
}

// TestIsScheme checks IsScheme against the scheme start and scheme states'
// reading: an ASCII alpha first, then alphanumerics, "+", "-" and ".".
func TestIsScheme(t *testing.T) {
	for s, want := range map[string]bool{
		"https": true, "a": true, "A+b-c.d9": true, "web+app": true,
		"": false, "1a": false, "+a": false, "a b": false, "a:": false, "é": false, "a_b": false,
	} {
		if got := IsScheme(s); got != want {
			t.Errorf("IsScheme(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestNextNonURLUnit checks NextNonURLUnit on each kind of code point: URL
// code points and percent-encoded bytes pass, the rest stop it.
func TestNextNonURLUnit(t *testing.T) {
	for _, tc := range []struct {
		s     string
		i     int
		at, n int
	}{
		{"", 0, 0, 0},
		{"abc/?x%41", 0, 9, 0},
		{"a#b", 0, 1, 1}, // "#" is no URL code point
		{"a b", 0, 1, 1},
		{"a%4", 0, 1, 1},
		{"a%4g", 0, 1, 1},
		{"%41%zz", 0, 3, 1},
		{"aé\u00a0", 0, 5, 0},      // U+00A0 and above are URL code points
		{"a\u0085b", 0, 1, 2},      // a C1 control is not
		{"a\ufdd0b", 0, 1, 3},      // nor a noncharacter
		{"a\xf0\x90\x80", 0, 4, 0}, // an invalid sequence reads as U+FFFD
		{"a\"b\"", 2, 3, 1},
	} {
		if at, n := NextNonURLUnit(tc.s, tc.i); at != tc.at || n != tc.n {
			t.Errorf("NextNonURLUnit(%q, %d) = %d, %d; want %d, %d", tc.s, tc.i, at, n, tc.at, tc.n)
		}
	}
}

// TestPercentDecodedByte checks PercentDecodedByte on every pair of ASCII
// hex digits, in either case, against strconv's reading of them.
func TestPercentDecodedByte(t *testing.T) {
	const digits = "0123456789abcdefABCDEF"
	for i := 0; i < len(digits); i++ {
		for j := 0; j < len(digits); j++ {
			want, _ := strconv.ParseUint(digits[i:i+1]+digits[j:j+1], 16, 8)
			if got := PercentDecodedByte(digits[i], digits[j]); got != byte(want) {
				t.Fatalf("PercentDecodedByte(%q, %q) = %#x, want %#x", digits[i], digits[j], got, want)
			}
		}
	}
}
