package sheet_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/validate"
)

// vocabRuleset declares one of everything a sheet can name.
const vocabRuleset = `{
  "id": "vocab", "name": "Sheet vocabulary",
  "abilities": [
    { "id": "str", "label": "Strength", "min": 1, "max": 30, "default": 10 },
    { "id": "dex", "label": "Dexterity", "min": 1, "max": 30, "default": 12 }
  ],
  "skills": [
    { "id": "athletics", "label": "Athletics", "ability": "str" },
    { "id": "stealth", "label": "Stealth", "ability": "dex" },
    { "id": "arcana", "label": "Arcana", "ability": "dex" }
  ],
  "saves": [ { "id": "reflex", "label": "Reflex", "ability": "dex" } ],
  "fields": [
    { "id": "level", "label": "Level", "min": 1, "max": 20, "default": 1 },
    { "id": "prof", "label": "Proficiency", "min": 0, "max": 6, "default": 2 },
    { "id": "weight", "label": "Weight", "min": 0, "max": 500 }
  ],
  "derived": [
    { "id": "proficiency_bonus", "label": "Proficiency bonus", "op": "sum", "of": [{ "field": "prof" }] },
    { "id": "sum", "label": "Sum", "op": "sum", "of": [{ "abilityScore": "str" }, { "abilityMod": "dex" }, { "const": 2.5 }] },
    { "id": "min", "label": "Min", "op": "min", "of": [{ "abilityScore": "str" }, { "abilityScore": "dex" }] },
    { "id": "max", "label": "Max", "op": "max", "of": [{ "abilityScore": "str" }, { "abilityScore": "dex" }] },
    { "id": "product", "label": "Product", "op": "product", "of": [{ "field": "level" }, { "const": 3 }] },
    { "id": "half", "label": "Half", "op": "floorHalf", "of": [{ "abilityScore": "str" }, { "const": 0 }] },
    { "id": "negate", "label": "Negate", "op": "negate", "of": [{ "field": "weight" }] },
    { "id": "chained", "label": "Chained", "op": "sum", "of": [{ "derived": "product" }, { "derived": "negate" }] },
    { "id": "with_luck", "label": "With luck", "op": "sum", "of": [{ "pool": "luck" }, { "const": 1 }] },
    { "id": "default_op", "label": "Default op", "of": [{ "const": 4 }, { "const": 5 }] }
  ],
  "live": { "pools": [
    { "id": "luck", "label": "Luck", "max": { "const": 3 } },
    { "id": "grit", "label": "Grit", "max": { "derived": "product" }, "start": { "const": 1 } }
  ] },
  "conditions": [ { "id": "prone", "label": "Prone" } ],
  "catalogs": [ { "id": "feats", "label": "Feats", "holds": "feats", "entries": [ { "id": "alert", "label": "Alert" } ] } ],
  "resolution": {
    "kind": "dice-sum",
    "dice": { "count": 1, "sides": 20 },
    "abilityModifier": { "op": "floorHalfMinusTen" },
    "proficiencyTiers": [
      { "id": "none", "label": "Not proficient" },
      { "id": "trained", "label": "Trained", "flat": 1 },
      { "id": "half", "label": "Half", "multiplier": 0.5 },
      { "id": "expertise", "label": "Expertise", "multiplier": 2, "flat": 1 }
    ],
    "proficiency": { "bonus": { "derived": "proficiency_bonus" } },
    "bonusRange": { "min": -5, "max": 10 }
  }
}`

func vocab(t *testing.T) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.Load("vocab.json", []byte(vocabRuleset), ruleset.Options{})
	if err != nil {
		t.Fatalf("ruleset:\n%v", err)
	}
	return rs
}

func character(t *testing.T, rs *ruleset.Ruleset, js string) *sheet.Character {
	t.Helper()
	s, err := sheet.Load("sheet.json", []byte(js), rs)
	if err != nil {
		t.Fatalf("sheet:\n%v", err)
	}
	return sheet.New(rs, s)
}

// TestSheetUnknownIDs: every id the ruleset does not declare is reported
// with its pointer, all at once.
func TestSheetUnknownIDs(t *testing.T) {
	rs := vocab(t)
	_, err := sheet.Load("bad.json", []byte(`{
		"name": "Typo Tom",
		"abilities": { "str": 12, "wis": 10 },
		"skills": { "athletics": "trained", "juggling": "trained", "stealth": "master" },
		"saves": { "fortitude": "trained" },
		"fields": { "levle": 2 },
		"pools": { "mana": 3 },
		"conditions": ["prone", "dazed"],
		"entries": ["feats/alert", "feats/lucky", "spells/alert"],
		"colour": "blue"
	}`), rs)
	var verr *validate.Error
	if !errors.As(err, &verr) {
		t.Fatalf("want problems, got %v", err)
	}
	want := map[string]string{
		"/abilities/wis":   `"wis"`,
		"/skills/juggling": `"juggling"`,
		"/skills/stealth":  `"master"`,
		"/saves/fortitude": `"fortitude"`,
		"/fields/levle":    `"levle"`,
		"/pools/mana":      `"mana"`,
		"/conditions/1":    `"dazed"`,
		"/entries/1":       `"feats/lucky"`,
		"/entries/2":       `"spells/alert"`,
		"/colour":          "unknown key",
	}
	for ptr, frag := range want {
		found := false
		for _, p := range verr.Problems {
			if p.Pointer == ptr && strings.Contains(p.Message, frag) {
				found = true
			}
		}
		if !found {
			t.Errorf("no problem at %s containing %s; got:\n%v", ptr, frag, verr)
		}
	}
	if len(verr.Problems) != len(want) {
		t.Errorf("%d problems, want %d (known ids must not be reported):\n%v", len(verr.Problems), len(want), verr)
	}
	if !strings.HasPrefix(verr.Error(), "bad.json:10:3: /colour: ") {
		t.Errorf("messages name the file, the line and column and the pointer: %q", verr.Error())
	}
}

func TestSheetValueProblems(t *testing.T) {
	rs := vocab(t)
	tests := []struct{ name, sheet, ptr, frag string }{
		{"ability out of bounds", `{"name":"A","abilities":{"str":31}}`, "/abilities/str", "out of range"},
		{"bonus outside bonusRange", `{"name":"A","skills":{"athletics":{"tier":"trained","bonus":11}}}`, "/skills/athletics/bonus", "out of range"},
		{"skill neither tier nor object", `{"name":"A","skills":{"athletics":3}}`, "/skills/athletics", "tier id"},
		{"unknown key in a skill object", `{"name":"A","skills":{"athletics":{"tier":"trained","rank":2}}}`, "/skills/athletics/rank", "unknown key"},
		{"field out of bounds", `{"name":"A","fields":{"level":0}}`, "/fields/level", "out of range"},
		{"missing name", `{"abilities":{"str":10}}`, "/", `"name"`},
		{"not JSON", `{"name":`, "/", "not valid JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sheet.Load("s.json", []byte(tc.sheet), rs)
			var verr *validate.Error
			if !errors.As(err, &verr) {
				t.Fatalf("want a problem at %s, got %v", tc.ptr, err)
			}
			for _, p := range verr.Problems {
				if p.Pointer == tc.ptr && strings.Contains(p.Message, tc.frag) {
					return
				}
			}
			t.Errorf("no problem at %s containing %q:\n%v", tc.ptr, tc.frag, verr)
		})
	}
}

func TestValueReferences(t *testing.T) {
	rs := vocab(t)
	ch := character(t, rs, `{"name":"Val","abilities":{"str":15},"fields":{"level":4,"weight":12.5},"pools":{"luck":2}}`)
	c := func(n float64) valueref.Ref { return valueref.Const(n) }
	tests := []struct {
		name string
		ref  valueref.Ref
		want float64
	}{
		{"const", c(-2.5), -2.5},
		{"abilityScore", valueref.Ref{AbilityScore: "str"}, 15},
		{"abilityScore at its default", valueref.Ref{AbilityScore: "dex"}, 12},
		{"abilityMod", valueref.Ref{AbilityMod: "str"}, 2},
		{"abilityMod at the default", valueref.Ref{AbilityMod: "dex"}, 1},
		{"field", valueref.Ref{Field: "weight"}, 12.5},
		{"field at its default", valueref.Ref{Field: "prof"}, 2},
		{"pool from the sheet", valueref.Ref{Pool: "luck"}, 2},
		{"pool at its start", valueref.Ref{Pool: "grit"}, 1},
		{"derived", valueref.Ref{Derived: "product"}, 12},
	}
	for _, tc := range tests {
		if got := ch.Value(tc.ref); got != tc.want {
			t.Errorf("%s: Value(%v) = %g, want %g", tc.name, tc.ref, got, tc.want)
		}
	}
	// A pool the sheet leaves out starts at its max.
	fresh := character(t, rs, `{"name":"New","fields":{"level":2}}`)
	if got := fresh.Pool("luck"); got != 3 {
		t.Errorf("luck starts at %d, want its max 3", got)
	}
	if got := fresh.Pool("grit"); got != 1 {
		t.Errorf("grit starts at %d, want its start 1", got)
	}
	live := character(t, rs, `{"name":"Live","pools":{"luck":1}}`)
	live.Pools = map[string]int{"luck": 0}
	if got := live.Value(valueref.Ref{Pool: "luck"}); got != 0 {
		t.Errorf("the live value wins over the sheet: %g", got)
	}
}

func TestDerivedOps(t *testing.T) {
	rs := vocab(t)
	ch := character(t, rs, `{"name":"D","abilities":{"str":15,"dex":8},"fields":{"level":3,"weight":7},"pools":{"luck":2}}`)
	tests := map[string]float64{
		"sum":        15 + -1 + 2.5,
		"min":        8,
		"max":        15,
		"product":    9,
		"half":       7, // floor(15/2)
		"negate":     -7,
		"chained":    9 - 7,
		"with_luck":  3,
		"default_op": 9, // op defaults to sum
	}
	for id, want := range tests {
		if got := ch.Derived(id); got != want {
			t.Errorf("derived %s = %g, want %g", id, got, want)
		}
	}
}

func TestTiersAndBonuses(t *testing.T) {
	rs := vocab(t)
	ch := character(t, rs, `{"name":"T","fields":{"prof":3},
		"skills":{"athletics":"trained","stealth":{"tier":"expertise","bonus":2},"arcana":{"bonus":-1}},
		"saves":{"reflex":"half"}}`)
	tests := []struct {
		id        string
		save      bool
		tier      string
		bonus     int
		tierBonus int
	}{
		{"athletics", false, "trained", 0, 1}, // flat 1
		{"stealth", false, "expertise", 2, 7}, // 2 x 3 + flat 1, plus a per-skill 2
		{"arcana", false, "none", -1, 0},      // a bonus without a tier is at the first tier
		{"reflex", true, "half", 0, 1},        // 0.5 x 3 rounds down
		{"athletics", true, "none", 0, 0},     // saves and skills are kept apart
	}
	for _, tc := range tests {
		tr := ch.Training(tc.id, tc.save)
		if tr.Tier != tc.tier || tr.Bonus != tc.bonus {
			t.Errorf("Training(%s, save=%v) = %+v, want tier %s bonus %d", tc.id, tc.save, tr, tc.tier, tc.bonus)
		}
		if got := ch.TierBonus(tr.Tier); got != tc.tierBonus {
			t.Errorf("TierBonus(%s) = %d, want %d", tr.Tier, got, tc.tierBonus)
		}
	}
	unlisted := character(t, rs, `{"name":"U"}`)
	if tr := unlisted.Training("stealth", false); tr.Tier != "none" || tr.Bonus != 0 {
		t.Errorf("an unlisted skill is at the first tier: %+v", tr)
	}
}

// TestFiveE reads the bundled 5e ruleset: floorHalfMinusTen and the
// proficiency multiplier on the sample sheets.
func TestFiveE(t *testing.T) {
	rs, err := ruleset.LoadFile("../../rulesets/d20-5e/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := sheet.LoadFile("../../rulesets/d20-5e/sheets/ada.json", rs)
	if err != nil {
		t.Fatal(err)
	}
	ada := sheet.New(rs, s)
	mods := map[string]int{"str": 2, "dex": 3, "con": 1, "int": 0, "wis": 1, "cha": -1}
	for id, want := range mods {
		if got := ada.AbilityMod(id); got != want {
			t.Errorf("Ada's %s modifier %d, want %d", id, got, want)
		}
	}
	for id, want := range map[string]int{"athletics": 3, "stealth": 6, "arcana": 0} {
		if got := ada.TierBonus(ada.Training(id, false).Tier); got != want {
			t.Errorf("Ada's %s tier bonus %d, want %d", id, got, want)
		}
	}
	s, err = sheet.LoadFile("../../rulesets/d20-5e/sheets/corvin.json", rs)
	if err != nil {
		t.Fatal(err)
	}
	corvin := sheet.New(rs, s)
	if got := corvin.AbilityMod("str"); got != -1 {
		t.Errorf("Strength 8 gives %d, want -1", got)
	}
	if got := corvin.TierBonus(corvin.Training("insight", false).Tier); got != 2 {
		t.Errorf("half proficiency of 4 gives %d, want 2", got)
	}
	if got := corvin.TierBonus(corvin.Training("arcana", false).Tier); got != 8 {
		t.Errorf("expertise of 4 gives %d, want 8", got)
	}
	if tr := corvin.Training("athletics", false); tr.Tier != "none" || tr.Bonus != 1 {
		t.Errorf("athletics %+v", tr)
	}
}

func TestStepTableOnASheet(t *testing.T) {
	rs, err := ruleset.LoadFile("../../rulesets/oldschool/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := sheet.LoadFile("../../rulesets/oldschool/sheets/brunhild.json", rs)
	if err != nil {
		t.Fatal(err)
	}
	b := sheet.New(rs, s)
	for id, want := range map[string]int{"str": 3, "int": -1, "wis": 0, "dex": 1, "con": 2, "cha": 0} {
		if got := b.AbilityMod(id); got != want {
			t.Errorf("Brunhild's %s modifier %d, want %d", id, got, want)
		}
	}
	if got := b.Value(valueref.Ref{AbilityMod: "str"}); got != 3 {
		t.Errorf("abilityMod through stepTable: %g", got)
	}
}
