package use_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/use"
)

// TestSpend: a consumed unit leaves the stack (the stack the bag when
// none is left) and draws no die; charges are spent, and only the last
// one rolls breaksOn, a low face breaking the item out of the bag.
func TestSpend(t *testing.T) {
	rs := loadRS(t, "gravewatch")
	p := items.New(rs, party(t, rs, "ada.json", "rulesets/gravewatch/sheets/maud.json"))
	var bell, consumed *itemrules.Item
	for _, it := range rs.Items.Items {
		switch {
		case it.UseDef == nil:
		case bell == nil && it.UseDef.Charges > 0 && it.ChargeDef != nil && it.ChargeDef.BreaksOn != nil:
			bell = it
		case consumed == nil && it.UseDef.Consumes:
			consumed = it
		}
	}
	if bell == nil || consumed == nil {
		t.Fatal("gravewatch has no breaking charged item or no consumed one")
	}
	m := p.Members[1]
	m.Bag = nil
	p.Put(1, consumed, consumed.Label, 2)
	for want := 1; want >= 0; want-- {
		s := dice.Script()
		if sp := use.Spend(p, m, 0, consumed, s); sp != (use.Spent{}) || s.Used()+s.Overrun != 0 {
			t.Fatalf("a consumed unit: %+v, %d dice", sp, s.Used()+s.Overrun)
		}
		if n := len(m.Bag); want > 0 && (n != 1 || m.Bag[0].Count != want) || want == 0 && n != 0 {
			t.Fatalf("after a use, %d left: %+v", want, m.Bag)
		}
	}
	b := bell.ChargeDef.BreaksOn
	for _, face := range []int{b.AtMost, b.AtMost + 1} {
		m.Bag = nil
		p.Put(1, bell, bell.Label, 1)
		_, maxN, _ := p.ChargesLeft(&m.Bag[0])
		var last use.Spent
		for k := 0; k*bell.UseDef.Charges < maxN; k++ {
			last = use.Spend(p, m, 0, bell, dice.Script(face))
			if left := maxN - (k+1)*bell.UseDef.Charges; left > 0 && (last.Rolled || last.Left != left || last.Of != maxN) {
				t.Fatalf("charge %d: %+v", k, last)
			}
		}
		if !last.Rolled || last.BreakRoll != face || last.Broke != (face <= b.AtMost) || (len(m.Bag) == 0) != last.Broke {
			t.Fatalf("face %d: %+v, bag %+v", face, last, m.Bag)
		}
	}
}
