package fightrules_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
)

func loadCombat(t *testing.T, combat string) *ruleset.Ruleset {
	t.Helper()
	src := `{
  "id": "c", "name": "C",
  "abilities": [{"id": "str"}],
  "conditions": [{"id": "stoneskin"}, {"id": "protected"}, {"id": "brave"}, {"id": "frightened"}],
  "levels": [{"id": "tier2"}],
  "lists": [{"id": "traits", "label": "Traits", "columns": [
    {"id": "resistance", "type": "text"}, {"id": "fearless", "type": "enum", "values": ["frightened"]}]}],
  "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "proficiencyTiers": [{"id": "none"}]},
  "items": {"categories": [{"id": "gear"}], "tags": [{"id": "magical"}]},
  "combat": ` + combat + `}`
	rs, err := ruleset.Load("c.json", []byte(src), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestCombatDefenses reads the spec's examples into the typed view.
func TestCombatDefenses(t *testing.T) {
	rs := loadCombat(t, `{
  "conditions": [
    {"condition": "stoneskin", "resist": [
      {"type": "bludgeoning", "except": ["magical"]},
      {"type": "piercing", "except": ["magical"]},
      {"type": "slashing", "except": ["magical"]}]},
    {"condition": "protected", "resist": ["fire"]},
    {"condition": "brave", "conditionImmunities": ["frightened"]}],
  "levels": [{"level": "tier2", "resist": ["poison"]}],
  "sheetHides": [{"list": "traits", "column": "resistance", "kind": "resist"},
                 {"list": "traits", "column": "fearless", "kind": "conditionImmunities"}]}`)
	d := rs.Defenses
	if d == nil || d.DamageTypes != nil {
		t.Fatalf("defenses %+v: without combat.damageTypes damage words are free text", d)
	}
	if len(d.Conditions) != 3 || d.Conditions[0].Condition != "stoneskin" || len(d.Conditions[0].Effect.Resist) != 3 ||
		d.Conditions[0].Effect.Resist[0].String() != "bludgeoning except magical" {
		t.Errorf("stoneskin: %+v", d.Conditions)
	}
	if got := d.Conditions[1].Effect.Resist; len(got) != 1 || got[0].Type != "fire" {
		t.Errorf("protection from energy: %+v", got)
	}
	if got := d.Conditions[2].Effect.ConditionImmunities; strings.Join(got, ",") != "frightened" {
		t.Errorf("brave: %v", got)
	}
	if len(d.Levels) != 1 || d.Levels[0].Level != "tier2" || d.Levels[0].Effect.Resist[0].Type != "poison" {
		t.Errorf("level: %+v", d.Levels)
	}
	if len(d.SheetHides) != 2 || d.SheetHides[0] != (fightrules.SheetHide{List: "traits", Column: "resistance", Kind: "resist"}) {
		t.Errorf("sheetHides: %+v", d.SheetHides)
	}
	if l, ok := rs.List("traits"); !ok || len(l.Columns) != 2 || l.Columns[1].Type != "enum" {
		t.Errorf("lists: %+v", rs.Lists)
	}
	// Free text: any word is a damage word.
	if w, ok := d.DamageWord("Psychic"); !ok || w != "Psychic" {
		t.Errorf("free text: %q %v", w, ok)
	}
}

func TestCombatDefensesDeclaredWords(t *testing.T) {
	// An empty sheetHides is allowed; damageTypes may be words or {id}.
	rs := loadCombat(t, `{"damageTypes": ["fire", {"id": "poison"}], "sheetHides": [],
  "levels": [{"level": "tier2", "resist": ["poison"], "vulnerable": ["fire"], "immune": [{"type": "fire", "except": ["magical"]}]}]}`)
	d := rs.Defenses
	if len(d.SheetHides) != 0 || strings.Join(d.DamageTypes, ",") != "fire,poison" {
		t.Errorf("defenses %+v", d)
	}
	if w, ok := d.DamageWord("POISON"); !ok || w != "poison" {
		t.Errorf("declared word, any case: %q %v", w, ok)
	}
	if _, ok := d.DamageWord("acid"); ok {
		t.Error("acid is not declared")
	}
}
