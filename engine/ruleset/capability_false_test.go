package ruleset_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// TestAbilityPlusAbilityFalseAt136 (issue 30 item 9): the originals say
// "even as false" only of allowOwnUpgrade and dark.outcome; false is
// abilityPlusAbility left out, accepted at 1.36, and only true needs 1.37
// (docs/capability.md "Declared as false").
func TestAbilityPlusAbilityFalseAt136(t *testing.T) {
	src := func(api, v string) []byte {
		return []byte(`{"id": "p", "name": "P", "capabilityApi": "` + api + `",
  "abilities": [{"id": "str", "min": 1, "max": 5, "default": 2}],
  "skills": [{"id": "brawl", "label": "Brawl", "ability": "str"}],
  "resolution": {"kind": "dice-pool", "die": {"sides": 10}, "pool": {"min": 1, "max": 10` + v + `},
    "target": {"min": 6, "max": 6, "default": 6},
    "abilityModifier": {"op": "identity"}, "proficiencyTiers": [{"id": "none"}]}}`)
	}
	if _, err := ruleset.Load("p.json", src("1.36", ``), ruleset.Options{}); err != nil {
		t.Fatalf("the base ruleset: %v", err)
	}
	if _, err := ruleset.Load("p.json", src("1.36", `, "abilityPlusAbility": false`), ruleset.Options{}); err != nil {
		t.Errorf("false at 1.36: %v", err)
	}
	_, err := ruleset.Load("p.json", src("1.36", `, "abilityPlusAbility": true`), ruleset.Options{})
	if err == nil || !strings.Contains(err.Error(), "/resolution/pool/abilityPlusAbility: needs capabilityApi 1.37") {
		t.Errorf("true at 1.36: %v", err)
	}
	if _, err := ruleset.Load("p.json", src("1.37", `, "abilityPlusAbility": true`), ruleset.Options{}); err != nil {
		t.Errorf("true at 1.37: %v", err)
	}
}
