package format

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
)

// dataView is a section's data as the plugin reads it: its JSON form (as
// --json prints it; records as { tag, attrs = { {key, value}, ... } }),
// built as fresh tables. They are made for this one call and shared with
// nothing, so a plugin that writes to them changes only its own copy;
// they are not frozen, which would cost a proxy per table (the inventory
// of a large party holds hundreds). No data is nil; data that does not
// convert is an empty table: the plugin still has the default text.
//
// The tables are built straight from the Go values (jsonLua), not through
// json.Marshal and a decode (a party's inventory took a third of the whole
// prompt's time that way; TestDataViewIsJSON holds the two equal), and
// only when the plugin first looks into data (sandbox.Lazy): the bundled
// formatters read the rules' data and nothing else.
func dataView(st *plugin.State, data any) lua.LValue {
	if rv := reflect.ValueOf(data); !rv.IsValid() || (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Map || rv.Kind() == reflect.Slice) && rv.IsNil() {
		return lua.LNil // a section without data
	}
	L := st.SB.L()
	return st.SB.Lazy(func() lua.LValue { return dataTables(L, data) })
}

// dataTables is data's JSON form as fresh tables, or nil.
func dataTables(L *lua.LState, data any) lua.LValue {
	c := jsonLua{L: L}
	lv, err := c.value(reflect.ValueOf(data), 0)
	if err != nil {
		return lua.LNil
	}
	return lv
}

// dataViewJSON is dataView the slow way, through the JSON text; it is
// what jsonLua falls back to for a value it does not model (a custom
// MarshalJSON other than a record's, json.RawMessage from an isolated
// worker's request, embedded structs).
func dataViewJSON(L *lua.LState, data any) (lua.LValue, error) {
	b, err := json.Marshal(data)
	if err != nil {
		return lua.LNil, err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return lua.LNil, err
	}
	return sandbox.ToLua(L, v)
}

// jsonLua converts Go values to the Lua tables of their JSON form, with
// the limits of sandbox.ToLua (depth, count).
type jsonLua struct {
	L     *lua.LState
	items int
}

var errTooBig = errors.New("section data too large or too deep")

var (
	recordType    = reflect.TypeOf(record.Record{})
	marshalerType = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
	textType      = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
)

func (c *jsonLua) value(rv reflect.Value, depth int) (lua.LValue, error) {
	c.items++
	if depth > sandbox.MaxConvertDepth || c.items > sandbox.MaxConvertItems {
		return lua.LNil, errTooBig
	}
	if !rv.IsValid() {
		return lua.LNil, nil
	}
	t := rv.Type()
	if t == recordType {
		return c.record(rv.Interface().(record.Record)), nil
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface &&
		(t.Implements(marshalerType) || t.Implements(textType) ||
			reflect.PointerTo(t).Implements(marshalerType) || reflect.PointerTo(t).Implements(textType)) {
		return dataViewJSON(c.L, rv.Interface())
	}
	switch t.Kind() {
	case reflect.Bool:
		return lua.LBool(rv.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return lua.LNumber(rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return lua.LNumber(rv.Uint()), nil
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return lua.LNil, errors.New("section data holds a number JSON cannot write")
		}
		return lua.LNumber(f), nil
	case reflect.String:
		return jsonString(rv.String()), nil
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return lua.LNil, nil
		}
		return c.value(rv.Elem(), depth+1)
	case reflect.Slice:
		if rv.IsNil() {
			return lua.LNil, nil // JSON null
		}
		if t.Elem().Kind() == reflect.Uint8 {
			return dataViewJSON(c.L, rv.Interface()) // base64, as JSON has it
		}
		return c.list(rv, depth)
	case reflect.Array:
		return c.list(rv, depth)
	case reflect.Map:
		if rv.IsNil() {
			return lua.LNil, nil
		}
		if t.Key().Kind() != reflect.String {
			return dataViewJSON(c.L, rv.Interface())
		}
		return c.object(rv, depth)
	case reflect.Struct:
		p := planOf(t)
		if p.slow {
			return dataViewJSON(c.L, rv.Interface())
		}
		tb := c.L.CreateTable(0, len(p.fields))
		for _, f := range p.fields {
			fv := rv.Field(f.index)
			if f.omitempty && emptyValue(fv) {
				continue
			}
			lv, err := c.value(fv, depth+1)
			if err != nil {
				return lua.LNil, err
			}
			if lv != lua.LNil {
				tb.RawSetString(f.name, lv)
			}
		}
		return tb, nil
	}
	return lua.LNil, errors.New("section data holds a " + t.String())
}

func (c *jsonLua) list(rv reflect.Value, depth int) (lua.LValue, error) {
	n := rv.Len()
	tb := c.L.CreateTable(n, 0)
	for i := 0; i < n; i++ {
		lv, err := c.value(rv.Index(i), depth+1)
		if err != nil {
			return lua.LNil, err
		}
		tb.Append(lv)
	}
	return tb, nil
}

// object is a map with string keys, inserted in sorted key order as a
// decoded JSON object would be (sandbox.ToLua sorts), so pairs() walks it
// the same way.
func (c *jsonLua) object(rv reflect.Value, depth int) (lua.LValue, error) {
	keys := rv.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	tb := c.L.CreateTable(0, len(keys))
	for _, k := range keys {
		lv, err := c.value(rv.MapIndex(k), depth+1)
		if err != nil {
			return lua.LNil, err
		}
		if lv != lua.LNil {
			tb.RawSetString(string(jsonString(k.String()).(lua.LString)), lv)
		}
	}
	return tb, nil
}

// record is a record's JSON form (record.AppendJSON): { tag = name,
// attrs = { {key, value}, ... } }.
func (c *jsonLua) record(r record.Record) lua.LValue {
	c.items += 1 + 2*len(r.Attrs)
	attrs := c.L.CreateTable(len(r.Attrs), 0)
	for _, a := range r.Attrs {
		kv := c.L.CreateTable(2, 0)
		kv.Append(jsonString(a.Key))
		kv.Append(jsonString(a.Value))
		attrs.Append(kv)
	}
	// keys in sorted order, as a decoded object is inserted
	tb := c.L.CreateTable(0, 2)
	tb.RawSetString("attrs", attrs)
	tb.RawSetString("tag", jsonString(r.Name))
	return tb
}

// jsonString is s as a JSON round trip leaves it: each byte of invalid
// UTF-8 becomes U+FFFD.
func jsonString(s string) lua.LValue {
	if utf8.ValidString(s) {
		return lua.LString(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return lua.LString(b.String())
}

// emptyValue is encoding/json's omitempty test.
func emptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}

// plan is how a struct type's fields appear in its JSON object: by their
// json names, sorted (the order a decoded object is inserted in). A struct
// with what the plan does not model (embedded fields, the ,string option)
// is slow: converted through its JSON text.
type plan struct {
	fields []planField
	slow   bool
}

type planField struct {
	name      string
	index     int
	omitempty bool
}

var plans sync.Map // reflect.Type -> *plan

func planOf(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p := &plan{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			p.slow = true
			break
		}
		if !f.IsExported() {
			continue
		}
		name, opts, comma := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" && !comma {
			continue
		}
		if name == "" {
			name = f.Name
		}
		pf := planField{name: name, index: i}
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "omitempty":
				pf.omitempty = true
			case "string", "omitzero":
				p.slow = true
			}
		}
		p.fields = append(p.fields, pf)
	}
	sort.SliceStable(p.fields, func(i, j int) bool { return p.fields[i].name < p.fields[j].name })
	for i := 1; i < len(p.fields); i++ {
		if p.fields[i].name == p.fields[i-1].name {
			p.slow = true // duplicate names: JSON's own rules decide
		}
	}
	plans.Store(t, p)
	return p
}
