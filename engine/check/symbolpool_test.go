package check_test

import (
	"github.com/rulehost/rulehost/engine/internal/testload"
	"strings"
	"testing"
)

// specSymbols is the symbol-pool example of spec/checks.md, verbatim
// (Genesys), with extra keys appended by the tests that need them.
var specSymbols = testload.SpecBody("symbol-pool")

// kGrit3 rolls Climb (Grit 3, Rank 1): one proficiency and two ability dice.
const kGrit3 = `{"name": "Kira", "abilities": {"grit": 3}, "skills": {"climb": "rank_one"}}`

// TestSymbolPoolSpecExample plays the spec's Genesys example: the pool
// built from the characteristic and the rank, opposing dice from dc=,
// counts before cancellation, markers flagged even when cancelled.
func TestSymbolPoolSpecExample(t *testing.T) {
	rs := inlineRuleset(t, kVocab, specSymbols)
	ch := loadChar(t, rs, kGrit3)
	// Draw order: proficiency, ability, ability, (boost), challenge, difficulty, (setback).
	kRun(t, rs, ch, []kCase{
		{"2s 1a 1t", "", `[skill_check: skill="Climb" dc="2"]`, []int{12, 7, 1, 1, 1},
			[]string{"resolution=sum", "dice=5", "thrown=proficiency,ability,ability,difficulty,difficulty", "rolls=12,7,1,1,1",
				"dc=2", "symbols=2s 1a 1t", "summary=2 Success, 1 Advantage, 1 Triumph", "total=2", "success=true", "-critical", "-setback", "-upgradeOwn"}},
		{"failures and threats cancel", "", `[skill_check: skill="Climb" dc="2"]`, []int{2, 5, 1, 3, 4},
			[]string{"symbols=1f", "summary=1 Failure", "total=-1", "success=false"}},
		{"blank result", "", `[skill_check: skill="Climb" dc="2"]`, []int{1, 1, 1, 1, 1},
			[]string{"symbols=", "summary=blank: no symbols left", "total=0", "success=false"}},
		{"triumph flagged though its success is cancelled", "", `[skill_check: skill="Climb" dc="1"]`, []int{12, 1, 1, 3},
			[]string{"symbols=1f 1t", "success=false", "-critical"}},
		{"both markers together; upgrade= upgrades opposing dice", "", `[skill_check: skill="Climb" dc="2" upgrade="1"]`, []int{12, 1, 1, 12, 1},
			[]string{"thrown=proficiency,ability,ability,challenge,difficulty", "symbols=1t 1d", "total=0", "success=false"}},
		{"upgrade never adds dice", "", `[skill_check: skill="Climb" dc="2" upgrade="5"]`, []int{1, 1, 1, 1, 1},
			[]string{"thrown=proficiency,ability,ability,challenge,challenge"}},
		{"difficulty names a rung", "", `[skill_check: skill="Climb" difficulty="Hard"]`, []int{1, 1, 1, 1, 1, 1},
			[]string{"difficulty=Hard", "dc=3", "dice=6"}},
		{"dc kept within difficulty.max", "", `[skill_check: skill="Climb" dc="9"]`, []int{1, 1, 1, 1, 1, 1, 1, 1},
			[]string{"dc=5", "dice=8"}},
		{"no difficulty: no opposing dice", "", `[skill_check: skill="Climb"]`, []int{2, 1, 1},
			[]string{"-dc", "symbols=1s", "success=true"}},
		{"ability check has rank zero", "", `[skill_check: ability="Grit" dc="1"]`, []int{1, 1, 1, 1},
			[]string{"thrown=ability,ability,ability,difficulty"}},
		{"bonus adds boost dice", "", `[skill_check: skill="Climb" dc="1" bonus="+2"]`, []int{1, 1, 1, 3, 4, 1},
			[]string{"thrown=proficiency,ability,ability,boost,boost,difficulty", "symbols=2s 1a", "-setback"}},
		{"boost within boost.max", "", `[skill_check: skill="Climb" bonus="+5"]`, []int{1, 1, 1, 1, 1, 1},
			[]string{"thrown=proficiency,ability,ability,boost,boost,boost"}},
		{"negative bonus adds setback dice", "", `[skill_check: skill="Climb" bonus="-2"]`, []int{1, 1, 1, 3, 1},
			[]string{"thrown=proficiency,ability,ability,setback,setback", "symbols=1f", "-setback"}},
		{"setback= beside a negative bonus, within setback.max", "", `[skill_check: skill="Climb" bonus="-2" setback="3"]`, []int{1, 1, 1, 1, 1, 1},
			[]string{"thrown=proficiency,ability,ability,setback,setback,setback", "setback=1"}},
		{"setback= past the limit adds nothing", "", `[skill_check: skill="Climb" bonus="-3" setback="1"]`, []int{1, 1, 1, 1, 1, 1},
			[]string{"-setback", "-ignored"}},
		{"bonus and setback= roll both sides", "", `[skill_check: skill="Climb" bonus="2" setback="1"]`, []int{1, 1, 1, 1, 1, 1},
			[]string{"thrown=proficiency,ability,ability,boost,boost,setback", "setback=1"}},
		{"negative setback= ignored", "", `[skill_check: skill="Climb" setback="-1"]`, []int{1, 1, 1},
			[]string{"ignored=setback", "-setback"}},
		{"upgradeOwn needs allowOwnUpgrade", "", `[skill_check: skill="Climb" upgradeOwn="1"]`, []int{1, 1, 1},
			[]string{"ignored=upgradeOwn", "-upgradeOwn", "thrown=proficiency,ability,ability"}},
		{"pool.max caps the pool", `{"name": "Huge", "abilities": {"grit": 9}, "skills": {"climb": "rank_one"}}`,
			`[skill_check: skill="Climb"]`, []int{1, 1, 1, 1, 1, 1},
			[]string{"thrown=proficiency,ability,ability,ability,ability,ability"}},
		{"per-skill bonus is a boost", `{"name": "B", "abilities": {"grit": 1}, "skills": {"climb": {"tier": "untrained", "bonus": 1}}}`,
			`[skill_check: skill="Climb"]`, []int{1, 1}, []string{"thrown=ability,boost"}},
	})
	rec := rollFaces(t, rs, ch, `[skill_check: skill="Climb" dc="1" upgrade="1"]`, 12, 7, 1, 12)
	want := "Proficiency:Triumph|Ability:Success+Advantage|Ability:|Challenge:Despair;criticalSuccess:Triumph=1;criticalFailure:Despair=1"
	wantAttrs(t, rec, "symbolDetails="+want, "symbols=1s 1a 1t 1d", "total=1", "success=true")
}

// TestSymbolPoolUpgradeOwn: upgradeOwn= upgrades more of the roller's
// dice after the sheet's upgrades, then adds upgraded dice within pool.max.
func TestSymbolPoolUpgradeOwn(t *testing.T) {
	rs := inlineRuleset(t, kVocab, strings.Replace(specSymbols, `"max": 6 }`, `"max": 4 }, "allowOwnUpgrade": true`, 1))
	ch := loadChar(t, rs, kGrit3)
	kRun(t, rs, ch, []kCase{
		{"one more upgrade", "", `[skill_check: skill="Climb" upgradeOwn="1"]`, []int{1, 1, 1},
			[]string{"thrown=proficiency,proficiency,ability", "upgradeOwn=1"}},
		{"past the last die adds an upgraded die", "", `[skill_check: skill="Climb" upgradeOwn="3"]`, []int{1, 1, 1, 1},
			[]string{"thrown=proficiency,proficiency,proficiency,proficiency", "upgradeOwn=3"}},
		{"within pool.max", "", `[skill_check: skill="Climb" upgradeOwn="9"]`, []int{1, 1, 1, 1},
			[]string{"thrown=proficiency,proficiency,proficiency,proficiency", "upgradeOwn=3"}},
		{"zero is left out", "", `[skill_check: skill="Climb" upgradeOwn="0"]`, []int{1, 1, 1},
			[]string{"-upgradeOwn", "-ignored"}},
	})
}

// TestSymbolPoolBuildSum: "sum" adds ability and rank and upgrades none;
// upgradeOwn still works.
func TestSymbolPoolBuildSum(t *testing.T) {
	res := strings.Replace(specSymbols, `"upgrade": "proficiency", "max": 6 }`, `"upgrade": "proficiency", "max": 6, "build": "sum" }, "allowOwnUpgrade": true`, 1)
	rs := inlineRuleset(t, kVocab, res)
	ch := loadChar(t, rs, kGrit3)
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climb"]`, 1, 1, 1, 1), "thrown=ability,ability,ability,ability")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climb" upgradeOwn="1"]`, 1, 1, 1, 1), "thrown=proficiency,ability,ability,ability", "upgradeOwn=1")
}

// TestSymbolPoolOutcomes: bands read net successes (total) or net minus
// needed plus one (margin); markers do not move the band.
func TestSymbolPoolOutcomes(t *testing.T) {
	bands := `, "outcomes": { "by": "%s", "tiers": [
	    { "id": "great", "label": "Great", "atLeast": 2, "success": true },
	    { "id": "ok", "label": "Made it", "atLeast": 1, "success": true },
	    { "id": "no", "label": "Missed" } ] }`
	total := inlineRuleset(t, kVocab, strings.Replace(specSymbols, `"needed": 1`, `"needed": 2`, 1)+strings.Replace(bands, "%s", "total", 1))
	ch := loadChar(t, total, kGrit3)
	wantAttrs(t, rollFaces(t, total, ch, `[skill_check: skill="Climb"]`, 12, 7, 1), "total=2", "outcome=Great", "success=true")
	wantAttrs(t, rollFaces(t, total, ch, `[skill_check: skill="Climb"]`, 2, 1, 1), "total=1", "outcome=Made it", "success=true")
	margin := inlineRuleset(t, kVocab, strings.Replace(specSymbols, `"needed": 1`, `"needed": 2`, 1)+strings.Replace(bands, "%s", "margin", 1))
	ch = loadChar(t, margin, kGrit3)
	wantAttrs(t, rollFaces(t, margin, ch, `[skill_check: skill="Climb"]`, 12, 7, 1), "total=2", "outcome=Made it")
	wantAttrs(t, rollFaces(t, margin, ch, `[skill_check: skill="Climb"]`, 2, 1, 1), "total=1", "outcome=Missed", "success=false")
	plain := inlineRuleset(t, kVocab, strings.Replace(specSymbols, `"needed": 1`, `"needed": 2`, 1))
	ch = loadChar(t, plain, kGrit3)
	wantAttrs(t, rollFaces(t, plain, ch, `[skill_check: skill="Climb"]`, 2, 1, 1), "total=1", "success=false", "-outcome")
}

// TestSymbolPoolOverride: an override changes the rules (needed) but the
// dice and symbols stay the ruleset's.
func TestSymbolPoolOverride(t *testing.T) {
	rs := inlineRuleset(t, kVocab, specSymbols+`, "overrides": [{ "id": "tough", "label": "Tough climb", "skills": ["climb"], "set": { "success": { "symbol": "s", "needed": 2 } } }]`)
	ch := loadChar(t, rs, kGrit3)
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climb"]`, 2, 1, 1), "override=Tough climb", "total=1", "success=false")
}

// TestSymbolPoolBundled: the bundled Genesys file.
func TestSymbolPoolBundled(t *testing.T) {
	rs, ch := loadPair(t, "genesys", "kira.json")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Mechanics" difficulty="Average" upgradeOwn="1"]`, 12, 1, 1, 1, 1),
		"thrown=proficiency,proficiency,proficiency,difficulty,difficulty", "upgradeOwn=1", "symbols=1s 1t", "success=true")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Cool" dc="1"]`, 1, 1, 5, 1), "thrown=ability,ability,boost,difficulty")
}
