package items

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
)

// BlockWith is the inventory block through a formatter (a host's or a
// plugin's): each stack goes to f.Item as an item record, each
// character's heading and defenses stay plain lines, and f.Block joins
// them under "INVENTORY". Block is the built-in text of the same facts.
func (p *Party) BlockWith(f record.Formatter) string {
	s, _ := p.BlockWithRecords(f)
	return s
}

// BlockWithRecords is BlockWith that also returns each member's item
// records, built once for both (the GM prompt shows the text and gives a
// formatter the records as data).
func (p *Party) BlockWithRecords(f record.Formatter) (string, [][]record.Record) {
	var lines []string
	recs := make([][]record.Record, len(p.Members))
	for i, m := range p.Members {
		lines = append(lines, p.memberHeading(i)+":")
		if d := p.DefensesLine(i); d != "" {
			lines = append(lines, d)
		}
		recs[i] = make([]record.Record, len(m.Bag))
		for j := range m.Bag {
			recs[i][j] = p.ItemRecord(&m.Bag[j])
			lines = append(lines, f.Item(recs[i][j]))
		}
	}
	return f.Block("INVENTORY", lines), recs
}

// ItemRecord is a stack as the record formatters read:
// [item: name="Hand axe [Weapon, Common, Thrown; ...]" count="2" equipped="true" bound="true" worn="true"].
// name is the GM-facing line; the flags appear only when they hold.
func (p *Party) ItemRecord(s *Stack) record.Record {
	r := record.New("item")
	name := s.Name
	if def := p.Def(s); def != nil {
		name = p.Line(def, s.Name, true)
	}
	r.Add("name", name)
	r.AddInt("count", s.Count)
	if s.Equipped {
		r.AddBool("equipped", true)
	}
	if s.Bound {
		r.Add("bound", "true")
	}
	if p.Worn(s) {
		r.AddBool("worn", true)
	}
	if left, maxN, ok := p.ChargesLeft(s); ok {
		r.Add("charges", fmt.Sprintf("%d of %d", left, maxN))
	}
	if s.On {
		r.AddBool("on", true)
	}
	return r
}

// memberHeading is "Name (load ...; slots ...; binding n of m)".
func (p *Party) memberHeading(i int) string {
	m := p.Members[i]
	var head []string
	if s := p.LoadLine(i); s != "" {
		head = append(head, s)
	}
	if s := p.SlotsLine(m); s != "" {
		head = append(head, "slots "+s)
	}
	if b := p.block(); b != nil && b.Binding != nil {
		head = append(head, fmt.Sprintf("%s %d of %d", strings.ToLower(bindingLabel(b)), boundCount(m), p.BindingMax(i)))
	}
	if s := p.MoneyLine(i); s != "" {
		head = append(head, s)
	}
	if len(head) == 0 {
		return m.Name
	}
	return m.Name + " (" + strings.Join(head, "; ") + ")"
}
