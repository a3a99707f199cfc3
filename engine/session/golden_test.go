package session_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

var update = flag.Bool("update", false, "rewrite the transcript goldens under testdata/transcripts")

// TestTranscriptGoldens answers every bundled transcript
// (rulesets/*/transcripts/*.txt) with its ruleset's sample party on seed 1
// and compares the records and the final inventory block with
// testdata/transcripts/RULESET-NAME.golden.
func TestTranscriptGoldens(t *testing.T) {
	files, _ := filepath.Glob("../../rulesets/*/transcripts/*.txt")
	if len(files) < 2 {
		t.Fatalf("want the Ember Roads and Gravewatch transcripts, found %v", files)
	}
	for _, f := range files {
		dir := filepath.Dir(filepath.Dir(f))
		name := filepath.Base(dir) + "-" + strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			rs, err := ruleset.LoadFile(filepath.Join(dir, "ruleset.json"), ruleset.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sheets, err := session.LoadParty(filepath.Join(dir, "sheets"), rs)
			if err != nil {
				t.Fatal(err)
			}
			in, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			entries, err := session.ParseTranscript(in)
			in.Close()
			if err != nil {
				t.Fatal(err)
			}
			s := session.New(rs, sheets, 1)
			var b strings.Builder
			for _, e := range entries {
				r, err := s.Append(e.Kind, e.Text)
				if err != nil {
					t.Fatal(err)
				}
				b.WriteString("--- " + e.Kind + "\n")
				for _, rec := range r.Records {
					b.WriteString(rec.String() + "\n")
				}
			}
			b.WriteString(s.State().Party.Block())
			golden := filepath.Join("../../testdata/transcripts", name+".golden")
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if string(want) != b.String() {
				t.Errorf("records differ from %s:\n%s", golden, b.String())
			}
		})
	}
}

// TestStoredSessionWithTornTail replays testdata/sessions/ember-torn.jsonl,
// a stored Ember Roads log whose last line was cut short by a crash: the
// complete events are the session, the torn line is not.
func TestStoredSessionWithTornTail(t *testing.T) {
	data, err := os.ReadFile("../../testdata/sessions/ember-torn.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c := cfg(t)
	rs, sheets := ember(t)
	s, err := session.Start(dir, c, rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := os.WriteFile(filepath.Join(dir, session.LogFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := session.Open(dir, session.FileLoader(ruleset.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	if n := len(o.Events()); n != 3 {
		t.Fatalf("%d events replayed, want the 3 complete ones", n)
	}
	if !strings.Contains(o.State().Party.Block(), "Wren (load 7 of 4 bulk (limit 12), encumbered") {
		t.Errorf("state:\n%s", o.State().Party.Block())
	}
}

// TestStoredSessionFormat1 reads a log of format 1 (before integrity
// checks; its session.json has no "format" and no hashes): it is refused
// by name (issue 30: it folded silently to whatever the files say now),
// and with AcceptChanged it replays, strictly, but a writer refuses to
// append to it.
func TestStoredSessionFormat1(t *testing.T) {
	data, err := os.ReadFile("../../testdata/sessions/ember-torn-v1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c := cfg(t)
	conf := fmt.Sprintf(`{"ruleset": %q, "party": %q, "seed": %d}`, c.Ruleset, c.Party, c.Seed)
	os.WriteFile(filepath.Join(dir, session.ConfigFile), []byte(conf), 0o644)
	os.WriteFile(filepath.Join(dir, session.LogFile), data, 0o644)
	if _, err := session.Read(dir, session.FileLoader(ruleset.Options{}), session.Options{}); err == nil ||
		!strings.Contains(err.Error(), "format-1 session without hashes") || !strings.Contains(err.Error(), "recorded no version") {
		t.Fatalf("a format-1 session without hashes read silently: %v", err)
	}
	r, err := session.Read(dir, session.FileLoader(ruleset.Options{}), session.Options{AcceptChanged: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := r.Len(); n != 3 {
		t.Fatalf("%d events replayed, want the 3 complete ones", n)
	}
	if _, err := session.OpenWith(dir, session.FileLoader(ruleset.Options{}), session.Options{AcceptChanged: true}); err == nil || !strings.Contains(err.Error(), "format 1") {
		t.Fatalf("appending to a format 1 log: %v", err)
	}
	after, _ := os.ReadFile(filepath.Join(dir, session.LogFile))
	if string(after) != string(data) {
		t.Fatal("a refused writer changed the log")
	}
}
