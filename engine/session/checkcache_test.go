package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestCheckCacheNeverStale holds the members' check environments kept
// per party generation (checkcache.go) to environments computed afresh
// for every check. Every bundled transcript is replayed with probe checks
// (each member, a few skills and a save) before the first tag and after
// every tag of every entry, so a check reads the party right after each
// kind of change (inventory, gear, loot, markets, sheet conditions,
// fights, regenerated replies) inside one reply as well as across
// replies. A tag handler that changes the party without moving the
// generation makes a probe's record differ from the reference's.
func TestCheckCacheNeverStale(t *testing.T) {
	files, _ := filepath.Glob("../../rulesets/*/transcripts/*.txt")
	if len(files) < 2 {
		t.Fatalf("want the bundled transcripts, found %v", files)
	}
	for _, f := range files {
		dir := filepath.Dir(filepath.Dir(f))
		t.Run(filepath.Base(dir)+"-"+filepath.Base(f), func(t *testing.T) {
			cached, fresh := transcriptSession(t, dir), transcriptSession(t, dir)
			fresh.checks.off = true
			in, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			entries, err := ParseTranscript(in)
			in.Close()
			if err != nil {
				t.Fatal(err)
			}
			probes, checks := probeChecks(cached), 0
			for n, e := range entries {
				text := withProbes(e.Text, probes)
				got, err := cached.Append(e.Kind, text)
				if err != nil {
					t.Fatal(err)
				}
				want, err := fresh.Append(e.Kind, text)
				if err != nil {
					t.Fatal(err)
				}
				if len(got.Records) != len(want.Records) {
					t.Fatalf("entry %d: %d records, afresh %d", n, len(got.Records), len(want.Records))
				}
				for i := range got.Records {
					g, w := got.Records[i].String(), want.Records[i].String()
					if g != w {
						t.Errorf("entry %d record %d:\n cached %s\n afresh %s", n, i, g, w)
					}
					if got.Records[i].Name == "check" {
						checks++
					}
				}
			}
			if checks < len(entries) {
				t.Errorf("only %d probe checks answered over %d entries: the probes test nothing", checks, len(entries))
			}
			if g, w := cached.State().Party.Block(), fresh.State().Party.Block(); g != w {
				t.Errorf("party differs:\n%s\nafresh:\n%s", g, w)
			}
		})
	}
}

func transcriptSession(t *testing.T, dir string) *Session {
	t.Helper()
	rs, err := ruleset.LoadFile(filepath.Join(dir, "ruleset.json"), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := LoadParty(filepath.Join(dir, "sheets"), rs)
	if err != nil {
		t.Fatal(err)
	}
	return New(rs, sheets, 1)
}

// probeChecks are skill_check tags for every member: the first three
// skills and the first save of the ruleset.
func probeChecks(s *Session) string {
	var targets []string
	for i, sk := range s.RS.Skills {
		if i == 3 {
			break
		}
		targets = append(targets, `skill="`+sk.ID+`"`)
	}
	if len(s.RS.Saves) > 0 {
		targets = append(targets, `save="`+s.RS.Saves[0].ID+`"`)
	}
	var b strings.Builder
	for _, m := range s.state.Party.Members {
		for _, tg := range targets {
			b.WriteString(` [skill_check: ` + tg + ` who="` + m.Name + `" dc="10"]`)
		}
	}
	return b.String()
}

// withProbes is text with probes before its first tag and after each.
func withProbes(text, probes string) string {
	var b strings.Builder
	b.WriteString(probes)
	last := 0
	for _, f := range tag.FindAll(text) {
		b.WriteString(text[last:f.End])
		b.WriteString(probes)
		last = f.End
	}
	b.WriteString(text[last:])
	return b.String()
}

// TestCheckCacheKeptAcrossEvents: checks that change nothing, over many
// events, compute each member's environment once and settle the party's
// conditions once: neither a new event nor a tag no one answers makes
// them stale (a fold used to compute both afresh for every event).
func TestCheckCacheKeptAcrossEvents(t *testing.T) {
	s := transcriptSession(t, "../../rulesets/gravewatch")
	// Maud starts Rattled (a condition to settle) in this party.
	if _, err := s.Append(GMReply, `[sheet: op="condition" who="Maud" add="rattled"]`); err != nil {
		t.Fatal(err)
	}
	built, settles := s.checks.built, s.settles
	for i := range 200 {
		kind := GMReply
		if i%3 == 0 {
			kind = PlayerAction
		}
		if _, err := s.Append(kind, `[skill_check: skill="Watch" who="Maud"] [mood: calm] [roll_dice: dice="1d6"] [skill_check: skill="Watch" who="Bram"]`); err != nil {
			t.Fatal(err)
		}
	}
	if n := s.checks.built - built; n > 2 {
		t.Errorf("400 checks of 2 members computed %d environments, want at most 2", n)
	}
	if n := s.settles - settles; n > 1 {
		t.Errorf("600 tags that changed nothing settled the party %d times, want at most 1", n)
	}
}
