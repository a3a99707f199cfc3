// Package validate collects import errors as (JSON pointer, message) pairs
// and reads decoded JSON with typed accessors that report, rather than
// panic on, a value of the wrong shape. Every validator in the engine
// (ruleset, sheet, items, plugin kinds) reports through it, so a ruleset
// author sees every problem at once, each as
//
//	FILE:LINE:COL: /json/pointer: what is wrong and what is allowed
//
// (the line and column of the member the pointer names, when the file's
// text is known: Decode keeps it).
package validate

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/jsonin"
)

// Problem is one thing wrong with an input.
type Problem struct {
	Pointer string `json:"pointer"`
	Message string `json:"message"`
	// Line and Column are where in the file the member the pointer
	// names starts (its nearest enclosing member when the problem is
	// about a key that is missing); 0 when the file's text is not known.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
}

// Where is "LINE:COL: /pointer", or the pointer alone without a line.
func (pr Problem) Where() string {
	if pr.Line > 0 {
		return strconv.Itoa(pr.Line) + ":" + strconv.Itoa(pr.Column) + ": " + pr.Pointer
	}
	return pr.Pointer
}

// Problems gathers every problem of one file.
type Problems struct {
	File string
	List []Problem
	// Warnings are what is legal but does nothing (a setting no check
	// reads): reported, never a refusal.
	Warnings []Problem
	// src is the text Decode read, so that Err and Locate can say at
	// which line and column each problem's member starts.
	src []byte
}

// Source sets the text the problems' pointers point into (Decode sets
// it), for Locate.
func (p *Problems) Source(data []byte) { p.src = data }

// Locate gives every problem and warning without a line the line and
// column of its member in the source text (Decode's, or Source's).
func (p *Problems) Locate() {
	if p.src == nil || !p.unlocated() {
		return
	}
	idx := jsonin.Positions(p.src)
	for _, list := range [][]Problem{p.List, p.Warnings} {
		for i := range list {
			if list[i].Line > 0 {
				continue
			}
			if pos, ok := idx.Find(list[i].Pointer); ok {
				list[i].Line, list[i].Column = pos.Line, pos.Col
			}
		}
	}
}

func (p *Problems) unlocated() bool {
	for _, list := range [][]Problem{p.List, p.Warnings} {
		for _, pr := range list {
			if pr.Line == 0 {
				return true
			}
		}
	}
	return false
}

// Warnf records a warning at a JSON pointer.
func (p *Problems) Warnf(ptr, format string, args ...any) {
	if ptr == "" {
		ptr = "/"
	}
	p.Warnings = append(p.Warnings, Problem{Pointer: ptr, Message: fmt.Sprintf(format, args...)})
}

// Addf records a problem at a JSON pointer.
func (p *Problems) Addf(ptr, format string, args ...any) {
	if ptr == "" {
		ptr = "/"
	}
	p.List = append(p.List, Problem{Pointer: ptr, Message: fmt.Sprintf(format, args...)})
}

// Len is the number of problems so far.
func (p *Problems) Len() int { return len(p.List) }

// Err returns nil when nothing is wrong, else an *Error listing everything.
func (p *Problems) Err() error {
	if len(p.List) == 0 {
		return nil
	}
	p.Locate()
	list := append([]Problem(nil), p.List...)
	return &Error{File: p.File, Problems: list, Warnings: append([]Problem(nil), p.Warnings...)}
}

// Error is every problem of a file. Its text has one problem per line;
// the warnings found alongside are kept apart and not in the text.
type Error struct {
	File     string    `json:"file"`
	Problems []Problem `json:"problems"`
	Warnings []Problem `json:"warnings,omitempty"`
}

func (e *Error) Error() string {
	var b strings.Builder
	for i, pr := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		if pr.Line > 0 {
			fmt.Fprintf(&b, "%s:%d:%d: %s: %s", e.File, pr.Line, pr.Column, pr.Pointer, pr.Message)
			continue
		}
		fmt.Fprintf(&b, "%s: %s: %s", e.File, pr.Pointer, pr.Message)
	}
	return b.String()
}

// Ptr appends reference tokens to a JSON pointer, escaping ~ and /.
func Ptr(base string, tokens ...any) string {
	if base == "/" {
		base = ""
	}
	n := len(base)
	for _, t := range tokens {
		if s, ok := t.(string); ok {
			n += 1 + len(s) // most keys need no escape: room for them as they are
		} else {
			n += 4
		}
	}
	if n == 0 {
		return "/"
	}
	// One allocation for the whole pointer (it was a builder growing from
	// nothing and two ReplaceAll per token: most of loading a ruleset's
	// allocations went to the pointers of members that had no problem).
	var b strings.Builder
	b.Grow(n)
	b.WriteString(base)
	for _, t := range tokens {
		b.WriteByte('/')
		switch t := t.(type) { // the two kinds of token a pointer has, without fmt
		case string:
			writeToken(&b, t)
		case int:
			var digits [20]byte
			b.Write(strconv.AppendInt(digits[:0], int64(t), 10))
		default:
			writeToken(&b, fmt.Sprint(t))
		}
	}
	return b.String()
}

// keyPtr is Ptr(base, key), in one allocation: without a token boxed to
// pass through Ptr's ...any (which fmt.Sprint, for other tokens, lets
// escape).
func keyPtr(base, key string) string {
	if base == "/" {
		base = ""
	}
	var b strings.Builder
	b.Grow(len(base) + 1 + len(key))
	b.WriteString(base)
	b.WriteByte('/')
	writeToken(&b, key)
	return b.String()
}

// writeToken writes a pointer token with ~ and / escaped (RFC 6901).
func writeToken(b *strings.Builder, s string) {
	if !strings.ContainsAny(s, "~/") {
		b.WriteString(s)
		return
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b.WriteString("~0")
		case '/':
			b.WriteString("~1")
		default:
			b.WriteByte(s[i])
		}
	}
}

// Decode reads a JSON document into generic values with json.Number, so
// that integers stay exact and a float can be told from an integer. It
// reads strictly (engine/jsonin): a syntax error becomes a problem at the
// root naming the line and column; a duplicate key, invalid UTF-8, a byte
// order mark or a count past the limits a problem at the pointer of the
// offending member.
func Decode(p *Problems, data []byte) (any, bool) {
	v, err := jsonin.Decode(data)
	var jerr *jsonin.Error
	switch {
	case err == nil:
		p.src = data
		return v, true
	case errors.As(err, &jerr) && jerr.Syntax:
		p.Addf("/", "%v; fix the syntax first", err)
		p.at(jerr)
	case errors.As(err, &jerr):
		p.Addf(jerr.Pointer, "%s", jerr.Msg)
		p.at(jerr)
	default:
		p.Addf("/", "%v", err)
	}
	return nil, false
}

// at gives the last problem the place the strict reader found.
func (p *Problems) at(e *jsonin.Error) {
	if n := len(p.List); n > 0 && e.Line > 0 {
		p.List[n-1].Line, p.List[n-1].Column = e.Line, e.Col
	}
}

// TypeName names a decoded JSON value's type for messages.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number, float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// Obj is a JSON object being read, with where it sits in the file.
type Obj struct {
	P  *Problems
	At string
	M  map[string]any
}

// AsObj reads v as an object, reporting otherwise.
func AsObj(p *Problems, at string, v any) (Obj, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		p.Addf(at, "want an object, found %s", TypeName(v))
		return Obj{P: p, At: at}, false
	}
	return Obj{P: p, At: at, M: m}, true
}

// Ptr is the pointer of a key of this object.
func (o Obj) Ptr(key string, more ...any) string {
	if len(more) == 0 {
		return keyPtr(o.At, key)
	}
	return Ptr(o.At, append([]any{key}, more...)...)
}

// Has reports whether the key is present (even as null).
func (o Obj) Has(key string) bool { _, ok := o.M[key]; return ok }

// Addf reports a problem at one of this object's keys.
func (o Obj) Addf(key, format string, args ...any) {
	if key == "" {
		o.P.Addf(o.At, format, args...)
		return
	}
	o.P.Addf(o.Ptr(key), format, args...)
}

// Known reports every key not in the allowed list, naming what is allowed.
func (o Obj) Known(allowed ...string) {
	var unknown []string
	for k := range o.M {
		if !containsStr(allowed, k) {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		if near := Suggest(k, allowed); near != "" && !o.Has(near) {
			o.Addf(k, "unknown key %q: did you mean %q? Allowed here: %s", k, near, strings.Join(allowed, ", "))
			continue
		}
		o.Addf(k, "unknown key %q; allowed here: %s", k, strings.Join(allowed, ", "))
	}
}

// Require reports each missing key.
func (o Obj) Require(keys ...string) bool {
	ok := true
	for _, k := range keys {
		if !o.Has(k) {
			o.P.Addf(o.At, "missing required key %q", k)
			ok = false
		}
	}
	return ok
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Int reads an integer key within [min, max]. Absent returns (def, false)
// without a problem; present but wrong reports and returns (def, false).
func (o Obj) Int(key string, min, max, def int) (int, bool) {
	v, ok := o.M[key]
	if !ok {
		return def, false
	}
	return IntAt(o.P, o.Ptr(key), v, min, max, def)
}

// IntAt reads an integer value within [min, max].
func IntAt(p *Problems, at string, v any, min, max, def int) (int, bool) {
	n, isNum := v.(json.Number)
	if !isNum {
		p.Addf(at, "want a whole number from %d to %d, found %s", min, max, TypeName(v))
		return def, false
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil {
		f, ferr := n.Float64()
		if ferr == nil && f == math.Trunc(f) && math.Abs(f) < 1e15 {
			i = int64(f)
		} else {
			p.Addf(at, "want a whole number from %d to %d, found %s", min, max, n)
			return def, false
		}
	}
	if i < int64(min) || i > int64(max) {
		p.Addf(at, "%d is out of range; allowed %d to %d", i, min, max)
		return def, false
	}
	return int(i), true
}

// Float reads a number key within [min, max].
func (o Obj) Float(key string, min, max, def float64) (float64, bool) {
	v, ok := o.M[key]
	if !ok {
		return def, false
	}
	n, isNum := v.(json.Number)
	if !isNum {
		o.Addf(key, "want a number from %g to %g, found %s", min, max, TypeName(v))
		return def, false
	}
	f, err := n.Float64()
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		o.Addf(key, "want a number from %g to %g, found %s", min, max, n)
		return def, false
	}
	if f < min || f > max {
		o.Addf(key, "%g is out of range; allowed %g to %g", f, min, max)
		return def, false
	}
	return f, true
}

// Str reads a string key. maxLen 0 means no limit; a present empty string
// is reported when nonEmpty.
func (o Obj) Str(key string, maxLen int, nonEmpty bool) (string, bool) {
	v, ok := o.M[key]
	if !ok {
		return "", false
	}
	s, isStr := v.(string)
	if !isStr {
		o.Addf(key, "want a string, found %s", TypeName(v))
		return "", false
	}
	if nonEmpty && strings.TrimSpace(s) == "" {
		o.Addf(key, "must not be empty")
		return "", false
	}
	if maxLen > 0 && len([]rune(s)) > maxLen {
		o.Addf(key, "is %d characters long; at most %d allowed", len([]rune(s)), maxLen)
		return s[:0], false
	}
	return s, true
}

// Bool reads a boolean key.
func (o Obj) Bool(key string, def bool) (bool, bool) {
	v, ok := o.M[key]
	if !ok {
		return def, false
	}
	b, isBool := v.(bool)
	if !isBool {
		o.Addf(key, "want true or false, found %s", TypeName(v))
		return def, false
	}
	return b, true
}

// Enum reads a string key that must be one of the allowed values.
func (o Obj) Enum(key string, def string, allowed ...string) (string, bool) {
	v, ok := o.M[key]
	if !ok {
		return def, false
	}
	s, isStr := v.(string)
	if !isStr || !containsStr(allowed, s) {
		o.Addf(key, "want one of %s, found %s", quoteList(allowed), Describe(v))
		return def, false
	}
	return s, true
}

// Describe names a decoded JSON value for a message: a string as itself,
// quoted, anything else by its type (TypeName).
func Describe(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return TypeName(v)
}

func quoteList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

// Arr reads an array key with a length bound.
func (o Obj) Arr(key string, minLen, maxLen int) ([]any, bool) {
	v, ok := o.M[key]
	if !ok {
		return nil, false
	}
	return ArrAt(o.P, o.Ptr(key), v, minLen, maxLen)
}

// ArrAt reads an array value with a length bound.
func ArrAt(p *Problems, at string, v any, minLen, maxLen int) ([]any, bool) {
	a, isArr := v.([]any)
	if !isArr {
		p.Addf(at, "want an array, found %s", TypeName(v))
		return nil, false
	}
	if len(a) < minLen || len(a) > maxLen {
		if minLen == maxLen {
			p.Addf(at, "has %d entries; want exactly %d", len(a), minLen)
		} else {
			p.Addf(at, "has %d entries; allowed %d to %d", len(a), minLen, maxLen)
		}
		return a, false
	}
	return a, true
}

// Object reads a nested object key.
func (o Obj) Object(key string) (Obj, bool) {
	v, ok := o.M[key]
	if !ok {
		return Obj{P: o.P, At: o.Ptr(key)}, false
	}
	return AsObj(o.P, o.Ptr(key), v)
}

// IDs checks an array of objects that each carry a unique non-empty "id",
// returning the ids in order (empty where missing).
func IDs(p *Problems, at string, entries []any) []string {
	ids := make([]string, len(entries))
	seen := map[string]int{}
	for i, e := range entries {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		id, ok := m["id"].(string)
		if !ok || id == "" {
			p.Addf(Ptr(at, i), `missing "id" (a non-empty string)`)
			continue
		}
		if j, dup := seen[id]; dup {
			p.Addf(Ptr(at, i, "id"), "id %q is already used by entry %d; ids must be unique", id, j)
			continue
		}
		seen[id] = i
		ids[i] = id
	}
	return ids
}
