package sandbox

import (
	"context"
	"errors"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

const lazyPlugin = `
local M = {}
function M.ignore(v) return "ignored" end
function M.read(v) return v.name .. " " .. #v.list .. " " .. v.list[2] end
function M.len(v) return #v end
function M.walk(v)
  local out = {}
  for k, x in pairs(v) do out[#out + 1] = tostring(k) .. "=" .. tostring(x) end
  return table.concat(out, ",")
end
function M.list(v)
  local out = {}
  for i, x in ipairs(v) do out[#out + 1] = x end
  return table.concat(out, "+") .. " " .. table.concat(v, "-") .. " " .. select("#", unpack(v)) .. " " .. tostring(next(v))
end
function M.raw(v) return rawget(v, "name") end
function M.write(v) v.name = "changed" v.list[1] = "z" return v.name .. v.list[1] end
function M.meta(v) return getmetatable(v) end
function M.rawset(v) rawset(v, "name", "x") end
function M.setmeta(v) setmetatable(v, {}) end
function M.insert(v) table.insert(v, "x") end
return M
`

// TestLazy: a lazy view is filled once, on the first look, by every way
// of looking; never when the plugin does not look; it takes field writes
// and refuses what a read-only view refuses.
func TestLazy(t *testing.T) {
	s, _ := load(t, Options{}, lazyPlugin)
	defer s.Close()
	L := s.L()
	fills := 0
	object := func() *lua.LTable {
		return s.Lazy(func() lua.LValue {
			fills++
			list := L.CreateTable(3, 0)
			for _, x := range []string{"a", "b", "c"} {
				list.Append(lua.LString(x))
			}
			t := L.CreateTable(0, 2)
			t.RawSetString("name", lua.LString("n"))
			t.RawSetString("list", list)
			return t
		})
	}
	list := func() *lua.LTable {
		return s.Lazy(func() lua.LValue {
			fills++
			t := L.CreateTable(3, 0)
			for _, x := range []string{"a", "b", "c"} {
				t.Append(lua.LString(x))
			}
			return t
		})
	}
	for _, c := range []struct {
		fn    string
		view  func() *lua.LTable
		want  lua.LValue
		fills int
	}{
		{"ignore", object, lua.LString("ignored"), 0},
		{"read", object, lua.LString("n 3 b"), 1},
		{"len", list, lua.LNumber(3), 1},
		{"walk", object, lua.LString("name=n,list=" + ""), 1},
		{"list", list, lua.LString("a+b+c a-b-c 3 1"), 1},
		{"raw", object, lua.LString("n"), 1},
		{"write", object, lua.LString("changedz"), 1},
		{"meta", object, lua.LString("read-only"), 0},
	} {
		fills = 0
		rets := call(t, s, nil, c.fn, c.view())
		got := rets[0]
		if c.fn == "walk" {
			if s, ok := got.(lua.LString); !ok || len(s) < 12 || s[:12] != "name=n,list=" {
				t.Errorf("walk: %v", got)
			}
		} else if got != c.want {
			t.Errorf("%s: %v, want %v", c.fn, got, c.want)
		}
		if fills != c.fills {
			t.Errorf("%s: filled %d times, want %d", c.fn, fills, c.fills)
		}
	}
	// filled by the host's conversion too
	v := object()
	if got, err := FromLua(v); err != nil || got.(map[string]any)["name"] != "n" {
		t.Errorf("FromLua: %v %v", got, err)
	}
	for _, fn := range []string{"rawset", "setmeta", "insert"} {
		s2, _ := load(t, Options{}, lazyPlugin)
		_, err := s2.Method(context.Background(), nil, s2.Manifest(), fn, s2.Lazy(func() lua.LValue { return lua.LNil }))
		if !errors.Is(err, ErrForbidden) {
			t.Errorf("%s: %v, want forbidden", fn, err)
		}
		s2.Close()
	}
}
