package prompt_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
)

// answerAll appends each example as its own GM reply and fails on any
// answer that is not exactly one record, refused or ignoring an attribute.
func answerAll(t *testing.T, s *session.Session, where string, ex []string) []record.Record {
	t.Helper()
	var out []record.Record
	for _, e := range ex {
		r, err := s.Append("gm", e)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Records) != 1 {
			t.Errorf("%s: %s answered with %d records, want 1", where, e, len(r.Records))
			continue
		}
		rec := r.Records[0]
		if rec.Name == "refused" || rec.Has("ignored") {
			t.Errorf("%s: %s: %s", where, e, rec)
		}
		out = append(out, rec)
	}
	return out
}

// TestFightDrift answers the fight section's examples on the party after
// every bundled transcript of a ruleset with a resolved fight (where the
// party wields weapons, so a member's attack is shown), besides the start
// of the game TestDrift covers: none is refused, and between them they
// show every step with an example the section teaches (start, a
// creature's attack row, a member's weapon attack, a reload, round,
// end).
func TestFightDrift(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range bundled(t) {
		if !fight.Resolves(g.rs) {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(g.dir, "transcripts", "*.txt"))
		for _, f := range files {
			s := g.play(t, f)
			secs := prompt.Build(prompt.Input{RS: g.rs, State: s.State()})
			sec, ok := prompt.Get(secs, prompt.Fight)
			if !ok {
				t.Fatalf("%s: no fight section", f)
			}
			ex := sec.Data.(*prompt.FightData).Examples
			answerAll(t, s, filepath.Base(f), ex)
			for _, e := range ex {
				for _, step := range []string{"start", "round", "end", "reload"} {
					seen[step] = seen[step] || strings.Contains(e, `op="`+step+`"`)
				}
				seen["creature attack"] = seen["creature attack"] || strings.Contains(e, ` attack="`)
				seen["weapon attack"] = seen["weapon attack"] || strings.Contains(e, `op="attack"`) && strings.Contains(e, ` weapon="`)
			}
		}
	}
	for _, op := range []string{"start", "creature attack", "weapon attack", "round", "end", "reload"} {
		if !seen[op] {
			t.Errorf("no fight example shows %s", op)
		}
	}
}

// TestFightNow: while a fight is on, the fight section says the round and
// each combatant's health, conditions and loaded counts; once it ends, it
// says none of that.
func TestFightNow(t *testing.T) {
	g := find(t, "gravewatch")
	s := g.play(t, filepath.Join(g.dir, "transcripts", "07-the-watch-pistol.txt"))
	answerAll(t, s, "fight", []string{
		`[inventory: action="add" item="Shot and powder" count="2" who="Maud"]`,
		`[fight: op="start" foes="Marsh hound"]`,
	})
	if text := fightText(t, g, s); !strings.Contains(text, "Watch pistol 0 of 1 loaded") {
		t.Errorf("the fight section lacks the empty pistol:\n%s", text)
	}
	answerAll(t, s, "fight", []string{
		`[fight: op="reload" who="Maud" weapon="Watch pistol"]`,
		`[fight: op="attack" who="Marsh hound" target="Maud"]`,
	})
	text := fightText(t, g, s)
	for _, want := range []string{"A fight is on, round 1:", "- Marsh hound: health ", "Watch pistol 1 of 1 loaded", "- Maud Hollin: "} {
		if !strings.Contains(text, want) {
			t.Errorf("the fight section lacks %q:\n%s", want, text)
		}
	}
	// Every bundled form says it too (terse from the section's data).
	for form, want := range map[string]string{"default": "Watch pistol 1 of 1 loaded", "narrative": "Fight\nFIGHT\n",
		"terse": "Watch pistol 1/1 loaded", "xml": "<fight>\nFIGHT\n"} {
		got := render(t, form, prompt.Input{RS: g.rs, State: s.State()})
		if !strings.Contains(got, want) || !strings.Contains(got, "round 1") {
			t.Errorf("%s: the prompt lacks %q or the round:\n%s", form, want, got)
		}
	}
	answerAll(t, s, "fight", []string{`[fight: op="end" outcome="fled"]`})
	if text := fightText(t, g, s); strings.Contains(text, "A fight is on") {
		t.Errorf("the fight is over, yet:\n%s", text)
	}
}

// TestInventedWeaponFights: the items section teaches that an item
// invented like= a weapon fights like it; the engine does: invented,
// equipped and swung, it is answered as a weapon attack.
func TestInventedWeaponFights(t *testing.T) {
	g := find(t, "ember-roads")
	items, _ := prompt.Get(prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets}), prompt.Items)
	if !strings.Contains(items.Text, "fights like that weapon") {
		t.Fatalf("the items section does not teach it:\n%s", items.Text)
	}
	s := g.session()
	recs := answerAll(t, s, "invented", []string{
		`[inventory: action="add" item="Ashen Hand axe" like="Hand axe" who="Tamsin"]`,
		`[inventory: action="equip" item="Ashen Hand axe" who="Tamsin"]`,
		`[fight: op="start" foes="Road bandit"]`,
		`[fight: op="attack" who="Tamsin" weapon="Ashen Hand axe" target="Road bandit"]`,
	})
	if len(recs) == 4 {
		if w, _ := recs[3].Get("weapon"); w != "Ashen Hand axe" {
			t.Errorf("the attack used %q: %s", w, recs[3])
		}
	}
}

func find(t *testing.T, name string) game {
	t.Helper()
	for _, g := range bundled(t) {
		if g.name == name {
			return g
		}
	}
	t.Fatalf("no bundled ruleset %s", name)
	return game{}
}

func fightText(t *testing.T, g game, s *session.Session) string {
	t.Helper()
	sec, ok := prompt.Get(prompt.Build(prompt.Input{RS: g.rs, State: s.State()}), prompt.Fight)
	if !ok {
		t.Fatal("no fight section")
	}
	return sec.Text
}
