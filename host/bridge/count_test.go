package bridge_test

import (
	"context"
	"errors"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/host/bridge"
	"github.com/rulehost/rulehost/host/sandbox"
)

// TestCountAsThePrelude: rulehost.count, counted in Go for a plain list
// of numbers, answers exactly as the prelude's Lua does (copied here as
// the reference) for lists of integers, fractions, NaN and infinities,
// lists with holes, a list past the Go bound, a read-only view, a list
// holding a string or a table, and a string atLeast; errors included
// (those cases are the Lua's own).
func TestCountAsThePrelude(t *testing.T) {
	sb, _ := bridged(t)
	fn, err := sb.Load("count.lua", `
		local function ref(list, atLeast)
			local n = 0
			for i = 1, #list do
				if list[i] >= atLeast then n = n + 1 end
			end
			return n
		end
		return function(cases)
			local out = {}
			for i = 1, #cases do
				local c = cases[i]
				local ok1, a = pcall(rulehost.count, c.list, c.at)
				local ok2, b = pcall(ref, c.list, c.at)
				if ok1 ~= ok2 or (ok1 and a ~= b) then
					out[#out + 1] = i .. ": " .. tostring(ok1) .. " " .. tostring(a) .. " / " .. tostring(ok2) .. " " .. tostring(b)
				end
			end
			local big = {}
			for i = 1, 5000 do big[i] = i % 7 end
			out[#out + 1] = "big " .. rulehost.count(big, 3) .. " " .. ref(big, 3)
			out[#out + 1] = "pool " .. rulehost.count({ 7, 10, 1, 8, 6 }, 7)
			return table.concat(out, "; ")
		end`)
	if err != nil {
		t.Fatal(err)
	}
	L := sb.L()
	cases := L.NewTable()
	add := func(list lua.LValue, at lua.LValue) {
		c := L.NewTable()
		c.RawSetString("list", list)
		c.RawSetString("at", at)
		cases.Append(c)
	}
	nums := func(xs ...float64) *lua.LTable {
		tb := L.NewTable()
		for _, x := range xs {
			tb.Append(lua.LNumber(x))
		}
		return tb
	}
	nan := lua.LNumber(0)
	nan = nan / nan
	add(nums(1, 5, 7, 10, 7), lua.LNumber(7))
	add(nums(), lua.LNumber(1))
	add(nums(0.5, 1.5, -2), lua.LNumber(0.5))
	add(nums(1, 2, 3), nan)
	hole := nums(9, 9, 9)
	hole.RawSetInt(2, lua.LNil)
	add(hole, lua.LNumber(5))
	mixed := nums(8, 9)
	mixed.Append(lua.LString("10"))
	add(mixed, lua.LNumber(7))
	withTable := nums(8)
	withTable.Append(L.NewTable())
	add(withTable, lua.LNumber(7))
	strs := L.NewTable()
	strs.Append(lua.LString("b"))
	strs.Append(lua.LString("a"))
	add(strs, lua.LString("b"))
	add(nums(1, 2), lua.LString("1"))
	view, err := sb.ReadOnly([]any{3, 8, 9})
	if err != nil {
		t.Fatal(err)
	}
	add(view, lua.LNumber(8))
	add(lua.LNil, lua.LNumber(1))
	rets, err := sb.Call(context.Background(), nil, fn, cases)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rets[0].String(), "big 2856 2856; pool 3"; got != want {
		t.Errorf("count differs from the prelude's: %s (want %s)", got, want)
	}
}

// TestCountInGoCostsNoInstructions: counting a plain list of 1,000 faces
// is the host's work (no VM instructions: an instruction budget of 200
// allows it), while the same count in Lua runs past that budget.
func TestCountInGoCostsNoInstructions(t *testing.T) {
	sb, err := sandbox.New(sandbox.Options{Name: "budget", MaxInstructions: 200})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	if _, err := bridge.Install(sb); err != nil {
		t.Fatal(err)
	}
	fn, err := sb.Load("c.lua", `return function(list, lua)
		if not lua then return rulehost.count(list, 5) end
		local n = 0
		for i = 1, #list do if list[i] >= 5 then n = n + 1 end end
		return n
	end`)
	if err != nil {
		t.Fatal(err)
	}
	list := sb.L().CreateTable(1000, 0)
	for i := 0; i < 1000; i++ {
		list.Append(lua.LNumber(i % 10))
	}
	rets, err := sb.Call(context.Background(), nil, fn, list, lua.LFalse)
	if err != nil || rets[0] != lua.LNumber(500) {
		t.Fatalf("rulehost.count under a budget of 200: %v %v", rets, err)
	}
	if _, err := sb.Call(context.Background(), nil, fn, list, lua.LTrue); !errors.Is(err, sandbox.ErrBudget) {
		t.Fatalf("the count in Lua: %v, want the budget exceeded", err)
	}
}

// TestCountInGoIsCharged: the Go count is charged to the instruction
// budget by the entries it walks, so a plugin that calls it in a loop
// over a long list is stopped by the budget, not only by its deadline.
func TestCountInGoIsCharged(t *testing.T) {
	sb, err := sandbox.New(sandbox.Options{Name: "budget", MaxInstructions: 10_000})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	if _, err := bridge.Install(sb); err != nil {
		t.Fatal(err)
	}
	fn, err := sb.Load("c.lua", `return function(list)
		local n = 0
		for i = 1, 100 do n = n + rulehost.count(list, 5) end
		return n
	end`)
	if err != nil {
		t.Fatal(err)
	}
	list := sb.L().CreateTable(4096, 0)
	for i := 0; i < 4096; i++ {
		list.Append(lua.LNumber(i % 10))
	}
	// 100 counts of 4,096 entries are 51,200 charged instructions
	if _, err := sb.Call(context.Background(), nil, fn, list); !errors.Is(err, sandbox.ErrBudget) {
		t.Fatalf("100 Go counts of 4,096 entries under a budget of 10,000: %v; want the budget exceeded", err)
	}
}
