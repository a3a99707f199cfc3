// Command peers measures rulehost against github.com/justinian/dice, the
// Go dice library of note, on the same work, interleaved in one process:
// each of many short rounds times a batch of rulehost and a batch of the
// peer (the order alternating round to round), so load on a shared
// machine falls on both sides alike, and gives one ratio. It prints
// per-case medians, the median of the rounds' ratios peer/rulehost with
// its 95% confidence interval and the rounds' spread (measure.go).
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
// against its two pool checks, each with issue 31's goal and a verdict
// read from the confidence interval (met, not met, undecided).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
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
	rounds := flag.Int("rounds", 61, "interleaved rounds per case (each gives one ratio)")
	batch := flag.Duration("batch", 10*time.Millisecond, "time per batch (each side, each round)")
	clock := flag.String("clock", "cpu", `"cpu": the process's CPU time (user+system), so time spent descheduled on a loaded machine counts for neither side; "wall": elapsed time`)
	flag.StringVar(&gcMode, "gc", "bytes", `how the collector is charged: "bytes" (paused in batches, its measured cost per byte charged to each side's bytes) or "natural" (left to run in the batches)`)
	detail := flag.Bool("detail", false, "also print each plugin pair's ratio without the collector's charge (the work alone)")
	only := flag.String("only", "", `"peers": only the table against justinian/dice; "plugins": only the plugins against native work`)
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
	if *only != "" && *only != "peers" && *only != "plugins" {
		fmt.Fprintln(os.Stderr, `bench-peers: -only is "peers" or "plugins" (or empty for both)`)
		os.Exit(2)
	}
	if gcMode != "bytes" && gcMode != "natural" {
		fmt.Fprintln(os.Stderr, `bench-peers: -gc is "bytes" or "natural"`)
		os.Exit(2)
	}
	if *rounds < 1 || *batch <= 0 {
		fmt.Fprintln(os.Stderr, "bench-peers: -rounds must be at least 1 and -batch positive")
		os.Exit(2)
	}
	fmt.Printf("rulehost vs github.com/justinian/dice v1.0.3, %s/%s, %d CPUs, GOMAXPROCS=%d, load average %s\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.GOMAXPROCS(0), loadAverage())
	fmt.Printf("%d interleaved rounds of ~%s per side, %s time, collector charged by %s; ns/op: medians over the rounds;\n"+
		"ratio: the median of the rounds' ratios, with its 95%% confidence interval (CI) and the middle half of the rounds (IQR)\n", *rounds, *batch, *clock, gcMode)
	if *only != "plugins" {
		pairs, err := buildPairs(*root)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench-peers:", err)
			os.Exit(1)
		}
		fmt.Printf("\nratio = justinian / rulehost (above 1: rulehost is faster)\n\n")
		fmt.Printf("%-34s %12s %8s %7s %12s %8s %7s %8s %13s %13s\n", "work", "rulehost", "allocs", "B/op", "justinian", "allocs", "B/op", "ratio", "95% CI", "IQR")
		var gcs []gcCost
		for _, p := range pairs {
			r := measure(p, *rounds, *batch)
			s := summarize(r.ratios)
			gcs = append(gcs, r.gc)
			fmt.Printf("%-34s %9.0f ns %8.1f %7.0f %9.0f ns %8.1f %7.0f %7.1fx %13s %13s\n", p.name, r.rh, r.rhAllocs, r.rhBytes, r.peer, r.peerAllocs, r.peerBytes, s.median, span(s.lo, s.hi), span(s.q1, s.q3))
		}
		printGC(gcs)
	}
	if *only != "peers" {
		plugins, done, err := pluginPairs(*root)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench-peers:", err)
			os.Exit(1)
		}
		defer done()
		fmt.Printf("\nplugins against the native work they stand for (tag.Parse, check.Resolve, String on both sides);\n" +
			"ratio = plugin / native (below the goal: met when the whole CI is, not met when none of it is)\n\n")
		fmt.Printf("%-34s %12s %8s %7s %12s %8s %7s %8s %13s %13s %6s  %s\n", "work", "plugin", "allocs", "B/op", "native", "allocs", "B/op", "ratio", "95% CI", "IQR", "goal", "verdict")
		var gcs []gcCost
		for _, p := range plugins {
			r := measure(p, *rounds, *batch)
			s := summarize(invert(r.ratios))
			gcs = append(gcs, r.gc)
			goal := pluginGoals[p.name]
			fmt.Printf("%-34s %9.0f ns %8.1f %7.0f %9.0f ns %8.1f %7.0f %7.1fx %13s %13s %5.0fx  %s\n", p.name, r.rh, r.rhAllocs, r.rhBytes, r.peer, r.peerAllocs, r.peerBytes, s.median, span(s.lo, s.hi), span(s.q1, s.q3), goal, verdict(s, goal))
			if *detail {
				m := summarize(invert(r.mutRatios))
				fmt.Printf("  without the collector: %.1fx (%s)\n", m.median, span(m.lo, m.hi))
			}
		}
		printGC(gcs)
	}
	runtime.KeepAlive(sink) // what the work returned is used, so it is done
}

// printGC says what the collector was charged per case (-gc bytes).
func printGC(gcs []gcCost) {
	if gcMode != "bytes" {
		return
	}
	var parts []string
	for _, g := range gcs {
		parts = append(parts, fmt.Sprintf("%.1f ms a cycle / %.1f MB = %.2f ns per KB", g.cycle/1e6, g.cycleBytes/1e6, g.perByte*1024))
	}
	fmt.Printf("collector, per case: %s\n", strings.Join(parts, "; "))
}

// span prints a range of ratios.
func span(lo, hi float64) string { return fmt.Sprintf("%.1f-%.1fx", lo, hi) }

// loadAverage is /proc/loadavg's first three fields ("?" elsewhere), so
// every run says how busy the machine was.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
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
