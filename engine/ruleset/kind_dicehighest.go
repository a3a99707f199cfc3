package ruleset

import (
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// DiceHighest is the dice-highest kind (Blades in the Dark, Trophy Dark):
// the sheet number is a handful of dice, and only the highest (Keep of
// them, added together) are read.
type DiceHighest struct {
	Sides int
	// Pool bounds the number of dice after every addition (0..MaxHighestDice).
	Pool Range
	// Keep is how many of the highest dice are added together (1..3).
	Keep int
	// ZeroDice is what a character with no dice does: "lowest-of-two" rolls
	// two and keeps the lower (never a critical), "fail" fails unrolled.
	ZeroDice string
	Critical *HighestCritical
	Dark     *DarkDice
	// Situational bounds bonus= (help, extra effort); nil means not offered.
	Situational *Range
	Ladder      []Rung
}

// HighestCritical is Count dice showing Face or more: a critical success.
type HighestCritical struct {
	Count int
	Face  int
}

// DarkDice are Trophy Dark's dark dice, added with dark="N".
type DarkDice struct {
	Label string
	Max   int
	Text  string
	// Outcome is "all" (read with the light dice) or "light" (only the
	// light dice decide the kept dice, total, bands and criticals).
	Outcome string
}

// MaxHighestDice is the most dice a dice-highest pool may hold.
const MaxHighestDice = 20

type diceHighestKind struct{}

func (diceHighestKind) Keys() []string {
	return vocab.Keys("resolution.dice-highest")
}

func (diceHighestKind) Locked() []string { return nil }

func (diceHighestKind) Validate(v *Validator, o validate.Obj, res *Resolution) {
	dh := &DiceHighest{Sides: 6, Pool: Range{0, MaxHighestDice}, Keep: 1, ZeroDice: "lowest-of-two"}
	res.DiceHighest = dh
	dh.Sides = dieSides(o, 100, 6, `missing "die": { "sides": S } (the faces of each die, 2 to 100)`)
	if p, ok := o.Object("pool"); ok {
		p.Known(vocab.Keys("dice-highest.range")...)
		dh.Pool, _ = minMax(p, Range{0, MaxHighestDice}, Range{1, MaxHighestDice}, Range{0, MaxHighestDice})
	}
	dh.Keep, _ = o.Int("keep", 1, 3, 1)
	dh.ZeroDice, _ = o.Enum("zeroDice", "lowest-of-two", "lowest-of-two", "fail")
	dh.critical(o)
	dh.dark(o)
	if s, ok := o.Object("situationalDice"); ok {
		s.Known(vocab.Keys("dice-highest.range")...)
		r, _ := minMax(s, Range{-MaxHighestDice, 0}, Range{0, MaxHighestDice}, Range{0, 0})
		if r.Min == 0 && r.Max == 0 {
			s.Addf("", "situationalDice with min 0 and max 0 offers nothing; give a negative min, a positive max, or remove it")
		}
		dh.Situational = &r
	}
	dh.Ladder = v.dcLadder(o, 1, dh.Keep*dh.Sides, 1)
	v.Spends(o, res, SpendBuys{Dice: true})
	res.Outcomes = v.Outcomes(o, OutcomeRules{By: []string{"total"}})
}

// critical reads critical: count dice at or above face, refusing a count
// the pool can never hold.
func (dh *DiceHighest) critical(o validate.Obj) {
	c, ok := o.Object("critical")
	if !ok {
		return
	}
	c.Known(vocab.Keys("dice-highest.critical")...)
	cr := &HighestCritical{Face: dh.Sides}
	if c.Require("count") {
		cr.Count, _ = c.Int("count", 1, MaxHighestDice, 1)
	}
	cr.Face, _ = c.Int("face", 1, dh.Sides, dh.Sides)
	if cr.Count > dh.Pool.Max {
		c.Addf("count", "%d dice can never show up in a pool of at most %d (pool.max); a critical that can never trigger is refused", cr.Count, dh.Pool.Max)
	}
	dh.Critical = cr
}

// dark reads dark: the dark dice a check adds with dark=.
func (dh *DiceHighest) dark(o validate.Obj) {
	d, ok := o.Object("dark")
	if !ok {
		return
	}
	d.Known(vocab.Keys("dice-highest.dark")...)
	dk := &DarkDice{Outcome: "all"}
	if d.Require("label", "max") {
		dk.Label, _ = d.Str("label", 80, true)
		dk.Max, _ = d.Int("max", 1, 10, 1)
	}
	dk.Text, _ = d.Str("text", 200, false)
	dk.Outcome, _ = d.Enum("outcome", "all", "all", "light")
	dh.Dark = dk
}
