package check_test

import (
	"fmt"
	"github.com/rulehost/rulehost/engine/internal/testload"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// dsSpecOutcomes is the outcomes example of spec/checks.md.
var dsSpecOutcomes = testload.Spec("outcomes")

func TestOutcomeSpecExample(t *testing.T) {
	rs := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "naturals": "none", `+dsTiers+`, `+dsSpecOutcomes)
	ch := loadChar(t, rs, `{ "name": "Ash" }`) // modifier 0: the total is the face
	crit := []string{"outcome=Critical success", "success=true", "critical=success"}
	succ := []string{"outcome=Success", "success=true", "-critical"}
	fail := []string{"outcome=Failure", "success=false", "-critical"}
	fumble := []string{"outcome=Critical failure", "success=false", "critical=failure"}
	tests := []struct {
		face, dc int
		want     []string
	}{
		{15, 5, crit},   // margin 10
		{19, 10, succ},  // margin 9
		{10, 10, succ},  // margin 0
		{9, 10, fail},   // margin -1
		{3, 12, fail},   // margin -9
		{2, 12, fumble}, // margin -10
		{20, 10, crit},  // margin 10, shifted up: never past the best band
		{20, 25, succ},  // margin -5: failure, shifted up one band
		{20, 35, fail},  // margin -15: critical failure, shifted up one band
		{1, 10, fumble}, // margin -9: failure, shifted down one band
		{1, 1, fail},    // margin 0: success, shifted down
		{1, -20, succ},  // margin 21: critical success, shifted down
		{1, 30, fumble}, // margin -29: never past the worst band
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("face %d dc %d", tc.face, tc.dc), func(t *testing.T) {
			rec := rollFaces(t, rs, ch, fmt.Sprintf(`[skill_check: skill="Athletics" dc="%d"]`, tc.dc), tc.face)
			wantAttrs(t, rec, tc.want...)
		})
	}
	t.Run("shift reads the kept die with advantage", func(t *testing.T) {
		adv := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "advantage": true, `+dsTiers+`, `+dsSpecOutcomes)
		wantAttrs(t, rollFaces(t, adv, loadChar(t, adv, `{"name":"A"}`), `[skill_check: skill="Athletics" dc="25" mode="advantage"]`, 1, 20),
			"kept=20", "natural=max", "outcome=Success")
	})
	t.Run("by margin without a difficulty names no band", func(t *testing.T) {
		wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Athletics"]`, 12), "-outcome", "-success", "total=12")
	})
	t.Run("shift reads the first die of an open-ended chain", func(t *testing.T) {
		oe := inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 100 }, "openEnded": { "high": 96, "low": 5 }, `+dsTiers+`, `+dsSpecOutcomes)
		och := loadChar(t, oe, `{"name":"A"}`)
		// 100 then 10: total 110 against 200 is margin -90 (critical
		// failure), and the natural 100 shifts it up to Failure.
		wantAttrs(t, rollFaces(t, oe, och, `[skill_check: skill="Athletics" dc="200"]`, 100, 10), "natural=max", "outcome=Failure")
		// 1 then 50: total -49 against -100 is margin 51, shifted down.
		wantAttrs(t, rollFaces(t, oe, och, `[skill_check: skill="Athletics" dc="-100"]`, 1, 50), "natural=min", "outcome=Success")
	})
}

func TestOutcomeByTotal(t *testing.T) {
	rs, ch := loadPair(t, "pbta", "marie.json") // Hard +2, Go aggro improved +1
	dsRun(t, rs, ch, []dsCase{
		{"10+ strong hit", `[skill_check: skill="Go aggro"]`, []int{4, 3}, []string{"total=10", "outcome=Strong hit", "success=true"}},
		{"7-9 weak hit", `[skill_check: skill="Go aggro"]`, []int{1, 3}, []string{"total=7", "outcome=Weak hit", "success=true"}},
		{"9 is still weak", `[skill_check: skill="Go aggro"]`, []int{3, 3}, []string{"total=9", "outcome=Weak hit"}},
		{"6- miss", `[skill_check: skill="Go aggro"]`, []int{1, 2}, []string{"total=6", "outcome=Miss", "success=false"}},
		{"whatever the difficulty was", `[skill_check: skill="Go aggro" dc="20"]`, []int{4, 3}, []string{"outcome=Strong hit", "success=true", "dc=20"}},
		{"a negative stat", `[skill_check: skill="Seduce or manipulate"]`, []int{6, 2}, []string{"modifier=-1", "total=7", "outcome=Weak hit"}},
	})
}

func TestOutcomeFateLadder(t *testing.T) {
	rs, ch := loadPair(t, "fate", "ren.json") // Notice Great (+4)
	dsRun(t, rs, ch, []dsCase{
		// 4dF faces: 1 is -, 2 is blank, 3 is +.
		{"succeed with style at +3", `[skill_check: skill="Notice" difficulty="Fair"]`, []int{3, 2, 2, 2}, []string{"total=5", "dc=2", "outcome=Succeed with style", "success=true", "critical=success"}},
		{"success at +1", `[skill_check: skill="Notice" difficulty="Good"]`, []int{2, 2, 2, 2}, []string{"total=4", "dc=3", "outcome=Success", "-critical"}},
		{"tie at 0", `[skill_check: skill="Notice" difficulty="Great"]`, []int{2, 2, 2, 2}, []string{"dc=4", "outcome=Tie", "success=true"}},
		{"fail below", `[skill_check: skill="Notice" difficulty="Superb"]`, []int{1, 2, 2, 3}, []string{"dc=5", "outcome=Fail", "success=false"}},
		{"a rung below zero", `[skill_check: skill="Lore" difficulty="Terrible"]`, []int{1, 1, 2, 2}, []string{"modifier=0", "total=-2", "dc=-2", "outcome=Tie"}},
	})
}

// TestOutcomeNaturalsLandInBands: a natural that succeeds or fails
// automatically lands in that critical's band, or else in the best or
// the worst band, and stays a critical.
func TestOutcomeNaturalsLandInBands(t *testing.T) {
	plain := `"outcomes": { "tiers": [
		{ "id": "hit", "label": "Hit", "atLeast": 0, "success": true },
		{ "id": "graze", "label": "Graze", "atLeast": -3, "success": true },
		{ "id": "miss", "label": "Miss" } ] }`
	withOn := `"outcomes": { "tiers": [
		{ "id": "crit", "label": "Critical", "on": "critical-success" },
		{ "id": "hit", "label": "Hit", "atLeast": 0, "success": true },
		{ "id": "miss", "label": "Miss" },
		{ "id": "fumble", "label": "Fumble", "on": "critical-failure" } ] }`
	fumbleOnly := `"outcomes": { "tiers": [
		{ "id": "hit", "label": "Hit", "atLeast": 0, "success": true },
		{ "id": "miss", "label": "Miss" },
		{ "id": "fumble", "label": "Fumble", "on": "critical-failure" } ] }`
	load := func(naturals, outcomes string) *ruleset.Ruleset {
		return inlineRuleset(t, dsVocab, `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "naturals": "`+naturals+`", `+dsTiers+`, `+outcomes)
	}
	tests := []struct {
		name string
		rs   *ruleset.Ruleset
		tag  string
		face int
		want []string
	}{
		{"natural max lands in the best band", load("both", plain), `[skill_check: skill="Athletics" dc="40"]`, 20,
			[]string{"outcome=Hit", "success=true", "critical=success", "natural=max"}},
		{"natural min lands in the worst band", load("both", plain), `[skill_check: skill="Athletics" dc="-40"]`, 1,
			[]string{"outcome=Miss", "success=false", "critical=failure", "natural=min"}},
		{"natural max lands in the critical-success band", load("both", withOn), `[skill_check: skill="Athletics" dc="40"]`, 20,
			[]string{"outcome=Critical", "success=true", "critical=success"}},
		{"natural min lands in the critical-failure band", load("both", withOn), `[skill_check: skill="Athletics" dc="-40"]`, 1,
			[]string{"outcome=Fumble", "success=false", "critical=failure"}},
		{"nothing else lands in an on band, however high", load("both", withOn), `[skill_check: skill="Athletics" dc="-40"]`, 19,
			[]string{"outcome=Hit", "success=true", "-critical"}},
		{"nothing else lands in an on band, however low", load("both", withOn), `[skill_check: skill="Athletics" dc="40"]`, 2,
			[]string{"outcome=Miss", "success=false", "-critical"}},
		{"max-only with only a fumble band: the best band", load("max-only", fumbleOnly), `[skill_check: skill="Athletics" dc="40"]`, 20,
			[]string{"outcome=Hit", "critical=success"}},
		{"max-only: a natural 1 is read from the number", load("max-only", fumbleOnly), `[skill_check: skill="Athletics" dc="-40"]`, 1,
			[]string{"outcome=Hit", "-critical", "-natural"}},
		{"min-only lands in the fumble band", load("min-only", fumbleOnly), `[skill_check: skill="Athletics" dc="-40"]`, 1,
			[]string{"outcome=Fumble", "critical=failure"}},
		{"by margin without a dc, a natural still lands", load("both", withOn), `[skill_check: skill="Athletics"]`, 20,
			[]string{"outcome=Critical", "critical=success", "-dc"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantAttrs(t, rollFaces(t, tc.rs, loadChar(t, tc.rs, `{"name":"A"}`), tc.tag, tc.face), tc.want...)
		})
	}
}

func TestPickBand(t *testing.T) {
	at := func(n int) *int { return &n }
	// Blades in the Dark's shape: a critical band placed above the number-read ones.
	blades := &ruleset.Outcomes{By: "total", Tiers: []ruleset.OutcomeTier{
		{ID: "crit", Label: "Critical", On: "critical-success", Success: true, Critical: true},
		{ID: "full", Label: "Full success", AtLeast: at(6), Success: true},
		{ID: "partial", Label: "Partial success", AtLeast: at(4), Success: true},
		{ID: "bad", Label: "Bad outcome"},
	}}
	tests := []struct {
		n     int
		crit  check.Critical
		shift int
		want  string
	}{
		{6, check.NoCritical, 0, "full"},
		{5, check.NoCritical, 0, "partial"},
		{4, check.NoCritical, 0, "partial"},
		{3, check.NoCritical, 0, "bad"},
		{-50, check.NoCritical, 0, "bad"},
		{6, check.NoCritical, 1, "full"}, // never shifted into the on band
		{3, check.NoCritical, 1, "partial"},
		{6, check.NoCritical, -1, "partial"},
		{1, check.NoCritical, -1, "bad"},
		{1, check.CriticalSuccess, 0, "crit"},
		{6, check.CriticalFailure, 0, "bad"}, // no fumble band: the worst band
	}
	for _, tc := range tests {
		if got := blades.Tiers[check.PickBand(blades, tc.n, tc.crit, tc.shift)].ID; got != tc.want {
			t.Errorf("PickBand(n=%d, crit=%d, shift=%d) = %s, want %s", tc.n, tc.crit, tc.shift, got, tc.want)
		}
	}
}
