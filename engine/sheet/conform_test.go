package sheet_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/validate"
)

// TestSheetRefusalsNameWhatExists: a pool above its max for this sheet,
// a bag line shaped catalog/entry that names no item, and an unknown
// skill, save, field or pool listing what the ruleset declares.
func TestSheetRefusalsNameWhatExists(t *testing.T) {
	rs := vocab(t)
	ember, err := ruleset.LoadFile("../../rulesets/ember-roads/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		rs    *ruleset.Ruleset
		sheet string
		ptr   string
		frag  string
	}{
		{"pool above a constant max", rs, `{"name":"A","pools":{"luck":4}}`, "/pools/luck", `4 is above pool "luck"'s max, 3 for this sheet`},
		{"pool above a max read from the sheet", rs, `{"name":"A","fields":{"level":2},"pools":{"grit":7}}`, "/pools/grit", `7 is above pool "grit"'s max, 6 for this sheet`},
		{"skill lists the declared", rs, `{"name":"A","skills":{"athletic":"trained"}}`, "/skills/athletic", `declared: athletics, stealth, arcana; did you mean "athletics"?`},
		{"save lists the declared", rs, `{"name":"A","saves":{"reflexes":"trained"}}`, "/saves/reflexes", `declared: reflex; did you mean "reflex"?`},
		{"field lists the declared", rs, `{"name":"A","fields":{"levle":2}}`, "/fields/levle", `did you mean "level"?`},
		{"pool lists the declared", rs, `{"name":"A","pools":{"lcuk":2}}`, "/pools/lcuk", `declared: luck, grit; did you mean "luck"?`},
		{"bag typo of a catalog item", ember, `{"name":"A","bag":[{"item":"outfitter/hand-ax"}]}`, "/bag/0/item", `no item "outfitter/hand-ax" in the ruleset's catalogs; did you mean "outfitter/hand-axe"?`},
		{"bag catalog/entry without items", rs, `{"name":"A","bag":[{"item":"gear/vacsuit"}]}`, "/bag/0/item", "the ruleset has no items block"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sheet.Load("s.json", []byte(tc.sheet), tc.rs)
			var verr *validate.Error
			if !errors.As(err, &verr) {
				t.Fatalf("want a problem at %s, got %v", tc.ptr, err)
			}
			if len(verr.Problems) != 1 || verr.Problems[0].Pointer != tc.ptr || !strings.Contains(verr.Problems[0].Message, tc.frag) {
				t.Errorf("want only %s containing %q:\n%v", tc.ptr, tc.frag, verr)
			}
		})
	}
	// Plain items and catalog items by reference still load.
	if _, err := sheet.Load("s.json", []byte(`{"name":"A","bag":[{"item":"outfitter/hand-axe"},{"item":"Salt and pepper"},{"item":"1/2 a loaf"}]}`), ember); err != nil {
		t.Errorf("valid bag refused: %v", err)
	}
}

// TestPoolStartsAtMostFull: a start read from the sheet that is above the
// max (which import cannot decide) starts the pool full.
func TestPoolStartsAtMostFull(t *testing.T) {
	data := strings.Replace(vocabRuleset, `"start": { "const": 1 }`, `"start": { "abilityScore": "str" }`, 1)
	rs, err := ruleset.Load("v.json", []byte(data), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ch := character(t, rs, `{"name":"A","abilities":{"str":20},"fields":{"level":2}}`)
	if got := ch.Pool("grit"); got != 6 {
		t.Errorf("grit starts at %d, want its max 6", got)
	}
}
