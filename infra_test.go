package url

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAppendLower checks appendLower, which lowercases eight bytes at a
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
					if got := appendLower([]byte("dst"), string(s)); string(got) != string(want) {
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

// TestScanClass checks scanClass, which reads eight and four bytes a step,
// against a byte at a time: for every length up to 20, a byte of the mask
// at every position, the index and the union of the classes before it.
func TestScanClass(t *testing.T) {
	masks := []class{endsComponent | atSign, pathRunEnd | dotSegmentStart, classUpper, 0}
	for n := 0; n <= 20; n++ {
		for _, mask := range masks {
			for at := -1; at < n; at++ {
				b := []byte(strings.Repeat("a1-", 7)[:n])
				if at >= 0 {
					b[at] = '/'
					if mask&endsComponent == 0 {
						b[at] = '.'
					}
					if mask == classUpper {
						b[at] = 'Q'
					}
				}
				s := string(b)
				wantN, wantSeen := len(s), class(0)
				for i := 0; i < len(s); i++ {
					if byteClass[s[i]]&mask != 0 {
						wantN = i
						break
					}
					wantSeen |= byteClass[s[i]]
				}
				if gotN, gotSeen := scanClass(s, mask); gotN != wantN || gotSeen != wantSeen {
					t.Fatalf("scanClass(%q, %x) = %d, %x, want %d, %x", s, mask, gotN, gotSeen, wantN, wantSeen)
				}
			}
		}
	}
}

// TestRunSpan holds run.span, which reads eight bytes a step and finds the
// end of a run with no branch a byte, to a loop that reads one byte at a
// time: on random strings of every length up to 40, made of bytes that end
// the run and bytes that do not, from every start.
func TestRunSpan(t *testing.T) {
	runs := map[string]*run{"domain": domainRun, "opaque host": opaqueHostRun, "path": pathRun,
		"query": queryRun, "special query": specialQueryRun, "fragment": fragmentRun}
	rng := rand.New(rand.NewPCG(1, 2))
	for name, r := range runs {
		var stops, takes []byte
		for b := range 256 {
			if byteClass[b]&r.stop != 0 {
				stops = append(stops, byte(b))
			} else {
				takes = append(takes, byte(b))
			}
		}
		for range 2000 {
			buf := make([]byte, rng.IntN(41))
			for j := range buf {
				if rng.IntN(12) == 0 {
					buf[j] = stops[rng.IntN(len(stops))]
				} else {
					buf[j] = takes[rng.IntN(len(takes))]
				}
			}
			s := string(buf)
			for i := 0; i <= len(s); i++ {
				want := i
				for want < len(s) && byteClass[s[want]]&r.stop == 0 {
					want++
				}
				if got := r.span(s, i); got != want {
					t.Fatalf("%s run: span(%q, %d) = %d, want %d", name, s, i, got, want)
				}
			}
		}
	}
}
