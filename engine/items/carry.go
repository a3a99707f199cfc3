package items

import (
	"math"

	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// Weight is what one unit of an item weighs: its carry.stat value, or
// nothing (no carry, no such stat, or a plain item).
func (p *Party) Weight(def *itemrules.Item) float64 {
	b := p.block()
	if def == nil || b == nil || b.Carry == nil || b.Carry.Stat == "" {
		return 0
	}
	w, _ := def.Number(b.Carry.Stat)
	return w
}

// Load is what a member's bag weighs.
func (p *Party) Load(i int) float64 {
	var load float64
	m := p.Members[i]
	for j := range m.Bag {
		s := &m.Bag[j]
		load += p.Weight(p.Def(s)) * float64(s.Count)
	}
	return load
}

// Capacity is what a member carries before becoming encumbered and the
// most they can carry (+Inf without a limit), read from their own sheet.
// Without carry, both are infinite.
func (p *Party) Capacity(i int) (encumberedAbove, limit float64) {
	b := p.block()
	if b == nil || b.Carry == nil {
		return math.Inf(1), math.Inf(1)
	}
	base := p.base(p.Members[i])
	encumberedAbove = base.Value(b.Carry.EncumberedAbove)
	limit = math.Inf(1)
	if b.Carry.Limit != nil {
		limit = base.Value(*b.Carry.Limit)
	}
	return encumberedAbove, limit
}

// Encumbered reports a member whose load is above encumberedAbove.
func (p *Party) Encumbered(i int) bool {
	enc, _ := p.Capacity(i)
	return p.Load(i) > enc+weightEpsilon
}

// weightEpsilon absorbs float error in sums of fractional weights.
const weightEpsilon = 1e-9

// fits is how many units of weight w fit in room (all of them when the
// item weighs nothing).
func fits(room, w float64, want int) int {
	if w <= 0 {
		return want
	}
	if room <= 0 {
		return 0
	}
	n := math.Floor(room/w + weightEpsilon)
	if n >= float64(want) {
		return want
	}
	return int(n)
}

// Placement is where units went: one entry per member who took some.
type Placement struct {
	Member int
	Count  int
}

// place decides who takes count units of an item added to the shared
// view (spec/items.md "What reads the items", carry): whoever can carry
// it all without becoming encumbered, the player first, then the party in
// order; when no one can, split by the room each has left before being
// encumbered; what remains goes, the same way, to whoever still has room
// below their limit; nothing goes past anyone's limit, and what no one can
// carry is left behind (the second value).
func (p *Party) place(def *itemrules.Item, count int) ([]Placement, int) {
	w := p.Weight(def)
	n := len(p.Members)
	if n == 0 {
		return nil, count
	}
	if w <= 0 {
		return []Placement{{Member: 0, Count: count}}, 0
	}
	loads := make([]float64, n)
	enc := make([]float64, n)
	lim := make([]float64, n)
	for i := range p.Members {
		loads[i] = p.Load(i)
		enc[i], lim[i] = p.Capacity(i)
	}
	taken := make([]int, n)
	left := count
	for _, ceiling := range [][]float64{enc, lim} {
		if left == 0 {
			break
		}
		// Someone who can take all of what is left, first in order.
		whole := -1
		for i := 0; i < n; i++ {
			if fits(ceiling[i]-loads[i], w, left) == left {
				whole = i
				break
			}
		}
		if whole >= 0 {
			taken[whole] += left
			loads[whole] += w * float64(left)
			left = 0
			break
		}
		// Nobody can: split by the room each one has left.
		for i := 0; i < n && left > 0; i++ {
			k := fits(ceiling[i]-loads[i], w, left)
			taken[i] += k
			loads[i] += w * float64(k)
			left -= k
		}
	}
	var out []Placement
	for i, k := range taken {
		if k > 0 {
			out = append(out, Placement{Member: i, Count: k})
		}
	}
	return out, left
}

// placeWith is the placement for a named bearer: all to them, up to
// their limit; the rest is left behind.
func (p *Party) placeWith(i int, def *itemrules.Item, count int) ([]Placement, int) {
	w := p.Weight(def)
	_, lim := p.Capacity(i)
	k := fits(lim-p.Load(i), w, count)
	if k == 0 {
		return nil, count
	}
	return []Placement{{Member: i, Count: k}}, count - k
}
