package fight_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

type bundle struct {
	rs    *ruleset.Ruleset
	party []*sheet.Sheet
}

var (
	bundlesMu sync.Mutex
	bundles   = map[string]bundle{}
)

// game is a session of a bundled ruleset with its bundled party (each
// loaded once: the fuzz target starts many games).
func game(t testing.TB, name string, seed uint64) *session.Session {
	t.Helper()
	bundlesMu.Lock()
	defer bundlesMu.Unlock()
	b, ok := bundles[name]
	if !ok {
		rs, err := ruleset.LoadFile(filepath.Join("..", "..", "rulesets", name, "ruleset.json"), ruleset.Options{})
		if err != nil {
			t.Fatal(err)
		}
		party, err := session.LoadParty(filepath.Join("..", "..", "rulesets", name, "sheets"), rs)
		if err != nil {
			t.Fatal(err)
		}
		b = bundle{rs, party}
		bundles[name] = b
	}
	return session.New(b.rs, b.party, seed)
}

// gm appends a Game Master reply and returns its records.
func gm(t testing.TB, s *session.Session, text string) []record.Record {
	t.Helper()
	r, err := s.Append(session.GMReply, text)
	if err != nil {
		t.Fatal(err)
	}
	return r.Records
}

// one appends a reply with one tag and returns its record.
func one(t testing.TB, s *session.Session, text string) record.Record {
	t.Helper()
	recs := gm(t, s, text)
	if len(recs) != 1 {
		t.Fatalf("%s: %d records", text, len(recs))
	}
	return recs[0]
}

func refused(t testing.TB, rec record.Record, reason string) {
	t.Helper()
	if rec.Name != "refused" || rec.Value("reason") != reason {
		t.Fatalf("want refused %s, got %s", reason, rec)
	}
}

func has(t testing.TB, rec record.Record, key, part string) {
	t.Helper()
	if !strings.Contains(rec.Value(key), part) {
		t.Fatalf("%s=%q lacks %q (record %s)", key, rec.Value(key), part, rec)
	}
}
