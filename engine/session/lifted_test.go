package session_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

// liftedRuleset is engine/items' typed-defenses example: Brave makes one
// immune to Frightened.
const liftedRuleset = `{
  "id": "typed", "name": "Typed defenses",
  "abilities": [{"id": "str", "min": 1, "max": 20, "default": 10}],
  "skills": [{"id": "athletics", "label": "Athletics", "ability": "str"}],
  "saves": [{"id": "fort", "label": "Fortitude", "ability": "str"}],
  "conditions": [
    {"id": "stoneskin", "label": "Stoneskin"},
    {"id": "protected", "label": "Protection from Energy"},
    {"id": "brave", "label": "Brave"},
    {"id": "frightened", "label": "Frightened", "check": {"effects": ["own-checks-disadvantage"]}},
    {"id": "fearful", "label": "Fearful", "check": {"effects": ["own-checks-disadvantage"]}},
    {"id": "enlarged", "label": "Enlarged", "check": {"abilities": {"str": {"add": 2}}}},
    {"id": "giant", "label": "Giant strength", "check": {"abilities": {"str": {"set": 19}}}},
    {"id": "mighty", "label": "Mighty", "check": {"abilities": {"str": {"add": 15}}}}
  ],
  "levels": [{"id": "tier2", "label": "Tier 2"}],
  "lists": [{"id": "traits", "label": "Traits", "columns": [
    {"id": "name", "type": "text"},
    {"id": "resistance", "type": "text"},
    {"id": "vulnerability", "type": "text"},
    {"id": "immunity", "type": "text"},
    {"id": "fearless", "type": "enum", "values": ["frightened", "fearful"]},
    {"id": "weight", "type": "number"}
  ]}],
  "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "advantage": true, "proficiencyTiers": [{"id": "none"}]},
  "items": {"categories": [{"id": "gear", "label": "Gear"}],
            "tags": [{"id": "magical", "label": "Magical"}, {"id": "silvered", "label": "Silvered"}]},
  "catalogs": [{"id": "gear", "holds": "items", "entries": [
    {"id": "charm", "label": "Courage charm", "item": {"category": "gear", "carried": {"conditionImmunities": ["fearful"]}}}
  ]}],
  "combat": {
    "damageTypes": ["bludgeoning", "piercing", "slashing", "fire", "cold", "poison"],
    "conditions": [
      {"condition": "stoneskin", "resist": [
        {"type": "bludgeoning", "except": ["magical"]},
        {"type": "piercing", "except": ["magical"]},
        {"type": "slashing", "except": ["magical"]}]},
      {"condition": "protected", "resist": ["fire"]},
      {"condition": "brave", "conditionImmunities": ["frightened"]}
    ],
    "levels": [{"level": "tier2", "resist": ["poison"]}],
    "sheetHides": [
      {"list": "traits", "column": "resistance", "kind": "resist"},
      {"list": "traits", "column": "vulnerability", "kind": "vulnerable"},
      {"list": "traits", "column": "immunity", "kind": "immune"},
      {"list": "traits", "column": "fearless", "kind": "conditionImmunities"}
    ]
  }
}`

// TestLiftedAtStartOnTheCharactersOwnRecord (issue 30 item 9): a
// condition an immunity ends when the session begins (Bram is Frightened
// and Brave) is reported on the first record that concerns Bram, not on
// the session's first tag, a check of Ada's.
func TestLiftedAtStartOnTheCharactersOwnRecord(t *testing.T) {
	rs, err := ruleset.Load("typed.json", []byte(liftedRuleset), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sheets []*sheet.Sheet
	for _, src := range []string{`{"name": "Ada"}`, `{"name": "Bram", "conditions": ["frightened", "brave"]}`} {
		sh, err := sheet.Load("s.json", []byte(src), rs)
		if err != nil {
			t.Fatal(err)
		}
		sheets = append(sheets, sh)
	}
	s := session.New(rs, sheets, 1)
	r, err := s.Append(session.GMReply, `[skill_check: who="Ada" skill="athletics" dc="10"]`)
	if err != nil {
		t.Fatal(err)
	}
	if r.Records[0].Has("lifted") {
		t.Fatalf("Ada's check reports Bram's condition: %s", r.Records[0])
	}
	r, err = s.Append(session.GMReply, `[skill_check: who="Ada" skill="athletics" dc="10"] [skill_check: who="Bram" skill="athletics" dc="10"]`)
	if err != nil {
		t.Fatal(err)
	}
	if r.Records[0].Has("lifted") || r.Records[1].Value("lifted") != "Frightened (Bram)" {
		t.Fatalf("Bram's first record: %s | %s", r.Records[0], r.Records[1])
	}
	r, _ = s.Append(session.GMReply, `[skill_check: who="Bram" skill="athletics" dc="10"]`)
	if r.Records[0].Has("lifted") || strings.Contains(r.Records[0].String(), "Frightened") {
		t.Fatalf("reported twice: %s", r.Records[0])
	}
}
