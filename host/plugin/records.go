package plugin

import (
	"fmt"
	"sort"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/record"
)

// RecordDecl is one record name a plugin declares in its manifest's
// records table, with its keys ("check" declares keys for the checks of
// the plugin's own kinds).
type RecordDecl struct {
	Name string
	Doc  string
	Keys []record.Key
}

// readRecords reads manifest.records:
//
//	records = {
//	  check = { keys = { { name = "match", type = "boolean", doc = "..." } } },
//	  opposed = { doc = "the answer to [opposed_check: ...]", keys = { ... } },
//	}
//
// Shape problems are reported through bad, each naming the field; the
// clash tests against the engine's schema come when the plugin joins a
// set (record.RegisterExtension).
func readRecords(t *lua.LTable, bad func(string, ...any)) []RecordDecl {
	v := t.RawGetString("records")
	if v == lua.LNil {
		return nil
	}
	rt, ok := v.(*lua.LTable)
	if !ok {
		bad("records: want a table of record name -> {doc = ..., keys = {{name =, type =, doc =}, ...}}")
		return nil
	}
	var out []RecordDecl
	entries := sortedEntries(rt)
	if len(entries) > record.MaxExtRecords+1 {
		bad("records: %d record names; at most %d", len(entries), record.MaxExtRecords+1)
		return nil
	}
	for _, e := range entries {
		name, ok := e.key.(lua.LString)
		if !ok {
			bad("records: names must be strings, found %s", e.key.Type())
			continue
		}
		body, ok := e.value.(*lua.LTable)
		if !ok {
			bad("records[%q]: want a table {doc = ..., keys = {...}}", name)
			continue
		}
		d := RecordDecl{Name: string(name)}
		switch doc := body.RawGetString("doc").(type) {
		case lua.LString:
			d.Doc = string(doc)
		default:
			if d.Name != record.CheckRecord {
				bad("records[%q].doc: say what the record answers (a string)", name)
			}
		}
		d.Keys = readKeys(body.RawGetString("keys"), d.Name, func(format string, args ...any) {
			bad("records[%q].keys: %s", name, fmt.Sprintf(format, args...))
		})
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// readKeys reads a list of {name =, type =, doc =}.
func readKeys(v lua.LValue, on string, bad func(string, ...any)) []record.Key {
	if v == lua.LNil {
		return nil
	}
	kt, ok := v.(*lua.LTable)
	if !ok {
		bad("want a list of {name = ..., type = ..., doc = ...}")
		return nil
	}
	n := kt.Len()
	if n > record.MaxExtKeys {
		bad("%d keys; at most %d", n, record.MaxExtKeys)
		return nil
	}
	var out []record.Key
	for i := 1; i <= n; i++ {
		e, ok := kt.RawGetInt(i).(*lua.LTable)
		if !ok {
			bad("entry %d: want {name = ..., type = ..., doc = ...}", i)
			continue
		}
		name, _ := e.RawGetString("name").(lua.LString)
		typ, _ := e.RawGetString("type").(lua.LString)
		doc, _ := e.RawGetString("doc").(lua.LString)
		if name == "" {
			bad("entry %d: name: want the key's name (a string)", i)
			continue
		}
		ty, ok := record.ParseType(string(typ))
		if !ok {
			bad("%q: type %q: want text, integer, signed integer, number, boolean or integer list", name, typ)
			continue
		}
		if doc == "" {
			bad("%q: doc: say what the key means and when it is present", name)
			continue
		}
		out = append(out, record.Key{Name: string(name), Type: ty, Doc: string(doc), Tags: []string{on}})
	}
	return out
}

// Extension is the plugin's record names and keys as the schema takes
// them.
func (m Manifest) Extension() record.Extension {
	e := record.Extension{Owner: m.Name, Records: map[string]string{}}
	for _, k := range m.Kinds {
		e.Kinds = append(e.Kinds, k.Name)
	}
	for _, r := range m.Records {
		if r.Name != record.CheckRecord {
			e.Records[r.Name] = r.Doc
		}
		e.Keys = append(e.Keys, r.Keys...)
	}
	return e
}

// OwnsRecord reports whether the manifest declares this record name (not
// "check", which every kind writes).
func (m Manifest) OwnsRecord(name string) bool {
	for _, r := range m.Records {
		if r.Name == name && name != record.CheckRecord {
			return true
		}
	}
	return false
}

// OwnsKind reports whether the plugin provides this kind.
func (m Manifest) OwnsKind(name string) bool {
	for _, k := range m.Kinds {
		if k.Name == name {
			return true
		}
	}
	return false
}
