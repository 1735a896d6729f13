//go:build !race

package urlpattern

// raceEnabled is true when the tests run under the race detector (go test
// -race). Its instrumentation allocates and slows code down unevenly, so the
// tests that count allocations or compare times skip themselves: their
// numbers would describe the detector, not the package.
const raceEnabled = false
