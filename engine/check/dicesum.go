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
	if c.planned != nil && c.planned.Res == c.Res && c.planned.diceText != "" {
		c.Rec.Add("dice", c.planned.diceText) // the same text, written once by the plan
	} else {
		c.addText("dice", dice.Notation{Count: ds.Count, Sides: ds.Sides}.Append)
	}

	dc, haveDC, rung := c.sumDifficulty(ds.Ladder)
	if c.failsWithoutRoll(rung, dc, haveDC) {
		return
	}

	kept := c.throwKept(ds)
	modifier := c.SheetNumber()
	effects := c.rollEffects()
	total := kept.sum + modifier + effects
	c.addInt("modifier", modifier)
	c.addEffects(effects)
	c.addInt("total", total)
	c.addDifficulty(rung, dc, haveDC)
	c.readNaturals(ds, kept.faces[0])
	c.writeVerdict(c.sumDecide(ds, kept.faces[0], total, dc, haveDC))
}

// sumDecide is what a dice-sum's kept throw decides, for the roller and
// for Odds alike: first is the throw's first face (which the naturals of a
// single die read), total the throw with the modifier and effects.
func (c *Check) sumDecide(ds *ruleset.DiceSum, first, total, dc int, haveDC bool) Verdict {
	crit, shift := naturals(ds, c.Res.Outcomes, first)
	return sumVerdict(c.Res.Outcomes, total, dc, haveDC, crit, shift)
}

// throwKept throws the dice once, or twice with advantage or disadvantage
// (only when the ruleset offers it), and keeps the higher or lower throw.
// It writes mode=, rolls= (every face, in order), kept= and openEnded=.
func (c *Check) throwKept(ds *ruleset.DiceSum) sumThrow {
	mode := c.sumMode(ds)
	room := ds.Count + 1 // the dice and one open-ended die; more grows onto the heap
	if mode != 0 {
		room *= 2 // both throws, one after the other
	}
	// The throws are filled in place (throwInto) and kept by pointer: a
	// sumThrow is large enough for its copies to show on a check's cost.
	var first, second sumThrow
	first.throwInto(c.Env.Dice, ds, c.takeFaces(room))
	kept, all := &first, first.faces
	if mode != 0 {
		// The second throw goes on in the room after the first's faces,
		// so that the two are usually one slice already (adjacent).
		second.throwInto(c.Env.Dice, ds, first.faces[len(first.faces):])
		all = adjacent(first.faces, second.faces)
		if all == nil {
			all = append(append(c.takeFaces(len(first.faces)+len(second.faces)), first.faces...), second.faces...)
		}
		if (mode > 0 && second.sum > first.sum) || (mode < 0 && second.sum < first.sum) {
			kept = &second
		}
		if mode > 0 {
			c.Rec.Add("mode", "advantage")
		} else {
			c.Rec.Add("mode", "disadvantage")
		}
	}
	c.addInts("rolls", all)
	if mode != 0 {
		c.addInts("kept", kept.faces)
	}
	if kept.chain != "" {
		c.Rec.Add("openEnded", kept.chain)
	}
	return *kept
}

// adjacent is a and b as one slice when b starts right where a ends in
// the same storage (two throws one after the other in the check's
// scratch, neither grown onto the heap), nil otherwise: then rolls=
// needs no copy of the faces.
func adjacent(a, b []int) []int {
	if len(a) == 0 || len(b) == 0 || cap(a) < len(a)+len(b) {
		return nil
	}
	joined := a[:len(a)+len(b)]
	if &joined[len(a)] != &b[0] {
		return nil
	}
	return joined
}

// sumMode is +1 (advantage), -1 (disadvantage) or 0: the tag's mode= and
// effects (see Mode), only when the ruleset offers advantage.
func (c *Check) sumMode(ds *ruleset.DiceSum) int {
	mode := c.Mode()
	if !ds.Advantage {
		// Only the GM's own mode= is a tag attribute the check did not
		// use; advantage from an effect is simply not offered here.
		c.ignoreGiven(keyMode)
		mode = 0
	}
	return mode
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

// readNaturals writes natural= and unmodified= for a single die's first
// face (see naturals).
func (c *Check) readNaturals(ds *ruleset.DiceSum, first int) {
	if ds.Count != 1 {
		return
	}
	crit, shift := naturals(ds, c.Res.Outcomes, first)
	switch {
	case (crit != NoCritical || shift != 0) && first == ds.Sides:
		c.Rec.Add("natural", "max")
	case crit != NoCritical || shift != 0:
		c.Rec.Add("natural", "min")
	}
	for _, u := range ds.Unmodified {
		if u == first {
			c.addInt("unmodified", u)
		}
	}
}

// naturals reads a single die's first face: an automatic critical under
// resolution.naturals, or a one-band shift under outcomes.naturals "shift"
// (import validation keeps the two apart).
func naturals(ds *ruleset.DiceSum, o *ruleset.Outcomes, first int) (Critical, int) {
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
	if o != nil && o.Naturals == "shift" {
		switch {
		case max:
			shift = 1
		case min:
			shift = -1
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

// addOutcomeForAutoFail writes the verdict of a check failed without a
// roll (see autoFailVerdict).
func (c *Check) addOutcomeForAutoFail(o *ruleset.Outcomes) {
	c.writeVerdict(autoFailVerdict(o))
}

// sumDifficulty reads dc= and difficulty= for kinds whose rungs carry a dc:
// a dc= wins for the number; a rung named alone gives its dc.
func (c *Check) sumDifficulty(ladder []ruleset.Rung) (dc int, ok bool, rung string) {
	if name, has := c.get(keyDifficulty); has {
		if r, found := ruleset.FindRung(ladder, name); found {
			dc, ok, rung = r.DC, true, r.Label
		} else {
			c.ignore("difficulty")
		}
	}
	if n, has := c.intK(keyDc); has {
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

// throwInto throws the kind's dice once into t. An open-ended die rolls
// again on high (adding) and on low (subtracting, the subtracted rolls
// chaining on high), at most MaxOpenEndedDice dice in all. The faces are
// appended to faces (empty, from the check's scratch storage).
func (t *sumThrow) throwInto(s dice.Stream, ds *ruleset.DiceSum, faces []int) {
	sum := 0
	for i := 0; i < ds.Count; i++ {
		f := s.Roll(ds.Sides)
		faces = append(faces, f)
		sum += faceValue(ds, f)
	}
	t.faces, t.sum, t.chain = faces, sum, ""
	oe := ds.OpenEnded
	if oe == nil || ds.Count != 1 {
		return
	}
	sign := openEndedSign(oe, t.faces[0])
	switch sign {
	case 1:
		t.chain = "high"
	case -1:
		t.chain = "low"
	}
	for sign != 0 && len(t.faces) < ruleset.MaxOpenEndedDice {
		f := s.Roll(ds.Sides)
		t.faces = append(t.faces, f)
		t.sum += sign * f
		if !chainGoesOn(oe, f) {
			break
		}
	}
}

// openEndedSign is +1 when an open-ended die's first face chains on high
// (the chain is added), -1 on low (subtracted), 0 when it does not chain.
func openEndedSign(oe *ruleset.OpenEnded, first int) int {
	switch {
	case oe.High != 0 && first >= oe.High:
		return 1
	case oe.Low != 0 && first <= oe.Low:
		return -1
	}
	return 0
}

// chainGoesOn reports whether a chained die's face rolls again: on high,
// whichever way the chain counts.
func chainGoesOn(oe *ruleset.OpenEnded, f int) bool {
	return oe.High != 0 && f >= oe.High
}

func faceValue(ds *ruleset.DiceSum, face int) int {
	if ds.Faces != nil {
		return ds.Faces[face-1]
	}
	return face
}
