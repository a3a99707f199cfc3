package ruleset_test

import (
	"github.com/rulehost/rulehost/engine/internal/testload"
	"testing"
)

// TestRollAgainstSpecExampleLoads reads the spec's Call of Cthulhu example.
func TestRollAgainstSpecExampleLoads(t *testing.T) {
	rs := kindsLoad(t, testload.SpecBody("roll-against"))
	ra := rs.Resolution.RollAgainst
	if ra.Count != 1 || ra.Sides != 100 || ra.Against != "at-most" || ra.Tens != 2 {
		t.Errorf("read %+v", ra)
	}
	if len(ra.Ladder) != 3 || ra.Ladder[0].Divide != 1 || ra.Ladder[1].Divide != 2 || ra.Ladder[2].Divide != 5 {
		t.Errorf("ladder %+v", ra.Ladder)
	}
	fumble := ra.CriticalFailure[1]
	for _, tc := range []struct {
		roll, target int
		want         bool
	}{{96, 49, true}, {95, 49, false}, {96, 50, false}, {100, 50, false}} {
		if got := fumble.Matches(tc.roll, tc.target, true); got != tc.want {
			t.Errorf("96+ below 50: roll %d target %d: %v, want %v", tc.roll, tc.target, got, tc.want)
		}
	}
	if !ra.CriticalFailure[0].Matches(100, 80, true) {
		t.Error("100 is always a fumble")
	}
	if rs.Resolution.Outcomes.By != "fraction" {
		t.Errorf("by %q", rs.Resolution.Outcomes.By)
	}
}

// TestRollAgainstDefaults: 1d100 at-most, margin bands, no tens.
func TestRollAgainstDefaults(t *testing.T) {
	rs := kindsLoad(t, `"kind": "roll-against", "proficiencyTiers": [{ "id": "base", "label": "Base" }],
	  "criticalFailure": [{ "pastTarget": 10 }],
	  "outcomes": { "tiers": [ { "id": "ok", "label": "Ok", "atLeast": 0, "success": true }, { "id": "no", "label": "No" } ] }`)
	ra := rs.Resolution.RollAgainst
	if ra.Count != 1 || ra.Sides != 100 || ra.Against != "at-most" || ra.Tens != 0 {
		t.Errorf("defaults %+v", ra)
	}
	if rs.Resolution.Outcomes.By != "margin" {
		t.Errorf("by %q, want margin", rs.Resolution.Outcomes.By)
	}
	past := ra.CriticalFailure[0]
	if !past.Matches(20, 10, true) || past.Matches(19, 10, true) || !past.Matches(0, 10, false) || past.Matches(1, 10, false) {
		t.Error("pastTarget 10 reads a roll at least 10 onto the failing side")
	}
}
