package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const bundledSuite = "../../testdata/suites/bundled"

// testDeadline is the per-call deadline of these tests: they check what a
// suite run prints, and a loaded machine must not turn a slow plugin call
// into a failure.
const testDeadline = "30s"

func TestSuiteRun(t *testing.T) {
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "suite.json"), []byte(`{"checks": [{"name": "a", "tag": "[roll_dice: dice=\"1d6\"]"}]}`), 0o644)
	failing := t.TempDir()
	os.WriteFile(filepath.Join(failing, "suite.json"), []byte(`{"checks": [{"name": "roll", "ruleset": "`+
		filepath.ToSlash(mustAbs(t, fiveE))+`", "tag": "[roll_dice: dice=\"1d6\"]", "expect": {"attrs": {"total": "7"}}}]}`), 0o644)
	cases := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"bundled", []string{"suite", "run", "--deadline", testDeadline, "--no-progress", bundledSuite}, 0, " passed, 0 failed, 0 skipped\n"},
		{"bundled plain lines", []string{"suite", "run", "--deadline", testDeadline, bundledSuite}, 0, "PASS bundled/check/d20-5e/athletics\n"},
		{"filter", []string{"suite", "run", "--deadline", testDeadline, "--filter", "bundled/transcript/*/gravewatch/01-*", bundledSuite}, 0, "1 passed, 0 failed, 0 skipped"},
		{"filter nothing", []string{"suite", "run", "--deadline", testDeadline, "--filter", "zzz", bundledSuite}, 0, `no case matches --filter "zzz"`},
		{"shard", []string{"suite", "run", "--deadline", testDeadline, "--shard", "2/3", bundledSuite}, 0, "0 failed"},
		{"bad shard", []string{"suite", "run", "--deadline", testDeadline, "--shard", "4/3", bundledSuite}, 2, "--shard"},
		{"bad deadline", []string{"suite", "run", "--deadline", "0s", bundledSuite}, 2, "--deadline"},
		{"bad jobs", []string{"suite", "run", "--deadline", testDeadline, "--jobs", "0", bundledSuite}, 2, "--jobs"},
		{"no folder", []string{"suite", "run"}, 2, "name at least one suite folder"},
		{"missing folder", []string{"suite", "run", "--deadline", testDeadline, "/nonexistent"}, 2, "is not a folder"},
		{"folder without suite.json", []string{"suite", "run", "--deadline", testDeadline, t.TempDir()}, 2, "suite.json"},
		{"refused suite.json", []string{"suite", "run", "--deadline", testDeadline, bad}, 1, `/checks/0: missing required key "ruleset"`},
		{"failing case", []string{"suite", "run", "--deadline", testDeadline, failing}, 1, "FAIL "},
		{"failing case summary", []string{"suite", "run", "--deadline", testDeadline, failing}, 1, "0 passed, 1 failed, 0 skipped"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, c.code, out, errs)
			}
			if !strings.Contains(out+errs, c.out) {
				t.Fatalf("output lacks %q\nstdout: %s\nstderr: %s", c.out, out, errs)
			}
		})
	}
}

func mustAbs(t *testing.T, p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestSuiteRunReports: --json prints one object per case (the summary on
// stderr) and --junit writes XML naming every case.
func TestSuiteRunReports(t *testing.T) {
	junit := filepath.Join(t.TempDir(), "report.xml")
	code, out, errs := runCLI("suite", "run", "--deadline", testDeadline, "--json", "--junit", junit, "--filter", "d20-5e", bundledSuite)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, l := range lines {
		var r map[string]any
		if err := json.Unmarshal([]byte(l), &r); err != nil || r["status"] != "pass" {
			t.Fatalf("%q: %v", l, err)
		}
	}
	if want := fmt.Sprintf("%d passed, 0 failed, 0 skipped", len(lines)); !strings.Contains(errs, want) {
		t.Errorf("stderr lacks %q: %s", want, errs)
	}
	xml, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(xml), "<testcase "); n != len(lines) {
		t.Errorf("%d testcases in the JUnit report for %d cases", n, len(lines))
	}
}

// TestSuiteRunJobsSameOutput: --jobs 1 and --jobs 4 print the same lines
// in the same order (only the timing line differs).
func TestSuiteRunJobsSameOutput(t *testing.T) {
	strip := func(s string) string {
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.HasPrefix(l, "ran ") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	_, one, _ := runCLI("suite", "run", "--deadline", testDeadline, "--jobs", "1", bundledSuite)
	_, four, _ := runCLI("suite", "run", "--deadline", testDeadline, "--jobs", "4", bundledSuite)
	if strip(one) != strip(four) || strings.Count(one, "\nPASS ") < 100 {
		t.Errorf("--jobs 1:\n%s\n--jobs 4:\n%s", one, four)
	}
}

// TestSuiteIsolatedStampsAgree: goldens recorded in process carry the
// same engine and plugin stamp when checked in a worker (--isolate
// --update rewrites none of them).
func TestSuiteIsolatedStampsAgree(t *testing.T) {
	dir := t.TempDir()
	root := filepath.ToSlash(mustAbs(t, "../.."))
	data, err := os.ReadFile(filepath.Join(bundledSuite, "suite.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "suite.json"), []byte(strings.ReplaceAll(string(data), "../../../", root+"/")), 0o644)
	args := []string{"suite", "run", "--deadline", testDeadline, "--filter", "*gravewatch*", "--update"}
	if code, out, errs := runCLI(append(args, dir)...); code != 0 || !strings.Contains(out, "(updated)") {
		t.Fatalf("recording: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs := runCLI(append(append(args, "--isolate"), dir)...)
	if code != 0 || strings.Contains(out, "(updated)") || !strings.Contains(out, "PASS bundled/check/gravewatch/opposed-ward") {
		t.Errorf("isolated: exit %d\n%s\n%s", code, out, errs)
	}
}
