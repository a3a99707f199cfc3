// Package tag reads and prints the Game Master's tag grammar,
// [name: key="value" key2="value2"], which is also the text form of every
// record the engine answers with. One parser serves both, so a record can
// always be read back.
//
// Grammar (whitespace is spaces, tabs and newlines):
//
//	tag   = "[" name [ ":" { ws attr } ] ws "]"
//	name  = letter { letter | digit | "_" | "-" }
//	attr  = key ws "=" ws '"' { char | '\"' | '\\' } '"'
//	key   = letter { letter | digit | "_" | "-" | "." }
//
// Key names are compared case-insensitively (Get, Has); printing keeps the
// case they were written with, so Print(Parse(s)) == s for canonical s.
// Inside a value, \" is a quote and \\ a backslash; any other backslash is
// kept as written. The parser never panics, whatever its input (fuzzed).
package tag

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Attr is one key="value" pair.
type Attr struct {
	Key   string
	Value string
}

// Tag is a name and its attributes in the order they were written.
type Tag struct {
	Name  string
	Attrs []Attr
}

// Limits that keep a hostile input from costing more than it is worth.
const (
	MaxAttrs    = 256
	MaxValueLen = 64 << 10
	// MaxTagLen bounds a whole tag, brackets included.
	MaxTagLen = 64 << 10
)

// Reasons a well-formed tag is refused (docs/tags.md "What is refused"):
// the tag reads, but acting on it would mean guessing or paying too much.
const (
	ReasonDuplicateAttribute = "duplicate-attribute"
	ReasonTagTooLong         = "tag-too-long"
	ReasonTooManyAttributes  = "too-many-attributes"
)

// SyntaxError says where a tag stopped making sense.
type SyntaxError struct {
	Offset int    // byte offset in the input
	Msg    string // what was expected
	// Reason is set when the tag is refused for a limit or a duplicate
	// attribute rather than for its grammar (one of the Reason codes).
	Reason string
	// Attr is the attribute concerned, when there is one.
	Attr string
}

// Error says where, without a "tag:" prefix: callers add their own
// context ("tag: at byte 12: ..."), so it is never said twice.
func (e *SyntaxError) Error() string { return fmt.Sprintf("at byte %d: %s", e.Offset, e.Msg) }

// ErrNoTag is returned by Parse for input that holds no tag at all.
var ErrNoTag = errors.New("no [name: ...] tag found")

// EqualKey compares two attribute keys ignoring case, exactly as
// strings.EqualFold does, but byte by byte while both are ASCII (keys the
// grammar reads always are): every check looks up a dozen keys, and most
// comparisons are decided at the first byte.
//
// Why this is EqualFold: EqualFold compares rune by rune, and an ASCII
// byte is a rune of its own that folds only to ASCII, so a common ASCII
// prefix that matches under ASCII folding leaves EqualFold of the rests;
// at the first non-ASCII byte the rests are handed to EqualFold itself.
// When one key ends inside the ASCII prefix the other still has runes
// left, and EqualFold is false (every rune folds to exactly one rune).
// FuzzEqualKey holds the two together.
func EqualKey(a, b string) bool {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		x, y := a[i], b[i]
		if x|y >= utf8.RuneSelf {
			return strings.EqualFold(a[i:], b[i:])
		}
		if x != y && lowerASCII(x) != lowerASCII(y) {
			return false
		}
	}
	return len(a) == len(b)
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// Get returns the value of the first attribute whose key matches, ignoring case.
func (t Tag) Get(key string) (string, bool) {
	for _, a := range t.Attrs {
		if EqualKey(a.Key, key) {
			return a.Value, true
		}
	}
	return "", false
}

// Value returns the attribute's value or "".
func (t Tag) Value(key string) string {
	v, _ := t.Get(key)
	return v
}

// Has reports whether the tag carries the attribute.
func (t Tag) Has(key string) bool {
	_, ok := t.Get(key)
	return ok
}

// Set replaces the first attribute with this key (any case) or appends it.
func (t *Tag) Set(key, value string) {
	for i, a := range t.Attrs {
		if strings.EqualFold(a.Key, key) {
			t.Attrs[i].Value = value
			return
		}
	}
	t.Attrs = append(t.Attrs, Attr{key, value})
}

// Delete removes every attribute with this key (any case).
func (t *Tag) Delete(key string) {
	out := t.Attrs[:0]
	for _, a := range t.Attrs {
		if !strings.EqualFold(a.Key, key) {
			out = append(out, a)
		}
	}
	t.Attrs = out
}

// NameIs compares the tag's name ignoring case.
func (t Tag) NameIs(name string) bool { return strings.EqualFold(t.Name, name) }

// String prints the tag in canonical form.
//
// It prints through Append (the printer every record goes through) into
// one buffer of the size the text needs without escapes, handed out as the
// string without a copy: the strings.Builder it used wrote byte by byte
// through a call per attribute part, and was a quarter of a check through
// tag.Parse, check.Resolve and String.
func (t Tag) String() string {
	n := len(t.Name) + 3
	for _, a := range t.Attrs {
		n += len(a.Key) + len(a.Value) + 4
	}
	b := t.Append(make([]byte, 0, n))
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is never written again
}

// AppendTo prints the tag into b without intermediate allocations.
func (t Tag) AppendTo(b *strings.Builder) {
	n := len(t.Name) + 3
	for _, a := range t.Attrs {
		n += len(a.Key) + len(a.Value) + 4
	}
	b.Grow(n)
	b.WriteByte('[')
	b.WriteString(t.Name)
	if len(t.Attrs) > 0 {
		b.WriteByte(':')
	}
	for _, a := range t.Attrs {
		b.WriteByte(' ')
		b.WriteString(a.Key)
		b.WriteString(`="`)
		writeEscaped(b, a.Value)
		b.WriteByte('"')
	}
	b.WriteByte(']')
}

// Append prints the tag in canonical form onto dst and returns it, like
// strconv's Append functions: a caller that prints record after record
// reuses one buffer and prints without allocating.
//
// Every record is printed through here, and almost no value holds a quote
// or a backslash, so the tag is first printed without looking for them,
// and the text checked once, with the vectorised bytes.Count and
// bytes.IndexByte: exactly two quotes per attribute (those around its
// value) and no backslash means no value needed escaping, and the text is
// the canonical one. Otherwise it is printed again, escaping (appendEscaped).
// Looking at the values byte by byte before printing costs about as much
// for a record of a few one-digit values, and much more for longer ones
// (a roll_dice record of ten faces: 60% more).
func (t Tag) Append(dst []byte) []byte {
	start := len(dst)
	dst = t.appendPlain(dst)
	if out := dst[start:]; bytes.Count(out, quote) == 2*len(t.Attrs) && bytes.IndexByte(out, '\\') < 0 {
		return dst
	}
	return t.appendEscaped(dst[:start])
}

var quote = []byte{'"'}

// appendPlain prints the tag with its values as they are.
func (t Tag) appendPlain(dst []byte) []byte {
	dst = append(dst, '[')
	dst = append(dst, t.Name...)
	if len(t.Attrs) > 0 {
		dst = append(dst, ':')
	}
	for _, a := range t.Attrs {
		dst = append(dst, ' ')
		dst = append(dst, a.Key...)
		dst = append(dst, '=', '"')
		dst = append(dst, a.Value...)
		dst = append(dst, '"')
	}
	return append(dst, ']')
}

// appendEscaped prints the tag with quotes and backslashes in values
// escaped. It is appendPlain with the escapes, kept apart from it because
// the plain pass is on every record's path and costs fewer instructions
// without the test for escapes in its loop.
func (t Tag) appendEscaped(dst []byte) []byte {
	dst = append(dst, '[')
	dst = append(dst, t.Name...)
	if len(t.Attrs) > 0 {
		dst = append(dst, ':')
	}
	for _, a := range t.Attrs {
		dst = append(dst, ' ')
		dst = append(dst, a.Key...)
		dst = append(dst, '=', '"')
		for i := 0; i < len(a.Value); i++ {
			if c := a.Value[i]; c == '"' || c == '\\' {
				dst = append(dst, '\\')
			}
			dst = append(dst, a.Value[i])
		}
		dst = append(dst, '"')
	}
	return append(dst, ']')
}

func writeEscaped(b *strings.Builder, v string) {
	if !needsEscape(v) {
		b.WriteString(v)
		return
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '"' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
}

func needsEscape(v string) bool {
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			return true
		}
	}
	return false
}

// Parse reads exactly one tag; text before and after it is an error only
// if it is not whitespace. The name, keys and plain values are views into
// s (no copies); the attribute list is the one allocation, of exactly the
// tag's attributes: the tag is read into room on the stack first (for up
// to parseRoom attributes), where ParseInto's first list has room for
// eight, so a three-attribute check tag allocates 96 bytes, not 256 (the
// simple API's garbage is what its collections cost, issue 31).
func Parse(s string) (Tag, error) {
	var room [parseRoom]Attr
	p := parser{s: s}
	name, attrs, err := p.one(room[:0])
	if err != nil {
		return Tag{}, err
	}
	t := Tag{Name: name} // no attributes: a nil list, as ParseInto leaves it
	if len(attrs) > 0 {
		t.Attrs = append([]Attr(nil), attrs...)
	}
	return t, nil
}

// parseRoom is how many attributes Parse reads without a list on the
// heap; a longer tag grows its own (and is copied once more).
const parseRoom = 16

// ParseInto is Parse into dst, reusing dst.Attrs' storage: a caller that
// parses tag after tag (a benchmark, a server loop) parses without
// allocating once the storage is big enough. dst is overwritten; on error
// it holds no tag. The previous tag's strings stay valid (they are views
// into its own input), but its attribute list is reused.
func ParseInto(dst *Tag, s string) error {
	p := parser{s: s}
	name, attrs, err := p.one(dst.Attrs[:0])
	if err != nil {
		*dst = Tag{Attrs: attrs[:0]}
		return err
	}
	*dst = Tag{Name: name, Attrs: attrs}
	return nil
}

// one reads exactly one tag, with nothing but white space around it,
// appending its attributes to attrs (see readTag).
func (p *parser) one(attrs []Attr) (string, []Attr, error) {
	p.ws()
	if p.i >= len(p.s) {
		return "", attrs, ErrNoTag
	}
	name, attrs, err := p.readTag(attrs)
	if err == nil {
		p.ws()
		if p.i != len(p.s) {
			err = &SyntaxError{Offset: p.i, Msg: "unexpected text after the closing ]"}
		}
	}
	return name, attrs, err
}

// Found is a tag found in free text, with its byte span. Err is set for a
// tag that is well-formed but refused (a duplicated attribute, past
// MaxTagLen or MaxAttrs): Tag then holds its name only, and the caller
// answers with a refusal instead of dropping it silently.
type Found struct {
	Tag        Tag
	Start, End int
	Err        *SyntaxError
}

// FindAll returns the well-formed tags in free text, in order. Text around
// tags, and brackets that do not open a well-formed tag, are skipped.
func FindAll(text string) []Found {
	var out []Found
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], '[')
		if j < 0 {
			break
		}
		start := i + j
		p := parser{s: text, i: start}
		t, err := p.tag()
		if err != nil {
			if f, ok := refusedTag(text, start, err); ok {
				out = append(out, f)
				i = f.End
				continue
			}
			i = start + 1
			continue
		}
		out = append(out, Found{Tag: t, Start: start, End: p.i})
		i = p.i
	}
	return out
}

// refusedTag reads again, without limits, a tag refused for a limit or a
// duplicate: if it is well-formed it is found, with its refusal, and the
// search goes on after it (never inside it).
func refusedTag(text string, start int, err error) (Found, bool) {
	se, ok := err.(*SyntaxError)
	if !ok || se.Reason == "" {
		return Found{}, false
	}
	p := parser{s: text, i: start, lenient: true}
	t, lerr := p.tag()
	if lerr != nil {
		return Found{}, false
	}
	return Found{Tag: Tag{Name: t.Name}, Start: start, End: p.i, Err: se}, true
}

type parser struct {
	s string
	i int
	// lenient drops the limits and the duplicate check (refusedTag).
	lenient bool
}

// ws skips whitespace. The parser's loops read p.s and p.i into locals
// and write p.i back once: through the pointer, the compiler stores p.i on
// every byte.
func (p *parser) ws() { p.i = skipWS(p.s, p.i) }

// skipWS returns the first position at or after i that is not whitespace.
func skipWS(s string, i int) int {
	// Most bytes are not whitespace, and every whitespace byte is at or
	// below ' ': one comparison rules the common case out.
	for i < len(s) && s[i] <= ' ' && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// identEnd returns the end of the bytes of class (className or classKey)
// from i on.
func identEnd(s string, i int, class uint8) int {
	for i < len(s) && identClass[s[i]]&class != 0 {
		i++
	}
	return i
}

func (p *parser) fail(msg string) error { return &SyntaxError{Offset: p.i, Msg: msg} }

// failAt is fail at position i, which it also records in p.i.
func (p *parser) failAt(i int, msg string) error {
	p.i = i
	return p.fail(msg)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// Byte classes for names and keys, read from one table rather than a
// chain of comparisons per byte: tag parsing is on every check's path.
const (
	className = 1 << iota // a letter, digit, _ or - (after the first letter)
	classKey              // the same, or . (an attribute key)
)

var identClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if isLetter(b) || isDigit(b) || b == '_' || b == '-' {
			t[c] = className | classKey
		}
	}
	t['.'] = classKey
	return t
}()

func (p *parser) tag() (Tag, error) {
	var t Tag
	err := p.tagInto(&t)
	return t, err
}

// tagInto reads a tag into t, appending to t.Attrs[:0] (see ParseInto).
//
// It runs on every check, so the text and the position live in locals
// (s, i) and p.i is written back only where the tag ends or fails: through
// the pointer, the compiler would store p.i on every byte.
func (p *parser) tagInto(t *Tag) error {
	name, attrs, err := p.readTag(t.Attrs[:0])
	t.Name, t.Attrs = name, attrs
	return err
}

// readTag is tagInto on values: it appends the attributes to attrs and
// returns them with the name (so far as it was read, on an error). Taking
// and giving back the list by value, rather than through a *Tag, lets
// Parse read into room on its own stack: escape analysis takes whatever
// is stored through a pointer to have escaped.
func (p *parser) readTag(attrs []Attr) (string, []Attr, error) {
	// name and attrs are apart, not in a Tag: escape analysis does not
	// tell a struct's fields apart, and would take the name to come from
	// the list's storage.
	s, i := p.s, p.i
	var name string
	if i >= len(s) || s[i] != '[' {
		return name, attrs, p.failAt(i, "want [ to open a tag")
	}
	open := i
	i = skipWS(s, i+1)
	if i >= len(s) || !isLetter(s[i]) {
		return name, attrs, p.failAt(i, "want a tag name (a letter, then letters, digits, _ or -)")
	}
	end := identEnd(s, i+1, className)
	name = s[i:end]
	i = skipWS(s, end)
	if i < len(s) && s[i] == ']' {
		p.i = i + 1
		return name, attrs, nil
	}
	if i >= len(s) || s[i] != ':' {
		return name, attrs, p.failAt(i, `want ":" after the tag name, or "]"`)
	}
	i++
	var seen keySet
	for {
		i = skipWS(s, i)
		if i >= len(s) {
			return name, attrs, p.failAt(i, "tag not closed: want ]")
		}
		if s[i] == ']' {
			i++
			p.i = i
			if !p.lenient && i-open > MaxTagLen {
				return name, attrs, &SyntaxError{Offset: open, Msg: fmt.Sprintf("the tag is %d bytes; at most %d", i-open, MaxTagLen), Reason: ReasonTagTooLong}
			}
			return name, attrs, nil
		}
		if !p.lenient && (len(attrs) >= MaxAttrs || i-open > MaxTagLen) {
			return name, attrs, limitError(len(attrs), open, i)
		}
		a, next, err := p.attr(i)
		if err != nil {
			return name, attrs, err
		}
		if !p.lenient && seen.mayHave(a.Key) {
			if err := duplicate(attrs, a.Key, i); err != nil {
				return name, attrs, err
			}
		}
		if cap(attrs) == 0 {
			attrs = make([]Attr, 0, 8)
		}
		attrs = append(attrs, a)
		i = next
	}
}

// limitError refuses an attribute past MaxAttrs, or one that starts past
// MaxTagLen.
func limitError(attrs, open, i int) error {
	if attrs >= MaxAttrs {
		return &SyntaxError{Offset: i, Msg: fmt.Sprintf("more than %d attributes", MaxAttrs), Reason: ReasonTooManyAttributes}
	}
	return &SyntaxError{Offset: open, Msg: fmt.Sprintf("the tag is longer than %d bytes", MaxTagLen), Reason: ReasonTagTooLong}
}

// keySet remembers the keys a tag has read so far, by length and first
// letter in any case, so that most keys are known to be new without
// comparing them with every key before them (duplicate).
type keySet uint64

// mayHave adds key and reports whether a key of the same length and first
// letter was added before: only then can key be a duplicate.
func (k *keySet) mayHave(key string) bool {
	bit := keySet(1) << ((uint(len(key))*7 + uint(lowerASCII(key[0]))) & 63)
	had := *k&bit != 0
	*k |= bit
	return had
}

// duplicate refuses key when an attribute read before it has the same
// key in any case. Keys of different lengths differ, so most pairs are
// ruled out without a call.
func duplicate(attrs []Attr, key string, at int) error {
	for j := range attrs {
		if len(attrs[j].Key) == len(key) && equalASCIIKey(key, attrs[j].Key) {
			return &SyntaxError{Offset: at, Msg: fmt.Sprintf("attribute %s given twice; give each attribute once", key), Reason: ReasonDuplicateAttribute, Attr: key}
		}
	}
	return nil
}

// attr reads key="value" starting at i and returns where it ends. p.i is
// set only on an error (for the error's offset).
func (p *parser) attr(i int) (a Attr, next int, err error) {
	s := p.s
	if i >= len(s) || !isLetter(s[i]) {
		return a, i, p.failAt(i, `want an attribute name, like key="value"`)
	}
	end := identEnd(s, i+1, classKey)
	a.Key = s[i:end]
	i = skipWS(s, end)
	if i >= len(s) || s[i] != '=' {
		return a, i, p.failAt(i, fmt.Sprintf(`want = after %q`, a.Key))
	}
	i = skipWS(s, i+1)
	if i >= len(s) || s[i] != '"' {
		return a, i, p.failAt(i, fmt.Sprintf(`want a quoted value after %s=`, a.Key))
	}
	i++
	start := i
	plain := true
	// The closing quote is the first quote not escaped by a backslash.
	// Values are short (a name, a number), so a byte loop beats a call to
	// strings.IndexByte, and a value without a backslash (almost all)
	// takes the first loop only.
	for i < len(s) && s[i] != '"' && s[i] != '\\' {
		i++
	}
	for i < len(s) && s[i] != '"' {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			plain = false
			i += 2
			continue
		}
		i++
	}
	if i >= len(s) {
		return a, i, p.failAt(i, fmt.Sprintf("value of %s not closed: want \"", a.Key))
	}
	raw := s[start:i]
	if !p.lenient && len(raw) > MaxValueLen {
		return a, i, &SyntaxError{Offset: start, Msg: fmt.Sprintf("value of %s longer than %d bytes", a.Key, MaxValueLen), Reason: ReasonTagTooLong, Attr: a.Key}
	}
	if plain {
		a.Value = raw
	} else {
		a.Value = unescape(raw)
	}
	return a, i + 1, nil
}

// equalASCIIKey compares two keys the parser read: the grammar admits
// only ASCII letters, digits, "_", "-" and "." in a key, so ASCII case
// folding is EqualFold for them, and keys of different lengths differ.
func equalASCIIKey(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if x, y := a[i], b[i]; x != y && lowerASCII(x) != lowerASCII(y) {
			return false
		}
	}
	return true
}

func unescape(raw string) string {
	var b strings.Builder
	b.Grow(len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '\\' && i+1 < len(raw) && (raw[i+1] == '"' || raw[i+1] == '\\') {
			i++
			c = raw[i]
		}
		b.WriteByte(c)
	}
	return b.String()
}
