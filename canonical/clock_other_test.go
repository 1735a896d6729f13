//go:build !linux

package canonical

import "time"

var clockStart = time.Now()

// threadTime returns the time since the tests started: on systems other than
// Linux the timings use the wall clock.
func threadTime() time.Duration { return time.Since(clockStart) }
