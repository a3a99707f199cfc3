package use

import (
	"slices"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// Spent is what paying for one use of a stack did.
type Spent struct {
	// Left and Of are the charges left and the most it holds, for a use
	// that spends charges.
	Left, Of int
	// Rolled is true when the last charge spent rolled breaksOn: its face
	// is BreakRoll, and Broke is true when the item broke and left the bag.
	Rolled    bool
	BreakRoll int
	Broke     bool
}

// Spend pays for one use of def from member m's stack si: one unit out of
// a consumed item (the stack leaves the bag when none is left), or the
// use's charges spent, the last one rolling breaksOn's die on s (the only
// die drawn) and a broken item leaving the bag. It is the one mechanism
// every use pays with (outside a fight, in a fight, in the Game Mode's
// battles); each says what is left in its own words.
func Spend(p *items.Party, m *items.Member, si int, def *itemrules.Item, s dice.Stream) Spent {
	st := &m.Bag[si]
	u := def.UseDef
	var out Spent
	switch {
	case u.Consumes:
		st.Count--
		if st.Count == 0 {
			m.Bag = slices.Delete(m.Bag, si, si+1)
		}
	case u.Charges > 0:
		st.Spent += u.Charges
		out.Left, out.Of, _ = p.ChargesLeft(st)
		if b := def.ChargeDef.BreaksOn; out.Left == 0 && b != nil {
			out.Rolled, out.BreakRoll = true, s.Roll(b.Die)
			if out.BreakRoll <= b.AtMost {
				out.Broke = true
				m.Bag = slices.Delete(m.Bag, si, si+1)
			}
		}
	}
	return out
}
