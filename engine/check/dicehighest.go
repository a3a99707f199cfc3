package check

import (
	"slices"
	"strconv"

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
	if c.Tag.Has("mode") {
		c.ignore("mode") // this kind has no advantage
	}
	if c.Target.Type == "save" && c.Effects.FailsSave {
		dc, haveDC, rung := c.sumDifficulty(dh.Ladder)
		c.failsWithoutRoll(rung, dc, haveDC)
		return
	}

	adj := c.Adjustments()
	base := c.SheetNumber() - adj
	bonus := 0
	if b, ok := c.Int("bonus"); ok {
		if dh.Situational == nil {
			c.ignore("bonus")
		} else {
			bonus = Clamp(b, dh.Situational.Min, dh.Situational.Max)
		}
	}
	dark := 0
	if d, ok := c.Int("dark"); ok {
		if dh.Dark == nil {
			c.ignore("dark")
		} else {
			dark = Clamp(d, 0, dh.Dark.Max)
		}
	}
	spent := 0
	if len(c.Res.Spend) > 0 {
		spent = c.SpendDice(base)
	} else if c.Tag.Has("spend") {
		c.ignore("spend")
	}
	light := Clamp(base+adj+c.Effects.Flat+bonus+spent, dh.Pool.Min, dh.Pool.Max)
	lightOnly := dh.Dark != nil && dh.Dark.Outcome == "light"

	// Throw: light dice (or the zero-dice fallback), then dark dice.
	s := c.Env.Dice
	var buf [2 * (ruleset.MaxHighestDice + 1)]int
	faces := buf[:0]
	zero := light == 0 && (lightOnly || dark == 0)
	thrownLight := light
	unrolled := false
	if zero {
		if dh.ZeroDice == "fail" {
			thrownLight, unrolled = 0, true
		} else {
			thrownLight = 2
		}
	}
	for i := 0; i < thrownLight; i++ {
		faces = append(faces, s.Roll(dh.Sides))
	}
	for i := 0; i < dark; i++ {
		faces = append(faces, s.Roll(dh.Sides))
	}

	c.Rec.Add("dice", strconv.Itoa(light)+"d"+strconv.Itoa(dh.Sides))
	c.Rec.AddInt("highest", dh.Keep)
	if zero {
		c.Rec.Add("zeroDice", "true")
	}
	if dark > 0 {
		c.Rec.AddInt("dark", dark)
		if lightOnly {
			c.Rec.Add("darkOutcome", "light")
		}
	}
	if len(faces) > 0 {
		c.Rec.AddInts("rolls", faces)
	}
	c.Rec.AddInt("modifier", 0)
	if bonus != 0 {
		c.Rec.Add("bonus", signed(bonus))
	}
	c.addEffects(c.Effects.Flat)

	deciding := faces
	if lightOnly {
		deciding = faces[:thrownLight]
	}
	total := 0
	if !unrolled {
		if zero {
			total = min(faces[0], faces[1]) // lowest of two: the lower die is kept
		} else {
			total = sumHighest(deciding, dh.Keep)
		}
		c.Rec.AddInt("total", total)
	}

	dc, haveDC, rung := c.sumDifficulty(dh.Ladder)
	if haveDC {
		dc = Clamp(dc, 1, dh.Keep*dh.Sides)
	}
	if rung != "" {
		c.Rec.Add("difficulty", rung)
	}
	if haveDC {
		c.Rec.AddInt("dc", dc)
	}
	if dark > 0 {
		maxLight, maxDark := 0, 0
		for _, f := range faces[:thrownLight] {
			maxLight = max(maxLight, f)
		}
		for _, f := range faces[thrownLight:] {
			maxDark = max(maxDark, f)
		}
		if maxDark > maxLight {
			c.Rec.Add("darkHighest", "true")
		}
	}

	if unrolled {
		c.addOutcomeForAutoFail(c.Res.Outcomes)
		return
	}
	crit := NoCritical
	if cr := dh.Critical; cr != nil && !zero {
		n := 0
		for _, f := range deciding {
			if f >= cr.Face {
				n++
			}
		}
		if n >= cr.Count {
			crit = CriticalSuccess
		}
	}
	c.sumOutcome(total, dc, haveDC, crit, 0)
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
