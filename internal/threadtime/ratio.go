package threadtime

import (
	"runtime"
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
// times a round, large once): the two are timed in turns, rounds times
// each, and the shortest time of each counts, since a busy spell of a shared
// machine slows a run down but never speeds one up.
func Ratio(small, large func(), rounds int) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best1, best2 := time.Duration(1<<63-1), time.Duration(1<<63-1)
	for range rounds {
		runtime.GC()
		best1 = min(best1, Per(small, 100))
		runtime.GC()
		best2 = min(best2, Per(large, 1))
	}
	return float64(best2) / float64(max(best1, 1))
}
