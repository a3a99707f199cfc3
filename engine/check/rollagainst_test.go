package check_test

import "testing"

// specAgainst is the roll-against example of spec/checks.md, verbatim
// (Call of Cthulhu), plus a bonusRange reaching 100 for percentages.
const specAgainst = `"kind": "roll-against",
  "dice": { "count": 1, "sides": 100 },
  "abilityModifier": { "op": "identity" },
  "proficiencyTiers": [{ "id": "base", "label": "Base" }, { "id": "ignored", "label": "Not read", "flat": 30 }],
  "bonusRange": { "min": 0, "max": 100 },
  "against": "at-most",
  "criticalSuccess": [{ "from": 1, "to": 1 }],
  "criticalFailure": [{ "from": 100, "to": 100 }, { "from": 96, "whenTarget": { "below": 50 } }],
  "tens": { "max": 2 },
  "difficultyLadder": [
    { "label": "Regular", "dc": 0 },
    { "label": "Hard", "dc": 0, "divide": 2 },
    { "label": "Extreme", "dc": 0, "divide": 5 }
  ],
  "outcomes": {
    "by": "fraction",
    "tiers": [
      { "id": "critical", "label": "Critical", "on": "critical-success", "success": true },
      { "id": "extreme", "label": "Extreme success", "atLeast": 5, "success": true },
      { "id": "hard", "label": "Hard success", "atLeast": 2, "success": true },
      { "id": "regular", "label": "Regular success", "atLeast": 1, "success": true },
      { "id": "fail", "label": "Failure" },
      { "id": "fumble", "label": "Fumble", "on": "critical-failure" }
    ]
  }`

// TestRollAgainstSpecExample plays Call of Cthulhu as the spec writes it:
// fraction bands on the target, a 1 critical, 100 a fumble and 96+ a
// fumble below 50, tens dice, Hard and Extreme rungs dividing the skill.
func TestRollAgainstSpecExample(t *testing.T) {
	rs := inlineRuleset(t, kVocab, specAgainst)
	ch := loadChar(t, rs, `{"name": "Harvey", "abilities": {"wits": 65},
	  "skills": {"prowl": {"tier": "ignored", "bonus": 50}, "spot": {"tier": "base", "bonus": 40}}}`)
	kRun(t, rs, ch, []kCase{
		{"critical", "", `[skill_check: skill="Prowl"]`, []int{1},
			[]string{"resolution=against", "dice=1d100", "against=at-most", "rolls=1", "total=1", "dc=50", "outcome=Critical", "success=true", "critical=success"}},
		{"extreme: a fifth", "", `[skill_check: skill="Prowl"]`, []int{10}, []string{"outcome=Extreme success", "success=true", "-critical"}},
		{"hard: half", "", `[skill_check: skill="Prowl"]`, []int{25}, []string{"outcome=Hard success"}},
		{"just past half", "", `[skill_check: skill="Prowl"]`, []int{26}, []string{"outcome=Regular success"}},
		{"regular: the skill", "", `[skill_check: skill="Prowl"]`, []int{50}, []string{"outcome=Regular success", "success=true"}},
		{"failure", "", `[skill_check: skill="Prowl"]`, []int{51}, []string{"outcome=Failure", "success=false", "-critical"}},
		{"96 at 50 is a plain failure", "", `[skill_check: skill="Prowl"]`, []int{96}, []string{"outcome=Failure", "-critical"}},
		{"100 is a fumble", "", `[skill_check: skill="Prowl"]`, []int{100}, []string{"outcome=Fumble", "success=false", "critical=failure"}},
		{"96 below 50 is a fumble", "", `[skill_check: skill="Prowl" dc="-1"]`, []int{96}, []string{"dc=49", "outcome=Fumble"}},
		{"no ability, no tier: the percentage", "", `[skill_check: skill="Prowl"]`, []int{50}, []string{"dc=50"}},
		{"a skill naming an ability adds it", "", `[skill_check: skill="Spot"]`, []int{50}, []string{"dc=105"}},
		{"characteristic roll", "", `[skill_check: ability="Wits"]`, []int{66}, []string{"dc=65", "outcome=Failure"}},
		{"Hard halves the skill", "", `[skill_check: skill="Prowl" difficulty="Hard"]`, []int{25},
			[]string{"difficulty=Hard", "dc=25", "outcome=Regular success", "success=true"}},
		{"Hard fails above half", "", `[skill_check: skill="Prowl" difficulty="Hard"]`, []int{26}, []string{"dc=25", "success=false"}},
		{"Extreme: a fifth", "", `[skill_check: skill="Prowl" difficulty="extreme"]`, []int{10}, []string{"dc=10", "success=true"}},
		{"Hard below 50 fumbles at 96", "", `[skill_check: skill="Prowl" difficulty="Hard"]`, []int{97}, []string{"outcome=Fumble"}},
		{"dc shifts the target", "", `[skill_check: skill="Prowl" dc="+20"]`, []int{70}, []string{"dc=70", "success=true"}},
		{"dc after the divide", "", `[skill_check: skill="Prowl" difficulty="Hard" dc="-5"]`, []int{20}, []string{"dc=20", "success=true"}},
		{"dc kept within -100..100", "", `[skill_check: skill="Prowl" dc="500"]`, []int{100}, []string{"dc=150", "outcome=Fumble", "success=false"}},
		{"unknown rung ignored", "", `[skill_check: skill="Prowl" difficulty="Legendary"]`, []int{40}, []string{"dc=50", "ignored=difficulty"}},
		{"bonus die keeps the lower", "", `[skill_check: skill="Prowl" bonus="+1"]`, []int{47, 2},
			[]string{"rolls=47,17", "tens=+1", "total=17", "outcome=Hard success"}},
		{"penalty die keeps the higher", "", `[skill_check: skill="Prowl" bonus="-1"]`, []int{47, 9},
			[]string{"rolls=47,87", "tens=-1", "total=87", "outcome=Failure"}},
		{"00 and 0 is 100", "", `[skill_check: skill="Prowl" bonus="-1"]`, []int{30, 1},
			[]string{"rolls=30,100", "total=100", "outcome=Fumble"}},
		{"a first 100 keeps units 0", "", `[skill_check: skill="Prowl" bonus="+1"]`, []int{100, 4},
			[]string{"rolls=100,30", "total=30"}},
		{"tens kept within max", "", `[skill_check: skill="Prowl" bonus="+5"]`, []int{99, 5, 1},
			[]string{"tens=+2", "rolls=99,49,9", "total=9", "outcome=Extreme success"}},
		{"no advantage", "", `[skill_check: skill="Prowl" mode="advantage"]`, []int{5}, []string{"ignored=mode"}},
	})
}

// gurpsRules is GURPS as the spec describes it: 3d6 at-most, 3-4 always
// critical, 5 at 15+, 6 at 16+; 18 always a critical failure, 17 at 15 or
// less, and any roll 10 past the target.
const gurpsRules = `"kind": "roll-against",
  "dice": { "count": 3, "sides": 6 },
  "proficiencyTiers": [{ "id": "known", "label": "Known" }],
  "criticalSuccess": [
    { "from": 3, "to": 4 },
    { "from": 5, "to": 5, "whenTarget": { "atLeast": 15 } },
    { "from": 6, "to": 6, "whenTarget": { "atLeast": 16 } }
  ],
  "criticalFailure": [
    { "from": 18 },
    { "from": 17, "to": 17, "whenTarget": { "below": 16 } },
    { "pastTarget": 10 }
  ]`

func TestRollAgainstGURPS(t *testing.T) {
	rs := inlineRuleset(t, kVocab, gurpsRules)
	ch := loadChar(t, rs, `{"name": "Dai", "abilities": {"grit": 12, "wits": 5},
	  "skills": {"climb": {"tier": "known", "bonus": 2}, "spot": {"tier": "known", "bonus": -4}}}`)
	kRun(t, rs, ch, []kCase{
		{"skill is ability plus bonus", "", `[skill_check: skill="Climb"]`, []int{4, 5, 5},
			[]string{"dice=3d6", "rolls=4,5,5", "total=14", "dc=14", "success=true", "-critical"}},
		{"3-4 always critical", "", `[skill_check: skill="Climb"]`, []int{1, 2, 1}, []string{"total=4", "critical=success"}},
		{"5 not critical at 14", "", `[skill_check: skill="Climb"]`, []int{1, 2, 2}, []string{"total=5", "-critical", "success=true"}},
		{"5 critical at 15", "", `[skill_check: skill="Climb" dc="+1"]`, []int{1, 2, 2}, []string{"dc=15", "critical=success"}},
		{"6 not critical at 15", "", `[skill_check: skill="Climb" dc="+1"]`, []int{2, 2, 2}, []string{"-critical"}},
		{"6 critical at 16", "", `[skill_check: skill="Climb" dc="+2"]`, []int{2, 2, 2}, []string{"dc=16", "critical=success"}},
		{"18 always critical failure", "", `[skill_check: skill="Climb" dc="+10"]`, []int{6, 6, 6},
			[]string{"dc=24", "success=false", "critical=failure"}},
		{"17 critical failure at 15", "", `[skill_check: skill="Climb" dc="+1"]`, []int{6, 6, 5}, []string{"critical=failure"}},
		{"17 plain failure at 16", "", `[skill_check: skill="Climb" dc="+2"]`, []int{6, 6, 5}, []string{"success=false", "-critical"}},
		{"10 past the target", "", `[skill_check: skill="Spot"]`, []int{5, 5, 1}, []string{"dc=1", "total=11", "critical=failure"}},
		{"9 past the target is a plain failure", "", `[skill_check: skill="Spot"]`, []int{5, 4, 1}, []string{"total=10", "-critical", "success=false"}},
		{"3 succeeds even past the target", "", `[skill_check: skill="Spot" dc="-10"]`, []int{1, 1, 1},
			[]string{"dc=-9", "success=true", "critical=success"}},
		{"tens not offered on 3d6", "", `[skill_check: skill="Climb" bonus="+1"]`, []int{1, 2, 3}, []string{"ignored=bonus", "-tens"}},
	})
}

// TestRollAgainstAtLeast: a saving throw rolled at or above the number,
// with margin and total bands.
func TestRollAgainstAtLeast(t *testing.T) {
	rs := inlineRuleset(t, kVocab, `"kind": "roll-against", "dice": { "count": 1, "sides": 20 }, "against": "at-least",
	  "proficiencyTiers": [{ "id": "base", "label": "Base" }],
	  "criticalFailure": [{ "to": 1 }],
	  "outcomes": { "by": "margin", "tiers": [
	    { "id": "great", "label": "Great", "atLeast": 5, "success": true },
	    { "id": "ok", "label": "Made it", "atLeast": 0, "success": true },
	    { "id": "no", "label": "Missed" } ] }`)
	ch := loadChar(t, rs, `{"name": "Saver", "abilities": {"wits": 10}, "saves": {"nerve": {"tier": "base", "bonus": 2}}}`)
	kRun(t, rs, ch, []kCase{
		{"at the target", "", `[skill_check: save="Nerve"]`, []int{12}, []string{"against=at-least", "dc=12", "outcome=Made it", "success=true"}},
		{"5 over", "", `[skill_check: save="Nerve"]`, []int{17}, []string{"outcome=Great"}},
		{"under", "", `[skill_check: save="Nerve"]`, []int{11}, []string{"outcome=Missed", "success=false"}},
		{"open from: a 1", "", `[skill_check: save="Nerve" dc="-20"]`, []int{1}, []string{"dc=-8", "outcome=Missed", "critical=failure"}},
	})
	total := inlineRuleset(t, kVocab, `"kind": "roll-against", "dice": { "count": 1, "sides": 100 },
	  "proficiencyTiers": [{ "id": "base", "label": "Base" }],
	  "outcomes": { "by": "total", "tiers": [
	    { "id": "lo", "label": "Low roll", "atLeast": 50, "success": true }, { "id": "hi", "label": "Other" } ] }`)
	ch = loadChar(t, total, `{"name": "T", "abilities": {"wits": 60}}`)
	wantAttrs(t, rollFaces(t, total, ch, `[skill_check: ability="Wits"]`, 55), "total=55", "outcome=Low roll", "success=true")
	// Plain comparison, no bands: success follows the roll against dc.
	plain := inlineRuleset(t, kVocab, `"kind": "roll-against", "proficiencyTiers": [{ "id": "base", "label": "Base" }]`)
	ch = loadChar(t, plain, `{"name": "P", "abilities": {"wits": 60}}`)
	wantAttrs(t, rollFaces(t, plain, ch, `[skill_check: ability="Wits"]`, 61), "dice=1d100", "dc=60", "success=false", "-outcome")
}

// TestRollAgainstEffects: adjustments and item effects move the target.
func TestRollAgainstEffects(t *testing.T) {
	rs := inlineRuleset(t, kVocab, gurpsRules+`, "adjust": [{ "value": { "field": "wounds" } }]`)
	ch := loadChar(t, rs, `{"name": "Hurt", "abilities": {"grit": 12}, "fields": {"wounds": -2}}`)
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climb"]`, 3, 3, 4), "dc=10", "total=10", "success=true")
}

// TestRollAgainstBundled: the bundled CoC and GURPS files play.
func TestRollAgainstBundled(t *testing.T) {
	rs, ch := loadPair(t, "coc7e", "harvey.json")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Spot Hidden" bonus="-2"]`, 34, 1, 10),
		"rolls=34,4,94", "tens=-2", "total=94", "dc=50", "outcome=Failure")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Cthulhu Mythos"]`, 97), "dc=5", "outcome=Fumble")
	rs, ch = loadPair(t, "gurps", "dai.json")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Stealth" difficulty="Hard"]`, 2, 2, 2), "dc=12", "total=6", "-critical", "success=true")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Stealth"]`, 2, 2, 2), "dc=16", "critical=success")
}
