package sandbox

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatch14MetaIndexFollowsTheMetatable: reads through a metatable's
// __index (read from the metatable's own copy of the entry) follow every
// change to it: set by a constructor, replaced by a store, by rawset, and
// removed.
func TestPatch14MetaIndexFollowsTheMetatable(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	err := L.DoString(`
		local a, b = { x = "a" }, { x = "b" }
		local mt = { __index = a }
		local t = setmetatable({}, mt)
		local seen = { t.x }
		mt.__index = b; seen[#seen + 1] = t.x
		rawset(mt, "__index", function(_, k) return "f" .. k end); seen[#seen + 1] = t.x
		mt.__index = nil; seen[#seen + 1] = tostring(t.x)
		mt["__in" .. "dex"] = a; seen[#seen + 1] = t.x
		local k = "x"; seen[#seen + 1] = t[k]
		result = table.concat(seen, " ")`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := L.GetGlobal("result").String(), "a b fx nil a a"; got != want {
		t.Fatalf("reads through __index: %q, want %q", got, want)
	}
}

// TestPatch14IndexSkipsTheCall: a Go __index function with an Index
// answers the VM's reads directly (no call of its GFunction), constant
// keys and computed ones, and when it declines (here: any key but a
// string, and "decline") the function is called as before.
func TestPatch14IndexSkipsTheCall(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	calls, direct := 0, 0
	fn := L.NewFunction(func(L *lua.LState) int {
		calls++
		L.Push(lua.LString("call:" + L.Get(2).String()))
		return 1
	})
	fn.Index = func(L *lua.LState, obj, key lua.LValue) (lua.LValue, bool) {
		if _, ok := key.(lua.LString); !ok || key.String() == "decline" {
			return nil, false // as the bridge's views decline other keys
		}
		direct++
		return lua.LString("direct:" + key.String()), true
	}
	mt := L.NewTable()
	mt.RawSetString("__index", fn)
	ud := L.NewUserData()
	ud.Metatable = mt
	L.SetGlobal("u", ud)
	if err := L.DoString(`
		local k = "dyn"
		result = table.concat({ u.name, u[k], u[1], u.decline }, " ")`); err != nil {
		t.Fatal(err)
	}
	if got, want := L.GetGlobal("result").String(), "direct:name direct:dyn call:1 call:decline"; got != want {
		t.Errorf("reads %q, want %q", got, want)
	}
	if direct != 2 || calls != 2 {
		t.Errorf("%d direct reads and %d calls, want 2 and 2", direct, calls)
	}
}
