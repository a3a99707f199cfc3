package use

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// Toggle turns an item's on/off switch: [inventory: action="toggle"
// item="Storm lantern" on="true" who=], by the Game Master or the player;
// without on= it flips (one that is on goes off, else one goes on). The switch starts off and its position stays on
// the stack; an item that is on is alone in its stack (one is split off a
// larger stack to be turned on, and joins its like again when turned off).
func Toggle(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	name := itemName(t)
	if name == "" {
		return record.Refused("toggle", "no-item", "note", `name the item: item="Storm lantern"`)
	}
	who, named, refusal, ok := member(p, t, "toggle")
	if !ok {
		return refusal
	}
	want, hasWant := t.Get("on")
	if !hasWant {
		// Without on=, a flip: one that is on goes off, else one goes on.
		want, hasWant = "true", true
		for i, m := range p.Members {
			for j := range m.Bag {
				if (!named || i == who) && m.Bag[j].On && matches(p, &m.Bag[j], name) {
					want = "false"
				}
			}
		}
	}
	mi, si, found := -1, -1, false
	for i, m := range p.Members {
		if named && i != who {
			continue
		}
		for j := range m.Bag {
			if matches(p, &m.Bag[j], name) && (!hasWant || m.Bag[j].On != isTrue(want)) {
				mi, si, found = i, j, true
				break
			}
		}
		if found {
			break
		}
	}
	if !found {
		if hasWant {
			if _, _, held := holds(p, who, named, name); held {
				return record.Refused("toggle", "already", "item", name, "note", "it is already "+onOff(isTrue(want)))
			}
		}
		return record.Refused("toggle", "not-held", "item", name)
	}
	m := p.Members[mi]
	def := p.Def(&m.Bag[si])
	if def == nil || def.Toggle == nil {
		return record.Refused("toggle", "no-toggle", "item", name, "note", "this item has no on/off switch")
	}
	on := !m.Bag[si].On
	if on {
		si = splitOff(m, si)
		m.Bag[si].On = true
	} else {
		m.Bag[si].On = false
		si = rejoin(p, m, si)
	}
	var rec record.Record
	if turn.Actor == items.Player {
		rec = record.New("item_used")
	} else {
		rec = record.New("inventory")
		rec.Add("action", "toggle")
	}
	rec.Add("item", m.Bag[si].Name)
	rec.Add("who", m.Name)
	rec.AddBool("on", on)
	rec.Add("said", fmt.Sprintf("%s turns %s %s: %s.", m.Name, def.Label, onOff(on), labelOr(def.Toggle.Label, "switch")+" "+onOff(on)))
	return rec
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// holds finds any stack matching name.
func holds(p *items.Party, who int, named bool, name string) (int, int, bool) {
	for i, m := range p.Members {
		if named && i != who {
			continue
		}
		for j := range m.Bag {
			if matches(p, &m.Bag[j], name) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// splitOff takes one unit off a larger stack into a stack of its own.
func splitOff(m *items.Member, si int) int {
	s := &m.Bag[si]
	if s.Count == 1 {
		return si
	}
	s.Count--
	one := *s
	one.Count = 1
	m.Bag = append(m.Bag, one)
	return len(m.Bag) - 1
}

// rejoin puts a stack turned off back with a like stack (same item, same
// state, room left) when there is one; it returns where the unit is.
func rejoin(p *items.Party, m *items.Member, si int) int {
	s := m.Bag[si]
	if s.Equipped || s.Bound || s.Spent > 0 {
		return si
	}
	def := p.Def(&s)
	for j := range m.Bag {
		o := &m.Bag[j]
		if j == si || o.Item != s.Item || !strings.EqualFold(o.Name, s.Name) || o.Equipped || o.Bound || o.On || o.CurseEnded != s.CurseEnded {
			continue
		}
		if def != nil && o.Count+s.Count > def.StackLimit() {
			continue
		}
		o.Count += s.Count
		m.Bag = append(m.Bag[:si], m.Bag[si+1:]...)
		if j > si {
			j--
		}
		return j
	}
	return si
}
