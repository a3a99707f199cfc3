package ruleset_test

import (
	"github.com/rulehost/rulehost/engine/internal/testload"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset/valueref"
)

// specOverrides is the overrides example of spec/checks.md, verbatim.
var specOverrides = testload.Spec("overrides")

// oldSchool is a d20 dice-sum resolution the overrides example sits in.
const oldSchool = `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "naturals": "both",
  "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }, { "id": "trained", "label": "Trained", "flat": 2 }],
  "difficultyLadder": [{ "label": "Easy", "dc": 10 }, { "label": "Hard", "dc": 20 }]`

func TestOverridesSpecExample(t *testing.T) {
	// The example's third entry is exwod's ("cancel" is a dice-pool key): in
	// a dice-sum ruleset it is an unknown key, even when set to null.
	sumRefused(t, `"resolution": { `+oldSchool+`, `+specOverrides+` }`, "/resolution/overrides/2/set/cancel", "unknown key")

	// The dice-sum half of the example, with the favoured override written
	// in dice-sum's own keys ("naturals": null removes the fumble).
	example := strings.Replace(specOverrides, `"cancel": null`, `"naturals": null`, 1)
	rs := sumLoad(t, `"resolution": { `+oldSchool+`, `+example+` }`)
	ovs := rs.Resolution.Overrides
	if len(ovs) != 3 {
		t.Fatalf("%d overrides", len(ovs))
	}
	wantSides := []int{100, 6, 20}
	for i, ov := range ovs {
		if ov.Resolution == nil || ov.Resolution.DiceSum == nil {
			t.Fatalf("override %s has no resolution", ov.ID)
		}
		if got := ov.Resolution.DiceSum.Sides; got != wantSides[i] {
			t.Errorf("override %s rolls d%d, want d%d", ov.ID, got, wantSides[i])
		}
		// The sheet math and the ladder are the ruleset's.
		if len(ov.Resolution.ProficiencyTiers) != 2 || len(ov.Resolution.DiceSum.Ladder) != 2 {
			t.Errorf("override %s lost the sheet math or the ladder: %+v", ov.ID, ov.Resolution)
		}
	}
	if ovs[0].Label != "Thief skills" || strings.Join(ovs[0].Skills, ",") != "open_locks,pick_pockets" || ovs[0].When != nil {
		t.Errorf("thief read as %+v", ovs[0])
	}
	if ovs[0].Resolution.DiceSum.Naturals != "both" {
		t.Errorf("an override keeps the keys it does not set; naturals %q", ovs[0].Resolution.DiceSum.Naturals)
	}
	if ovs[2].When == nil || ovs[2].When.Field != "favored_athletics" {
		t.Errorf("favored when %+v", ovs[2].When)
	}
	if ovs[2].Resolution.DiceSum.Naturals != "" {
		t.Errorf(`"naturals": null should remove the key; got %q`, ovs[2].Resolution.DiceSum.Naturals)
	}
	if rs.Resolution.DiceSum.Naturals != "both" {
		t.Errorf("an override must not change the ruleset's own resolution; naturals %q", rs.Resolution.DiceSum.Naturals)
	}
}

// TestOverridesLockedKeys: the kind, the sheet math and difficultyLadder
// cannot be changed (each also has a file in testdata/refused/overrides).
func TestOverridesLockedKeys(t *testing.T) {
	values := map[string]string{
		"kind":             `"dice-pool"`,
		"abilityModifier":  `{ "op": "identity" }`,
		"proficiency":      `{ "bonus": { "derived": "proficiency_bonus" } }`,
		"proficiencyTiers": `[{ "id": "untrained", "label": "Untrained" }]`,
		"penaltyFrom":      `{ "field": "prof" }`,
		"spend":            `[{ "pool": "luck", "amount": 1, "dice": 1 }]`,
		"adjust":           `[{ "value": { "field": "prof" } }]`,
		"difficultyLadder": `[{ "label": "Easy", "dc": 5 }]`,
	}
	for key, val := range values {
		t.Run(key, func(t *testing.T) {
			sumRefused(t, `"resolution": { `+oldSchool+`, "overrides": [
				{ "id": "o", "label": "O", "skills": ["listen"], "set": { "`+key+`": `+val+` } } ] }`,
				"/resolution/overrides/0/set/"+key, "cannot change")
		})
	}
}

func TestOverridesRefusals(t *testing.T) {
	tests := []struct{ name, ovs, ptr, frag string }{
		{"a check in two overrides without when",
			`{ "id": "a", "label": "A", "skills": ["listen"], "set": { "advantage": true } }, { "id": "b", "label": "B", "skills": ["listen"], "set": { "naturals": "none" } }`,
			"/resolution/overrides/1", "at most one override without when"},
		{"unknown skill id", `{ "id": "a", "label": "A", "skills": ["backstab"], "set": { "advantage": true } }`, "/resolution/overrides/0/skills/0", `"backstab"`},
		{"set producing an invalid resolution", `{ "id": "a", "label": "A", "skills": ["listen"], "set": { "dice": { "count": 2, "sides": 6 } } }`, "/resolution/overrides/0/set", "inherited /resolution/naturals: naturals \"both\" reads a single die"},
		{"a face it names must exist on its dice", `{ "id": "a", "label": "A", "skills": ["listen"], "set": { "dice": { "count": 1, "sides": 6 }, "unmodified": [66] } }`, "/resolution/overrides/0/set/unmodified/0", "out of range"},
		{"unknown key in set", `{ "id": "a", "label": "A", "skills": ["listen"], "set": { "reroll": 1 } }`, "/resolution/overrides/0/set/reroll", "unknown key"},
		{"null for a key the kind has not", `{ "id": "a", "label": "A", "skills": ["listen"], "set": { "cancel": null } }`, "/resolution/overrides/0/set/cancel", "unknown key"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sumRefused(t, `"resolution": { `+oldSchool+`, "overrides": [`+tc.ovs+`] }`, tc.ptr, tc.frag)
		})
	}
	t.Run("the same check in two overrides with when loads", func(t *testing.T) {
		sumLoad(t, `"resolution": { `+oldSchool+`, "overrides": [
			{ "id": "a", "label": "A", "skills": ["listen"], "when": { "field": "favored_athletics" }, "set": { "advantage": true } },
			{ "id": "b", "label": "B", "skills": ["listen"], "set": { "naturals": "none" } } ] }`)
	})
}

func TestOverrideFor(t *testing.T) {
	rs := sumLoad(t, `"resolution": { `+oldSchool+`, "overrides": [
		{ "id": "favored", "label": "Favored", "skills": ["athletics"], "when": { "field": "favored_athletics" }, "set": { "naturals": "max-only" } },
		{ "id": "plain", "label": "Plain", "skills": ["athletics", "listen"], "saves": ["reflex"], "set": { "naturals": "none" } },
		{ "id": "strong", "label": "Strong", "abilities": ["str"], "set": { "advantage": true } } ] }`)
	res := rs.Resolution
	when := func(v float64) func(valueref.Ref) float64 {
		return func(ref valueref.Ref) float64 {
			if ref.Field != "favored_athletics" {
				t.Errorf("when read %v", ref)
			}
			return v
		}
	}
	tests := []struct {
		skill, save, ability string
		whenValue            float64
		want                 string
	}{
		{"athletics", "", "", 1, "favored"}, // first match whose when holds
		{"athletics", "", "", 0, "plain"},   // when 0: the next one
		{"athletics", "", "", -2, "favored"},
		{"listen", "", "", 1, "plain"},
		{"open_locks", "", "", 1, ""},
		{"", "reflex", "", 0, "plain"},
		{"", "", "str", 0, "strong"},
		{"", "", "dex", 0, ""},
		{"", "athletics", "", 1, ""}, // a save is not a skill of the same id
	}
	for _, tc := range tests {
		got := ""
		if ov := res.OverrideFor(tc.skill, tc.save, tc.ability, when(tc.whenValue)); ov != nil {
			got = ov.ID
		}
		if got != tc.want {
			t.Errorf("OverrideFor(%q,%q,%q) with when=%g = %q, want %q", tc.skill, tc.save, tc.ability, tc.whenValue, got, tc.want)
		}
	}
}
