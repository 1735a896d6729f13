//go:build !linux

package urlpattern

import "time"

var clockStart = time.Now()

// threadTime returns the time since the tests started: on systems other
// than Linux the linear-time test uses the wall clock.
func threadTime() time.Duration { return time.Since(clockStart) }
