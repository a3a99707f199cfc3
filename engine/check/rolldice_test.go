package check_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// kRollDice answers a roll_dice tag with exactly the scripted faces.
func kRollDice(t *testing.T, rs *ruleset.Ruleset, tagText string, faces ...int) record.Record {
	t.Helper()
	tg, err := tag.Parse(tagText)
	if err != nil {
		t.Fatal(err)
	}
	s := dice.Script(faces...)
	r := check.RollDice(rs, tg, s)
	if s.Overrun > 0 || s.Used() != len(faces) {
		t.Errorf("%s: drew %d dice, scripted %d; record %s", tagText, s.Used()+s.Overrun, len(faces), r)
	}
	if err := record.Check(r); err != nil {
		t.Errorf("%s: record fails the schema: %v\n%s", tagText, err, r)
	}
	return r
}

// TestRollDiceByName rolls a symbol-pool ruleset's dice by id or label,
// any case, counting and cancelling as a check does, in the order written.
func TestRollDiceByName(t *testing.T) {
	rs := inlineRuleset(t, kVocab, specSymbols)
	cases := []struct {
		name, tag string
		faces     []int
		want      []string
	}{
		{"the spec's text", `[roll_dice: dice="2 ability 1 proficiency vs 2 difficulty"]`, []int{7, 1, 12, 1, 1},
			[]string{"dice=2 ability 1 proficiency vs 2 difficulty", "resolution=sum", "thrown=ability,ability,proficiency,difficulty,difficulty",
				"rolls=7,1,12,1,1", "symbols=2s 1a 1t", "summary=2 Success, 1 Advantage, 1 Triumph", "total=2", "success=true"}},
		{"labels, any case, commas", `[roll_dice: dice="2 ABILITY, 1 Proficiency versus 2 Difficulty"]`, []int{1, 1, 1, 3, 1},
			[]string{"thrown=ability,ability,proficiency,difficulty,difficulty", "symbols=2f", "total=-2", "success=false"}},
		{"no count is one", `[roll_dice: dice="challenge"]`, []int{12},
			[]string{"thrown=challenge", "symbols=1f 1d"}},
		{"plural", `[roll_dice: dice="2 boosts + 1 setback"]`, []int{5, 6, 6},
			[]string{"thrown=boost,boost,setback", "symbols=2a"}},
		{"blank", `[roll_dice: dice="1 setback"]`, []int{1},
			[]string{"symbols=", "summary=blank: no symbols left"}},
		{"who is kept, others ignored", `[roll_dice: dice="1 ability" who="Kira" dc="3"]`, []int{2},
			[]string{"who=Kira", "ignored=dc"}},
		{"notation on a symbol ruleset", `[roll_dice: dice="2d6+1"]`, []int{3, 4},
			[]string{"dice=2d6+1", "rolls=3,4", "modifier=1", "total=8", "-thrown"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantAttrs(t, kRollDice(t, rs, tc.tag, tc.faces...), tc.want...)
		})
	}
}

// TestRollDiceNotation: any ruleset, or none, reads plain notation.
func TestRollDiceNotation(t *testing.T) {
	wantAttrs(t, kRollDice(t, nil, `[roll_dice: dice="3d6"]`, 1, 2, 3), "dice=3d6", "rolls=1,2,3", "total=6", "-modifier")
	wantAttrs(t, kRollDice(t, nil, `[roll_dice: dice="d20 - 2"]`, 15), "dice=1d20-2", "modifier=-2", "total=13")
	rs := inlineRuleset(t, kVocab, gurpsRules)
	wantAttrs(t, kRollDice(t, rs, `[roll_dice: dice="1d100"]`, 42), "total=42")
}

// TestRollDiceRefused: what cannot be read is refused with nothing rolled.
func TestRollDiceRefused(t *testing.T) {
	rs := inlineRuleset(t, kVocab, specSymbols)
	for _, tc := range []struct {
		rs              *ruleset.Ruleset
		tag, reason, in string
	}{
		{rs, `[roll_dice: dice="2 ability 1 fudge"]`, "bad-dice", `no die \"fudge\"`},
		{rs, `[roll_dice: dice="2 ability 3"]`, "bad-dice", "names no die"},
		{rs, `[roll_dice: dice="51 ability"]`, "bad-dice", "allowed 0 to 50"},
		{rs, `[roll_dice: dice="30 ability 30 boost"]`, "bad-dice", "more than 50 dice"},
		{nil, `[roll_dice: dice="2 ability"]`, "bad-dice", "want dice notation like 2d6+1"},
		{nil, `[roll_dice: dice="0d6"]`, "bad-dice", "allowed 1 to 100"},
		{nil, `[roll_dice: who="Kira"]`, "no-dice", "name the dice"},
		{nil, `[roll_dice: dice=" "]`, "no-dice", "name the dice"},
	} {
		r := kRollDice(t, tc.rs, tc.tag)
		wantAttrs(t, r, "action=roll_dice", "reason="+tc.reason)
		if r.Name != "refused" || !strings.Contains(r.String(), tc.in) {
			t.Errorf("%s: want a refusal mentioning %q, got %s", tc.tag, tc.in, r)
		}
	}
}
