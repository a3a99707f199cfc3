package plugin

import (
	"fmt"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/host/bridge"
	"github.com/rulehost/rulehost/host/sandbox"
	"github.com/rulehost/rulehost/internal/lazy"
)

// Manifest is what plugin.lua returns, read into Go: who the plugin is and
// what it provides. The functions stay in Lua; the host calls them by name.
type Manifest struct {
	Name        string
	Version     string
	API         int
	Description string
	// Kinds are the resolution kinds the plugin provides, by name.
	Kinds []KindDecl
	// Tags are the GM tags the plugin answers (e.g. opposed_check), sorted.
	Tags []string
	// TagDecls declare each tag's meaning and attributes (attrs.go), one
	// per tag in the order of Tags.
	TagDecls []TagDecl
	// Formatters lists what the plugin formats: record, item, block.
	Formatters []string
	// Config is the plugin's default configuration (plain data).
	Config map[string]any
	// Records are the plugin's own record names and keys (records.go).
	Records []RecordDecl
}

// KindDecl is one resolution kind of a plugin.
type KindDecl struct {
	Name string
	// Keys are the kind's own resolution keys (besides the shared ones).
	Keys []string
	// Locked are kind keys an override may not replace.
	Locked []string
	// Doc and Instructions say what the kind does and how a GM uses it
	// (the prompt's rules section); Attrs are the extra skill_check
	// attributes it reads, Examples skill_check tags (attrs.go).
	Doc, Instructions string
	Attrs             []AttrDecl
	Examples          []string
}

// FormatterNames are the formatter functions a plugin may provide.
var FormatterNames = []string{"record", "item", "block", "section", "prompt"}

// nativeTags are the tags the engine answers itself; a plugin cannot take them.
var nativeTags = map[string]bool{
	"skill_check": true, "roll_dice": true, "inventory": true, "loot": true, "place": true, "sheet": true,
}

var (
	tagRE = lazy.Regexp(`^[a-z][a-z0-9_]{0,63}$`)
	keyRE = lazy.Regexp(`^[A-Za-z][A-Za-z0-9_]{0,63}$`)
)

// readManifest checks the manifest table a plugin returned. Problems are
// listed together, each naming the manifest field.
func readManifest(lv lua.LValue) (Manifest, error) {
	var m Manifest
	t, ok := lv.(*lua.LTable)
	if !ok {
		return m, fmt.Errorf("plugin.lua must return the manifest table {name = ..., version = ..., api = 1, ...}; it returned %s", lv.Type())
	}
	var probs []string
	bad := func(format string, args ...any) { probs = append(probs, fmt.Sprintf(format, args...)) }
	str := func(key string, required bool) string {
		v := t.RawGetString(key)
		s, ok := v.(lua.LString)
		if !ok {
			if v != lua.LNil || required {
				bad("%s: want a string, found %s", key, v.Type())
			}
			return ""
		}
		return string(s)
	}
	m.Name = str("name", true)
	if m.Name != "" && !ruleset.ValidPluginName(m.Name) {
		bad("name %q: use lower-case letters, digits and dashes, starting with a letter", m.Name)
	}
	m.Version = str("version", true)
	m.Description = str("description", false)
	switch api := t.RawGetString("api").(type) {
	case lua.LNumber:
		m.API = int(api)
		if float64(api) != float64(m.API) || m.API < 1 || m.API > bridge.APILevel {
			bad("api %v: this host serves plugin API level 1 to %d", api, bridge.APILevel)
		}
	default:
		bad("api: want the plugin API level (a number, 1), found %s", api.Type())
	}

	if v := t.RawGetString("kinds"); v != lua.LNil {
		kt, ok := v.(*lua.LTable)
		if !ok {
			bad("kinds: want a table of kind name -> {keys, validate, resolve}")
		} else {
			for _, e := range sortedEntries(kt) {
				name, ok := e.key.(lua.LString)
				if !ok || !ruleset.ValidPluginName(string(name)) {
					bad("kinds: kind name %s: use lower-case letters, digits and dashes", e.key.String())
					continue
				}
				d := KindDecl{Name: string(name)}
				body, ok := e.value.(*lua.LTable)
				if !ok {
					bad("kinds[%q]: want a table {keys = {...}, validate = function, resolve = function}", name)
					continue
				}
				for _, fn := range []string{"validate", "resolve"} {
					if body.RawGetString(fn).Type() != lua.LTFunction {
						bad("kinds[%q].%s: want a function", name, fn)
					}
				}
				if o := body.RawGetString("odds"); o != lua.LNil && o.Type() != lua.LTFunction {
					bad("kinds[%q].odds: want a function (the exact odds of a check), or leave it out to have them sampled", name)
				}
				d.Keys = stringList(body.RawGetString("keys"), func(msg string) { bad("kinds[%q].keys: %s", name, msg) })
				d.Locked = stringList(body.RawGetString("locked"), func(msg string) { bad("kinds[%q].locked: %s", name, msg) })
				for _, k := range append(append([]string{}, d.Keys...), d.Locked...) {
					if !keyRE().MatchString(k) {
						bad("kinds[%q]: key %q is not a resolution key name", name, k)
					}
				}
				readKindDecl(&d, body, bad)
				m.Kinds = append(m.Kinds, d)
			}
		}
	}
	sort.Slice(m.Kinds, func(i, j int) bool { return m.Kinds[i].Name < m.Kinds[j].Name })

	m.TagDecls = readTags(t, bad)
	for _, d := range m.TagDecls {
		m.Tags = append(m.Tags, d.Name)
	}
	m.Formatters = functions(t, "formatters", func(name string) string {
		for _, f := range FormatterNames {
			if f == name {
				return ""
			}
		}
		return fmt.Sprintf("allowed: %v", FormatterNames)
	}, bad)

	if v := t.RawGetString("config"); v != lua.LNil {
		raw, err := sandbox.FromLua(v)
		switch c := raw.(type) {
		case map[string]any:
			m.Config = c
		case []any:
			if len(c) == 0 {
				m.Config = map[string]any{}
			} else {
				bad("config: want a table of name = value")
			}
		default:
			bad("config: %v", err)
		}
	}
	m.Records = readRecords(t, bad)
	if len(m.Kinds) == 0 && len(m.Tags) == 0 && len(m.Formatters) == 0 {
		bad("the plugin provides nothing: give kinds, tags or formatters")
	}
	if len(probs) > 0 {
		return m, fmt.Errorf("manifest: %s", joinProblems(probs))
	}
	return m, nil
}

// functions reads a table of name -> function.
func functions(t *lua.LTable, field string, check func(string) string, bad func(string, ...any)) []string {
	v := t.RawGetString(field)
	if v == lua.LNil {
		return nil
	}
	ft, ok := v.(*lua.LTable)
	if !ok {
		bad("%s: want a table of name = function", field)
		return nil
	}
	var out []string
	for _, e := range sortedEntries(ft) {
		name, ok := e.key.(lua.LString)
		if !ok {
			bad("%s: names must be strings, found %s", field, e.key.Type())
			continue
		}
		if msg := check(string(name)); msg != "" {
			bad("%s[%q]: %s", field, name, msg)
			continue
		}
		if e.value.Type() != lua.LTFunction {
			bad("%s[%q]: want a function, found %s", field, name, e.value.Type())
			continue
		}
		out = append(out, string(name))
	}
	sort.Strings(out)
	return out
}

func stringList(v lua.LValue, bad func(string)) []string {
	if v == lua.LNil {
		return nil
	}
	raw, err := sandbox.FromLua(v)
	list, ok := raw.([]any)
	if err != nil || !ok {
		bad("want a list of strings")
		return nil
	}
	var out []string
	for _, x := range list {
		s, ok := x.(string)
		if !ok {
			bad("want a list of strings")
			return nil
		}
		out = append(out, s)
	}
	return out
}

// maxProblems bounds the problems one manifest error lists: a manifest
// with thousands of bad entries made a megabyte-long error, built in time
// quadratic in their number (seconds of load time).
const maxProblems = 20

func joinProblems(p []string) string {
	if len(p) > maxProblems {
		more := len(p) - maxProblems
		p = append(p[:maxProblems:maxProblems], fmt.Sprintf("and %d more problems", more))
	}
	return strings.Join(p, "; ")
}

// tableEntry is one key and value of a Lua table.
type tableEntry struct{ key, value lua.LValue }

// sortedEntries reads a table's entries ordered by key type, then key
// text. A Lua table's hash part iterates in Go map order, which differs
// between processes, so whatever a manifest reader reports about a table
// must walk it in this order to be the same every time.
func sortedEntries(t *lua.LTable) []tableEntry {
	var out []tableEntry
	t.ForEach(func(k, v lua.LValue) { out = append(out, tableEntry{k, v}) })
	sort.SliceStable(out, func(i, j int) bool {
		if ti, tj := out[i].key.Type(), out[j].key.Type(); ti != tj {
			return ti < tj
		}
		return out[i].key.String() < out[j].key.String()
	})
	return out
}
