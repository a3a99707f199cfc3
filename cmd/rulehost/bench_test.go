package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// oneTagTranscript is n entries of one tag each: GM replies adding and
// checking, player actions, now and then a regeneration.
func oneTagTranscript(tb testing.TB, n int) string {
	tb.Helper()
	var b strings.Builder
	for i := 1; i <= n; i++ {
		switch i % 5 {
		case 0:
			b.WriteString("--- regenerate\n[skill_check: skill=\"Haul\" dc=\"9\"]\n")
		case 1, 3:
			fmt.Fprintf(&b, "--- gm\n[skill_check: skill=\"Sneak\" dc=\"8\"]\n")
		case 2:
			b.WriteString("--- player\n[inventory: action=\"equip\" item=\"Leather coat\"]\n")
		case 4:
			b.WriteString("--- gm\n[roll_dice: dice=\"2d6\"]\n")
		}
	}
	path := filepath.Join(tb.TempDir(), fmt.Sprintf("t%d.txt", n))
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// runInto runs a transcript into a fresh session folder, end to end
// through the CLI (parse, start, one fsynced batch, fold, print).
func runInto(tb testing.TB, tr string, asJSON bool) {
	dir := filepath.Join(tb.TempDir(), "s")
	args := []string{"rulehost", "run", "--session", dir, "-r", emberRS, "--party", emberParty, tr}
	if asJSON {
		args = append(args[:2], append([]string{"--json"}, args[2:]...)...)
	}
	var errb bytes.Buffer
	if code := run(args, io.Discard, &errb); code != 0 {
		tb.Fatalf("exit %d: %s", code, errb.String())
	}
}

func BenchmarkRun1000(b *testing.B) {
	tr := oneTagTranscript(b, 1000)
	for b.Loop() {
		runInto(b, tr, false)
	}
}

func BenchmarkRun10000(b *testing.B) {
	tr := oneTagTranscript(b, 10000)
	for b.Loop() {
		runInto(b, tr, false)
	}
}

// BenchmarkCheckRepeatJSON is `check --repeat 10000 --json`; it reports
// the cost per check.
func BenchmarkCheckRepeatJSON(b *testing.B) {
	args := []string{"rulehost", "check", "-r", fiveE, "-s", ada, "--repeat", "10000", "--json", athletic}
	for b.Loop() {
		if code := run(args, io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/check")
}

// BenchmarkCheckRepeatText is the same in text form, for the ratio.
func BenchmarkCheckRepeatText(b *testing.B) {
	args := []string{"rulehost", "check", "-r", fiveE, "-s", ada, "--repeat", "10000", athletic}
	for b.Loop() {
		if code := run(args, io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/check")
}

// cpuTime is the process's user and system CPU time so far: on a shared,
// loaded machine, wall time measures the neighbours.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestRunIsLinear: 10,000 one-tag entries end to end cost well under the
// issue's 0.5 s of CPU (a generous bound here), and about ten times 1,000,
// not a hundred. CPU time, best of three, since the machine is shared.
func TestRunIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	small, big := oneTagTranscript(t, 1000), oneTagTranscript(t, 10000)
	best := func(tr string) time.Duration {
		var d time.Duration
		for i := 0; i < 3; i++ {
			start := cpuTime()
			runInto(t, tr, true)
			if e := cpuTime() - start; i == 0 || e < d {
				d = e
			}
		}
		return max(d, time.Millisecond)
	}
	s, l := best(small), best(big)
	t.Logf("run: 1,000 entries %v, 10,000 entries %v (x%.1f)", s, l, float64(l)/float64(s))
	if l > 2*time.Second || float64(l) > 30*float64(s) {
		t.Fatalf("run is not linear: 1,000 in %v, 10,000 in %v", s, l)
	}
}

// BenchmarkOneShotCheck is the in-process share of a one-shot `rulehost
// check`: the CLI built, the ruleset and sheet read and validated, one
// check printed (make bench-cli measures the whole process).
func BenchmarkOneShotCheck(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if code, out, errs := runCLI("check", "-r", fiveE, "-s", ada, "--seed", "7", athletic); code != 0 {
			b.Fatalf("exit %d: %s %s", code, out, errs)
		}
	}
}

// BenchmarkOneShotValidate is the in-process share of `rulehost validate`
// of one bundled ruleset.
func BenchmarkOneShotValidate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if code, out, errs := runCLI("validate", fiveE); code != 0 {
			b.Fatalf("exit %d: %s %s", code, out, errs)
		}
	}
}
