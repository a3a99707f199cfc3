package plugin

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/sandbox"
)

// AttrDecl is one attribute a plugin's tag (or, for a kind, a
// skill_check) accepts, as its manifest declares it. The GM prompt
// teaches it and the tool schemas (package mcp) are built from it, so a
// plugin's tool is as precise as a native one; what the handler returns is
// still held to record.Check as before.
type AttrDecl struct {
	Name string
	// Type is one of AttrTypes.
	Type string
	// Enum lists the values a text attribute takes (text only).
	Enum     []string
	Required bool
	Doc      string
}

// TagDecl is what a manifest says of one tag: its meaning, the prompt text
// teaching it, its attributes and examples. A tag given as a plain
// function has a TagDecl with only its Name.
type TagDecl struct {
	Name         string
	Doc          string
	Instructions string
	Attrs        []AttrDecl
	Examples     []string
}

// Attr is the declared attribute with this name, in any case.
func (d TagDecl) Attr(name string) (AttrDecl, bool) { return findAttr(d.Attrs, name) }

// Attr is the declared attribute with this name, in any case.
func (d KindDecl) Attr(name string) (AttrDecl, bool) { return findAttr(d.Attrs, name) }

func findAttr(attrs []AttrDecl, name string) (AttrDecl, bool) {
	for _, a := range attrs {
		if strings.EqualFold(a.Name, name) {
			return a, true
		}
	}
	return AttrDecl{}, false
}

// AttrTypes are the attribute types a manifest may declare: character is a
// party member's name (looked up with sheet.FindName), skill a skill, save
// or ability id or label of the ruleset, item an item name of the
// ruleset's catalogs, dice dice notation ("2d6+1").
var AttrTypes = []string{"text", "integer", "number", "boolean", "character", "skill", "item", "dice"}

const (
	// MaxAttrs bounds the attributes one tag or kind declares.
	MaxAttrs = 64
	// MaxExamples bounds the examples one tag or kind gives.
	MaxExamples = 16
	// maxEnum bounds an enum's values.
	maxEnum = 64
)

func isAttrType(s string) bool {
	for _, t := range AttrTypes {
		if t == s {
			return true
		}
	}
	return false
}

// declText reads doc, instructions and examples of a tag's or kind's
// table. Doc and each example are one line, instructions may span lines;
// all are cut at sandbox.MaxNoteLen like every plugin string. Each example
// must read as a tag named want.
func declText(body *lua.LTable, path, want string, bad func(string, ...any)) (doc, instr string, examples []string) {
	str := func(field string, mode sandbox.Mode) string {
		switch v := body.RawGetString(field).(type) {
		case lua.LString:
			return sandbox.Clean(string(v), sandbox.MaxNoteLen, mode)
		case *lua.LNilType:
		default:
			bad("%s.%s: want a string, found %s", path, field, v.Type())
		}
		return ""
	}
	doc = str("doc", sandbox.Line)
	instr = str("instructions", sandbox.Lines)
	v := body.RawGetString("examples")
	if v == lua.LNil {
		return doc, instr, nil
	}
	et, ok := v.(*lua.LTable)
	if !ok {
		bad("%s.examples: want a list of tag texts, found %s", path, v.Type())
		return doc, instr, nil
	}
	n := et.Len()
	if n > MaxExamples {
		bad("%s.examples: %d examples; at most %d", path, n, MaxExamples)
		return doc, instr, nil
	}
	for i := 1; i <= n; i++ {
		s, ok := et.RawGetInt(i).(lua.LString)
		if !ok {
			bad("%s.examples[%d]: want a tag text such as '[%s: ...]', found %s", path, i, want, et.RawGetInt(i).Type())
			continue
		}
		if len(s) > sandbox.MaxNoteLen {
			bad("%s.examples[%d]: %d bytes; at most %d", path, i, len(s), sandbox.MaxNoteLen)
			continue
		}
		t, err := tag.Parse(string(s))
		if err != nil {
			bad("%s.examples[%d]: not a tag (%v): write it as '[%s: key=\"value\"]'", path, i, err, want)
			continue
		}
		if !t.NameIs(want) {
			bad("%s.examples[%d]: a [%s: ...] tag; an example here is a [%s: ...] tag", path, i, t.Name, want)
			continue
		}
		examples = append(examples, string(s))
	}
	return doc, instr, examples
}

// readAttrs reads a list of attribute declarations at path (e.g.
// tags.opposed_check.attrs): each {name =, type =, enum =, required =,
// doc =}, names unique in any case.
func readAttrs(v lua.LValue, path string, bad func(string, ...any)) []AttrDecl {
	if v == lua.LNil {
		return nil
	}
	at, ok := v.(*lua.LTable)
	if !ok {
		bad("%s: want a list of {name = ..., type = ..., doc = ...}, found %s", path, v.Type())
		return nil
	}
	n := at.Len()
	if n > MaxAttrs {
		bad("%s: %d attributes; at most %d", path, n, MaxAttrs)
		return nil
	}
	var out []AttrDecl
	for i := 1; i <= n; i++ {
		where := fmt.Sprintf("%s[%d]", path, i)
		e, ok := at.RawGetInt(i).(*lua.LTable)
		if !ok {
			bad("%s: want {name = ..., type = ..., doc = ...}, found %s", where, at.RawGetInt(i).Type())
			continue
		}
		if a, ok := readAttr(e, where, bad); ok {
			if _, dup := findAttr(out, a.Name); dup {
				bad("%s.name: %q is declared twice (names are compared in any case)", where, a.Name)
				continue
			}
			out = append(out, a)
		}
	}
	return out
}

// readAttr reads one attribute declaration; ok is false when it is
// malformed (each problem reported through bad).
func readAttr(e *lua.LTable, where string, bad func(string, ...any)) (AttrDecl, bool) {
	var a AttrDecl
	ok := true
	fail := func(format string, args ...any) { bad(format, args...); ok = false }
	switch name := e.RawGetString("name").(type) {
	case lua.LString:
		a.Name = string(name)
		if !keyRE().MatchString(a.Name) {
			fail("%s.name: %q: use letters, digits and underscores, starting with a letter (at most 64)", where, sandbox.Clean(a.Name, 80, sandbox.Line))
		}
	default:
		fail("%s.name: want the attribute's name (a string), found %s", where, name.Type())
	}
	switch typ := e.RawGetString("type").(type) {
	case lua.LString:
		a.Type = string(typ)
		if !isAttrType(a.Type) {
			fail("%s.type: %q is not a type (want one of %s)", where, sandbox.Clean(a.Type, 80, sandbox.Line), strings.Join(AttrTypes, ", "))
		}
	default:
		fail("%s.type: want one of %s, found %s", where, strings.Join(AttrTypes, ", "), typ.Type())
	}
	switch req := e.RawGetString("required").(type) {
	case lua.LBool:
		a.Required = bool(req)
	case *lua.LNilType:
	default:
		fail("%s.required: want true or false, found %s", where, req.Type())
	}
	switch doc := e.RawGetString("doc").(type) {
	case lua.LString:
		a.Doc = sandbox.Clean(string(doc), sandbox.MaxNoteLen, sandbox.Line)
	case *lua.LNilType:
		fail("%s.doc: say what the attribute means (a string)", where)
	default:
		fail("%s.doc: want a string, found %s", where, doc.Type())
	}
	if v := e.RawGetString("enum"); v != lua.LNil {
		a.Enum = readEnum(v, where+".enum", fail)
		if a.Type != "" && a.Type != "text" {
			fail("%s.enum: only a text attribute takes an enum (this one is %s)", where, a.Type)
		}
	}
	return a, ok
}

// readEnum reads a non-empty list of distinct strings.
func readEnum(v lua.LValue, where string, fail func(string, ...any)) []string {
	et, ok := v.(*lua.LTable)
	if !ok {
		fail("%s: want a list of strings, found %s", where, v.Type())
		return nil
	}
	n := et.Len()
	if n == 0 || n > maxEnum {
		fail("%s: want 1 to %d values, found %d", where, maxEnum, n)
		return nil
	}
	out := make([]string, 0, n)
	seen := map[string]bool{}
	for i := 1; i <= n; i++ {
		s, ok := et.RawGetInt(i).(lua.LString)
		if !ok || s == "" || len(s) > 256 {
			fail("%s[%d]: want a non-empty string of at most 256 bytes", where, i)
			return nil
		}
		if seen[strings.ToLower(string(s))] {
			fail("%s[%d]: %q is listed twice", where, i, sandbox.Clean(string(s), 80, sandbox.Line))
			return nil
		}
		seen[strings.ToLower(string(s))] = true
		out = append(out, sandbox.Clean(string(s), 256, sandbox.Line))
	}
	return out
}

// readTags reads manifest.tags: name -> function, or name -> {answer =
// function, doc =, instructions =, attrs =, examples =}. It returns the
// declarations sorted by name (the order Manifest.Tags has).
func readTags(t *lua.LTable, bad func(string, ...any)) []TagDecl {
	v := t.RawGetString("tags")
	if v == lua.LNil {
		return nil
	}
	tt, ok := v.(*lua.LTable)
	if !ok {
		bad("tags: want a table of name = function (or name = {answer = function, attrs = {...}})")
		return nil
	}
	var out []TagDecl
	for _, e := range sortedEntries(tt) {
		name, ok := e.key.(lua.LString)
		if !ok {
			bad("tags: names must be strings, found %s", e.key.Type())
			continue
		}
		switch {
		case !tagRE().MatchString(string(name)):
			bad("tags[%q]: use lower-case letters, digits and underscores", name)
			continue
		case nativeTags[string(name)]:
			bad("tags[%q]: the engine answers this tag itself", name)
			continue
		}
		d := TagDecl{Name: string(name)}
		switch body := e.value.(type) {
		case *lua.LFunction:
		case *lua.LTable:
			path := "tags." + string(name)
			if body.RawGetString("answer").Type() != lua.LTFunction {
				bad("%s.answer: want the tag's handler (a function), found %s", path, body.RawGetString("answer").Type())
				continue
			}
			d.Doc, d.Instructions, d.Examples = declText(body, path, d.Name, bad)
			d.Attrs = readAttrs(body.RawGetString("attrs"), path+".attrs", bad)
		default:
			bad("tags[%q]: want a function or a table {answer = function, attrs = {...}}, found %s", name, e.value.Type())
			continue
		}
		out = append(out, d)
	}
	return out
}

// readKindDecl reads the declaration fields of a kind's table: doc,
// instructions, attrs (the extra skill_check attributes it reads) and
// examples (skill_check tags).
func readKindDecl(d *KindDecl, body *lua.LTable, bad func(string, ...any)) {
	path := fmt.Sprintf("kinds[%q]", d.Name)
	d.Doc, d.Instructions, d.Examples = declText(body, path, "skill_check", bad)
	d.Attrs = readAttrs(body.RawGetString("attrs"), path+".attrs", bad)
}

// TagDecl is the declaration of the plugin's tag with this name.
func (m Manifest) TagDecl(name string) (TagDecl, bool) {
	for _, d := range m.TagDecls {
		if strings.EqualFold(d.Name, name) {
			return d, true
		}
	}
	return TagDecl{}, false
}

// tagHandler is the table and field naming a tag's handler: tags[name],
// or tags[name].answer in the table form.
func tagHandler(tags lua.LValue, name string) (lua.LValue, string) {
	tt, ok := tags.(*lua.LTable)
	if !ok {
		return tags, name
	}
	if body, ok := tt.RawGetString(name).(*lua.LTable); ok {
		return body, "answer"
	}
	return tags, name
}
