package sandbox

import (
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// callCtx is the context.Context handed to the LState for one call, and
// its stepper (gopher-lua patch 11).
//
// The VM calls Step every stepGrant instructions (fewer near the
// instruction budget) and at the very next instruction after Poke:
// callCtx counts instructions there, reads the clock and the parent's
// Done channel, and turns a sticky fault (memory, forbidden, budget, the
// deadline), set by a guard or by the memory watcher (which poke the
// LState), into an error raised at the next instruction, even inside
// pcall. (It used to be Done, called through a select before every
// instruction: a tenth of a plugin call.)
type callCtx struct {
	parent   context.Context
	done     <-chan struct{}
	steps    int64 // instructions executed (Lua goroutine only)
	granted  int   // instructions granted at the last Step
	maxSteps int64
	maxMem   uint64
	// l is poked when a fault is set (nil outside a running call)
	l *lua.LState
	// deadline is read from the clock every 1024 instructions: the
	// context's timer alone fires late on a busy machine.
	deadline time.Time
	// prints counts the lines print wrote in this call (Lua goroutine
	// only; see MaxPrintLines)
	prints int

	faulted atomic.Bool
	mu      sync.Mutex
	f       *fault

	// watcher bookkeeping (watcher goroutine only)
	baseObjects, baseLive uint64 // heap when the watcher first saw this call
	seen                  bool
}

// reset makes c ready for a new call of its sandbox (exec reuses one
// callCtx per sandbox: a call allocated one of 140 bytes). No one else
// holds c between calls: the watcher let go of it in remove, and the
// LState's context and stepper were cleared.
func (c *callCtx) reset(maxSteps int64, maxMem uint64) {
	c.parent, c.done = nil, nil
	c.steps, c.granted, c.maxSteps, c.maxMem = 0, 0, maxSteps, maxMem
	c.l, c.deadline, c.prints = nil, time.Time{}, 0
	c.mu.Lock()
	c.f = nil
	c.faulted.Store(false)
	c.mu.Unlock()
}

var closedCh = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

func (c *callCtx) Deadline() (time.Time, bool) { return c.deadline, !c.deadline.IsZero() }
func (c *callCtx) Value(k any) any             { return c.parent.Value(k) }

func (c *callCtx) Done() <-chan struct{} {
	if c.faulted.Load() {
		return closedCh
	}
	return c.done
}

// stepGrant is how many instructions run between two Steps at most: the
// clock and the parent's cancellation are read that often (a fault is
// seen at the next instruction: the LState is poked).
const stepGrant = 1024

// Step implements lua.Stepper: it counts the instructions run since the
// last grant (left of them did not run), faults the call past the
// instruction budget or the deadline, and grants the next instructions,
// or none when the call must stop.
func (c *callCtx) Step(left int) int {
	c.steps += int64(c.granted - left)
	if c.maxSteps > 0 && c.steps > c.maxSteps && !c.faulted.Load() {
		c.setFault(&fault{kind: ErrBudget, msg: "instruction budget exceeded"})
	}
	if c.pastDeadline() && !c.faulted.Load() {
		c.setFault(&fault{kind: ErrTimeout, msg: "deadline exceeded"})
	}
	if c.faulted.Load() {
		c.granted = 0
		return 0
	}
	select {
	case <-c.done:
		c.granted = 0
		return 0
	default:
	}
	c.granted = c.grant()
	return c.granted
}

// grant is how many instructions may run before the next Step: at most
// stepGrant, and no more than reach one past the instruction budget (the
// instruction that exceeds it faults the call, as before).
func (c *callCtx) grant() int {
	n := int64(stepGrant)
	if c.maxSteps > 0 {
		n = min(n, c.maxSteps-c.steps+1)
	}
	return int(max(n, 1))
}

// pastDeadline reads the clock against the call's deadline.
func (c *callCtx) pastDeadline() bool {
	return !c.deadline.IsZero() && time.Now().After(c.deadline)
}

func (c *callCtx) Err() error {
	if f := c.getFault(); f != nil {
		return errors.New("sandbox: " + f.msg)
	}
	return c.expired()
}

// expired is why the call may not go on although no fault was recorded:
// its parent was cancelled or the call's deadline passed (a call without a
// context of its own has no timer to tell it so; the clock does).
func (c *callCtx) expired() error {
	if err := c.parent.Err(); err != nil {
		return err
	}
	if c.pastDeadline() {
		return context.DeadlineExceeded
	}
	return nil
}

// setFault records the first fault; later ones are ignored.
func (c *callCtx) setFault(f *fault) {
	c.mu.Lock()
	if c.f == nil {
		c.f = f
		c.faulted.Store(true)
		if c.l != nil {
			c.l.Poke() // the next instruction stops
		}
	}
	c.mu.Unlock()
}

func (c *callCtx) getFault() *fault {
	if !c.faulted.Load() {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.f
}

// --- memory watcher -------------------------------------------------------

// The watcher is one goroutine, alive only while calls are running. Every
// tick (1 ms) it samples the process heap through runtime/metrics (no
// stop-the-world) and faults a call with ErrTimeout once its deadline has
// passed, and with ErrMemory when either
//   - the live heap measured by the last GC grew by more than MaxMemory
//     since the call started (GCs run often while a heap grows, so this
//     tracks retained data without counting garbage), or
//   - the heap including not-yet-collected garbage grew by more than
//     2*MaxMemory (catches growth faster than the GC cycle).
//
// The faulted call aborts at its next VM instruction.
type memWatcher struct {
	mu      sync.Mutex
	active  map[*callCtx]struct{}
	running bool
	samples []metrics.Sample
}

var watcher = &memWatcher{active: map[*callCtx]struct{}{}}

const watchTick = time.Millisecond

func (w *memWatcher) add(c *callCtx) {
	w.mu.Lock()
	c.seen, c.baseObjects, c.baseLive = false, 0, 0
	w.active[c] = struct{}{}
	if !w.running {
		w.running = true
		go w.loop()
	}
	w.mu.Unlock()
}

// remove ends the watch of c. Once it returns the watcher will not
// touch c again (the loop faults calls under w.mu), so a sandbox may
// reuse its callCtx for its next call without a late fault of this one
// landing on it.
func (w *memWatcher) remove(c *callCtx) {
	w.mu.Lock()
	delete(w.active, c)
	w.mu.Unlock()
}

func (w *memWatcher) sample() (objects, live uint64) {
	if w.samples == nil {
		w.samples = []metrics.Sample{
			{Name: "/memory/classes/heap/objects:bytes"},
			{Name: "/gc/heap/live:bytes"},
		}
	}
	metrics.Read(w.samples)
	if w.samples[0].Value.Kind() == metrics.KindUint64 {
		objects = w.samples[0].Value.Uint64()
	}
	if w.samples[1].Value.Kind() == metrics.KindUint64 {
		live = w.samples[1].Value.Uint64()
	}
	return
}

func (w *memWatcher) loop() {
	t := time.NewTicker(watchTick)
	defer t.Stop()
	for range t.C {
		// sampled outside the lock (only this goroutine samples: a
		// new loop starts only after this one saw no calls and ended)
		objects, live := w.sample()
		w.mu.Lock()
		if len(w.active) == 0 {
			w.running = false
			w.mu.Unlock()
			return
		}
		for c := range w.active {
			w.watch(c, objects, live)
		}
		w.mu.Unlock()
	}
}

// watch checks one running call against its deadline and the heap;
// w.mu is held, so remove waits for it.
func (w *memWatcher) watch(c *callCtx, objects, live uint64) {
	// The deadline, for calls without a context timer of their own
	// (exec): faulted here, the call stops at its next instruction,
	// however long its instructions are (one concatenation of a
	// megabyte string), as a timer's closed channel would stop it.
	if c.pastDeadline() && !c.faulted.Load() {
		c.setFault(&fault{kind: ErrTimeout, msg: "deadline exceeded"})
	}
	if !c.seen {
		c.seen, c.baseObjects, c.baseLive = true, objects, live
		return
	}
	if (live > c.baseLive && live-c.baseLive > c.maxMem) ||
		(objects > c.baseObjects && objects-c.baseObjects > 2*c.maxMem) {
		c.setFault(&fault{kind: ErrMemory, msg: fmt.Sprintf("heap grew by more than %d KiB during the call", c.maxMem>>10)})
	}
}
