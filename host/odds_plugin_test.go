package host_test

import (
	"math"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// TestPluginOddsAgreeWithRolls: the bundled plugin kinds' odds functions
// (Ironsworn's, Savage Worlds') agree with its own rolls on seeds 1..20,000 within 4.5
// standard errors per outcome, as the native kinds' odds do
// (engine/odds); with effect dice it gives no exact odds and the host
// samples instead.
func TestPluginOddsAgreeWithRolls(t *testing.T) {
	// A generous deadline: on a loaded machine a call can wait long for a
	// core, and a timed-out call would be a refusal, not an outcome.
	h, errs := host.Load([]string{"../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	t.Cleanup(h.Close)
	load := func(dir, sheetFile string) (*ruleset.Ruleset, *sheet.Character) {
		rs, err := ruleset.LoadFile("../rulesets/"+dir+"/ruleset.json", h.RulesetOptions())
		if err != nil {
			t.Fatal(err)
		}
		sh, err := sheet.LoadFile("../rulesets/"+dir+"/sheets/"+sheetFile, rs)
		if err != nil {
			t.Fatal(err)
		}
		return rs, sheet.New(rs, sh)
	}
	for _, tc := range []struct{ dir, sheet, text string }{
		{"ironsworn", "kai.json", `[skill_check: ability="Edge" adds="1"]`},
		{"ironsworn", "kai.json", `[skill_check: ability="Edge" adds="9"]`},
		{"savage-worlds", "gabe.json", `[skill_check: skill="Fighting"]`},
		{"savage-worlds", "thug.json", `[skill_check: skill="Fighting" dc="5"]`},
	} {
		rs, ch := load(tc.dir, tc.sheet)
		text := tc.text
		tg, err := tag.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		r, err := odds.ForCharacter(rs, ch, tg, odds.Options{Kinds: h.Resolvers})
		if err != nil {
			t.Fatal(err)
		}
		if r.Method != "plugin" || !r.Exact {
			t.Fatalf("%s: method %s", text, r.Method)
		}
		const n = 20000
		got := map[string]int{}
		stream := &dice.Seeded{}
		env := &check.Env{RS: rs, Char: ch, Kinds: h.Resolvers, Dice: stream}
		for i := 0; i < n; i++ {
			stream.Reset(uint64(1+i), 0, 0)
			o, ok := odds.FromRecord(check.Resolve(env, tg).Record)
			if !ok {
				t.Fatalf("%s: seed %d: %s", text, 1+i, check.Resolve(env, tg).Record)
			}
			got[o.Name()]++
		}
		want := map[string]float64{}
		for _, o := range r.Outcomes {
			want[o.Name()] += o.P
		}
		for name := range got {
			if _, ok := want[name]; !ok {
				t.Errorf("%s: rolled %s, which the odds do not know", text, name)
			}
		}
		for name, p := range want {
			f := float64(got[name]) / n
			if se := math.Sqrt(p * (1 - p) / n); math.Abs(f-p) > 4.5*se+1.0/n {
				t.Errorf("%s %s: odds %.5f, rolled %.5f", text, name, p, f)
			}
		}
	}
	rs, ch := load("ironsworn", "kai.json")
	tg, _ := tag.Parse(`[skill_check: ability="Edge"]`)
	effects := func(*check.Check) check.Effects {
		return check.Effects{Dice: []dice.Notation{{Count: 1, Sides: 4}}, From: []string{"Blessing"}}
	}
	r, err := odds.ForCharacter(rs, ch, tg, odds.Options{Kinds: h.Resolvers, Effects: effects, Samples: 500})
	// the odds function gives none (nil); the host walks resolve's
	// throws instead: 1d6, two d10 and the effect's d4
	if err != nil || r.Method != "enumerated" || r.Leaves != 6*10*10*4 || !r.Exact {
		t.Fatalf("with effect dice: %+v, %v", r, err)
	}
}
