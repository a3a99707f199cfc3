package check

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/tag"
)

const poolStatSeeds = 20000

// poolStatConfig is a pool whose net successes are compared with the
// exact distribution.
type poolStatConfig struct {
	name    string
	dice    int
	target  int
	explode int // 0: none
	cancel  int // 0: none
	reroll  int // upTo; 0: none
	until   bool
}

func (p poolStatConfig) ruleset() string {
	var keys []string
	keys = append(keys, fmt.Sprintf(`"target": { "default": %d }`, p.target))
	if p.explode != 0 {
		keys = append(keys, fmt.Sprintf(`"explode": { "from": %d }`, p.explode))
	}
	if p.cancel != 0 {
		keys = append(keys, fmt.Sprintf(`"cancel": { "upTo": %d }`, p.cancel))
	}
	if p.reroll != 0 {
		mode := "once"
		if p.until {
			mode = "until"
		}
		keys = append(keys, fmt.Sprintf(`"reroll": [{ "id": "r", "upTo": %d, "mode": %q }]`, p.reroll, mode))
	}
	return `{"id": "stats", "name": "Stats",
	  "abilities": [{ "id": "grit", "label": "Grit", "max": 20 }],
	  "skills": [{ "id": "dig", "label": "Dig", "ability": "grit" }],
	  "resolution": { "kind": "dice-pool", "die": { "sides": 10 }, "abilityModifier": { "op": "identity" },
	    "proficiencyTiers": [{ "id": "r0", "label": "0" }], "pool": { "min": 0, "max": 10 }, ` + strings.Join(keys, ", ") + `}}`
}

// exact computes the distribution of net successes by dynamic programming
// over the dice in draw order: the starting dice (their faces as the
// reroll leaves them), then the extra dice (plain faces), each face
// adding a success at or above the target, a cancellation at or below
// cancel, and an extra die at or above explode while fewer than pool.max
// (10) extra dice have been thrown. The "until" cap of a hundred rerolls
// is left out: it changes the odds by less than 1e-90.
func (p poolStatConfig) exact() map[int]float64 {
	const sides, maxExtra = 10, 10
	plain := make([]float64, sides+1)
	for f := 1; f <= sides; f++ {
		plain[f] = 1.0 / sides
	}
	start := append([]float64{}, plain...)
	if p.reroll != 0 {
		low := float64(p.reroll) / sides
		for f := 1; f <= sides; f++ {
			switch {
			case p.until && f <= p.reroll:
				start[f] = 0
			case p.until:
				start[f] = plain[f] / (1 - low)
			case f <= p.reroll:
				start[f] = low * plain[f]
			default:
				start[f] = plain[f] + low*plain[f]
			}
		}
	}
	type state struct{ startLeft, extraLeft, used, d int }
	cur := map[state]float64{{p.dice, 0, 0, 0}: 1}
	out := map[int]float64{}
	for len(cur) > 0 {
		next := map[state]float64{}
		for s, pr := range cur {
			if s.startLeft == 0 && s.extraLeft == 0 {
				net := s.d
				if net < 0 {
					net = 0
				}
				out[net] += pr
				continue
			}
			faces := plain
			ns := s
			if s.startLeft > 0 {
				faces = start
				ns.startLeft--
			} else {
				ns.extraLeft--
			}
			for f := 1; f <= sides; f++ {
				if faces[f] == 0 {
					continue
				}
				x := ns
				if f >= p.target {
					x.d++
				}
				if f <= p.cancel {
					x.d--
				}
				if p.explode != 0 && f >= p.explode && x.used < maxExtra {
					x.used++
					x.extraLeft++
				}
				next[x] += pr * faces[f]
			}
		}
		cur = next
	}
	return out
}

// TestPoolStatistics rolls each pool over 20,000 seeds through the whole
// check (tag to record) and holds the frequency of every number of net
// successes within 4 standard errors of the exact probability. Outcomes
// too rare to judge alone (fewer than 20 expected) are pooled into the
// nearest bin toward the middle.
func TestPoolStatistics(t *testing.T) {
	for _, p := range []poolStatConfig{
		{name: "exploding cancelling", dice: 10, target: 7, explode: 10, cancel: 1},
		{name: "rerolling once cancelling", dice: 10, target: 7, cancel: 1, reroll: 2},
		{name: "exploding cancelling rerolling until", dice: 10, target: 8, explode: 9, cancel: 1, reroll: 1, until: true},
		{name: "exploding from 7 hits the extra-dice cap", dice: 10, target: 6, explode: 7, cancel: 2},
	} {
		t.Run(p.name, func(t *testing.T) {
			rs := poolInline(t, p.ruleset())
			ch := poolInlineChar(t, rs, fmt.Sprintf(`{"name": "Stat", "abilities": {"grit": %d}}`, p.dice))
			text := `[skill_check: skill="Dig"`
			if p.reroll != 0 {
				text += ` reroll="r"`
			}
			tg, err := tag.Parse(text + `]`)
			if err != nil {
				t.Fatal(err)
			}
			s := dice.New(0, 0, 0)
			env := &Env{RS: rs, Char: ch, Dice: s}
			counts := map[int]int{}
			for seed := 1; seed <= poolStatSeeds; seed++ {
				s.Reset(uint64(seed), 0, 0)
				n, ok := Resolve(env, tg).Record.Int("successes")
				if !ok {
					t.Fatalf("seed %d: no successes", seed)
				}
				counts[n]++
			}
			poolCompare(t, counts, p.exact())
		})
	}
}

func poolCompare(t *testing.T, counts map[int]int, exact map[int]float64) {
	t.Helper()
	total := 0.0
	var keys []int
	for k, pr := range exact {
		total += pr
		keys = append(keys, k)
	}
	if math.Abs(total-1) > 1e-9 {
		t.Fatalf("exact distribution sums to %v", total)
	}
	for k := range counts {
		if _, ok := exact[k]; !ok {
			t.Fatalf("%d net successes observed %d times, but the exact distribution says it cannot happen", k, counts[k])
		}
	}
	sort.Ints(keys)
	// Pool rare outcomes into bins worth judging.
	type bin struct {
		lo, hi int
		p      float64
		n      int
	}
	var bins []bin
	mode := keys[0]
	for _, k := range keys {
		if exact[k] > exact[mode] {
			mode = k
		}
	}
	n := float64(poolStatSeeds)
	add := func(ks []int) {
		var cur *bin
		for _, k := range ks {
			if cur == nil {
				bins = append(bins, bin{lo: k, hi: k})
				cur = &bins[len(bins)-1]
			}
			cur.p += exact[k]
			cur.n += counts[k]
			if k < cur.lo {
				cur.lo = k
			}
			if k > cur.hi {
				cur.hi = k
			}
			if cur.p*n >= 20 {
				cur = nil
			}
		}
	}
	var below, above []int
	for i := len(keys) - 1; i >= 0; i-- {
		if keys[i] < mode {
			below = append(below, keys[i])
		}
	}
	for _, k := range keys {
		if k >= mode {
			above = append(above, k)
		}
	}
	// Walk inward from each tail so the rare outcomes pool together.
	reverse := func(a []int) []int {
		out := make([]int, len(a))
		for i := range a {
			out[i] = a[len(a)-1-i]
		}
		return out
	}
	add(reverse(below))
	add(reverse(above))
	for _, b := range bins {
		want := b.p * n
		se := math.Sqrt(n * b.p * (1 - b.p))
		if diff := math.Abs(float64(b.n) - want); diff > 4*se {
			t.Errorf("net successes %d..%d: observed %d, expected %.1f (4 SE = %.1f)", b.lo, b.hi, b.n, want, 4*se)
		}
	}
}
