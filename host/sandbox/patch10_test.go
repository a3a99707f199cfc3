package sandbox

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatch10EveryStoreIsSeen: third_party patch 10 lets Reset skip the
// walk of a plugin table nothing was stored into, so every way Lua (or
// the host) can change a table must set its Wrote: each writer below,
// run after clean calls (whose Resets skipped the walks), still gets the
// sandbox refused at Reset. A store that writes a table back as it was
// leaves the state pristine, as before the patch.
func TestPatch10EveryStoreIsSeen(t *testing.T) {
	const src = `
local data = { 1, 2, 3, n = 1, [2.5] = true, [5000] = "x" }
local M = {}
function M.clean() return data.n + #data end
function M.same() data.n = 1 end
function M.field() data.n = 2 end
function M.index() data[1] = 9 end
function M.append() data[#data + 1] = 4 end
function M.newkey() data.extra = 1 end
function M.delete() data.n = nil end
function M.hash() data[2.5] = false end
function M.sparse() data[100000] = 1 end
function M.insert() table.insert(data, 1, 0) end
function M.remove() table.remove(data) end
function M.sort() table.sort(data, function(a, b) return a > b end) end
function M.raw() rawset(data, "n", 3) end
return M
`
	for _, writer := range []string{"field", "index", "append", "newkey", "delete", "hash", "sparse", "insert", "remove", "sort", "raw"} {
		s, _ := load(t, Options{Name: "p10"}, src)
		for i := 0; i < 3; i++ {
			call(t, s, nil, "clean")
			if err := s.Reset(); err != nil {
				t.Fatalf("%s: clean call %d: %v", writer, i, err)
			}
		}
		call(t, s, nil, "same")
		if err := s.Reset(); err != nil {
			t.Fatalf("%s: a table written back as it was: %v", writer, err)
		}
		call(t, s, nil, writer)
		if err := s.Reset(); err == nil {
			t.Errorf("%s: the plugin's table was changed and Reset did not see it", writer)
		}
		s.Close()
	}
}

// TestPatch10Wrote: LTable.Wrote follows every mutating method, and
// ClearWrote resets it.
func TestPatch10Wrote(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	for name, write := range map[string]func(tb *lua.LTable){
		"RawSet":       func(tb *lua.LTable) { tb.RawSet(lua.LNumber(1), lua.LTrue) },
		"RawSetInt":    func(tb *lua.LTable) { tb.RawSetInt(5, lua.LTrue) },
		"RawSetString": func(tb *lua.LTable) { tb.RawSetString("a", lua.LTrue) },
		"RawSetH":      func(tb *lua.LTable) { tb.RawSetH(lua.LTrue, lua.LTrue) },
		"Append":       func(tb *lua.LTable) { tb.Append(lua.LTrue) },
		"Insert":       func(tb *lua.LTable) { tb.Insert(1, lua.LTrue) },
		"Remove":       func(tb *lua.LTable) { tb.Remove(1) },
	} {
		tb := L.NewTable()
		tb.RawSetInt(1, lua.LFalse)
		tb.ClearWrote()
		if tb.Wrote() {
			t.Fatalf("%s: Wrote after ClearWrote", name)
		}
		_ = tb.RawGetInt(1)
		tb.ForEach(func(lua.LValue, lua.LValue) {})
		if tb.Wrote() {
			t.Fatalf("%s: a read set Wrote", name)
		}
		write(tb)
		if !tb.Wrote() {
			t.Errorf("%s did not set Wrote", name)
		}
	}
}
