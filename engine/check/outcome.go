package check

import "github.com/rulehost/rulehost/engine/ruleset"

// Critical says whether a roll's own rules made it a critical before the
// bands are read: a natural that succeeds or fails automatically, a botch,
// an exceptional pool, a roll-against critical.
type Critical int

// The criticals.
const (
	NoCritical Critical = iota
	CriticalSuccess
	CriticalFailure
)

// PickBand returns the index of the band a result lands in.
//
// A critical lands in its "on" band, or else in the best (for a success)
// or the worst (for a failure) band, and stays critical. Otherwise the
// number is read against the numeric bands, best first: the first whose
// atLeast it reaches, or the last. shift (+1 better, -1 worse) then moves
// it along the numeric bands, never past either end.
func PickBand(o *ruleset.Outcomes, n int, crit Critical, shift int) int {
	switch crit {
	case CriticalSuccess:
		if i := o.Band("critical-success"); i >= 0 {
			return i
		}
		for i, t := range o.Tiers {
			if t.On == "" {
				return i
			}
		}
	case CriticalFailure:
		if i := o.Band("critical-failure"); i >= 0 {
			return i
		}
		for i := len(o.Tiers) - 1; i >= 0; i-- {
			if o.Tiers[i].On == "" {
				return i
			}
		}
	}
	if shift == 0 {
		return firstBandReached(o, n)
	}
	return shiftedBand(o, n, shift)
}

// firstBandReached is shiftedBand(o, n, 0) in one pass that stops at the
// band: the first numeric band whose atLeast n reaches is the one, and
// without one it is the last (TestFirstBandReached holds the two alike).
// A shift is rare (outcomes.naturals "shift" on a natural 1 or 20), so
// nearly every check's band is read here.
func firstBandReached(o *ruleset.Outcomes, n int) int {
	last := -1
	for i := range o.Tiers {
		t := &o.Tiers[i]
		if t.On != "" {
			continue
		}
		if t.AtLeast != nil && n >= *t.AtLeast {
			return i
		}
		last = i
	}
	return max(last, 0)
}

// shiftedBand reads n against the numeric bands and moves the band by
// shift (see PickBand).
func shiftedBand(o *ruleset.Outcomes, n int, shift int) int {
	// The numeric bands, counted without a slice: PickBand is on the hot
	// path of Odds, which reads every total a check can make. The tiers
	// are read in place (an OutcomeTier is too large for a copy per
	// iteration to be free).
	count, pos := 0, -1
	for i := range o.Tiers {
		t := &o.Tiers[i]
		if t.On != "" {
			continue
		}
		if pos < 0 && t.AtLeast != nil && n >= *t.AtLeast {
			pos = count
		}
		count++
	}
	if count == 0 {
		return 0
	}
	if pos < 0 {
		pos = count - 1
	}
	pos = Clamp(pos-shift, 0, count-1)
	for i := range o.Tiers {
		if o.Tiers[i].On == "" {
			if pos == 0 {
				return i
			}
			pos--
		}
	}
	return 0
}

// failsWithoutRoll answers a save that a condition or an item makes fail:
// it "fails without a roll, and nothing is spent on it" (items.md,
// "Checks outside a fight"), in every kind. It writes automatic="true",
// the difficulty when the kind has read one, from= and a plain failing
// band, and reports whether it answered. Kinds call it before drawing a
// die or paying for anything.
func (c *Check) failsWithoutRoll(rung string, dc int, haveDC bool) bool {
	if c.Target.Type != "save" || !c.Effects.FailsSave {
		return false
	}
	c.Rec.Add("automatic", "true")
	c.addDifficulty(rung, dc, haveDC)
	c.Rec.Add("from", joinFrom(c.Effects.From))
	c.addOutcomeForAutoFail(c.Res.Outcomes)
	c.verdict.Automatic = true
	return true
}

// addDifficulty writes difficulty= when the check is at a named rung and
// dc= when it has a number to meet, in the order every kind's record
// keeps them.
func (c *Check) addDifficulty(rung string, dc int, haveDC bool) {
	if rung != "" {
		c.Rec.Add("difficulty", rung)
	}
	if haveDC {
		c.addInt("dc", dc)
	}
}
