package check

import (
	"slices"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// resolveDiceHighest rolls a dice-highest check (Blades in the Dark,
// Trophy Dark).
//
// Draw order: the light dice in order (or, when there are none and
// zeroDice is "lowest-of-two", the two fallback light dice), then the dark
// dice. Spent dice are light dice and are thrown with the others.
//
// The number of light dice is the sheet number plus effects, bonus= (kept
// within situationalDice) and spent dice, all kept within pool. The kept
// dice are the Keep highest of the dice that decide (all of them, or the
// light ones alone with dark.outcome "light"), and their sum is the total
// that dc= and the bands read. The record keeps the shape of a sum.
func resolveDiceHighest(c *Check) {
	dh := c.Res.DiceHighest
	c.Rec.Attrs = slices.Grow(c.Rec.Attrs, 14) // room for the whole record (a no-op when record.New made it)
	c.Rec.Add("resolution", "sum")
	c.ignoreGiven(keyMode) // this kind has no advantage
	hc, rolls := c.setupHighest(dh)
	if !rolls {
		return
	}
	var buf [2 * (ruleset.MaxHighestDice + 1)]int
	faces := hc.throw(buf[:0])
	hc.addThrow(faces)
	hc.total(faces, hc.deciding(faces, hc.thrownLight))
	dc, haveDC := hc.difficulty(faces)
	c.writeVerdict(hc.decide(faces, hc.thrownLight, dc, haveDC))
}

// setupHighest sizes a dice-highest check, for the roller and Odds alike;
// rolls is false when a save an effect fails was answered without a roll.
func (c *Check) setupHighest(dh *ruleset.DiceHighest) (hc *highestCheck, rolls bool) {
	if c.Target.Type == "save" && c.Effects.FailsSave {
		dc, haveDC, rung := c.sumDifficulty(dh.Ladder)
		c.failsWithoutRoll(rung, dc, haveDC)
		return nil, false
	}
	hc = kindState(c, func(s *scratch) *highestCheck { return &s.highest })
	*hc = highestCheck{c: c, dh: dh}
	hc.size()
	return hc, true
}

// deciding is the dice that decide: all of them, or the light ones alone
// with dark.outcome "light". faces are the light dice, then the dark.
func (hc *highestCheck) deciding(faces []int, light int) []int {
	if hc.lightOnly {
		return faces[:light]
	}
	return faces
}

// decide is what a dice-highest throw decides, for the roller and Odds
// alike: faces are the light dice (the first light of them) and then the
// dark dice. The dark flag is read even when nothing else was rolled.
func (hc *highestCheck) decide(faces []int, light, dc int, haveDC bool) Verdict {
	o := hc.c.Res.Outcomes
	var v Verdict
	if hc.unrolled {
		v = autoFailVerdict(o)
	} else {
		deciding := hc.deciding(faces, light)
		v = sumVerdict(o, hc.totalOf(faces, deciding), dc, haveDC, hc.critical(deciding), 0)
	}
	v.DarkHighest = hc.darkHighest(faces, light)
	return v
}

// darkHighest: a dark die beat every light one.
func (hc *highestCheck) darkHighest(faces []int, light int) bool {
	return hc.dark > 0 && maxFace(faces[light:]) > maxFace(faces[:light])
}

// highestCheck is one dice-highest check between its phases: how many
// light and dark dice it throws and what it does with no dice.
type highestCheck struct {
	c  *Check
	dh *ruleset.DiceHighest

	light, dark, bonus int
	lightOnly          bool // only the light dice decide (dark.outcome "light")
	zero               bool // no dice: the zeroDice rule applies
	thrownLight        int  // light dice thrown (two for lowest-of-two)
	unrolled           bool // zeroDice "fail": nothing thrown, a failure
}

// size counts the light dice: the sheet number plus effects, bonus=
// (within situationalDice) and spent dice, kept within pool; dark= dark
// dice within dark.max; and what a check with no dice throws.
func (hc *highestCheck) size() {
	c, dh := hc.c, hc.dh
	adj := c.Adjustments()
	base := c.SheetNumber() - adj
	hc.bonus, _ = c.rangedInt(keyBonus, dh.Situational)
	darkMax := 0 // dark= is not offered without dark dice
	if dh.Dark != nil {
		darkMax = dh.Dark.Max
	}
	hc.dark, _ = c.offeredInt(keyDark, dh.Dark != nil, 0, darkMax)
	spent := c.spentDice(base)
	hc.light = Clamp(base+adj+c.Effects.Flat+hc.bonus+spent, dh.Pool.Min, dh.Pool.Max)
	hc.lightOnly = dh.Dark != nil && dh.Dark.Outcome == "light"
	hc.zero = hc.light == 0 && (hc.lightOnly || hc.dark == 0)
	hc.thrownLight = hc.light
	if hc.zero {
		if dh.ZeroDice == "fail" {
			hc.thrownLight, hc.unrolled = 0, true
		} else {
			hc.thrownLight = 2
		}
	}
}

// throw appends the light dice (or the zero-dice fallback), then the dark
// dice, to buf.
func (hc *highestCheck) throw(buf []int) []int {
	s, sides := hc.c.Env.Dice, hc.dh.Sides
	for i := 0; i < hc.thrownLight; i++ {
		buf = append(buf, s.Roll(sides))
	}
	for i := 0; i < hc.dark; i++ {
		buf = append(buf, s.Roll(sides))
	}
	return buf
}

// addThrow writes the dice, what was thrown and the effects; the record
// keeps the shape of a sum (modifier=0).
func (hc *highestCheck) addThrow(faces []int) {
	c, dh := hc.c, hc.dh
	c.addNotation("dice", hc.light, dh.Sides)
	c.addInt("highest", dh.Keep)
	if hc.zero {
		c.Rec.Add("zeroDice", "true")
	}
	if hc.dark > 0 {
		c.addInt("dark", hc.dark)
		if hc.lightOnly {
			c.Rec.Add("darkOutcome", "light")
		}
	}
	if len(faces) > 0 {
		c.addInts("rolls", faces)
	}
	c.addInt("modifier", 0)
	if hc.bonus != 0 {
		c.addSigned("bonus", hc.bonus)
	}
	c.addEffects(c.Effects.Flat)
}

// total is the sum of the Keep highest deciding dice, or the lower of the
// two fallback dice; it writes total= unless nothing was rolled.
func (hc *highestCheck) total(faces, deciding []int) int {
	if hc.unrolled {
		return 0
	}
	total := hc.totalOf(faces, deciding)
	hc.c.addInt("total", total)
	return total
}

// totalOf is the sum of the Keep highest deciding dice, or the lower of
// the two fallback dice.
func (hc *highestCheck) totalOf(faces, deciding []int) int {
	if hc.zero {
		return min(faces[0], faces[1]) // lowest of two: the lower die is kept
	}
	return sumHighest(deciding, hc.dh.Keep)
}

// difficulty reads dc= (within what Keep dice can show) or a rung and
// writes them, then darkHighest= when a dark die beat every light one.
func (hc *highestCheck) difficulty(faces []int) (dc int, haveDC bool) {
	c := hc.c
	dc, haveDC, rung := hc.highestDifficulty()
	c.addDifficulty(rung, dc, haveDC)
	if hc.darkHighest(faces, hc.thrownLight) {
		c.Rec.Add("darkHighest", "true")
	}
	return dc, haveDC
}

// highestDifficulty reads dc= (kept within what Keep dice can show) or a
// rung, without writing them.
func (hc *highestCheck) highestDifficulty() (dc int, haveDC bool, rung string) {
	dc, haveDC, rung = hc.c.sumDifficulty(hc.dh.Ladder)
	if haveDC {
		dc = Clamp(dc, 1, hc.dh.Keep*hc.dh.Sides)
	}
	return dc, haveDC, rung
}

// critical reads critical: Count deciding dice at or above Face are a
// critical success, never on the zero-dice fallback.
func (hc *highestCheck) critical(deciding []int) Critical {
	cr := hc.dh.Critical
	if cr == nil || hc.zero {
		return NoCritical
	}
	n := 0
	for _, f := range deciding {
		if f >= cr.Face {
			n++
		}
	}
	if n >= cr.Count {
		return CriticalSuccess
	}
	return NoCritical
}

// maxFace is the highest face, 0 for none.
func maxFace(faces []int) int {
	m := 0
	for _, f := range faces {
		m = max(m, f)
	}
	return m
}

// sumHighest adds the keep highest faces (all of them when fewer).
func sumHighest(faces []int, keep int) int {
	var top [3]int // keep is 1..3
	for _, f := range faces {
		for j := 0; j < keep; j++ {
			if f > top[j] {
				copy(top[j+1:keep], top[j:keep-1])
				top[j] = f
				break
			}
		}
	}
	return top[0] + top[1] + top[2]
}
