package sandbox

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatch9IndexKeyIsTheConstant: third_party patch 9 hands an __index
// function the key as the instruction's constant rather than a new box of
// its text. The function sees the same key (for a constant, a global and a
// key computed at run time alike), and reading a field through it
// allocates nothing in the VM (it boxed the key on every read).
func TestPatch9IndexKeyIsTheConstant(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	var seen []string
	var seven lua.LValue = lua.LString("seven") // boxed once
	ud := L.NewUserData()
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		seen = append(seen, L.CheckString(2))
		L.Push(seven)
		return 1
	}))
	ud.Metatable = mt
	L.SetGlobal("u", ud)
	if err := L.DoString(`local k = "dyn" .. "amic"; a = u.total; b = u[k]`); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[0] != "total" || seen[1] != "dynamic" {
		t.Fatalf("__index saw %q, want [total dynamic]", seen)
	}
	fn, err := L.LoadString(`local u = u; return function() return u.total == u.total end`)
	if err != nil {
		t.Fatal(err)
	}
	L.Push(fn)
	L.Call(0, 1)
	read := L.Get(-1)
	L.Pop(1)
	seen = seen[:0:0]
	n := testing.AllocsPerRun(200, func() {
		L.Push(read)
		L.Call(0, 1)
		L.Pop(1)
		seen = seen[:0]
	})
	if n > 0 {
		t.Errorf("two reads through __index allocate %.1f times; want 0", n)
	}
}
