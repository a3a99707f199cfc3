package sandbox

import (
	"runtime"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatch12SmallTablesStartSmall: gopher-lua patch 12: a table made
// without size hints and given three integer keys (a plugin's faces = {}
// then faces[i] = f) allocates far less than the 32-slot array part
// (512 bytes) it used to get, and reads back the same.
func TestPatch12SmallTablesStartSmall(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	if err := L.DoString(`function fill() local t = {} t[1], t[2], t[3] = 4, 5, 6 return t end`); err != nil {
		t.Fatal(err)
	}
	fill := L.GetGlobal("fill")
	var got *lua.LTable
	call := func() {
		L.Push(fill)
		L.Call(0, 1)
		got = L.Get(-1).(*lua.LTable)
		L.Pop(1)
	}
	call()
	const n = 1000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		call()
	}
	runtime.ReadMemStats(&after)
	bytes := (after.TotalAlloc - before.TotalAlloc) / n
	if bytes >= 512 {
		t.Errorf("a three-face table allocates %d bytes", bytes)
	}
	if got.Len() != 3 || got.RawGetInt(1) != lua.LNumber(4) || got.RawGetInt(3) != lua.LNumber(6) {
		t.Errorf("read back %v %v %v", got.RawGetInt(1), got.RawGetInt(2), got.RawGetInt(3))
	}
	s := L.NewTable() // NewTable keeps its own sizes
	s.RawSetString("k", lua.LTrue)
	if s.RawGetString("k") != lua.LTrue {
		t.Error("NewTable")
	}
}
