package ruleset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
)

// SchemaNames are the files `rulehost schema NAME` describes.
var SchemaNames = []string{"ruleset", "sheet", "catalog", "plugin-case"}

// schemaRoots are the section each schema describes at its root.
var schemaRoots = map[string]string{
	"ruleset":     "top",
	"sheet":       "sheet",
	"catalog":     "catalogs",
	"plugin-case": "plugin-case",
}

// schemaVariants are sections whose keys depend on one key's value: the
// resolution's on its kind, an item stat's on its type. The schema lists
// every variant's keys and, for each value, allows only its own.
var schemaVariants = map[string]struct {
	key, prefix string
	values      []string
}{
	"resolution":  {"kind", "resolution.", []string{"dice-sum", "dice-pool", "dice-highest", "roll-against", "symbol-pool"}},
	"items.stats": {"type", "items.stats.", itemrules.StatTypes},
}

// Schema returns the JSON Schema (draft 2020-12) of one kind of file,
// generated from the vocabulary table: every section as a definition,
// with the keys' meanings as descriptions and their enums. The engine's
// validator stays the authority: the schema is for editors, and cannot
// say what needs the rest of the file (an id declared elsewhere, a face
// within the die).
func Schema(name string) ([]byte, error) {
	root, ok := schemaRoots[name]
	if !ok {
		return nil, fmt.Errorf("no schema %q; known: %s", name, strings.Join(SchemaNames, ", "))
	}
	defs := map[string]any{}
	schemaDefs(root, defs)
	top, _ := vocab.SectionByID(root)
	doc := map[string]any{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"$id":         "https://github.com/rulehost/rulehost/schema/" + name + ".schema.json",
		"title":       "rulehost " + name,
		"description": top.Meaning + " Generated from the vocabulary table (docs/ruleset.md); `rulehost validate` is the authority.",
		"$ref":        "#/$defs/" + root,
		"$defs":       defs,
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// schemaDefs adds the section and every section it reaches to defs.
func schemaDefs(id string, defs map[string]any) {
	if _, done := defs[id]; done {
		return
	}
	s, ok := vocab.SectionByID(id)
	if !ok {
		return
	}
	defs[id] = nil // reserve before recursing (sections may nest)
	var reached []string
	defs[id] = sectionSchema(s, &reached)
	for _, r := range reached {
		schemaDefs(r, defs)
	}
}

// sectionSchema is one section's object schema; reached collects the
// sections its keys hold.
func sectionSchema(s vocab.Section, reached *[]string) map[string]any {
	props := map[string]any{}
	var required []string
	for _, k := range s.Keys {
		props[k.Name] = keySchema(k, reached)
		if k.Required() {
			required = append(required, k.Name)
		}
	}
	out := map[string]any{"type": "object", "description": s.Meaning, "properties": props}
	if len(required) > 0 {
		out["required"] = required
	}
	if !s.Open {
		out["additionalProperties"] = false
	}
	if s.ID == "catalogs" {
		// A catalog that holds items holds item entries, which are
		// closed; a catalog of choices holds open entries.
		// A bestiary (holds "creatures") holds closed creature entries.
		out["allOf"] = []any{holdsSchema("items", "items.entry"), holdsSchema(fightrules.HoldsCreatures, "bestiary.entry")}
		*reached = append(*reached, "bestiary.entry")
	}
	if v, ok := schemaVariants[s.ID]; ok {
		addVariants(out, s, v.key, v.prefix, v.values, reached)
	}
	return out
}

// holdsSchema types a catalog's entries by what it holds.
func holdsSchema(holds, entry string) map[string]any {
	return map[string]any{
		"if":   map[string]any{"properties": map[string]any{"holds": map[string]any{"const": holds}}, "required": []string{"holds"}},
		"then": map[string]any{"properties": map[string]any{"entries": map[string]any{"items": map[string]any{"$ref": "#/$defs/" + entry}}}},
	}
}

// addVariants lists every variant's keys in props (a key two variants
// type differently is left open there) and adds, per value of the
// discriminating key, an if/then that types and limits the keys.
func addVariants(out map[string]any, s vocab.Section, key, prefix string, values []string, reached *[]string) {
	props := out["properties"].(map[string]any)
	shared := vocab.Keys(s.ID)
	seen := map[string]string{}
	var allOf []any
	for _, val := range values {
		vs, ok := vocab.SectionByID(prefix + val)
		if !ok {
			continue
		}
		vprops := map[string]any{}
		names := append([]string(nil), shared...)
		for _, k := range vs.Keys {
			ks := keySchema(k, reached)
			vprops[k.Name] = ks
			names = append(names, k.Name)
			enc, _ := json.Marshal(ks)
			switch prev, had := seen[k.Name]; {
			case !had:
				seen[k.Name] = string(enc)
				props[k.Name] = ks
			case prev != string(enc):
				props[k.Name] = map[string]any{"description": "depends on " + key + ": see each " + key + "'s keys"}
			}
		}
		then := map[string]any{"properties": vprops, "propertyNames": map[string]any{"enum": names}}
		if k, native := nativeKinds[val]; native && s.ID == "resolution" {
			// An override's set holds the kind's keys that are not locked.
			locked := append(append([]string{}, lockedKeys...), k.Locked()...)
			vprops["overrides"] = map[string]any{"items": map[string]any{"properties": map[string]any{
				"set": map[string]any{"propertyNames": map[string]any{"enum": settableKeys(k, locked)}},
			}}}
		}
		if req := requiredOf(vs); len(req) > 0 {
			then["required"] = req
		}
		allOf = append(allOf, map[string]any{
			"if":   map[string]any{"properties": map[string]any{key: map[string]any{"const": val}}, "required": []string{key}},
			"then": then,
		})
	}
	out["allOf"] = allOf
	// A value the table does not know (a plugin's kind) reads keys of its
	// own: the section is closed only through the variants above.
	delete(out, "additionalProperties")
	if d, ok := props[key].(map[string]any); ok {
		d["examples"] = values
	}
}

func requiredOf(s vocab.Section) []string {
	var out []string
	for _, k := range s.Keys {
		if k.Required() {
			out = append(out, k.Name)
		}
	}
	return out
}

// keySchema is a key's schema: its type, and a description made of its
// meaning, default and limits (what an editor shows on hover).
func keySchema(k vocab.Key, reached *[]string) map[string]any {
	out := typeSchema(k.Type, reached)
	desc := k.Meaning
	if k.Default != "" {
		desc += ". Default: " + k.Default
	}
	if k.Limits != "" {
		desc += ". " + strings.ToUpper(k.Limits[:1]) + k.Limits[1:]
	}
	out["description"] = desc + "."
	return out
}

// typeSchema reads the table's type grammar (see vocab.Key.Type).
func typeSchema(typ string, reached *[]string) map[string]any {
	if alts := vocab.TypeAlternatives(typ); len(alts) > 1 {
		var either []any
		for _, a := range alts {
			either = append(either, typeSchema(a, reached))
		}
		return map[string]any{"anyOf": either}
	}
	name, arg, _ := strings.Cut(typ, ":")
	switch name {
	case "string", "integer", "number", "boolean":
		return map[string]any{"type": name}
	case "enum":
		return map[string]any{"enum": strings.Split(arg, "|")}
	case "object":
		if arg == "" {
			return map[string]any{"type": "object"}
		}
		*reached = append(*reached, arg)
		return map[string]any{"$ref": "#/$defs/" + arg}
	case "array":
		return map[string]any{"type": "array", "items": typeSchema(arg, reached)}
	case "map":
		return map[string]any{"type": "object", "additionalProperties": typeSchema(arg, reached)}
	}
	return map[string]any{}
}
