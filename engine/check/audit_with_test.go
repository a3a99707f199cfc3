package check_test

import "testing"

// TestAuditWithOnAbilityCheck: spec/checks.md, "with= ... On an ability
// check it adds a second ability instead, if pool.abilityPlusAbility is
// on" and "The record shows ... with= only if the ability was replaced or
// added". The kinds other than dice-pool never add a second ability, so
// with= on an ability check is not used: the record must not claim it
// was, and lists it in ignored= instead.
func TestAuditWithOnAbilityCheck(t *testing.T) {
	for _, tc := range []struct {
		kind, resolution, sheet, tag string
		faces                        []int
		want                         []string
	}{
		{"dice-sum", `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "proficiencyTiers": [{ "id": "r0", "label": "0" }]`,
			`{"name": "A", "abilities": {"grit": 3, "wits": 1}}`, `[skill_check: ability="Grit" with="Wits" dc="10"]`, []int{10},
			[]string{"-with", "modifier=3", "total=13", "ignored=with"}},
		{"dice-highest", `"kind": "dice-highest", "die": { "sides": 6 }, "proficiencyTiers": [{ "id": "r0", "label": "0" }]`,
			`{"name": "A", "abilities": {"grit": 1, "wits": 2}}`, `[skill_check: ability="Grit" with="Wits" dc="4"]`, []int{5},
			[]string{"-with", "dice=1d6", "ignored=with"}},
		{"roll-against", `"kind": "roll-against", "proficiencyTiers": [{ "id": "r0", "label": "0" }]`,
			`{"name": "A", "abilities": {"grit": 40, "wits": 60}}`, `[skill_check: ability="Grit" with="Wits"]`, []int{50},
			[]string{"-with", "dc=40", "success=false", "ignored=with"}},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			rs := inlineRuleset(t, kVocab, tc.resolution)
			wantAttrs(t, rollFaces(t, rs, loadChar(t, rs, tc.sheet), tc.tag, tc.faces...), tc.want...)
		})
	}
	// A skill check still records the ability that replaced the usual one.
	rs := inlineRuleset(t, kVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "proficiencyTiers": [{ "id": "r0", "label": "0" }]`)
	ch := loadChar(t, rs, `{"name": "A", "abilities": {"grit": 3, "wits": 1}}`)
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climb" with="Wits" dc="10"]`, 10), "with=Wits", "modifier=1", "-ignored")
}
