package check

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/tag"
)

// preparedCheck sets a bundled check up as Resolve and Odds do, without
// a die.
func preparedCheck(t *testing.T, dir, sheetFile, text string) *Check {
	t.Helper()
	rs := poolBundled(t, dir)
	ch := poolBundledChar(t, rs, dir, strings.TrimSuffix(sheetFile, ".json"))
	tg, err := tag.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	c, refusal, ok := prepare(&Env{RS: rs, Char: ch, Dice: noDraw{}}, tg)
	if !ok {
		t.Fatalf("%s: %s", text, refusal)
	}
	return c
}

// TestPoolReduceDecidesAlike: every count decides as its reduction does,
// on every bundled pool (cancels, both botch rules, exceptional, bands,
// stances, bought successes), so Odds may merge counts by reduction.
func TestPoolReduceDecidesAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct{ dir, sheet, tag string }{
		{"wod", "tomas.json", `[skill_check: skill="Investigation"]`},
		{"wod", "ilse.json", `[skill_check: skill="Brawl" use="Potence" spend="blood:2" dc="3"]`},
		{"shadowrun", "kestrel.json", `[skill_check: skill="Perception" difficulty="Hard"]`},
		{"gravewatch", "bram.json", `[skill_check: skill="Ward" spend="resolve:2"]`},
		{"lasers-feelings", "ode.json", `[skill_check: skill="Feelings" dc="2"]`},
		{"lasers-feelings", "varga.json", `[skill_check: skill="Lasers" bonus="2"]`},
	} {
		c := preparedCheck(t, tc.dir, tc.sheet, tc.tag)
		pc, rolls := c.setupPool(c.Res.DicePool)
		if !rolls {
			t.Fatalf("%s: does not roll", tc.tag)
		}
		for i := 0; i < 20000; i++ {
			cnt := poolCount{gross: rng.IntN(40), cancels: rng.IntN(20), diceSucceeded: rng.IntN(20),
				low: rng.IntN(15), lowStart: rng.IntN(15), exact: rng.IntN(5)}
			r := pc.reduce(cnt)
			if a, b := pc.decide(&cnt), pc.decide(&r); a != b {
				t.Fatalf("%s: %+v decides %+v, its reduction %+v decides %+v", tc.tag, cnt, a, r, b)
			}
		}
	}
}

// TestSymbolReduceDecidesAlike: every count of symbols decides as its
// reduction does.
func TestSymbolReduceDecidesAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rs := poolBundled(t, "genesys")
	sp := rs.Resolution.SymbolPool
	red := newSymbolReducer(sp)
	for i := 0; i < 50000; i++ {
		var raw [10]int
		for k := range sp.Symbols {
			raw[k] = rng.IntN(8)
		}
		r := red.reduce(raw)
		if a, b := symbolDecide(sp, rs.Resolution.Outcomes, &raw), symbolDecide(sp, rs.Resolution.Outcomes, &r); a != b {
			t.Fatalf("%v decides %+v, its reduction %v decides %+v", raw, a, r, b)
		}
	}
}
