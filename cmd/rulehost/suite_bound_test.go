package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// cliChildEnv makes this test binary run one command line (its value,
// arguments separated by \x1f) as rulehost would, and exit: a child whose
// output and peak memory a test can measure.
const cliChildEnv = "RULEHOST_CLI_CHILD"

func TestCLIChild(t *testing.T) {
	arg := os.Getenv(cliChildEnv)
	if arg == "" {
		t.Skip("run as a child by tests that measure a command")
	}
	os.Exit(run(append([]string{"rulehost"}, strings.Split(arg, "\x1f")...), os.Stdout, os.Stderr))
}

// countWriter counts the bytes written to it and keeps the first few KiB.
type countWriter struct {
	n    int
	head []byte
}

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	if room := 8<<10 - len(w.head); room > 0 {
		w.head = append(w.head, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// runChild runs a command line in a child process and returns its exit
// status, the bytes it printed (stdout and stderr) and its peak RSS.
func runChild(t *testing.T, args ...string) (code int, out, errs *countWriter, maxRSS int64) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCLIChild$")
	cmd.Env = append(os.Environ(), cliChildEnv+"="+strings.Join(args, "\x1f"))
	out, errs = &countWriter{}, &countWriter{}
	cmd.Stdout, cmd.Stderr = out, errs
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if ru != nil {
		maxRSS = ru.Maxrss << 10 // KiB on Linux
	}
	return cmd.ProcessState.ExitCode(), out, errs, maxRSS
}

// TestHugeGoldenLineBounded (issue 27): a 32 MiB one-line golden printed
// 33.5 MB and took 348 MB of RSS in `suite run`. What a diff prints is cut
// and what is read of a line is bounded: the child prints a few KiB and
// stays near its baseline.
func TestHugeGoldenLineBounded(t *testing.T) {
	dir := t.TempDir()
	rs, _ := filepath.Abs(fiveE)
	if err := os.WriteFile(filepath.Join(dir, "suite.json"), []byte(`{"checks": [{"name": "roll", "ruleset": "`+rs+`",
  "tag": "[roll_dice: dice=\"1d6\"]", "seeds": [1]}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	line := "[roll_dice: dice=\"1d6\" note=\"" + strings.Repeat("x", 32<<20) + "\"]\n"
	if err := os.WriteFile(filepath.Join(dir, "roll.golden"), []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	line = ""
	// the baseline: the same suite with a small golden
	small := t.TempDir()
	data, _ := os.ReadFile(filepath.Join(dir, "suite.json"))
	os.WriteFile(filepath.Join(small, "suite.json"), data, 0o644)
	os.WriteFile(filepath.Join(small, "roll.golden"), []byte("[roll_dice: dice=\"1d6\" note=\"x\"]\n"), 0o644)
	_, _, _, base := runChild(t, "suite", "run", "--no-progress", small)

	code, out, errs, rss := runChild(t, "suite", "run", "--no-progress", dir)
	t.Logf("exit %d, %d bytes on stdout, %d on stderr, peak RSS %d MiB (baseline %d MiB)", code, out.n, errs.n, rss>>20, base>>20)
	if code == 0 || !strings.Contains(string(out.head)+string(errs.head), "FAIL") {
		t.Fatalf("exit %d:\n%s\n%s", code, out.head, errs.head)
	}
	if printed := out.n + errs.n; printed > 32<<10 {
		t.Errorf("printed %d bytes for one failing case", printed)
	}
	if rss > base+48<<20 {
		t.Errorf("peak RSS %d MiB, %d MiB over the baseline", rss>>20, (rss-base)>>20)
	}
}
