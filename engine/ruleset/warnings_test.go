package ruleset_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

// TestImportWarnings: what is legal but does nothing is a warning at its
// pointer, never a refusal: modes where no check rolls twice, and tier
// bonuses a roll-against check never adds.
func TestImportWarnings(t *testing.T) {
	raw := readRaw(t, "../../testdata/items/gw.json")
	cat := raw["catalogs"].([]any)[0].(map[string]any)
	item := cat["entries"].([]any)[0].(map[string]any)["item"].(map[string]any)
	item["carried"] = map[string]any{"modifiers": []any{
		map[string]any{"to": "checks", "mode": "advantage"},
		map[string]any{"to": "attacks", "mode": "advantage"}, // a fight reads it
	}}
	rs := loadRaw(t, raw)
	want := []validate.Problem{
		{Pointer: "/conditions/3/check/effects/0", Message: `"own-checks-disadvantage" does nothing`},
		{Pointer: "/conditions/4/check/effects/0", Message: `"own-checks-advantage" does nothing`},
		{Pointer: "/catalogs/0/entries/0/item/carried/modifiers/0/mode", Message: `mode "advantage" on checks does nothing`},
	}
	assertWarnings(t, rs.Warnings, want)

	// On a dice-sum with advantage, the same modes are read: no warning.
	raw["resolution"].(map[string]any)["advantage"] = true
	if rs := loadRaw(t, raw); len(rs.Warnings) != 0 {
		t.Errorf("warnings with advantage: %v", rs.Warnings)
	}

	// roll-against: a tier's flat or multiplier adds nothing.
	coc := readRaw(t, "../../rulesets/coc7e/ruleset.json")
	res := coc["resolution"].(map[string]any)
	res["proficiencyTiers"] = []any{
		map[string]any{"id": "base", "label": "Base"},
		map[string]any{"id": "trained", "label": "Trained", "flat": json.Number("10")},
	}
	assertWarnings(t, loadRaw(t, coc).Warnings, []validate.Problem{
		{Pointer: "/resolution/proficiencyTiers/1/flat", Message: `"flat" does nothing on roll-against`},
	})
}

// TestWarningsKeptOnRefusal: a refused file still reports its warnings,
// apart from its problems, each at its line and column (the file here is
// one line) and pointer.
func TestWarningsKeptOnRefusal(t *testing.T) {
	raw := readRaw(t, "../../testdata/items/gw.json")
	raw["colour"] = "blue"
	data, _ := json.Marshal(raw)
	_, err := ruleset.Load("gw.json", data, ruleset.Options{})
	verr, ok := err.(*validate.Error)
	if !ok || len(verr.Problems) != 1 || len(verr.Warnings) != 2 || strings.Contains(verr.Error(), "warning") {
		t.Fatalf("want one problem and two warnings kept apart: %#v", err)
	}
	if got := ruleset.WarningLines("gw.json", verr.Warnings[:1]); got != `gw.json:1:1560: /conditions/3/check/effects/0: warning: "own-checks-disadvantage" does nothing: this ruleset's checks never roll twice (only a dice-sum with "advantage": true does)` {
		t.Errorf("line: %s", got)
	}
}

func loadRaw(t *testing.T, raw map[string]any) *ruleset.Ruleset {
	t.Helper()
	data, _ := json.Marshal(raw)
	rs, err := ruleset.Load("w.json", data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func assertWarnings(t *testing.T, got, want []validate.Problem) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("warnings %v, want %v", got, want)
	}
	for i := range want {
		if got[i].Pointer != want[i].Pointer || !strings.Contains(got[i].Message, want[i].Message) {
			t.Errorf("warning %d: %s: %s; want %s containing %q", i, got[i].Pointer, got[i].Message, want[i].Pointer, want[i].Message)
		}
	}
}
