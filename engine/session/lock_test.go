package session_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// A second writer is refused at once, naming the process that writes; it
// gets the lock with Wait once the first lets go.
func TestSecondWriterRefused(t *testing.T) {
	rs, sheets := ember(t)
	dir := t.TempDir()
	s, err := session.Start(dir, cfg(t), rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	_, err = session.Open(dir, session.FileLoader(ruleset.Options{}))
	var busy *session.BusyError
	if !errors.As(err, &busy) || busy.PID != os.Getpid() {
		t.Fatalf("second writer: %v", err)
	}
	if want := fmt.Sprintf("session %s is in use by process %d", dir, os.Getpid()); err.Error() != want {
		t.Fatalf("message %q, want %q", err, want)
	}
	// A reader is never refused.
	if _, err := session.Read(dir, session.FileLoader(ruleset.Options{}), session.Options{}); err != nil {
		t.Fatalf("reader beside a writer: %v", err)
	}
	go func() {
		time.Sleep(100 * time.Millisecond)
		s.Close()
	}()
	o, err := session.OpenWith(dir, session.FileLoader(ruleset.Options{}), session.Options{Wait: 5 * time.Second})
	if err != nil {
		t.Fatalf("waiting writer: %v", err)
	}
	o.Close()
}

// A reader never writes: a torn tail stays, and a read-only folder reads.
func TestReaderChangesNothing(t *testing.T) {
	rs, sheets := ember(t)
	dir := t.TempDir()
	s, err := session.Start(dir, cfg(t), rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 5; seq++ {
		if _, err := s.Append(gen(seq)); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	logPath := filepath.Join(dir, session.LogFile)
	f, _ := os.OpenFile(logPath, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"seq":6,"kind":"gm","te`)
	f.Close()
	before, _ := os.ReadFile(logPath)
	os.Remove(filepath.Join(dir, session.LockFile))
	for _, p := range []string{logPath, filepath.Join(dir, session.ConfigFile)} {
		os.Chmod(p, 0o444)
	}
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	r, err := session.Read(dir, session.FileLoader(ruleset.Options{}), session.Options{})
	if err != nil {
		t.Fatalf("read-only folder: %v", err)
	}
	if r.Len() != 5 {
		t.Fatalf("%d events", r.Len())
	}
	if _, err := r.Append(session.GMReply, "x"); err == nil {
		t.Fatal("a session opened for reading appended")
	}
	after, _ := os.ReadFile(logPath)
	if !bytes.Equal(before, after) {
		t.Fatal("the reader changed the log")
	}
	if _, err := os.Stat(filepath.Join(dir, session.LockFile)); err == nil && os.Geteuid() != 0 {
		t.Fatal("the reader made a lock file")
	}
}

// A transcript is appended all or nothing: one refused entry leaves the
// log and the state as they were.
func TestAppendAllOrNothing(t *testing.T) {
	rs, sheets := ember(t)
	dir := t.TempDir()
	s, err := session.Start(dir, cfg(t), rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Append(session.GMReply, `[inventory: action="add" item="Rope"]`); err != nil {
		t.Fatal(err)
	}
	logBefore, _ := os.ReadFile(filepath.Join(dir, session.LogFile))
	state := stateJSON(t, s)
	_, err = s.AppendAll([]session.Entry{
		{Kind: session.GMReply, Text: `[inventory: action="add" item="Rope"]`, Line: 1},
		{Kind: session.PlayerAction, Text: `[inventory: action="add" item="Arrows"]`, Line: 3},
		{Kind: session.Regenerate, Text: "again", Line: 5},
	})
	if err == nil || !strings.Contains(err.Error(), "transcript line 5: session: nothing to regenerate") {
		t.Fatalf("want the regenerate refused at line 5, got %v", err)
	}
	logAfter, _ := os.ReadFile(filepath.Join(dir, session.LogFile))
	if !bytes.Equal(logBefore, logAfter) || s.Len() != 1 || stateJSON(t, s) != state {
		t.Fatalf("a refused transcript changed the session: %d events", s.Len())
	}
	if _, err := s.AppendAll([]session.Entry{{Kind: session.GMReply, Text: "bad \xff"}}); err == nil {
		t.Fatal("invalid UTF-8 accepted")
	}
}

// A ruleset or plugin that changed under a session is refused by name,
// unless accepted on purpose.
func TestChangedRulesetRefused(t *testing.T) {
	tmp := t.TempDir()
	rsData, _ := os.ReadFile(emberRuleset)
	rsFile := filepath.Join(tmp, "ruleset.json")
	os.WriteFile(rsFile, rsData, 0o644)
	plug := filepath.Join(tmp, "plugins")
	os.MkdirAll(plug, 0o755)
	os.WriteFile(filepath.Join(plug, "note.txt"), []byte("v1"), 0o644)
	dir := filepath.Join(tmp, "sessions", "one")
	c, err := session.NewConfig(dir, rsFile, emberParty, []string{plug}, 7)
	if err != nil {
		t.Fatal(err)
	}
	if c.Ruleset != "../../ruleset.json" || c.Plugins[0].Dir != "../../plugins" {
		t.Fatalf("paths are not relative to the session: %+v", c)
	}
	rs, sheets := ember(t)
	s, err := session.Start(dir, c, rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	load := session.FileLoader(ruleset.Options{})
	os.WriteFile(rsFile, append(rsData, ' '), 0o644)
	os.WriteFile(filepath.Join(plug, "note.txt"), []byte("v2"), 0o644)
	_, err = session.Read(dir, load, session.Options{})
	if err == nil || !strings.Contains(err.Error(), "ruleset ../../ruleset.json changed") || !strings.Contains(err.Error(), "plugin ../../plugins changed") {
		t.Fatalf("want the ruleset and the plugin named, got %v", err)
	}
	if _, err := session.Open(dir, load); err == nil {
		t.Fatal("a writer opened a changed session")
	}
	if _, err := session.Read(dir, load, session.Options{AcceptChanged: true}); err != nil {
		t.Fatalf("accepted on purpose: %v", err)
	}
}

// A refused start leaves no folder behind.
func TestDiscardLeavesNoFolder(t *testing.T) {
	rs, sheets := ember(t)
	dir := filepath.Join(t.TempDir(), "new")
	s, err := session.Start(dir, cfg(t), rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Discard(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the folder is still there: %v", err)
	}
}

const writerEnv = "RULEHOST_SESSION_WRITER_CHILD"

// TestWriterChild is a child of the two-process tests: it opens (or
// starts) the session in $RULEHOST_SESSION_WRITER_CHILD ("dir,wait,n"),
// appends n events of the gen stream, printing "ack SEQ" after each, or
// prints "busy MESSAGE" if another process holds the lock.
func TestWriterChild(t *testing.T) {
	arg := os.Getenv(writerEnv)
	if arg == "" {
		t.Skip("run by the two-process tests")
	}
	parts := strings.Split(arg, ",")
	dir := parts[0]
	wait, _ := time.ParseDuration(parts[1])
	n, _ := strconv.Atoi(parts[2])
	var s *session.Session
	var err error
	if len(parts) > 3 { // "start,SEED": start the session, racing the others
		seed, _ := strconv.ParseUint(parts[4], 10, 64)
		c := cfg(t)
		c.Seed = seed
		rs, sheets := ember(t)
		s, err = session.Start(dir, c, rs, sheets, session.Options{Wait: wait})
		if errors.Is(err, session.ErrExists) {
			s, err = session.OpenWith(dir, session.FileLoader(ruleset.Options{}), session.Options{Wait: wait})
		} else if err == nil {
			fmt.Println("started", seed)
		}
	} else {
		s, err = session.OpenWith(dir, session.FileLoader(ruleset.Options{}), session.Options{Wait: wait})
	}
	var busy *session.BusyError
	if errors.As(err, &busy) {
		fmt.Println("busy", err)
		os.Exit(0)
	}
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	for i := 0; i < n; i++ {
		ev, err := s.Append(gen(s.Len() + 1))
		if err != nil {
			fmt.Println("error", err)
			os.Exit(3)
		}
		_ = ev
		fmt.Printf("ack %d\n", s.Len())
	}
	s.Close()
	os.Exit(0)
}

type childResult struct {
	acks    []int
	busy    string
	started string
}

func runWriters(t *testing.T, dir string, wait time.Duration, n, procs int, start ...bool) []childResult {
	t.Helper()
	out := make([]childResult, procs)
	var wg sync.WaitGroup
	for p := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^TestWriterChild$")
		arg := fmt.Sprintf("%s=%s,%s,%d", writerEnv, dir, wait, n)
		if len(start) > 0 {
			arg += fmt.Sprintf(",start,%d", 100+p)
		}
		cmd.Env = append(os.Environ(), arg)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				line := sc.Text()
				if s, ok := strings.CutPrefix(line, "ack "); ok {
					v, _ := strconv.Atoi(s)
					out[p].acks = append(out[p].acks, v)
				} else if s, ok := strings.CutPrefix(line, "started "); ok {
					out[p].started = s
				} else if s, ok := strings.CutPrefix(line, "busy "); ok {
					out[p].busy = s
				} else if strings.HasPrefix(line, "error") {
					t.Errorf("child %d: %s", p, line)
				}
			}
			cmd.Wait()
		}()
	}
	wg.Wait()
	return out
}

// checkLog: the log holds seqs 1..N once each, every event the gen stream's,
// and every acknowledged seq is in it.
func checkLog(t *testing.T, dir string, results []childResult) int {
	t.Helper()
	events, _, err := session.ReadLog(dir)
	if err != nil {
		t.Fatalf("the log no longer reads: %v", err)
	}
	for i, ev := range events {
		kind, text := gen(i + 1)
		if ev.Seq != i+1 || ev.Kind != kind || ev.Text != text {
			t.Fatalf("event %d is %+v", i+1, ev)
		}
	}
	for p, r := range results {
		for _, a := range r.acks {
			if a > len(events) {
				t.Fatalf("child %d: acknowledged seq %d lost (log holds %d)", p, a, len(events))
			}
		}
	}
	return len(events)
}

// Two real processes write one session at once: one wins, the other is
// refused at once and clearly; with --wait both write in turn. Nothing
// acknowledged is lost and no seq repeats.
func TestTwoProcessesWriteOneSession(t *testing.T) {
	if os.Getenv(writerEnv) != "" {
		t.Skip("child")
	}
	rs, sheets := ember(t)
	for trial := range 3 {
		dir := t.TempDir()
		s, err := session.Start(dir, cfg(t), rs, sheets)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		res := runWriters(t, dir, 0, 150, 2)
		winners, refusedMsg := 0, ""
		for _, r := range res {
			if r.busy != "" {
				refusedMsg = r.busy
			} else if len(r.acks) == 150 {
				winners++
			}
		}
		n := checkLog(t, dir, res)
		// Both may win in turn if the first finished before the second
		// tried; what never happens is both writing at once.
		if winners == 1 && (refusedMsg == "" || !strings.Contains(refusedMsg, "is in use by process")) {
			t.Fatalf("trial %d: the loser was not refused clearly: %q", trial, refusedMsg)
		}
		if n != 150*winners {
			t.Fatalf("trial %d: %d events for %d winners", trial, n, winners)
		}
		t.Logf("trial %d: %d winner(s), loser: %q", trial, winners, refusedMsg)
	}
	dir := t.TempDir()
	s, err := session.Start(dir, cfg(t), rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	res := runWriters(t, dir, 30*time.Second, 100, 3)
	if n := checkLog(t, dir, res); n != 300 {
		t.Fatalf("three waiting writers of 100 events: %d in the log", n)
	}
}

// A reader in a loop beside a writer (another process) never changes the
// log: every acknowledged event is there at the end, and every read saw a
// prefix of the stream.
func TestReaderBesideWriter(t *testing.T) {
	if os.Getenv(writerEnv) != "" {
		t.Skip("child")
	}
	rs, sheets := ember(t)
	dir := t.TempDir()
	s, err := session.Start(dir, cfg(t), rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	done := make(chan []childResult)
	go func() { done <- runWriters(t, dir, 0, 300, 1) }()
	reads := 0
	for {
		select {
		case res := <-done:
			if n := checkLog(t, dir, res); n != 300 {
				t.Fatalf("%d events after the writer, want 300", n)
			}
			t.Logf("%d reads beside the writer", reads)
			return
		default:
		}
		r, err := session.Read(dir, session.FileLoader(ruleset.Options{}), session.Options{})
		if err != nil {
			t.Fatalf("read %d: %v", reads, err)
		}
		for i, ev := range r.Events() {
			kind, text := gen(i + 1)
			if ev.Kind != kind || ev.Text != text {
				t.Fatalf("read %d: event %d is %+v", reads, i+1, ev)
			}
		}
		reads++
	}
}

// Two processes starting the same new folder: exactly one starts it (its
// seed is the one in session.json), the other is refused or, waiting,
// continues it; the log holds every acknowledged event once.
func TestTwoProcessesStartOneSession(t *testing.T) {
	if os.Getenv(writerEnv) != "" {
		t.Skip("child")
	}
	for _, wait := range []time.Duration{0, 30 * time.Second} {
		dir := filepath.Join(t.TempDir(), "new")
		res := runWriters(t, dir, wait, 100, 2, true)
		starters := 0
		var seed string
		for _, r := range res {
			if r.started != "" {
				starters++
				seed = r.started
			}
		}
		if starters != 1 {
			t.Fatalf("wait %v: %d processes started the session: %+v", wait, starters, res)
		}
		c, err := session.ReadConfig(dir)
		if err != nil || fmt.Sprint(c.Seed) != seed {
			t.Fatalf("wait %v: session.json seed %d, the starter's %s (%v)", wait, c.Seed, seed, err)
		}
		n := checkLog(t, dir, res)
		if wait > 0 && n != 200 {
			t.Fatalf("both writers waited in turn: %d events, want 200", n)
		}
		matches, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
		if len(matches) > 0 {
			t.Fatalf("temporary files left: %v", matches)
		}
	}
}
