package items

import (
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
)

// The bag operations the later sections (money, loot, gear, markets)
// build on: each is the same step the bag core takes for its own
// actions, so coins, drops and gear are stacked, weighed and placed
// exactly like an add.

// Place is where count units of an item added to the shared view go, by
// the carry rule, and how many no one can carry.
func (p *Party) Place(def *ruleset.Item, count int) ([]Placement, int) {
	return p.place(def, count)
}

// PlaceWith is where count units for member i go: all to them, up to
// their limit, and how many are left behind.
func (p *Party) PlaceWith(i int, def *ruleset.Item, count int) ([]Placement, int) {
	return p.placeWith(i, def, count)
}

// PutPlaced puts each placement in its member's bag and says where the
// units went: "Ada 2; Orrin 1" ("" when nowhere).
func (p *Party) PutPlaced(placed []Placement, def *ruleset.Item, name string) string {
	return p.putPlaced(placed, def, name)
}

// Put adds count units of an item (nil: a plain item called name) to
// member i's bag, whatever they carry: into open stacks, then new ones.
func (p *Party) Put(i int, def *ruleset.Item, name string, count int) {
	p.put(p.Members[i], def, name, count)
}

// Loose is how many units of an item member i holds neither worn nor
// bound (what can be paid, given or spent).
func (p *Party) Loose(i int, ref string) int {
	n := 0
	for _, s := range p.Members[i].Bag {
		if s.Item == ref && !s.Equipped && !s.Bound {
			n += s.Count
		}
	}
	return n
}

// TakeLoose takes up to n loose units of an item out of member i's bag,
// last stacks first so open stacks stay in front, and returns how many
// it took.
func (p *Party) TakeLoose(i int, ref string, n int) int {
	m := p.Members[i]
	taken := 0
	for si := len(m.Bag) - 1; si >= 0 && taken < n; si-- {
		s := &m.Bag[si]
		if s.Item != ref || s.Equipped || s.Bound {
			continue
		}
		k := min(s.Count, n-taken)
		takeOut(m, si, k)
		taken += k
	}
	return taken
}

// Who reads who= for a section's action: the named member and true, or
// the player and false without who=; -1 with the refusal when who= names
// no one of the party.
func (p *Party) Who(t tag.Tag, action string) (int, bool, record.Record) {
	return p.who(t, action)
}

// EquipUnit puts one loose unit of an item in member i's bag on, when
// the item takes slots and they are free. It reports whether it did.
func (p *Party) EquipUnit(i int, ref string) bool {
	m := p.Members[i]
	def := p.defs[ref]
	if def == nil || len(def.Slots) == 0 {
		return false
	}
	free := p.freeSlots(m)
	for _, u := range def.Slots {
		if free[u.Slot] < u.Count {
			return false
		}
	}
	for si := range m.Bag {
		s := &m.Bag[si]
		if s.Item == ref && !s.Equipped && !s.Bound {
			si = splitOne(m, si)
			m.Bag[si].Equipped = true
			return true
		}
	}
	return false
}

// Stacks is how many stacks member i's bag holds.
func (p *Party) Stacks(i int) int { return len(p.Members[i].Bag) }
