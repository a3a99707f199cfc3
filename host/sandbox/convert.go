package sandbox

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Limits of ToLua and FromLua.
const (
	MaxConvertDepth = 64
	MaxConvertItems = 1 << 20
)

// ToLua converts plain Go data to fresh Lua values: nil, bool, strings,
// all integer and float kinds, slices and arrays (to sequences), maps with
// string or integer keys (inserted in sorted key order, so pairs() order is
// deterministic), structs (exported fields, named by their json tag when
// present, "-" skipped, omitempty honoured), pointers and interfaces (nil
// becomes nil), json.Number, and lua.LValue (passed through). Other kinds
// (funcs, chans, ...) are an error, as are data deeper than MaxConvertDepth
// or bigger than MaxConvertItems.
func ToLua(L *lua.LState, v any) (lua.LValue, error) {
	c := &toConv{L: L}
	return c.conv(v, 0)
}

type toConv struct {
	L     *lua.LState
	items int
}

func (c *toConv) count() error {
	c.items++
	if c.items > MaxConvertItems {
		return fmt.Errorf("sandbox: value has more than %d items", MaxConvertItems)
	}
	return nil
}

func (c *toConv) conv(v any, depth int) (lua.LValue, error) {
	if depth > MaxConvertDepth {
		return lua.LNil, fmt.Errorf("sandbox: value nested deeper than %d", MaxConvertDepth)
	}
	if err := c.count(); err != nil {
		return lua.LNil, err
	}
	switch x := v.(type) {
	case nil:
		return lua.LNil, nil
	case lua.LValue:
		return x, nil
	case bool:
		return lua.LBool(x), nil
	case string:
		return lua.LString(x), nil
	case float64:
		return lua.LNumber(x), nil
	case int:
		return lua.LNumber(x), nil
	case int64:
		return lua.LNumber(x), nil
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return lua.LNil, fmt.Errorf("sandbox: %w", err)
		}
		return lua.LNumber(f), nil
	case []any:
		t := c.L.CreateTable(len(x), 0)
		for _, e := range x {
			lv, err := c.conv(e, depth+1)
			if err != nil {
				return lua.LNil, err
			}
			t.Append(lv)
		}
		return t, nil
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		t := c.L.CreateTable(0, len(x))
		for _, k := range keys {
			lv, err := c.conv(x[k], depth+1)
			if err != nil {
				return lua.LNil, err
			}
			t.RawSetString(k, lv)
		}
		return t, nil
	}
	return c.reflect(reflect.ValueOf(v), depth)
}

func (c *toConv) reflect(rv reflect.Value, depth int) (lua.LValue, error) {
	switch rv.Kind() {
	case reflect.Bool:
		return lua.LBool(rv.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return lua.LNumber(rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return lua.LNumber(rv.Uint()), nil
	case reflect.Float32, reflect.Float64:
		return lua.LNumber(rv.Float()), nil
	case reflect.String:
		return lua.LString(rv.String()), nil
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return lua.LNil, nil
		}
		return c.conv(rv.Elem().Interface(), depth+1)
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			return c.L.CreateTable(0, 0), nil
		}
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			b := make([]byte, rv.Len())
			reflect.Copy(reflect.ValueOf(b), rv)
			return lua.LString(b), nil
		}
		t := c.L.CreateTable(rv.Len(), 0)
		for i := 0; i < rv.Len(); i++ {
			lv, err := c.conv(rv.Index(i).Interface(), depth+1)
			if err != nil {
				return lua.LNil, err
			}
			t.Append(lv)
		}
		return t, nil
	case reflect.Map:
		t := c.L.CreateTable(0, rv.Len())
		keys := rv.MapKeys()
		switch rv.Type().Key().Kind() {
		case reflect.String:
			sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			sort.Slice(keys, func(i, j int) bool { return keys[i].Int() < keys[j].Int() })
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			sort.Slice(keys, func(i, j int) bool { return keys[i].Uint() < keys[j].Uint() })
		default:
			return lua.LNil, fmt.Errorf("sandbox: cannot convert map with %s keys", rv.Type().Key())
		}
		for _, k := range keys {
			lk, err := c.reflect(k, depth+1)
			if err != nil {
				return lua.LNil, err
			}
			lv, err := c.conv(rv.MapIndex(k).Interface(), depth+1)
			if err != nil {
				return lua.LNil, err
			}
			t.RawSet(lk, lv)
		}
		return t, nil
	case reflect.Struct:
		t := c.L.CreateTable(0, rv.NumField())
		rt := rv.Type()
		for i := 0; i < rt.NumField(); i++ {
			f := rt.Field(i)
			if !f.IsExported() {
				continue
			}
			name, omitempty := f.Name, false
			if tag, ok := f.Tag.Lookup("json"); ok {
				parts := strings.Split(tag, ",")
				if parts[0] == "-" && len(parts) == 1 {
					continue
				}
				if parts[0] != "" {
					name = parts[0]
				}
				for _, o := range parts[1:] {
					if o == "omitempty" {
						omitempty = true
					}
				}
			}
			fv := rv.Field(i)
			if omitempty && fv.IsZero() {
				continue
			}
			lv, err := c.conv(fv.Interface(), depth+1)
			if err != nil {
				return lua.LNil, err
			}
			t.RawSetString(name, lv)
		}
		return t, nil
	}
	return lua.LNil, fmt.Errorf("sandbox: cannot convert %s to Lua", rv.Type())
}

// FromLua converts a Lua value to plain Go data: nil -> nil, booleans ->
// bool, numbers -> float64, strings -> string, tables -> []any when they
// are a non-empty sequence 1..n, map[string]any otherwise (number keys are
// formatted: 2 -> "2"), and the empty table -> []any{}. Read-only views
// are seen through. Functions, userdata, threads, channels, non-string
// non-number keys, cycles and data past MaxConvertDepth/MaxConvertItems
// are errors.
func FromLua(lv lua.LValue) (any, error) {
	return FromLuaLimit(lv, MaxConvertItems)
}

// FromLuaLimit is FromLua with a smaller item limit, for results whose
// useful size is known: the conversion runs after the call, outside its
// deadline and memory budget, so a table built to be expensive to convert
// (a few shared subtables nested forty deep stand for 2^40 items) must be
// cut short early. maxItems above MaxConvertItems is MaxConvertItems.
func FromLuaLimit(lv lua.LValue, maxItems int) (any, error) {
	return FromLuaBounded(lv, maxItems, MaxConvertBytes)
}

// MaxConvertBytes bounds the string bytes (values and keys) FromLua and
// FromLuaLimit convert.
const MaxConvertBytes = 16 << 20

// FromLuaBounded is FromLuaLimit that also bounds the string bytes (keys
// and values, each occurrence counted) the result holds. A table holding
// the same 1 MiB string 200 times is 200 MiB to whoever copies or encodes
// the result (json.Marshal), so a host function taking a table from a
// plugin bounds both, and the conversion stops as soon as either is past,
// before the host spends anything on the rest. maxBytes <= 0 or above
// MaxConvertBytes is MaxConvertBytes.
func FromLuaBounded(lv lua.LValue, maxItems, maxBytes int) (any, error) {
	if maxItems <= 0 || maxItems > MaxConvertItems {
		maxItems = MaxConvertItems
	}
	if maxBytes <= 0 || maxBytes > MaxConvertBytes {
		maxBytes = MaxConvertBytes
	}
	c := &fromConv{max: maxItems, maxBytes: maxBytes}
	return c.conv(lv, 0)
}

type fromConv struct{ items, max, bytes, maxBytes int }

// addBytes counts n string bytes against the bound.
func (c *fromConv) addBytes(n int) error {
	c.bytes += n
	if c.bytes > c.maxBytes {
		return fmt.Errorf("sandbox: Lua value holds more than %d bytes of text", c.maxBytes)
	}
	return nil
}

func (c *fromConv) conv(lv lua.LValue, depth int) (any, error) {
	if depth > MaxConvertDepth {
		return nil, fmt.Errorf("sandbox: Lua value nested deeper than %d (or cyclic)", MaxConvertDepth)
	}
	c.items++
	if c.items > c.max {
		return nil, fmt.Errorf("sandbox: Lua value has more than %d items", c.max)
	}
	switch v := lv.(type) {
	case nil, *lua.LNilType:
		return nil, nil
	case lua.LBool:
		return bool(v), nil
	case lua.LNumber:
		return float64(v), nil
	case lua.LString:
		if err := c.addBytes(len(v)); err != nil {
			return nil, err
		}
		return string(v), nil
	case *lua.LTable:
		t := seeThrough(v)
		n := t.Len()
		count := 0
		var err error
		t.Walk(func(int, lua.LValue, lua.LValue) bool { count++; return true }) // no boxed index (patch 8)
		if count == 0 {
			return []any{}, nil
		}
		if count == n {
			out := make([]any, n)
			for i := 1; i <= n; i++ {
				if out[i-1], err = c.conv(t.RawGetInt(i), depth+1); err != nil {
					return nil, err
				}
			}
			return out, nil
		}
		out := make(map[string]any, count)
		t.ForEach(func(k, val lua.LValue) {
			if err != nil {
				return
			}
			var key string
			switch kk := k.(type) {
			case lua.LString:
				key = string(kk)
				if err = c.addBytes(len(key)); err != nil {
					return
				}
			case lua.LNumber:
				f := float64(kk)
				if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
					key = strconv.FormatInt(int64(f), 10)
				} else {
					key = strconv.FormatFloat(f, 'g', -1, 64)
				}
			default:
				err = fmt.Errorf("sandbox: cannot convert a table with %s keys", k.Type())
				return
			}
			var gv any
			gv, err = c.conv(val, depth+1)
			out[key] = gv
		})
		if err != nil {
			return nil, err
		}
		return out, nil
	}
	return nil, fmt.Errorf("sandbox: cannot convert a Lua %s", lv.Type())
}

// ReadOnly converts plain Go data with ToLua and, when the result is a
// table, returns a deep read-only view of it (see Freeze). gopher-luar
// v1.0.11 has no immutable mode (its proxies let Lua assign struct fields
// and map entries), so host data is copied rather than proxied.
func (s *Sandbox) ReadOnly(v any) (lua.LValue, error) {
	lv, err := ToLua(s.l, v)
	if err != nil {
		return lua.LNil, err
	}
	if t, ok := lv.(*lua.LTable); ok {
		return s.Freeze(t), nil
	}
	return lv, nil
}
