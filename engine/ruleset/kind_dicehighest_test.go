package ruleset_test

import (
	"github.com/rulehost/rulehost/engine/internal/testload"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// kindsVocab is the sheet vocabulary the dice-highest, roll-against and
// symbol-pool tests wrap a spec snippet in.
const kindsVocab = `"id": "kinds", "name": "Kinds",
  "abilities": [ { "id": "grit", "label": "Grit", "min": 0, "max": 100 } ],
  "skills": [ { "id": "climb", "label": "Climb", "ability": "grit" } ],
  "live": { "pools": [ { "id": "stress", "label": "Stress", "max": { "const": 9 } } ] },
`

func kindsLoad(t *testing.T, resolution string) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.Load("test.json", []byte("{"+kindsVocab+`"resolution": {`+resolution+"}}"), ruleset.Options{})
	if err != nil {
		t.Fatalf("want the ruleset to load, got:\n%v", err)
	}
	return rs
}

// TestDiceHighestSpecExampleLoads reads the spec's dice-highest example
// into its configuration, with the defaults the spec gives.
func TestDiceHighestSpecExampleLoads(t *testing.T) {
	rs := kindsLoad(t, testload.SpecBody("dice-highest"))
	dh := rs.Resolution.DiceHighest
	switch {
	case dh == nil:
		t.Fatal("no DiceHighest")
	case dh.Sides != 6 || dh.Pool != (ruleset.Range{Min: 0, Max: 6}) || dh.Keep != 1 || dh.ZeroDice != "lowest-of-two":
		t.Errorf("read %+v", dh)
	case dh.Critical == nil || *dh.Critical != (ruleset.HighestCritical{Count: 2, Face: 6}):
		t.Errorf("critical %+v, want count 2 at face 6 (the highest face)", dh.Critical)
	case dh.Situational == nil || *dh.Situational != (ruleset.Range{Min: -1, Max: 2}):
		t.Errorf("situational %+v", dh.Situational)
	case len(dh.Ladder) != 2 || dh.Ladder[1].DC != 6:
		t.Errorf("ladder %+v", dh.Ladder)
	case rs.Resolution.Outcomes == nil || rs.Resolution.Outcomes.By != "total":
		t.Errorf("outcomes %+v", rs.Resolution.Outcomes)
	}
}

// TestDiceHighestDefaults: keep 1, lowest-of-two, pool 0..20, outcomes by
// total when "by" is left out, dark outcome "all".
func TestDiceHighestDefaults(t *testing.T) {
	rs := kindsLoad(t, `"kind": "dice-highest", "die": { "sides": 6 },
	  "proficiencyTiers": [{ "id": "r0", "label": "0" }],
	  "dark": { "label": "Dark", "max": 10 },
	  "outcomes": { "tiers": [ { "id": "ok", "label": "Ok", "atLeast": 4, "success": true }, { "id": "no", "label": "No" } ] }`)
	dh := rs.Resolution.DiceHighest
	if dh.Keep != 1 || dh.ZeroDice != "lowest-of-two" || dh.Pool != (ruleset.Range{Min: 0, Max: ruleset.MaxHighestDice}) {
		t.Errorf("defaults %+v", dh)
	}
	if dh.Dark == nil || dh.Dark.Outcome != "all" || dh.Dark.Max != 10 {
		t.Errorf("dark %+v", dh.Dark)
	}
	if rs.Resolution.Outcomes.By != "total" {
		t.Errorf("outcomes by %q, want total", rs.Resolution.Outcomes.By)
	}
}

// TestDiceHighestOverrideKeep: an override's merged resolution is checked
// like the ruleset's own: keep 2 allows dc up to 12 there.
func TestDiceHighestOverrideKeep(t *testing.T) {
	rs := kindsLoad(t, `"kind": "dice-highest", "die": { "sides": 6 },
	  "proficiencyTiers": [{ "id": "r0", "label": "0" }],
	  "overrides": [{ "id": "fight", "label": "Fight", "skills": ["climb"], "set": { "keep": 2 } }]`)
	ov := rs.Resolution.Overrides[0].Resolution
	if ov == nil || ov.DiceHighest.Keep != 2 || rs.Resolution.DiceHighest.Keep != 1 {
		t.Fatalf("override %+v", ov)
	}
}

// TestDiceHighestSpendDice: spend may buy dice.
func TestDiceHighestSpendDice(t *testing.T) {
	rs := kindsLoad(t, `"kind": "dice-highest", "die": { "sides": 6 },
	  "proficiencyTiers": [{ "id": "r0", "label": "0" }],
	  "spend": [{ "pool": "stress", "amount": 2, "dice": 1 }]`)
	if len(rs.Resolution.Spend) != 1 || rs.Resolution.Spend[0].Dice != 1 {
		t.Errorf("spend %+v", rs.Resolution.Spend)
	}
}
