package check_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// kStatSeeds is how many seeded checks each statistical test rolls.
const kStatSeeds = 20000

// kFrequencies rolls a tag on seeds 0..kStatSeeds-1 and counts each value
// of key (outcome=, success=, ...).
func kFrequencies(t *testing.T, rs *ruleset.Ruleset, ch *sheet.Character, tagText string, keys ...string) map[string]int {
	t.Helper()
	tg, err := tag.Parse(tagText)
	if err != nil {
		t.Fatal(err)
	}
	stream := &dice.Seeded{}
	env := &check.Env{RS: rs, Char: ch, Dice: stream}
	counts := map[string]int{}
	for seed := 0; seed < kStatSeeds; seed++ {
		stream.Reset(uint64(seed), 7, 0)
		r := check.Resolve(env, tg).Record
		for _, k := range keys {
			v, _ := r.Get(k)
			counts[k+"="+v]++
		}
	}
	return counts
}

// kWithin checks a frequency against an exact probability: within four
// standard errors, and exactly zero for an impossible result.
func kWithin(t *testing.T, what string, got int, p float64) {
	t.Helper()
	f := float64(got) / kStatSeeds
	if p == 0 {
		if got != 0 {
			t.Errorf("%s: %d of %d, but it cannot happen", what, got, kStatSeeds)
		}
		return
	}
	se := math.Sqrt(p * (1 - p) / kStatSeeds)
	if math.Abs(f-p) > 4*se {
		t.Errorf("%s: frequency %.4f, exact %.4f (%.1f standard errors off)", what, f, p, math.Abs(f-p)/se)
	}
}

// TestStatsBladesTiers: Blades outcome tiers for 0 to 6 dice, the 0 row
// through lowest-of-two, against exact enumeration of every throw.
func TestStatsBladesTiers(t *testing.T) {
	rs, _ := loadPair(t, "blades", "cutter.json")
	ch := loadChar(t, rs, `{"name": "Stats", "skills": {"hunt": "rating_1", "study": "rating_2", "survey": "rating_3", "tinker": "rating_4"}}`)
	tags := []string{
		`[skill_check: skill="Prowl"]`,
		`[skill_check: skill="Hunt"]`,
		`[skill_check: skill="Study"]`,
		`[skill_check: skill="Survey"]`,
		`[skill_check: skill="Tinker"]`,
		`[skill_check: skill="Tinker" bonus="+1"]`,
		`[skill_check: skill="Tinker" bonus="+2"]`,
	}
	for n, tg := range tags {
		exact := bladesExact(n)
		got := kFrequencies(t, rs, ch, tg, "outcome")
		for _, band := range []string{"Critical", "Full success", "Partial success", "Bad outcome"} {
			kWithin(t, fmt.Sprintf("%d dice, %s", n, band), got["outcome="+band], exact[band])
		}
	}
}

// bladesExact enumerates every throw of n d6 (two, keeping the lower, for
// n = 0) and returns each band's probability.
func bladesExact(n int) map[string]float64 {
	out := map[string]float64{}
	dice := n
	if n == 0 {
		dice = 2
	}
	total := int(math.Pow(6, float64(dice)))
	for i := 0; i < total; i++ {
		x, hi, lo, sixes := i, 0, 7, 0
		for d := 0; d < dice; d++ {
			f := x%6 + 1
			x /= 6
			hi, lo = max(hi, f), min(lo, f)
			if f == 6 {
				sixes++
			}
		}
		read := hi
		if n == 0 {
			read = lo
		}
		switch {
		case n > 0 && sixes >= 2:
			out["Critical"]++
		case read == 6:
			out["Full success"]++
		case read >= 4:
			out["Partial success"]++
		default:
			out["Bad outcome"]++
		}
	}
	for k := range out {
		out[k] /= float64(total)
	}
	return out
}

// TestStatsCoCBonusPenalty: Call of Cthulhu at skill 50 with one bonus die
// and with one penalty die, every band against exact enumeration.
func TestStatsCoCBonusPenalty(t *testing.T) {
	rs, ch := loadPair(t, "coc7e", "harvey.json") // Spot Hidden 50
	for _, tens := range []int{+1, -1} {
		exact := cocExact(50, tens)
		got := kFrequencies(t, rs, ch, fmt.Sprintf(`[skill_check: skill="Spot Hidden" bonus="%+d"]`, tens), "outcome")
		for _, band := range []string{"Critical", "Extreme success", "Hard success", "Regular success", "Failure", "Fumble"} {
			kWithin(t, fmt.Sprintf("skill 50, tens %+d, %s", tens, band), got["outcome="+band], exact[band])
		}
	}
}

// cocExact enumerates the units die and two tens dice.
func cocExact(skill, tens int) map[string]float64 {
	out := map[string]float64{}
	read := func(t, u int) int {
		if v := t*10 + u; v != 0 {
			return v
		}
		return 100
	}
	for u := 0; u < 10; u++ {
		for t1 := 0; t1 < 10; t1++ {
			for t2 := 0; t2 < 10; t2++ {
				a, b := read(t1, u), read(t2, u)
				r := max(a, b)
				if tens > 0 {
					r = min(a, b)
				}
				switch {
				case r == 1:
					out["Critical"]++
				case r == 100 || (r >= 96 && skill < 50):
					out["Fumble"]++
				case r <= skill/5:
					out["Extreme success"]++
				case r <= skill/2:
					out["Hard success"]++
				case r <= skill:
					out["Regular success"]++
				default:
					out["Failure"]++
				}
			}
		}
	}
	for k := range out {
		out[k] /= 1000
	}
	return out
}

// TestStatsGURPSSuccess: GURPS success at effective skill 10 and 14.
func TestStatsGURPSSuccess(t *testing.T) {
	rs, ch := loadPair(t, "gurps", "dai.json") // Broadsword DX-5 = 10, Lockpicking IQ+2 = 14
	for skill, name := range map[int]string{10: "Broadsword", 14: "Lockpicking"} {
		got := kFrequencies(t, rs, ch, `[skill_check: skill="`+name+`"]`, "success", "critical")
		succ, critS, critF := gurpsExact(skill)
		kWithin(t, fmt.Sprintf("skill %d success", skill), got["success=true"], succ)
		kWithin(t, fmt.Sprintf("skill %d critical success", skill), got["critical=success"], critS)
		kWithin(t, fmt.Sprintf("skill %d critical failure", skill), got["critical=failure"], critF)
	}
}

// gurpsExact enumerates 3d6 with GURPS's criticals (Basic Set p. 347-348).
func gurpsExact(skill int) (success, critS, critF float64) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				r := a + b + c
				cs := r <= 4 || (r == 5 && skill >= 15) || (r == 6 && skill >= 16)
				cf := !cs && (r == 18 || (r == 17 && skill <= 15) || r-skill >= 10)
				switch {
				case cs:
					critS++
					success++
				case cf:
					critF++
				case r <= skill:
					success++
				}
			}
		}
	}
	return success / 216, critS / 216, critF / 216
}

// TestStatsGenesys: 2 ability + 1 proficiency vs 2 difficulty, success and
// triumph rates, as a check and as roll_dice.
func TestStatsGenesys(t *testing.T) {
	rs, ch := loadPair(t, "genesys", "kira.json") // Ranged: Agility 3, Rank 1
	success, triumph := genesysExact()
	got := kFrequencies(t, rs, ch, `[skill_check: skill="Ranged" dc="2"]`, "success", "thrown")
	if got["thrown=proficiency,ability,ability,difficulty,difficulty"] != kStatSeeds {
		t.Fatalf("want 1 proficiency, 2 ability, 2 difficulty on every check; got %v", got)
	}
	kWithin(t, "check success", got["success=true"], success)

	tg, _ := tag.Parse(`[roll_dice: dice="2 ability 1 proficiency vs 2 difficulty"]`)
	stream := &dice.Seeded{}
	var nSuccess, nTriumph int
	for seed := 0; seed < kStatSeeds; seed++ {
		stream.Reset(uint64(seed), 3, 1)
		r := check.RollDice(rs, tg, stream)
		if r.Value("success") == "true" {
			nSuccess++
		}
		if containsField(r.Value("symbols"), "t") {
			nTriumph++
		}
	}
	kWithin(t, "roll_dice success", nSuccess, success)
	kWithin(t, "roll_dice triumph", nTriumph, triumph)
}

func containsField(symbols, id string) bool {
	for i := 0; i < len(symbols); i++ {
		if symbols[i] >= 'a' && symbols[i] <= 'z' {
			j := i
			for j < len(symbols) && symbols[j] != ' ' {
				j++
			}
			if symbols[i:j] == id {
				return true
			}
			i = j
		}
	}
	return false
}

// genesysExact enumerates every face of 2 ability, 1 proficiency and 2
// difficulty dice (Genesys Core Rulebook p. 10-12).
func genesysExact() (success, triumph float64) {
	ability := []int{0, 1, 1, 2, 0, 0, 1, 0}          // successes per face
	prof := []int{0, 1, 1, 2, 2, 0, 1, 1, 1, 0, 0, 1} // a triumph (face 12) also counts as a success
	diff := []int{0, 1, 2, 0, 0, 0, 0, 1}             // failures per face
	var n float64
	for _, a1 := range ability {
		for _, a2 := range ability {
			for pi, p := range prof {
				for _, d1 := range diff {
					for _, d2 := range diff {
						n++
						if a1+a2+p-d1-d2 >= 1 {
							success++
						}
						if pi == 11 {
							triumph++
						}
					}
				}
			}
		}
	}
	return success / n, triumph / n
}
