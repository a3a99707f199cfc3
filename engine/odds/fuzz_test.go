package odds_test

import (
	"errors"
	"math"
	"path/filepath"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// fuzzPair is a bundled ruleset with one of its sheets.
type fuzzPair struct {
	rs *ruleset.Ruleset
	ch *sheet.Character
}

// fuzzPairs loads every bundled ruleset of a native kind with every
// sample sheet.
func fuzzPairs(f *testing.F) []fuzzPair {
	dirs, _ := filepath.Glob("../../rulesets/*/ruleset.json")
	var out []fuzzPair
	for _, p := range dirs {
		rs, err := ruleset.LoadFile(p, ruleset.Options{})
		if err != nil {
			continue // a plugin kind's ruleset: its odds are the plugin's (host/kind)
		}
		sheets, _ := filepath.Glob(filepath.Join(filepath.Dir(p), "sheets", "*.json"))
		for _, s := range sheets {
			sh, err := sheet.LoadFile(s, rs)
			if err != nil {
				f.Fatal(err)
			}
			out = append(out, fuzzPair{rs, sheet.New(rs, sh)})
		}
	}
	return out
}

// FuzzOdds (seed corpus: the bundled cases and testdata/fuzz/FuzzOdds):
// for any tag on any bundled ruleset and sheet, the odds are
// refused exactly when the check is, every probability is within 0..1,
// they sum to 1 within the stated error, and the outcome a seeded roll of
// the same check lands in is one the odds give a chance.
func FuzzOdds(f *testing.F) {
	pairs := fuzzPairs(f)
	for i, bc := range bundledCases {
		f.Add(uint8(i), bc.tag, uint64(i))
	}
	f.Add(uint8(3), `[skill_check: skill="Athletics" dc="-40" mode="disadvantage" bonus="x"]`, uint64(9))
	f.Fuzz(func(t *testing.T, which uint8, text string, seed uint64) {
		tg, err := tag.Parse(text)
		if err != nil || !tg.NameIs("skill_check") {
			return
		}
		p := pairs[int(which)%len(pairs)]
		r, err := odds.ForCharacter(p.rs, p.ch, tg, odds.Options{})
		rec := check.Resolve(&check.Env{RS: p.rs, Char: p.ch, Dice: dice.New(seed, 0, 0)}, tg).Record
		var re *odds.RefusedError
		if errors.As(err, &re) {
			if rec.Name != "refused" {
				t.Fatalf("odds refused %s, the check answered %s", text, rec)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		sum := 0.0
		names := map[string]float64{}
		for _, o := range r.Outcomes {
			if o.P < 0 || o.P > 1+odds.ErrorBound || math.IsNaN(o.P) {
				t.Fatalf("%s: %s has p %v", text, o.Name(), o.P)
			}
			sum += o.P
			names[o.Name()] += o.P
		}
		if math.Abs(sum-1) > odds.ErrorBound {
			t.Fatalf("%s: odds sum to %.17g", text, sum)
		}
		o, ok := odds.FromRecord(rec)
		if !ok {
			t.Fatalf("the check refused %s, the odds did not: %s", text, rec)
		}
		if names[o.Name()] <= 0 {
			t.Fatalf("%s: rolled %s (%s), which the odds give no chance", text, o.Name(), rec)
		}
	})
}
