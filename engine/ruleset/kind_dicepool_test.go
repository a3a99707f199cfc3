package ruleset_test

import (
	"encoding/json"
	"github.com/rulehost/rulehost/engine/internal/testload"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// poolVocab is the vocabulary around the spec's dice-pool example.
const poolVocab = `"id": "pool", "name": "Pool",
  "abilities": [{ "id": "sinew", "label": "Sinew" }, { "id": "nerve", "label": "Nerve" }],
  "skills": [{ "id": "ward", "label": "Ward", "ability": "nerve" }],
  "live": { "pools": [{ "id": "resolve", "label": "Resolve", "max": { "const": 3 } }] },`

// specPool is the spec's dice-pool example, verbatim.
var specPool = testload.Spec("dice-pool")

func loadPool(t *testing.T, resolution string) *ruleset.Ruleset {
	t.Helper()
	vocab := poolVocab
	if strings.Contains(resolution, `"live":`) {
		// The test brings its own pools: one "live" member only, since
		// a duplicate key is refused (jsonin).
		vocab = vocab[:strings.Index(vocab, `"live":`)]
	}
	rs, err := ruleset.Load("pool.json", []byte("{"+vocab+resolution+"}"), ruleset.Options{})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return rs
}

func TestSpecPoolExample(t *testing.T) {
	dp := loadPool(t, specPool).Resolution.DicePool
	if dp.Sides != 10 || dp.PoolMin != 1 || dp.PoolMax != 15 || !dp.AbilityPlusAbility {
		t.Errorf("die and pool: %+v", dp)
	}
	if dp.Target != (ruleset.PoolTarget{Default: 7, Min: 5, Max: 9}) || !dp.Target.Adjustable() {
		t.Errorf("target %+v", dp.Target)
	}
	if *dp.Explode != (ruleset.FaceRule{From: 10, Min: 8}) || dp.Double != nil {
		t.Errorf("explode %+v double %+v", dp.Explode, dp.Double)
	}
	if dp.Cancel.UpTo != 1 || dp.Botch.UpTo != 1 || dp.Botch.Rule != "noSuccesses" || dp.Exceptional != 5 {
		t.Errorf("cancel %+v botch %+v exceptional %d", dp.Cancel, dp.Botch, dp.Exceptional)
	}
	if *dp.Situational != (ruleset.Range{Min: -3, Max: 3}) {
		t.Errorf("situational %+v", dp.Situational)
	}
	if len(dp.Rerolls) != 1 || dp.Rerolls[0] != (ruleset.Reroll{ID: "careful", UpTo: 6, Mode: "once"}) {
		t.Errorf("rerolls %+v", dp.Rerolls)
	}
	if len(dp.Ladder) != 2 || dp.Ladder[1].Label != "Grim" || dp.Ladder[1].Successes != 3 || dp.Ladder[1].Target != 8 {
		t.Errorf("ladder %+v", dp.Ladder)
	}
	// dc runs to the pool maximum, doubled because dice explode.
	if got := dp.MaxCount(); got != 30 {
		t.Errorf("MaxCount %d, want 30", got)
	}
}

func TestPoolDefaults(t *testing.T) {
	dp := loadPool(t, `"resolution": { "kind": "dice-pool", "die": { "sides": 6 }, "proficiencyTiers": [{ "id": "r0" }],
	  "target": { "default": 5 }, "double": { "from": 6 }, "explode": { "min": 6 }, "botch": { "upTo": 1, "rule": "halfOrMore" } }`).Resolution.DicePool
	if dp.PoolMin != 0 || dp.PoolMax != 20 || dp.AbilityPlusAbility {
		t.Errorf("pool defaults %+v", dp)
	}
	if dp.Target != (ruleset.PoolTarget{Default: 5, Min: 5, Max: 5}) || dp.Target.Adjustable() {
		t.Errorf("a lone default fixes the target: %+v", dp.Target)
	}
	if dp.Explode.From != 0 || dp.Explode.Min != 6 {
		t.Errorf("explode with min only fires on request: %+v", dp.Explode)
	}
	if dp.Botch.Rule != "halfOrMore" || dp.Situational != nil || dp.Exceptional != 0 {
		t.Errorf("botch %+v situational %+v", dp.Botch, dp.Situational)
	}
	if got := dp.MaxCount(); got != 80 {
		t.Errorf("MaxCount %d, want 20 doubled twice", got)
	}
}

func TestPoolTargetFromStancesExact(t *testing.T) {
	rs := loadPool(t, `"fields": [{ "id": "number", "label": "Number", "min": 2, "max": 5 }],
	  "resolution": { "kind": "dice-pool", "die": { "sides": 6 }, "proficiencyTiers": [{ "id": "r0", "flat": 1 }],
	  "target": { "from": { "field": "number" }, "min": 2, "max": 5 },
	  "stances": [{ "id": "lasers", "label": "Lasers", "count": "below", "skills": ["ward"] }],
	  "exact": { "label": "LASER FEELINGS", "counts": false } }`)
	dp := rs.Resolution.DicePool
	if dp.Target.From == nil || dp.Target.From.Field != "number" || dp.Target.Min != 2 || dp.Target.Max != 5 {
		t.Errorf("target %+v", dp.Target)
	}
	if st := dp.StanceFor("ward"); st == nil || st.Count != "below" || st.Label != "Lasers" {
		t.Errorf("stance %+v", st)
	}
	if dp.StanceFor("dig") != nil {
		t.Error("a skill outside every stance has none")
	}
	if dp.Exact.Label != "LASER FEELINGS" || dp.Exact.Counts {
		t.Errorf("exact %+v", dp.Exact)
	}
}

func TestPoolOverrideMerges(t *testing.T) {
	rs := loadPool(t, `"fields": [{ "id": "favored", "label": "Favored", "min": 0, "max": 1 }],
	  "resolution": { "kind": "dice-pool", "die": { "sides": 10 }, "proficiencyTiers": [{ "id": "r0" }],
	  "target": { "default": 6 }, "cancel": { "upTo": 1 },
	  "overrides": [{ "id": "favored", "label": "Favored", "skills": ["ward"], "when": { "field": "favored" }, "set": { "cancel": null } }] }`)
	ov := rs.Resolution.Overrides[0].Resolution.DicePool
	if ov.Cancel != nil || rs.Resolution.DicePool.Cancel == nil {
		t.Errorf(`"cancel": null removes cancel only in the override`)
	}
	if ov.Target.Default != 6 || ov.Sides != 10 {
		t.Errorf("override keeps the rest: %+v", ov)
	}
}

func TestSpendForms(t *testing.T) {
	rs := loadPool(t, `"live": { "pools": [
	    { "id": "resolve", "label": "Resolve", "max": { "const": 3 } },
	    { "id": "luck", "label": "Luck", "max": { "const": 3 } },
	    { "id": "edge", "label": "Edge", "max": { "abilityScore": "nerve" }, "start": { "abilityScore": "nerve" } }
	  ] },
	  "resolution": { "kind": "dice-pool", "die": { "sides": 10 }, "proficiencyTiers": [{ "id": "r0" }], "target": { "default": 6 },
	  "spend": [
	    { "pool": "resolve", "amount": 1, "successes": 1, "perCheck": 2 },
	    { "pool": "luck", "dice": 2, "perCheck": "pool" },
	    { "pool": "edge", "amount": 2, "reroll": { "upTo": 5, "mode": "until" }, "perCheck": { "abilityScore": "nerve" } }
	  ] }`)
	sp := rs.Resolution.Spend
	if len(sp) != 3 {
		t.Fatalf("spends %+v", sp)
	}
	if sp[0].PerCheckN != 2 || sp[0].Successes != 1 || sp[0].Amount != 1 {
		t.Errorf("spend 0 %+v", sp[0])
	}
	if !sp[1].PerCheckPool || sp[1].Dice != 2 || sp[1].Amount != 1 {
		t.Errorf("spend 1 %+v", sp[1])
	}
	if sp[2].PerCheckRef == nil || sp[2].PerCheckRef.AbilityScore != "nerve" || *sp[2].Reroll != (ruleset.Reroll{UpTo: 5, Mode: "until"}) {
		t.Errorf("spend 2 %+v", sp[2])
	}
	if s, ok := rs.SpendFor(rs.Resolution, "LUCK"); !ok || s.Pool != "luck" {
		t.Errorf("SpendFor by label")
	}
	noPer := loadPool(t, `"resolution": { "kind": "dice-pool", "die": { "sides": 10 }, "proficiencyTiers": [{ "id": "r0" }], "target": { "default": 6 },
	  "spend": [{ "pool": "resolve", "successes": 1 }] }`)
	if got := noPer.Resolution.Spend[0].PerCheckN; got != ruleset.DefaultPerCheck {
		t.Errorf("perCheck left out: %d, want %d", got, ruleset.DefaultPerCheck)
	}
}

// TestSpendSpecExample loads the spec's spend example, verbatim: one
// resolve point buys one success, at most twice a check.
func TestSpendSpecExample(t *testing.T) {
	rs := loadPool(t, `"live": { "pools": [{ "id": "resolve", "label": "Resolve", "max": { "const": 3 } }] },
	  "resolution": { "kind": "dice-pool", "die": { "sides": 10 }, "proficiencyTiers": [{ "id": "r0" }], "target": { "default": 6 },
	  `+testload.Spec("spend")+` }`)
	sp := rs.Resolution.Spend
	if len(sp) != 1 || sp[0].Pool != "resolve" || sp[0].Amount != 1 || sp[0].Successes != 1 || sp[0].PerCheckN != 2 {
		t.Errorf("spend %+v", sp)
	}
}

func TestDecodeCharm(t *testing.T) {
	// The spec's charm example, verbatim, on an entry.
	ch, err := ruleset.DecodeCharm(json.RawMessage(`{"id": "potence", ` + testload.Spec("charm") + `}`))
	if err != nil || ch == nil {
		t.Fatalf("decode: %v", err)
	}
	if !ch.Scales || ch.Successes != 1 || *ch.Reroll != (ruleset.Reroll{UpTo: 1, Mode: "once"}) || ch.Cost[0] != (ruleset.CharmCost{Pool: "blood", Amount: 1}) {
		t.Errorf("charm %+v", ch)
	}
	if ch, err := ruleset.DecodeCharm(json.RawMessage(`{"id": "plain"}`)); ch != nil || err != nil {
		t.Errorf("an entry without mechanics.check: %v %v", ch, err)
	}
	if _, err := ruleset.DecodeCharm(json.RawMessage(`{"mechanics": {"check": {"dice": "two"}}}`)); err == nil {
		t.Error("an unreadable charm must say so")
	}
}

// TestBundledPoolRulesets loads the four pool rulesets and their sheets.
func TestBundledPoolRulesets(t *testing.T) {
	for _, name := range []string{"gravewatch", "wod", "shadowrun", "lasers-feelings"} {
		dir := filepath.Join("..", "..", "rulesets", name)
		rs, err := ruleset.LoadFile(filepath.Join(dir, "ruleset.json"), ruleset.Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if rs.Resolution.Kind != "dice-pool" {
			t.Errorf("%s: kind %q", name, rs.Resolution.Kind)
		}
		sheets, _ := filepath.Glob(filepath.Join(dir, "sheets", "*.json"))
		if len(sheets) == 0 {
			t.Errorf("%s: no sample sheets", name)
		}
		for _, f := range sheets {
			if _, err := sheet.LoadFile(f, rs); err != nil {
				t.Errorf("%s: %v", strings.TrimPrefix(f, dir), err)
			}
		}
	}
}
