package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"syscall"
	"time"
)

// result is one case measured: each side's median time per operation
// (collection charged by bytes, see measure), its allocations and bytes
// per operation, and every round's ratio (peer time over rulehost time,
// both per operation, from the same round).
type result struct {
	rh, peer             float64 // median ns/op over the rounds, collection included
	rhAllocs, peerAllocs float64
	rhBytes, peerBytes   float64   // heap bytes allocated per operation
	ratios               []float64 // per round: peer ns/op / rulehost ns/op
	mutRatios            []float64 // the same without the collector's charge
	gc                   gcCost
}

// gcCost is what the collector costs this process per byte allocated:
// a cycle's CPU time (a collection forced after each batch, median) over
// the bytes allocated between two cycles the runtime starts itself.
type gcCost struct {
	cycle      float64 // ns of CPU per collection
	cycleBytes float64 // bytes allocated between automatic collections
	perByte    float64 // cycle / cycleBytes; 0 with the collector off
}

// warmRounds are run before the measured rounds and dropped: the first
// batches after calibration still find cold caches and pools.
const warmRounds = 2

// gcMode is how the collector's cost is charged (-gc): "bytes" (the
// default) or "natural".
var gcMode = "bytes"

// measure runs both sides for the given rounds after warmRounds,
// alternating which goes first (AB, BA, AB, ...), so a change of load
// during a round falls on both sides, and gives one ratio per round; the
// verdict is read from the rounds' median and its confidence interval
// (summarize), which a round descheduled or disturbed cannot move.
//
// The collector is the hard part of a fair short round: here one cycle
// costs about 3 ms of CPU (the live heap holds every plugin's pooled Lua
// states), as long as a third of a batch, and comes every few megabytes.
// Left to run (-gc natural), a cycle lands whole in whichever batch
// reaches the heap goal, and its marking runs on into the next batch,
// often the other side's: per-round ratios then swing by 10x and their
// median drops the cycles of a side that starts one in fewer than half
// its batches. A collection forced at the end of each batch charges each
// side a cycle per batch whatever it allocated (and resets the heap, so a
// short batch never reaches a cycle of its own): the ratio followed the
// calibration's luck, 2x between runs. So by default (-gc bytes) each
// batch runs with the collector paused and is collected right after,
// outside its time; the collector's cost per byte (gcCost, measured in
// this process on this work: each round's two collections over the bytes
// between two cycles the runtime starts itself) is then charged to each
// side for the bytes it allocated, as a server doing this work pays it:
// a cycle per cycleBytes allocated.
func measure(p pair, rounds int, batch time.Duration) result {
	var res result
	var nRH, nPeer int
	if gcMode == "bytes" {
		// calibrated with the collector paused too, or a cycle in the
		// calibrating run would make the batches far too short
		old := debug.SetGCPercent(-1)
		nRH, nPeer = calibrate(p.rulehost, batch), calibrate(p.peer, batch)
		debug.SetGCPercent(old)
		res.gc.cycleBytes = cycleBytes(p.rulehost, p.peer, nRH, nPeer)
		debug.SetGCPercent(-1)
		defer debug.SetGCPercent(old)
	} else {
		nRH, nPeer = calibrate(p.rulehost, batch), calibrate(p.peer, batch)
	}
	runtime.GC() // each case starts from the same heap, outside the timing
	type side struct{ mut, bytes, gc []float64 }
	var a, b side
	run := func(s *side, f func(int) int, n int, keep bool) {
		mut, bytes, gc := timeBatch(f, n)
		if keep {
			s.mut, s.bytes, s.gc = append(s.mut, mut), append(s.bytes, bytes), append(s.gc, gc)
		}
	}
	for r := -warmRounds; r < rounds; r++ {
		if r%2 == 0 {
			run(&a, p.rulehost, nRH, r >= 0)
			run(&b, p.peer, nPeer, r >= 0)
		} else {
			run(&b, p.peer, nPeer, r >= 0)
			run(&a, p.rulehost, nRH, r >= 0)
		}
	}
	// each round charges the collector at the cost of its own two
	// collections (the load moves it, as it moves the work), so the
	// rounds' spread holds the collector's too
	perByte := func(i int) float64 {
		if gcMode != "bytes" || res.gc.cycleBytes == 0 {
			return 0
		}
		return (a.gc[i] + b.gc[i]) / 2 / res.gc.cycleBytes
	}
	rh, peer := make([]float64, rounds), make([]float64, rounds)
	res.ratios = make([]float64, rounds)
	res.mutRatios = make([]float64, rounds)
	var cycles []float64
	for i := range rounds {
		k := perByte(i)
		res.mutRatios[i] = b.mut[i] / a.mut[i]
		rh[i] = a.mut[i] + k*a.bytes[i]
		peer[i] = b.mut[i] + k*b.bytes[i]
		res.ratios[i] = peer[i] / rh[i]
		cycles = append(cycles, a.gc[i], b.gc[i])
	}
	if gcMode == "bytes" && res.gc.cycleBytes > 0 {
		res.gc.cycle = quantile(cycles, 0.5)
		res.gc.perByte = res.gc.cycle / res.gc.cycleBytes
	}
	res.rh, res.peer = quantile(rh, 0.5), quantile(peer, 0.5)
	res.rhBytes, res.peerBytes = quantile(a.bytes, 0.5), quantile(b.bytes, 0.5)
	res.rhAllocs, res.peerAllocs = allocsPerOp(p.rulehost), allocsPerOp(p.peer)
	return res
}

// minCycles is how many automatic collections cycleBytes waits for.
const minCycles = 16

// cycleBytes runs both sides in turn, the collector on as in a server,
// until the runtime has started minCycles collections of its own (or 40
// times the bytes of the first), and returns the bytes allocated per
// cycle; 0 when the collector is off (GOGC=off): nothing is charged.
func cycleBytes(f, g func(int) int, nf, ng int) float64 {
	old := debug.SetGCPercent(-1)
	debug.SetGCPercent(old)
	if old < 0 {
		return 0
	}
	runtime.GC()
	c0, b0 := readCounter(gcCycles), readCounter(heapAllocs)
	for i := 0; ; i++ {
		work(f, max(1, nf/8))
		work(g, max(1, ng/8))
		c, b := readCounter(gcCycles)-c0, readCounter(heapAllocs)-b0
		if c >= minCycles || (i > 400 && c > 0) {
			return float64(b) / float64(c)
		}
		if i > 4000 { // allocates almost nothing: a cycle is never reached
			return 0
		}
	}
}

// calibrate finds how many operations fill about one batch. It runs
// twice and keeps the second answer: the first calls of a side are slow
// (cold caches, sandboxes made for the pool), so one calibration made
// warm batches several times shorter than asked.
func calibrate(f func(int) int, batch time.Duration) int {
	calibrateOnce(f, batch)
	collect()
	n := calibrateOnce(f, batch)
	collect()
	return n
}

func calibrateOnce(f func(int) int, batch time.Duration) int {
	n := 16
	for {
		start := now()
		work(f, n)
		d := time.Duration(now() - start) // on the chosen clock
		if d >= batch/4 || n >= 1<<24 {
			return max(1, int(float64(n)*float64(batch)/float64(max(d, 1))))
		}
		n *= 4
	}
}

var sink int

// now is the clock batches are timed with, in nanoseconds (-clock).
var now = cpuNow

// cpuNow is the CPU time the process has used, user and system, in
// nanoseconds. On a machine shared by many jobs, wall time also counts
// the time the process waited for a core, which lands on whichever side
// was running; CPU time counts only the work, the garbage collector's
// included (it runs in the same process, for both sides alike).
func cpuNow() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// timeBatch does n operations and returns their CPU time and heap bytes
// per operation, and the CPU time of the collection that follows (with
// -gc bytes the collector is paused during the batch: the collection
// clears what it allocated; with -gc natural there is no collection and
// the collector's cycles fall in the batches' time as they come).
func timeBatch(f func(int) int, n int) (ns, bytes, gc float64) {
	b0 := readCounter(heapAllocs)
	start := now()
	work(f, n)
	end := now()
	b1 := readCounter(heapAllocs)
	if gcMode == "bytes" {
		collect()
		gc = float64(now() - end)
	}
	return float64(end-start) / float64(n), float64(b1-b0) / float64(n), gc
}

// collect clears a batch's garbage (timeBatch); a variable so the
// harness's own test can run without collections.
var collect = runtime.GC

// The runtime/metrics counters the harness reads (no stop-the-world).
const (
	heapAllocs = "/gc/heap/allocs:bytes"
	gcCycles   = "/gc/cycles/automatic:gc-cycles"
)

// readCounter reads one cumulative runtime/metrics counter.
func readCounter(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		panic("bench-peers: no metric " + name)
	}
	return s[0].Value.Uint64()
}

// work does n operations.
func work(f func(int) int, n int) {
	s := 0
	for i := 0; i < n; i++ {
		s += f(i)
	}
	sink += s
}

// allocsPerOp counts heap allocations per operation over a fixed run.
func allocsPerOp(f func(int) int) float64 {
	const n = 2000
	f(0)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < n; i++ {
		sink += f(i)
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / n
}

// summary is what the rounds' ratios say: their median, a 95% confidence
// interval of that median (distribution-free: order statistics, so a few
// wild rounds widen it without moving it much), and the middle half of
// the rounds (q1 to q3), the spread from round to round.
type summary struct {
	median, lo, hi float64
	q1, q3         float64
	n              int
}

// summarize reads the rounds' ratios. The interval is the k-th smallest
// to the k-th largest ratio, k = (n - 1.96 sqrt(n)) / 2 (the normal
// approximation of the binomial count of rounds below the true median);
// under 6 rounds it is the whole range.
func summarize(xs []float64) summary {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return summary{}
	}
	k := int(math.Floor((float64(n) - 1.96*math.Sqrt(float64(n))) / 2))
	k = max(0, min(k, (n-1)/2))
	return summary{
		median: quantile(s, 0.5), lo: s[k], hi: s[n-1-k],
		q1: quantile(s, 0.25), q3: quantile(s, 0.75), n: n,
	}
}

// invert turns ratios a/b into b/a (the plugin table reads plugin over
// native, the rounds measure native over plugin).
func invert(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = 1 / x
	}
	return out
}

// quantile is the q-quantile of xs (0 <= q <= 1), interpolating between
// the two nearest values; 0 for no values.
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	pos := q * float64(len(s)-1)
	i := int(math.Floor(pos))
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[i] + (pos-float64(i))*(s[i+1]-s[i])
}

// verdict says whether a ratio (lower is better) is within goal: "met"
// when the whole confidence interval is, "not met" when none of it is,
// otherwise "undecided" (the run cannot tell: more rounds or a quieter
// machine can).
func verdict(s summary, goal float64) string {
	switch {
	case s.hi <= goal:
		return "met"
	case s.lo > goal:
		return "not met"
	default:
		return "undecided"
	}
}
