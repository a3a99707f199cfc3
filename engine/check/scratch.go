package check

import (
	"unsafe"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// scratch is storage a Check carries inline, so that the Check's one
// allocation also holds its record's attributes, the text of its numbers
// and lists (rolls="8,3,10") and the faces it throws: a common check then
// allocates nothing else. A check that needs more simply grows onto the
// heap, as it always did; the sizes below fit every bundled ruleset's
// checks.
//
// The record returned to the caller points into this storage, so it keeps
// the Check (about 1.2 KiB with the rest of the Check) alive as long as the record lives.
type scratch struct {
	attrs [16]tag.Attr
	// text holds the bytes of attribute values written so far. It is only
	// ever appended to: a value, once handed out as a string, is never
	// written over (when text outgrows its array, append moves on to a new
	// one and the old bytes stay as they were).
	text    []byte
	textArr [160]byte
	faces   [32]int
	nfaces  int
}

// newRecord starts c.Rec in the scratch storage.
func (c *Check) newRecord(name string) {
	c.Rec = record.Record{Tag: tag.Tag{Name: name, Attrs: c.scratch.attrs[:0]}}
	if c.scratch.text == nil {
		// Never restarted: values already handed out stay as written.
		c.scratch.text = c.scratch.textArr[:0]
	}
}

// textOf returns the bytes appended to the scratch text since start as a
// string, without copying (see scratch.text for why this is safe).
func (c *Check) textOf(start int) string {
	b := c.scratch.text[start:]
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// addInts writes a comma-separated list of integers ("8,3,10") into the
// scratch text and adds it to the record.
func (c *Check) addInts(key string, vs []int) {
	if c.scratch.text == nil {
		c.Rec.AddInts(key, vs) // a Check not started with newRecord
		return
	}
	start := len(c.scratch.text)
	c.scratch.text = appendInts(c.scratch.text, vs)
	c.Rec.Add(key, c.textOf(start))
}

// addText adds an attribute whose value fill appends to the scratch text.
func (c *Check) addText(key string, fill func([]byte) []byte) {
	if c.scratch.text == nil {
		c.Rec.Add(key, string(fill(nil)))
		return
	}
	start := len(c.scratch.text)
	c.scratch.text = fill(c.scratch.text)
	c.Rec.Add(key, c.textOf(start))
}

// takeFaces returns an empty slice of capacity n from the scratch faces,
// or a new one when they are used up. Slices handed out never overlap.
func (c *Check) takeFaces(n int) []int {
	s := &c.scratch
	if s.nfaces+n > len(s.faces) {
		return make([]int, 0, n)
	}
	f := s.faces[s.nfaces : s.nfaces : s.nfaces+n]
	s.nfaces += n
	return f
}
