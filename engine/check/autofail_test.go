package check_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// A save that a condition or an item fails is answered without a roll:
// no die is drawn, the record says automatic="true" and from=, and it lands
// in a plain failing band, not the fumble band.
func TestSaveFailedWithoutRoll(t *testing.T) {
	rs, ch := loadPair(t, "d20-5e", "ada.json")
	stream := dice.Script()
	env := &check.Env{RS: rs, Char: ch, Dice: stream, Effects: func(c *check.Check) check.Effects {
		return check.Effects{FailsSave: true, From: []string{"Paralyzed"}}
	}}
	tg, _ := tag.Parse(`[skill_check: save="Dexterity save" dc="14"]`)
	got := check.Resolve(env, tg).Record.String()
	want := `[check: who="Ada Quickhand" save="Dexterity save" resolution="sum" dice="1d20" automatic="true" dc="14" from="Paralyzed" outcome="Failure" success="false"]`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if stream.Used() != 0 || stream.Overrun != 0 {
		t.Error("an automatic failure must not roll")
	}
	// A skill check is not a save: FailsSave does not apply.
	tg, _ = tag.Parse(`[skill_check: skill="Athletics" dc="14"]`)
	if r := check.Resolve(env, tg).Record; r.Has("automatic") {
		t.Errorf("a skill check failed automatically: %s", r)
	}
}

// Every kind answers a save an effect fails without drawing a die or
// paying: dice-highest, roll-against and symbol-pool as well as the sum
// and the pool. The bundled rulesets of those kinds have no saves, so the
// test gives each one.
func TestSaveFailedWithoutRollEveryKind(t *testing.T) {
	for _, c := range []struct{ dir, sheet string }{
		{"blades", "cutter.json"}, {"trophy-dark", "hunter.json"}, {"coc7e", "harvey.json"},
		{"gurps", "dai.json"}, {"genesys", "kira.json"}, {"gravewatch", "bram.json"},
	} {
		t.Run(c.dir, func(t *testing.T) {
			rs, ch := loadPair(t, c.dir, c.sheet)
			cp := *rs
			grit := ruleset.Skill{ID: "grit", Label: "Grit"}
			if len(rs.Abilities) > 0 {
				grit.Ability = rs.Abilities[0].ID
			}
			cp.Saves = append(append([]ruleset.Skill{}, rs.Saves...), grit)
			ch.RS = &cp
			stream := dice.Script()
			env := &check.Env{RS: &cp, Char: ch, Dice: stream, Effects: func(*check.Check) check.Effects {
				return check.Effects{FailsSave: true, From: []string{"Paralyzed"}}
			}}
			tg, _ := tag.Parse(`[skill_check: save="Grit" dc="2" spend="stress:1"]`)
			res := check.Resolve(env, tg)
			r := res.Record
			if err := record.Check(r); err != nil {
				t.Fatalf("%s: %v", r, err)
			}
			if r.Value("automatic") != "true" || r.Value("success") != "false" || r.Value("from") != "Paralyzed" {
				t.Fatalf("not an automatic failure: %s", r)
			}
			if stream.Used() != 0 || stream.Overrun != 0 || len(res.Debits) != 0 {
				t.Fatalf("an automatic failure drew dice or paid: %s (debits %v)", r, res.Debits)
			}
		})
	}
}
