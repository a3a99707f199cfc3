package sandbox

import (
	"fmt"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/dice"
)

// forbiddenGlobals are names whose read raises ErrForbidden: the libraries
// and base functions the sandbox leaves out.
var forbiddenGlobals = map[string]string{
	"os": "the os library", "io": "the io library", "debug": "the debug library",
	"package": "the package library", "channel": "the channel library",
	"coroutine": "the coroutine library",
	"dofile":    "dofile", "loadfile": "loadfile", "load": "load", "loadstring": "loadstring",
	"require": "require", "module": "module", "collectgarbage": "collectgarbage",
	"getfenv": "getfenv", "setfenv": "setfenv", "newproxy": "newproxy",
	"_printregs": "_printregs",
}

// roKey marks the metatable of a read-only proxy; its value is the inner
// table. Lua code cannot reach it: proxy metatables are protected.
var roKey = &lua.LUserData{}

// innerOf returns the table behind a read-only proxy, or nil.
func innerOf(t *lua.LTable) *lua.LTable {
	mt, ok := t.Metatable.(*lua.LTable)
	if !ok {
		return nil
	}
	in, _ := mt.RawGet(roKey).(*lua.LTable)
	return in
}

func seeThrough(t *lua.LTable) *lua.LTable {
	if in := innerOf(t); in != nil {
		fillLazy(t, in)
		return in
	}
	return t
}

func (s *Sandbox) openLib(fn lua.LGFunction, name string) *lua.LTable {
	L := s.l
	L.Push(L.NewFunction(fn))
	L.Push(lua.LString(name))
	L.Call(1, 1)
	t, _ := L.Get(-1).(*lua.LTable)
	L.Pop(1)
	return t
}

func (s *Sandbox) install() error {
	L := s.l
	s.roNew = L.NewFunction(func(L *lua.LState) int {
		return s.raiseFault(L, ErrForbidden, "attempt to modify a read-only table (key %s)", describeValue(L.Get(2)))
	})
	s.roLen = L.NewFunction(func(L *lua.LState) int {
		t := L.CheckTable(1)
		L.Push(lua.LNumber(seeThrough(t).Len()))
		return 1
	})
	// #view from Lua without a call frame (gopher-lua patch 18): a
	// plugin's loops over a check's lists read it on every check
	s.roLen.Len = func(L *lua.LState, obj lua.LValue) (lua.LValue, bool) {
		t, ok := obj.(*lua.LTable)
		if !ok {
			return nil, false
		}
		return lua.LNumber(seeThrough(t).Len()), true
	}
	s.lazyIndex, s.lazyNewIndex = L.NewFunction(lazyIndex), L.NewFunction(lazyNewIndex)

	// base
	s.openLib(lua.OpenBase, lua.BaseLibName)
	g := L.G.Global
	for name := range forbiddenGlobals {
		g.RawSetString(name, lua.LNil)
	}
	s.installBase(g)

	// string
	str := s.openLib(lua.OpenString, lua.StringLibName)
	s.installString(str)
	strProxy := s.proxy(str)
	g.RawSetString("string", strProxy)
	strMT := L.CreateTable(0, 2)
	strMT.RawSetString("__index", str)
	strMT.RawSetString("__metatable", strProxy)
	L.SetMetatable(lua.LString(""), strMT)

	// table
	tab := s.openLib(lua.OpenTable, lua.TabLibName)
	s.installTable(tab)
	g.RawSetString("table", s.proxy(tab))

	// math
	m := s.openLib(lua.OpenMath, lua.MathLibName)
	m.RawSetString("random", L.NewFunction(s.mathRandom))
	m.RawSetString("randomseed", L.NewFunction(func(L *lua.LState) int { return 0 }))
	g.RawSetString("math", s.proxy(m))

	// _G: reads of forbidden names raise ErrForbidden; metatable locked.
	gmt := L.CreateTable(0, 2)
	gmt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		if k, ok := L.Get(2).(lua.LString); ok {
			if what, bad := forbiddenGlobals[string(k)]; bad {
				return s.forbid(L, what)
			}
		}
		return 0
	}))
	gmt.RawSetString("__metatable", lua.LString("locked"))
	g.Metatable = gmt
	L.SetTop(0)
	return nil
}

// proxy returns a read-only view of inner.
func (s *Sandbox) proxy(inner *lua.LTable) *lua.LTable {
	L := s.l
	mt := L.CreateTable(0, 5)
	mt.RawSetString("__index", inner)
	mt.RawSetString("__newindex", s.roNew)
	mt.RawSetString("__len", s.roLen)
	mt.RawSetString("__metatable", lua.LString("read-only"))
	mt.RawSet(roKey, inner)
	p := L.CreateTable(0, 0)
	p.Metatable = mt
	return p
}

// Freeze returns a deep read-only view of t: writes through the view (and
// rawset, table.insert/remove/sort, setmetatable) raise ErrForbidden; reads,
// #, pairs, ipairs, next, unpack and table.concat see through it. Nested
// tables of t are replaced in place by their views, so keep no writable
// reference to t if you need it frozen.
func (s *Sandbox) Freeze(t *lua.LTable) *lua.LTable {
	return s.freeze(t, map[*lua.LTable]*lua.LTable{})
}

func (s *Sandbox) freeze(t *lua.LTable, seen map[*lua.LTable]*lua.LTable) *lua.LTable {
	if innerOf(t) != nil {
		return t
	}
	if p, ok := seen[t]; ok {
		return p
	}
	p := s.proxy(t)
	seen[t] = p
	type kv struct {
		k lua.LValue
		t *lua.LTable
	}
	var nested []kv
	t.ForEach(func(k, v lua.LValue) {
		if vt, ok := v.(*lua.LTable); ok {
			nested = append(nested, kv{k, vt})
		}
	})
	for _, e := range nested {
		t.RawSet(e.k, s.freeze(e.t, seen))
	}
	return p
}

func (s *Sandbox) installBase(g *lua.LTable) {
	L := s.l
	g.RawSetString("print", L.NewFunction(s.luaPrint))
	// type's answers, boxed once per state: gopher-lua's type boxes a new
	// string on every call (two of an opposed roll's allocations)
	var typeNames [lua.LTChannel + 1]lua.LValue
	for i := range typeNames {
		typeNames[i] = lua.LString(lua.LValueType(i).String())
	}
	g.RawSetString("type", L.NewFunction(func(L *lua.LState) int {
		L.Push(typeNames[L.CheckAny(1).Type()])
		return 1
	}))
	g.RawSetString("tostring", L.NewFunction(func(L *lua.LState) int {
		L.Push(s.toString(L, L.CheckAny(1)))
		return 1
	}))

	s.nextFn = L.NewFunction(func(L *lua.LState) int {
		tb := seeThrough(L.CheckTable(1))
		k, v := tb.Next(L.Get(2))
		if k == lua.LNil {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(k)
		L.Push(v)
		return 2
	})
	g.RawSetString("next", s.nextFn)
	g.RawSetString("pairs", L.NewFunction(func(L *lua.LState) int {
		tb := L.CheckTable(1)
		L.Push(s.nextFn)
		L.Push(tb)
		L.Push(lua.LNil)
		return 3
	}))
	ipairsAux := L.NewFunction(func(L *lua.LState) int {
		tb := seeThrough(L.CheckTable(1))
		i := L.CheckInt(2) + 1
		v := tb.RawGetInt(i)
		if v == lua.LNil {
			return 0
		}
		L.Push(lua.LNumber(i))
		L.Push(v)
		return 2
	})
	g.RawSetString("ipairs", L.NewFunction(func(L *lua.LState) int {
		tb := L.CheckTable(1)
		L.Push(ipairsAux)
		L.Push(tb)
		L.Push(lua.LNumber(0))
		return 3
	}))
	g.RawSetString("unpack", L.NewFunction(func(L *lua.LState) int {
		tb := seeThrough(L.CheckTable(1))
		i := L.OptInt(2, 1)
		j := L.OptInt(3, tb.Len())
		if i > j {
			return 0
		}
		if j-i >= s.opts.MaxRegistry || j-i < 0 {
			return s.raiseFault(L, ErrMemory, "too many results to unpack")
		}
		for k := i; k <= j; k++ {
			L.Push(tb.RawGetInt(k))
		}
		return j - i + 1
	}))
	g.RawSetString("rawset", L.NewFunction(func(L *lua.LState) int {
		tb := L.CheckTable(1)
		if innerOf(tb) != nil {
			return s.raiseFault(L, ErrForbidden, "rawset on a read-only table")
		}
		L.CheckAny(2)
		L.CheckAny(3)
		if L.Get(2) == lua.LNil {
			L.RaiseError("table index is nil")
		}
		tb.RawSet(L.Get(2), L.Get(3))
		L.SetTop(1)
		return 1
	}))
	g.RawSetString("rawget", L.NewFunction(func(L *lua.LState) int {
		tb := seeThrough(L.CheckTable(1))
		L.Push(tb.RawGet(L.CheckAny(2)))
		return 1
	}))
	g.RawSetString("setmetatable", L.NewFunction(func(L *lua.LState) int {
		tb := L.CheckTable(1)
		mt := L.Get(2)
		if mt != lua.LNil {
			if _, ok := mt.(*lua.LTable); !ok {
				L.TypeError(2, lua.LTTable)
			}
		}
		if tb == L.G.Global || innerOf(tb) != nil {
			return s.raiseFault(L, ErrForbidden, "setmetatable on a protected table")
		}
		if cur, ok := tb.Metatable.(*lua.LTable); ok && cur.RawGetString("__metatable") != lua.LNil {
			L.RaiseError("cannot change a protected metatable")
		}
		tb.Metatable = mt
		L.SetTop(1)
		return 1
	}))
}

const maxPrint = 4096

// MaxPrintLines bounds the lines print writes to the log in one call
// into the plugin (a hook, or a batch of item lines): a loop printing
// 100,000 lines would otherwise put megabytes on the host's stderr. The
// first line past it is replaced by one note that the rest were dropped.
const MaxPrintLines = 100

func (s *Sandbox) luaPrint(L *lua.LState) int {
	if cc := s.cc; cc != nil {
		cc.prints++
		switch {
		case cc.prints == MaxPrintLines+1:
			s.opts.Logger.Info("plugin print", "plugin", s.opts.Name,
				"msg", fmt.Sprintf("more than %d lines printed in one call; the rest of this call's lines are dropped", MaxPrintLines))
			return 0
		case cc.prints > MaxPrintLines:
			return 0
		}
	}
	var b strings.Builder
	for i := 1; i <= L.GetTop(); i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(lua.LVAsString(s.toString(L, L.Get(i))))
		if b.Len() > maxPrint {
			break
		}
	}
	msg := Clean(b.String(), maxPrint, Line)
	s.opts.Logger.Info("plugin print", "plugin", s.opts.Name, "msg", msg)
	return 0
}

func (s *Sandbox) installTable(tab *lua.LTable) {
	L := s.l
	tab.RawSetString("sort", L.NewFunction(s.tableSort))
	for _, name := range []string{"insert", "remove"} {
		orig := tab.RawGetString(name).(*lua.LFunction)
		name := name
		tab.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			if t, ok := L.Get(1).(*lua.LTable); ok && innerOf(t) != nil {
				return s.raiseFault(L, ErrForbidden, "table.%s on a read-only table", name)
			}
			return orig.GFunction(L)
		}))
	}
	tab.RawSetString("getn", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LNumber(seeThrough(L.CheckTable(1)).Len()))
		return 1
	}))
	tab.RawSetString("maxn", L.NewFunction(func(L *lua.LState) int {
		max := 0.0
		seeThrough(L.CheckTable(1)).ForEach(func(k, _ lua.LValue) {
			if n, ok := k.(lua.LNumber); ok && float64(n) > max {
				max = float64(n)
			}
		})
		L.Push(lua.LNumber(max))
		return 1
	}))
	tab.RawSetString("concat", L.NewFunction(s.tableConcat))
}

// tableSort is table.sort(t [, comp]) over t[1..#t]. gopher-lua's runs
// Go's sort.Sort over the list in one VM instruction, which neither checks
// the deadline nor the sandbox's faults: sorting a list of a million
// entries without a comparator outlived the deadline. This one checks both
// every 256 comparisons, as the VM does at every instruction.
func (s *Sandbox) tableSort(L *lua.LState) int {
	t := L.CheckTable(1)
	if innerOf(t) != nil {
		return s.raiseFault(L, ErrForbidden, "table.sort on a read-only table")
	}
	var comp *lua.LFunction
	if L.GetTop() >= 2 && L.Get(2) != lua.LNil {
		comp = L.CheckFunction(2)
	}
	n := t.Len()
	ls := &luaSorter{s: s, L: L, comp: comp, vals: make([]lua.LValue, n)}
	for i := range ls.vals {
		if i&4095 == 4095 {
			s.checkCall(L)
		}
		ls.vals[i] = t.RawGetInt(i + 1)
	}
	sort.Sort(ls)
	for i, v := range ls.vals {
		t.RawSetInt(i+1, v)
	}
	return 0
}

type luaSorter struct {
	s     *Sandbox
	L     *lua.LState
	comp  *lua.LFunction
	vals  []lua.LValue
	steps int
}

func (ls *luaSorter) Len() int      { return len(ls.vals) }
func (ls *luaSorter) Swap(i, j int) { ls.vals[i], ls.vals[j] = ls.vals[j], ls.vals[i] }
func (ls *luaSorter) Less(i, j int) bool {
	ls.steps++
	if ls.steps&255 == 0 {
		ls.s.checkCall(ls.L)
	}
	if ls.comp == nil {
		return ls.L.LessThan(ls.vals[i], ls.vals[j])
	}
	ls.L.Push(ls.comp)
	ls.L.Push(ls.vals[i])
	ls.L.Push(ls.vals[j])
	ls.L.Call(2, 1)
	r := lua.LVAsBool(ls.L.Get(-1))
	ls.L.Pop(1)
	return r
}

// checkCall raises an error when the running call has faulted or its
// deadline passed, for Go loops that run inside one VM instruction (the
// error is then classified by the fault or the deadline, not its text).
func (s *Sandbox) checkCall(L *lua.LState) {
	cc := s.cc
	if cc == nil {
		return
	}
	if f := cc.getFault(); f != nil {
		L.RaiseError("%s", f.msg)
	}
	// the clock, not only the context: its timer fires late on a busy machine
	if cc.parent.Err() != nil || cc.pastDeadline() {
		s.raiseFault(L, ErrTimeout, "deadline exceeded")
	}
}

func (s *Sandbox) tableConcat(L *lua.LState) int {
	tb := seeThrough(L.CheckTable(1))
	sep := L.OptString(2, "")
	i := L.OptInt(3, 1)
	j := L.OptInt(4, tb.Len())
	if i > j {
		L.Push(lua.LString(""))
		return 1
	}
	total := 0
	for k := i; ; k++ {
		v := tb.RawGetInt(k)
		switch v.(type) {
		case lua.LString, lua.LNumber:
		default:
			L.RaiseError("invalid value (at index %d) in table for 'concat'", k)
		}
		total += len(lua.LVAsString(v))
		if k < j {
			total += len(sep)
		}
		if total > s.opts.MaxStringLen {
			return s.raiseFault(L, ErrMemory, "table.concat: result exceeds the %d-byte string limit", s.opts.MaxStringLen)
		}
		if k >= j {
			break
		}
	}
	var b strings.Builder
	b.Grow(total)
	for k := i; ; k++ {
		b.WriteString(lua.LVAsString(tb.RawGetInt(k)))
		if k >= j {
			break
		}
		b.WriteString(sep)
	}
	L.Push(lua.LString(b.String()))
	return 1
}

func (s *Sandbox) mathRandom(L *lua.LState) int {
	if s.stream == nil {
		L.RaiseError("math.random: no dice stream is bound to this call")
	}
	switch L.GetTop() {
	case 0:
		r := s.stream.Roll(1 << 30)
		L.Push(lua.LNumber(float64(r-1) / float64(1<<30)))
	case 1:
		m := L.CheckInt(1)
		if m < 1 {
			L.ArgError(1, "interval is empty")
		}
		L.Push(lua.LNumber(s.stream.Roll(m)))
	case 2:
		m, n := L.CheckInt(1), L.CheckInt(2)
		if m > n {
			L.ArgError(2, "interval is empty")
		}
		width := n - m + 1
		if width <= 0 {
			L.ArgError(2, "interval is too large")
		}
		L.Push(lua.LNumber(m + s.stream.Roll(width) - 1))
	default:
		L.RaiseError("wrong number of arguments")
	}
	if dice.IsHalted(s.stream) {
		L.RaiseError("the odds enumerator stopped this throw")
	}
	return 1
}

func (s *Sandbox) installString(str *lua.LTable) {
	L := s.l
	str.RawSetString("__index", lua.LNil)
	str.RawSetString("dump", L.NewFunction(func(L *lua.LState) int { return s.forbid(L, "string.dump") }))
	str.RawSetString("rep", L.NewFunction(func(L *lua.LState) int {
		sub := L.CheckString(1)
		n := L.CheckInt(2)
		if n <= 0 || len(sub) == 0 {
			L.Push(lua.LString(""))
			return 1
		}
		if n > s.opts.MaxStringLen/len(sub) {
			return s.raiseFault(L, ErrMemory, "string.rep: result exceeds the %d-byte string limit", s.opts.MaxStringLen)
		}
		L.Push(lua.LString(strings.Repeat(sub, n)))
		return 1
	}))
	str.RawSetString("format", L.NewFunction(s.strFormat))
	str.RawSetString("find", L.NewFunction(func(L *lua.LState) int { return s.strFindAux(L, true) }))
	str.RawSetString("match", L.NewFunction(func(L *lua.LState) int { return s.strFindAux(L, false) }))
	gm := L.NewFunction(s.strGmatch)
	str.RawSetString("gmatch", gm)
	str.RawSetString("gfind", gm)
	str.RawSetString("gsub", L.NewFunction(s.strGsub))
}

// strFormat is string.format with Lua 5.1's conversions (c d i o u x X e
// E f g G q s, flags "-+ #0", width and precision of at most two digits)
// and nothing else. gopher-lua's own hands the format to Go's fmt.Sprintf
// with the raw values, so Go verbs such as %v, %#v and %T printed host
// structures and Go type names, %x of a long string doubled it past any
// estimate, and %s showed a table's address instead of its __tostring.
// Here every piece is built from a checked number or string, %s goes
// through tostring (deterministic identities, __tostring honoured), and
// the result is held to MaxStringLen as it grows.
func (s *Sandbox) strFormat(L *lua.LState) int {
	f := L.CheckString(1)
	var b strings.Builder
	arg := 1
	grow := func(n int) {
		if b.Len()+n > s.opts.MaxStringLen {
			s.raiseFault(L, ErrMemory, "string.format: result exceeds the %d-byte string limit", s.opts.MaxStringLen)
		}
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			grow(1)
			b.WriteByte(f[i])
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			grow(1)
			b.WriteByte('%')
			continue
		}
		start := i
		for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
			i++
		}
		if i-start >= 6 {
			L.RaiseError("invalid format (repeated flags)")
		}
		digits := func() {
			n := 0
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				i++
				n++
			}
			if n > 2 {
				L.RaiseError("invalid format (width or precision too long)")
			}
		}
		digits()
		if i < len(f) && f[i] == '.' {
			i++
			digits()
		}
		if i >= len(f) {
			L.RaiseError("invalid option '%%' to 'format'")
		}
		spec, verb := "%"+f[start:i], f[i]
		arg++
		var piece string
		switch verb {
		case 'c':
			piece = fmt.Sprintf(spec+"s", string([]byte{byte(int64(L.CheckNumber(arg)))}))
		case 'd', 'i', 'u':
			piece = fmt.Sprintf(spec+"d", int64(L.CheckNumber(arg)))
		case 'o', 'x', 'X':
			piece = fmt.Sprintf(spec+string(verb), int64(L.CheckNumber(arg)))
		case 'e', 'E', 'f', 'g', 'G':
			piece = fmt.Sprintf(spec+string(verb), float64(L.CheckNumber(arg)))
		case 'q':
			str := L.CheckString(arg)
			grow(2*len(str) + 2)
			piece = luaQuote(str)
		case 's':
			var str string
			switch x := s.toString(L, L.CheckAny(arg)).(type) {
			case lua.LString:
				str = string(x)
			case lua.LNumber:
				str = x.String()
			default:
				L.RaiseError("'__tostring' must return a string")
			}
			grow(len(str) + 100)
			if !strings.Contains(spec, ".") && len(str) >= 100 {
				piece = str // as Lua 5.1: a long string is added whole
			} else {
				piece = fmt.Sprintf(spec+"s", str)
			}
		default:
			L.RaiseError("invalid option '%%%c' to 'format'", verb)
		}
		grow(len(piece))
		b.WriteString(piece)
	}
	L.Push(lua.LString(b.String()))
	return 1
}

// luaQuote is Lua 5.1's %q: the string between double quotes, with ", \\,
// newline, carriage return and NUL escaped so Lua reads it back.
func luaQuote(str string) string {
	var b strings.Builder
	b.Grow(len(str) + 2)
	b.WriteByte('"')
	for i := 0; i < len(str); i++ {
		switch c := str[i]; c {
		case '"', '\\', '\n':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\r':
			b.WriteString("\\r")
		case 0:
			b.WriteString("\\000")
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
