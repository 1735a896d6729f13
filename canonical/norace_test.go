//go:build !race

package canonical

// raceEnabled is true when the tests run under the race detector, whose
// instrumentation allocates and slows code down unevenly: the tests that count
// allocations or compare times skip themselves.
const raceEnabled = false
