package sandbox

import (
	lua "github.com/yuin/gopher-lua"
)

// lazyKey marks the metatable of a lazy view; its value holds the
// function that fills it (a *lazyFill in a userdata), until it has run.
var lazyKey = &lua.LUserData{}

type lazyFill struct{ fill func() lua.LValue }

// Lazy returns a view of the table fill builds, built the first time the
// plugin looks into it: a host argument a plugin may well never read (a
// prompt section's data: the xml formatter never reads it; the inventory's
// is hundreds of tables) costs one small table until then.
//
// Reading a key, #, pairs, ipairs, next, rawget, unpack, table.concat and
// the host's own conversions (FromLua) all see the filled table; so does
// assigning a field (view.k = v writes the filled table, as on a plain
// table: the content is the plugin's own copy). Like a read-only view's,
// its metatable is protected, and rawset, setmetatable and
// table.insert/remove/sort on the view itself are refused. fill returns a
// table (its entries are moved into the view, in their order) or anything
// else for an empty view; it runs at most once, inside the call that
// first looks.
func (s *Sandbox) Lazy(fill func() lua.LValue) *lua.LTable {
	L := s.l
	inner := L.CreateTable(0, 0)
	ud := L.NewUserData()
	ud.Value = &lazyFill{fill: fill}
	mt := L.CreateTable(0, 6)
	mt.RawSetString("__index", s.lazyIndex)
	mt.RawSetString("__newindex", s.lazyNewIndex)
	mt.RawSetString("__len", s.roLen)
	mt.RawSetString("__metatable", lua.LString("read-only"))
	mt.RawSet(roKey, inner)
	mt.RawSet(lazyKey, ud)
	p := L.CreateTable(0, 0)
	p.Metatable = mt
	return p
}

// fillLazy fills the inner table of view t when t is a lazy view not yet
// filled; afterwards reads go straight to the inner table.
func fillLazy(t, inner *lua.LTable) {
	mt, ok := t.Metatable.(*lua.LTable)
	if !ok {
		return
	}
	ud, ok := mt.RawGet(lazyKey).(*lua.LUserData)
	if !ok {
		return
	}
	lf, ok := ud.Value.(*lazyFill)
	if !ok {
		return
	}
	// unmarked first: a fill that looked into its own view would not run
	// twice
	mt.RawSet(lazyKey, lua.LNil)
	ud.Value = nil
	if src, ok := lf.fill().(*lua.LTable); ok {
		for k, v := src.Next(lua.LNil); k != lua.LNil; k, v = src.Next(k) {
			inner.RawSet(k, v)
		}
	}
	mt.RawSetString("__index", inner)
}

// lazyIndex is __index of a lazy view not yet filled.
func lazyIndex(L *lua.LState) int {
	L.Push(seeThrough(L.CheckTable(1)).RawGet(L.Get(2)))
	return 1
}

// lazyNewIndex is __newindex of a lazy view: the assignment goes to the
// filled table.
func lazyNewIndex(L *lua.LState) int {
	in := seeThrough(L.CheckTable(1))
	k := L.Get(2)
	if k == lua.LNil {
		L.RaiseError("table index is nil")
	}
	if n, ok := k.(lua.LNumber); ok && n != n {
		L.RaiseError("table index is NaN")
	}
	in.RawSet(k, L.Get(3))
	return 0
}

// SeeThrough is the table behind a read-only or lazy view (filled, for a
// lazy one), or t itself: for the host's tests and conversions.
func SeeThrough(t *lua.LTable) *lua.LTable { return seeThrough(t) }
