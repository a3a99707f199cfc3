package items

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// A fake worn or carried does on the sheet what it really does. The first
// inventory change after which the sheet shows a number, or what a check
// adds, that the item it passes for would not show unmasks it; a
// difference only a fight reads (a resistance, a weapon's damage) does
// not, nor does a change to the sheet alone until the next inventory
// change (spec/items.md "Honest and dishonest sellers"). The session
// takes a Mark before each tag and calls UnmaskAfter with it.

// BagMark is what the bags held before a tag, for UnmaskAfter to tell an
// inventory change. The zero mark (a ruleset without fakes) never
// unmasks anything.
type BagMark struct {
	on    bool
	print uint64
}

// Mark is the bags as they stand. It costs nothing in a ruleset without
// fakes.
func (p *Party) Mark() BagMark {
	if p.RS == nil || p.RS.Items == nil || !hasFakes(p.RS.Items) {
		return BagMark{}
	}
	return BagMark{on: true, print: p.bagPrint()}
}

// UnmaskAfter finds out, when the bags changed since the mark, every fake
// not yet found out whose bearer's sheet now shows what the item it
// passes for would not: its stacks take the fake's own label. It says
// which, "Ring of Protection: really Ring of Clumsiness" joined by "; ",
// or "" for none.
func (p *Party) UnmaskAfter(m BagMark) string {
	if !m.on || p.bagPrint() == m.print {
		return ""
	}
	var found []string
	for i := range p.Members {
		fakes := p.hiddenFakes(i)
		if len(fakes) == 0 {
			continue
		}
		face := p.sheetFace(i, nil)
		for k := range fakes {
			f := &fakes[k]
			if p.sheetFace(i, f) == face {
				continue
			}
			for _, name := range f.names {
				p.RenameStacks(i, f.def.Ref(), name, f.def.Label)
				found = append(found, name+": really "+f.def.Label)
			}
		}
	}
	return strings.Join(found, "; ")
}

// hidden is a fake in a bag not yet found out: its true item, the item
// it passes for and the names its stacks show.
type hidden struct {
	def, shown *itemrules.Item
	names      []string
}

// hiddenFakes lists member i's fakes not yet found out, in bag order.
func (p *Party) hiddenFakes(i int) []hidden {
	var out []hidden
	for si := range p.Members[i].Bag {
		s := &p.Members[i].Bag[si]
		def := p.Def(s)
		if def == nil || !def.IsFake() || strings.EqualFold(s.Name, def.Label) {
			continue
		}
		shown := p.block().ItemByRef(def.Market.PassesFor)
		if shown == nil {
			continue
		}
		j := slices.IndexFunc(out, func(h hidden) bool { return h.def == def })
		if j < 0 {
			out = append(out, hidden{def: def, shown: shown})
			j = len(out) - 1
		}
		if !slices.ContainsFunc(out[j].names, func(n string) bool { return strings.EqualFold(n, s.Name) }) {
			out[j].names = append(out[j].names, s.Name)
		}
	}
	return out
}

// sheetFace is what member i's sheet shows, as one comparable text: each
// ability score as the items leave it, each derived value, and what the
// items, conditions and levels add to each skill check, save and ability
// check. With f, the fake's stacks count as the item it passes for.
// Typed defenses and a fight's effects are not in it: only a fight reads
// them.
func (p *Party) sheetFace(i int, f *hidden) string {
	q := p
	if f != nil {
		q = p.passingFor(i, f)
	}
	v := q.view(i, nil)
	ch := v.ch
	var sb strings.Builder
	for _, a := range p.RS.Abilities {
		sb.WriteString(strconv.Itoa(ch.AbilityScore(a.ID)))
		sb.WriteByte(' ')
	}
	for _, d := range p.RS.Derived {
		sb.WriteString(strconv.FormatFloat(ch.Derived(d.ID), 'g', -1, 64))
		sb.WriteByte(' ')
	}
	checks := func(kind string, ids []string) {
		for _, id := range ids {
			writeEffects(&sb, gather(v.sources, check.Target{Type: kind, ID: id}, true))
		}
	}
	checks("skill", skillIDs(p.RS.Skills))
	checks("save", skillIDs(p.RS.Saves))
	abilities := make([]string, len(p.RS.Abilities))
	for k, a := range p.RS.Abilities {
		abilities[k] = a.ID
	}
	checks("ability", abilities)
	return sb.String()
}

// passingFor is the party with member i's stacks of the fake f counted as
// the item it passes for (a shallow copy: p is not changed).
func (p *Party) passingFor(i int, f *hidden) *Party {
	q := *p
	q.Members = slices.Clone(p.Members)
	m := *p.Members[i]
	m.Bag = slices.Clone(m.Bag)
	for si := range m.Bag {
		if m.Bag[si].Item == f.def.Ref() && slices.Contains(f.names, m.Bag[si].Name) {
			m.Bag[si].Item = f.shown.Ref()
		}
	}
	q.Members[i] = &m
	return &q
}

// writeEffects writes what a check's effects add, without from=.
func writeEffects(sb *strings.Builder, e check.Effects) {
	sb.WriteString(strconv.Itoa(e.Flat))
	for _, list := range [][]dice.Notation{e.Dice, e.MinusDice} {
		sb.WriteByte('[')
		for _, n := range list {
			sb.WriteString(n.String())
			sb.WriteByte(',')
		}
		sb.WriteByte(']')
	}
	for _, b := range []bool{e.Advantage, e.Disadvantage, e.FailsSave} {
		if b {
			sb.WriteByte('1')
		} else {
			sb.WriteByte('0')
		}
	}
	sb.WriteByte(';')
}

func skillIDs(list []ruleset.Skill) []string {
	out := make([]string, len(list))
	for k, s := range list {
		out[k] = s.ID
	}
	return out
}

// bagPrint is a hash of every stack that can change what a sheet shows:
// its item, name, count and whether it is equipped, bound, switched on
// or its curse ended.
func (p *Party) bagPrint() uint64 {
	h := fnvHash(fnvOffset)
	for _, m := range p.Members {
		for si := range m.Bag {
			s := &m.Bag[si]
			h = h.str(s.Item).byte(0).str(s.Name).byte(0)
			for k := 0; k < 64; k += 8 {
				h = h.byte(byte(s.Count >> k))
			}
			h = h.byte(flag(s.Equipped) | flag(s.Bound)<<1 | flag(s.On)<<2 | flag(s.CurseEnded)<<3)
		}
		h = h.byte(0xff)
	}
	return uint64(h)
}

// fnvHash is FNV-1a, 64 bits, fed without allocating.
type fnvHash uint64

const fnvOffset, fnvPrime = 14695981039346656037, 1099511628211

func (h fnvHash) byte(b byte) fnvHash { return (h ^ fnvHash(b)) * fnvPrime }

func (h fnvHash) str(s string) fnvHash {
	for k := 0; k < len(s); k++ {
		h = h.byte(s[k])
	}
	return h
}

func flag(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// hasFakes reports an items block with any fake (a scan: cheaper than
// the hash it spares, and nothing to keep in step with the block).
func hasFakes(b *itemrules.ItemsBlock) bool {
	return slices.ContainsFunc(b.Items, (*itemrules.Item).IsFake)
}
