package fight

import (
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// The two fights roll with the ruleset's own dice (docs/fight.md "Which
// fight"). Both rollers are pure functions of their stream, shared by the
// fight and by the odds engine's exact forecasts (engine/odds/fight.go),
// which enumerate the same rules.

// sumRoll is a summed fight's attack roll: the resolution's dice.
type sumRoll struct {
	Faces []int
	// Dice is what the faces are worth together (Fate's faces read -1,
	// 0, 1); Total adds what the attack adds.
	Dice, Total int
	// Critical: every die shows its highest face; Fumble: its lowest.
	Critical, Fumble bool
}

// rollSum throws the resolution's dice once each, in order, and adds add.
func rollSum(s dice.Stream, ds *ruleset.DiceSum, add int) sumRoll {
	r := sumRoll{Faces: make([]int, ds.Count), Critical: true, Fumble: true}
	for i := range r.Faces {
		f := s.Roll(ds.Sides)
		r.Faces[i] = f
		r.Dice += faceValue(ds, f)
		r.Critical = r.Critical && f == ds.Sides
		r.Fumble = r.Fumble && f == 1
	}
	r.Total = r.Dice + add
	return r
}

// faceValue is what face f of the resolution's die is worth.
func faceValue(ds *ruleset.DiceSum, f int) int {
	if len(ds.Faces) >= f && f >= 1 {
		return ds.Faces[f-1]
	}
	return f
}

// sumHits decides a summed attack against a defense: a critical always
// hits, a fumble always misses, otherwise the total meets or beats it.
func sumHits(r sumRoll, defense int) bool {
	switch {
	case r.Critical:
		return true
	case r.Fumble:
		return false
	}
	return r.Total >= defense
}

// poolRoll is a pool fight's throw.
type poolRoll struct {
	Faces []int
	// Successes counts faces at or above the target; Cancelled what the
	// cancel faces took away; Net is what is left (never below 0).
	Successes, Cancelled, Net int
}

// MaxPoolDice caps one throw of a pool fight, explosions included.
const MaxPoolDice = odds.MaxFightDice

// rollPool throws n dice of the pool's die, then one extra die for each
// face at or above explode (scanning the extra dice too, at most
// pool.max extra), counts faces at or above target and takes one success
// away for each face at or below cancel.upTo.
func rollPool(s dice.Stream, dp *ruleset.DicePool, n, target int) poolRoll {
	n = min(max(n, 0), MaxPoolDice)
	r := poolRoll{Faces: make([]int, 0, n)}
	for range n {
		r.Faces = append(r.Faces, s.Roll(dp.Sides))
	}
	if at := explodeFace(dp); at > 0 {
		extra, limit := 0, min(max(dp.PoolMax, 0), MaxPoolDice-n)
		for i := 0; i < len(r.Faces) && extra < limit; i++ {
			if r.Faces[i] >= at {
				r.Faces = append(r.Faces, s.Roll(dp.Sides))
				extra++
			}
		}
	}
	cancel := cancelFace(dp)
	for _, f := range r.Faces {
		if f >= target {
			r.Successes++
		} else if f <= cancel {
			r.Cancelled++
		}
	}
	r.Net = max(0, r.Successes-r.Cancelled)
	return r
}

// explodeFace is the face that throws another die, 0 when none does.
func explodeFace(dp *ruleset.DicePool) int {
	if dp.Explode == nil {
		return 0
	}
	return dp.Explode.From
}

// cancelFace is the highest face that takes a success away, 0 for none.
func cancelFace(dp *ruleset.DicePool) int {
	if dp.Cancel == nil {
		return 0
	}
	return dp.Cancel.UpTo
}

// poolTarget keeps a per-die target within the pool's bounds.
func poolTarget(dp *ruleset.DicePool, t int) int {
	if dp.Target.Min > 0 && t < dp.Target.Min {
		t = dp.Target.Min
	}
	if dp.Target.Max > 0 && t > dp.Target.Max {
		t = dp.Target.Max
	}
	return t
}

// poolSize keeps an attack pool within the pool's bounds.
func poolSize(dp *ruleset.DicePool, n int) int {
	if n < dp.PoolMin {
		n = dp.PoolMin
	}
	if dp.PoolMax > 0 && n > dp.PoolMax {
		n = dp.PoolMax
	}
	return n
}

// rollDamage rolls a notation's dice times mult (2 on a critical) and
// adds its modifier once.
func rollDamage(s dice.Stream, n dice.Notation, mult int) (faces []int, total int) {
	count := min(n.Count*mult, dice.MaxDice)
	faces = make([]int, count)
	for i := range faces {
		faces[i] = s.Roll(n.Sides)
		total += faces[i]
	}
	return faces, total + n.Modifier
}
