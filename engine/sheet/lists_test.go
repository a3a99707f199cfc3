package sheet_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/validate"
)

const listsRuleset = `{
  "id": "lists", "name": "Sheet lists",
  "abilities": [{"id": "str"}],
  "conditions": [{"id": "frightened"}],
  "lists": [{"id": "traits", "label": "Traits", "columns": [
    {"id": "name", "label": "Name", "type": "text"},
    {"id": "resistance", "label": "Resistance", "type": "text"},
    {"id": "fearless", "type": "enum", "values": ["frightened"]},
    {"id": "weight", "type": "number"}]}],
  "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "proficiencyTiers": [{"id": "none"}]}
}`

func listsRS(t *testing.T) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.Load("lists.json", []byte(listsRuleset), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestSheetLists(t *testing.T) {
	rs := listsRS(t)
	s, err := sheet.Load("dwarf.json", []byte(`{"name": "Dwarf", "lists": {"traits": [
	  {"name": "Dwarven resilience", "resistance": "poison", "weight": 1.5},
	  {"fearless": "frightened"},
	  {}]}}`), rs)
	if err != nil {
		t.Fatal(err)
	}
	rows := s.Lists["traits"]
	if len(rows) != 3 || rows[0].Text("resistance") != "poison" || rows[0].Number("weight") != 1.5 ||
		rows[1].Text("fearless") != "frightened" || rows[2].Text("name") != "" {
		t.Errorf("rows %+v", rows)
	}
	// An empty list is a list with no rows; no "lists" at all is none.
	if s, err := sheet.Load("a.json", []byte(`{"name": "A", "lists": {"traits": []}}`), rs); err != nil || len(s.Lists["traits"]) != 0 {
		t.Errorf("empty list: %v %+v", err, s)
	}
}

func TestSheetListsRefused(t *testing.T) {
	rs := listsRS(t)
	cases := []struct{ name, sheet, ptr, contains string }{
		{"not an object", `{"name": "A", "lists": []}`, "/lists", "want an object"},
		{"unknown list", `{"name": "A", "lists": {"feats": []}}`, "/lists/feats", "no sheet list"},
		{"rows not an array", `{"name": "A", "lists": {"traits": {}}}`, "/lists/traits", "want an array"},
		{"row not an object", `{"name": "A", "lists": {"traits": ["poison"]}}`, "/lists/traits/0", "want an object"},
		{"unknown column", `{"name": "A", "lists": {"traits": [{"immunity": "fire"}]}}`, "/lists/traits/0/immunity", "has no column"},
		{"text not a string", `{"name": "A", "lists": {"traits": [{"resistance": 3}]}}`, "/lists/traits/0/resistance", "want a string"},
		{"text too long", `{"name": "A", "lists": {"traits": [{"name": "` + strings.Repeat("x", 501) + `"}]}}`, "/lists/traits/0/name", "at most 500"},
		{"enum value unknown", `{"name": "A", "lists": {"traits": [{"fearless": "brave"}]}}`, "/lists/traits/0/fearless", "not a value of column"},
		{"number not a number", `{"name": "A", "lists": {"traits": [{"weight": "heavy"}]}}`, "/lists/traits/0/weight", "want a number"},
	}
	for _, c := range cases {
		_, err := sheet.Load("s.json", []byte(c.sheet), rs)
		var verr *validate.Error
		if !errors.As(err, &verr) {
			t.Errorf("%s: want a refusal, got %v", c.name, err)
			continue
		}
		found := false
		for _, p := range verr.Problems {
			if p.Pointer == c.ptr && strings.Contains(p.Message, c.contains) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no problem at %s containing %q:\n%v", c.name, c.ptr, c.contains, verr)
		}
	}
}
