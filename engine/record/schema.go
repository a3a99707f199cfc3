package record

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Type is what an attribute's value must parse as.
type Type int

// The attribute types a record may carry.
const (
	Text    Type = iota // any text
	Int                 // a decimal integer, optionally signed
	Number              // a decimal number (weights, prices with fractions)
	Bool                // "true" or "false"
	IntList             // comma-separated integers ("8,3,10")
	Signed              // an integer written with its sign ("+2", "-1", "0")
)

func (t Type) String() string {
	return [...]string{"text", "integer", "number", "boolean", "integer list", "signed integer"}[t]
}

// Key documents one attribute: the schema Check enforces and docs/record.md
// lists. Tags limits the key to some record names; empty means any record.
type Key struct {
	Name string
	Type Type
	Doc  string // meaning and when present
	Tags []string
}

// Invariant is a rule over a whole record that the types alone cannot say
// (rolls inside the die's faces, success agreeing with the outcome band).
type Invariant func(Record) error

var (
	mu sync.RWMutex
	// keys holds every key under its lower-cased name. It is made at
	// its final size: grown from empty, its tables (and keysExact's, a
	// second copy of every key) cost each process 89 KB of initialisers,
	// for the ~140 keys the engine registers.
	keys = make(map[string]Key, 192)
	// keysExact holds the keys whose registered spelling is not all lower
	// case ("vsSkill") under that spelling, so Check finds a key written
	// as registered without lower-casing it first (a lower-case name is
	// found in keys as written).
	keysExact  = map[string]Key{}
	invariants = map[string][]Invariant{}
	tagNames   = map[string]string{}
)

// RegisterTag declares a record name and what it answers.
func RegisterTag(name, doc string) {
	mu.Lock()
	defer mu.Unlock()
	tagNames[name] = doc
}

// RegisterKeys adds keys to the schema. Registering a key twice with a
// different type is a programming error and panics at init.
func RegisterKeys(ks ...Key) {
	mu.Lock()
	defer mu.Unlock()
	for _, k := range ks {
		lk := strings.ToLower(k.Name)
		if old, ok := keys[lk]; ok {
			if old.Type != k.Type {
				panic(fmt.Sprintf("record: key %q registered as %v and %v", k.Name, old.Type, k.Type))
			}
			old.Tags = append(old.Tags, k.Tags...)
			if len(k.Tags) == 0 || len(old.Tags) == 0 {
				old.Tags = nil
			}
			keys[lk] = old
			if old.Name != lk {
				keysExact[old.Name] = old
			}
			continue
		}
		keys[lk] = k
		if k.Name != lk {
			keysExact[k.Name] = k
		}
	}
}

// RegisterInvariant adds a whole-record rule for one record name.
func RegisterInvariant(tagName string, inv Invariant) {
	mu.Lock()
	defer mu.Unlock()
	invariants[tagName] = append(invariants[tagName], inv)
}

// Keys lists the schema, sorted by name, for documentation.
func Keys() []Key {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]Key, 0, len(keys))
	for _, k := range keys {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// TagNames lists the registered record names with their docs.
func TagNames() map[string]string {
	mu.RLock()
	defer mu.RUnlock()
	out := make(map[string]string, len(tagNames))
	for k, v := range tagNames {
		out[k] = v
	}
	return out
}

// Check validates a record against the schema: a registered record name,
// known keys, each value of its key's type, no key twice, and the record
// name's invariants. The error names the first attribute at fault.
//
// A plugin's records and keys (see RegisterExtension) pass the same test:
// a record name a plugin declared takes that plugin's keys besides the
// engine's, and a check whose resolution= is a plugin's kind takes the
// keys that plugin declared for its checks.
func Check(r Record) error {
	mu.RLock()
	defer mu.RUnlock()
	own, pluginRecord := extKeysFor(r)
	if _, ok := tagNames[r.Name]; !ok && !pluginRecord {
		return fmt.Errorf("record %q: unknown record name", r.Name)
	}
	for i, a := range r.Attrs {
		k, ok := keyNamed(a.Key, own)
		if !ok {
			return fmt.Errorf("record %s: unknown key %q", r.Name, a.Key)
		}
		if len(k.Tags) > 0 && !contains(k.Tags, r.Name) {
			return fmt.Errorf("record %s: key %q belongs to %s records", r.Name, a.Key, strings.Join(k.Tags, ", "))
		}
		for _, b := range r.Attrs[:i] {
			if len(a.Key) == len(b.Key) && strings.EqualFold(a.Key, b.Key) {
				return fmt.Errorf("record %s: key %q appears twice", r.Name, a.Key)
			}
		}
		if err := checkType(k.Type, a.Value); err != nil {
			return fmt.Errorf("record %s: %s=%q: %v", r.Name, a.Key, a.Value, err)
		}
	}
	for _, inv := range invariants[r.Name] {
		if err := inv(r); err != nil {
			return fmt.Errorf("record %s: %w", r.Name, err)
		}
	}
	if pluginRecord {
		for _, inv := range pluginInvariantsFor(r) {
			if err := inv(r); err != nil {
				return fmt.Errorf("record %s: %w", r.Name, err)
			}
		}
	}
	return nil
}

// keyNamed finds a key as written (the common case: no allocation), then
// in any case, among the native keys and then own (a plugin's keys for
// this record, lower-cased); mu must be held.
func keyNamed(name string, own map[string]Key) (Key, bool) {
	if k, ok := keys[name]; ok { // a lower-case name as registered
		return k, true
	}
	if k, ok := keysExact[name]; ok {
		return k, true
	}
	var buf [64]byte
	lk, ok := asciiLower(buf[:0], name)
	if !ok { // longer, or not ASCII: the general rule (rare)
		lk = []byte(strings.ToLower(name))
	}
	if k, ok := keys[string(lk)]; ok { // string(lk) in an index allocates nothing
		return k, true
	}
	k, ok := own[string(lk)]
	return k, ok
}

// asciiLower appends name lower-cased to dst when name is ASCII and fits
// dst's capacity (a plugin's camelCase key, vsSkill: looked up on every
// check of its records, so without an allocation); ok is false otherwise.
func asciiLower(dst []byte, name string) ([]byte, bool) {
	if len(name) > cap(dst) {
		return nil, false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 0x80:
			return nil, false
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst, true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func checkType(t Type, v string) error {
	switch t {
	case Int:
		if _, err := strconv.Atoi(v); err != nil {
			return fmt.Errorf("want an integer")
		}
	case Signed:
		if v != "0" && (len(v) < 2 || (v[0] != '+' && v[0] != '-')) {
			return fmt.Errorf("want a signed integer like +2 or -1")
		}
		if _, err := strconv.Atoi(v); err != nil {
			return fmt.Errorf("want a signed integer like +2 or -1")
		}
	case Number:
		// ParseFloat takes "NaN" and "Inf", which no JSON reader does
		// and no comparison answers sensibly: a number is finite
		if f, err := strconv.ParseFloat(v, 64); err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("want a finite number")
		}
	case Bool:
		if v != "true" && v != "false" {
			return fmt.Errorf(`want "true" or "false"`)
		}
	case IntList:
		if err := eachInt(v, func(int) {}); err != nil {
			return err
		}
	}
	return nil
}

// Ints reads a comma-separated integer list; "" is the empty list. It
// allocates the list only (once: its length is counted first).
func Ints(v string) ([]int, error) {
	if v == "" {
		return nil, nil
	}
	out := make([]int, 0, strings.Count(v, ",")+1)
	if err := eachInt(v, func(n int) { out = append(out, n) }); err != nil {
		return nil, err
	}
	return out, nil
}

// eachInt calls f with each integer of a comma-separated list as Ints
// reads it (the same parts, the same error), without allocating: an
// IntList value is checked on every record, and the list it would make
// was thrown away (issue 31).
func eachInt(v string, f func(int)) error {
	if v == "" {
		return nil
	}
	for {
		p, rest, more := strings.Cut(v, ",")
		n, err := strconv.Atoi(p)
		if err != nil {
			return fmt.Errorf("want comma-separated integers; %q is not one", p)
		}
		f(n)
		if !more {
			return nil
		}
		v = rest
	}
}
