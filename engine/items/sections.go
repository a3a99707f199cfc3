package items

import (
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

// The bag operations the later sections (money, loot, gear, markets)
// build on: each is the same step the bag core takes for its own
// actions, so coins, drops and gear are stacked, weighed and placed
// exactly like an add.

// Place is where count units of an item added to the shared view go, by
// the carry rule, and how many no one can carry.
func (p *Party) Place(def *itemrules.Item, count int) ([]Placement, int) {
	return p.place(def, count)
}

// PlaceWith is where count units for member i go: all to them, up to
// their limit, and how many are left behind.
func (p *Party) PlaceWith(i int, def *itemrules.Item, count int) ([]Placement, int) {
	return p.placeWith(i, def, count)
}

// PutPlaced puts each placement in its member's bag and returns what
// actually went in: the placements as taken (a bag at MaxStacksPerBag
// stacks takes no new stack, so a placement can shrink or vanish) and
// how many units found no room, which the caller says were left behind.
func (p *Party) PutPlaced(placed []Placement, def *itemrules.Item, name string) ([]Placement, int) {
	var got []Placement
	lost := 0
	for _, pl := range placed {
		n := p.Put(pl.Member, def, name, pl.Count)
		if n > 0 {
			got = append(got, Placement{Member: pl.Member, Count: n})
		}
		lost += pl.Count - n
	}
	return got, lost
}

// PlacedText says where units went: "Ada 2; Orrin 1" ("" when nowhere).
func (p *Party) PlacedText(placed []Placement) string {
	var parts []string
	for _, pl := range placed {
		parts = append(parts, p.Members[pl.Member].Name+" "+strconv.Itoa(pl.Count))
	}
	return strings.Join(parts, "; ")
}

// Put adds count units of an item (nil: a plain item called name) to
// member i's bag, whatever they carry: into open stacks, then new ones
// while the bag has fewer than MaxStacksPerBag. It returns how many went
// in.
func (p *Party) Put(i int, def *itemrules.Item, name string, count int) int {
	m := p.Members[i]
	before := held(m, def, name)
	p.put(m, def, name, count)
	return held(m, def, name) - before
}

// held counts the units of an item (nil: the plain item called name) in
// a bag, in every state.
func held(m *Member, def *itemrules.Item, name string) int {
	n := 0
	for _, s := range m.Bag {
		if def != nil && s.Item == def.Ref() || def == nil && s.Item == "" && strings.EqualFold(s.Name, name) {
			n += s.Count
		}
	}
	return n
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
