// Package bridge is what a plugin sees of the engine: the host's dice API
// (backed by the dice.Stream of the call in progress, so a plugin's rolls
// are as deterministic as native ones), read-only views of a ruleset, a
// sheet, a tag and a check, the validation object a kind's import
// validation works through, and the conversion of what a plugin returns
// back into record attributes.
//
// Every view is read-only in Lua: tables are frozen with
// sandbox.Freeze and objects with methods (a sheet, a validation object)
// are userdata whose metatable is locked. Views of data that does not
// change during play (a ruleset, a resolution's validated configuration,
// its outcome bands, a plugin's config) are built once per state and
// cached; views of a sheet, a tag and a check are built per call.
package bridge

import (
	"fmt"
	"sync"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/host/sandbox"
	luasrc "github.com/rulehost/rulehost/lua"
)

// APILevel is the plugin API level this host serves; a manifest's api
// must not be above it.
const APILevel = 1

// registryKey is where a state's *State hides in the Lua registry table,
// which Lua code cannot reach (there is no debug library).
const registryKey = "rulehost.bridge"

// maxCache bounds the per-state cache of frozen views; past it the cache
// is cleared (views are rebuilt on demand).
const maxCache = 256

// State is the host side of one plugin state: the stream and check of the
// call in progress, and the cache of frozen views.
type State struct {
	sb     *sandbox.Sandbox
	stream dice.Stream
	cur    *check.Check

	cache map[any]lua.LValue

	sheetMT, objMT          *lua.LTable
	checkMT, tagMT, attrsMT *lua.LTable
	// check view functions, bound to the call in progress through cur
	fnInt, fnIgnore, fnMode *lua.LFunction

	// gen numbers the calls: views of a sheet, a tag, a check or a
	// validation object carry the gen they were built in and refuse to
	// answer once End has moved on, so a view that outlived its call
	// (kept somewhere the reset missed) cannot read another call's
	// character or write problems and bands into a finished import.
	gen uint64

	// problems counts the problems kept in the current call, and
	// problemsCut says the "more problems" line was added (see
	// settleProblems).
	problems    int
	problemsCut bool

	// faces is dice.pool's scratch list (one call at a time per state)
	faces []int
}

// Bounds on what a host function converts from a plugin's arguments,
// checked while converting, before anything is copied or encoded: a
// value reference, a list of keys or an outcomes option table is small,
// and a table holding 200 references to one 1 MiB string is refused
// after the first few, not JSON-encoded into 200 MiB.
const (
	maxArgItems = 256
	maxArgBytes = 16 << 10
)

// prelude is the compiled prelude, compiled the first time a sandbox is
// set up rather than at program start: most commands never load a plugin,
// and compiling it was the largest initialiser of the binary (2,600
// allocations).
var prelude = sync.OnceValue(func() *sandbox.Program {
	p, err := sandbox.Compile("prelude.lua", luasrc.Prelude)
	if err != nil {
		panic(fmt.Sprintf("bridge: the embedded prelude does not compile: %v", err))
	}
	return p
})

// Install puts the host API (the rulehost and dice tables) into a fresh
// sandbox and runs the prelude. Call it before loading the plugin, so the
// API is part of the state the sandbox restores between calls.
func Install(sb *sandbox.Sandbox) (*State, error) {
	L := sb.L()
	st := &State{sb: sb, cache: map[any]lua.LValue{}}
	ud := L.NewUserData()
	ud.Value = st
	L.G.Registry.RawSetString(registryKey, ud)

	api := L.CreateTable(0, 16)
	api.RawSetString("api", lua.LNumber(APILevel))
	api.RawSetString("findName", L.NewFunction(findName))
	L.SetGlobal("rulehost", api)

	d := L.CreateTable(0, 4)
	d.RawSetString("roll", L.NewFunction(st.diceRoll))
	d.RawSetString("pool", L.NewFunction(st.dicePool))
	d.RawSetString("notation", L.NewFunction(st.diceNotation))
	L.SetGlobal("dice", d)

	st.sheetMT = st.methods(sheetMethods)
	st.objMT = st.methods(guarded(objMethods))
	st.checkMT = st.lazy(viewIndex(st.checkField))
	st.tagMT = st.lazy(viewIndex(st.tagField))
	st.attrsMT = st.lazy(viewIndex(st.attrsField))
	st.fnInt = L.NewFunction(st.checkInt)
	st.fnIgnore = L.NewFunction(st.checkIgnore)
	st.fnMode = L.NewFunction(st.checkMode)

	if _, err := sb.LoadProgram(prelude()); err != nil {
		return nil, fmt.Errorf("bridge: prelude: %w", err)
	}
	// the prelude's functions with a fast path in Go, each falling back
	// on the Lua for what it does not know
	for _, fast := range []struct {
		name string
		wrap func(*lua.LFunction) lua.LGFunction
	}{{"count", st.countOr}, {"pickBand", st.pickBandOr}, {"difficulty", st.difficultyOr}} {
		if slow, ok := api.RawGetString(fast.name).(*lua.LFunction); ok {
			api.RawSetString(fast.name, L.NewFunction(fast.wrap(slow)))
		}
	}
	L.SetGlobal("rulehost", sb.Freeze(api))
	L.SetGlobal("dice", sb.Freeze(d))
	return st, nil
}

// Of returns the State Install put into sb, or nil.
func Of(sb *sandbox.Sandbox) *State {
	ud, ok := sb.L().G.Registry.RawGetString(registryKey).(*lua.LUserData)
	if !ok {
		return nil
	}
	st, _ := ud.Value.(*State)
	return st
}

// Sandbox returns the state's sandbox.
func (st *State) Sandbox() *sandbox.Sandbox { return st.sb }

// Begin binds the dice API to stream (and, for a resolve call, the check
// view's functions to c) until End.
func (st *State) Begin(stream dice.Stream, c *check.Check) {
	st.stream, st.cur = stream, c
}

// End unbinds what Begin bound, so a pooled state keeps no reference to a
// finished call.
func (st *State) End() {
	st.stream, st.cur, st.gen, st.problems, st.problemsCut = nil, nil, st.gen+1, 0, false
}

// live raises an error when a view of generation gen belongs to a call
// that has ended.
func (st *State) live(L *lua.LState, gen uint64) {
	if gen != st.gen {
		L.RaiseError("this view belongs to a call that has ended; keep no views between calls")
	}
}

// methods builds a locked metatable whose __index is a table of Go methods.
func (st *State) methods(fns map[string]func(*State, *lua.LState) int) *lua.LTable {
	L := st.sb.L()
	idx := L.CreateTable(0, len(fns))
	for name, fn := range fns {
		fn := fn
		idx.RawSetString(name, L.NewFunction(func(L *lua.LState) int { return fn(st, L) }))
	}
	mt := L.CreateTable(0, 3)
	mt.RawSetString("__index", idx)
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("this object is read-only")
		return 0
	}))
	mt.RawSetString("__metatable", lua.LString("read-only"))
	return mt
}

// viewIndex is a view's __index: field answers a read of key from the
// view's userdata. As a Go function (GFunction) it serves reads through
// the API; as its Index (gopher-lua patch 14) it serves the VM's reads
// of a string key without a call frame (a tenth of a plugin call went to
// calling __index functions). Any other key takes the call, whose
// argument check words the error as before.
type viewIndex func(L *lua.LState, ud *lua.LUserData, key string) lua.LValue

func (field viewIndex) function(L *lua.LState) *lua.LFunction {
	fn := L.NewFunction(func(L *lua.LState) int {
		ud := L.CheckUserData(1)
		L.Push(field(L, ud, L.CheckString(2)))
		return 1
	})
	fn.Index = func(L *lua.LState, obj, key lua.LValue) (lua.LValue, bool) {
		ud, ok := obj.(*lua.LUserData)
		k, isStr := key.(lua.LString)
		if !ok || !isStr {
			return nil, false
		}
		return field(L, ud, string(k)), true
	}
	return fn
}

// lazy builds a locked metatable whose __index computes fields on demand.
func (st *State) lazy(index viewIndex) *lua.LTable {
	L := st.sb.L()
	mt := L.CreateTable(0, 3)
	mt.RawSetString("__index", index.function(L))
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("this object is read-only")
		return 0
	}))
	mt.RawSetString("__metatable", lua.LString("read-only"))
	return mt
}

// cached returns the frozen view stored under key, building it with build
// (plain Go data for sandbox.ReadOnly) the first time.
func (st *State) cached(key any, build func() any) (lua.LValue, error) {
	if v, ok := st.cache[key]; ok {
		return v, nil
	}
	v, err := st.sb.ReadOnly(build())
	if err != nil {
		return lua.LNil, err
	}
	if len(st.cache) >= maxCache {
		clear(st.cache)
	}
	st.cache[key] = v
	return v, nil
}

// --- the dice API -----------------------------------------------------------

func (st *State) streamOrRaise(L *lua.LState) dice.Stream {
	if st.stream == nil {
		L.RaiseError("dice can only be rolled while the host is resolving a check or a tag")
	}
	return st.stream
}

// diceRoll is dice.roll(sides): one face in 1..sides.
func (st *State) diceRoll(L *lua.LState) int {
	sides := L.CheckInt(1)
	if sides < 1 || sides > dice.MaxSides {
		L.ArgError(1, fmt.Sprintf("sides must be 1 to %d, got %d", dice.MaxSides, sides))
	}
	s := st.streamOrRaise(L)
	face := s.Roll(sides)
	haltIf(L, s)
	L.Push(Num(face))
	return 1
}

// haltIf stops the call when its stream asks to (dice.Halter: the odds
// enumerator cut this path of draws), with an ordinary error that leaves
// the state as good as any Lua error does.
func haltIf(L *lua.LState, s dice.Stream) {
	if dice.IsHalted(s) {
		L.RaiseError("the odds enumerator stopped this throw")
	}
}

// dicePool is dice.pool(count, sides): a list of count faces, in order.
func (st *State) dicePool(L *lua.LState) int {
	n, sides := L.CheckInt(1), L.CheckInt(2)
	if n < 0 || n > dice.MaxDice {
		L.ArgError(1, fmt.Sprintf("count must be 0 to %d, got %d", dice.MaxDice, n))
	}
	if sides < 1 || sides > dice.MaxSides {
		L.ArgError(2, fmt.Sprintf("sides must be 1 to %d, got %d", dice.MaxSides, sides))
	}
	s := st.streamOrRaise(L)
	// the state's scratch faces: a buffer on the stack escaped through
	// the stream's interface (an allocation of 128 bytes a pool)
	faces := dice.RollPool(s, st.faces[:0], n, sides)
	st.faces = faces[:0]
	haltIf(L, s)
	t := L.CreateTable(n, 0)
	for _, f := range faces {
		t.Append(Num(f))
	}
	L.Push(t)
	return 1
}

// maxFastCount bounds the lists countOr counts in Go: past it (or for
// anything but a plain list of numbers) the prelude's Lua counts, under
// the call's instruction budget and deadline, as before.
const maxFastCount = 4096

// countEntriesPerStep is how many entries of a list the Go count walks
// for one instruction of the budget: the Lua loop it replaces spends
// about five instructions on each.
const countEntriesPerStep = 8

// countOr is rulehost.count(list, atLeast): the prelude's Lua function
// (slow) for anything unusual, and for the common case, a plain table of
// numbers such as dice.pool returns and a number, the same count in Go.
// An opposed roll counted two pools in Lua: a third of its instructions.
func (st *State) countOr(slow *lua.LFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		if n, ok := fastCount(L.Get(1), L.Get(2)); ok {
			// charged as instructions, one per countEntriesPerStep
			// entries walked, so the budget still bounds the work
			st.sb.Charge(L, (L.Get(1).(*lua.LTable).Len()+countEntriesPerStep-1)/countEntriesPerStep)
			L.Push(Num(n))
			return 1
		}
		return callSlow(L, slow, 1)
	}
}

// callSlow calls the prelude's Lua function with the arguments the Go
// function running in L was given, and answers its nret results: the way
// back of every fast path below for what it does not know.
func callSlow(L *lua.LState, slow *lua.LFunction, nret int) int {
	top := L.GetTop()
	L.Push(slow)
	for i := 1; i <= top; i++ {
		L.Push(L.Get(i))
	}
	L.Call(top, nret)
	return nret
}

// fastCount counts what the prelude's count would: the entries 1..#list
// of a plain table (no metatable) that are at or above atLeast; ok is
// false for any other arguments or entries, and for a list past
// maxFastCount.
func fastCount(list, atLeast lua.LValue) (int, bool) {
	t, ok := list.(*lua.LTable)
	at, isNum := atLeast.(lua.LNumber)
	if !ok || !isNum || t.Metatable != lua.LNil {
		return 0, false
	}
	n := t.Len()
	if n > maxFastCount {
		return 0, false
	}
	count := 0
	for i := 1; i <= n; i++ {
		v, ok := t.RawGetInt(i).(lua.LNumber)
		if !ok {
			return 0, false
		}
		if v >= at {
			count++
		}
	}
	return count, true
}

// pickBandOr is rulehost.pickBand(outcomes, n, crit, shift): the
// prelude's Lua function (slow) for anything unusual, and for the common
// case, the check's own outcomes view (check.outcomes of the check being
// resolved) with a number, the same band picked in Go from the ruleset's
// bands. A reference-sum check walked its bands through the view in Lua,
// reading each band's on= and atLeast through two read-only proxies.
func (st *State) pickBandOr(slow *lua.LFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		if i, ok := st.fastPickBand(L.Get(1), L.Get(2), L.Get(3), L.Get(4)); ok {
			L.Push(Num(i))
			return 1
		}
		return callSlow(L, slow, 1)
	}
}

// fastPickBand is the prelude's pickBand over the ruleset's bands, for
// the outcomes view of the check in progress, a number n, a crit of
// "success", "failure" or nil, and a number or nil shift; ok is false for
// anything else (the Lua then answers, or raises, as it always did). It
// follows the Lua step by step, in floating point as Lua computes.
func (st *State) fastPickBand(o, nv, critv, shiftv lua.LValue) (int, bool) {
	c := st.cur
	if c == nil || c.Res == nil || c.Res.Outcomes == nil {
		return 0, false
	}
	if view, ok := st.cache[c.Res.Outcomes]; !ok || view != o {
		return 0, false
	}
	n, ok := nv.(lua.LNumber)
	if !ok {
		return 0, false
	}
	crit := ""
	switch x := critv.(type) {
	case lua.LString:
		crit = string(x)
	case *lua.LNilType:
	default:
		return 0, false
	}
	shift := lua.LNumber(0)
	switch x := shiftv.(type) {
	case lua.LNumber:
		shift = x
	case *lua.LNilType:
	default:
		return 0, false
	}
	tiers := c.Res.Outcomes.Tiers
	switch crit {
	case "success":
		for i, t := range tiers {
			if t.On == "critical-success" {
				return i + 1, true
			}
		}
		for i, t := range tiers {
			if t.On == "" {
				return i + 1, true
			}
		}
	case "failure":
		for i, t := range tiers {
			if t.On == "critical-failure" {
				return i + 1, true
			}
		}
		for i := len(tiers) - 1; i >= 0; i-- {
			if tiers[i].On == "" {
				return i + 1, true
			}
		}
	}
	count, pos := 0, 0
	for _, t := range tiers {
		if t.On == "" {
			count++
			if pos == 0 && t.AtLeast != nil && n >= lua.LNumber(*t.AtLeast) {
				pos = count
			}
		}
	}
	if count == 0 {
		return 1, true
	}
	if pos == 0 {
		pos = count
	}
	p := lua.LNumber(pos) - shift
	if p < 1 {
		p = 1
	}
	if p > lua.LNumber(count) {
		p = lua.LNumber(count)
	}
	for i, t := range tiers {
		if t.On == "" {
			p--
			if p == 0 {
				return i + 1, true
			}
		}
	}
	return 1, true
}

// difficultyOr is rulehost.difficulty(check, ladder): the prelude's Lua
// (slow) when the tag names a difficulty= (the ladder's rungs are read
// there) or check is not the view of the check in progress; otherwise,
// the dc= alone, read in Go as the Lua reads it: check.int("dc") kept
// within -1000..10000, and no rung.
func (st *State) difficultyOr(slow *lua.LFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		if c := st.viewedCheck(L.Get(1)); c != nil && !c.Tag.Has("difficulty") {
			n, ok := c.Int("dc")
			if !ok {
				L.Push(Num(0))
				L.Push(lua.LFalse)
				L.Push(lua.LNil)
				return 3
			}
			n = min(max(n, -1000), 10000)
			L.Push(Num(n))
			L.Push(lua.LTrue)
			L.Push(lua.LNil)
			return 3
		}
		return callSlow(L, slow, 3)
	}
}

// viewedCheck is the check in progress when v is its live view, or nil.
func (st *State) viewedCheck(v lua.LValue) *check.Check {
	ud, ok := v.(*lua.LUserData)
	if !ok || st.cur == nil {
		return nil
	}
	cv, ok := ud.Value.(*checkView)
	if !ok || cv.gen != st.gen || cv.c != st.cur {
		return nil
	}
	return cv.c
}

// findName is rulehost.findName(names, who): the host's one naming rule
// (sheet.FindName: the whole name in any case, else a word of exactly one
// name, else a unique prefix) over a list of names; the 1-based index of
// the name who= means, or nil when none or several answer.
func findName(L *lua.LState) int {
	list := L.CheckTable(1)
	who := L.CheckString(2)
	// Read through the table's metatable: env.characters is a frozen
	// view, whose names are behind __index.
	var names []string
	for i := 1; ; i++ {
		v := L.GetTable(list, Num(i))
		if v == lua.LNil {
			break
		}
		s, ok := v.(lua.LString)
		if !ok {
			L.ArgError(1, fmt.Sprintf("names[%d] is not a string", i))
		}
		if i > 1000 {
			L.ArgError(1, "at most 1000 names")
		}
		names = append(names, string(s))
	}
	if i, ok := sheet.FindName(names, who); ok {
		L.Push(Num(i + 1))
		return 1
	}
	L.Push(lua.LNil)
	return 1
}

// diceNotation is dice.notation("2d6+1"): the total and the faces, drawn
// exactly as the engine rolls an effect's dice.
func (st *State) diceNotation(L *lua.LState) int {
	n, err := dice.ParseNotation(L.CheckString(1))
	if err != nil {
		L.ArgError(1, err.Error())
	}
	s := st.streamOrRaise(L)
	faces, total := n.Roll(s)
	haltIf(L, s)
	t := L.CreateTable(len(faces), 0)
	for _, f := range faces {
		t.Append(Num(f))
	}
	L.Push(Num(total))
	L.Push(t)
	return 2
}

// --- check view functions ----------------------------------------------------

func (st *State) curOrRaise(L *lua.LState) *check.Check {
	if st.cur == nil {
		L.RaiseError("check functions are only available inside resolve")
	}
	return st.cur
}

// checkInt is check.int(key): the tag attribute as an integer, read as
// the engine reads dc= (a leading + allowed); nil when absent, and nil
// noted in ignored= when unreadable.
func (st *State) checkInt(L *lua.LState) int {
	c := st.curOrRaise(L)
	n, ok := c.Int(L.CheckString(1))
	if !ok {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(Num(n))
	return 1
}

// checkIgnore is check.ignore(key): list a tag attribute in ignored=.
//
// Only an attribute the tag has is listed (ignoring any other key): the
// host writes ignored= itself, so a plugin must not put arbitrary text
// (or thousands of names) into it.
func (st *State) checkIgnore(L *lua.LState) int {
	c := st.curOrRaise(L)
	if key := L.CheckString(1); c.Tag.Has(key) {
		c.Ignore(key)
	}
	return 0
}

// checkMode is check.mode(): 1 for advantage, -1 for disadvantage, 0 when
// neither or both (the tag's mode= and effects combined; an unknown mode=
// is noted in ignored=).
func (st *State) checkMode(L *lua.LState) int {
	L.Push(Num(st.curOrRaise(L).Mode()))
	return 1
}

// Ruleset returns the cached frozen view of rs.
func (st *State) Ruleset(rs *ruleset.Ruleset) (lua.LValue, error) {
	return st.cached(rs, func() any { return rulesetData(rs) })
}
