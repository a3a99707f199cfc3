// Package record is the engine's answer: a tag name plus ordered
// key="value" attributes, printed exactly like a Game Master's tag, with one
// JSON form that keeps the order. Check is the one schema checker every
// record passes through, native or from a plugin, before anyone sees it.
package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/tag"
)

// Record is an answer. It is a tag, so the tag package's Get, Set and
// String apply; attribute order is part of the record.
type Record struct {
	tag.Tag
}

// New starts a record with a tag name.
func New(name string) Record {
	// Most records carry a dozen or so attributes; one allocation up front
	// keeps a check's hot path from growing the slice five times.
	return Record{tag.Tag{Name: name, Attrs: make([]tag.Attr, 0, 16)}}
}

// Add appends an attribute without looking for an earlier one; building a
// record is append-only so its order is the order the code wrote.
func (r *Record) Add(key, value string) { r.Attrs = append(r.Attrs, tag.Attr{Key: key, Value: value}) }

// AddInt appends an integer attribute. Numbers below 100 (nearly every
// number a record holds) are constant strings from smallInts: no
// allocation and no formatting.
func (r *Record) AddInt(key string, v int) {
	if v >= 0 && v < len(smallInts) {
		r.Add(key, smallInts[v])
		return
	}
	r.Add(key, strconv.Itoa(v))
}

// SmallInt is the text of v when it is 0 to 99: a constant string, no
// allocation and no formatting (ok is false for any other number). It is
// AddInt's fast path, for a caller that adds its numbers itself (a
// check's record builder, where a call per number shows).
func SmallInt(v int) (text string, ok bool) {
	if uint(v) < uint(len(smallInts)) {
		return smallInts[v], true
	}
	return "", false
}

// smallInts are "0" to "99".
var smallInts = func() (t [100]string) {
	for i := range t {
		t[i] = strconv.Itoa(i)
	}
	return t
}()

// AddBool appends "true" or "false".
func (r *Record) AddBool(key string, v bool) { r.Add(key, strconv.FormatBool(v)) }

// AddInts appends a comma-separated list of integers ("8,3,10").
func (r *Record) AddInts(key string, vs []int) {
	var b []byte
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	r.Add(key, string(b))
}

// Int reads an integer attribute.
func (r Record) Int(key string) (int, bool) {
	v, ok := r.Get(key)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// Bool reads a boolean attribute.
func (r Record) Bool(key string) (bool, bool) {
	v, ok := r.Get(key)
	if !ok {
		return false, false
	}
	b, err := strconv.ParseBool(v)
	return b, err == nil
}

// Refused builds the refusal record: [refused: action="pay" reason="cannot-afford" ...].
// reason is one of the spec's reason codes, verbatim.
func Refused(action, reason string, more ...string) Record {
	r := New("refused")
	if action != "" {
		r.Add("action", action)
	}
	r.Add("reason", reason)
	for i := 0; i+1 < len(more); i += 2 {
		r.Add(more[i], more[i+1])
	}
	return r
}

// Parse reads the text form back.
func Parse(s string) (Record, error) {
	t, err := tag.Parse(s)
	if err != nil {
		return Record{}, err
	}
	return Record{t}, nil
}

// MarshalJSON writes {"tag":"check","attrs":[["who","Bram"],...]}.
func (r Record) MarshalJSON() ([]byte, error) {
	n := len(r.Name) + 24
	for _, a := range r.Attrs {
		n += len(a.Key) + len(a.Value) + 8
	}
	return r.AppendJSON(make([]byte, 0, n)), nil
}

// AppendJSON appends the JSON form to dst, by hand and without
// reflection: --json output of a repeated check costs about what the
// check does (it cost 4 to 6 times as much through json.Marshal per key
// and value).
func (r Record) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"tag":`...)
	dst = jsonin.AppendString(dst, r.Name)
	dst = append(dst, `,"attrs":[`...)
	for i, a := range r.Attrs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		dst = jsonin.AppendString(dst, a.Key)
		dst = append(dst, ',')
		dst = jsonin.AppendString(dst, a.Value)
		dst = append(dst, ']')
	}
	return append(dst, "]}"...)
}

// UnmarshalJSON reads the JSON form.
func (r *Record) UnmarshalJSON(data []byte) error {
	var raw struct {
		Tag   string     `json:"tag"`
		Attrs [][]string `json:"attrs"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return fmt.Errorf("record JSON: %w", err)
	}
	if raw.Tag == "" {
		return fmt.Errorf(`record JSON: missing "tag"`)
	}
	r.Name = raw.Tag
	r.Attrs = make([]tag.Attr, len(raw.Attrs))
	for i, a := range raw.Attrs {
		if len(a) != 2 {
			return fmt.Errorf("record JSON: attribute %d: want [key, value], found %d strings", i, len(a))
		}
		r.Attrs[i] = tag.Attr{Key: a[0], Value: a[1]}
	}
	return nil
}

// Text is the text form; it is String under the name the docs use.
func (r Record) Text() string { return r.String() }

// Summary joins attributes for a log line: key=value pairs without quotes.
func (r Record) Summary() string {
	var parts []string
	for _, a := range r.Attrs {
		parts = append(parts, a.Key+"="+a.Value)
	}
	return r.Name + " " + strings.Join(parts, " ")
}
