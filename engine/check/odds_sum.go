package check

import (
	"sort"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// oddsDiceSum enumerates a dice-sum check: the same setup as
// resolveDiceSum, then every kept throw (sum and first face) with every
// effect total, each handed to sumDecide.
func oddsDiceSum(c *Check) *verdictDist {
	ds := c.Res.DiceSum
	dc, haveDC, rung := c.sumDifficulty(ds.Ladder)
	if c.failsWithoutRoll(rung, dc, haveDC) {
		return certain(c.verdict)
	}
	kept := keptThrows(ds, c.sumMode(ds))
	modifier := c.SheetNumber()
	effects := effectsDist(c.Effects)
	d := &verdictDist{}
	for _, k := range kept {
		for j, q := range effects.p {
			if q == 0 {
				continue
			}
			d.add(c.sumDecide(ds, k.first, k.sum+modifier+effects.lo+j, dc, haveDC), k.p*q)
		}
	}
	return d
}

// sumOutcomeKey is one throw as sumDecide reads it: its sum and, for a
// single die, its first face (0 for several dice, which have no naturals).
type sumOutcomeKey struct {
	sum, first int
	p          float64
}

// throwDist is the distribution of one throw of a dice-sum's dice (see
// sumThrow.throwInto): every sum with its first face on a single die, an
// open-ended die's chain included up to MaxOpenEndedDice dice.
func throwDist(ds *ruleset.DiceSum) []sumOutcomeKey {
	var out []sumOutcomeKey
	if ds.Count != 1 {
		s := uniformDist(ds.Sides, ds.Faces).times(ds.Count)
		for i, p := range s.p {
			if p != 0 {
				out = append(out, sumOutcomeKey{sum: s.lo + i, p: p})
			}
		}
		return out
	}
	w := 1 / float64(ds.Sides)
	var chain intDist
	if ds.OpenEnded != nil {
		chain = chainDist(ds)
	}
	out = make([]sumOutcomeKey, 0, ds.Sides+len(chain.p)*ds.Sides/4)
	for f := 1; f <= ds.Sides; f++ {
		sign := 0
		if ds.OpenEnded != nil {
			sign = openEndedSign(ds.OpenEnded, f)
		}
		if sign == 0 {
			out = append(out, sumOutcomeKey{sum: faceValue(ds, f), first: f, p: w})
			continue
		}
		for i, p := range chain.p {
			if p != 0 {
				out = append(out, sumOutcomeKey{sum: faceValue(ds, f) + sign*(chain.lo+i), first: f, p: w * p})
			}
		}
	}
	return out
}

// chainDist is the distribution of what an open-ended chain adds (or
// subtracts) once it starts: a die, and another while the last shows high,
// at most MaxOpenEndedDice dice counting the first.
func chainDist(ds *ruleset.DiceSum) intDist {
	s := ds.Sides
	w := 1 / float64(s)
	maxExtra := ruleset.MaxOpenEndedDice - 1
	// A chain stops on every face below high: those land in done over a
	// run of values, added as a difference (+p at the run's start, -p
	// past its end) and summed once at the end. The faces at or above
	// high go on (or, at the cap, stop, one value each).
	stopsBelow := s + 1
	if ds.OpenEnded.High != 0 {
		stopsBelow = ds.OpenEnded.High
	}
	diff := make([]acc, maxExtra*s+2)
	// going[x] is the chance that the chain has added x and rolls again.
	going := []float64{1}
	for d := 1; d <= maxExtra && len(going) > 0; d++ {
		next := make([]acc, len(going)+s)
		used := 0
		for x, p := range going {
			if p == 0 {
				continue
			}
			pw := p * w
			diff[x+1].add(pw)
			diff[x+stopsBelow].add(-pw)
			for f := stopsBelow; f <= s; f++ {
				if d < maxExtra {
					next[x+f].add(pw)
					used = max(used, x+f+1)
				} else {
					diff[x+f].add(pw)
					diff[x+f+1].add(-pw)
				}
			}
		}
		going = make([]float64, used)
		for x := range going {
			going[x] = next[x].value()
		}
	}
	done := make([]acc, maxExtra*s+1)
	var run acc
	for x := range done {
		run.add(diff[x].value())
		done[x] = acc{s: max(run.value(), 0)}
	}
	return fromAccs(0, done)
}

// keptThrows is the distribution of the kept throw: one throw, or with
// advantage (mode +1) the second throw when its sum is higher, else the
// first; with disadvantage the second when lower (see throwKept).
func keptThrows(ds *ruleset.DiceSum, mode int) []sumOutcomeKey {
	one := throwDist(ds)
	if mode == 0 {
		return one
	}
	// P(kept = k) = P(k) * (P(other sum <= or >= k.sum) + P(other sum < or > k.sum)).
	sums := map[int]*acc{}
	for _, k := range one {
		a := sums[k.sum]
		if a == nil {
			a = &acc{}
			sums[k.sum] = a
		}
		a.add(k.p)
	}
	order := make([]int, 0, len(sums))
	for s := range sums {
		order = append(order, s)
	}
	sort.Ints(order)
	below := make(map[int]float64, len(order)) // P(sum < s)
	above := make(map[int]float64, len(order)) // P(sum > s)
	var run acc
	for _, s := range order {
		below[s] = run.value()
		run.add(sums[s].value())
	}
	run = acc{}
	for i := len(order) - 1; i >= 0; i-- {
		above[order[i]] = run.value()
		run.add(sums[order[i]].value())
	}
	out := make([]sumOutcomeKey, len(one))
	for i, k := range one {
		eq := sums[k.sum].value()
		var other float64
		if mode > 0 {
			other = below[k.sum] + eq + below[k.sum] // first kept when second <= it; second kept when first < it
		} else {
			other = above[k.sum] + eq + above[k.sum]
		}
		out[i] = sumOutcomeKey{sum: k.sum, first: k.first, p: k.p * other}
	}
	return out
}

// effectsDist is what effects add to a sum (see rollEffects): the flat
// number, plus each die, minus each subtracting die.
func effectsDist(e Effects) intDist {
	d := point(e.Flat)
	for _, n := range e.Dice {
		d = d.plus(uniformDist(n.Sides, nil).times(n.Count).plus(point(n.Modifier)))
	}
	for _, n := range e.MinusDice {
		d = d.plus(uniformDist(n.Sides, nil).times(n.Count).plus(point(n.Modifier)).negate())
	}
	return d
}
