// Package jsonin is the one strict JSON reader behind every JSON file the
// engine reads: rulesets, catalogs, sheets, plugin test cases and session
// files. encoding/json lets the last of two duplicate keys win and turns
// invalid UTF-8 into U+FFFD without a word, so a ruleset saying
// "max": 40, "max": 4 or a sheet named "Tam\xffsin" would load as
// something its author never wrote. This reader refuses both, naming the
// JSON pointer of the offending member, names a byte order mark as one,
// and bounds what a hostile file may cost: a size limit checked before
// reading, and a count of elements and members checked as they are
// decoded, so a refused file stops being read at the first excess.
package jsonin

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Limits. DefaultMaxBytes is the documented default file size limit
// (docs/session.md "Input limits"); the CLI's --max-input raises it.
const (
	DefaultMaxBytes = 8 << 20
	// MaxItems bounds the elements of one array and the members of one
	// object. No count the engine accepts comes near it (a catalog holds
	// at most 5,000 entries), so a file past it is refused at its
	// 10,001st element without decoding the rest.
	MaxItems = 10000
	// MaxDepth bounds nesting, so a file of 100,000 "[" costs nothing.
	MaxDepth = 100
)

var maxBytes atomic.Int64

func init() { maxBytes.Store(DefaultMaxBytes) }

// SetMaxBytes changes the file size limit for every later read (the CLI's
// --max-input). n <= 0 restores the default.
func SetMaxBytes(n int64) {
	if n <= 0 {
		n = DefaultMaxBytes
	}
	maxBytes.Store(n)
}

// MaxBytes is the file size limit in force.
func MaxBytes() int64 { return maxBytes.Load() }

// ErrTooLarge marks a file refused for its size.
var ErrTooLarge = errors.New("file too large")

// ReadFile reads a file of at most MaxBytes bytes. A larger file is
// refused before it is read (and, should it grow while being read, as
// soon as the limit is passed).
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := MaxBytes()
	room := 512 // what io.ReadAll starts with, for a file that does not say its size
	if st, err := f.Stat(); err == nil {
		if st.Size() > limit {
			return nil, fmt.Errorf("%w: %s is %d bytes; the limit is %d (raise it with --max-input)", ErrTooLarge, path, st.Size(), limit)
		}
		room = int(st.Size()) + 512
	}
	data, err := readAll(io.LimitReader(f, limit+1), room)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%w: %s is over %d bytes, the limit (raise it with --max-input)", ErrTooLarge, path, limit)
	}
	return data, nil
}

// readAll is io.ReadAll into a buffer of room bytes to begin with (the
// file's size and a little, as os.ReadFile does), so a file is read into
// one buffer of its size rather than through ReadAll's growth from 512
// bytes: a 19 KB ruleset was 42 KB of buffers, pages a one-shot command
// touches (issue 31). It grows as ReadAll does when there is more.
func readAll(r io.Reader, room int) ([]byte, error) {
	data := make([]byte, 0, room)
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // room for more
		}
	}
}

// Error is a refusal: where (the JSON pointer of the member, and the byte
// offset, line and column) and what is wrong.
type Error struct {
	Pointer string
	Offset  int
	Line    int
	Col     int
	Msg     string
	// Syntax is set when the text is not JSON at all (as opposed to JSON
	// this reader refuses: duplicate keys, invalid UTF-8, limits).
	Syntax bool
}

func (e *Error) Error() string {
	if e.Syntax {
		return fmt.Sprintf("not valid JSON (line %d, column %d): %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Pointer, e.Msg)
}

// Decode reads one JSON document into generic values (map[string]any,
// []any, json.Number, string, bool, nil), like encoding/json with
// UseNumber, but strictly: duplicate keys, invalid UTF-8, a byte order
// mark, a lone UTF-16 surrogate, text after the value and the limits
// above are refused with an *Error.
func Decode(data []byte) (any, error) {
	d := decoder{data: data, build: true}
	return d.document()
}

// Check is Decode without building values: for callers that decode with
// encoding/json afterwards and only need the strict checks first.
func Check(data []byte) error {
	d := decoder{data: data, path: make([]string, 0, 16)} // one allocation for the pointer's segments, not one per level
	_, err := d.document()
	return err
}

// Unmarshal checks data strictly, then decodes it into v with unknown
// fields refused (json.Decoder.DisallowUnknownFields) and numbers kept
// exact (UseNumber), for files read into Go structs.
func Unmarshal(data []byte, v any) error {
	if err := Check(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	return dec.Decode(v)
}

type decoder struct {
	data  []byte
	i     int
	build bool
	path  []string // pointer segments, escaped
	depth int
	// at, when not nil, records the byte offset of every member (its
	// name's opening quote) and element by pointer (Positions).
	at map[string]int
}

func (d *decoder) document() (any, error) {
	if len(d.data) >= 3 && d.data[0] == 0xEF && d.data[1] == 0xBB && d.data[2] == 0xBF {
		return nil, d.fail(0, "the file starts with a UTF-8 byte order mark (EF BB BF); save it as UTF-8 without a BOM")
	}
	if len(d.data) >= 2 && (d.data[0] == 0xFE && d.data[1] == 0xFF || d.data[0] == 0xFF && d.data[1] == 0xFE) {
		return nil, d.fail(0, "the file starts with a UTF-16 byte order mark; save it as UTF-8 without a BOM")
	}
	d.ws()
	if d.i >= len(d.data) {
		return nil, d.syntax("the file holds no JSON value")
	}
	v, err := d.value()
	if err != nil {
		return nil, err
	}
	d.ws()
	if d.i < len(d.data) {
		d.path = d.path[:0]
		return nil, d.fail(d.i, "text after the JSON value; a file holds one value")
	}
	return v, nil
}

func (d *decoder) pointer() string {
	if len(d.path) == 0 {
		return "/"
	}
	return "/" + strings.Join(d.path, "/")
}

func (d *decoder) where(off int) (int, int) {
	if off > len(d.data) {
		off = len(d.data)
	}
	line, col := 1, 1
	for _, c := range d.data[:off] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

func (d *decoder) fail(off int, format string, args ...any) *Error {
	line, col := d.where(off)
	return &Error{Pointer: d.pointer(), Offset: off, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (d *decoder) syntax(format string, args ...any) *Error {
	e := d.fail(d.i, format, args...)
	e.Syntax = true
	return e
}

func (d *decoder) ws() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *decoder) value() (any, error) {
	if d.i >= len(d.data) {
		return nil, d.syntax("unexpected end of the file")
	}
	switch c := d.data[d.i]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		return d.str()
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	case c == 't':
		return true, d.literal("true")
	case c == 'f':
		return false, d.literal("false")
	case c == 'n':
		return nil, d.literal("null")
	default:
		return nil, d.syntax("unexpected %s where a value belongs", describe(d.data[d.i:]))
	}
}

func describe(rest []byte) string {
	r, _ := utf8.DecodeRune(rest)
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", rest[0])
	}
	return strconv.QuoteRune(r)
}

func (d *decoder) literal(word string) error {
	if !strings.HasPrefix(string(d.data[d.i:min(len(d.data), d.i+len(word))]), word) {
		return d.syntax("unexpected %s where a value belongs", describe(d.data[d.i:]))
	}
	d.i += len(word)
	return nil
}

func (d *decoder) enter() error {
	d.depth++
	if d.depth > MaxDepth {
		return d.fail(d.i, "nested more than %d deep", MaxDepth)
	}
	return nil
}

func (d *decoder) object() (any, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer func() { d.depth-- }()
	d.i++ // {
	var m map[string]any
	if d.build {
		m = map[string]any{}
	}
	seen := map[string]struct{}{}
	d.ws()
	if d.i < len(d.data) && d.data[d.i] == '}' {
		d.i++
		return m, nil
	}
	for n := 0; ; n++ {
		d.ws()
		if d.i >= len(d.data) || d.data[d.i] != '"' {
			return nil, d.syntax("want a member name in quotes")
		}
		keyAt := d.i
		key, err := d.text(true)
		if err != nil {
			return nil, err
		}
		d.path = append(d.path, escape(key))
		if d.at != nil {
			d.at[d.pointer()] = keyAt
		}
		if _, dup := seen[key]; dup {
			return nil, d.fail(keyAt, "duplicate key %q: the object already has a member of that name", key)
		}
		if n >= MaxItems {
			return nil, d.fail(keyAt, "more than %d members in one object", MaxItems)
		}
		seen[key] = struct{}{}
		d.ws()
		if d.i >= len(d.data) || d.data[d.i] != ':' {
			return nil, d.syntax("want : after the member name %q", key)
		}
		d.i++
		d.ws()
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		if d.build {
			m[key] = v
		}
		d.path = d.path[:len(d.path)-1]
		d.ws()
		if d.i < len(d.data) && d.data[d.i] == ',' {
			d.i++
			continue
		}
		if d.i < len(d.data) && d.data[d.i] == '}' {
			d.i++
			return m, nil
		}
		return nil, d.syntax("want , or } after a member")
	}
}

func (d *decoder) array() (any, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer func() { d.depth-- }()
	d.i++ // [
	var a []any
	if d.build {
		a = []any{}
	}
	d.ws()
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		return a, nil
	}
	for n := 0; ; n++ {
		d.path = append(d.path, strconv.Itoa(n))
		if n >= MaxItems {
			d.path = d.path[:len(d.path)-1]
			return nil, d.fail(d.i, "more than %d elements in one array", MaxItems)
		}
		d.ws()
		if d.at != nil {
			d.at[d.pointer()] = d.i
		}
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		if d.build {
			a = append(a, v)
		}
		d.path = d.path[:len(d.path)-1]
		d.ws()
		if d.i < len(d.data) && d.data[d.i] == ',' {
			d.i++
			continue
		}
		if d.i < len(d.data) && d.data[d.i] == ']' {
			d.i++
			return a, nil
		}
		return nil, d.syntax("want , or ] after an element")
	}
}

// str reads a string value, refusing invalid UTF-8, raw control
// characters and lone surrogates. Only a decoder that builds values
// returns it (boxed, a copy of the bytes); Check's only checks it.
func (d *decoder) str() (any, error) {
	s, err := d.text(d.build)
	if err != nil || !d.build {
		return nil, err
	}
	return s, nil
}

// text reads a string. Without build (Check, Positions), a string
// without escapes is a view of the input rather than a copy: it is a
// member name kept for the length of its object (the duplicate check,
// the pointer of an error, which copies it) and never outlives the call,
// so checking a request body allocates nothing for its names and values
// (a fifth of the allocations of a check request, issue 31). Without
// keep, a string with escapes is checked but not unescaped (a value
// Check reads only to refuse or pass): it returns "".
func (d *decoder) text(keep bool) (string, error) {
	d.i++ // opening quote
	start := d.i
	plain := true
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			s := d.data[start:d.i]
			d.i++
			if !plain {
				return d.unescape(start, s, keep)
			}
			if !d.build {
				return unsafe.String(unsafe.SliceData(s), len(s)), nil
			}
			return string(s), nil
		case c == '\\':
			plain = false
			d.i += 2
		case c < 0x20:
			return "", d.fail(d.i, "control character 0x%02x inside a string; write it as an escape", c)
		case c < utf8.RuneSelf:
			d.i++
		default:
			r, size := utf8.DecodeRune(d.data[d.i:])
			if r == utf8.RuneError && size <= 1 {
				return "", d.fail(d.i, "invalid UTF-8 (byte 0x%02x at byte %d); the file must be UTF-8", c, d.i)
			}
			d.i += size
		}
	}
	return "", d.syntax("string not closed: want \"")
}

// unescape decodes the escapes of s (the string's bytes from start), or,
// without keep, only checks them and returns "".
func (d *decoder) unescape(start int, s []byte, keep bool) (string, error) {
	b := unescaped{keep: keep}
	if keep {
		b.b.Grow(len(s))
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.byte(c)
			continue
		}
		if i+1 >= len(s) {
			return "", d.fail(start+i, "a string ends in a lone backslash")
		}
		i++
		switch s[i] {
		case '"', '\\', '/':
			b.byte(s[i])
		case 'b':
			b.byte('\b')
		case 'f':
			b.byte('\f')
		case 'n':
			b.byte('\n')
		case 'r':
			b.byte('\r')
		case 't':
			b.byte('\t')
		case 'u':
			r, ok := hex4(s[i+1:])
			if !ok {
				return "", d.fail(start+i-1, `invalid \u escape; want four hex digits`)
			}
			i += 4
			if utf16.IsSurrogate(r) {
				r2, ok := rune(0), false
				if i+2 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
					r2, ok = hex4(s[i+3:])
				}
				pair := utf16.DecodeRune(r, r2)
				if !ok || pair == utf8.RuneError {
					return "", d.fail(start+i-5, `a lone UTF-16 surrogate \u%04x; the text would not be valid UTF-8`, r)
				}
				i += 6
				r = pair
			}
			b.rune(r)
		default:
			return "", d.fail(start+i-1, "invalid escape \\%c", s[i])
		}
	}
	return b.b.String(), nil
}

// unescaped collects an unescaped string, or nothing without keep.
type unescaped struct {
	b    strings.Builder
	keep bool
}

func (u *unescaped) byte(c byte) {
	if u.keep {
		u.b.WriteByte(c)
	}
}

func (u *unescaped) rune(r rune) {
	if u.keep {
		u.b.WriteRune(r)
	}
}

func hex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(s[:4]), 16, 32)
	return rune(n), err == nil
}

// number reads a JSON number by its grammar and keeps its text.
func (d *decoder) number() (any, error) {
	start := d.i
	if d.data[d.i] == '-' {
		d.i++
	}
	if d.i < len(d.data) && d.data[d.i] == '0' {
		d.i++
	} else if !d.digits() {
		return nil, d.syntax("want a digit in a number")
	}
	if d.i < len(d.data) && d.data[d.i] == '.' {
		d.i++
		if !d.digits() {
			return nil, d.syntax("want a digit after the decimal point")
		}
	}
	if d.i < len(d.data) && (d.data[d.i] == 'e' || d.data[d.i] == 'E') {
		d.i++
		if d.i < len(d.data) && (d.data[d.i] == '+' || d.data[d.i] == '-') {
			d.i++
		}
		if !d.digits() {
			return nil, d.syntax("want a digit in the exponent")
		}
	}
	if !d.build {
		return nil, nil // checked only: no copy of its text
	}
	return json.Number(d.data[start:d.i]), nil
}

func (d *decoder) digits() bool {
	start := d.i
	for d.i < len(d.data) && d.data[d.i] >= '0' && d.data[d.i] <= '9' {
		d.i++
	}
	return d.i > start
}

// escape writes a member name as a JSON pointer segment (RFC 6901).
func escape(key string) string {
	if !strings.ContainsAny(key, "~/") {
		return key
	}
	return strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}

// DecodePrefix decodes the first JSON value of data, as strictly as
// Decode, and returns how many bytes it took; what follows is the
// caller's to judge (the session log tells a missing newline from
// garbage this way).
func DecodePrefix(data []byte) (any, int, error) {
	d := decoder{data: data, build: true}
	d.ws()
	if d.i >= len(d.data) {
		return nil, 0, d.syntax("no JSON value")
	}
	v, err := d.value()
	if err != nil {
		return nil, d.i, err
	}
	return v, d.i, nil
}
