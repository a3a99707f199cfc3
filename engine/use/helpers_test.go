package use_test

import (
	"encoding/json"
	"testing"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/use/usetest"
)

const root = "../.."

func loadRS(t testing.TB, name string) *ruleset.Ruleset {
	t.Helper()
	return usetest.Ruleset(t, root, name)
}

// party loads sheets: a name with a slash is a path under the repository
// root, otherwise a file of testdata/use.
func party(t testing.TB, rs *ruleset.Ruleset, files ...string) []*sheet.Sheet {
	t.Helper()
	return usetest.Sheets(t, root, rs, files...)
}

// ember is Ember Roads with Juno first, then the sample travelers.
func ember(t testing.TB, seed uint64) *session.Session {
	rs := loadRS(t, "ember-roads")
	return session.New(rs, party(t, rs, "juno.json", "rulesets/ember-roads/sheets/01-tamsin.json"), seed)
}

// grave is Gravewatch with Ada first, then Maud and Bram.
func grave(t testing.TB, seed uint64) *session.Session {
	rs := loadRS(t, "gravewatch")
	return session.New(rs, party(t, rs, "ada.json", "rulesets/gravewatch/sheets/maud.json", "rulesets/gravewatch/sheets/bram.json"), seed)
}

// say appends an event and returns its records.
func say(t testing.TB, s *session.Session, kind, text string) []record.Record {
	t.Helper()
	r, err := s.Append(kind, text)
	if err != nil {
		t.Fatal(err)
	}
	return r.Records
}

// one appends an event with exactly one tag and returns its record.
func one(t testing.TB, s *session.Session, kind, text string) record.Record {
	t.Helper()
	recs := say(t, s, kind, text)
	if len(recs) != 1 {
		t.Fatalf("%s: %d records, want 1", text, len(recs))
	}
	return recs[0]
}

func jsonOf(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}
