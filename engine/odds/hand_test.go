package odds_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// oddsOf computes a bundled ruleset's odds for a sheet file, or for a
// sheet written inline (JSON starting with "{").
func oddsOf(t *testing.T, dir, sheetSrc, text string) odds.Result {
	t.Helper()
	rs, err := ruleset.LoadFile("../../rulesets/"+dir+"/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sh *sheet.Sheet
	if strings.HasPrefix(sheetSrc, "{") {
		sh, err = sheet.Load("inline.json", []byte(sheetSrc), rs)
	} else {
		sh, err = sheet.LoadFile("../../rulesets/"+dir+"/sheets/"+sheetSrc, rs)
	}
	if err != nil {
		t.Fatal(err)
	}
	tg, err := tag.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	r, err := odds.ForCharacter(rs, sheet.New(rs, sh), tg, odds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact {
		t.Fatalf("%s: not exact", text)
	}
	return r
}

// wantOdds compares every outcome (by Name) with its hand-computed
// probability, within the stated error bound; an outcome not listed must
// not be possible.
func wantOdds(t *testing.T, r odds.Result, success float64, want map[string]float64) {
	t.Helper()
	got := map[string]float64{}
	for _, o := range r.Outcomes {
		got[o.Name()] += o.P
	}
	for name, p := range want {
		if math.Abs(got[name]-p) > odds.ErrorBound {
			t.Errorf("%s: got %.17g, want %.17g (%s)", name, got[name], p, r.Check)
		}
	}
	for name, p := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("unexpected outcome %s (p %.6g) in %s", name, p, r.Check)
		}
	}
	if math.Abs(r.Success-success) > odds.ErrorBound {
		t.Errorf("success: got %.17g, want %.17g", r.Success, success)
	}
}

// 5e, Ada (Athletics +5) with advantage against DC 15: the kept d20 r is
// the higher of two; margin r-10. Critical success needs margin 10 (r =
// 20: 1-(19/20)^2 = 39/400); a natural 1 on the kept die (both dice 1:
// 1/400) shifts Failure to Critical failure; Success is r in 10..19
// ((19^2-9^2)/400 = 280/400); Failure r in 2..9 ((9^2-1)/400 = 80/400).
func TestHand5eAdvantageDC15(t *testing.T) {
	r := oddsOf(t, "d20-5e", "ada.json", `[skill_check: skill="Athletics" dc="15" mode="advantage"]`)
	wantOdds(t, r, 319.0/400, map[string]float64{
		"Critical success": 39.0 / 400,
		"Success":          280.0 / 400,
		"Failure":          80.0 / 400,
		"Critical failure": 1.0 / 400,
	})
}

// Fate, 4dF at Mediocre (+0) against Fair (+2): 4dF shows -4..+4 in
// 1, 4, 10, 16, 19, 16, 10, 4, 1 ways of 81. P(4dF >= +2) = 15/81: Tie at
// exactly +2 (10/81), Success at +3 or +4 (5/81), no Succeed with style
// (+5 is impossible).
func TestHandFate4dFAtLeastTwo(t *testing.T) {
	r := oddsOf(t, "fate", "mediocre.json", `[skill_check: skill="Notice" difficulty="Fair"]`)
	wantOdds(t, r, 15.0/81, map[string]float64{"Success": 5.0 / 81, "Tie": 10.0 / 81, "Fail": 66.0 / 81})
}

// World of Darkness, ten d10 at target 8, tens explode (up to pool.max
// 20 extra dice), ones cancel, a botch when no die succeeds and a one
// shows, five net successes exceptional. The botch is closed form: no
// face of 8+ among the ten starting dice (then nothing explodes) but not
// all of 2..7: 0.7^10 - 0.6^10. The other three were computed
// independently (Python, each die's explosion chain as its own
// distribution of successes and ones, 30 deep, convolved over ten dice,
// the cap ignored: reaching 20 extra dice has a chance below 1e-19).
func TestHandExplodingCancellingPool(t *testing.T) {
	r := oddsOf(t, "wod", "ilse.json", `[skill_check: skill="Brawl" bonus="4" explode="10" threshold="8"]`)
	if !strings.Contains(r.Check, `dice="10"`) {
		t.Fatalf("want a 10-die pool: %s", r.Check)
	}
	botch := math.Pow(0.7, 10) - math.Pow(0.6, 10)
	wantOdds(t, r, 0.13738684906470988+0.6571807643952504, map[string]float64{
		"Success (critical success)": 0.13738684906470988,
		"Success":                    0.6571807643952504,
		"Failure":                    0.1832314792400397,
		"Failure (critical failure)": botch,
	})
}

// Blades in the Dark, 0 to 6 dice: with n dice, a critical is two or more
// sixes, a full success exactly one six, a partial success a best die of
// 4 or 5, a bad outcome a best die of 1-3. With no dice, the lower of two
// dice: a 6 only on both (1/36), 4-5 ((3/6)^2 - (1/6)^2 = 8/36), no
// critical.
func TestHandBladesBands(t *testing.T) {
	for n := 0; n <= 6; n++ {
		rating := min(n, 4)
		sheetJSON := fmt.Sprintf(`{"name": "N", "abilities": {"insight": 1, "prowess": 1, "resolve": 1}, "skills": {"hunt": "rating_%d"}}`, rating)
		r := oddsOf(t, "blades", sheetJSON, fmt.Sprintf(`[skill_check: skill="Hunt" bonus="%d"]`, n-rating))
		if n == 0 {
			wantOdds(t, r, 9.0/36, map[string]float64{"Full success": 1.0 / 36, "Partial success": 8.0 / 36, "Bad outcome": 27.0 / 36})
			continue
		}
		nf := float64(n)
		one := nf / 6 * math.Pow(5.0/6, nf-1)
		crit := 1 - math.Pow(5.0/6, nf) - one
		want := map[string]float64{
			"Full success":    one,
			"Partial success": math.Pow(5.0/6, nf) - math.Pow(0.5, nf),
			"Bad outcome":     math.Pow(0.5, nf),
		}
		if n >= 2 {
			want["Critical"] = crit
		}
		wantOdds(t, r, 1-math.Pow(0.5, nf), want)
	}
}

// Call of Cthulhu, Spot Hidden 50 with one bonus die: the roll is the
// lower of two readings that share the units die u and take tens t1, t2
// (00 with units 0 reads 100). Critical: u=1 and a tens 0,
// 0.1*(1-0.9^2) = 0.019. Fumble (100): u=0 and both tens 0, 0.001 (96-99
// fumble only below 50). Extreme (<= 10): 0.19 in all; Hard (<= 25):
// 0.435 in all (u=1..5 three tens, u=6..9 and u=0 two: 1-(1-k/10)^2
// each); Regular (<= 50): 0.75 in all (five tens for every u).
func TestHandCoCBonusDie(t *testing.T) {
	r := oddsOf(t, "coc7e", "harvey.json", `[skill_check: skill="Spot Hidden" bonus="1"]`)
	wantOdds(t, r, 0.75, map[string]float64{
		"Critical":                  0.019,
		"Extreme success":           0.19 - 0.019,
		"Hard success":              0.435 - 0.19,
		"Regular success":           0.75 - 0.435,
		"Failure":                   0.25 - 0.001,
		"Fumble (critical failure)": 0.001,
	})
}

// GURPS, 3d6 against 12 (Lockpicking 14 at -2): 160/216 roll 12 or less;
// 3-4 are critical successes (1+3 ways), 17-18 critical failures below
// an effective 16 (3+1 ways); 13-16 plain failures (21+15+10+6 = 52).
func TestHandGURPS3d6Vs12(t *testing.T) {
	r := oddsOf(t, "gurps", "dai.json", `[skill_check: skill="Lockpicking" dc="-2"]`)
	wantOdds(t, r, 160.0/216, map[string]float64{
		"Success (critical success)": 4.0 / 216,
		"Success":                    156.0 / 216,
		"Failure":                    52.0 / 216,
		"Failure (critical failure)": 4.0 / 216,
	})
}

// Genesys, Kira's Ranged (Agility 3, rank 1: 2 ability + 1 proficiency)
// against 2 difficulty dice: of the 8*8*12*8*8 = 49,152 throws, 39,988
// leave a net success (7997/12288); a triumph shows on 1/12 of them (the
// proficiency's 12th face), with a net success on 2,925 of those 4,096
// (975/16384). Counted independently by enumerating every throw.
func TestHandGenesys(t *testing.T) {
	r := oddsOf(t, "genesys", "kira.json", `[skill_check: skill="Ranged" dc="2"]`)
	wantOdds(t, r, 7997.0/12288, map[string]float64{
		"Success":           7997.0/12288 - 975.0/16384,
		"Success (triumph)": 975.0 / 16384,
		"Failure":           1 - 7997.0/12288 - (1.0/12 - 975.0/16384),
		"Failure (triumph)": 1.0/12 - 975.0/16384,
	})
}
