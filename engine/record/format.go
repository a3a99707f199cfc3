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
	b.WriteString(name)
	b.WriteString(":")
	for _, l := range lines {
		b.WriteString("\n")
		b.WriteString(l)
	}
	return b.String()
}
