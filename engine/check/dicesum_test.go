package check_test

import (
	"fmt"
	"github.com/rulehost/rulehost/engine/internal/testload"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// dsVocab is the sheet vocabulary the dice-sum tests wrap a resolution in.
// Abilities go down to -5 so that identity rulesets can give small modifiers.
const dsVocab = `
  "id": "sum-test", "name": "Dice-sum test",
  "abilities": [
    { "id": "str", "label": "Strength", "min": -5, "max": 30, "default": 0 },
    { "id": "dex", "label": "Dexterity", "min": -5, "max": 30, "default": 0 },
    { "id": "wis", "label": "Wisdom", "min": -5, "max": 30, "default": 0 }
  ],
  "skills": [
    { "id": "athletics", "label": "Athletics", "ability": "str" },
    { "id": "open_locks", "label": "Open locks", "ability": "dex" },
    { "id": "listen", "label": "Listen", "ability": "wis" }
  ],
  "saves": [ { "id": "reflex", "label": "Reflex", "ability": "dex" } ],
  "fields": [ { "id": "favored_athletics", "label": "Favored athletics", "min": 0, "max": 1 } ],
`

// dsTiers is the spec example's training: untrained, trained +1.
const dsTiers = `"proficiencyTiers": [
    { "id": "untrained", "label": "Untrained" },
    { "id": "trained", "label": "Trained", "flat": 1 } ]`

type dsCase struct {
	name  string
	tag   string
	faces []int
	want  []string
}

func dsRun(t *testing.T, rs *ruleset.Ruleset, ch *sheet.Character, cases []dsCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantAttrs(t, rollFaces(t, rs, ch, tc.tag, tc.faces...), tc.want...)
		})
	}
}

// specSum is the dice-sum example of spec/checks.md (2d6, identity,
// trained +1, Easy 6 and Hard 10).
var specSum = testload.SpecBody("dice-sum")

func TestDiceSumSpecExample(t *testing.T) {
	rs := inlineRuleset(t, dsVocab, specSum)
	// Strength 1 and trained Athletics: modifier 2. Dexterity 3, Reflex trained: 4.
	ch := loadChar(t, rs, `{ "name": "Ash", "abilities": { "str": 1, "dex": 3, "wis": -1 },
		"skills": { "athletics": "trained" }, "saves": { "reflex": "trained" } }`)
	dsRun(t, rs, ch, []dsCase{
		{"the total is compared to the difficulty", `[skill_check: skill="Athletics" difficulty="Hard"]`, []int{4, 4},
			[]string{"resolution=sum", "dice=2d6", "rolls=4,4", "modifier=2", "total=10", "difficulty=Hard", "dc=10", "success=true", "-critical", "-natural"}},
		{"one short fails", `[skill_check: skill="Athletics" difficulty="Hard"]`, []int{3, 4},
			[]string{"total=9", "dc=10", "success=false"}},
		{"a rung is named in any case", `[skill_check: skill="athletics" difficulty="easy"]`, []int{1, 2},
			[]string{"skill=Athletics", "total=5", "difficulty=Easy", "dc=6", "success=false"}},
		{"dc= wins over difficulty= for the number", `[skill_check: skill="Athletics" difficulty="Hard" dc="7"]`, []int{2, 3},
			[]string{"total=7", "dc=7", "success=true"}},
		{"a name no rung answers is ignored", `[skill_check: skill="Athletics" difficulty="Legendary"]`, []int{6, 6},
			[]string{"total=14", "-dc", "-difficulty", "-success", "ignored=difficulty"}},
		{"a missing difficulty rolls without a verdict", `[skill_check: skill="Athletics"]`, []int{6, 6},
			[]string{"total=14", "-dc", "-success", "-ignored"}},
		{"dc= alone", `[skill_check: skill="Athletics" dc="+8"]`, []int{3, 3},
			[]string{"total=8", "dc=8", "success=true", "-difficulty"}},
		{"an unreadable dc is ignored", `[skill_check: skill="Athletics" dc="hard"]`, []int{3, 3},
			[]string{"total=8", "-dc", "-success", "ignored=dc"}},
		{"a dc out of range clamps high", `[skill_check: skill="Athletics" dc="999999"]`, []int{6, 6},
			[]string{"dc=10000", "success=false"}},
		{"a dc out of range clamps low", `[skill_check: skill="Athletics" dc="-999999"]`, []int{1, 1},
			[]string{"dc=-1000", "success=true"}},
		{"advantage not offered: mode is ignored, one throw", `[skill_check: skill="Athletics" dc="6" mode="advantage"]`, []int{2, 2},
			[]string{"rolls=2,2", "total=6", "-mode", "-kept", "ignored=mode", "success=true"}},
		{"an attribute nobody offers does not refuse the check", `[skill_check: skill="Athletics" dc="6" colour="blue"]`, []int{2, 2},
			[]string{"total=6", "success=true"}},
		{"an ability check adds no tier", `[skill_check: ability="Strength" dc="6"]`, []int{2, 2},
			[]string{"ability=Strength", "modifier=1", "total=5", "success=false"}},
		{"a save reads its own training", `[skill_check: save="Reflex" difficulty="Hard"]`, []int{3, 3},
			[]string{"save=Reflex", "modifier=4", "total=10", "success=true"}},
		{"with= replaces a skill's ability", `[skill_check: skill="Athletics" with="Dexterity" dc="10"]`, []int{3, 3},
			[]string{"with=Dexterity", "modifier=4", "total=10", "success=true"}},
		{"with= replaces a save's ability", `[skill_check: save="Reflex" with="wis" dc="6"]`, []int{3, 2},
			[]string{"with=Wisdom", "modifier=0", "total=5", "success=false"}},
		{"with= naming the usual ability is not recorded", `[skill_check: skill="Athletics" with="str" dc="6"]`, []int{3, 3},
			[]string{"-with", "modifier=2", "-ignored"}},
		{"with= naming no ability is ignored", `[skill_check: skill="Athletics" with="Luck" dc="6"]`, []int{3, 3},
			[]string{"-with", "modifier=2", "ignored=with"}},
		{"an untrained skill is at the first tier", `[skill_check: skill="Listen" dc="6"]`, []int{3, 3},
			[]string{"modifier=-1", "total=5"}},
	})
	t.Run("an unknown skill is refused, no dice drawn", func(t *testing.T) {
		rec := rollFaces(t, rs, ch, `[skill_check: skill="Juggling" dc="6"]`)
		if rec.Name != "refused" {
			t.Fatalf("want a refusal, got %s", rec)
		}
		wantAttrs(t, rec, "reason=unknown-skill")
	})
}

func TestDiceSumAdvantage(t *testing.T) {
	rs := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "advantage": true, `+dsTiers)
	ch := loadChar(t, rs, `{ "name": "Ash", "abilities": { "str": 2 } }`)
	dsRun(t, rs, ch, []dsCase{
		{"advantage keeps the higher", `[skill_check: skill="Athletics" dc="15" mode="advantage"]`, []int{5, 17},
			[]string{"mode=advantage", "rolls=5,17", "kept=17", "total=19", "success=true"}},
		{"advantage keeps the higher, first throw", `[skill_check: skill="Athletics" dc="15" mode="Advantage"]`, []int{18, 3},
			[]string{"mode=advantage", "rolls=18,3", "kept=18", "total=20"}},
		{"disadvantage keeps the lower", `[skill_check: skill="Athletics" dc="15" mode="disadvantage"]`, []int{5, 17},
			[]string{"mode=disadvantage", "rolls=5,17", "kept=5", "total=7", "success=false"}},
		{"no mode: one throw", `[skill_check: skill="Athletics" dc="15"]`, []int{14},
			[]string{"-mode", "-kept", "rolls=14", "total=16"}},
		{"an unknown mode is ignored", `[skill_check: skill="Athletics" dc="15" mode="sideways"]`, []int{14},
			[]string{"-mode", "rolls=14", "ignored=mode"}},
	})
}

func TestDiceSumNaturals(t *testing.T) {
	// Modifier 0; dc 25 cannot be reached by a d20, dc -5 cannot be missed.
	tests := []struct {
		naturals string
		face, dc int
		want     []string
	}{
		{"", 20, 25, []string{"success=false", "-critical", "-natural"}},
		{"none", 20, 25, []string{"success=false", "-critical", "-natural"}},
		{"none", 1, -5, []string{"success=true", "-critical", "-natural"}},
		{"both", 20, 25, []string{"success=true", "critical=success", "natural=max"}},
		{"both", 1, -5, []string{"success=false", "critical=failure", "natural=min"}},
		{"both", 19, 25, []string{"success=false", "-critical", "-natural"}},
		{"both", 2, -5, []string{"success=true", "-critical", "-natural"}},
		{"max-only", 20, 25, []string{"success=true", "critical=success", "natural=max"}},
		{"max-only", 1, -5, []string{"success=true", "-critical", "-natural"}},
		{"min-only", 1, -5, []string{"success=false", "critical=failure", "natural=min"}},
		{"min-only", 20, 25, []string{"success=false", "-critical", "-natural"}},
	}
	for _, tc := range tests {
		nat := ""
		if tc.naturals != "" {
			nat = `"naturals": "` + tc.naturals + `", `
		}
		rs := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "advantage": true, `+nat+dsTiers)
		ch := loadChar(t, rs, `{ "name": "Ash" }`)
		t.Run(fmt.Sprintf("%s/face %d/dc %d", tc.naturals, tc.face, tc.dc), func(t *testing.T) {
			wantAttrs(t, rollFaces(t, rs, ch, fmt.Sprintf(`[skill_check: skill="Athletics" dc="%d"]`, tc.dc), tc.face), tc.want...)
		})
	}
	t.Run("naturals read the kept throw", func(t *testing.T) {
		rs := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "advantage": true, "naturals": "both", `+dsTiers)
		ch := loadChar(t, rs, `{ "name": "Ash" }`)
		wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Athletics" dc="25" mode="advantage"]`, 1, 20),
			"kept=20", "critical=success", "success=true", "natural=max")
		wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Athletics" dc="-5" mode="disadvantage"]`, 1, 20),
			"kept=1", "critical=failure", "success=false", "natural=min")
	})
}

func TestDiceSumFateFaces(t *testing.T) {
	rs := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 4, "sides": 3, "faces": [-1, 0, 1] }, `+dsTiers)
	ch := loadChar(t, rs, `{ "name": "Ash", "abilities": { "str": 2 } }`)
	dsRun(t, rs, ch, []dsCase{
		{"faces are worth their values", `[skill_check: skill="Athletics" dc="3"]`, []int{3, 3, 1, 2},
			[]string{"dice=4d3", "rolls=3,3,1,2", "modifier=2", "total=3", "success=true"}},
		{"four minuses", `[skill_check: skill="Athletics" dc="0"]`, []int{1, 1, 1, 1},
			[]string{"rolls=1,1,1,1", "total=-2", "success=false"}},
		{"four pluses", `[skill_check: skill="Athletics"]`, []int{3, 3, 3, 3},
			[]string{"total=6"}},
		{"all blank", `[skill_check: skill="Athletics"]`, []int{2, 2, 2, 2},
			[]string{"total=2"}},
	})
}

func TestDiceSumOpenEnded(t *testing.T) {
	rs := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 100 },
		"openEnded": { "high": 96, "low": 5 }, "unmodified": [66, 100], `+dsTiers)
	ch := loadChar(t, rs, `{ "name": "Ash" }`)
	hundreds := func(first, n int) []int {
		f := []int{first}
		for len(f) < n {
			f = append(f, 100)
		}
		return f
	}
	dsRun(t, rs, ch, []dsCase{
		{"a plain face", `[skill_check: skill="Athletics"]`, []int{50}, []string{"rolls=50", "total=50", "-openEnded", "-unmodified"}},
		{"high is rolled again and added", `[skill_check: skill="Athletics"]`, []int{96, 30}, []string{"rolls=96,30", "openEnded=high", "total=126"}},
		{"and so on while the new die shows high or more", `[skill_check: skill="Athletics"]`, []int{97, 98, 40}, []string{"rolls=97,98,40", "openEnded=high", "total=235"}},
		{"low is rolled again and subtracted", `[skill_check: skill="Athletics"]`, []int{5, 40}, []string{"rolls=5,40", "openEnded=low", "total=-35"}},
		{"the subtracted roll chains on high", `[skill_check: skill="Athletics"]`, []int{3, 97, 99, 20}, []string{"openEnded=low", "total=-213"}},
		{"the subtracted roll stops below high", `[skill_check: skill="Athletics"]`, []int{3, 95}, []string{"total=-92"}},
		{"a chained low face does not subtract", `[skill_check: skill="Athletics"]`, []int{99, 2}, []string{"total=101"}},
		{"at most 20 dice going up", `[skill_check: skill="Athletics"]`, hundreds(100, 20), []string{"openEnded=high", "total=2000"}},
		{"at most 20 dice going down", `[skill_check: skill="Athletics"]`, hundreds(1, 20), []string{"openEnded=low", "total=-1899"}},
		{"unmodified 66", `[skill_check: skill="Athletics"]`, []int{66}, []string{"unmodified=66", "total=66"}},
		{"unmodified 100 also chains", `[skill_check: skill="Athletics"]`, []int{100, 10}, []string{"unmodified=100", "openEnded=high", "total=110"}},
		{"unmodified reads the first die only", `[skill_check: skill="Athletics"]`, []int{97, 66}, []string{"-unmodified", "total=163"}},
	})
	t.Run("the cap leaves exactly 20 faces", func(t *testing.T) {
		rec := rollFaces(t, rs, ch, `[skill_check: skill="Athletics"]`, hundreds(100, 20)...)
		rolls, _ := record.Ints(rec.Value("rolls"))
		if len(rolls) != ruleset.MaxOpenEndedDice {
			t.Errorf("%d dice, want %d", len(rolls), ruleset.MaxOpenEndedDice)
		}
	})

	high := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 100 }, "openEnded": { "high": 96 }, `+dsTiers)
	low := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 100 }, "openEnded": { "low": 5 }, `+dsTiers)
	t.Run("high only: a low face is plain", func(t *testing.T) {
		wantAttrs(t, rollFaces(t, high, loadChar(t, high, `{"name":"A"}`), `[skill_check: skill="Athletics"]`, 3), "total=3", "-openEnded")
	})
	t.Run("low only: the subtracted die does not chain", func(t *testing.T) {
		wantAttrs(t, rollFaces(t, low, loadChar(t, low, `{"name":"A"}`), `[skill_check: skill="Athletics"]`, 3, 99), "total=-96", "openEnded=low")
	})

	nat := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 100 }, "naturals": "both",
		"openEnded": { "high": 96, "low": 5 }, `+dsTiers)
	nch := loadChar(t, nat, `{"name":"A"}`)
	t.Run("naturals read the first die of a chain", func(t *testing.T) {
		wantAttrs(t, rollFaces(t, nat, nch, `[skill_check: skill="Athletics" dc="500"]`, 100, 50),
			"natural=max", "critical=success", "success=true", "total=150")
		wantAttrs(t, rollFaces(t, nat, nch, `[skill_check: skill="Athletics" dc="-500"]`, 1, 100, 10),
			"natural=min", "critical=failure", "success=false", "total=-109")
		wantAttrs(t, rollFaces(t, nat, nch, `[skill_check: skill="Athletics" dc="500"]`, 99, 100, 3),
			"-natural", "-critical", "total=202")
	})
}

// TestDiceSumEffectAdvantageWithoutOffer: advantage from an effect on a
// ruleset without advantage is not a tag attribute, so nothing is listed
// in ignored=; the GM's own mode= is.
func TestDiceSumEffectAdvantageWithoutOffer(t *testing.T) {
	rs := inlineRuleset(t, dsVocab, specSum)
	ch := loadChar(t, rs, `{ "name": "Ash" }`)
	tg, _ := tag.Parse(`[skill_check: skill="Athletics" dc="6"]`)
	s := dice.Script(3, 3)
	env := &check.Env{RS: rs, Char: ch, Dice: s, Effects: func(*check.Check) check.Effects {
		return check.Effects{Advantage: true}
	}}
	rec := check.Resolve(env, tg).Record
	wantAttrs(t, rec, "rolls=3,3", "-mode", "-ignored", "success=true")
	if s.Used() != 2 || s.Overrun != 0 {
		t.Errorf("drew %d dice, want one throw of 2", s.Used()+s.Overrun)
	}
}

// TestDiceSumSharedRungName: a name two rungs share is ignored, like a
// name no rung answers to; the check still rolls.
func TestDiceSumSharedRungName(t *testing.T) {
	rs := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, `+dsTiers+`,
		"difficultyLadder": [{ "label": "Hard", "dc": 15 }, { "label": "HARD", "dc": 20 }, { "label": "Easy", "dc": 5 }]`)
	ch := loadChar(t, rs, `{ "name": "Ash" }`)
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Athletics" difficulty="hard"]`, 17),
		"total=17", "-dc", "-difficulty", "-success", "ignored=difficulty")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Athletics" difficulty="Hard" dc="12"]`, 12),
		"dc=12", "success=true", "ignored=difficulty")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Athletics" difficulty="Easy"]`, 5),
		"difficulty=Easy", "dc=5", "success=true")
}

// TestDiceSumOpenEndedAdvantage: with advantage both throws are written
// in order in rolls= whether or not their chains outgrow the room the
// check keeps for them (the second throw then lands apart and is copied).
func TestDiceSumOpenEndedAdvantage(t *testing.T) {
	rs := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 100 }, "advantage": true,
		"openEnded": { "high": 96, "low": 5 }, `+dsTiers)
	ch := loadChar(t, rs, `{ "name": "Ash" }`)
	tg := `[skill_check: skill="Athletics" mode="advantage"]`
	wantAttrs(t, rollFaces(t, rs, ch, tg, 50, 60), "rolls=50,60", "kept=60", "total=60")
	wantAttrs(t, rollFaces(t, rs, ch, tg, 97, 30, 20), "rolls=97,30,20", "kept=97,30", "total=127")
	wantAttrs(t, rollFaces(t, rs, ch, tg, 97, 98, 99, 10, 98, 97, 96, 11), "rolls=97,98,99,10,98,97,96,11", "kept=97,98,99,10", "total=304")
	wantAttrs(t, rollFaces(t, rs, ch, tg, 10, 3, 99, 97, 4), "rolls=10,3,99,97,4", "kept=10", "total=10")
}
