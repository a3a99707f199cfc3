// Command peers measures rulehost against github.com/justinian/dice, the
// Go dice library of note, on the same work, interleaved in one process:
// each round times a batch of rulehost then a batch of the peer (the order
// alternating round to round), so load on a shared machine falls on both
// sides alike. It prints per-case medians and the ratio peer/rulehost.
//
// It is its own module (bench/peers/go.mod) so the engine never depends on
// the peer. Run it with `make bench-peers` from the repository root.
//
// The work compared:
//   - the 5e advantage check, tag text to record text, against
//     justinian's "2d20kh1+5" plus the comparison with the DC;
//   - a 10-die Gravewatch pool check (tens explode, ones cancel) against
//     justinian's "10d10ev7" plus the comparison with the successes needed;
//   - roll_dice "1d20+4", "3d6" and "10d10>=8" (counting successes)
//     against justinian's "1d20+4", "3d6" and "10d10v8";
//   - the 5e check through the simple API (tag.Parse, check.Resolve,
//     String) against the same peer work.
//
// A second table times the bundled plugins against the native work they
// stand for (plugins.go): reference-sum against dice-sum, opposed-pool
// against its two pool checks.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"time"

	jdice "github.com/justinian/dice"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// pair is one piece of work done by both sides. Each func does one
// operation and returns a number so the work cannot be optimised away.
type pair struct {
	name     string
	rulehost func(i int) int
	peer     func(i int) int
}

func main() {
	root := flag.String("root", "../..", "the rulehost repository (for rulesets/)")
	rounds := flag.Int("rounds", 21, "interleaved rounds per case")
	batch := flag.Duration("batch", 20*time.Millisecond, "time per batch (each side, each round)")
	clock := flag.String("clock", "cpu", `"cpu": the process's CPU time (user+system), so time spent descheduled on a loaded machine counts for neither side; "wall": elapsed time`)
	flag.Parse()
	switch *clock {
	case "cpu":
		now = cpuNow
	case "wall":
		now = time.Now().UnixNano
	default:
		fmt.Fprintln(os.Stderr, "bench-peers: -clock is cpu or wall")
		os.Exit(2)
	}
	pairs, err := buildPairs(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench-peers:", err)
		os.Exit(1)
	}
	fmt.Printf("rulehost vs github.com/justinian/dice v1.0.3, %s/%s, %d CPUs, GOMAXPROCS=%d\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0))
	fmt.Printf("%d interleaved rounds of ~%s per side, %s time; medians; ratio = justinian / rulehost (per-round median)\n\n", *rounds, *batch, *clock)
	fmt.Printf("%-34s %12s %8s %12s %8s %8s\n", "work", "rulehost", "allocs", "justinian", "allocs", "ratio")
	for _, p := range pairs {
		r := measure(p, *rounds, *batch)
		fmt.Printf("%-34s %9.0f ns %8.1f %9.0f ns %8.1f %7.1fx\n", p.name, r.rh, r.rhAllocs, r.peer, r.peerAllocs, r.ratio)
	}
	plugins, done, err := pluginPairs(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench-peers:", err)
		os.Exit(1)
	}
	defer done()
	fmt.Printf("\nplugins against the native work they stand for (tag.Parse, check.Resolve, String on both sides);\nratio = plugin / native (per-round median)\n\n")
	fmt.Printf("%-34s %12s %8s %12s %8s %8s\n", "work", "plugin", "allocs", "native", "allocs", "ratio")
	for _, p := range plugins {
		r := measure(p, *rounds, *batch)
		fmt.Printf("%-34s %9.0f ns %8.1f %9.0f ns %8.1f %7.1fx\n", p.name, r.rh, r.rhAllocs, r.peer, r.peerAllocs, 1/r.ratio)
	}
	runtime.KeepAlive(sink) // what the work returned is used, so it is done
}

// buildPairs loads the rulesets and sheets once and returns the work.
func buildPairs(root string) ([]pair, error) {
	rs5e, err := ruleset.LoadFile(filepath.Join(root, "rulesets", "d20-5e", "ruleset.json"), ruleset.Options{})
	if err != nil {
		return nil, err
	}
	ada, err := sheet.LoadFile(filepath.Join(root, "rulesets", "d20-5e", "sheets", "ada.json"), rs5e)
	if err != nil {
		return nil, err
	}
	rsGrave, err := ruleset.LoadFile(filepath.Join(root, "rulesets", "gravewatch", "ruleset.json"), ruleset.Options{})
	if err != nil {
		return nil, err
	}
	// Nerve 5 + Ward 3 + 2 situational dice = 10 dice (as BenchmarkPoolCheck).
	ulla, err := sheet.Load("ulla.json", []byte(`{"name": "Ulla Vane", "abilities": {"nerve": 5}, "skills": {"ward": "rating_3"}}`), rsGrave)
	if err != nil {
		return nil, err
	}
	stream := &dice.Seeded{}
	env5e := &check.Env{RS: rs5e, Char: sheet.New(rs5e, ada), Dice: stream}
	envGrave := &check.Env{RS: rsGrave, Char: sheet.New(rsGrave, ulla), Dice: stream}
	return []pair{
		{"5e advantage check vs 2d20kh1+5", checkWork(env5e, stream, `[skill_check: skill="Athletics" dc="15" mode="advantage"]`), peerCompare("2d20kh1+5", 15)},
		{"5e check, simple API, vs 2d20kh1+5", simpleWork(env5e, stream, `[skill_check: skill="Athletics" dc="15" mode="advantage"]`), peerCompare("2d20kh1+5", 15)},
		{"10-die pool check vs 10d10ev7", checkWork(envGrave, stream, `[skill_check: skill="Ward" dc="2" who="Ulla Vane" bonus="+2"]`), peerCompare("10d10ev7", 2)},
		{"roll_dice 1d20+4", rollWork(stream, "1d20+4"), peerRoll("1d20+4")},
		{"roll_dice 3d6", rollWork(stream, "3d6"), peerRoll("3d6")},
		{"roll_dice 10d10>=8 vs 10d10v8", rollWork(stream, "10d10>=8"), peerRoll("10d10v8")},
	}, nil
}

// checkWork is one check from tag text to record text, reusing the
// ruleset, the character (and so its compiled plan), one seeded stream,
// the parsed tag's storage (tag.ParseInto), a check.Checker's storage and
// one output buffer (Append), as a server loop would.
func checkWork(env *check.Env, stream *dice.Seeded, text string) func(int) int {
	var t tag.Tag
	var out []byte
	var k check.Checker
	return func(i int) int {
		if err := tag.ParseInto(&t, text); err != nil {
			panic(err)
		}
		stream.Reset(uint64(i), 0, 0)
		r := k.Resolve(env, t)
		if r.Record.Name != "check" {
			panic("not a check: " + r.Record.String())
		}
		out = r.Record.Append(out[:0])
		return len(out)
	}
}

// simpleWork is the path a host writes first: tag.Parse, check.Resolve
// and String, each record the caller's to keep (no storage reused but the
// ruleset, the character and its plan).
func simpleWork(env *check.Env, stream *dice.Seeded, text string) func(int) int {
	return func(i int) int {
		t, err := tag.Parse(text)
		if err != nil {
			panic(err)
		}
		stream.Reset(uint64(i), 0, 0)
		r := check.Resolve(env, t).Record
		if r.Name != "check" {
			panic("not a check: " + r.String())
		}
		return len(r.String())
	}
}

// rollWork is roll_dice from tag text to record text.
func rollWork(stream *dice.Seeded, notation string) func(int) int {
	text := `[roll_dice: dice="` + notation + `"]`
	var t tag.Tag
	var out []byte
	var k check.Checker
	return func(i int) int {
		if err := tag.ParseInto(&t, text); err != nil {
			panic(err)
		}
		stream.Reset(uint64(i), 0, 0)
		r := k.RollDice(nil, t, stream)
		if r.Name != "roll" {
			panic("not a roll: " + r.String())
		}
		out = r.Append(out[:0])
		return len(out)
	}
}

// peerCompare is justinian's roll plus the comparison a check makes, and
// its result's text (what a bot would print).
func peerCompare(desc string, need int) func(int) int {
	return func(int) int {
		r, _, err := jdice.Roll(desc)
		if err != nil {
			panic(err)
		}
		ok := r.Int() >= need
		s := r.String()
		if ok {
			return len(s) + 1
		}
		return len(s)
	}
}

// peerRoll is justinian's roll and its result's text.
func peerRoll(desc string) func(int) int {
	return func(int) int {
		r, _, err := jdice.Roll(desc)
		if err != nil {
			panic(err)
		}
		return len(r.String())
	}
}

type result struct {
	rh, peer             float64 // median ns/op
	rhAllocs, peerAllocs float64
	ratio                float64 // median of the per-round ratios
}

// measure runs both sides for the given rounds, alternating which goes
// first, and returns medians.
func measure(p pair, rounds int, batch time.Duration) result {
	nRH, nPeer := calibrate(p.rulehost, batch), calibrate(p.peer, batch)
	var rh, peer, ratios []float64
	for r := 0; r < rounds; r++ {
		var a, b float64
		if r%2 == 0 {
			a = timeBatch(p.rulehost, nRH)
			b = timeBatch(p.peer, nPeer)
		} else {
			b = timeBatch(p.peer, nPeer)
			a = timeBatch(p.rulehost, nRH)
		}
		rh, peer, ratios = append(rh, a), append(peer, b), append(ratios, b/a)
	}
	return result{
		rh: median(rh), peer: median(peer), ratio: median(ratios),
		rhAllocs: allocsPerOp(p.rulehost), peerAllocs: allocsPerOp(p.peer),
	}
}

// calibrate finds how many operations fill about one batch (without the
// closing collection, whose cost does not grow with the batch).
func calibrate(f func(int) int, batch time.Duration) int {
	n := 100
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

// timeBatch returns ns per operation over n operations. The batch ends
// with a collection, inside the timing: each side pays for collecting
// the garbage it made, rather than the next batch (often the other
// side's) paying for a cycle its predecessor started.
func timeBatch(f func(int) int, n int) float64 {
	start := now()
	work(f, n)
	runtime.GC()
	return float64(now()-start) / float64(n)
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

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
