package session

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A failed append is cut back off the log, so the next append does not
// follow half an event and the log still reads whole.
func TestFailedAppendIsUndone(t *testing.T) {
	dir := t.TempDir()
	st, err := Create(dir, Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.append(Event{Seq: 1, Kind: GMReply, Text: "one"}); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(filepath.Join(dir, LogFile))
	// A write that failed halfway left part of an event behind.
	if _, err := st.f.Write([]byte(`{"seq":2,"kind":"gm","te`)); err != nil {
		t.Fatal(err)
	}
	if got := st.undo(info.Size(), errors.New("disk full")); got == nil || got.Error() != "disk full" {
		t.Fatalf("undo returned %v", got)
	}
	if err := st.append(Event{Seq: 2, Kind: GMReply, Text: "two"}); err != nil {
		t.Fatal(err)
	}
	events, good, err := ReadLog(dir)
	after, _ := os.Stat(filepath.Join(dir, LogFile))
	if err != nil || len(events) != 2 || events[1].Text != "two" || good != after.Size() {
		t.Fatalf("after undo and append: %+v, good %d of %d, %v", events, good, after.Size(), err)
	}
}

// A folder whose config was written but whose log never was (a crash
// between the two in an older version) opens as an empty session.
func TestMissingLogReadsEmpty(t *testing.T) {
	dir := t.TempDir()
	events, good, err := ReadLog(dir)
	if err != nil || len(events) != 0 || good != 0 {
		t.Fatalf("missing log: %v %d %v", events, good, err)
	}
}

// Create writes the log before the config: after Create, both exist, and
// a folder with only a log is not a session yet (Create may start over).
func TestCreateOrder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, LogFile), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := Create(dir, Config{Seed: 2})
	if err != nil {
		t.Fatalf("a folder with only a log must be creatable: %v", err)
	}
	st.Close()
	for _, f := range []string{LogFile, ConfigFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatalf("%s missing after Create: %v", f, err)
		}
	}
	if _, err := Create(dir, Config{}); err == nil {
		t.Fatal("Create over an existing session must be refused")
	}
}
