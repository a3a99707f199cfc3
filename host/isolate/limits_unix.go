//go:build unix

package isolate

import (
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
)

// limits are the OS limits a worker puts on itself before it loads a
// plugin: its address space, and the CPU time each request may use.
type limits struct {
	as  uint64 // bytes of address space above what the worker had at start; 0: none
	cpu uint64 // CPU seconds per request; 0: none
}

// applyAS sets RLIMIT_AS to the worker's current address space plus
// l.as. The Go runtime reserves address space it never touches, so the
// limit is counted from what the process already has: an allocation past
// it fails, and the Go runtime ends the worker ("out of memory"), which
// the host sees as a dead worker.
func (l limits) applyAS() error {
	if l.as == 0 {
		return nil
	}
	cur, err := addressSpace()
	if err != nil {
		return err
	}
	room := cur + l.as + raceRoom
	lim := syscall.Rlimit{Cur: room, Max: room}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		return fmt.Errorf("setrlimit RLIMIT_AS: %w", err)
	}
	return nil
}

// armCPU sets RLIMIT_CPU's soft limit to the CPU time used so far plus
// l.cpu seconds: a request that spins past it gets SIGXCPU, which ends
// the worker. The hard limit is left alone, so the next request can move
// the soft one on.
func (l limits) armCPU() error {
	if l.cpu == 0 {
		return nil
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return fmt.Errorf("getrusage: %w", err)
	}
	used := uint64(ru.Utime.Sec + ru.Stime.Sec + 1)
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_CPU, &lim); err != nil {
		return fmt.Errorf("getrlimit RLIMIT_CPU: %w", err)
	}
	lim.Cur = used + l.cpu
	if lim.Max != ^uint64(0) && lim.Cur > lim.Max {
		lim.Cur = lim.Max
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_CPU, &lim); err != nil {
		return fmt.Errorf("setrlimit RLIMIT_CPU: %w", err)
	}
	return nil
}

// exitCPU is the worker's exit status when its CPU limit was hit.
const exitCPU = 3

// watchCPU ends the worker with exitCPU on SIGXCPU. The Go runtime
// ignores SIGXCPU unless someone listens for it, so without this the soft
// limit would do nothing.
func watchCPU() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGXCPU)
	go func() {
		<-ch
		fmt.Fprintln(os.Stderr, "rulehost plugin worker: CPU time limit exceeded")
		os.Exit(exitCPU)
	}()
}

// addressSpace reads the process's virtual size from /proc/self/statm.
func addressSpace() (uint64, error) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, fmt.Errorf("read the address space: %w", err)
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, fmt.Errorf("read the address space: empty /proc/self/statm")
	}
	pages, err := strconv.ParseUint(f[0], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("read the address space: %w", err)
	}
	return pages * uint64(os.Getpagesize()), nil
}

// processStopped reports whether process pid is stopped (SIGSTOP, a
// debugger), from /proc/PID/stat's state field; false where there is no
// /proc. A stopped worker is alive to Wait but answers nothing.
func processStopped(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// "PID (COMM) STATE ...": COMM may hold spaces and parentheses
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 || i+2 >= len(b) {
		return false
	}
	return b[i+2] == 'T' || b[i+2] == 't'
}
