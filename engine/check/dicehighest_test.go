package check_test

import (
	"github.com/rulehost/rulehost/engine/internal/testload"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// The helpers below (prefixed k) serve the dice-highest, roll-against and
// symbol-pool tests.

// kVocab is the sheet vocabulary the kinds' spec snippets are wrapped in.
const kVocab = `"id": "kinds-test", "name": "Kinds test",
  "abilities": [
    { "id": "grit", "label": "Grit", "min": 0, "max": 100, "default": 0 },
    { "id": "wits", "label": "Wits", "min": 0, "max": 100, "default": 0 }
  ],
  "skills": [
    { "id": "prowl", "label": "Prowl" },
    { "id": "climb", "label": "Climb", "ability": "grit" },
    { "id": "spot", "label": "Spot", "ability": "wits" }
  ],
  "saves": [ { "id": "nerve", "label": "Nerve", "ability": "wits" } ],
  "fields": [ { "id": "wounds", "label": "Wounds", "min": -5, "max": 5 } ],
  "live": { "pools": [ { "id": "stress", "label": "Stress", "max": { "const": 9 } } ] },
`

type kCase struct {
	name  string
	sheet string // sheet JSON; "" uses the test's default character
	tag   string
	faces []int
	want  []string
}

func kRun(t *testing.T, rs *ruleset.Ruleset, ch *sheet.Character, cases []kCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := ch
			if tc.sheet != "" {
				c = loadChar(t, rs, tc.sheet)
			}
			wantAttrs(t, rollFaces(t, rs, c, tc.tag, tc.faces...), tc.want...)
		})
	}
}

// specHighest is the dice-highest example of spec/checks.md, verbatim.
var specHighest = testload.SpecBody("dice-highest")

// TestDiceHighestSpecExample plays the spec's example: the sheet number
// is the number of dice, the highest is read, two sixes are a critical,
// no dice rolls two and keeps the lower (never a critical).
func TestDiceHighestSpecExample(t *testing.T) {
	rs := inlineRuleset(t, kVocab, specHighest)
	three := loadChar(t, rs, `{"name": "Cutter", "abilities": {"grit": 2}, "skills": {"climb": "rating_1"}}`)
	kRun(t, rs, three, []kCase{
		{"full", "", `[skill_check: skill="Climb"]`, []int{2, 6, 4},
			[]string{"resolution=sum", "dice=3d6", "highest=1", "rolls=2,6,4", "modifier=0", "total=6", "outcome=Full success", "success=true", "-critical", "-zeroDice"}},
		{"partial", "", `[skill_check: skill="Climb"]`, []int{1, 4, 5},
			[]string{"total=5", "outcome=Partial success", "success=true"}},
		{"bad", "", `[skill_check: skill="Climb"]`, []int{1, 3, 2},
			[]string{"total=3", "outcome=Bad outcome", "success=false"}},
		{"two sixes are a critical", "", `[skill_check: skill="Climb"]`, []int{6, 1, 6},
			[]string{"total=6", "outcome=Critical", "success=true", "critical=success"}},
		{"zero dice: lowest of two", `{"name": "Novice"}`, `[skill_check: skill="Prowl"]`, []int{5, 3},
			[]string{"dice=0d6", "zeroDice=true", "rolls=5,3", "total=3", "outcome=Bad outcome"}},
		{"zero dice never critical", `{"name": "Novice"}`, `[skill_check: skill="Prowl"]`, []int{6, 6},
			[]string{"zeroDice=true", "total=6", "outcome=Full success", "-critical"}},
		{"bonus adds dice within situationalDice", "", `[skill_check: skill="Climb" bonus="+5"]`, []int{1, 1, 1, 1, 4},
			[]string{"dice=5d6", "bonus=+2", "total=4"}},
		{"negative bonus removes dice", "", `[skill_check: skill="Climb" bonus="-3"]`, []int{1, 2},
			[]string{"dice=2d6", "bonus=-1", "total=2"}},
		{"pool max caps the dice", `{"name": "Giant", "abilities": {"grit": 9}, "skills": {"climb": "rating_1"}}`,
			`[skill_check: skill="Climb"]`, []int{1, 1, 1, 1, 1, 2}, []string{"dice=6d6", "total=2"}},
		{"difficulty names a rung", "", `[skill_check: skill="Climb" difficulty="Full"]`, []int{5, 5, 5},
			[]string{"difficulty=Full", "dc=6", "outcome=Partial success"}},
		{"dc is kept within 1..keep*sides", "", `[skill_check: skill="Climb" dc="9"]`, []int{5, 5, 5},
			[]string{"dc=6"}},
		{"no advantage", "", `[skill_check: skill="Climb" mode="advantage"]`, []int{1, 2, 3},
			[]string{"ignored=mode", "-mode"}},
		{"dark not offered", "", `[skill_check: skill="Climb" dark="1"]`, []int{1, 2, 3},
			[]string{"ignored=dark", "-dark"}},
	})
}

// TestDiceHighestPlain: without bands, dc= decides success, a critical
// always succeeds, and without either nothing says what success was.
func TestDiceHighestPlain(t *testing.T) {
	rs := inlineRuleset(t, kVocab, `"kind": "dice-highest", "die": { "sides": 6 },
	  "proficiencyTiers": [{ "id": "r0", "label": "0" }], "keep": 2,
	  "critical": { "count": 2, "face": 5 }, "zeroDice": "fail"`)
	ch := loadChar(t, rs, `{"name": "A", "abilities": {"grit": 3}}`)
	kRun(t, rs, ch, []kCase{
		{"keep two", "", `[skill_check: skill="Climb" dc="9"]`, []int{4, 2, 5},
			[]string{"highest=2", "total=9", "dc=9", "success=true", "-critical"}},
		{"keep two fails", "", `[skill_check: skill="Climb" dc="10"]`, []int{4, 2, 5},
			[]string{"total=9", "success=false"}},
		{"critical from face 5 up", "", `[skill_check: skill="Climb" dc="12"]`, []int{5, 1, 6},
			[]string{"total=11", "success=true", "critical=success"}},
		{"no dc, no critical: no success key", "", `[skill_check: skill="Climb"]`, []int{1, 2, 3},
			[]string{"total=5", "-success"}},
		{"dc clamped to keep*sides", "", `[skill_check: skill="Climb" dc="20"]`, []int{1, 2, 3},
			[]string{"dc=12"}},
		{"zero dice fail: no roll", `{"name": "B"}`, `[skill_check: skill="Prowl" dc="3"]`, nil,
			[]string{"dice=0d6", "zeroDice=true", "-rolls", "-total", "success=false"}},
	})
}

// darkRuleset is Trophy Dark's risk roll in the spec's terms.
func darkRuleset(tb testing.TB, outcome string) *ruleset.Ruleset {
	return inlineRuleset(tb, kVocab, `"kind": "dice-highest", "die": { "sides": 6 },
	  "proficiencyTiers": [{ "id": "r0", "label": "0" }, { "id": "r1", "label": "1", "flat": 1 }],
	  "critical": { "count": 2 }, "zeroDice": "lowest-of-two",
	  "dark": { "label": "Dark die", "max": 2, "text": "Ruin if highest", "outcome": "`+outcome+`" },
	  "outcomes": { "by": "total", "tiers": [
	    { "id": "crit", "label": "Critical", "on": "critical-success" },
	    { "id": "ok", "label": "Success", "atLeast": 6, "success": true },
	    { "id": "cost", "label": "Cost", "atLeast": 4, "success": true },
	    { "id": "fail", "label": "Failure" } ] }`)
}

// TestDiceHighestDark: dark dice are rolled and recorded last; with
// outcome "light" only the light dice decide; darkHighest flags a dark die
// that strictly beat every light die.
func TestDiceHighestDark(t *testing.T) {
	light := darkRuleset(t, "light")
	two := loadChar(t, light, `{"name": "Hunter", "abilities": {"grit": 1}, "skills": {"climb": "r1"}}`)
	kRun(t, light, two, []kCase{
		{"light decides, dark highest", "", `[skill_check: skill="Climb" dark="1"]`, []int{2, 3, 6},
			[]string{"dice=2d6", "dark=1", "darkOutcome=light", "rolls=2,3,6", "total=3", "darkHighest=true", "outcome=Failure"}},
		{"dark tie is not highest", "", `[skill_check: skill="Climb" dark="2"]`, []int{5, 3, 5, 1},
			[]string{"dark=2", "total=5", "-darkHighest", "outcome=Cost"}},
		{"dark dice never make a light critical", "", `[skill_check: skill="Climb" dark="2"]`, []int{6, 1, 6, 6},
			[]string{"total=6", "outcome=Success", "-critical"}},
		{"light critical", "", `[skill_check: skill="Climb" dark="1"]`, []int{6, 6, 1},
			[]string{"outcome=Critical", "critical=success"}},
		{"dark clamped to max", "", `[skill_check: skill="Climb" dark="5"]`, []int{1, 1, 1, 1},
			[]string{"dark=2"}},
		{"no dark dice: no darkOutcome", "", `[skill_check: skill="Climb"]`, []int{1, 4},
			[]string{"-dark", "-darkOutcome", "-darkHighest", "total=4"}},
		{"no light dice: two fallback light dice then the dark", `{"name": "Nobody"}`, `[skill_check: skill="Prowl" dark="1"]`, []int{4, 5, 6},
			[]string{"dice=0d6", "zeroDice=true", "dark=1", "rolls=4,5,6", "total=4", "darkHighest=true"}},
	})

	all := darkRuleset(t, "all")
	ch := loadChar(t, all, `{"name": "Hunter", "abilities": {"grit": 1}, "skills": {"climb": "r1"}}`)
	kRun(t, all, ch, []kCase{
		{"all: dark read with the others", "", `[skill_check: skill="Climb" dark="1"]`, []int{2, 3, 6},
			[]string{"dark=1", "-darkOutcome", "total=6", "darkHighest=true", "outcome=Success"}},
		{"all: dark sixes count for the critical", "", `[skill_check: skill="Climb" dark="1"]`, []int{6, 3, 6},
			[]string{"outcome=Critical", "-darkHighest"}},
		{"all: dark dice alone are the pool", `{"name": "Nobody"}`, `[skill_check: skill="Prowl" dark="2"]`, []int{3, 5},
			[]string{"dice=0d6", "-zeroDice", "dark=2", "total=5", "darkHighest=true"}},
	})

	fail := inlineRuleset(t, kVocab, `"kind": "dice-highest", "die": { "sides": 6 },
	  "proficiencyTiers": [{ "id": "r0", "label": "0" }], "zeroDice": "fail",
	  "dark": { "label": "Dark", "max": 1, "outcome": "light" }`)
	kRun(t, fail, loadChar(t, fail, `{"name": "Nobody"}`), []kCase{
		{"fail still rolls the dark dice", "", `[skill_check: skill="Prowl" dark="1" dc="2"]`, []int{3},
			[]string{"zeroDice=true", "dark=1", "rolls=3", "-total", "darkHighest=true", "success=false"}},
	})
}

// TestDiceHighestEffectsAndAdjust: wounds (adjust), conditions and items
// add or remove dice.
func TestDiceHighestEffectsAndAdjust(t *testing.T) {
	rs := inlineRuleset(t, kVocab, `"kind": "dice-highest", "die": { "sides": 6 },
	  "proficiencyTiers": [{ "id": "r0", "label": "0" }],
	  "adjust": [{ "value": { "field": "wounds" } }]`)
	ch := loadChar(t, rs, `{"name": "Hurt", "abilities": {"grit": 3}, "fields": {"wounds": -1}}`)
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Climb"]`, 1, 2), "dice=2d6", "total=2")
	env := &check.Env{RS: rs, Char: ch, Effects: func(*check.Check) check.Effects {
		return check.Effects{Flat: 2, From: []string{"Lucky charm"}}
	}}
	rec := rollEnv(t, env, `[skill_check: skill="Climb"]`, 1, 2, 3, 4).Record
	wantAttrs(t, rec, "dice=4d6", "effects=+2", "from=Lucky charm", "total=4")
}

// TestDiceHighestOverride: an override may change keep (Trophy Dark's
// fights add the two highest) and drop the bands.
func TestDiceHighestOverride(t *testing.T) {
	rs, ch := loadPair(t, "trophy-dark", "hunter.json")
	rec := rollFaces(t, rs, ch, `[skill_check: skill="Fight" dark="1" dc="8"]`, 1, 6, 3)
	wantAttrs(t, rec, "override=Combat roll", "highest=2", "dark=1", "-darkOutcome", "total=9", "dc=8", "success=true", "-outcome")
	rec = rollFaces(t, rs, ch, `[skill_check: skill="Climb" dark="1" bonus="1"]`, 1, 5, 3, 6)
	// Trophy Dark reads the highest die, light or dark (dark.outcome "all").
	wantAttrs(t, rec, "dice=3d6", "-darkOutcome", "total=6", "darkHighest=true", "outcome=Success")
}

// TestDiceHighestBlades: the bundled Blades ruleset reads action ratings
// as dice and attributes for resistance rolls.
func TestDiceHighestBlades(t *testing.T) {
	rs, ch := loadPair(t, "blades", "cutter.json")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Skirmish" bonus="+1"]`, 1, 6, 6), "dice=3d6", "outcome=Critical")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: ability="Prowess"]`, 3, 4, 1), "dice=3d6", "outcome=Partial success")
	wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Study"]`, 6, 6), "zeroDice=true", "outcome=Full success")
}

// TestDiceHighestSpend: spend buys dice only, rolled with the pool within
// its limits, and debits the live pool.
func TestDiceHighestSpend(t *testing.T) {
	rs := inlineRuleset(t, kVocab, `"kind": "dice-highest", "die": { "sides": 6 },
	  "proficiencyTiers": [{ "id": "r0", "label": "0" }], "pool": { "min": 0, "max": 3 },
	  "spend": [{ "pool": "stress", "amount": 2, "dice": 1, "perCheck": 2 }]`)
	ch := loadChar(t, rs, `{"name": "Pusher", "abilities": {"grit": 1}}`)
	res := rollEnv(t, &check.Env{RS: rs, Char: ch}, `[skill_check: skill="Climb" spend="stress:4"]`, 1, 2, 3)
	wantAttrs(t, res.Record, "dice=3d6", "total=3")
	if res.Debits["stress"] != 4 {
		t.Errorf("debits %v, want stress 4", res.Debits)
	}
	// Within pool.max: three dice at most, whatever was bought.
	ch2 := loadChar(t, rs, `{"name": "Pusher", "abilities": {"grit": 3}}`)
	res = rollEnv(t, &check.Env{RS: rs, Char: ch2}, `[skill_check: skill="Climb" spend="stress:2"]`, 1, 2, 3)
	wantAttrs(t, res.Record, "dice=3d6")
}
