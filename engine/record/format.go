package record

import "strings"

// Formatter renders the GM-facing text of what the engine prints: a
// record, one item line, and a named block (MARKET, INVENTORY, ...). The
// engine prints through this interface so a host (or a plugin, through
// host/format) can restyle every line without the engine knowing how.
type Formatter interface {
	// Record is the text of one record.
	Record(r Record) string
	// Item is the text of one item line; the item is given as a record
	// ([item: name="Rope" count="2" ...]) so its fields keep their order.
	Item(item Record) string
	// Block is the text of a named block made of already formatted lines.
	Block(name string, lines []string) string
}

// Plain is the built-in formatter: records and items in their tag form,
// a block as its name on a line followed by its lines. It is also the
// fallback when a plugin formatter fails.
type Plain struct{}

// Record prints the record's tag form.
func (Plain) Record(r Record) string { return r.String() }

// Item prints the item record's tag form.
func (Plain) Item(item Record) string { return item.String() }

// Block prints "NAME:" and the lines, one per line.
func (Plain) Block(name string, lines []string) string {
	var b strings.Builder
	n := len(name) + 1
	for _, l := range lines {
		n += len(l) + 1
	}
	b.Grow(n)
	b.WriteString(name)
	b.WriteString(":")
	for _, l := range lines {
		b.WriteString("\n")
		b.WriteString(l)
	}
	return b.String()
}

// ItemsFormatter is a Formatter that renders many item lines at once. A
// plugin formatter (host/format) answers a whole inventory in one call
// into the plugin instead of one per item: the prompt of a party of six
// with fifty stacks each stays within a few milliseconds (issue 16).
type ItemsFormatter interface {
	// Items returns the text of each item line, in order, one per item.
	Items(items []Record) []string
}

// Items is the text of each item line through f: at once when f is an
// ItemsFormatter (and answers one line per item), else one f.Item each.
func Items(f Formatter, items []Record) []string {
	if bf, ok := f.(ItemsFormatter); ok {
		if out := bf.Items(items); len(out) == len(items) {
			return out
		}
	}
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = f.Item(it)
	}
	return out
}
