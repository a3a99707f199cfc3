package odds_test

import (
	"math"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/odds"
)

// agreeSeeds is how many seeds the agreement test rolls per case, as
// `check --repeat 20000` does (seeds 1..20000).
const agreeSeeds = 20000

// TestOddsAgreeWithRolls: for every bundled case (every native kind, every
// bundled ruleset), the exact odds agree with the frequencies of the
// check itself over 20,000 seeds, outcome by outcome, within 4.5
// standard errors (plus one roll, so that an outcome rarer than 1 in
// 20,000 may show up once). An outcome the rolls show that the odds
// give no chance fails whatever its count.
func TestOddsAgreeWithRolls(t *testing.T) {
	for _, bc := range bundledCases {
		t.Run(bc.name(), func(t *testing.T) {
			env, tg := bc.load(t)
			r, err := odds.ForCharacter(env.RS, env.Char, tg, odds.Options{Effects: env.Effects})
			if err != nil {
				t.Fatal(err)
			}
			if !r.Exact {
				t.Fatalf("native kind %s: odds not exact", env.RS.Resolution.Kind)
			}
			want := map[string]float64{}
			total := 0.0
			for _, o := range r.Outcomes {
				want[o.Name()] += o.P
				total += o.P
			}
			if math.Abs(total-1) > odds.ErrorBound {
				t.Errorf("odds sum to %.17g", total)
			}
			got := rollCounts(t, env, bc)
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s: rolled %d times, odds give it no chance", name, got[name])
				}
			}
			for name, p := range want {
				f := float64(got[name]) / agreeSeeds
				se := math.Sqrt(p * (1 - p) / agreeSeeds)
				if math.Abs(f-p) > 4.5*se+1.0/agreeSeeds {
					t.Errorf("%s: odds %.5f, rolled %.5f (%d of %d): %.1f standard errors", name, p, f, got[name], agreeSeeds, math.Abs(f-p)/se)
				}
			}
		})
	}
}

// rollCounts rolls the case on seeds 1..agreeSeeds and counts outcomes.
func rollCounts(t *testing.T, env *check.Env, bc bundledCase) map[string]int {
	t.Helper()
	_, tg := bc.load(t)
	stream := &dice.Seeded{}
	e := *env
	e.Dice = stream
	got := map[string]int{}
	for i := 0; i < agreeSeeds; i++ {
		stream.Reset(uint64(1+i), 0, 0)
		rec := check.Resolve(&e, tg).Record
		o, ok := odds.FromRecord(rec)
		if !ok {
			t.Fatalf("seed %d: %s", 1+i, rec)
		}
		got[o.Name()]++
	}
	return got
}
