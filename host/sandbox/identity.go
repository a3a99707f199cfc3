package sandbox

import (
	"fmt"
	"strconv"
	"sync"

	lua "github.com/yuin/gopher-lua"
)

// Lua shows tables, functions and userdata as "table: 0x..." with their
// address. In gopher-lua that is a Go heap address, which differs from run
// to run, so a plugin that put tostring({}) (or an error({}) object, or
// string.format("%s", view)) into a record would make the record depend on
// the machine and the moment, not on the seed. The sandbox shows them with
// a number instead, given in order of first appearance in the call and
// forgotten when the call ends: unique within the call, and the same on
// every run.

// identity returns v's number in the current call.
func (s *Sandbox) identity(v lua.LValue) int {
	if s.ids == nil {
		s.ids = map[lua.LValue]int{}
	}
	id, ok := s.ids[v]
	if !ok {
		id = len(s.ids) + 1
		s.ids[v] = id
	}
	return id
}

// plainString is tostring(v) without metamethods: scalars as Lua writes
// them, reference values as "<type>: 0x<number in this call>".
func (s *Sandbox) plainString(v lua.LValue) string {
	switch v.(type) {
	case *lua.LTable, *lua.LFunction, *lua.LUserData, *lua.LState, lua.LChannel:
		return fmt.Sprintf("%s: 0x%08x", v.Type(), s.identity(v))
	}
	return v.String()
}

// toString is Lua's tostring: the __tostring metamethod when v has one
// (its result as is), plainString otherwise.
func (s *Sandbox) toString(L *lua.LState, v lua.LValue) lua.LValue {
	if n, ok := v.(lua.LNumber); ok {
		// numbers have no __tostring (their metatable is the host's to
		// set, and it sets none); small integers' texts are boxed once
		if i := int(n); lua.LNumber(i) == n && i >= 0 && i < len(smallIntText()) {
			return smallIntText()[i]
		}
		return lua.LString(n.String())
	}
	if fn, ok := L.GetMetaField(v, "__tostring").(*lua.LFunction); ok {
		L.Push(fn)
		L.Push(v)
		L.Call(1, 1)
		ret := L.Get(-1)
		L.Pop(1)
		return ret
	}
	return lua.LString(s.plainString(v))
}

// describeValue words a value the host reports without running plugin
// code (an error object, a key written to a read-only table): scalars as
// themselves, other values by type only.
func describeValue(v lua.LValue) string {
	switch v.(type) {
	case lua.LString, lua.LNumber, lua.LBool, *lua.LNilType:
		return v.String()
	}
	return fmt.Sprintf("(a %s value)", v.Type())
}

// smallIntText holds tostring's answers for 0..1023, boxed once per
// process: tostring(count) is how a plugin writes a number into a record
// (an opposed roll does it twice), and each allocated the text and its box.
var smallIntText = sync.OnceValue(func() []lua.LValue {
	t := make([]lua.LValue, 1024)
	for i := range t {
		t[i] = lua.LString(strconv.Itoa(i))
	}
	return t
})
