package session_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// TestAuditLenientRegenerateKeepsSeq: a log edited to hold a regenerate
// after a player action is read leniently (the regenerate is not folded),
// but it is still an event of the log, so the next append takes the next
// seq and the log can be opened again ("seq counts events from 1, with no
// gaps", docs/session.md).
func TestAuditLenientRegenerateKeepsSeq(t *testing.T) {
	rs, sheets := ember(t)
	dir := t.TempDir()
	s, err := session.Start(dir, cfg(t), rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(session.PlayerAction, `[inventory: action="add" item="Rope"]`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	f, err := os.OpenFile(filepath.Join(dir, session.LogFile), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(session.AppendLine(nil, session.Event{Seq: 2, Kind: session.Regenerate, Text: `[inventory: action="add" item="Millstone"]`}, false))
	f.Close()
	o, err := session.Open(dir, session.FileLoader(ruleset.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Append(session.GMReply, `[inventory: action="add" item="Rope" who="Orrin"]`); err != nil {
		t.Fatal(err)
	}
	o.Close()
	events, _, err := session.ReadLog(dir)
	if err != nil {
		t.Fatalf("the log no longer opens: %v", err)
	}
	if len(events) != 3 || events[2].Seq != 3 {
		t.Fatalf("events: %+v", events)
	}
	if _, err := session.Open(dir, session.FileLoader(ruleset.Options{})); err != nil {
		t.Fatal(err)
	}
}
