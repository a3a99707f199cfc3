package use_test

import (
	"math"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/use"
)

func mustTag(t testing.TB, s string) tag.Tag {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// within checks a frequency against p within 4.5 standard errors.
func within(t *testing.T, what string, hits, n int, p float64) {
	t.Helper()
	got := float64(hits) / float64(n)
	se := math.Sqrt(p * (1 - p) / float64(n))
	if math.Abs(got-p) > 4.5*se {
		t.Errorf("%s: %d of %d (%.4f), want %.4f ± %.4f (4.5 SE)", what, hits, n, got, p, 4.5*se)
	}
}

// TestBreaksOnFrequency spends the dawn bell's last charge on 20,000
// seeds: it breaks on atMost/die of them (1 in 20).
func TestBreaksOnFrequency(t *testing.T) {
	g := grave(t, 1)
	say(t, g, "gm", `[inventory: action="bind" item="Dawn bell" who="Maud"]`)
	say(t, g, "gm", `[inventory: action="use" item="Dawn bell" who="Maud"] [inventory: action="use" item="Dawn bell" who="Maud"]`)
	base := g.State().Party
	ring := mustTag(t, `[inventory: action="use" item="Dawn bell" who="Maud"]`)
	const n = 20000
	broke := 0
	for seed := uint64(1); seed <= n; seed++ {
		p := base.Clone()
		r := use.Answer(p, ring, items.Turn{Dice: dice.New(seed, 5, 0)})
		if r.Value("broke") == "true" {
			broke++
		} else if r.Value("broke") != "false" {
			t.Fatalf("seed %d: %s", seed, r)
		}
	}
	within(t, "breaksOn 1 on a d20", broke, n, 1.0/20)
}

// TestGatePassRate rolls Mira's Scribe gate (2d6 + 4) against 11 on
// 20,000 seeds: it passes as often as 2d6 reaches 7, 21 in 36.
func TestGatePassRate(t *testing.T) {
	s := wounds(t, 1)
	p := s.State().Party
	def := p.Def(&p.Members[0].Bag[1])
	if def == nil || def.UseDef == nil || def.UseDef.Gate == nil {
		t.Fatal("the scroll has no gate")
	}
	exact := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b+4 >= 11 {
				exact++
			}
		}
	}
	const n = 20000
	pass := 0
	for seed := uint64(1); seed <= n; seed++ {
		if use.RollGate(p, 0, def.UseDef.Gate, 11, dice.New(seed, 0, 0)).Passed {
			pass++
		}
	}
	within(t, "Scribe 2d6+4 against 11", pass, n, float64(exact)/36)
}

// TestGatePoolOdds rolls the litany page's Ward gate (dc 2 successes) for
// Ada, and for Maud with the bound dawn bell adding its die, on 20,000
// seeds each: the pass rate matches the exact odds engine/odds computes
// for the same check with the same effects.
func TestGatePoolOdds(t *testing.T) {
	g := grave(t, 1)
	say(t, g, "gm", `[inventory: action="bind" item="Dawn bell" who="Maud"]`)
	p := g.State().Party
	page := p.Def(&p.Members[0].Bag[0])
	if page == nil || page.UseDef == nil || page.UseDef.Gate == nil {
		t.Fatal("Ada's first stack is not the litany page")
	}
	for _, who := range []int{0, 1} {
		tg := mustTag(t, `[skill_check: skill="ward" dc="2"]`)
		exact, err := odds.ForCharacter(p.RS, p.Character(who), tg, odds.Options{Effects: p.Effects(who)})
		if err != nil || !exact.Exact {
			t.Fatalf("odds: %v %+v", err, exact)
		}
		const n = 20000
		pass := 0
		for seed := uint64(1); seed <= n; seed++ {
			r := use.RollGate(p, who, page.UseDef.Gate, 2, dice.New(seed, 0, 0))
			if r.Passed {
				pass++
			}
			if seed == 1 && who == 1 && r.Record.Value("from") != "Dawn bell" {
				t.Errorf("Maud's gate does not count the bound bell: %s", r.Record)
			}
		}
		t.Logf("%s: %d of %d pass, exact %.4f", p.Members[who].Name, pass, n, exact.Success)
		within(t, p.Members[who].Name+" Ward against 2", pass, n, exact.Success)
	}
}
