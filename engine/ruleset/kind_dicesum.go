package ruleset

import (
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// DiceSum is the dice-sum kind: add up the dice and the sheet number.
type DiceSum struct {
	Count, Sides int
	// Faces are the value of each face, lowest face first (Fate's -1,0,1);
	// nil means each face is worth its number.
	Faces      []int
	Advantage  bool
	Naturals   string // "" (plain addition), none, both, max-only, min-only
	OpenEnded  *OpenEnded
	Unmodified []int
	Ladder     []Rung
}

// OpenEnded is a single die that keeps rolling: at or above High adds a
// die, at or below Low subtracts one. Zero means that side is off.
type OpenEnded struct {
	High, Low int
}

// MaxOpenEndedDice caps the dice one open-ended roll throws.
const MaxOpenEndedDice = 20

type diceSumKind struct{}

func (diceSumKind) Keys() []string {
	return vocab.Keys("resolution.dice-sum")
}

func (diceSumKind) Locked() []string { return nil }

func (diceSumKind) Validate(v *Validator, o validate.Obj, res *Resolution) {
	ds := &DiceSum{Count: 1, Sides: 20}
	res.DiceSum = ds
	if d, ok := o.Object("dice"); ok {
		d.Known(vocab.Keys("dice-sum.dice")...)
		ds.Count, _ = d.Int("count", 1, 100, 1)
		ds.Sides, _ = d.Int("sides", 2, 1000, 20)
		if faces, ok := d.Arr("faces", ds.Sides, ds.Sides); ok {
			for i, f := range faces {
				n, _ := validate.IntAt(v.P, d.Ptr("faces", i), f, -1000, 1000, 0)
				ds.Faces = append(ds.Faces, n)
			}
		} else if d.Has("faces") && faces != nil {
			d.Addf("faces", "give one value per face: %d values for %d sides", ds.Sides, ds.Sides)
		}
	} else if !o.Has("dice") {
		o.Addf("", `missing "dice": { "count": N, "sides": S }`)
	}
	ds.Advantage, _ = o.Bool("advantage", false)
	ds.Naturals, _ = o.Enum("naturals", "", "none", "both", "max-only", "min-only")
	if ds.Naturals != "" && ds.Naturals != "none" && ds.Count != 1 {
		o.Addf("naturals", "naturals %q reads a single die; with %d dice use \"none\"", ds.Naturals, ds.Count)
	}
	ds.openEnded(o)
	ds.unmodified(v, o)
	ds.Ladder = v.dcLadder(o, -1000, 10000, 0)
	if o.Has("spend") {
		o.Addf("spend", "dice-sum cannot declare spend; only dice-pool (successes, dice, rerolls), dice-highest and symbol-pool (dice) can")
	}
	res.Outcomes = v.Outcomes(o, OutcomeRules{
		By: []string{"margin", "total"}, SingleDie: ds.Count == 1,
		NaturalsNone: ds.Naturals == "" || ds.Naturals == "none", ShiftAllowed: true,
	})
}

// openEnded reads openEnded: high, low or both, on a single die that
// reads its own numbers.
func (ds *DiceSum) openEnded(o validate.Obj) {
	oe, ok := o.Object("openEnded")
	if !ok {
		return
	}
	oe.Known(vocab.Keys("dice-sum.openEnded")...)
	x := &OpenEnded{}
	x.High, _ = oe.Int("high", 2, ds.Sides, 0)
	x.Low, _ = oe.Int("low", 1, ds.Sides-1, 0)
	if !oe.Has("high") && !oe.Has("low") {
		oe.Addf("", `an open-ended roll names "high", "low" or both`)
	}
	if x.High != 0 && x.Low != 0 && x.Low >= x.High {
		oe.Addf("low", "low %d must be below high %d", x.Low, x.High)
	}
	if ds.Count != 1 {
		oe.Addf("", "an open-ended roll is a single die; dice.count is %d", ds.Count)
	}
	if ds.Faces != nil {
		oe.Addf("", "an open-ended roll reads the die's own numbers; remove dice.faces")
	}
	ds.OpenEnded = x
}

// unmodified reads the unmodified faces a single die flags, each once.
func (ds *DiceSum) unmodified(v *Validator, o validate.Obj) {
	arr, ok := o.Arr("unmodified", 1, 20)
	if !ok {
		return
	}
	if ds.Count != 1 {
		o.Addf("unmodified", "unmodified faces are read on a single die; dice.count is %d", ds.Count)
	}
	seen := map[int]bool{}
	for i, raw := range arr {
		n, ok := validate.IntAt(v.P, o.Ptr("unmodified", i), raw, 1, ds.Sides, 0)
		if !ok {
			continue
		}
		if seen[n] {
			v.P.Addf(o.Ptr("unmodified", i), "face %d is listed twice", n)
		}
		seen[n] = true
		ds.Unmodified = append(ds.Unmodified, n)
	}
}
