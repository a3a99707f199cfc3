package check

import (
	"strconv"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// scratch is the storage a check builds its record and throws its faces
// in: the attribute list, the text of the values it writes (rolls="8,3,10",
// dice="1d20", numbers outside 0..99) and the faces. Resolve allocates it
// together with the Check (one allocation, store); a Checker keeps one and
// reuses it check after check. A check that needs more grows onto the heap
// as before; the sizes below fit every bundled ruleset's checks.
//
// The value texts are written into one byte buffer while the check runs
// and become strings only when the check is done (finish): one string is
// made of the whole buffer and each value is a substring of it. Values are
// therefore ordinary immutable strings, safe to keep for ever, and a check
// pays one small allocation for all of them.
type scratch struct {
	attrs   [16]tag.Attr
	text    []byte
	textArr [160]byte
	// pend are the attributes whose value is a stretch of text, filled in
	// by finish; until then their value is "".
	pend    []pending
	pendArr [16]pending
	faces   [32]int
	nfaces  int
	// The kinds' working state, one of which a check uses (kindState).
	pool    poolCheck
	highest highestCheck
	symbols symbolCheck
}

// kindState returns the kind's working state in the check's scratch, or
// a new one in a Check without scratch: a kind's state would otherwise be
// one more allocation per check.
func kindState[T any](c *Check, in func(*scratch) *T) *T {
	if c.scratch == nil {
		return new(T)
	}
	return in(c.scratch)
}

// pending is an attribute whose value is text[start:end].
type pending struct {
	key        string
	attr       int
	start, end int
}

// store is one check's working state and its storage, allocated at once.
type store struct {
	c Check
	s scratch
}

// reset makes the scratch empty for the next check, keeping its arrays.
func (s *scratch) reset() {
	s.text = s.textArr[:0]
	s.pend = s.pendArr[:0]
	s.nfaces = 0
}

// newRecord starts c.Rec, in the scratch storage when the check has one.
func (c *Check) newRecord(name string) {
	if c.scratch == nil {
		c.Rec = record.New(name)
		return
	}
	c.Rec = record.Record{Tag: tag.Tag{Name: name, Attrs: c.scratch.attrs[:0]}}
}

// addText adds an attribute whose value fill appends to a byte slice. In
// a check with scratch the text goes into the scratch buffer and the value
// is set by finish; otherwise (a Check a host built itself) it is a string
// of its own at once.
func (c *Check) addText(key string, fill func([]byte) []byte) {
	s := c.scratch
	if s == nil {
		c.Rec.Add(key, string(fill(nil)))
		return
	}
	start := len(s.text)
	s.text = fill(s.text)
	if len(s.text) == start {
		c.Rec.Add(key, "")
		return
	}
	s.pend = append(s.pend, pending{key: key, attr: len(c.Rec.Attrs), start: start, end: len(s.text)})
	c.Rec.Add(key, "")
}

// addInts writes a comma-separated list of integers ("8,3,10").
func (c *Check) addInts(key string, vs []int) {
	s := c.scratch
	if s == nil {
		c.Rec.AddInts(key, vs)
		return
	}
	start := len(s.text)
	s.text = appendInts(s.text, vs)
	c.pendFrom(key, start)
}

// addInt writes an integer. 0 to 99 are strconv's own constant strings
// (no allocation); any other number is text in the scratch buffer.
func (c *Check) addInt(key string, n int) {
	s := c.scratch
	if s == nil || (n >= 0 && n < 100) {
		c.Rec.AddInt(key, n)
		return
	}
	start := len(s.text)
	s.text = strconv.AppendInt(s.text, int64(n), 10)
	c.pendFrom(key, start)
}

// addSigned writes an integer with its sign ("+2", "-1", "0").
func (c *Check) addSigned(key string, n int) {
	s := c.scratch
	if s == nil {
		c.Rec.Add(key, signed(n))
		return
	}
	start := len(s.text)
	if n > 0 {
		s.text = append(s.text, '+')
	}
	s.text = strconv.AppendInt(s.text, int64(n), 10)
	c.pendFrom(key, start)
}

// pendFrom adds key with the value text[start:] (see addText).
func (c *Check) pendFrom(key string, start int) {
	s := c.scratch
	if len(s.text) == start {
		c.Rec.Add(key, "")
		return
	}
	s.pend = append(s.pend, pending{key: key, attr: len(c.Rec.Attrs), start: start, end: len(s.text)})
	c.Rec.Add(key, "")
}

// finish gives the pending attributes their values: one string of the
// whole text buffer, each value a substring of it. A kind may have
// deleted an attribute before it (Rec.Delete), which moves the later ones
// down, so each pending attribute is looked for from where it was written
// downwards, by its key and its still empty value. A record the check
// replaced (a plugin's refusal) holds none of them and is left alone.
func (c *Check) finish() {
	s := c.scratch
	if s == nil || len(s.pend) == 0 {
		return
	}
	fillPending(c.Rec.Attrs, s.text, s.pend)
	s.pend = s.pend[:0]
	s.text = s.text[:0]
}

// fillPending sets each pending attribute of attrs to its stretch of
// text, all of them substrings of one string made of text.
func fillPending(attrs []tag.Attr, text []byte, pend []pending) {
	if len(pend) == 0 {
		return
	}
	all := string(text)
	for _, p := range pend {
		for i := min(p.attr, len(attrs)-1); i >= 0; i-- {
			if attrs[i].Key == p.key && attrs[i].Value == "" {
				attrs[i].Value = all[p.start:p.end]
				break
			}
		}
	}
}

// takeFaces returns an empty slice of capacity n from the scratch faces,
// or a new one when they are used up. Slices handed out never overlap.
func (c *Check) takeFaces(n int) []int {
	s := c.scratch
	if s == nil || s.nfaces+n > len(s.faces) {
		return make([]int, 0, n)
	}
	f := s.faces[s.nfaces : s.nfaces : s.nfaces+n]
	s.nfaces += n
	return f
}

// get returns the value of the tag attribute key (any case), as
// Tag.Get does. Every key a check asks for is ASCII, and so is every key
// the tag grammar reads: between ASCII keys case folding keeps lengths,
// so keys of another length are skipped without comparing them. A tag
// built by a host with other keys is read by Tag.Get itself.
func (c *Check) get(key string) (string, bool) {
	if !c.asciiKeys {
		return c.Tag.Get(key)
	}
	for _, a := range c.Tag.Attrs {
		if len(a.Key) == len(key) && equalFoldASCII(a.Key, key) {
			return a.Value, true
		}
	}
	return "", false
}

// has reports whether the tag gives key (see get).
func (c *Check) has(key string) bool {
	_, ok := c.get(key)
	return ok
}

// value is the value of key, or "" (see get).
func (c *Check) value(key string) string {
	v, _ := c.get(key)
	return v
}

// keysASCII reports whether every attribute key of t is ASCII.
func keysASCII(t tag.Tag) bool {
	for _, a := range t.Attrs {
		if !isASCII(a.Key) {
			return false
		}
	}
	return true
}
