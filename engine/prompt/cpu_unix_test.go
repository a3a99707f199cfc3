//go:build unix

package prompt_test

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time the process has used (user and system, every
// thread: the garbage collector's work counts).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports cpu-ns/op beside ns/op: on a machine shared with
// other work, wall time per op stretches with the load, CPU time much
// less, so the figure the budget is checked against is the CPU
// one. Call it with the CPU time read after ResetTimer.
func reportCPU(b *testing.B, start time.Duration) {
	if start > 0 && b.N > 0 {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	}
}
