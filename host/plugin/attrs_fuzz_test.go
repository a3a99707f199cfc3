package plugin

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/sandbox"
)

// FuzzAttrDecls: whatever a tag's table holds (names, types, enums,
// required, docs, examples of any shape), reading it never panics, and
// what it accepts holds to the declaration rules: names match keyRE and
// are unique in any case, types are AttrTypes, enums only on text, texts
// cut to 1 KiB, examples parse as the tag.
func FuzzAttrDecls(f *testing.F) {
	f.Add("who", "character", "", true, "The roller.", `[t: who="Ada"]`, 0)
	f.Add("tie", "text", "defender,attacker", false, "How ties go.", `[t: x="1"]`, 1)
	f.Add("n", "int", "1", false, "", "roll", 2)
	f.Add("9x", "text", ",", true, "\x00\n", `[u: a="b"]`, 3)
	f.Add("a", "integer", "a,A", false, strings.Repeat("d", 2000), "[t]", 4)
	L := lua.NewState()
	defer L.Close()
	f.Fuzz(func(t *testing.T, name, typ, enum string, required bool, doc, example string, shape int) {
		body := L.NewTable()
		body.RawSetString("answer", L.NewFunction(func(*lua.LState) int { return 0 }))
		attrs := L.NewTable()
		for i := 0; i < 1+shape%3; i++ {
			e := L.NewTable()
			e.RawSetString("name", lua.LString(name))
			e.RawSetString("type", lua.LString(typ))
			if shape%5 == 1 {
				e.RawSetString("type", lua.LNumber(3))
			}
			if required || shape%7 == 2 {
				e.RawSetString("required", lua.LBool(required))
			}
			if shape%4 != 3 {
				e.RawSetString("doc", lua.LString(doc))
			}
			if enum != "" {
				et := L.NewTable()
				for _, v := range strings.Split(enum, ",") {
					et.Append(lua.LString(v))
				}
				e.RawSetString("enum", et)
			}
			attrs.Append(e)
		}
		if shape%11 == 5 {
			attrs.Append(lua.LString(name))
		}
		body.RawSetString("attrs", attrs)
		body.RawSetString("doc", lua.LString(doc))
		ex := L.NewTable()
		ex.Append(lua.LString(example))
		body.RawSetString("examples", ex)
		tags := L.NewTable()
		tags.RawSetString("t", body)
		m := L.NewTable()
		m.RawSetString("tags", tags)

		var probs []string
		decls := readTags(m, func(format string, args ...any) { probs = append(probs, format) })
		for _, d := range decls {
			if len(d.Doc) > sandbox.MaxNoteLen+64 {
				t.Fatalf("doc of %d bytes kept", len(d.Doc))
			}
			seen := map[string]bool{}
			for _, a := range d.Attrs {
				if !keyRE().MatchString(a.Name) || !isAttrType(a.Type) || seen[strings.ToLower(a.Name)] {
					t.Fatalf("accepted %+v", a)
				}
				seen[strings.ToLower(a.Name)] = true
				if len(a.Enum) > 0 && a.Type != "text" {
					t.Fatalf("enum on %s", a.Type)
				}
			}
			for _, e := range d.Examples {
				tg, err := tag.Parse(e)
				if err != nil || !tg.NameIs("t") {
					t.Fatalf("example %q accepted", e)
				}
			}
		}
		if len(probs) == 0 && len(decls) != 1 {
			t.Fatalf("no problem reported, but %d declarations", len(decls))
		}
	})
}
