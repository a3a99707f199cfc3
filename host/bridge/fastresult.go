package bridge

import lua "github.com/yuin/gopher-lua"

// fastRecord reads the common whole-record result, a plain table with
// exactly name (a non-empty string) and attrs (a plain list of pairs that
// fastPairs reads), straight from the Lua tables: a tag handler returns
// one on every call, and the general conversion cost about a tenth of an
// opposed roll. Anything else (ok false) takes the general path, which
// also words the errors.
func fastRecord(t *lua.LTable) (Result, bool) {
	name, ok := t.RawGetString("name").(lua.LString)
	if !ok || name == "" {
		return Result{}, false
	}
	attrs, ok := t.RawGetString("attrs").(*lua.LTable)
	if !ok || attrs.Metatable != lua.LNil {
		return Result{}, false
	}
	fields := 0
	t.ForEach(func(_, _ lua.LValue) { fields++ })
	if fields != 2 {
		return Result{}, false
	}
	pairs, ok := fastPairs(attrs)
	if !ok {
		return Result{}, false
	}
	return Result{Name: string(name), Attrs: pairs}, true
}
