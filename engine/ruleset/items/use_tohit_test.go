package itemrules_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

// withUseToHit loads the weapons base with the axe's attack given toHit
// and a second item whose use rolls to hit with the same toHit, its stats
// the axe's (edit changes the raw ruleset first).
func withUseToHit(t *testing.T, toHit string, edit func(m map[string]any)) (*ruleset.Ruleset, error) {
	t.Helper()
	var th any
	if err := json.Unmarshal([]byte(toHit), &th); err != nil {
		t.Fatal(err)
	}
	return withAttack(t, `{"budget": "act", "damage": {"dice": "1d6"}}`, func(m map[string]any) {
		entries := m["catalogs"].([]any)[0].(map[string]any)["entries"].([]any)
		axe := entries[0].(map[string]any)["item"].(map[string]any)
		axe["attack"].(map[string]any)["toHit"] = th
		flask := map[string]any{"category": "weapon", "stats": axe["stats"],
			"use": map[string]any{"kind": "attack", "budget": "act", "attackRoll": true, "toHit": th, "consumes": true}}
		m["catalogs"].([]any)[0].(map[string]any)["entries"] = append(entries, map[string]any{"id": "flask", "label": "Flask", "item": flask})
		if edit != nil {
			edit(m)
		}
	})
}

// A use's toHit is read by a weapon's reader (spec/items.md: "as a
// weapon's toHit defines it"): every shape a weapon's takes, written or
// read from the item's stats, types the same.
func TestUseToHitIsAWeapons(t *testing.T) {
	pool := func(m map[string]any) {
		m["resolution"] = map[string]any{"kind": "dice-pool", "die": map[string]any{"sides": 10}, "proficiencyTiers": []any{map[string]any{"id": "untrained"}},
			"pool": map[string]any{"min": 0, "max": 10}, "target": map[string]any{"default": 7, "min": 5, "max": 9}}
	}
	for _, c := range []struct {
		toHit string
		edit  func(m map[string]any)
	}{
		{`{"abilities": ["brawn", "wits"], "skill": "sneak", "proficiency": {"const": 1}, "bonus": 1, "sheetBonus": {"field": "archery"}}`, nil},
		{`{"abilities": {"stat": "swing"}, "bonus": {"stat": "bulk"}}`, nil},
		{`{"abilities": {"stat": "swing"}, "target": 6}`, pool},
		{`{"abilities": ["brawn"], "target": {"stat": "bulk"}}`, pool},
	} {
		rs, err := withUseToHit(t, c.toHit, c.edit)
		if err != nil {
			t.Fatalf("%s: %v", c.toHit, err)
		}
		axe, flask := rs.Items.Items[0], rs.Items.Items[1]
		if flask.UseDef == nil || flask.UseDef.ToHit == nil {
			t.Fatalf("%s: the flask's use has no toHit", c.toHit)
		}
		if !reflect.DeepEqual(*flask.UseDef.ToHit, axe.AttackDef.ToHit) {
			t.Errorf("%s: use %+v, weapon %+v", c.toHit, *flask.UseDef.ToHit, axe.AttackDef.ToHit)
		}
	}
}

// A toHit a weapon refuses, a use refuses in the same words at its own
// pointer (a weapon's own target named as a use's).
func TestUseToHitRefusedAsAWeapons(t *testing.T) {
	for _, toHit := range []string{
		`{"abilities": {"stat": "luck"}}`,
		`{"abilities": {"stat": "bulk"}}`,
		`{"abilities": ["brawn", "brawn"]}`,
		`{"skill": {"stat": "note"}}`,
		`{"bonus": {"stat": "note"}}`,
		`{"bonus": 101}`,
		`{"bonus": "1"}`,
		`{"target": 6}`,
		`{"target": {"stat": "bulk"}}`,
		`{"speed": 1}`,
	} {
		_, err := withUseToHit(t, toHit, nil)
		var verr *validate.Error
		if !errors.As(err, &verr) {
			t.Fatalf("%s: want a refusal, got %v", toHit, err)
		}
		weapon, use := map[string]string{}, map[string]string{}
		for _, p := range verr.Problems {
			switch {
			case strings.HasPrefix(p.Pointer, "/catalogs/0/entries/0/item/attack/toHit"):
				weapon[strings.TrimPrefix(p.Pointer, "/catalogs/0/entries/0/item/attack/toHit")] = strings.Replace(p.Message, "a weapon's", "a use's", 1)
			case strings.HasPrefix(p.Pointer, "/catalogs/0/entries/1/item/use/toHit"):
				use[strings.TrimPrefix(p.Pointer, "/catalogs/0/entries/1/item/use/toHit")] = p.Message
			default:
				t.Errorf("%s: another problem %s: %s", toHit, p.Pointer, p.Message)
			}
		}
		if len(use) == 0 || !reflect.DeepEqual(weapon, use) {
			t.Errorf("%s:\nweapon %q\nuse    %q", toHit, weapon, use)
		}
	}
}
