package prompt

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// Mechanic is what a plugin declares of a resolution kind or a tag it
// adds (its manifest's doc, instructions, attrs and examples; see
// docs/plugins.md "Declaring attributes"), for the rules section to teach
// like a native one. The host fills Input.Mechanics from the loaded
// plugins' manifests: the engine does not know plugins.
type Mechanic struct {
	Plugin string `json:"plugin"`
	// Kind is the resolution kind's name, or Tag the tag's; one is set.
	Kind         string         `json:"kind,omitempty"`
	Tag          string         `json:"tag,omitempty"`
	Doc          string         `json:"doc,omitempty"`
	Instructions string         `json:"instructions,omitempty"`
	Attrs        []MechanicAttr `json:"attrs,omitempty"`
	Examples     []string       `json:"examples,omitempty"`
}

// MechanicAttr is one declared attribute: its name, type (text, integer,
// number, boolean, character, skill, item, dice), allowed values,
// whether it is required, and its meaning.
type MechanicAttr struct {
	Name     string   `json:"name"`
	Type     string   `json:"type"`
	Enum     []string `json:"enum,omitempty"`
	Required bool     `json:"required,omitempty"`
	Doc      string   `json:"doc,omitempty"`
}

// PluginTag is a plugin tag as the rules section teaches it: its grammar
// (every attribute with its type), meaning, instructions and examples.
type PluginTag struct {
	Name         string      `json:"name"`
	Plugin       string      `json:"plugin"`
	Grammar      string      `json:"grammar"`
	Doc          string      `json:"doc,omitempty"`
	Instructions string      `json:"instructions,omitempty"`
	Attributes   []Attribute `json:"attributes"`
	Examples     []string    `json:"examples"`
}

// teachMechanics adds what the plugins declare to the rules facts: the
// ruleset's own kind's attributes (with examples the engine answers),
// doc and instructions; and every plugin tag the party can be asked
// (its grammar and examples filled from the party).
func teachMechanics(rs *ruleset.Ruleset, p *items.Party, d *RulesData, mechs []Mechanic) {
	for _, m := range mechs {
		switch {
		case m.Kind != "" && rs.Resolution != nil && m.Kind == rs.Resolution.Kind:
			teachKind(rs, p, d, m)
		case m.Tag != "":
			if t, ok := teachTag(rs, p, m); ok {
				d.Tags = append(d.Tags, t)
				d.Examples = append(d.Examples, t.Examples...)
			}
		}
	}
}

func teachKind(rs *ruleset.Ruleset, p *items.Party, d *RulesData, m Mechanic) {
	if m.Doc != "" {
		d.Notes = append(d.Notes, m.Doc)
	}
	if m.Instructions != "" {
		d.Notes = append(d.Notes, m.Instructions)
	}
	base := ""
	if len(d.Examples) > 0 {
		base = strings.TrimSuffix(d.Examples[0], "]")
	}
	for _, a := range m.Attrs {
		if hasAttribute(d, a.Name) {
			continue
		}
		d.Attributes = append(d.Attributes, Attribute{a.Name, attrMeaning(a)})
		if v := declaredExample(rs, p, a, 0); v != "" && base != "" {
			d.Examples = append(d.Examples, base+" "+a.Name+`="`+v+`"]`)
		}
	}
	for _, ex := range m.Examples {
		if answerable(rs, p, ex) {
			d.Examples = append(d.Examples, ex)
		}
	}
}

func hasAttribute(d *RulesData, name string) bool {
	for _, a := range d.Attributes {
		if strings.EqualFold(a.Name, name) {
			return true
		}
	}
	return false
}

// attrMeaning is a declared attribute's line: its doc, its type or
// allowed values, and whether it is required.
func attrMeaning(a MechanicAttr) string {
	var what string
	switch {
	case len(a.Enum) > 0:
		what = "one of " + strings.Join(quoteAll(a.Enum), ", ")
	case a.Type == "character":
		what = "a character's name"
	case a.Type == "skill":
		what = "a skill, save or ability, by label"
	case a.Type == "item":
		what = "an item's name"
	case a.Type == "dice":
		what = `dice notation ("2d6+1")`
	default:
		what = "a" + map[bool]string{true: "n", false: ""}[a.Type == "integer"] + " " + a.Type
	}
	if a.Required {
		what += ", required"
	}
	if a.Doc == "" {
		return what
	}
	return a.Doc + " [" + what + "]"
}

func quoteAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = `"` + s + `"`
	}
	return out
}

// teachTag is a plugin tag's grammar and examples on this party: its
// required attributes filled from the party (characters in turn, the
// first thing the ruleset rolls), so the engine answers each example.
// ok is false when an attribute cannot be filled (a tag needing an item
// in a ruleset without items).
func teachTag(rs *ruleset.Ruleset, p *items.Party, m Mechanic) (PluginTag, bool) {
	t := PluginTag{Name: m.Tag, Plugin: m.Plugin, Doc: m.Doc, Instructions: m.Instructions}
	var grammar, example []string
	chars := 0
	for _, a := range m.Attrs {
		t.Attributes = append(t.Attributes, Attribute{a.Name, attrMeaning(a)})
		g := a.Name + `="` + a.Type + `"`
		if len(a.Enum) > 0 {
			g = a.Name + `="` + strings.Join(a.Enum, "|") + `"`
		}
		if !a.Required {
			g = "(" + g + ")"
		}
		grammar = append(grammar, g)
		if !a.Required {
			continue
		}
		v := declaredExample(rs, p, a, chars)
		if a.Type == "character" {
			chars++
		}
		if v == "" {
			return PluginTag{}, false
		}
		example = append(example, a.Name+`="`+v+`"`)
	}
	t.Grammar = "[" + m.Tag + ": " + strings.Join(grammar, " ") + "]"
	t.Examples = []string{}
	if chars <= len(p.Members) { // no character made to contest themselves
		t.Examples = append(t.Examples, "["+m.Tag+": "+strings.Join(example, " ")+"]")
	}
	for _, ex := range m.Examples {
		if answerable(rs, p, ex) && !contains(t.Examples, ex) {
			t.Examples = append(t.Examples, ex)
		}
	}
	return t, true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// declaredExample is a value of a declared attribute that this ruleset
// and party answer: the nth character for a character (the last when
// there are fewer), the first thing rolled for a skill, the first value
// of an enum.
func declaredExample(rs *ruleset.Ruleset, p *items.Party, a MechanicAttr, nth int) string {
	switch {
	case len(a.Enum) > 0:
		return a.Enum[0]
	case a.Type == "character":
		if len(p.Members) == 0 {
			return ""
		}
		return p.Members[min(nth, len(p.Members)-1)].Name
	case a.Type == "skill":
		_, label, ok := exampleTarget(rs)
		if !ok {
			return ""
		}
		return label
	case a.Type == "integer", a.Type == "number":
		return "1"
	case a.Type == "boolean":
		return "true"
	case a.Type == "dice":
		return "1d6"
	}
	return ""
}

// answerable reports whether a manifest's example can be answered here:
// every who=/vs= it writes names a party member, and every skill=,
// ability= or save= a target of the ruleset.
func answerable(rs *ruleset.Ruleset, p *items.Party, ex string) bool {
	t, err := tag.Parse(ex)
	if err != nil {
		return false
	}
	names := make([]string, len(p.Members))
	for i, m := range p.Members {
		names[i] = m.Name
	}
	for _, a := range t.Attrs {
		switch strings.ToLower(a.Key) {
		case "who", "vs":
			if _, ok := sheet.FindName(names, a.Value); !ok {
				return false
			}
		case "skill", "vsskill", "ability", "save", "with":
			if !isTarget(rs, a.Value) {
				return false
			}
		}
	}
	return true
}

func isTarget(rs *ruleset.Ruleset, v string) bool {
	for _, s := range rs.Skills {
		if strings.EqualFold(s.ID, v) || strings.EqualFold(s.Label, v) {
			return true
		}
	}
	for _, s := range rs.Saves {
		if strings.EqualFold(s.ID, v) || strings.EqualFold(s.Label, v) {
			return true
		}
	}
	for _, a := range rs.Abilities {
		if strings.EqualFold(a.ID, v) || strings.EqualFold(a.Label, v) {
			return true
		}
	}
	return false
}

// pluginTagsText is the rules section's lines for plugin tags.
func pluginTagsText(b *strings.Builder, tags []PluginTag) {
	if len(tags) == 0 {
		return
	}
	b.WriteString("Plugin tags (the engine answers them like a check; write the tag, then narrate its record):\n")
	for _, t := range tags {
		fmt.Fprintf(b, "%s", t.Grammar)
		if t.Doc != "" {
			b.WriteString(": " + t.Doc)
		}
		b.WriteString("\n")
		if t.Instructions != "" {
			b.WriteString("  " + t.Instructions + "\n")
		}
		for _, a := range t.Attributes {
			fmt.Fprintf(b, "  - %s=: %s\n", a.Name, a.Meaning)
		}
	}
}
