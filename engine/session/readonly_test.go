//go:build linux

package session_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

const readerEnv = "RULEHOST_SESSION_READER_CHILD"

// TestReaderChild reads the session in $RULEHOST_SESSION_READER_CHILD and
// prints its event count, then tries to open it as a writer.
func TestReaderChild(t *testing.T) {
	dir := os.Getenv(readerEnv)
	if dir == "" {
		t.Skip("run by TestReadOnlyFolder")
	}
	r, err := session.Read(dir, session.FileLoader(ruleset.Options{}), session.Options{})
	if err != nil {
		fmt.Println("read error", err)
		os.Exit(0)
	}
	fmt.Println("events", r.Len())
	if _, err := session.Open(dir, session.FileLoader(ruleset.Options{})); err != nil {
		fmt.Println("writer refused", err)
	}
	os.Exit(0)
}

// TestReadOnlyFolder reads a session as a user who may not write to its
// folder (the test re-runs itself as nobody, so it needs root): the read
// succeeds, a torn tail stays, and only the writer is refused.
func TestReadOnlyFolder(t *testing.T) {
	if os.Getenv(readerEnv) != "" {
		t.Skip("child")
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root to run the reader as another user; TestReaderChangesNothing covers the rest")
	}
	rs, sheets := ember(t)
	base, err := os.MkdirTemp("", "rulehost-ro-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(base)
	os.Chmod(base, 0o755)
	dir := filepath.Join(base, "s")
	s, err := session.Start(dir, cfg(t), rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 4; seq++ {
		if _, err := s.Append(gen(seq)); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	logPath := filepath.Join(dir, session.LogFile)
	f, _ := os.OpenFile(logPath, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"seq":5,"kind":"gm","te`)
	f.Close()
	os.Remove(filepath.Join(dir, session.LockFile))
	before, _ := os.ReadFile(logPath)
	// The test binary sits in a folder only root may enter: copy it.
	bin, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(base, "session.test")
	if err := os.WriteFile(exe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestReaderChild$")
	cmd.Env = append(os.Environ(), readerEnv+"="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("cannot run the reader as nobody here: %v", err)
	}
	if !strings.Contains(string(out), "events 4") || !strings.Contains(string(out), "writer refused") {
		t.Fatalf("reader as nobody:\n%s", out)
	}
	after, _ := os.ReadFile(logPath)
	if !bytes.Equal(before, after) {
		t.Fatal("the reader changed the log")
	}
	if _, err := os.Stat(filepath.Join(dir, session.LockFile)); err == nil {
		t.Fatal("a lock file appeared")
	}
}
