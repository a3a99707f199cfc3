package sandbox

// A port of Lua 5.1's pattern matcher (lstrlib.c, MIT licence, Copyright
// (C) 1994-2012 Lua.org, PUC-Rio) with two additions: every match step is
// counted and, every patternCheckEvery steps, the call's deadline and faults
// are checked, so a pathological pattern ends with ErrTimeout like any other
// loop; and the matcher's recursion depth is bounded (Lua 5.2's
// MAXCCALLS). Unlike gopher-lua's matcher it is lazy in gmatch and expands
// '*' and '-' iteratively, as the reference implementation does.

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

const (
	maxCaptures       = 32
	capUnfinished     = -1
	capPosition       = -2
	maxMatchDepth     = 200
	patternCheckEvery = 1024
	specials          = "^$*+?.([%-"
)

type capture struct{ init, len int }

type matchState struct {
	s       *Sandbox
	L       *lua.LState
	src     string
	pat     string
	level   int
	depth   int
	steps   int
	capture [maxCaptures]capture
}

func (ms *matchState) tick() {
	ms.steps++
	if ms.steps%patternCheckEvery != 0 {
		return
	}
	cc := ms.s.cc
	if cc == nil {
		return
	}
	cc.steps += patternCheckEvery
	if cc.maxSteps > 0 && cc.steps > cc.maxSteps {
		ms.s.raiseFault(ms.L, ErrBudget, "instruction budget exceeded (pattern matching)")
	}
	if f := cc.getFault(); f != nil {
		ms.L.RaiseError("sandbox: %s", f.msg)
	}
	if err := cc.parent.Err(); err != nil {
		ms.L.RaiseError("pattern matching interrupted: %v", err)
	}
	if cc.pastDeadline() {
		ms.s.raiseFault(ms.L, ErrTimeout, "deadline exceeded (pattern matching)")
	}
}

func (ms *matchState) classEnd(p int) int {
	pat := ms.pat
	c := pat[p]
	p++
	if c == '%' {
		if p >= len(pat) {
			ms.L.RaiseError("malformed pattern (ends with '%%')")
		}
		return p + 1
	}
	if c == '[' {
		if p < len(pat) && pat[p] == '^' {
			p++
		}
		for {
			if p >= len(pat) {
				ms.L.RaiseError("malformed pattern (missing ']')")
			}
			c := pat[p]
			p++
			if c == '%' && p < len(pat) {
				p++
			}
			if p < len(pat) && pat[p] == ']' {
				break
			}
		}
		return p + 1
	}
	return p
}

func isalpha(c byte) bool  { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isdigit(c byte) bool  { return c >= '0' && c <= '9' }
func islower(c byte) bool  { return c >= 'a' && c <= 'z' }
func isupper(c byte) bool  { return c >= 'A' && c <= 'Z' }
func isspace(c byte) bool  { return c == ' ' || (c >= '\t' && c <= '\r') }
func iscntrl(c byte) bool  { return c < 32 || c == 127 }
func isalnum(c byte) bool  { return isalpha(c) || isdigit(c) }
func ispunct(c byte) bool  { return c > 32 && c < 127 && !isalnum(c) }
func isxdigit(c byte) bool { return isdigit(c) || ((c|0x20) >= 'a' && (c|0x20) <= 'f') }

func matchClass(c, cl byte) bool {
	var res bool
	switch cl | 0x20 {
	case 'a':
		res = isalpha(c)
	case 'c':
		res = iscntrl(c)
	case 'd':
		res = isdigit(c)
	case 'l':
		res = islower(c)
	case 'p':
		res = ispunct(c)
	case 's':
		res = isspace(c)
	case 'u':
		res = isupper(c)
	case 'w':
		res = isalnum(c)
	case 'x':
		res = isxdigit(c)
	case 'z':
		res = c == 0
	default:
		return cl == c
	}
	if isupper(cl) {
		return !res
	}
	return res
}

// matchBracketClass: p at '[', ec at the closing ']'.
func (ms *matchState) matchBracketClass(c byte, p, ec int) bool {
	pat := ms.pat
	sig := true
	if pat[p+1] == '^' {
		sig = false
		p++
	}
	for p++; p < ec; p++ {
		if pat[p] == '%' {
			p++
			if matchClass(c, pat[p]) {
				return sig
			}
		} else if p+2 < ec && pat[p+1] == '-' {
			p += 2
			if pat[p-2] <= c && c <= pat[p] {
				return sig
			}
		} else if pat[p] == c {
			return sig
		}
	}
	return !sig
}

func (ms *matchState) singleMatch(c byte, p, ep int) bool {
	switch ms.pat[p] {
	case '.':
		return true
	case '%':
		return matchClass(c, ms.pat[p+1])
	case '[':
		return ms.matchBracketClass(c, p, ep-1)
	default:
		return ms.pat[p] == c
	}
}

func (ms *matchState) matchBalance(s, p int) int {
	if p+1 >= len(ms.pat) {
		ms.L.RaiseError("unbalanced pattern")
	}
	if s >= len(ms.src) || ms.src[s] != ms.pat[p] {
		return -1
	}
	b, e := ms.pat[p], ms.pat[p+1]
	cont := 1
	for s++; s < len(ms.src); s++ {
		ms.tick()
		if ms.src[s] == e {
			cont--
			if cont == 0 {
				return s + 1
			}
		} else if ms.src[s] == b {
			cont++
		}
	}
	return -1
}

func (ms *matchState) maxExpand(s, p, ep int) int {
	i := 0
	for s+i < len(ms.src) && ms.singleMatch(ms.src[s+i], p, ep) {
		i++
	}
	for ; i >= 0; i-- {
		if r := ms.match(s+i, ep+1); r != -1 {
			return r
		}
	}
	return -1
}

func (ms *matchState) minExpand(s, p, ep int) int {
	for {
		if r := ms.match(s, ep+1); r != -1 {
			return r
		}
		if s < len(ms.src) && ms.singleMatch(ms.src[s], p, ep) {
			s++
		} else {
			return -1
		}
	}
}

func (ms *matchState) startCapture(s, p, what int) int {
	if ms.level >= maxCaptures {
		ms.L.RaiseError("too many captures")
	}
	ms.capture[ms.level] = capture{s, what}
	ms.level++
	r := ms.match(s, p)
	if r == -1 {
		ms.level--
	}
	return r
}

func (ms *matchState) captureToClose() int {
	for l := ms.level - 1; l >= 0; l-- {
		if ms.capture[l].len == capUnfinished {
			return l
		}
	}
	ms.L.RaiseError("invalid pattern capture")
	return 0
}

func (ms *matchState) endCapture(s, p int) int {
	l := ms.captureToClose()
	ms.capture[l].len = s - ms.capture[l].init
	r := ms.match(s, p)
	if r == -1 {
		ms.capture[l].len = capUnfinished
	}
	return r
}

func (ms *matchState) checkCapture(l byte) int {
	i := int(l) - '1'
	if i < 0 || i >= ms.level || ms.capture[i].len == capUnfinished {
		ms.L.RaiseError("invalid capture index")
	}
	return i
}

func (ms *matchState) matchCapture(s int, l byte) int {
	i := ms.checkCapture(l)
	n := ms.capture[i].len
	if n < 0 {
		return -1
	}
	init := ms.capture[i].init
	if len(ms.src)-s >= n && ms.src[init:init+n] == ms.src[s:s+n] {
		return s + n
	}
	return -1
}

// match returns the end of the match of pat[p:] at src[s:], or -1.
func (ms *matchState) match(s, p int) int {
	ms.tick()
	ms.depth++
	if ms.depth > maxMatchDepth {
		ms.L.RaiseError("pattern too complex")
	}
	r := ms.doMatch(s, p)
	ms.depth--
	return r
}

func (ms *matchState) doMatch(s, p int) int {
	pat := ms.pat
	for {
		if p >= len(pat) {
			return s
		}
		switch pat[p] {
		case '(':
			if p+1 < len(pat) && pat[p+1] == ')' {
				return ms.startCapture(s, p+2, capPosition)
			}
			return ms.startCapture(s, p+1, capUnfinished)
		case ')':
			return ms.endCapture(s, p+1)
		case '%':
			if p+1 < len(pat) {
				switch c := pat[p+1]; {
				case c == 'b':
					s = ms.matchBalance(s, p+2)
					if s == -1 {
						return -1
					}
					p += 4
					continue
				case c == 'f':
					p += 2
					if p >= len(pat) || pat[p] != '[' {
						ms.L.RaiseError("missing '[' after '%%f' in pattern")
					}
					ep := ms.classEnd(p)
					var prev, cur byte
					if s > 0 {
						prev = ms.src[s-1]
					}
					if s < len(ms.src) {
						cur = ms.src[s]
					}
					if !ms.matchBracketClass(prev, p, ep-1) && ms.matchBracketClass(cur, p, ep-1) {
						p = ep
						continue
					}
					return -1
				case isdigit(c):
					s = ms.matchCapture(s, c)
					if s == -1 {
						return -1
					}
					p += 2
					continue
				}
			}
		case '$':
			if p+1 == len(pat) {
				if s == len(ms.src) {
					return s
				}
				return -1
			}
		}
		// default: a single-char class, maybe with a quantifier
		ep := ms.classEnd(p)
		m := s < len(ms.src) && ms.singleMatch(ms.src[s], p, ep)
		if ep < len(pat) {
			switch pat[ep] {
			case '?':
				if m {
					if r := ms.match(s+1, ep+1); r != -1 {
						return r
					}
				}
				p = ep + 1
				continue
			case '*':
				return ms.maxExpand(s, p, ep)
			case '+':
				if m {
					return ms.maxExpand(s+1, p, ep)
				}
				return -1
			case '-':
				return ms.minExpand(s, p, ep)
			}
		}
		if !m {
			return -1
		}
		s++
		p = ep
	}
}

func (ms *matchState) pushOneCapture(i, s, e int) {
	ms.L.Push(ms.oneCapture(i, s, e))
}

func (ms *matchState) oneCapture(i, s, e int) lua.LValue {
	if i >= ms.level {
		if i == 0 {
			return lua.LString(ms.src[s:e])
		}
		ms.L.RaiseError("invalid capture index")
	}
	c := ms.capture[i]
	switch c.len {
	case capUnfinished:
		ms.L.RaiseError("unfinished capture")
	case capPosition:
		return lua.LNumber(c.init + 1)
	}
	return lua.LString(ms.src[c.init : c.init+c.len])
}

// pushCaptures pushes the captures (or the whole match when there are
// none and wholeIfNone) and returns how many it pushed.
func (ms *matchState) pushCaptures(s, e int, wholeIfNone bool) int {
	n := ms.level
	if n == 0 && wholeIfNone {
		n = 1
	}
	for i := 0; i < n; i++ {
		ms.pushOneCapture(i, s, e)
	}
	return n
}

func posrelat(pos, n int) int {
	if pos < 0 {
		return n + pos + 1
	}
	return pos
}

func (s *Sandbox) strFindAux(L *lua.LState, find bool) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	init := posrelat(L.OptInt(3, 1), len(src)) - 1
	if init < 0 {
		init = 0
	} else if init > len(src) {
		init = len(src)
	}
	if find && (L.ToBool(4) || !strings.ContainsAny(pat, specials)) {
		if i := strings.Index(src[init:], pat); i >= 0 {
			L.Push(lua.LNumber(init + i + 1))
			L.Push(lua.LNumber(init + i + len(pat)))
			return 2
		}
		L.Push(lua.LNil)
		return 1
	}
	ms := &matchState{s: s, L: L, src: src, pat: pat}
	p := 0
	anchor := len(pat) > 0 && pat[0] == '^'
	if anchor {
		p = 1
	}
	for s1 := init; ; s1++ {
		ms.level = 0
		ms.depth = 0
		if e := ms.match(s1, p); e != -1 {
			if find {
				L.Push(lua.LNumber(s1 + 1))
				L.Push(lua.LNumber(e))
				return ms.pushCaptures(-1, -1, false) + 2
			}
			return ms.pushCaptures(s1, e, true)
		}
		if s1 >= len(src) || anchor {
			break
		}
	}
	L.Push(lua.LNil)
	return 1
}

func (s *Sandbox) strGmatch(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		ms := &matchState{s: s, L: L, src: src, pat: pat}
		for st := pos; st <= len(src); st++ {
			ms.level = 0
			ms.depth = 0
			if e := ms.match(st, 0); e != -1 {
				pos = e
				if e == st {
					pos++
				}
				return ms.pushCaptures(st, e, true)
			}
		}
		pos = len(src) + 1
		return 0
	}))
	return 1
}

func (s *Sandbox) strGsub(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	repl := L.Get(3)
	switch repl.Type() {
	case lua.LTNumber, lua.LTString, lua.LTTable, lua.LTFunction:
	default:
		L.ArgError(3, "string/function/table expected")
	}
	maxN := L.OptInt(4, len(src)+1)
	var b strings.Builder
	grow := func(n int) {
		if b.Len()+n > s.opts.MaxStringLen {
			s.raiseFault(L, ErrMemory, "string.gsub: result exceeds the %d-byte string limit", s.opts.MaxStringLen)
		}
	}
	if r, ok := repl.(lua.LString); ok && plainPattern(pat) && !strings.Contains(string(r), "%") {
		return gsubPlain(L, &b, grow, src, pat, string(r), maxN)
	}
	ms := &matchState{s: s, L: L, src: src, pat: pat}
	p := 0
	anchor := len(pat) > 0 && pat[0] == '^'
	if anchor {
		p = 1
	}
	n := 0
	si := 0
	for n < maxN {
		ms.level = 0
		ms.depth = 0
		e := ms.match(si, p)
		if e != -1 {
			n++
			ms.addValue(&b, grow, si, e, repl)
		}
		if e != -1 && e > si {
			si = e
		} else if si < len(src) {
			grow(1)
			b.WriteByte(src[si])
			si++
		} else {
			break
		}
		if anchor {
			break
		}
	}
	grow(len(src) - si)
	b.WriteString(src[si:])
	L.Push(lua.LString(b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// plainPattern reports a pattern that is a non-empty literal: no magic
// character, so it matches exactly its own bytes.
func plainPattern(pat string) bool {
	return pat != "" && !strings.ContainsAny(pat, "^$()%.[]*+-?")
}

// gsubPlain is string.gsub of a literal pattern by a replacement without
// %: what the matcher would do, by strings.Index (escaping a prompt's
// &, < and > went through the matcher byte by byte). The result is
// bounded as the matcher's is.
func gsubPlain(L *lua.LState, b *strings.Builder, grow func(int), src, pat, repl string, maxN int) int {
	n, si := 0, 0
	for n < maxN {
		i := strings.Index(src[si:], pat)
		if i < 0 {
			break
		}
		grow(i + len(repl))
		b.WriteString(src[si : si+i])
		b.WriteString(repl)
		si += i + len(pat)
		n++
	}
	if n == 0 {
		L.Push(lua.LString(src))
		L.Push(lua.LNumber(0))
		return 2
	}
	grow(len(src) - si)
	b.WriteString(src[si:])
	L.Push(lua.LString(b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

func (ms *matchState) addValue(b *strings.Builder, grow func(int), s, e int, repl lua.LValue) {
	L := ms.L
	var val lua.LValue
	switch r := repl.(type) {
	case lua.LString, lua.LNumber:
		news := lua.LVAsString(r)
		for i := 0; i < len(news); i++ {
			c := news[i]
			if c != '%' {
				grow(1)
				b.WriteByte(c)
				continue
			}
			i++
			if i >= len(news) {
				break
			}
			c = news[i]
			switch {
			case !isdigit(c):
				grow(1)
				b.WriteByte(c)
			case c == '0':
				grow(e - s)
				b.WriteString(ms.src[s:e])
			default:
				v := ms.oneCapture(int(c-'1'), s, e)
				str := lua.LVAsString(v)
				grow(len(str))
				b.WriteString(str)
			}
		}
		return
	case *lua.LFunction:
		top := L.GetTop()
		L.Push(r)
		n := ms.pushCaptures(s, e, true)
		L.Call(n, 1)
		val = L.Get(-1)
		L.SetTop(top)
	case *lua.LTable:
		val = L.GetTable(r, ms.oneCapture(0, s, e))
	}
	switch v := val.(type) {
	case lua.LString, lua.LNumber:
		str := lua.LVAsString(v)
		grow(len(str))
		b.WriteString(str)
	default:
		if val == lua.LNil || val == lua.LFalse {
			grow(e - s)
			b.WriteString(ms.src[s:e])
			return
		}
		L.RaiseError("invalid replacement value (a %s)", val.Type().String())
	}
}

// Charge counts n instructions against the running call's budget for work
// a host function does in Go on the plugin's behalf (a fast path that
// walks a plugin's table), and stops the call as an instruction would
// once the budget is spent. Outside a call it does nothing.
func (s *Sandbox) Charge(L *lua.LState, n int) {
	cc := s.cc
	if cc == nil || n <= 0 {
		return
	}
	cc.steps += int64(n)
	if cc.maxSteps > 0 && cc.steps > cc.maxSteps {
		s.raiseFault(L, ErrBudget, "instruction budget exceeded")
	}
}
