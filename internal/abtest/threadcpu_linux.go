package abtest

import (
	"syscall"
	"time"
)

// ThreadCPU returns the CPU time (user + system) the calling OS thread has used: with the
// goroutine locked to its thread (runtime.LockOSThread), the difference of two readings is
// that goroutine's own CPU time, which a shared machine's other processes do not inflate as
// they do wall time. 0 when the system does not tell.
func ThreadCPU() time.Duration {
	const rusageThread = 1 // RUSAGE_THREAD (Linux 2.6.26 and later)
	var u syscall.Rusage
	if syscall.Getrusage(rusageThread, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
