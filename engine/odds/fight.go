package odds

import (
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// The exact distributions a fight's forecasts are built from
// (docs/fight.md; engine/fight rolls the same rules): a summed fight's
// attack dice, a pool fight's net successes, and a damage notation.
// Each is a probability per value, the value being the index plus
// Offset.

// Dist is a discrete distribution: P[k] is the probability of Offset+k.
type Dist struct {
	Offset int
	P      []float64
}

// At is the probability of value v.
func (d Dist) At(v int) float64 {
	k := v - d.Offset
	if k < 0 || k >= len(d.P) {
		return 0
	}
	return d.P[k]
}

// Mean is the distribution's expected value.
func (d Dist) Mean() float64 {
	m := 0.0
	for k, p := range d.P {
		m += p * float64(d.Offset+k)
	}
	return m
}

// Plus is the distribution of d + b (the fight adds a weapon's bonus dice
// and plus clauses to its damage with it).
func (d Dist) Plus(b Dist) Dist {
	out := Dist{Offset: d.Offset + b.Offset, P: make([]float64, len(d.P)+len(b.P)-1)}
	for i, pa := range d.P {
		if pa == 0 {
			continue
		}
		for j, pb := range b.P {
			out.P[i+j] += pa * pb
		}
	}
	return out
}

// SumAttack is a summed fight's attack dice: the distribution of what the
// resolution's dice are worth together, and the chances that every die
// shows its highest face (a critical) or its lowest (a fumble).
type SumAttack struct {
	Dice             Dist
	Critical, Fumble float64
}

// SummedAttack enumerates the resolution's dice (faces read through
// Faces when the dice have them).
func SummedAttack(ds *ruleset.DiceSum) SumAttack {
	one := Dist{Offset: 0}
	lo, hi := 0, 0
	vals := make([]int, ds.Sides)
	for f := 1; f <= ds.Sides; f++ {
		v := f
		if len(ds.Faces) >= f {
			v = ds.Faces[f-1]
		}
		vals[f-1] = v
		if f == 1 || v < lo {
			lo = v
		}
		if f == 1 || v > hi {
			hi = v
		}
	}
	one.Offset = lo
	one.P = make([]float64, hi-lo+1)
	for _, v := range vals {
		one.P[v-lo] += 1 / float64(ds.Sides)
	}
	out := Dist{Offset: 0, P: []float64{1}}
	for range ds.Count {
		out = out.Plus(one)
	}
	edge := 1.0
	for range ds.Count {
		edge /= float64(ds.Sides)
	}
	return SumAttack{Dice: out, Critical: edge, Fumble: edge}
}

// Keep is a summed attack thrown twice, the better total kept (keep > 0,
// advantage) or the worse (keep < 0, disadvantage); keep 0 is a itself.
func (a SumAttack) Keep(keep int) SumAttack {
	if keep == 0 {
		return a
	}
	out := SumAttack{Dice: Dist{Offset: a.Dice.Offset, P: make([]float64, len(a.Dice.P))}}
	below := 0.0 // P(one throw < v)
	for k, p := range a.Dice.P {
		atMost := below + p
		if keep > 0 {
			out.Dice.P[k] = atMost*atMost - below*below
		} else {
			out.Dice.P[k] = (1-below)*(1-below) - (1-atMost)*(1-atMost)
		}
		below = atMost
	}
	if keep > 0 {
		out.Critical, out.Fumble = 1-(1-a.Critical)*(1-a.Critical), a.Fumble*a.Fumble
	} else {
		out.Critical, out.Fumble = a.Critical*a.Critical, 1-(1-a.Fumble)*(1-a.Fumble)
	}
	return out
}

// Notation is the distribution of a damage notation's dice rolled mult
// times as many (a critical doubles them), plus its modifier once.
func Notation(n dice.Notation, mult int) Dist {
	one := Dist{Offset: 1, P: make([]float64, n.Sides)}
	for i := range one.P {
		one.P[i] = 1 / float64(n.Sides)
	}
	out := Dist{Offset: n.Modifier, P: []float64{1}}
	for range min(n.Count*mult, dice.MaxDice) {
		out = out.Plus(one)
	}
	return out
}

// MaxFightDice caps one throw of a pool fight, explosions included, as
// engine/fight's roller does.
const MaxFightDice = 100

// NotationReroll is Notation with each die at or below upTo rolled again
// once, the new face standing (a weapon's rerollUpTo).
func NotationReroll(n dice.Notation, mult, upTo int) Dist {
	S := float64(n.Sides)
	one := Dist{Offset: 1, P: make([]float64, n.Sides)}
	low := float64(min(max(upTo, 0), n.Sides)) / S
	for i := range one.P {
		p := low / S
		if i+1 > upTo {
			p += 1 / S
		}
		one.P[i] = p
	}
	out := Dist{Offset: n.Modifier, P: []float64{1}}
	for range min(n.Count*mult, dice.MaxDice) {
		out = out.Plus(one)
	}
	return out
}

// poolState is one point of the pool's enumeration: dice still to throw,
// extra dice thrown, and successes less cancels so far.
type poolState struct{ pending, extra, diff int }

// PoolNet is the distribution of a pool fight's net successes: n dice of
// the pool's die at target, one extra die for each face at or above the
// explode face (at most pool.max extra, in the order thrown), one success
// taken away for each face at or below cancel.upTo that did not succeed,
// never below zero. It enumerates exactly what engine/fight's rollPool
// throws.
func PoolNet(dp *ruleset.DicePool, n, target int) Dist {
	type cat struct {
		p       float64
		diff    int
		explode bool
	}
	explodeAt, cancel := 0, 0
	if dp.Explode != nil {
		explodeAt = dp.Explode.From
	}
	if dp.Cancel != nil {
		cancel = dp.Cancel.UpTo
	}
	byKind := map[[2]int]float64{}
	for f := 1; f <= dp.Sides; f++ {
		d := 0
		switch {
		case f >= target:
			d = 1
		case f <= cancel:
			d = -1
		}
		e := 0
		if explodeAt > 0 && f >= explodeAt {
			e = 1
		}
		byKind[[2]int{d, e}] += 1 / float64(dp.Sides)
	}
	var cats []cat
	for _, d := range []int{-1, 0, 1} {
		for _, e := range []int{0, 1} {
			if p := byKind[[2]int{d, e}]; p > 0 {
				cats = append(cats, cat{p: p, diff: d, explode: e == 1})
			}
		}
	}
	n = min(max(n, 0), MaxFightDice)
	limit := min(max(dp.PoolMax, 0), MaxFightDice-n)
	cur := map[poolState]float64{{pending: n}: 1}
	final := map[int]float64{}
	for len(cur) > 0 {
		next := map[poolState]float64{}
		for s, p := range cur {
			if s.pending == 0 {
				final[max(0, s.diff)] += p
				continue
			}
			for _, c := range cats {
				t := poolState{pending: s.pending - 1, extra: s.extra, diff: s.diff + c.diff}
				if c.explode && s.extra < limit {
					t.pending++
					t.extra++
				}
				next[t] += p * c.p
			}
		}
		cur = next
	}
	hi := 0
	for k := range final {
		hi = max(hi, k)
	}
	out := Dist{P: make([]float64, hi+1)}
	for k, p := range final {
		out.P[k] = p
	}
	return out
}
