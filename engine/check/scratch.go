package check

import (
	"strconv"
	"unsafe"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// scratch is the storage a check builds its record and throws its faces
// in: the attribute list, the text of the values it writes (rolls="8,3,10",
// dice="1d20", numbers outside 0..99) and the faces. It is allocated
// together with the Check (store); a Checker keeps one and reuses it
// check after check, and Resolve takes one from a pool. A check that needs
// more grows onto the heap as before; the sizes below fit every bundled
// ruleset's checks.
//
// The value texts are written into a chunk of text storage shared by the
// records built one after another (texts), and become strings when the
// check is done (finish); so most checks allocate nothing at all.
type scratch struct {
	attrs   [16]tag.Attr
	x       texts
	pendArr [16]pending
	faces   [32]int
	nfaces  int
	// The kinds' working state, one of which a check uses (kindState).
	pool    poolCheck
	highest highestCheck
	symbols symbolCheck
	// faceTable is the last pool's face counts (facetable.go), kept
	// from check to check.
	faceTable faceTable
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

// texts are the value texts of one record being built: the bytes of the
// values written so far, and the attributes waiting for them (their value
// is "" until fill). A nil *texts writes each value as a string of its
// own at once (a Check a host built itself, without scratch).
//
// The bytes are written into a chunk of textChunk bytes that the records
// built in one storage (a Checker's, or one of Resolve's) fill one after
// another: buf starts where the last record's texts ended, and fill makes
// the record's values strings that point into the chunk (unsafe.String)
// instead of copying them to a new string, which was the one allocation
// of most checks. This is sound because no byte a string covers is ever
// written again: buf only moves forward through its chunk (each record
// starts after the last one's bytes), appends write only at or after
// len(buf), and a chunk with too little room left is never reused but
// replaced by a new one (begin); and no two storages share a chunk (a
// Checker must not be copied, which go vet enforces through its noCopy,
// and Resolve's stores are pointers out of a pool). A chunk lives as long
// as any value in it, so a record kept for long keeps at most textChunk
// bytes alive.
type texts struct {
	buf  []byte
	pend []pending
}

// textChunk is the size of the chunks texts are written in, and
// textRoom the room a record starts with at least: every bundled
// ruleset's records fit in it (a symbol pool's symbolDetails= alone can
// take 200 bytes); a record that needs more grows onto a larger chunk,
// as append does, and the records after it go on in that one.
const (
	textChunk = 2048
	textRoom  = 384
)

// begin starts a record's texts after the last record's bytes (which
// fill made strings), in the same chunk while it has textRoom bytes left,
// else in a new chunk. Every record begins here.
func (x *texts) begin(pend []pending) {
	if cap(x.buf)-len(x.buf) < textRoom {
		x.buf = make([]byte, 0, textChunk)
	}
	x.buf = x.buf[len(x.buf):len(x.buf)]
	x.pend = pend
}

// pending is an attribute whose value is buf[start:end]; attr is where
// it was added. (int32: a record never nears two billion attributes or
// bytes, and a smaller pending keeps the scratch small.)
type pending struct {
	key        string
	attr       int32
	start, end int32
}

// bytes is the buffer to append a value to (nil for a nil x).
func (x *texts) bytes() []byte {
	if x == nil {
		return nil
	}
	return x.buf
}

// put adds key to r with the value b[start:], b being what bytes
// returned, grown by the caller.
func (x *texts) put(r *record.Record, key string, b []byte, start int) {
	if x == nil {
		r.Add(key, string(b[start:]))
		return
	}
	x.buf = b
	if len(b) > start {
		x.pend = append(x.pend, pending{key: key, attr: int32(len(r.Attrs)), start: int32(start), end: int32(len(b))})
	}
	r.Add(key, "")
}

// fill gives each pending attribute of attrs its value: the record's
// bytes become one string, in place in their chunk (see texts: nothing
// writes them again, the next record's texts begin after them), and each
// value is a substring of it. A kind may have deleted an attribute
// before it (Rec.Delete), which moves the later ones down, so each is
// looked for from where it was added downwards, by its key and its still
// empty value; a record a plugin replaced holds none and is left alone.
func (x *texts) fill(attrs []tag.Attr) {
	if x != nil && len(x.pend) > 0 {
		x.fillPending(attrs)
	}
}

// fillPending is fill for a record with pending values, kept out of line
// so that fill, which many records (a d20's roll, a 5e check) call with
// none, is inlined.
//
//go:noinline
func (x *texts) fillPending(attrs []tag.Attr) {
	all := unsafe.String(unsafe.SliceData(x.buf), len(x.buf))
	for _, p := range x.pend {
		for i := min(int(p.attr), len(attrs)-1); i >= 0; i-- {
			if attrs[i].Key == p.key && attrs[i].Value == "" {
				attrs[i].Value = all[p.start:p.end]
				break
			}
		}
	}
	x.pend = x.pend[:0]
}

// store is one check's working state and its storage, allocated at once.
type store struct {
	c Check
	s scratch
}

// reset makes the scratch empty for the next check, keeping its arrays.
func (s *scratch) reset() {
	s.x.begin(s.pendArr[:0])
	s.nfaces = 0
}

// texts is the check's value texts, nil without scratch.
func (c *Check) texts() *texts {
	if c.scratch == nil {
		return nil
	}
	return &c.scratch.x
}

// newRecord starts c.Rec, in the scratch storage when the check has one.
func (c *Check) newRecord(name string) {
	if c.scratch == nil {
		c.Rec = record.New(name)
		return
	}
	c.Rec = record.Record{Tag: tag.Tag{Name: name, Attrs: c.scratch.attrs[:0]}}
}

// addText adds an attribute whose value fill appends to a byte slice.
func (c *Check) addText(key string, fill func([]byte) []byte) {
	x := c.texts()
	b := x.bytes()
	start := len(b)
	x.put(&c.Rec, key, fill(b), start)
}

// addInts writes a comma-separated list of integers ("8,3,10"). A single
// face below 100 (a d20's kept="19") and a pair of faces up to 20 (an
// advantage's rolls="8,19") are constant strings: no text.
func (c *Check) addInts(key string, vs []int) {
	if len(vs) == 1 {
		if s, ok := record.SmallInt(vs[0]); ok {
			c.Rec.Add(key, s)
			return
		}
	}
	if len(vs) == 2 {
		if s, ok := pairText(vs[0], vs[1]); ok {
			c.Rec.Add(key, s)
			return
		}
	}
	x := c.texts()
	b := x.bytes()
	start := len(b)
	x.put(&c.Rec, key, appendInts(b, vs), start)
}

// maxPairFace is the largest face pairTexts holds: a d20's.
const maxPairFace = 20

// pairTexts are "a,b" for every pair of faces 0..maxPairFace, at
// a*(maxPairFace+1)+b: the rolls= of every advantage and disadvantage
// check of a d20 system, which would otherwise be the one text (and so
// the one allocation) of such a check. All of them share one string.
//
// It is filled in place, with its ends on the heap: built as a returned
// array with a local one beside it (11 KB of frame), it made the main
// goroutine's stack grow twice, to 32 KB, in every command's start.
var pairTexts [(maxPairFace + 1) * (maxPairFace + 1)]string

func init() { fillPairTexts(&pairTexts) }

func fillPairTexts(t *[(maxPairFace + 1) * (maxPairFace + 1)]string) {
	var b []byte
	ends := make([]int, len(t))
	for a := 0; a <= maxPairFace; a++ {
		for c := 0; c <= maxPairFace; c++ {
			b = appendInts(b, []int{a, c})
			ends[a*(maxPairFace+1)+c] = len(b)
		}
	}
	all, start := string(b), 0
	for i, end := range ends {
		t[i], start = all[start:end], end
	}
}

// pairText is "a,b" from pairTexts, ok false when a face is not in it.
func pairText(a, b int) (string, bool) {
	if uint(a) > maxPairFace || uint(b) > maxPairFace {
		return "", false
	}
	return pairTexts[a*(maxPairFace+1)+b], true
}

// addInt writes an integer. 0 to 99 are strconv's own constant strings
// (no allocation); any other number is text.
func (c *Check) addInt(key string, n int) {
	if s, ok := record.SmallInt(n); ok {
		c.Rec.Add(key, s)
		return
	}
	x := c.texts()
	b := x.bytes()
	start := len(b)
	x.put(&c.Rec, key, strconv.AppendInt(b, int64(n), 10), start)
}

// addNotation writes n dice of sides ("3d6") in the check's texts.
func (c *Check) addNotation(key string, n, sides int) {
	x := c.texts()
	b := x.bytes()
	start := len(b)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, 'd')
	x.put(&c.Rec, key, strconv.AppendInt(b, int64(sides), 10), start)
}

// addSigned writes an integer with its sign ("+2", "-1", "0").
func (c *Check) addSigned(key string, n int) {
	x := c.texts()
	b := x.bytes()
	start := len(b)
	if n > 0 {
		b = append(b, '+')
	}
	x.put(&c.Rec, key, strconv.AppendInt(b, int64(n), 10), start)
}

// finish gives the pending attributes their values (texts.fill).
func (c *Check) finish() {
	c.texts().fill(c.Rec.Attrs)
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

// get returns the value of the tag attribute k (any case), as Tag.Get
// does, from the check's key index (tagkeys.go). It is a lookup the
// compiler inlines (a pool check reads some seventy attributes; the call
// was a twentieth of the check), so it reads an index that must already
// be there: prepare and ResolveValue build it, and every exported method
// that reads the tag calls index first, for a Check a host built itself.
func (c *Check) get(k tagKey) (string, bool) {
	if i := c.keys.at[k]; i > 0 {
		return c.Tag.Attrs[i-1].Value, true
	}
	return "", false
}

// index builds the key index for c.Tag unless it is built already: the
// first thing each exported method that reads the tag does, since a host
// may build a Check (and set or change its Tag) itself.
func (c *Check) index() {
	if !c.keys.isFor(c.Tag.Attrs) {
		c.keys.indexKeys(c.Tag)
	}
}

// has reports whether the tag gives k (see get).
func (c *Check) has(k tagKey) bool {
	_, ok := c.get(k)
	return ok
}

// value is the value of k, or "" (see get).
func (c *Check) value(k tagKey) string {
	v, _ := c.get(k)
	return v
}
