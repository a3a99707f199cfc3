package ruleset

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset/vocab"
)

// RulesetDoc renders the vocabulary table as the Markdown page
// docs/ruleset.md: every key of a ruleset file, section by section. The
// validator reads its key lists from the same table, so the page cannot
// name a key the validator refuses or miss one it accepts
// (vocab_doc_test.go keeps the file current).
func RulesetDoc() string {
	var b strings.Builder
	b.WriteString(`# Ruleset reference

Every key of a ruleset file, section by section: its type, its default, the
limits the validator holds it to, the Capability API level it needs (joined
from the capability table, docs/capability.md) and what it means.
` + "`rulehost validate FILE`" + ` checks a file against exactly these keys; an
unknown key is refused at its JSON pointer, with the keys allowed there.
` + "`rulehost schema ruleset`" + ` prints the same vocabulary as a JSON Schema for
editors (schema/ruleset.schema.json); the engine's validator stays the
authority. docs/first-ruleset.md walks through writing a ruleset from an
empty file.

This page is generated from the table in engine/ruleset/vocab
(` + "`make generate`" + `); do not edit it by hand.

How to read the tables:

- **where** is a JSON pointer pattern: ` + "`*`" + ` is any one key or index.
- **type**: ` + "`string`" + `, ` + "`integer`" + `, ` + "`number`" + `, ` + "`boolean`" + `, one of a
  list of strings, an object (a section below), an array of them, or a map
  (an object whose keys are ids). A *value reference* is an object with one
  key (see [Value references](#value-references)).
- **level** is the ` + "`capabilityApi`" + ` a ruleset that declares one must declare
  to write the key (blank: any level).
- An *open* section is read without refusing other keys: the engine keeps
  them as written for fights and plugins.

## Contents

`)
	for _, s := range vocab.Sections() {
		fmt.Fprintf(&b, "- [%s](#%s)\n", s.Title, docAnchor(s.Title))
	}
	for _, s := range vocab.Sections() {
		writeDocSection(&b, s)
	}
	return b.String()
}

func writeDocSection(b *strings.Builder, s vocab.Section) {
	fmt.Fprintf(b, "\n## %s\n\n", s.Title)
	where := s.Pointer
	if where == "" {
		where = "/"
	}
	fmt.Fprintf(b, "Where: `%s`", where)
	if s.Open {
		b.WriteString(" (open)")
	}
	fmt.Fprintf(b, ". %s\n\n", s.Meaning)
	b.WriteString("| key | type | default | limits | level | meaning |\n|---|---|---|---|---|---|\n")
	for _, k := range s.Keys {
		fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s | %s |\n", k.Name, docType(k.Type), docCell(k.Default), docCell(k.Limits), docLevels(s, k.Name), docCell(k.Meaning))
	}
}

// docCell escapes what would break a table cell.
func docCell(s string) string {
	return strings.ReplaceAll(s, "|", `\|`)
}

// docType renders a key's type in words, linking the sections it holds.
func docType(typ string) string {
	alts := vocab.TypeAlternatives(typ)
	for i, a := range alts {
		alts[i] = docTypeOne(a)
	}
	return strings.Join(alts, " or ")
}

func docTypeOne(typ string) string {
	name, arg, _ := strings.Cut(typ, ":")
	switch name {
	case "enum":
		return "one of `" + strings.ReplaceAll(arg, "|", "`, `") + "`"
	case "object":
		if arg == "" {
			return "object"
		}
		if arg == "value" {
			return "[value reference](#value-references)"
		}
		s, _ := vocab.SectionByID(arg)
		return "[object](#" + docAnchor(s.Title) + ")"
	case "array":
		return "array of " + docType(arg)
	case "map":
		return "map of " + docType(arg)
	}
	return name
}

// docLevels is the key's capability level, with the condition a row
// adds (a kind's name), lowest first.
func docLevels(s vocab.Section, key string) string {
	var parts []string
	for _, c := range KeyLevels(s, key) {
		p := c.Level
		if cond := c.condition(); cond != "" {
			p += " when " + cond
		}
		parts = append(parts, p)
	}
	return docCell(strings.Join(parts, "; "))
}

// docAnchor is the anchor GitHub gives a heading.
func docAnchor(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteRune('-')
		}
	}
	return b.String()
}

// KeyLevels lists the capability rows that govern the key at a section,
// joined from the capability table by pointer: the level a ruleset must
// declare to write it (none for the base vocabulary).
func KeyLevels(s vocab.Section, key string) []Capability {
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
