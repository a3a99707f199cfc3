package jsonin

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Into reads data strictly (as Decode does) into v, a pointer to the Go
// value it fills, and checks every member against v's type before any of
// it is filled: an unknown member or a value of the wrong type is refused
// at its JSON pointer ("/bundledSheets/0: want a string, found a number"),
// never with encoding/json's words about Go structs. Member names match
// exactly (encoding/json would take "TAG" for "tag"). A null is taken
// where Go has a nil (a pointer, a slice, a map, json.RawMessage, an
// interface) and refused elsewhere. Every error is an *Error.
func Into(data []byte, v any) error {
	tree, err := Decode(data)
	if err != nil {
		return err
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &Error{Pointer: "/", Msg: fmt.Sprintf("jsonin.Into needs a non-nil pointer, not %T", v)}
	}
	if err := conform(tree, rv.Type().Elem(), ""); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		// conform let through something encoding/json refuses: a gap in
		// conform, said as plainly as it can be.
		return &Error{Pointer: "/", Msg: err.Error()}
	}
	return nil
}

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// conform checks a decoded value against the Go type it will fill; ptr
// is the value's JSON pointer ("" for the document).
func conform(v any, t reflect.Type, ptr string) *Error {
	at := func(msg string, args ...any) *Error {
		p := ptr
		if p == "" {
			p = "/"
		}
		return &Error{Pointer: p, Msg: fmt.Sprintf(msg, args...)}
	}
	pt := reflect.PointerTo(t)
	switch {
	case t.Implements(unmarshalerType) || pt.Implements(unmarshalerType):
		return nil // json.RawMessage and the like read whatever is there
	case t.Implements(textUnmarshalerType) || pt.Implements(textUnmarshalerType):
		if _, ok := v.(string); !ok {
			return at("want a string, found %s", kindOf(v))
		}
		return nil
	}
	if v == nil {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
			return nil
		}
		return at("want %s, found null", want(t))
	}
	switch t.Kind() {
	case reflect.Interface:
		return nil
	case reflect.Pointer:
		return conform(v, t.Elem(), ptr)
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return at("want an object, found %s", kindOf(v))
		}
		fs := fieldsOf(t)
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			f, ok := fs.byName[k]
			if !ok {
				return &Error{Pointer: ptr + "/" + escape(k), Msg: fmt.Sprintf("unknown member %q; allowed here: %s", k, strings.Join(fs.names, ", "))}
			}
			if err := conform(obj[k], f, ptr+"/"+escape(k)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return at("want an object, found %s", kindOf(v))
		}
		if k := t.Key().Kind(); k != reflect.String {
			return at("an object read into a map keyed by %s is not supported", k)
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if err := conform(obj[k], t.Elem(), ptr+"/"+escape(k)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			if _, ok := v.(string); !ok {
				return at("want a base64 string, found %s", kindOf(v))
			}
			return nil
		}
		list, ok := v.([]any)
		if !ok {
			return at("want an array, found %s", kindOf(v))
		}
		if t.Kind() == reflect.Array && len(list) > t.Len() {
			return at("want at most %d elements, found %d", t.Len(), len(list))
		}
		for i, e := range list {
			if err := conform(e, t.Elem(), ptr+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.String:
		if _, ok := v.(string); !ok {
			return at("want a string, found %s", kindOf(v))
		}
		return nil
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return at("want true or false, found %s", kindOf(v))
		}
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			return at("want a whole number, found %s", kindOf(v))
		}
		bits := t.Bits()
		if _, err := strconv.ParseInt(string(n), 10, bits); err != nil {
			lo, hi := -(int64(1) << (bits - 1)), int64(1)<<(bits-1)-1
			return at("want a whole number from %d to %d, found %s", lo, hi, n)
		}
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, ok := v.(json.Number)
		if !ok {
			return at("want a whole number, found %s", kindOf(v))
		}
		if _, err := strconv.ParseUint(string(n), 10, t.Bits()); err != nil {
			return at("want a whole number from 0 to %d, found %s", uint64(math.MaxUint64)>>(64-t.Bits()), n)
		}
		return nil
	case reflect.Float32, reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			return at("want a number, found %s", kindOf(v))
		}
		if _, err := strconv.ParseFloat(string(n), t.Bits()); err != nil {
			return at("want a number within range, found %s", n)
		}
		return nil
	}
	return at("a %s is not read from JSON", t.Kind())
}

// want names what a Go type reads, for "want X, found null".
func want(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Struct:
		return "an object"
	case reflect.Array:
		return "an array"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "a whole number"
}

// kindOf names a decoded value's JSON type.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
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

// fields are a struct type's JSON members as encoding/json sees them
// (json tags, promoted members of embedded structs, "-" left out).
type fields struct {
	byName map[string]reflect.Type
	names  []string // sorted, for the error's "allowed here"
}

var fieldCache sync.Map // reflect.Type -> *fields

func fieldsOf(t reflect.Type) *fields {
	if f, ok := fieldCache.Load(t); ok {
		return f.(*fields)
	}
	fs := &fields{byName: map[string]reflect.Type{}}
	collectFields(t, fs, map[reflect.Type]bool{})
	for n := range fs.byName {
		fs.names = append(fs.names, n)
	}
	sort.Strings(fs.names)
	f, _ := fieldCache.LoadOrStore(t, fs)
	return f.(*fields)
}

func collectFields(t reflect.Type, fs *fields, seen map[reflect.Type]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	// Outer members win over promoted ones (encoding/json's rule for
	// names at a shallower depth): take this level's first.
	var embedded []reflect.Type
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := sf.Type
		if sf.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				embedded = append(embedded, ft)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if _, taken := fs.byName[name]; !taken {
			fs.byName[name] = ft
		}
	}
	for _, et := range embedded {
		collectFields(et, fs, seen)
	}
}
