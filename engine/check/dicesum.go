package check

import (
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// resolveDiceSum rolls a dice-sum check.
//
// Draw order: the first throw's dice in order (an open-ended die's chain
// right after it), then, with advantage or disadvantage, the second throw
// the same way, then each effect die (adding ones first, then subtracting
// ones) in the order the effects were gathered.
//
// The total is the kept throw plus the sheet number plus effects. A save
// that an effect fails is answered without rolling (automatic="true").
func resolveDiceSum(c *Check) {
	ds := c.Res.DiceSum
	c.Rec.Add("resolution", "sum")
	c.Rec.Add("dice", dice.Notation{Count: ds.Count, Sides: ds.Sides}.String())

	dc, haveDC, rung := c.sumDifficulty(ds.Ladder)
	if c.failsWithoutRoll(rung, dc, haveDC) {
		return
	}

	kept := c.throwKept(ds)
	modifier := c.SheetNumber()
	effects := c.rollEffects()
	total := kept.sum + modifier + effects
	c.Rec.AddInt("modifier", modifier)
	c.addEffects(effects)
	c.Rec.AddInt("total", total)
	c.addDifficulty(rung, dc, haveDC)
	crit, shift := c.readNaturals(ds, kept.faces[0])
	c.sumOutcome(total, dc, haveDC, crit, shift)
}

// throwKept throws the dice once, or twice with advantage or disadvantage
// (only when the ruleset offers it), and keeps the higher or lower throw.
// It writes mode=, rolls= (every face, in order), kept= and openEnded=.
func (c *Check) throwKept(ds *ruleset.DiceSum) sumThrow {
	mode := c.Mode()
	if !ds.Advantage {
		// Only the GM's own mode= is a tag attribute the check did not
		// use; advantage from an effect is simply not offered here.
		c.ignoreGiven("mode")
		mode = 0
	}
	first := throwSum(c.Env.Dice, ds)
	kept, all := first, first.faces
	if mode != 0 {
		second := throwSum(c.Env.Dice, ds)
		all = append(append([]int{}, first.faces...), second.faces...)
		if (mode > 0 && second.sum > first.sum) || (mode < 0 && second.sum < first.sum) {
			kept = second
		}
		if mode > 0 {
			c.Rec.Add("mode", "advantage")
		} else {
			c.Rec.Add("mode", "disadvantage")
		}
	}
	c.Rec.AddInts("rolls", all)
	if mode != 0 {
		c.Rec.AddInts("kept", kept.faces)
	}
	if kept.chain != "" {
		c.Rec.Add("openEnded", kept.chain)
	}
	return kept
}

// rollEffects is what effects add to a sum: their flat number, plus their
// dice, minus their subtracting dice, rolled in that order.
func (c *Check) rollEffects() int {
	n := c.Effects.Flat
	for _, d := range c.Effects.Dice {
		_, t := d.Roll(c.Env.Dice)
		n += t
	}
	for _, d := range c.Effects.MinusDice {
		_, t := d.Roll(c.Env.Dice)
		n -= t
	}
	return n
}

// readNaturals reads a single die's first face: an automatic critical
// under resolution.naturals, or a one-band shift under outcomes.naturals
// "shift" (import validation keeps the two apart), and the unmodified
// faces the ruleset flags. It writes natural= and unmodified=.
func (c *Check) readNaturals(ds *ruleset.DiceSum, first int) (Critical, int) {
	if ds.Count != 1 {
		return NoCritical, 0
	}
	max, min := first == ds.Sides, first == 1
	crit, shift := NoCritical, 0
	switch ds.Naturals {
	case "both":
		crit = naturalCrit(max, min)
	case "max-only":
		crit = naturalCrit(max, false)
	case "min-only":
		crit = naturalCrit(false, min)
	}
	if o := c.Res.Outcomes; o != nil && o.Naturals == "shift" {
		switch {
		case max:
			shift = 1
		case min:
			shift = -1
		}
	}
	switch {
	case (crit != NoCritical || shift != 0) && max:
		c.Rec.Add("natural", "max")
	case crit != NoCritical || shift != 0:
		c.Rec.Add("natural", "min")
	}
	for _, u := range ds.Unmodified {
		if u == first {
			c.Rec.AddInt("unmodified", u)
		}
	}
	return crit, shift
}

func naturalCrit(max, min bool) Critical {
	switch {
	case max:
		return CriticalSuccess
	case min:
		return CriticalFailure
	}
	return NoCritical
}

// sumOutcome reads the bands (by margin or total) or the plain comparison.
func (c *Check) sumOutcome(total, dc int, haveDC bool, crit Critical, shift int) {
	o := c.Res.Outcomes
	success := haveDC && total >= dc
	switch crit {
	case CriticalSuccess:
		success = true
	case CriticalFailure:
		success = false
	}
	if o == nil {
		c.addOutcome(nil, -1, success, crit, haveDC || crit != NoCritical)
		return
	}
	n := total
	if o.By == "margin" {
		if !haveDC && crit == NoCritical {
			return // nothing to measure the margin from
		}
		n = total - dc
	}
	c.addOutcome(o, PickBand(o, n, crit, shift), success, crit, true)
}

func (c *Check) addOutcomeForAutoFail(o *ruleset.Outcomes) {
	if o == nil {
		c.Rec.AddBool("success", false)
		return
	}
	// A save failed without a roll is a plain failure, not a fumble: it
	// lands in the best failing band read from the number that is not
	// critical, or, when every failing band is critical, the worst band.
	band := -1
	for i, t := range o.Tiers {
		if t.On == "" && !t.Success && !t.Critical {
			band = i
			break
		}
	}
	if band < 0 {
		for i := len(o.Tiers) - 1; i >= 0; i-- {
			if o.Tiers[i].On == "" {
				band = i
				break
			}
		}
	}
	c.addOutcome(o, band, false, NoCritical, true)
}

// sumDifficulty reads dc= and difficulty= for kinds whose rungs carry a dc:
// a dc= wins for the number; a rung named alone gives its dc.
func (c *Check) sumDifficulty(ladder []ruleset.Rung) (dc int, ok bool, rung string) {
	if name, has := c.Tag.Get("difficulty"); has {
		if r, found := ruleset.FindRung(ladder, name); found {
			dc, ok, rung = r.DC, true, r.Label
		} else {
			c.ignore("difficulty")
		}
	}
	if n, has := c.Int("dc"); has {
		dc, ok = Clamp(n, -1000, 10000), true
	}
	return dc, ok, rung
}

func joinFrom(from []string) string {
	s := ""
	for i, f := range from {
		if i > 0 {
			s += ", "
		}
		s += f
	}
	return s
}

// sumThrow is one throw of a dice-sum's dice.
type sumThrow struct {
	faces []int
	sum   int
	chain string // "high" or "low" when an open-ended die chained
}

// throwSum throws the kind's dice once. An open-ended die rolls again on
// high (adding) and on low (subtracting, the subtracted rolls chaining on
// high), at most MaxOpenEndedDice dice in all.
func throwSum(s dice.Stream, ds *ruleset.DiceSum) sumThrow {
	t := sumThrow{faces: make([]int, 0, ds.Count+1)}
	for i := 0; i < ds.Count; i++ {
		f := s.Roll(ds.Sides)
		t.faces = append(t.faces, f)
		t.sum += faceValue(ds, f)
	}
	oe := ds.OpenEnded
	if oe == nil || ds.Count != 1 {
		return t
	}
	first := t.faces[0]
	sign := 0
	switch {
	case oe.High != 0 && first >= oe.High:
		sign, t.chain = 1, "high"
	case oe.Low != 0 && first <= oe.Low:
		sign, t.chain = -1, "low"
	}
	for sign != 0 && len(t.faces) < ruleset.MaxOpenEndedDice {
		f := s.Roll(ds.Sides)
		t.faces = append(t.faces, f)
		t.sum += sign * f
		if oe.High == 0 || f < oe.High {
			break
		}
	}
	return t
}

func faceValue(ds *ruleset.DiceSum, face int) int {
	if ds.Faces != nil {
		return ds.Faces[face-1]
	}
	return face
}
