package ruleset_test

import (
	"errors"
	"github.com/rulehost/rulehost/engine/internal/testload"
	"reflect"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

// sumVocab is the sheet vocabulary the dice-sum, outcomes and overrides
// tests wrap a spec snippet in, so the snippet loads as a whole ruleset.
const sumVocab = `
  "id": "sum-test", "name": "Dice-sum test",
  "abilities": [
    { "id": "str", "label": "Strength", "min": 1, "max": 30, "default": 10 },
    { "id": "dex", "label": "Dexterity", "min": 1, "max": 30, "default": 10 },
    { "id": "wis", "label": "Wisdom", "min": 1, "max": 30, "default": 10 }
  ],
  "skills": [
    { "id": "athletics", "label": "Athletics", "ability": "str" },
    { "id": "open_locks", "label": "Open locks", "ability": "dex" },
    { "id": "pick_pockets", "label": "Pick pockets", "ability": "dex" },
    { "id": "open_doors", "label": "Open doors", "ability": "str" },
    { "id": "listen", "label": "Listen", "ability": "wis" }
  ],
  "saves": [ { "id": "reflex", "label": "Reflex", "ability": "dex" } ],
  "fields": [
    { "id": "favored_athletics", "label": "Favored athletics", "min": 0, "max": 1 },
    { "id": "prof", "label": "Proficiency", "min": 0, "max": 6, "default": 2 }
  ],
  "derived": [ { "id": "proficiency_bonus", "label": "Proficiency bonus", "op": "sum", "of": [ { "field": "prof" } ] } ],
  "live": { "pools": [ { "id": "luck", "label": "Luck", "max": { "const": 3 } } ] },
`

// sumRuleset wraps a `"resolution": {...}` snippet in sumVocab.
func sumRuleset(resolution string) []byte {
	return []byte("{" + sumVocab + resolution + "}")
}

func sumLoad(t *testing.T, resolution string) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.Load("test.json", sumRuleset(resolution), ruleset.Options{})
	if err != nil {
		t.Fatalf("want the ruleset to load, got:\n%v", err)
	}
	return rs
}

// sumRefused loads and wants a refusal with a problem at ptr containing frag.
func sumRefused(t *testing.T, resolution, ptr, frag string) {
	t.Helper()
	_, err := ruleset.Load("test.json", sumRuleset(resolution), ruleset.Options{})
	var verr *validate.Error
	if !errors.As(err, &verr) {
		t.Fatalf("want a refusal at %s, got %v", ptr, err)
	}
	for _, p := range verr.Problems {
		if p.Pointer == ptr && strings.Contains(p.Message, frag) {
			return
		}
	}
	t.Fatalf("no problem at %s containing %q; got:\n%v", ptr, frag, verr)
}

// specDiceSum is the dice-sum example of spec/checks.md, verbatim.
var specDiceSum = testload.Spec("dice-sum")

func TestDiceSumSpecExampleLoads(t *testing.T) {
	rs := sumLoad(t, specDiceSum)
	res := rs.Resolution
	if res.Kind != "dice-sum" || res.DiceSum == nil {
		t.Fatalf("kind %q, DiceSum %v", res.Kind, res.DiceSum)
	}
	ds := res.DiceSum
	if ds.Count != 2 || ds.Sides != 6 || ds.Advantage || ds.Naturals != "" || ds.Faces != nil || ds.OpenEnded != nil {
		t.Errorf("dice-sum read as %+v", ds)
	}
	want := []ruleset.Rung{{Label: "Easy", DC: 6}, {Label: "Hard", DC: 10}}
	if !reflect.DeepEqual(ds.Ladder, want) {
		t.Errorf("ladder %+v, want %+v", ds.Ladder, want)
	}
	if res.AbilityModifier.Op != "identity" {
		t.Errorf("abilityModifier %q", res.AbilityModifier.Op)
	}
	wantTiers := []ruleset.ProficiencyTier{{ID: "untrained", Label: "Untrained"}, {ID: "trained", Label: "Trained", Flat: 1}}
	if !reflect.DeepEqual(res.ProficiencyTiers, wantTiers) {
		t.Errorf("tiers %+v", res.ProficiencyTiers)
	}
}

// TestDiceSumKeys loads each key of the dice-sum bullets in its spec form.
func TestDiceSumKeys(t *testing.T) {
	tiers := `"proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }]`
	tests := []struct {
		name, res string
		check     func(t *testing.T, ds *ruleset.DiceSum)
	}{
		{"naturals none on 2d6", `"dice": { "count": 2, "sides": 6 }, "naturals": "none"`, func(t *testing.T, ds *ruleset.DiceSum) {
			if ds.Naturals != "none" {
				t.Errorf("naturals %q", ds.Naturals)
			}
		}},
		{"naturals both", `"dice": { "count": 1, "sides": 20 }, "naturals": "both"`, func(t *testing.T, ds *ruleset.DiceSum) {
			if ds.Naturals != "both" {
				t.Errorf("naturals %q", ds.Naturals)
			}
		}},
		{"naturals max-only", `"dice": { "count": 1, "sides": 20 }, "naturals": "max-only"`, nil},
		{"naturals min-only", `"dice": { "count": 1, "sides": 20 }, "naturals": "min-only"`, nil},
		{"advantage", `"dice": { "count": 1, "sides": 20 }, "advantage": true`, func(t *testing.T, ds *ruleset.DiceSum) {
			if !ds.Advantage {
				t.Error("advantage not read")
			}
		}},
		{"Fate faces", `"dice": { "count": 4, "sides": 3, "faces": [-1, 0, 1] }`, func(t *testing.T, ds *ruleset.DiceSum) {
			if ds.Count != 4 || ds.Sides != 3 || !reflect.DeepEqual(ds.Faces, []int{-1, 0, 1}) {
				t.Errorf("read %+v", ds)
			}
		}},
		{"Rolemaster open-ended", `"dice": { "count": 1, "sides": 100 }, "openEnded": { "high": 96, "low": 5 }, "unmodified": [66, 100]`, func(t *testing.T, ds *ruleset.DiceSum) {
			if ds.OpenEnded == nil || *ds.OpenEnded != (ruleset.OpenEnded{High: 96, Low: 5}) {
				t.Errorf("openEnded %+v", ds.OpenEnded)
			}
			if !reflect.DeepEqual(ds.Unmodified, []int{66, 100}) {
				t.Errorf("unmodified %v", ds.Unmodified)
			}
		}},
		{"open-ended high only", `"dice": { "count": 1, "sides": 100 }, "openEnded": { "high": 96 }`, func(t *testing.T, ds *ruleset.DiceSum) {
			if *ds.OpenEnded != (ruleset.OpenEnded{High: 96}) {
				t.Errorf("openEnded %+v", ds.OpenEnded)
			}
		}},
		{"open-ended low only", `"dice": { "count": 1, "sides": 100 }, "openEnded": { "low": 5 }`, nil},
		{"two rungs share a label (ignored on a tag, not refused)", `"dice": { "count": 1, "sides": 20 }, "difficultyLadder": [{ "label": "Hard", "dc": 15 }, { "label": "hard", "dc": 20 }]`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := sumLoad(t, `"resolution": { "kind": "dice-sum", `+tc.res+`, `+tiers+` }`)
			if tc.check != nil {
				tc.check(t, rs.Resolution.DiceSum)
			}
		})
	}
}

func TestAbilityModifierApply(t *testing.T) {
	fiveE := ruleset.AbilityModifier{Op: "floorHalfMinusTen"}
	// The 5e table: 1 -> -5, 2-3 -> -4, ... 10-11 -> 0, ... 30 -> +10.
	for score := 1; score <= 30; score++ {
		want := score/2 - 5
		if got := fiveE.Apply(score); got != want {
			t.Errorf("floorHalfMinusTen(%d) = %d, want %d", score, got, want)
		}
	}
	if got := (ruleset.AbilityModifier{Op: "identity"}).Apply(7); got != 7 {
		t.Errorf("identity(7) = %d", got)
	}
	step := ruleset.AbilityModifier{Op: "stepTable", Table: [][2]int{{3, -3}, {4, -2}, {6, -1}, {9, 0}, {13, 1}, {16, 2}, {18, 3}}}
	for score, want := range map[int]int{1: -3, 3: -3, 4: -2, 5: -2, 6: -1, 8: -1, 9: 0, 12: 0, 13: 1, 15: 1, 16: 2, 17: 2, 18: 3, 25: 3} {
		if got := step.Apply(score); got != want {
			t.Errorf("stepTable(%d) = %d, want %d", score, got, want)
		}
	}
}

func TestStepTableLoads(t *testing.T) {
	rs := sumLoad(t, `"resolution": { "kind": "dice-sum", "dice": { "count": 1, "sides": 20 },
		"abilityModifier": { "op": "stepTable", "table": [[3, -3], [9, 0], [18, 3]] },
		"proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }`)
	want := [][2]int{{3, -3}, {9, 0}, {18, 3}}
	if !reflect.DeepEqual(rs.Resolution.AbilityModifier.Table, want) {
		t.Errorf("table %v, want %v", rs.Resolution.AbilityModifier.Table, want)
	}
}

func TestAbilityModifierDefaultsToIdentity(t *testing.T) {
	rs := sumLoad(t, `"resolution": { "kind": "dice-sum", "dice": { "count": 1, "sides": 20 },
		"proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }`)
	if rs.Resolution.AbilityModifier.Op != "identity" {
		t.Errorf("op %q", rs.Resolution.AbilityModifier.Op)
	}
}

func TestProficiencyMultiplierWithBonus(t *testing.T) {
	rs := sumLoad(t, `"resolution": { "kind": "dice-sum", "dice": { "count": 1, "sides": 20 },
		"proficiencyTiers": [{ "id": "none", "label": "None" }, { "id": "proficient", "label": "Proficient", "multiplier": 1, "flat": 1 }],
		"proficiency": { "bonus": { "derived": "proficiency_bonus" } } }`)
	tier, ok := rs.Resolution.Tier("proficient")
	if !ok || tier.Multiplier != 1 || tier.Flat != 1 {
		t.Errorf("tier %+v", tier)
	}
	if rs.Resolution.Proficiency == nil || rs.Resolution.Proficiency.Bonus.Derived != "proficiency_bonus" {
		t.Errorf("proficiency %+v", rs.Resolution.Proficiency)
	}
}

// TestDiceSumRefusals repeats in Go the refusals the spec names for
// dice-sum (the full set lives in testdata/refused/dicesum).
func TestDiceSumRefusals(t *testing.T) {
	tiers := `"proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }]`
	tests := []struct{ name, res, ptr, frag string }{
		{"naturals need a single die", `"dice": { "count": 2, "sides": 6 }, "naturals": "both", ` + tiers, "/resolution/naturals", "single die"},
		{"one value per face", `"dice": { "count": 4, "sides": 3, "faces": [-1, 0, 1, 2] }, ` + tiers, "/resolution/dice/faces", "one value per face"},
		{"missing proficiencyTiers", `"dice": { "count": 1, "sides": 20 }`, "/resolution", `"proficiencyTiers"`},
		{"multiplier without proficiency.bonus", `"dice": { "count": 1, "sides": 20 }, "proficiencyTiers": [{ "id": "a", "label": "A" }, { "id": "b", "label": "B", "multiplier": 1 }]`, "/resolution/proficiencyTiers/1/multiplier", "proficiency bonus"},
		{"stepTable scores must increase", `"dice": { "count": 1, "sides": 20 }, "abilityModifier": { "op": "stepTable", "table": [[10, 0], [5, 1]] }, ` + tiers, "/resolution/abilityModifier/table/1/0", "must increase"},
		{"open-ended is a single die", `"dice": { "count": 2, "sides": 100 }, "openEnded": { "high": 96 }, ` + tiers, "/resolution/openEnded", "single die"},
		{"unmodified on a single die", `"dice": { "count": 2, "sides": 6 }, "unmodified": [6], ` + tiers, "/resolution/unmodified", "single die"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sumRefused(t, `"resolution": { "kind": "dice-sum", `+tc.res+` }`, tc.ptr, tc.frag)
		})
	}
	t.Run("unknown kind", func(t *testing.T) {
		sumRefused(t, `"resolution": { "kind": "dice-product", "dice": { "count": 1, "sides": 20 }, `+tiers+` }`, "/resolution/kind", "unknown resolution kind")
	})
}

func TestFindRung(t *testing.T) {
	ladder := []ruleset.Rung{{Label: "Easy", DC: 6}, {Label: "Hard", DC: 10}, {Label: "Twice", DC: 1}, {Label: "twice", DC: 2}}
	tests := []struct {
		name   string
		want   int
		wantOK bool
	}{
		{"Hard", 10, true},
		{"hard", 10, true}, // any case
		{"EASY", 6, true},
		{"Legendary", 0, false}, // no rung answers
		{"Twice", 0, false},     // two rungs share it
		{"", 0, false},
	}
	for _, tc := range tests {
		r, ok := ruleset.FindRung(ladder, tc.name)
		if ok != tc.wantOK || (ok && r.DC != tc.want) {
			t.Errorf("FindRung(%q) = %+v, %v; want dc %d, %v", tc.name, r, ok, tc.want, tc.wantOK)
		}
	}
}
