package items

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
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
// The item lines go through f all at once (record.Items), so a plugin
// formatter is called once per block, not once per item.
func (p *Party) BlockWithRecords(f record.Formatter) (string, [][]record.Record) {
	n := 0
	for _, m := range p.Members {
		n += len(m.Bag)
	}
	all := make([]record.Record, 0, n)
	// one backing array for every record's attributes (a record grown
	// past its share moves out on its own)
	attrs := make([]tag.Attr, n*itemAttrs)
	recs := make([][]record.Record, len(p.Members))
	for i, m := range p.Members {
		for j := range m.Bag {
			k := len(all) * itemAttrs
			all = append(all, p.itemRecord(&m.Bag[j], attrs[k:k:k+itemAttrs]))
		}
		recs[i] = all[len(all)-len(m.Bag) : len(all) : len(all)]
	}
	texts := record.Items(f, all)
	lines := make([]string, 0, n+2*len(p.Members))
	for i := range p.Members {
		lines = append(lines, p.memberHeading(i)+":")
		if d := p.DefensesLine(i); d != "" {
			lines = append(lines, d)
		}
		lines = append(lines, texts[:len(recs[i])]...)
		texts = texts[len(recs[i]):]
	}
	return f.Block("INVENTORY", lines), recs
}

// ItemRecord is a stack as the record formatters read:
// [item: name="Hand axe [Weapon, Common, Thrown; ...]" count="2" equipped="true" bound="true" worn="true"].
// name is the GM-facing line; the flags appear only when they hold.
func (p *Party) ItemRecord(s *Stack) record.Record {
	return p.itemRecord(s, make([]tag.Attr, 0, itemAttrs))
}

// itemAttrs is how many attributes an item record has at most.
const itemAttrs = 7

// itemRecord is ItemRecord with the attributes appended to attrs.
func (p *Party) itemRecord(s *Stack, attrs []tag.Attr) record.Record {
	r := record.Record{Tag: tag.Tag{Name: "item", Attrs: attrs}}
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
		r.Add("charges", strconv.Itoa(left)+" of "+strconv.Itoa(maxN))
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
