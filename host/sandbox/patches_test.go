package sandbox

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestPatchedTableSemantics: third_party patch 1 keeps integer keys far
// past the end of a list in the hash part; tables must still behave as Lua
// tables: reads, #, pairs (each key once), growth over hash-part keys,
// table.insert/remove, removal by nil.
func TestPatchedTableSemantics(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	err := L.DoString(`
		local function count(t) local n = 0 local seen = {} for k in pairs(t) do assert(not seen[k], "key twice: " .. tostring(k)) seen[k] = true n = n + 1 end return n end

		local t = {}
		t[16777216] = true
		t[67108863] = "far"
		assert(t[16777216] == true and t[67108863] == "far" and #t == 0)
		assert(count(t) == 2)
		t[16777216] = nil
		assert(t[16777216] == nil and count(t) == 1)

		-- a list grown up to a key kept in the hash part adopts it
		local u = {}
		u[3000] = "x"
		for i = 1, 2999 do u[i] = i end
		assert(#u == 3000 and u[3000] == "x")
		assert(count(u) == 3000)
		u[3001] = "y"
		assert(#u == 3001)

		-- a fill within the gap adopts the hash-part keys it covers
		local w = {}
		w[1500] = "a"
		w[1] = 1
		w[1000] = "b"
		assert(w[1500] == "a" and w[1000] == "b" and count(w) == 3)
		for i = 2, 999 do w[i] = i end
		for i = 1001, 1499 do w[i] = i end
		assert(#w == 1500 and count(w) == 1500)

		-- table.insert and remove over a table with hash-part integers
		local v = {1, 2, 3}
		v[2000] = "far"
		table.insert(v, 4)
		table.insert(v, 1, 0)
		assert(#v == 5 and v[1] == 0 and v[5] == 4 and v[2000] == "far")
		assert(table.remove(v) == 4 and #v == 4)
		assert(count(v) == 5)

		-- next() from a hash-part integer key continues in the hash part
		local h = { a = 1 }
		h[5000] = 2
		h.b = 3
		local seen = 0
		for k, val in next, h do seen = seen + 1 end
		assert(seen == 3)

		-- ipairs and unpack read the list part
		local s = {10, 20, 30}
		s[4096] = 40
		local n = 0
		for i, x in ipairs(s) do n = n + 1 end
		assert(n == 3 and select("#", unpack(s)) == 3)
	`)
	if err != nil {
		t.Fatal(err)
	}
}
