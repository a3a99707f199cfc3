package sandbox

import (
	"context"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatch18LenSkipsTheCall: a Go __len with a Len answers #obj without
// being called, and is called when Len declines; the sandbox's read-only
// views answer # through it with the inner table's length.
func TestPatch18LenSkipsTheCall(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	calls := 0
	fn := L.NewFunction(func(L *lua.LState) int {
		calls++
		L.Push(lua.LNumber(-1))
		return 1
	})
	fn.Len = func(L *lua.LState, obj lua.LValue) (lua.LValue, bool) {
		t := obj.(*lua.LTable)
		if t.RawGetString("decline") != lua.LNil {
			return nil, false
		}
		return lua.LNumber(t.RawGetInt(1).(lua.LNumber) * 10), true
	}
	mt := L.NewTable()
	mt.RawSetString("__len", fn)
	L.SetGlobal("mt", mt)
	if err := L.DoString(`
		local a = setmetatable({ 4 }, mt)
		local b = setmetatable({ 4, decline = true }, mt)
		result = #a .. " " .. #b`); err != nil {
		t.Fatal(err)
	}
	if got := L.GetGlobal("result").String(); got != "40 -1" || calls != 1 {
		t.Errorf("lengths %q with %d calls, want \"40 -1\" and 1", got, calls)
	}

	s, _ := load(t, Options{Name: "p18"}, `return {}`)
	view, err := s.ReadOnly([]any{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	fnLen, err := s.l.LoadString(`local v = ... return #v, #{}`)
	if err != nil {
		t.Fatal(err)
	}
	rets, err := s.Call(context.Background(), nil, fnLen, view)
	if err != nil || len(rets) != 2 || rets[0] != lua.LNumber(3) || rets[1] != lua.LNumber(0) {
		t.Fatalf("#view: %v %v, want 3 0", rets, err)
	}
}
