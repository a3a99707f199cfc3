// Package loadslack helps tests that bound wall time run on a shared,
// loaded machine (CI on 2 cores, or a developer machine running other
// builds): there, a process can wait for a CPU longer than any slack a
// timing test allows, and wall time measures the queue rather than the
// code under test.
//
// Only timing slack is stretched, never the outcome a test wants, and the
// stretch is logged so a slow run says why it passed.
package loadslack

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Logger is the part of testing.TB that Slack uses.
type Logger interface {
	Logf(format string, args ...any)
}

// busyPerCPU is the load average per CPU above which slack is stretched:
// more than 4 runnable threads per CPU means a thread waits for several
// time slices before it runs again.
const busyPerCPU = 4

// Slack returns base, or base stretched in proportion to the load average
// per CPU when that is above busyPerCPU (logged on t). Where the load
// cannot be read (not Linux), base is returned.
//
// In a -race build base is first multiplied by raceFactor: the race
// detector slows the code under test several times over (a sort that
// checks its deadline every 256 comparisons overran a 30 ms deadline by
// half a second), which is not what a timing test measures.
func Slack(t Logger, base time.Duration) time.Duration {
	base *= raceFactor
	perCPU, ok := loadPerCPU()
	if !ok || perCPU <= busyPerCPU {
		return base
	}
	slack := time.Duration(float64(base) * perCPU / busyPerCPU)
	t.Logf("load average %.1f per CPU on %d CPUs: time slack %v stretched to %v", perCPU, runtime.NumCPU(), base, slack)
	return slack
}

// loadPerCPU is the 1-minute load average divided by the CPU count.
func loadPerCPU() (float64, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, false
	}
	load, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return 0, false
	}
	return load / float64(runtime.NumCPU()), true
}
