package players

import (
	"syscall"
	"time"
	"unsafe"
)

// threadTime returns the processor time spent so far by the calling
// thread (CLOCK_THREAD_CPUTIME_ID), which a machine shared with other
// work does not inflate as it does the wall-clock time. The caller must
// be locked to its thread.
func threadTime() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
