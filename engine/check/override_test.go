package check_test

import (
	"testing"
)

// TestOverridesOldSchool rolls the bundled old-school ruleset, whose
// overrides are the spec example's: thief skills on a d100, X-in-6 on a
// d6, and a favoured override with when on a field.
func TestOverridesOldSchool(t *testing.T) {
	rs, nim := loadPair(t, "oldschool", "nim.json")          // Dex 17 (+2), Wis 8 (-1), Str 9 (0)
	_, brunhild := loadPair(t, "oldschool", "brunhild.json") // Str 18 (+3), favoured in Athletics
	dsRun(t, rs, nim, []dsCase{
		{"thief skills roll a d100", `[skill_check: skill="Open locks" dc="101"]`, []int{74},
			[]string{"override=Thief skills", "dice=1d100", "rolls=74", "modifier=27", "total=101", "success=true"}},
		{"set naturals null: a 100 is no critical", `[skill_check: skill="Pick pockets" dc="500"]`, []int{100},
			[]string{"override=Thief skills", "-critical", "-natural", "success=false"}},
		{"x-in-6 rolls a d6", `[skill_check: skill="Listen" dc="5"]`, []int{4},
			[]string{"override=X-in-6", "dice=1d6", "modifier=1", "total=5", "success=true"}},
		{"x-in-6 sets naturals none", `[skill_check: skill="Listen" dc="20"]`, []int{6},
			[]string{"-critical", "success=false"}},
		{"when 0: no override, the d20 with naturals", `[skill_check: skill="Athletics" dc="5"]`, []int{1},
			[]string{"-override", "dice=1d20", "critical=failure", "success=false"}},
		{"no override for a check none names", `[skill_check: skill="Lore" dc="30"]`, []int{20},
			[]string{"-override", "dice=1d20", "critical=success", "success=true"}},
		{"the ladder is the ruleset's", `[skill_check: skill="Open locks" difficulty="Hard"]`, []int{1},
			[]string{"dc=20", "total=28", "success=true"}},
	})
	dsRun(t, rs, brunhild, []dsCase{
		{"when holds: the favoured override", `[skill_check: skill="Athletics" dc="5"]`, []int{1},
			[]string{"override=Favored", "dice=1d20", "modifier=5", "total=6", "success=true", "-critical"}},
		{"the favoured override keeps the natural 20", `[skill_check: skill="Athletics" dc="40"]`, []int{20},
			[]string{"override=Favored", "critical=success", "success=true"}},
		{"open doors is x-in-6 for everyone", `[skill_check: skill="Open doors" dc="5"]`, []int{1},
			[]string{"override=X-in-6", "modifier=5", "success=true"}},
	})
}

func TestOverridesFirstMatchAndWhen(t *testing.T) {
	rs := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "naturals": "both", `+dsTiers+`,
		"overrides": [
			{ "id": "favored", "label": "Favored", "skills": ["athletics"], "when": { "field": "favored_athletics" }, "set": { "dice": { "count": 1, "sides": 12 } } },
			{ "id": "nimble", "label": "Nimble", "skills": ["athletics"], "when": { "abilityScore": "dex" }, "set": { "dice": { "count": 1, "sides": 10 } } },
			{ "id": "always", "label": "Always", "skills": ["athletics"], "saves": ["reflex"], "set": { "dice": { "count": 1, "sides": 8 } } },
			{ "id": "late", "label": "Late", "skills": ["athletics"], "set": { "dice": { "count": 1, "sides": 4 } }, "when": { "abilityScore": "str" } },
			{ "id": "wise", "label": "Wise", "abilities": ["wis"], "set": { "advantage": true, "naturals": null,
				"outcomes": { "by": "total", "tiers": [{ "id": "y", "label": "Yes", "atLeast": 5, "success": true }, { "id": "n", "label": "No" }] } } }
		]`)
	tests := []struct{ name, sheet, tag, want string }{
		{"first override whose when holds", `{"name":"A","fields":{"favored_athletics":1},"abilities":{"dex":3}}`, `[skill_check: skill="Athletics"]`, "Favored"},
		{"when 0 passes to the next", `{"name":"A","abilities":{"dex":3}}`, `[skill_check: skill="Athletics"]`, "Nimble"},
		{"a negative when holds", `{"name":"A","abilities":{"dex":-2}}`, `[skill_check: skill="Athletics"]`, "Nimble"},
		{"then the one without when", `{"name":"A","abilities":{"str":5}}`, `[skill_check: skill="Athletics"]`, "Always"},
		{"a save", `{"name":"A"}`, `[skill_check: save="Reflex"]`, "Always"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := rollFaces(t, rs, loadChar(t, rs, tc.sheet), tc.tag, 1)
			wantAttrs(t, rec, "override="+tc.want)
		})
	}
	t.Run("an ability override with its own outcomes and advantage", func(t *testing.T) {
		ch := loadChar(t, rs, `{"name":"A","abilities":{"wis":2}}`)
		wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: ability="Wisdom" mode="advantage"]`, 1, 3),
			"override=Wise", "mode=advantage", "kept=3", "total=5", "outcome=Yes", "success=true", "-critical")
		wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: ability="Wisdom"]`, 1),
			"override=Wise", "total=3", "outcome=No", "-critical", "-natural")
	})
	t.Run("other abilities roll the ruleset's way", func(t *testing.T) {
		ch := loadChar(t, rs, `{"name":"A"}`)
		wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: ability="Strength" dc="5" mode="advantage"]`, 20),
			"-override", "ignored=mode", "critical=success")
	})
}
