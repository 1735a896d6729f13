//go:build race

package router

// raceEnabled is true when the tests run under the race detector (go test
// -race), whose instrumentation slows code down unevenly: the timing tests
// skip themselves, as their numbers would describe the detector.
const raceEnabled = true
