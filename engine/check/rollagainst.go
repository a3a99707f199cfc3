package check

import (
	"math"
	"slices"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// resolveRollAgainst rolls a roll-against check (Call of Cthulhu, GURPS).
//
// Draw order: the dice in order. With tens dice (bonus="+N" or "-N" on a
// single d100) the d100 is drawn first and each extra tens die (a d10,
// read 0 to 9) after it; every extra die keeps the first roll's units, and
// 00 with a units 0 reads 100.
//
// The target is the sheet number (the ability, when the check names one,
// plus the per-skill bonus and adjustments; tiers add nothing) plus
// effects, divided by the named rung's divide (rounded down), then shifted
// by the rung's dc and the tag's dc=. The record's dc is that target.
func resolveRollAgainst(c *Check) {
	ra := c.Res.RollAgainst
	c.Rec.Attrs = slices.Grow(c.Rec.Attrs, 14) // room for the whole record (a no-op when record.New made it)
	c.Rec.Add("resolution", "against")
	c.addText("dice", dice.Notation{Count: ra.Count, Sides: ra.Sides}.Append)
	c.Rec.Add("against", ra.Against)
	c.ignoreGiven(keyMode) // bonus and penalty dice are tens=, not advantage
	if c.failsWithoutRoll("", 0, false) {
		return
	}
	target, rungLabel, tens := c.againstSetup(ra)
	var buf [20]int
	rolls, total := throwAgainst(c.Env.Dice, ra, tens, buf[:0])
	c.addInts("rolls", rolls)
	if tens != 0 {
		c.addSigned("tens", tens)
	}
	c.addEffects(c.Effects.Flat)
	c.addInt("total", total)
	c.addDifficulty(rungLabel, target, true)
	c.writeVerdict(againstDecide(ra, c.Res.Outcomes, total, target))
}

// againstSetup reads what a roll-against check needs before its dice, for
// the roller and Odds alike: the target, the rung and the tens dice.
func (c *Check) againstSetup(ra *ruleset.RollAgainst) (target int, rungLabel string, tens int) {
	target, rungLabel = c.againstTarget(ra)
	tens, _ = c.offeredInt(keyBonus, ra.Tens != 0, -ra.Tens, ra.Tens)
	return target, rungLabel, tens
}

// againstTarget is the number the roll is read against: the sheet number
// plus effects, divided by the rung named with difficulty= (rounded
// down), then shifted by the rung's dc and dc=. It returns the rung's
// label too.
func (c *Check) againstTarget(ra *ruleset.RollAgainst) (target int, rungLabel string) {
	number := c.againstNumber() + c.Effects.Flat
	divide, shift := 1, 0
	if name, has := c.get(keyDifficulty); has {
		if r, found := ruleset.FindRung(ra.Ladder, name); found {
			divide, shift, rungLabel = r.Divide, r.DC, r.Label
		} else {
			c.ignore("difficulty")
		}
	}
	if n, has := c.intK(keyDc); has {
		shift += Clamp(n, -100, 100)
	}
	return againstFloorDiv(number, max(divide, 1)) + shift, rungLabel
}

// throwAgainst draws the dice in the order resolveRollAgainst gives,
// appending every face to rolls, and returns them with the total read.
func throwAgainst(s dice.Stream, ra *ruleset.RollAgainst, tens int, rolls []int) ([]int, int) {
	if tens != 0 {
		return throwTens(s, tens, ra.Against == "at-most", rolls)
	}
	total := 0
	for i := 0; i < ra.Count; i++ {
		f := s.Roll(ra.Sides)
		rolls = append(rolls, f)
		total += f
	}
	return rolls, total
}

// throwTens draws a d100 and then one tens die per bonus or penalty die,
// each keeping the d100's units (00 with units 0 reads 100). The better
// roll is the lower one at-most, the higher at-least; bonus dice keep the
// better, penalty dice the worse.
func throwTens(s dice.Stream, tens int, atMost bool, rolls []int) ([]int, int) {
	first := s.Roll(100)
	units := first % 10
	rolls = append(rolls, first)
	total := first
	lower := (tens > 0) == atMost
	for i := 0; i < againstAbs(tens); i++ {
		r := tensRoll(s.Roll(10), units)
		rolls = append(rolls, r)
		total = tensKeep(total, r, lower)
	}
	return rolls, total
}

// tensRoll reads a tens die (face 1..10 as 0..9 tens) with the d100's
// units; 00 with units 0 reads 100.
func tensRoll(face, units int) int {
	r := (face-1)*10 + units
	if r == 0 {
		r = 100
	}
	return r
}

// tensKeep keeps the lower roll (lower) or the higher one.
func tensKeep(total, r int, lower bool) int {
	if (lower && r < total) || (!lower && r > total) {
		return r
	}
	return total
}

// againstDecide reads the criticals, success (at or below the target
// at-most, at or above it at-least, a critical deciding) and the band: what
// a roll-against total decides, for the roller and Odds alike.
func againstDecide(ra *ruleset.RollAgainst, o *ruleset.Outcomes, total, target int) Verdict {
	atMost := ra.Against == "at-most"
	crit := againstCritical(ra, total, target, atMost)
	success := total >= target
	if atMost {
		success = total <= target
	}
	switch crit {
	case CriticalSuccess:
		success = true
	case CriticalFailure:
		success = false
	}
	if o == nil {
		return makeVerdict(nil, -1, success, crit, true)
	}
	return makeVerdict(o, PickBand(o, againstBandNumber(o, total, target, atMost), crit, 0), success, crit, true)
}

// againstCritical reads criticalSuccess, then criticalFailure: a critical
// success wins when both match (GURPS's 3–4 always succeed).
func againstCritical(ra *ruleset.RollAgainst, total, target int, atMost bool) Critical {
	for _, r := range ra.CriticalSuccess {
		if r.Matches(total, target, atMost) {
			return CriticalSuccess
		}
	}
	for _, r := range ra.CriticalFailure {
		if r.Matches(total, target, atMost) {
			return CriticalFailure
		}
	}
	return NoCritical
}

// againstBandNumber is the number the bands read: by fraction, the
// largest share of the target the roll meets; by total, the roll; by
// margin, how far onto the succeeding side it is.
func againstBandNumber(o *ruleset.Outcomes, total, target int, atMost bool) int {
	switch o.By {
	case "fraction":
		return fractionBand(o, total, target)
	case "total":
		return total
	}
	if atMost {
		return target - total
	}
	return total - target
}

// fractionBand returns the largest atLeast whose share of the target
// (target / atLeast, rounded down) the roll is at or below, or a number
// below every band when it meets none: PickBand then lands in that band.
func fractionBand(o *ruleset.Outcomes, roll, target int) int {
	n := math.MinInt32
	for _, t := range o.Tiers {
		if t.AtLeast == nil || *t.AtLeast < 1 {
			continue
		}
		if a := *t.AtLeast; a > n && roll <= againstFloorDiv(target, a) {
			n = a
		}
	}
	return n
}

// againstNumber is the sheet number of a roll-against check: the ability
// score through abilityModifier when the check names an ability (a GURPS
// skill, any ability check), plus the per-skill bonus (a Call of Cthulhu
// percentage) and adjustments. Tier bonuses are not read.
func (c *Check) againstNumber() int {
	ch := c.Env.Char
	n := 0
	if c.Target.Ability != "" {
		n = ch.AbilityMod(c.Target.Ability)
	}
	if c.Target.Type != "ability" {
		n += ch.Training(c.Target.ID, c.Target.Type == "save").Bonus
	}
	return n + c.Adjustments()
}

func againstFloorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func againstAbs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
