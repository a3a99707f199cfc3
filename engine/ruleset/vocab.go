package ruleset

import (
	"fmt"
	"sort"
	"strings"
)

// VocabKey is one key of a ruleset section: what the validator accepts
// there, and what docs/ruleset.md and the JSON Schema say about it.
type VocabKey struct {
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
func (k VocabKey) Required() bool { return strings.HasPrefix(k.Limits, "required") }

// VocabSection is one object of a ruleset file whose keys the validator
// knows: its keys, where it sits and what it is for.
type VocabSection struct {
	// ID is the name the validator asks for (sectionKeys("abilities")).
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
	Keys []VocabKey `json:"keys"`
}

// vocabIndex finds a section by id.
var vocabIndex = func() map[string]int {
	m := make(map[string]int, len(vocabulary))
	for i, s := range vocabulary {
		if _, dup := m[s.ID]; dup {
			panic("ruleset: vocabulary section " + s.ID + " is declared twice")
		}
		m[s.ID] = i
	}
	return m
}()

// Vocabulary returns a copy of the vocabulary table, for documentation and
// schema generators.
func Vocabulary() []VocabSection {
	out := make([]VocabSection, len(vocabulary))
	copy(out, vocabulary)
	for i := range out {
		out[i].Keys = append([]VocabKey(nil), out[i].Keys...)
	}
	return out
}

// VocabSectionByID returns the section with this id.
func VocabSectionByID(id string) (VocabSection, bool) {
	i, ok := vocabIndex[id]
	if !ok {
		return VocabSection{}, false
	}
	return vocabulary[i], true
}

// vocabNames holds each section's key names, built once: the validator
// asks for them on every object it reads.
var vocabNames = func() map[string][]string {
	m := make(map[string][]string, len(vocabulary))
	for _, s := range vocabulary {
		names := make([]string, len(s.Keys))
		for j, k := range s.Keys {
			names[j] = k.Name
		}
		m[s.ID] = names
	}
	return m
}()

// sectionKeys lists a section's key names, for the validator's Known.
// The slice is shared and capped at its length, so an append to it
// copies instead of writing into the table. An id missing from the table
// is a programming error that TestVocabularyCallSites catches before it
// can ship; at run time it panics rather than accept every key silently.
func sectionKeys(id string) []string {
	names, ok := vocabNames[id]
	if !ok {
		panic(fmt.Sprintf("ruleset: no vocabulary section %q", id))
	}
	return names[:len(names):len(names)]
}

// VocabKeys lists a section's key names for a validator outside this
// package (the sheet's). It panics on an id the table lacks, as
// sectionKeys does; the sheet's tests load every bundled sheet.
func VocabKeys(id string) []string { return sectionKeys(id) }

// KeyLevels lists the capability rows that govern the key at a section,
// joined from the capability table by pointer: the level a ruleset must
// declare to write it (none for the base vocabulary).
func KeyLevels(s VocabSection, key string) []Capability {
	at := strings.TrimSuffix(s.Pointer, "/") + "/" + escapeToken(key)
	var out []Capability
	for _, c := range capabilities {
		if patternCovers(c.Pointer, at) {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		vi, _ := ParseVersion(out[i].Level)
		vj, _ := ParseVersion(out[j].Level)
		return vi.Compare(vj) < 0
	})
	return out
}

// typeAlternatives splits a type at its top-level commas: array: and
// map: take the rest of the string as their element type.
func typeAlternatives(typ string) []string {
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

// escapeToken escapes a key as a JSON pointer token.
func escapeToken(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// patternCovers reports whether the capability pattern cap names the
// place of the section pattern at: "*" in cap is any one token, "**" any
// run; a "*" in at is matched only by a wildcard, since it stands for
// every entry.
func patternCovers(cap, at string) bool {
	return coverTokens(splitPattern(cap), splitPattern(at))
}

func splitPattern(p string) []string {
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

func coverTokens(c, a []string) bool {
	if len(c) == 0 {
		return len(a) == 0
	}
	if c[0] == "**" {
		for i := 0; i <= len(a); i++ {
			if coverTokens(c[1:], a[i:]) {
				return true
			}
		}
		return false
	}
	if len(a) == 0 {
		return false
	}
	if c[0] == "*" || c[0] == a[0] {
		return coverTokens(c[1:], a[1:])
	}
	return false
}
