package check_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
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
