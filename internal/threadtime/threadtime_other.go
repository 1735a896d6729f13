//go:build !linux

// Package threadtime gives the tests of this module a clock for timing on a
// shared machine: the CPU time of the calling thread.
package threadtime

import "time"

var start = time.Now()

// Now returns the time since the program started: on systems other than
// Linux the timing tests use the wall clock.
func Now() time.Duration { return time.Since(start) }
