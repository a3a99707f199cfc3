package check_test

import (
	"math"
	"strconv"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// statSeeds is how many seeded checks each statistical test rolls.
const statSeeds = 20000

// statRoll answers tagText once per seed on dice.New(seed, 0, 0) and
// counts the value key takes.
func statRoll(t *testing.T, rs *ruleset.Ruleset, ch *sheet.Character, tagText, key string) map[string]int {
	t.Helper()
	tg, err := tag.Parse(tagText)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for seed := uint64(0); seed < statSeeds; seed++ {
		rec := check.Resolve(&check.Env{RS: rs, Char: ch, Dice: dice.New(seed, 0, 0)}, tg).Record
		v, ok := rec.Get(key)
		if !ok {
			t.Fatalf("seed %d: no %s in %s", seed, key, rec)
		}
		counts[v]++
	}
	return counts
}

// statCompare holds every observed frequency within 4 standard errors of
// its exact probability, and refuses values the exact law never gives.
func statCompare(t *testing.T, counts map[string]int, exact map[string]float64) {
	t.Helper()
	for v, p := range exact {
		freq := float64(counts[v]) / statSeeds
		se := math.Sqrt(p * (1 - p) / statSeeds)
		if math.Abs(freq-p) > 4*se {
			t.Errorf("%s: frequency %.4f, exact %.4f (4 SE = %.4f)", v, freq, p, 4*se)
		}
	}
	for v, n := range counts {
		if _, ok := exact[v]; !ok {
			t.Errorf("%s came up %d times but is impossible", v, n)
		}
	}
}

// TestFateOddsAreExact: 4dF written as { count 4, sides 3, faces [-1,0,1] }
// gives Fate's odds, computed by enumerating the 81 throws.
func TestFateOddsAreExact(t *testing.T) {
	rs, ch := loadPair(t, "fate", "mediocre.json")
	exact := map[string]float64{}
	faces := []int{-1, 0, 1}
	for _, a := range faces {
		for _, b := range faces {
			for _, c := range faces {
				for _, d := range faces {
					exact[strconv.Itoa(a+b+c+d)] += 1.0 / 81
				}
			}
		}
	}
	if math.Abs(exact["0"]-19.0/81) > 1e-12 || math.Abs(exact["4"]-1.0/81) > 1e-12 {
		t.Fatalf("enumeration is wrong: %v", exact)
	}
	statCompare(t, statRoll(t, rs, ch, `[skill_check: skill="Notice"]`, "total"), exact)
}

// fiveEBand is the 5e ruleset's bands read independently of the engine:
// by margin at 10, 0 and -9, then a natural 20 one band better and a
// natural 1 one band worse, never past the ends.
func fiveEBand(face, modifier, dc int) string {
	labels := []string{"Critical success", "Success", "Failure", "Critical failure"}
	margin := face + modifier - dc
	band := 3
	switch {
	case margin >= 10:
		band = 0
	case margin >= 0:
		band = 1
	case margin >= -9:
		band = 2
	}
	if face == 20 && band > 0 {
		band--
	}
	if face == 1 && band < 3 {
		band++
	}
	return labels[band]
}

// TestFiveEOutcomeOdds: each 5e outcome band comes up with its exact
// probability, from the d20 enumerated with the shift rule.
func TestFiveEOutcomeOdds(t *testing.T) {
	rs, ch := loadPair(t, "d20-5e", "ada.json") // Athletics: Str 14 (+2), proficient (+3)
	const modifier, dc = 5, 15
	t.Run("one d20", func(t *testing.T) {
		exact := map[string]float64{}
		for f := 1; f <= 20; f++ {
			exact[fiveEBand(f, modifier, dc)] += 1.0 / 20
		}
		statCompare(t, statRoll(t, rs, ch, `[skill_check: skill="Athletics" dc="15"]`, "outcome"), exact)
	})
	t.Run("advantage", func(t *testing.T) {
		exact := map[string]float64{}
		for a := 1; a <= 20; a++ {
			for b := 1; b <= 20; b++ {
				exact[fiveEBand(max(a, b), modifier, dc)] += 1.0 / 400
			}
		}
		statCompare(t, statRoll(t, rs, ch, `[skill_check: skill="Athletics" dc="15" mode="advantage"]`, "outcome"), exact)
	})
	t.Run("the modifier the enumeration assumes", func(t *testing.T) {
		wantAttrs(t, rollFaces(t, rs, ch, `[skill_check: skill="Athletics" dc="15"]`, 10), "modifier=5", "outcome=Success")
	})
}
