//go:build unix

package serve

import (
	"syscall"
	"time"
)

// cpuTime is the CPU the process has used (user and system): the
// benchmarks report it beside the wall time, which a machine shared
// with others stretches.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
