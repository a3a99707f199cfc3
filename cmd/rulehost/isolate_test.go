package main

import (
	"encoding/json"
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
	code := m.Run()
	removeLightBinaries()
	os.Exit(code)
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
	withIsolate := [][]string{{"check"}, {"validate"}, {"run"}, {"gear"}, {"odds"}, {"roll"}, {"session", "show"}, {"suite", "run"}, {"plugin", "test"}, {"plugin", "info"}}
	if !lightBuild { // the light build hands serve to rulehost-server
		withIsolate = append(withIsolate, []string{"serve"})
	}
	for _, cmd := range withIsolate {
		_, help, _ := runCLI(append(cmd, "--help")...)
		if !strings.Contains(help, "--isolate") {
			t.Errorf("rulehost %s has no --isolate", strings.Join(cmd, " "))
		}
	}
}

// TestIsolateExactOdds (issue 27): under --isolate a plugin kind's odds
// function never ran: ironsworn's odds were sampled for 9-11 s with the
// false note "the kind gives no exact odds". The worker now runs it, and
// odds (text and JSON) print byte for byte what they print in process.
func TestIsolateExactOdds(t *testing.T) {
	iron := []string{"--plugins", plugins, "-r", "../../rulesets/ironsworn/ruleset.json", "-s", "../../rulesets/ironsworn/sheets/kai.json"}
	for _, args := range [][]string{
		append(append([]string{"odds"}, iron...), `[skill_check: ability="Edge"]`),
		append(append([]string{"odds", "--json"}, iron...), `[skill_check: skill="Face danger" adds="1"]`),
		append(append([]string{"odds", "--vs", `[skill_check: ability="Iron"]`}, iron...), `[skill_check: ability="Edge"]`),
	} {
		c1, o1, e1 := runCLI(args...)
		c2, o2, e2 := runCLI(append([]string{"odds", "--isolate"}, args[1:]...)...)
		if c1 != 0 || c1 != c2 || o1 != o2 || e1 != e2 {
			t.Errorf("%v:\n in-process exit %d\n%s%s\n isolated exit %d\n%s%s", args, c1, o1, e1, c2, o2, e2)
		}
		if strings.Contains(o2, "sampled") || strings.Contains(o2, "no exact odds") {
			t.Errorf("%v: sampled under --isolate:\n%s", args, o2)
		}
	}
}

// TestIsolateSuiteExactOdds (issue 27): `suite run --isolate` failed
// exact-odds cases that pass in process (the kind's odds were sampled).
// The same suite now prints the same results either way.
func TestIsolateSuiteExactOdds(t *testing.T) {
	dir := t.TempDir()
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	if err := os.WriteFile(filepath.Join(dir, "suite.json"), []byte(`{"name": "iron",
  "plugins": ["`+abs(plugins)+`/ironsworn"],
  "odds": [{"name": "edge", "ruleset": "`+abs("../../rulesets/ironsworn/ruleset.json")+`",
    "sheets": ["`+abs("../../rulesets/ironsworn/sheets/kai.json")+`"], "tag": "[skill_check: ability=\"Edge\"]",
    "success": 0.7683333333333333, "outcomes": {"Strong hit": 0.33166666666666667, "Weak hit": 0.43666666666666665, "Miss": 0.23166666666666666},
    "tolerance": 1e-12}]
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var outs [2]string
	for i, args := range [][]string{{"suite", "run", "--no-progress", "--json", dir}, {"suite", "run", "--isolate", "--no-progress", "--json", dir}} {
		code, out, errs := runCLI(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
		// the cases' times are the only thing allowed to differ
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var r map[string]any
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%v: %v\n%s", args, err, out)
			}
			delete(r, "seconds")
			b, _ := json.Marshal(r)
			outs[i] += string(b) + "\n"
		}
	}
	if outs[0] != outs[1] || !strings.Contains(outs[0], `"name":"edge","status":"pass"`) {
		t.Errorf("in process and isolated differ:\n%s\n%s", outs[0], outs[1])
	}
}
