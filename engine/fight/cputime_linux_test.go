package fight

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used. On a loaded
// machine wall time per op mostly measures waiting for a core; the
// thread's own CPU time per op is what the code costs.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuPerOp runs body b.N times on one locked thread and reports its CPU
// time per op beside the wall time.
func cpuPerOp(b *testing.B, body func(i int)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	start := threadCPU()
	for i := 0; i < b.N; i++ {
		body(i)
	}
	b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
}
