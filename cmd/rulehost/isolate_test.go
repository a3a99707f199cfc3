package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/host/isolate"
)

// TestMain lets this test binary serve as the plugin worker that
// --isolate re-runs. Plugin calls get a generous deadline (testDeadline):
// these tests check what commands print, and a good call must not miss
// the default 250 ms on a loaded machine; no test here needs a call to
// time out.
// cliTestDeadline is the per-call deadline of the commands these tests run.
const cliTestDeadline = 30 * time.Second

func TestMain(m *testing.M) {
	isolate.ServeIfWorker()
	callDeadline = cliTestDeadline
	os.Exit(m.Run())
}

// TestIsolateSameOutput: every command that loads plugins takes
// --isolate, and prints byte for byte what it prints in-process: checks
// of plugin kinds, a plugin tag through a formatter, a ruleset a plugin
// kind refuses, and a whole session run with formatters.
func TestIsolateSameOutput(t *testing.T) {
	iron := []string{"--ruleset", "../../rulesets/ironsworn/ruleset.json", "--sheet", "../../rulesets/ironsworn/sheets/kai.json"}
	grave := []string{"--ruleset", grave, "--sheet", bram, "--sheet", maud}
	cases := [][]string{
		append(append([]string{"check", "--plugins", plugins, "--seed", "5", "--repeat", "20"}, iron...), `[skill_check: skill="Face danger" adds="1"]`),
		append(append([]string{"check", "--plugins", plugins, "--json", "--seed", "2", "--repeat", "10"}, iron...), `[skill_check: ability="Iron"]`),
		append(append([]string{"check", "--plugins", plugins, "--format", "narrative", "--seed", "9", "--repeat", "5"}, grave...),
			`[opposed_check: skill="Ward" who="Bram the Quiet" vs="Maud Hollin" vsSkill="Ward"]`),
		{"validate", "--plugins", plugins, "../../plugins/wild-die/test/data/opend6-bad.json"},
		{"validate", "--plugins", plugins, "../../rulesets/savage-worlds/ruleset.json"},
		{"plugin", "test", plugins + "/ironsworn", plugins + "/opposed-pool", plugins + "/narrative"},
		{"plugin", "info", "--json", plugins + "/savage-worlds", plugins + "/wild-die"},
	}
	for _, args := range cases {
		c1, o1, e1 := runCLI(args...)
		n := 1
		if args[0] == "plugin" {
			n = 2
		}
		c2, o2, e2 := runCLI(append(append(append([]string{}, args[:n]...), "--isolate"), args[n:]...)...)
		if c1 != c2 || o1 != o2 || e1 != e2 {
			t.Errorf("%v:\n in-process exit %d\n%s%s\n isolated exit %d\n%s%s", args, c1, o1, e1, c2, o2, e2)
		}
		if o1 == "" && e1 == "" {
			t.Errorf("%v printed nothing", args)
		}
	}
	rs := "../../rulesets/ember-roads/ruleset.json"
	party := "../../rulesets/ember-roads/sheets"
	tr := "../../rulesets/ember-roads/transcripts/01-the-ford.txt"
	var outs [2]string
	for i, iso := range []bool{false, true} {
		args := []string{"run", "--plugins", plugins, "--format", "terse", "--session", filepath.Join(t.TempDir(), "s"), "-r", rs, "--party", party, "--seed", "3"}
		if iso {
			args = append(args, "--isolate")
		}
		code, out, errs := runCLI(append(args, tr)...)
		if code != 0 {
			t.Fatalf("run (isolate %v): exit %d\n%s", iso, code, errs)
		}
		outs[i] = out
	}
	if outs[0] != outs[1] || !strings.Contains(outs[0], "Tamsin, Sneak:") {
		t.Errorf("run --isolate differs:\n%s\n---\n%s", outs[0], outs[1])
	}
	// a suite: the same verdicts (the summary line; timings differ)
	var sums [2]string
	for i, iso := range []bool{false, true} {
		// the suite's own deadline flag (2 s by default) is generous
		// here too: a good case must not fail on a loaded machine
		args := []string{"suite", "run", "--no-progress", "--deadline", testDeadline}
		if iso {
			args = append(args, "--isolate")
		}
		_, out, errs := runCLI(append(args, "../../testdata/suites/bundled")...)
		lines := strings.Split(strings.TrimSpace(out+errs), "\n")
		sums[i] = lines[len(lines)-1]
	}
	if sums[0] != sums[1] || !strings.Contains(sums[0], "0 failed") {
		t.Errorf("suite run --isolate: %q vs %q", sums[0], sums[1])
	}
	for _, cmd := range [][]string{{"check"}, {"validate"}, {"run"}, {"gear"}, {"odds"}, {"roll"}, {"session", "show"}, {"serve"}, {"suite", "run"}, {"plugin", "test"}, {"plugin", "info"}} {
		_, help, _ := runCLI(append(cmd, "--help")...)
		if !strings.Contains(help, "--isolate") {
			t.Errorf("rulehost %s has no --isolate", strings.Join(cmd, " "))
		}
	}
}
