package url

import (
	"math/rand/v2"
	"testing"

	"github.com/webstd/url/internal/infra"
)

// TestRunSpan holds Run.Span, which reads eight bytes a step and finds the
// end of a run with no branch a byte, to a loop that reads one byte at a
// time: on random strings of every length up to 40, made of bytes that end
// the run and bytes that do not, from every start.
func TestRunSpan(t *testing.T) {
	runs := map[string]*infra.Run{"path": pathRun,
		"query": queryRun, "special query": specialQueryRun, "fragment": fragmentRun}
	rng := rand.New(rand.NewPCG(1, 2))
	for name, r := range runs {
		for _, s := range randomRunInputs(rng, r) {
			for i := 0; i <= len(s); i++ {
				want := i
				for want < len(s) && infra.ByteClass[s[want]]&r.Stop == 0 {
					want++
				}
				if got := r.Span(s, i); got != want {
					t.Fatalf("%s run: span(%q, %d) = %d, want %d", name, s, i, got, want)
				}
			}
		}
	}
}

// TestRunScan holds Run.Scan, which reads eight bytes a step and keeps the
// table entries of the bytes before the end with no branch a byte, to a loop
// that reads one byte at a time, on the runs of the authority, host and file
// host states: the end, and which of the noted classes the bytes before it
// have, on random strings as TestRunSpan makes them (randomRunInputs), from every start;
// and Span on the same runs, whose table entries hold the noted classes too.
func TestRunScan(t *testing.T) {
	runs := map[string]*infra.Run{"authority": authorityRun(false), "special authority": authorityRun(true),
		"host": hostRun(false), "special host": hostRun(true), "file host": fileHostRun}
	rng := rand.New(rand.NewPCG(3, 4))
	for name, r := range runs {
		if r.Note != hostNotes {
			t.Fatalf("%s run notes %b, want hostNotes %b", name, r.Note, hostNotes)
		}
		for _, s := range randomRunInputs(rng, r) {
			for i := 0; i <= len(s); i++ {
				want, wantSeen := i, infra.Class(0)
				for want < len(s) && infra.ByteClass[s[want]]&r.Stop == 0 {
					wantSeen |= infra.ByteClass[s[want]] & r.Note
					want++
				}
				if got, seen := r.Scan(s, i); got != want || seen != wantSeen {
					t.Fatalf("%s run: Scan(%q, %d) = %d, %b; want %d, %b", name, s, i, got, seen, want, wantSeen)
				}
				if got := r.Span(s, i); got != want {
					t.Fatalf("%s run: Span(%q, %d) = %d, want %d", name, s, i, got, want)
				}
			}
		}
	}
}

// randomRunInputs returns 2000 random strings of every length up to 40 for
// the tests of the run r, made of bytes that end it (one in twelve) and
// bytes that do not.
func randomRunInputs(rng *rand.Rand, r *infra.Run) []string {
	var stops, takes []byte
	for b := range 256 {
		if infra.ByteClass[b]&r.Stop != 0 {
			stops = append(stops, byte(b))
		} else {
			takes = append(takes, byte(b))
		}
	}
	inputs := make([]string, 2000)
	for k := range inputs {
		buf := make([]byte, rng.IntN(41))
		for j := range buf {
			if rng.IntN(12) == 0 {
				buf[j] = stops[rng.IntN(len(stops))]
			} else {
				buf[j] = takes[rng.IntN(len(takes))]
			}
		}
		inputs[k] = string(buf)
	}
	return inputs
}
