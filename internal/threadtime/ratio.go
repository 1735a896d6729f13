package threadtime

import (
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// Per returns the CPU time of the calling thread that run takes, on average
// over reps runs. The caller locks its goroutine to its thread.
func Per(run func(), reps int) time.Duration {
	start := Now()
	for range reps {
		run()
	}
	return (Now() - start) / time.Duration(reps)
}

// Ratio returns how many times as long large takes as small (small run 100
// times a round, large once): see RatioN.
func Ratio(small, large func(), rounds int) float64 {
	return RatioN(small, 100, large, 1, rounds)
}

// RatioN returns how many times as long one run of large takes as one of
// small: the two are timed in turns, small smallReps times and large
// largeReps times a round, rounds rounds, and the shortest time of each
// counts, since a busy spell of a shared machine slows a run down but never
// speeds one up. The heap is held large (see ballast), so that a run does
// not pay for the kernel's mapping of pages; and it is not collected
// between the timings, since a run after a forced collection pays for
// what the collection left to do (it made canonical's 512 KB runs up to
// three times as slow under load; without, they stay within 1.3 times).
func RatioN(small func(), smallReps int, large func(), largeReps, rounds int) float64 {
	holdBallast()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best1, best2 := time.Duration(1<<63-1), time.Duration(1<<63-1)
	for range rounds {
		best1 = min(best1, Per(small, smallReps))
		best2 = min(best2, Per(large, largeReps))
	}
	return float64(best2) / float64(max(best1, 1))
}

// ballast, allocated once and never touched, raises the heap goal so that
// the runtime keeps the pages a large run frees for the next one rather
// than returning them to the system: mapping fresh pages in again costs the
// kernel up to 12 ns a byte on this project's virtual machines at 1 MB
// (none at 16 KB, where pages are reused), a cost of the machine per byte
// allocated that would hide the code's own time (it doubled the ratios of
// canonical's 512 KB inputs).
var (
	ballast     []byte
	holdBallast = sync.OnceFunc(func() { ballast = make([]byte, 64<<20) })
)

// Lowest returns measure(), measured again up to attempts times in all
// while it is over bound (a busy spell of a shared machine can slow one
// measurement down), the lowest of the attempts.
func Lowest(measure func() float64, bound float64, attempts int) float64 {
	r := measure()
	for attempt := 1; attempt < attempts && r > bound; attempt++ {
		r = min(r, measure())
	}
	return r
}

// Repeat returns prefix, unit repeated, and suffix: an input of about size
// bytes (unit at least once), the shape of every input the linear-time
// tests build to be hard.
func Repeat(prefix, unit, suffix string, size int) string {
	n := max((size-len(prefix)-len(suffix))/len(unit), 1)
	return prefix + strings.Repeat(unit, n) + suffix
}

// Linear is the linear-time check of the module's tests: it fails t when
// the ratio measure returns (the time of work on a large input over its
// time on a small one, as RatioN measures it), measured up to three times
// while over bound, is over bound; linear is the ratio of the inputs'
// sizes, logged beside the measured one.
func Linear(t testing.TB, measure func() float64, bound, linear float64) {
	t.Helper()
	r := Lowest(measure, bound, 3)
	t.Logf("%.0f times as long (linear: %.0f, bound: %.0f)", r, linear, bound)
	if r > bound {
		t.Errorf("super-linear: the large input takes %.0f times as long as the small one (linear: %.0f), want at most %.0f", r, linear, bound)
	}
}
