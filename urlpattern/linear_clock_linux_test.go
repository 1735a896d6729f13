package urlpattern

import (
	"syscall"
	"time"
	"unsafe"
)

// threadTime returns the CPU time (user and system) that the calling OS
// thread has used, from clock_gettime(CLOCK_THREAD_CPUTIME_ID); the caller
// locks its goroutine to its thread. Unlike the wall clock it stands still
// while other processes have the CPU, which makes timings on a shared
// machine steady.
func threadTime() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
