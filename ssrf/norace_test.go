//go:build !race

package ssrf_test

// raceEnabled is true when the tests run under the race detector (go test
// -race), whose instrumentation slows code down unevenly: the tests that
// compare times skip themselves.
const raceEnabled = false
