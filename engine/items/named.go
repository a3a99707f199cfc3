package items

import "strings"

// Operations on stacks by the name they are shown under, for an item
// whose stacks differ only by name: a fake shows as the item it passes
// for until it is found out, then under its own label (engine/market).

// TakeStack takes up to n loose units of an item called name out of
// member i's bag, last stacks first, and returns how many it took.
func (p *Party) TakeStack(i int, ref, name string, n int) int {
	m := p.Members[i]
	taken := 0
	for si := len(m.Bag) - 1; si >= 0 && taken < n; si-- {
		s := &m.Bag[si]
		if s.Item != ref || s.Equipped || s.Bound || !strings.EqualFold(s.Name, name) {
			continue
		}
		k := min(s.Count, n-taken)
		takeOut(m, si, k)
		taken += k
	}
	return taken
}

// RenameStacks calls every stack of an item in member i's bag shown as
// from by to instead, and reports how many it renamed.
func (p *Party) RenameStacks(i int, ref, from, to string) int {
	n := 0
	for si := range p.Members[i].Bag {
		s := &p.Members[i].Bag[si]
		if s.Item == ref && strings.EqualFold(s.Name, from) {
			s.Name = to
			n++
		}
	}
	return n
}

// unmask makes a stack of a fake still shown as the item it passes for
// its true item (spec/items.md "Honest and dishonest sellers": binding
// it finds it out) and returns the true label, or "" for anything else.
func (p *Party) unmask(s *Stack) string {
	def := p.Def(s)
	if def == nil || !def.IsFake() || strings.EqualFold(s.Name, def.Label) {
		return ""
	}
	s.Name = def.Label
	return def.Label
}
