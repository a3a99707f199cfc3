package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/session"
)

const runChildEnv = "RULEHOST_RUN_CHILD"

// TestRunChild runs the command line in $RULEHOST_RUN_CHILD (unit-separator-separated)
// for TestKilledRunIsAllOrNothing.
func TestRunChild(t *testing.T) {
	arg := os.Getenv(runChildEnv)
	if arg == "" {
		t.Skip("run by TestKilledRunIsAllOrNothing")
	}
	os.Exit(run(append([]string{"rulehost"}, strings.Split(arg, "\x1f")...), io.Discard, os.Stderr))
}

// TestKilledRunIsAllOrNothing kills `rulehost run` of a 2,200-entry
// transcript with SIGKILL at random instants, into a session that already
// holds a clean run: every log is then byte for byte the clean run's log,
// or that log followed by the whole second run, or that plus a batch cut
// short (which readers ignore and the next writer cuts); and the session
// reopens to exactly the clean run or the two runs.
func TestKilledRunIsAllOrNothing(t *testing.T) {
	if os.Getenv(runChildEnv) != "" {
		t.Skip("child")
	}
	kills := 15
	if testing.Short() {
		kills = 3
	}
	tmp := t.TempDir()
	tr := oneTagTranscript(t, 2200)
	clean := filepath.Join(tmp, "clean")
	if code, _, errs := runCLI("run", "--session", clean, "-r", emberRS, "--party", emberParty, tr); code != 0 {
		t.Fatal(errs)
	}
	base := map[string][]byte{}
	for _, f := range []string{session.ConfigFile, session.LogFile} {
		base[f], _ = os.ReadFile(filepath.Join(clean, f))
	}
	if code, _, errs := runCLI("run", "--session", clean, tr); code != 0 {
		t.Fatal(errs)
	}
	cleanLog, _ := os.ReadFile(filepath.Join(clean, session.LogFile))
	one := bytes.Index(cleanLog, []byte(`{"seq":2201,`))
	rng := rand.New(rand.NewPCG(3, 4))
	whole, none := 0, 0
	for k := range kills {
		// A copy of the session after one clean run, at the same depth
		// (its paths are relative).
		dir := filepath.Join(tmp, "kill"+string(rune('a'+k)))
		os.MkdirAll(dir, 0o755)
		for f, data := range base {
			os.WriteFile(filepath.Join(dir, f), data, 0o644)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestRunChild$")
		cmd.Env = append(os.Environ(), runChildEnv+"="+strings.Join([]string{"run", "--session", dir, tr}, "\x1f"))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.IntN(400)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		data, _ := os.ReadFile(filepath.Join(dir, session.LogFile))
		if !bytes.HasPrefix(cleanLog, data[:min(len(data), len(cleanLog))]) && !bytes.HasPrefix(data, cleanLog[:one]) {
			t.Fatalf("kill %d: the log is not a prefix of the clean run's", k)
		}
		events, _, err := session.ReadLog(dir)
		if err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		switch len(events) {
		case 2200:
			none++
		case 4400:
			whole++
		default:
			t.Fatalf("kill %d: %d events: a transcript was applied in part", k, len(events))
		}
		// The next writer cuts a batch cut short, and appends after it.
		if k%3 != 0 {
			continue
		}
		if code, _, errs := runCLI("run", "--session", dir, tr); code != 0 {
			t.Fatalf("kill %d: reopening: %s", k, errs)
		}
		if after, _, err := session.ReadLog(dir); err != nil || len(after) != len(events)+2200 {
			t.Fatalf("kill %d: %d events after the next run (%v), want %d", k, len(after), err, len(events)+2200)
		}
	}
	t.Logf("%d kills: %d before the batch was durable, %d after", kills, none, whole)
}
