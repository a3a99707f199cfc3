// Package vocab is the vocabulary table: every object of a ruleset file
// (and of the sheets and plugin test cases beside it) whose keys the
// engine knows, each key with its type, default, limits and meaning.
//
// One table serves three readers, so they cannot drift apart: every
// validator reads its Known lists from it (Keys: engine/ruleset, its
// items and fight sections, engine/sheet), and engine/ruleset generates
// docs/ruleset.md and the JSON Schemas from it (Sections). The call-site
// test in engine/ruleset (vocab_test.go) checks both directions.
//
// The table is data only: vocab imports nothing of the engine, so every
// validator, however low, may read it. What joins it to the capability
// table (the level a key needs) stays in engine/ruleset, which owns that
// table.
package vocab

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Key is one key of a ruleset section: what the validator accepts
// there, and what docs/ruleset.md and the JSON Schema say about it.
type Key struct {
	// Name is the key as written in the file.
	Name string `json:"name"`
	// Type is the value's shape, in a small grammar the schema generator
	// reads: string, integer, number, boolean, any, ref (a number, or a
	// string naming a value on the sheet; unused), enum:a|b|c, object (any
	// object), object:SECTION, array:T, map:T (an object whose values
	// are T), and T,U for either. array: and map: take the rest of the
	// string as T, so "array:string,object:x" is an array whose elements
	// are strings or x.
	Type string `json:"type"`
	// Default is what a missing key means; empty when the key has no
	// default (it is required, or its absence means "none").
	Default string `json:"default,omitempty"`
	// Limits are the bounds the validator holds the value to; "required"
	// first when the key must be given.
	Limits string `json:"limits,omitempty"`
	// Meaning is one line in the spec's words.
	Meaning string `json:"meaning"`
}

// Required reports whether the validator refuses the section without
// this key.
func (k Key) Required() bool { return strings.HasPrefix(k.Limits, "required") }

// Section is one object of a ruleset file whose keys the validator
// knows: its keys, where it sits and what it is for.
type Section struct {
	// ID is the name the validator asks for (Keys("abilities")).
	ID string `json:"id"`
	// Pointer is a JSON pointer pattern of where the section is written;
	// "*" is any one key or index (as in the capability table).
	Pointer string `json:"pointer"`
	// Title heads the section in docs/ruleset.md.
	Title string `json:"title"`
	// Meaning is a sentence or two on what the section is for.
	Meaning string `json:"meaning"`
	// Open sections have keys the validator reads without refusing
	// others (a condition's, a choice catalog entry's, combat's): their
	// keys are documented, not enforced.
	Open bool `json:"open,omitempty"`
	// Struct names the Go type that decodes the section instead of the
	// validator (a plugin test case); a test in its package keeps the
	// type's fields and the section's keys equal.
	Struct string `json:"struct,omitempty"`
	// Keys are the section's keys, in the order they are documented.
	Keys []Key `json:"keys"`
}

// vocabIndex finds a section by id (built with the table, on first use).
var vocabIndex = sync.OnceValue(func() map[string]int {
	m := make(map[string]int, len(vocabulary()))
	for i, s := range vocabulary() {
		if _, dup := m[s.ID]; dup {
			panic("ruleset: vocabulary section " + s.ID + " is declared twice")
		}
		m[s.ID] = i
	}
	return m
})

// Sections returns a copy of the vocabulary table, for documentation and
// schema generators.
func Sections() []Section {
	out := make([]Section, len(vocabulary()))
	copy(out, vocabulary())
	for i := range out {
		out[i].Keys = append([]Key(nil), out[i].Keys...)
	}
	return out
}

// SectionByID returns the section with this id.
func SectionByID(id string) (Section, bool) {
	i, ok := vocabIndex()[id]
	if !ok {
		return Section{}, false
	}
	return vocabulary()[i], true
}

// Keys lists a section's key names, for the validator's Known. They come
// from names_gen.go, the table's names written out as static data (no
// initialiser builds them; TestNamesGenerated keeps the file equal to
// the table). The slice is shared and capped at its length, so an append
// to it copies instead of writing into the table. An id missing from the
// table is a programming error that TestVocabularyCallSites catches
// before it can ship; at run time it panics rather than accept every key
// silently.
func Keys(id string) []string {
	i, ok := slices.BinarySearchFunc(keyNames, id, func(s sectionNames, id string) int { return strings.Compare(s.id, id) })
	if !ok {
		panic(fmt.Sprintf("ruleset: no vocabulary section %q", id))
	}
	names := keyNames[i].names
	return names[:len(names):len(names)]
}

// sectionNames is one row of names_gen.go: a section's id and its keys'
// names in the table's order.
type sectionNames struct {
	id    string
	names []string
}

// TypeAlternatives splits a type at its top-level commas: array: and
// map: take the rest of the string as their element type.
func TypeAlternatives(typ string) []string {
	var out []string
	for typ != "" {
		if strings.HasPrefix(typ, "array:") || strings.HasPrefix(typ, "map:") {
			return append(out, typ)
		}
		head, rest, _ := strings.Cut(typ, ",")
		out = append(out, head)
		typ = rest
	}
	return out
}
