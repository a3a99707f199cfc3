package items

import (
	"strings"

	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

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
// from by to instead, and reports how many it renamed. A loose stack so
// renamed joins an earlier loose stack already called to (a fake found
// out joins those found out before) as far as the stack limit allows;
// otherwise it keeps its place.
func (p *Party) RenameStacks(i int, ref, from, to string) int {
	m := p.Members[i]
	n := 0
	for si := 0; si < len(m.Bag); si++ {
		s := &m.Bag[si]
		if s.Item != ref || !strings.EqualFold(s.Name, from) {
			continue
		}
		s.Name = to
		n++
		if p.joinEarlier(m, si) {
			si--
		}
	}
	return n
}

// joinEarlier moves what it can of loose stack si into earlier loose
// stacks of the same item and name, and drops it once empty (true).
func (p *Party) joinEarlier(m *Member, si int) bool {
	s := &m.Bag[si]
	if loose := !(s.Equipped || s.Bound || s.On || s.Spent > 0); !loose {
		return false
	}
	limit := itemrules.DefaultStack
	if def := p.Def(s); def != nil {
		limit = def.StackLimit()
	}
	for k := 0; k < si && s.Count > 0; k++ {
		t := &m.Bag[k]
		if t.Item != s.Item || !strings.EqualFold(t.Name, s.Name) || t.Equipped || t.Bound || t.On || t.Spent > 0 || t.CurseEnded != s.CurseEnded {
			continue
		}
		n := min(limit-t.Count, s.Count)
		if n > 0 {
			t.Count += n
			s.Count -= n
		}
	}
	if s.Count == 0 {
		m.Bag = append(m.Bag[:si], m.Bag[si+1:]...)
		return true
	}
	return false
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

// byName reports an item whose stacks join only stacks of the same name:
// a plain item (its name is all it is) and a fake, which shows as the
// item it passes for until it is found out, so a fake bought later never
// joins one found out before (nor the other way round).
func byName(def *itemrules.Item) bool {
	return def == nil || def.IsFake()
}

// AttacksAs is the item a stack attacks as in a fight: a fake not yet
// found out attacks as the weapon it passes for (spec/items.md "Honest
// and dishonest sellers"); anything else, and a fake once found out, as
// itself. nil for a plain item.
func (p *Party) AttacksAs(s *Stack) *itemrules.Item {
	def := p.Def(s)
	if def == nil || !def.IsFake() || strings.EqualFold(s.Name, def.Label) {
		return def
	}
	if shown := p.block().ItemByRef(def.Market.PassesFor); shown != nil {
		return shown
	}
	return def
}
