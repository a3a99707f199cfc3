package odds_test

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// pathStream replays a prefix of faces, then draws 1s, noting the sides
// of every draw: one run of a check is one path through its dice.
type pathStream struct {
	faces, sides []int
	pos          int
}

func (s *pathStream) Roll(sides int) int {
	if s.pos < len(s.faces) {
		s.sides[s.pos] = sides
		f := s.faces[s.pos]
		s.pos++
		return f
	}
	s.faces = append(s.faces, 1)
	s.sides = append(s.sides, sides)
	s.pos++
	return 1
}

// bruteOdds resolves a check on every sequence of faces it can draw, each
// with its exact probability (the product of 1/sides), and sums them per
// outcome as big rationals: the roller itself, exhausted.
func bruteOdds(t *testing.T, env *check.Env, tg tag.Tag, limit int) map[string]*big.Rat {
	t.Helper()
	out := map[string]*big.Rat{}
	var prefix []int
	for n := 0; ; n++ {
		if n > limit {
			t.Fatalf("more than %d paths", limit)
		}
		s := &pathStream{faces: append([]int(nil), prefix...), sides: make([]int, len(prefix))}
		e := *env
		e.Dice = s
		rec := check.Resolve(&e, tg).Record
		o, ok := odds.FromRecord(rec)
		if !ok {
			t.Fatalf("refused: %s", rec)
		}
		den := big.NewInt(1)
		for _, sd := range s.sides[:s.pos] {
			den.Mul(den, big.NewInt(int64(max(sd, 1))))
		}
		p := new(big.Rat).SetFrac(big.NewInt(1), den)
		if out[o.Name()] == nil {
			out[o.Name()] = new(big.Rat)
		}
		out[o.Name()].Add(out[o.Name()], p)
		// The next path: raise the last face that can go higher.
		faces, sides := s.faces[:s.pos], s.sides[:s.pos]
		j := len(faces) - 1
		for j >= 0 && faces[j] >= sides[j] {
			j--
		}
		if j < 0 {
			return out
		}
		prefix = append(append(prefix[:0], faces[:j]...), faces[j]+1)
	}
}

// TestOddsEqualExhaustedRoller: on checks small enough to roll every
// sequence of faces, the odds equal the roller's own exact frequencies
// within the error bound, including the engine's caps: an open-ended
// chain stopped at MaxOpenEndedDice, an "until" reroll stopped at
// MaxRerolls, explosions stopped at pool.max, tens dice, dark dice and
// symbol dice.
func TestOddsEqualExhaustedRoller(t *testing.T) {
	type bcase struct {
		name, rs, sheet, tag string
		limit                int
	}
	poolRS := `{"abilities": [{"id": "a", "label": "A"}], "skills": [{"id": "s", "label": "S", "ability": "a"}],
		"resolution": {"kind": "dice-pool", "die": {"sides": %s}, "abilityModifier": {"op": "identity"}, "proficiencyTiers": [{"id": "t0", "label": "T0"}],
		"pool": {"min": 0, "max": %s}, "target": {"default": 3}, %s}}`
	cases := []bcase{
		{name: "open-ended d4 to the 20-die cap",
			rs: `{"abilities": [{"id": "a", "label": "A"}], "skills": [{"id": "s", "label": "S", "ability": "a"}],
			"resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 4}, "openEnded": {"high": 4, "low": 1}, "abilityModifier": {"op": "identity"},
			"proficiencyTiers": [{"id": "t0", "label": "T0"}], "advantage": true}}`,
			sheet: `{"name": "X", "abilities": {"a": 0}}`, tag: `[skill_check: skill="S" dc="9" mode="advantage"]`, limit: 20000},
		{name: "until reroll to MaxRerolls",
			rs:    sprintf(poolRS, "3", "2", `"reroll": [{"id": "r", "upTo": 1, "mode": "until"}], "cancel": {"upTo": 1}, "botch": {"upTo": 1}`),
			sheet: `{"name": "X", "abilities": {"a": 2}}`, tag: `[skill_check: skill="S" reroll="r"]`, limit: 100000},
		{name: "explosions to pool.max",
			rs:    sprintf(poolRS, "4", "3", `"explode": {"from": 3}, "double": {"from": 4}, "cancel": {"upTo": 1}, "botch": {"upTo": 1, "rule": "halfOrMore"}, "exceptional": {"successes": 4}`),
			sheet: `{"name": "X", "abilities": {"a": 3}}`, tag: `[skill_check: skill="S" dc="2"]`, limit: 200000},
	}
	for _, bc := range cases {
		t.Run(bc.name, func(t *testing.T) {
			rs, err := ruleset.Load("brute.json", []byte(bc.rs), ruleset.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sh, err := sheet.Load("x.json", []byte(bc.sheet), rs)
			if err != nil {
				t.Fatal(err)
			}
			compareBrute(t, &check.Env{RS: rs, Char: sheet.New(rs, sh)}, bc.tag, bc.limit)
		})
	}
	for _, bc := range []bundledCase{
		{dir: "d20-5e", sheet: "ada.json", tag: `[skill_check: skill="Athletics" dc="15" mode="advantage"]`},
		{dir: "fate", sheet: "ren.json", tag: `[skill_check: skill="Notice" difficulty="Good"]`},
		{dir: "coc7e", sheet: "harvey.json", tag: `[skill_check: skill="Occult" difficulty="Hard" bonus="-2"]`},
		{dir: "gurps", sheet: "dai.json", tag: `[skill_check: skill="Stealth"]`},
		{dir: "trophy-dark", sheet: "hunter.json", tag: `[skill_check: skill="Fight" dark="2" dc="8"]`},
		{dir: "trophy-dark-light", sheet: "hunter.json", tag: `[skill_check: skill="Climb" dark="2"]`},
		{dir: "blades", sheet: "cutter.json", tag: `[skill_check: skill="Hunt" bonus="-1"]`},
		{dir: "genesys", sheet: "kira.json", tag: `[skill_check: skill="Ranged" dc="2"]`},
		{dir: "lasers-feelings", sheet: "varga.json", tag: `[skill_check: skill="Lasers" bonus="2"]`},
		{dir: "shadowrun", sheet: "kestrel.json", tag: `[skill_check: skill="Perception" difficulty="Average" bonus="-3"]`},
	} {
		t.Run(bc.name(), func(t *testing.T) {
			env, _ := bc.load(t)
			compareBrute(t, env, bc.tag, 200000)
		})
	}
}

func compareBrute(t *testing.T, env *check.Env, text string, limit int) {
	t.Helper()
	tg, err := tag.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	exact := bruteOdds(t, env, tg, limit)
	r, err := odds.ForCharacter(env.RS, env.Char, tg, odds.Options{Effects: env.Effects})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, o := range r.Outcomes {
		got[o.Name()] += o.P
	}
	for name, p := range exact {
		want, _ := p.Float64()
		if math.Abs(got[name]-want) > odds.ErrorBound {
			t.Errorf("%s: odds %.17g, exhausted roller %.17g (%s)", name, got[name], want, p.RatString())
		}
	}
	for name, p := range got {
		if _, ok := exact[name]; !ok && p != 0 {
			t.Errorf("%s: odds %.17g, the roller never lands there", name, p)
		}
	}
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
