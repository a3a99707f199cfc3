package ruleset_test

import (
	"github.com/rulehost/rulehost/engine/internal/testload"
	"testing"
)

// specOutcomes is the outcomes example of spec/checks.md, verbatim.
var specOutcomes = testload.Spec("outcomes")

const sumD20 = `"kind": "dice-sum", "dice": { "count": 1, "sides": 20 },
  "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }]`

func TestOutcomesSpecExampleLoads(t *testing.T) {
	rs := sumLoad(t, `"resolution": { `+sumD20+`, `+specOutcomes+` }`)
	o := rs.Resolution.Outcomes
	if o == nil || o.By != "margin" || o.Naturals != "shift" || len(o.Tiers) != 4 {
		t.Fatalf("outcomes %+v", o)
	}
	type band struct {
		id      string
		atLeast any
		success bool
		crit    bool
	}
	want := []band{{"critical_success", 10, true, true}, {"success", 0, true, false}, {"failure", -9, false, false}, {"critical_failure", nil, false, true}}
	for i, w := range want {
		tr := o.Tiers[i]
		var at any
		if tr.AtLeast != nil {
			at = *tr.AtLeast
		}
		if tr.ID != w.id || at != w.atLeast || tr.Success != w.success || tr.Critical != w.crit || tr.On != "" {
			t.Errorf("tier %d = %+v (atLeast %v), want %+v", i, tr, at, w)
		}
	}
}

func TestOutcomesDefaultsAndForms(t *testing.T) {
	t.Run("by defaults to margin", func(t *testing.T) {
		rs := sumLoad(t, `"resolution": { `+sumD20+`, "outcomes": { "tiers": [
			{ "id": "hit", "label": "Hit", "atLeast": 0, "success": true }, { "id": "miss", "label": "Miss" } ] } }`)
		if rs.Resolution.Outcomes.By != "margin" {
			t.Errorf("by %q", rs.Resolution.Outcomes.By)
		}
	})
	t.Run("by total, PbtA", func(t *testing.T) {
		rs := sumLoad(t, `"resolution": { "kind": "dice-sum", "dice": { "count": 2, "sides": 6 },
			"proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }],
			"outcomes": { "by": "total", "tiers": [
				{ "id": "strong", "label": "Strong hit", "atLeast": 10, "success": true },
				{ "id": "weak", "label": "Weak hit", "atLeast": 7, "success": true, "text": "You do it, but the Game Master adds a complication" },
				{ "id": "miss", "label": "Miss" } ] } }`)
		o := rs.Resolution.Outcomes
		if o.By != "total" || o.Tiers[1].Text != "You do it, but the Game Master adds a complication" {
			t.Errorf("outcomes %+v", o)
		}
	})
	t.Run("on bands: critical-success above, critical-failure below", func(t *testing.T) {
		rs := sumLoad(t, `"resolution": { `+sumD20+`, "naturals": "both", "outcomes": { "tiers": [
			{ "id": "crit", "label": "Critical", "on": "critical-success" },
			{ "id": "hit", "label": "Hit", "atLeast": 0, "success": true },
			{ "id": "miss", "label": "Miss" },
			{ "id": "fumble", "label": "Fumble", "on": "critical-failure" } ] } }`)
		o := rs.Resolution.Outcomes
		if !o.Tiers[0].Success || !o.Tiers[0].Critical || o.Tiers[3].Success || !o.Tiers[3].Critical {
			t.Errorf("on bands read as %+v", o.Tiers)
		}
		if o.Band("critical-success") != 0 || o.Band("critical-failure") != 3 {
			t.Errorf("Band: %d %d", o.Band("critical-success"), o.Band("critical-failure"))
		}
	})
	t.Run("text of 200 characters", func(t *testing.T) {
		long := make([]byte, 200)
		for i := range long {
			long[i] = 'a'
		}
		sumLoad(t, `"resolution": { `+sumD20+`, "outcomes": { "tiers": [
			{ "id": "hit", "label": "Hit", "atLeast": 0, "success": true, "text": "`+string(long)+`" }, { "id": "miss", "label": "Miss" } ] } }`)
	})
	t.Run("eight tiers", func(t *testing.T) {
		sumLoad(t, `"resolution": { `+sumD20+`, "outcomes": { "tiers": [
			{ "id": "a", "label": "A", "atLeast": 6, "success": true }, { "id": "b", "label": "B", "atLeast": 5, "success": true },
			{ "id": "c", "label": "C", "atLeast": 4, "success": true }, { "id": "d", "label": "D", "atLeast": 3, "success": true },
			{ "id": "e", "label": "E", "atLeast": 2 }, { "id": "f", "label": "F", "atLeast": 1 },
			{ "id": "g", "label": "G", "atLeast": 0 }, { "id": "h", "label": "H" } ] } }`)
	})
}

func TestOutcomesRefusals(t *testing.T) {
	two := `{ "id": "hit", "label": "Hit", "atLeast": 0, "success": true }, { "id": "miss", "label": "Miss" }`
	tests := []struct{ name, res, ptr, frag string }{
		{"fewer than 2 tiers", sumD20 + `, "outcomes": { "tiers": [{ "id": "hit", "label": "Hit", "success": true }] }`, "/resolution/outcomes/tiers", "allowed 2 to 8"},
		{"atLeast not decreasing", sumD20 + `, "outcomes": { "tiers": [{ "id": "a", "label": "A", "atLeast": 0, "success": true }, { "id": "b", "label": "B", "atLeast": 3 }, { "id": "c", "label": "C" }] }`, "/resolution/outcomes/tiers/1/atLeast", "not below"},
		{"last band with atLeast", sumD20 + `, "outcomes": { "tiers": [{ "id": "a", "label": "A", "atLeast": 0, "success": true }, { "id": "b", "label": "B", "atLeast": -3 }] }`, "/resolution/outcomes/tiers/1/atLeast", "last band"},
		{"no success band", sumD20 + `, "outcomes": { "tiers": [{ "id": "a", "label": "A", "atLeast": 0 }, { "id": "b", "label": "B" }] }`, "/resolution/outcomes/tiers", "must succeed"},
		{"no failure band", sumD20 + `, "outcomes": { "tiers": [{ "id": "a", "label": "A", "atLeast": 0, "success": true }, { "id": "b", "label": "B", "success": true }] }`, "/resolution/outcomes/tiers", "must fail"},
		{"on band with atLeast", sumD20 + `, "outcomes": { "tiers": [{ "id": "c", "label": "C", "on": "critical-success", "atLeast": 15 }, ` + two + `] }`, "/resolution/outcomes/tiers/0/atLeast", "no atLeast"},
		{"two on bands of one kind", sumD20 + `, "outcomes": { "tiers": [{ "id": "c", "label": "C", "on": "critical-failure" }, ` + two + `, { "id": "d", "label": "D", "on": "critical-failure" }] }`, "/resolution/outcomes/tiers/3/on", "at most one"},
		{"critical-success band not a success", sumD20 + `, "outcomes": { "tiers": [{ "id": "c", "label": "C", "on": "critical-success", "success": false }, ` + two + `] }`, "/resolution/outcomes/tiers/0/success", "success"},
		{"shift with two dice", `"kind": "dice-sum", "dice": { "count": 2, "sides": 10 }, "proficiencyTiers": [{ "id": "u", "label": "U" }], "outcomes": { "naturals": "shift", "tiers": [` + two + `] }`, "/resolution/outcomes/naturals", "single die"},
		{"shift beside naturals both", sumD20 + `, "naturals": "both", "outcomes": { "naturals": "shift", "tiers": [` + two + `] }`, "/resolution/outcomes/naturals", "resolution.naturals"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sumRefused(t, `"resolution": { `+tc.res+` }`, tc.ptr, tc.frag)
		})
	}
	t.Run("shift beside naturals none loads", func(t *testing.T) {
		sumLoad(t, `"resolution": { `+sumD20+`, "naturals": "none", "outcomes": { "naturals": "shift", "tiers": [`+two+`] } }`)
	})
}
