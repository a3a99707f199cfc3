package sandbox

import (
	"fmt"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// nextOrder is the keys of tb in the order next gives them.
func nextOrder(tb *lua.LTable) []string {
	var out []string
	for k, _ := tb.Next(lua.LNil); k != lua.LNil; k, _ = tb.Next(k) {
		out = append(out, k.String())
	}
	return out
}

// TestPatch7KeyOrder: third_party patch 7 sizes a table's key order with
// its hash part. A table built with a size hint walks (next) exactly as
// one grown key by key, through the same writes: more keys than the
// hint, a key removed and set again, a key set twice; and a Lua table
// constructor with named fields walks in the order it names them.
func TestPatch7KeyOrder(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	hinted, grown := L.CreateTable(0, 3), L.NewTable()
	for _, tb := range []*lua.LTable{hinted, grown} {
		for i := range 8 {
			tb.RawSetString(fmt.Sprintf("k%d", i), lua.LNumber(i))
		}
		tb.RawSetString("k2", lua.LNil)
		tb.RawSetString("k5", lua.LString("again"))
		tb.RawSetString("k2", lua.LTrue)
	}
	h, g := fmt.Sprint(nextOrder(hinted)), fmt.Sprint(nextOrder(grown))
	if h != g || h != "[k0 k1 k2 k3 k4 k5 k6 k7]" {
		t.Errorf("next order: hinted %s, grown %s", h, g)
	}
	if err := L.DoString(`
		local t = {zeta = 1, alpha = 2, mid = 3, [1] = "list"}
		local got = {}
		for k in pairs(t) do if type(k) == "string" then got[#got + 1] = k end end
		assert(table.concat(got, " ") == "zeta alpha mid", table.concat(got, " "))
	`); err != nil {
		t.Error(err)
	}
}

// TestPatch7Allocations: the point of patch 7 — a table built with its
// size known allocates less than one grown key by key.
func TestPatch7Allocations(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	keys := []string{"name", "count", "weight", "slot", "value", "equipped", "charges", "tags", "notes"}
	build := func(hint int) float64 {
		return testing.AllocsPerRun(50, func() {
			tb := L.CreateTable(0, hint)
			for _, k := range keys {
				tb.RawSetString(k, lua.LTrue)
			}
		})
	}
	if hinted, grown := build(len(keys)), build(0); hinted >= grown {
		t.Errorf("a table of %d string keys: %.0f allocations with the size known, %.0f grown key by key", len(keys), hinted, grown)
	} else {
		t.Logf("%.0f allocations with the size known, %.0f grown", hinted, grown)
	}
}
