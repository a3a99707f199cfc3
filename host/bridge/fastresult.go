package bridge

import (
	"fmt"
	"math"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/tag"
)

// fastRecord reads the common whole-record result, a plain table with
// exactly name (a non-empty string) and attrs (a plain list of pairs that
// fastPairs reads), straight from the Lua tables: a tag handler returns
// one on every call, and the general conversion cost about a tenth of an
// opposed roll. Anything else (ok false) takes the general path, which
// also words the errors.
func fastRecord(t *lua.LTable, head []tag.Attr) (Result, bool) {
	name, ok := t.RawGetString("name").(lua.LString)
	if !ok || name == "" {
		return Result{}, false
	}
	attrs, ok := t.RawGetString("attrs").(*lua.LTable)
	if !ok || attrs.Metatable != lua.LNil {
		return Result{}, false
	}
	if entries(t) != 2 {
		return Result{}, false
	}
	pairs, ok := fastAttrs(attrs, head)
	if !ok {
		return Result{}, false
	}
	return Result{Name: string(name), Attrs: pairs}, true
}

// A result may also be a flat list, key, value, key, value, ...:
//
//	return { "resolution", "sum", "rolls", { 3, 17 }, "total", 20 }
//
// It says the same as the list of pairs and costs one table instead of
// one per attribute, which matters on the hot path (reference-sum writes
// fourteen attributes a check). The two cannot be confused: a list of
// pairs holds tables, a flat list starts with a key (a string).

// fastAttrs reads a list of pairs or a flat list straight from Lua, after
// a copy of head (ReadResultAfter).
func fastAttrs(t *lua.LTable, head []tag.Attr) ([]tag.Attr, bool) {
	if _, flat := t.RawGetInt(1).(lua.LString); flat {
		return fastFlat(t, head)
	}
	return fastPairs(t, head)
}

// fastFlat reads a flat list; anything unusual (ok false) takes the
// general path, which words the errors.
func fastFlat(t *lua.LTable, head []tag.Attr) ([]tag.Attr, bool) {
	n := t.Len()
	if n == 0 || n%2 != 0 || n > 2*MaxAttrs {
		return nil, false
	}
	if entries(t) != n {
		return nil, false
	}
	out := make([]tag.Attr, len(head)+n/2)
	copy(out, head)
	at := out[len(head):]
	var buf []byte
	for i := 1; i <= n; i += 2 {
		k, ok := t.RawGetInt(i).(lua.LString)
		if !ok || k == "" {
			return nil, false
		}
		v, nb, ok := fastValue(t.RawGetInt(i+1), buf)
		buf = nb
		if !ok || len(v) > MaxValueLen {
			return nil, false
		}
		at[i/2] = tag.Attr{Key: string(k), Value: v}
	}
	return out, true
}

// fastValue writes one attribute value: a string, a boolean, an integer
// or a plain list of integers ("8,3,10"); buf is scratch space, returned
// for reuse. ok is false for anything else.
func fastValue(lv lua.LValue, buf []byte) (string, []byte, bool) {
	switch x := lv.(type) {
	case lua.LString:
		return string(x), buf, true
	case lua.LBool:
		return strconv.FormatBool(bool(x)), buf, true
	case lua.LNumber:
		f := float64(x)
		if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return "", buf, false
		}
		return strconv.FormatInt(int64(f), 10), buf, true
	case *lua.LTable:
		if x.Metatable != lua.LNil {
			return "", buf, false
		}
		m := x.Len()
		buf = buf[:0]
		for j := 1; j <= m; j++ {
			num, ok := x.RawGetInt(j).(lua.LNumber)
			f := float64(num)
			if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
				return "", buf, false
			}
			if j > 1 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(f), 10)
		}
		return string(buf), buf, true
	}
	return "", buf, false
}

// unflatten turns a flat list (converted by the general path) into pairs;
// a list of pairs is returned as it is.
func unflatten(list []any) ([]any, error) {
	if len(list) == 0 {
		return list, nil
	}
	if _, flat := list[0].(string); !flat {
		return list, nil
	}
	if len(list)%2 != 0 {
		return nil, fmt.Errorf("a flat result alternates keys and values; it has %d entries, an odd number", len(list))
	}
	pairs := make([]any, 0, len(list)/2)
	for i := 0; i < len(list); i += 2 {
		pairs = append(pairs, []any{list[i], list[i+1]})
	}
	return pairs, nil
}

// entries counts t's entries (every key whose value is not nil) without
// boxing an array index per entry, as ForEach did: a plugin's record is a
// list of some twenty values, counted on every check (third_party patch 8).
func entries(t *lua.LTable) int {
	n := 0
	t.Walk(func(int, lua.LValue, lua.LValue) bool { n++; return true })
	return n
}
