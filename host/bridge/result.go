package bridge

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/sandbox"
)

// MaxAttrs bounds the attributes one plugin result may carry.
const MaxAttrs = 64

// MaxValueLen bounds one attribute value a plugin returns.
const MaxValueLen = 4096

// maxResultItems bounds the Lua values read from a result: MaxAttrs pairs,
// each at most a list of integers that fits in MaxValueLen. Anything
// bigger cannot be a valid result, and is refused before the host spends
// time converting it.
const maxResultItems = MaxAttrs * (MaxValueLen/2 + 4)

// Result is what a resolve function or a tag handler returned: either a
// list of {key, value} pairs (Name is "") to append to the record the host
// started, or a whole record {name = "...", attrs = {{key, value}, ...}}.
type Result struct {
	Name  string
	Attrs []tag.Attr
}

// ReadResult converts a plugin's return value. Values may be strings,
// integers, booleans or lists of integers (written "8,3,10"); anything
// else is an error that names the attribute, so the refusal can say
// what was wrong.
func ReadResult(lv lua.LValue) (Result, error) {
	return ReadResultAfter(lv, nil)
}

// ReadResultAfter is ReadResult with the attributes read into one new
// slice after a copy of head: res.Attrs[:len(head)] is head and
// res.Attrs[len(head):] what the plugin returned (checked as ReadResult
// checks it). A kind's resolve appends its attributes to the head of the
// check the engine wrote, and a tag's record is its attributes: read so,
// the record is built once rather than read and then copied onto the
// head (a tenth of the bytes a plugin check allocated).
func ReadResultAfter(lv lua.LValue, head []tag.Attr) (Result, error) {
	if lv == nil || lv == lua.LNil {
		return Result{}, fmt.Errorf("returned nothing; return a list of {key, value} pairs or a record {name = ..., attrs = {...}}")
	}
	if t, ok := lv.(*lua.LTable); ok && t.Metatable == lua.LNil {
		if attrs, ok := fastAttrs(t, head); ok {
			return Result{Attrs: attrs}, checkText(attrs[len(head):])
		}
		if res, ok := fastRecord(t, head); ok {
			return res, checkText(res.Attrs[len(head):])
		}
	}
	raw, err := sandbox.FromLuaLimit(lv, maxResultItems)
	if err != nil {
		return Result{}, fmt.Errorf("result: %w", err)
	}
	var out Result
	var pairs []any
	switch x := raw.(type) {
	case []any:
		if pairs, err = unflatten(x); err != nil {
			return Result{}, err
		}
	case map[string]any:
		name, ok := x["name"].(string)
		if !ok || name == "" {
			return Result{}, fmt.Errorf(`a record result needs name = "..." (a string)`)
		}
		out.Name = name
		for k := range x {
			if k != "name" && k != "attrs" {
				return Result{}, fmt.Errorf("a record result has only name and attrs; found %q", short(k))
			}
		}
		if a, present := x["attrs"]; present {
			if pairs, ok = a.([]any); !ok {
				return Result{}, fmt.Errorf("attrs: want a list of {key, value} pairs")
			}
			if pairs, err = unflatten(pairs); err != nil {
				return Result{}, err
			}
		}
	default:
		return Result{}, fmt.Errorf("returned a %T; return a list of {key, value} pairs or a record {name = ..., attrs = {...}}", raw)
	}
	if len(pairs) > MaxAttrs {
		return Result{}, fmt.Errorf("%d attributes; at most %d", len(pairs), MaxAttrs)
	}
	for i, p := range pairs {
		kv, ok := p.([]any)
		if !ok || len(kv) != 2 {
			return Result{}, fmt.Errorf("attribute %d: want a pair {key, value}", i+1)
		}
		key, ok := kv[0].(string)
		if !ok || key == "" {
			return Result{}, fmt.Errorf("attribute %d: the key must be a non-empty string", i+1)
		}
		val, err := value(kv[1])
		if err != nil {
			return Result{}, fmt.Errorf("attribute %q: %w", short(key), err)
		}
		if len(val) > MaxValueLen {
			return Result{}, fmt.Errorf("attribute %q: value of %d bytes; at most %d", short(key), len(val), MaxValueLen)
		}
		out.Attrs = append(out.Attrs, tag.Attr{Key: key, Value: val})
	}
	if err := checkText(out.Attrs); err != nil {
		return Result{}, err
	}
	if len(head) > 0 {
		out.Attrs = append(append(make([]tag.Attr, 0, len(head)+len(out.Attrs)), head...), out.Attrs...)
	}
	return out, nil
}

// checkText refuses values that are not valid UTF-8 or hold control
// characters (sandbox.Unshowable: C0/C1 controls, and the bidi overrides
// and isolates, invisible marks and line/paragraph separators that would
// make a value render as something else). record.Check reads types, not bytes: a note with an escape
// sequence would reach the GM's terminal as a command, a newline would
// break the one-line record, and invalid UTF-8 does not survive the
// record's JSON form.
func checkText(attrs []tag.Attr) error {
	for _, a := range attrs {
		if !utf8.ValidString(a.Value) {
			return fmt.Errorf("attribute %q: the value is not valid UTF-8", short(a.Key))
		}
		for _, r := range a.Value {
			if sandbox.Unshowable(r) {
				return fmt.Errorf("attribute %q: the value holds the control character %U", short(a.Key), r)
			}
		}
	}
	return nil
}

func value(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case bool:
		return strconv.FormatBool(x), nil
	case float64:
		return integer(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			f, ok := e.(float64)
			if !ok {
				return "", fmt.Errorf("a list value must hold integers only")
			}
			s, err := integer(f)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return strings.Join(parts, ","), nil
	}
	return "", fmt.Errorf("want a string, an integer, a boolean or a list of integers, found %T", v)
}

func integer(f float64) (string, error) {
	if f != math.Trunc(f) || math.IsInf(f, 0) || math.Abs(f) > 1<<53 {
		return "", fmt.Errorf("%v is not an integer; pass other numbers as strings", f)
	}
	return strconv.FormatInt(int64(f), 10), nil
}

// fastPairs reads the common result, a plain list of {key, value} pairs
// with string, integer or boolean values or plain integer lists, straight
// from the Lua tables, after a copy of head (ReadResultAfter). Anything
// else (ok false) takes the general path, which also words the errors.
func fastPairs(t *lua.LTable, head []tag.Attr) ([]tag.Attr, bool) {
	n := t.Len()
	if n == 0 || n > MaxAttrs {
		return nil, false
	}
	if entries(t) != n {
		return nil, false
	}
	out := make([]tag.Attr, len(head)+n)
	copy(out, head)
	at := out[len(head):]
	var buf []byte
	for i := 1; i <= n; i++ {
		p, ok := t.RawGetInt(i).(*lua.LTable)
		if !ok || p.Metatable != lua.LNil || p.Len() != 2 {
			return nil, false
		}
		k, ok := p.RawGetInt(1).(lua.LString)
		if !ok || k == "" {
			return nil, false
		}
		v, nb, ok := fastValue(p.RawGetInt(2), buf)
		buf = nb
		if !ok {
			return nil, false
		}
		if len(v) > MaxValueLen {
			return nil, false
		}
		at[i-1] = tag.Attr{Key: string(k), Value: v}
	}
	return out, true
}

// short is a key a plugin returned, fit for an error message (which
// becomes a refusal's note): sanitized and at most 64 bytes.
func short(key string) string {
	return sandbox.Clean(key, 64, sandbox.Line)
}
