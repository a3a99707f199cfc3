package sandbox

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/internal/loadslack"
)

// Red-team tests: each attack ends in a clear error (or a harmless,
// deterministic result) within the deadline plus slack, and the next
// call on the same pool sees a pristine state (hostilePlugin's M.ok).

// runHostile runs body as M.run on a fresh hostile pool, within deadline
// (hostileDeadline for a call that may time out, else goodDeadline: see
// callDeadline), then M.ok on the next state the pool hands out. It
// returns run's results (as strings, converted before the state is
// reset), how long run took, and its error.
func runHostile(t *testing.T, body string, deadline time.Duration) ([]lua.LValue, time.Duration, error) {
	t.Helper()
	pool := newHostilePool(t, body)
	defer pool.Close()
	s, err := pool.Get()
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	start := time.Now()
	rets, runErr := callWithin(s, deadline, dice.New(1, 0, 0), "run")
	elapsed := time.Since(start)
	strs := make([]lua.LValue, len(rets))
	for i, r := range rets {
		strs[i] = lua.LString(r.String())
	}
	pool.Put(s)
	s2, err := pool.Get()
	if err != nil {
		t.Fatalf("get after run: %v", err)
	}
	if r, err := s2.Method(context.Background(), nil, s2.Manifest(), "ok"); err != nil || len(r) != 1 || r[0].String() != "ok" {
		t.Fatalf("next call after %q: %v %v", body, r, err)
	}
	pool.Put(s2)
	// the bound is the hostile deadline whatever the call's own; only
	// the slack stretches on a loaded machine
	if elapsed > hostileDeadline+loadslack.Slack(t, memorySlack) {
		t.Errorf("%q took %v, deadline %v", body, elapsed, hostileDeadline)
	}
	return strs, elapsed, runErr
}

func isAny(err error, kinds ...error) bool {
	for _, k := range kinds {
		if errors.Is(err, k) {
			return true
		}
	}
	return false
}

// TestRedteamDeadlineSwallowed: pcall/xpcall in tail position used to
// return the caught timeout to the host as a normal result (no VM
// instruction ran after the deadline to notice it). The deadline now
// fails the call whatever the plugin caught.
func TestRedteamDeadlineSwallowed(t *testing.T) {
	for _, body := range []string{
		`return pcall(function() while true do end end)`,
		`return xpcall(function() while true do end end, function() return "caught" end)`,
		`return pcall(string.find, string.rep("a", 1e5), ".-.-.-.-b")`,
	} {
		_, _, err := runHostile(t, body, hostileDeadline)
		if !errors.Is(err, ErrTimeout) {
			t.Errorf("%s: got %v, want ErrTimeout", body, err)
		}
	}
}

// TestRedteamIdentities: tostring of a table, function or userdata, %s of
// one, and an error object that is a table used to show Go heap addresses,
// so a record built from them differed from run to run. They now read
// "table: 0x00000001" in order of appearance within the call.
func TestRedteamIdentities(t *testing.T) {
	body := `local a, b = {}, {}
return tostring(a) .. " " .. tostring(b) .. " " .. tostring(a) .. " " .. tostring(print) .. " " ..
  string.format("%s|%s", b, setmetatable({}, { __tostring = function() return "custom" end }))`
	want := "table: 0x00000001 table: 0x00000002 table: 0x00000001 function: 0x00000003 table: 0x00000002|custom"
	for i := 0; i < 2; i++ {
		rets, _, err := runHostile(t, body, goodDeadline)
		if err != nil || len(rets) != 1 || rets[0].String() != want {
			t.Fatalf("run %d: %v %v\nwant %s", i, rets, err, want)
		}
	}
	for _, body := range []string{
		`error({})`,
		`error(setmetatable({}, { __tostring = function() while true do end end }))`,
		`error(print)`,
	} {
		_, _, err := runHostile(t, body, goodDeadline)
		var se *Error
		if !errors.As(err, &se) || se.Kind != ErrRuntime || strings.Contains(se.Msg, "0x") || !strings.Contains(se.Msg, "error object is (a") {
			t.Errorf("%s: %v", body, err)
		}
	}
	_, _, err := runHostile(t, `string[{}] = 1`, goodDeadline)
	if !errors.Is(err, ErrForbidden) || strings.Contains(err.Error(), "0x") {
		t.Errorf("read-only write with a table key: %v", err)
	}
}

// TestRedteamFormat: string.format handed the raw values to Go's
// fmt.Sprintf, so Go verbs printed host structures and type names, and
// %x of a long string doubled it past the size estimate. Only Lua 5.1's
// conversions are accepted now, each from a checked number or string.
func TestRedteamFormat(t *testing.T) {
	for _, body := range []string{
		`return string.format("%v", {})`,
		`return string.format("%#v", string)`,
		`return string.format("%T", 1)`,
		`return string.format("%p", print)`,
		`return string.format("%[2]d", 1, 2)`,
		`return string.format("%d")`,
		`return string.format("%d", {})`,
		`return string.format("%x", string.rep("x", 2^20))`,
		`return string.format("%", 1)`,
		`return string.format("%------d", 1)`,
		`return string.format("%100d", 1)`,
		`return string.format("%s", setmetatable({}, { __tostring = function() return {} end }))`,
	} {
		if _, _, err := runHostile(t, body, goodDeadline); !errors.Is(err, ErrRuntime) {
			t.Errorf("%s: got %v, want ErrRuntime", body, err)
		}
	}
	for _, body := range []string{
		`local s = string.rep("x", 2^19) return string.format("%s%s%s", s, s, s)`,
		`local s = string.rep("\0", 2^19) return string.format("%q", s)`,
		`return string.format(string.rep("%99.99f", 20000), unpack((function() local t = {} for i = 1, 20000 do t[i] = 1e308 end return t end)()))`,
	} {
		if _, _, err := runHostile(t, body, goodDeadline); !errors.Is(err, ErrMemory) {
			t.Errorf("%s: got %v, want ErrMemory", body, err)
		}
	}
	cases := map[string]string{
		`return string.format("%5.1f|%-4d|%+d|%x|%X|%o|%e|%g|%c|%u|%i|%%", 3.14159, 7, 2, 255, 255, 8, 1, 0.5, 65, 3, 4)`: "  3.1|7   |+2|ff|FF|10|1.000000e+00|0.5|A|3|4|%",
		`return string.format("%q", "a\"b\\c\nd\0e")`:              "\"a\\\"b\\\\c\\\nd\\000e\"",
		`return string.format("%s %s %s %s", 1, 2.5, true, nil)`:   "1 2.5 true nil",
		`return string.format("%5s|%-5s|%.2s", "ab", "ab", "abc")`: "   ab|ab   |ab",
		`return string.format("%d", "12")`:                         "12",
	}
	for body, want := range cases {
		rets, _, err := runHostile(t, body, goodDeadline)
		if err != nil || len(rets) != 1 || rets[0].String() != want {
			t.Errorf("%s:\n got  %v %v\n want %q", body, rets, err, want)
		}
	}
}

// TestRedteamUpvalueState: locals of plugin.lua captured by its functions
// (a counter, a table only functions see) were not part of the reset, so
// state leaked from one call to the next (and a view kept there outlived
// its call). A state whose upvalues changed is now discarded.
func TestRedteamUpvalueState(t *testing.T) {
	src := `
local n = 0
local hidden = {}
local M = { name = "upvalues", version = "1" }
function M.count() n = n + 1 return n end
function M.hide() hidden.n = (hidden.n or 0) + 1 return hidden.n end
local function inner() n = n + 10 return n end
function M.nested() return inner() end
function M.read() return n end
return M
`
	pool := NewPoolSize(func() (*Sandbox, error) {
		s, err := New(Options{Name: "upvalues", Deadline: time.Second})
		if err != nil {
			return nil, err
		}
		if _, err := s.Load("plugin.lua", src); err != nil {
			s.Close()
			return nil, err
		}
		return s, nil
	}, 1)
	defer pool.Close()
	call := func(fn string) string {
		s, err := pool.Get()
		if err != nil {
			t.Fatal(err)
		}
		defer pool.Put(s)
		rets, err := s.Method(context.Background(), nil, s.Manifest(), fn)
		if err != nil || len(rets) != 1 {
			t.Fatalf("%s: %v %v", fn, rets, err)
		}
		return rets[0].String()
	}
	for _, c := range []struct{ fn, want string }{
		{"count", "1"}, {"count", "1"}, {"read", "0"},
		{"hide", "1"}, {"hide", "1"},
		{"nested", "10"}, {"nested", "10"}, {"read", "0"},
	} {
		if got := call(c.fn); got != c.want {
			t.Errorf("%s: got %s, want %s (state leaked from an earlier call)", c.fn, got, c.want)
		}
	}
	if pool.Discarded() == 0 {
		t.Error("states whose upvalues changed were reused")
	}
	// a call that only reads keeps its state
	d := pool.Discarded()
	call("read")
	call("read")
	if pool.Discarded() != d {
		t.Error("a state whose upvalues did not change was discarded")
	}
}

// TestRedteamSyntaxDepth: gopher-lua's compiler is quadratic in nesting
// (a 1 MiB plugin.lua of nested blocks or a 200,000-operand concatenation
// compiled for over 20 s, outside any deadline). Compile now refuses
// chunks nested deeper than MaxSyntaxDepth, as Lua 5.1 does at 200.
func TestRedteamSyntaxDepth(t *testing.T) {
	for name, src := range map[string]string{
		"concat":   "return 1" + strings.Repeat(" .. 1", 60000),
		"do":       strings.Repeat("do ", 60000) + strings.Repeat("end ", 60000),
		"if":       strings.Repeat("if x then ", 30000) + strings.Repeat("end ", 30000),
		"elseif":   "if x then " + strings.Repeat("elseif x then ", 30000) + "end",
		"function": strings.Repeat("local function f() ", 20000) + strings.Repeat("end ", 20000),
		"table":    "return " + strings.Repeat("{", 50000) + strings.Repeat("}", 50000),
		"unary":    "return " + strings.Repeat("- ", 50000) + "1",
	} {
		// The default 1 s parse deadline is wall time; on a loaded machine
		// the deep parse can wait that long for a CPU, so the deadline is
		// stretched with the load (the refusal wanted is unchanged).
		deadline := loadslack.Slack(t, time.Second)
		start := time.Now()
		_, err := CompileLimits("deep.lua", src, Options{Deadline: deadline})
		elapsed := time.Since(start)
		var se *Error
		if !errors.As(err, &se) || se.Kind != ErrSyntax || !strings.Contains(se.Msg, "too many syntax levels") || se.File != "deep.lua" || se.Line != 1 {
			t.Errorf("%s: %v", name, err)
		}
		if elapsed > deadline+loadslack.Slack(t, 4*time.Second) {
			t.Errorf("%s: refusing took %v", name, elapsed)
		}
	}
	// long but flat chains still compile
	if _, err := Compile("ok.lua", "local s = 'a'"+strings.Repeat(" .. 'a'", 150)+"\nreturn 1"+strings.Repeat(" + 1", 900)); err != nil {
		t.Errorf("a 900-operand chain: %v", err)
	}
}

// TestRedteamMisc: attacks that must end in an error of the right kind
// (or succeed harmlessly) within the deadline, leaving the next call a
// pristine state.
func TestRedteamMisc(t *testing.T) {
	cases := []struct {
		name string
		body string
		want []error // nil: must succeed
	}{
		{"__eq recursion", `local mt = {} mt.__eq = function(a, b) return a == b end local a, b = setmetatable({}, mt), setmetatable({}, mt) return a == b`, []error{ErrDepth}},
		{"__lt recursion", `local mt = {} mt.__lt = function(a, b) return a < b end local a = setmetatable({}, mt) return a < a`, []error{ErrDepth}},
		{"__le recursion", `local mt = {} mt.__le = function(a, b) return a <= b end local a = setmetatable({}, mt) return a <= a`, []error{ErrDepth}},
		{"__concat recursion", `local mt = {} mt.__concat = function(a, b) return a .. b end return setmetatable({}, mt) .. "x"`, []error{ErrDepth}},
		{"__call self", `local t = {} setmetatable(t, { __call = t }) return t()`, []error{ErrRuntime}},
		{"__call recursion", `local t = {} setmetatable(t, { __call = function(self) local r = self() return r end }) return t()`, []error{ErrDepth}},
		// tail calls are ordinary calls in the sandbox (see noTailCalls)
		{"__call tail calls", `local t = {} setmetatable(t, { __call = function(self) return self() end }) return t()`, []error{ErrDepth}},
		{"tail calls forever", `local function f(...) return f(...) end return f()`, []error{ErrDepth}},
		{"tail calls inside pcall", `local function f(...) return f(...) end pcall(f) return 1`, []error{ErrDepth, nil}},
		{"tail calls inside xpcall", `local function f(...) return f(...) end xpcall(f, function(e) error(e) end) return 1`, []error{ErrDepth, nil}},
		{"tail calls then overflow", `local function deep(n) return 1 + deep(n + 1) end local function storm(n) if n == 0 then return deep(1) end return storm(n - 1) end return storm(2e6)`, []error{ErrDepth}},
		{"tail calls return all results", `local function f(...) return ... end local function g() return f(1, 2, 3) end local a, b, c = g() assert(a == 1 and b == 2 and c == 3) return select("#", g())`, nil},
		{"__index self", `local t = {} setmetatable(t, { __index = t }) return t.x`, []error{ErrRuntime}},
		{"__newindex recursion", `local t = {} setmetatable(t, { __newindex = function(t, k, v) t[k] = v end }) t.x = 1`, []error{ErrDepth}},
		{"__tostring recursion", `local t = {} setmetatable(t, { __tostring = function(s) return tostring(s) end }) return tostring(t)`, []error{ErrDepth}},
		{"__tostring loop", `local t = setmetatable({}, { __tostring = function() while true do end end }) return tostring(t)`, []error{ErrTimeout}},
		{"__tostring not a string", `return tostring(setmetatable({}, { __tostring = function() return {} end })) ~= nil`, nil},
		{"table.sort comparator loop", `local t = {3, 2, 1} table.sort(t, function(a, b) while true do end end)`, []error{ErrTimeout}},
		{"table.sort invalid order", `local t = {} for i = 1, 1000 do t[i] = i end table.sort(t, function() return true end)`, []error{ErrRuntime, nil}},
		{"gsub callback loop", `return string.gsub("aaa", "a", function() while true do end end)`, []error{ErrTimeout}},
		{"string.byte all of 1 MiB", `return string.byte(string.rep("a", 2^20), 1, -1)`, []error{ErrMemory, ErrTimeout}},
		{"string.byte huge range", `return string.byte("abc", -1e18, 1e18)`, nil},
		{"string.char extremes", `return string.char(0, 255, 256, -1, 1e10)`, nil},
		{"string.rep negative", `return string.rep("ab", -5) .. string.rep("", 1e18)`, nil},
		{"string.sub extremes", `return string.sub("abc", 1e300, -1e300)`, nil},
		{"unpack 100k", `return select("#", unpack({}, 1, 100000))`, []error{nil, ErrTimeout}},
		{"unpack huge range", `return unpack({}, -2^53, 2^53)`, []error{ErrMemory}},
		{"select huge", `return select(1e9, 1)`, nil},
		{"math.random extremes", `return pcall(math.random, -2^62, 2^62), pcall(math.random, 2^63), pcall(math.random, 0/0), math.random(2^31)`, nil},
		{"math overflow", `return math.floor(1e308), math.fmod(1, 0), math.ldexp(1, 1e9), math.pow(10, 400), -(-2^63)`, nil},
		{"table.insert far", `local t = {} table.insert(t, 1e18, 1) table.insert(t, -5, 1) return #t`, nil},
		{"table.concat huge range", `return table.concat({1, 2, 3}, "", -1e18, 1e18)`, []error{ErrRuntime}},
		{"table.concat huge separator", `return table.concat({1, 2, 3, 4}, string.rep("x", 2^19))`, []error{ErrMemory}},
		{"rawset on a library", `rawset(math, "floor", 1)`, []error{ErrForbidden}},
		{"rawequal and next on a library", `return rawequal(string, getmetatable("")), next(string) ~= nil, rawget(string, "len") ~= nil`, nil},
		{"getmetatable of a library", `return getmetatable(math) == "read-only"`, nil},
		{"__metatable of strings", `local mt = getmetatable("") mt.len = nil`, []error{ErrForbidden}},
		{"string method via metatable index", `return ("x"):len() + #getmetatable("").rep("y", 3)`, nil},
		{"error nil", `error()`, []error{ErrRuntime}},
		{"error with level", `error("x", 1e9)`, []error{ErrRuntime}},
		{"pcall error forbidden", `local ok = pcall(function() return io end) return 1`, []error{ErrForbidden}},
		{"xpcall handler loops", `return xpcall(function() error("a") end, function() while true do end end)`, []error{ErrTimeout}},
		{"long key", `local t = {} t[string.rep("k", 2^20)] = 1 x = t return next(t) ~= nil`, nil},
		{"tostring edge cases", `return tostring(nil), tostring(0/0), tostring(-0), tostring(1e309), tostring(2^63)`, nil},
		{"tonumber edge cases", `return tonumber("0x"), tonumber("1e99999"), tonumber("z", 99) == nil`, []error{ErrRuntime, nil}},
		{"setmetatable protected", `local t = setmetatable({}, { __metatable = 1 }) setmetatable(t, {})`, []error{ErrRuntime}},
		{"_G metatable", `getmetatable(_G).__index = nil`, []error{ErrRuntime}},
		{"replace _G", `_G = {} string = {} return 1`, nil},
		{"select many", `local t = {} for i = 1, 5000 do t[i] = i end return select("#", unpack(t)) + select(-1, unpack(t))`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, elapsed, err := runHostile(t, tc.body, callDeadline(tc.want))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			for _, w := range tc.want {
				if w == nil && err == nil {
					return
				}
			}
			if !isAny(err, tc.want...) {
				t.Fatalf("error %v, want one of %v (after %v)", err, tc.want, elapsed)
			}
			if strings.Contains(err.Error(), "0x") {
				t.Errorf("error shows an address: %v", err)
			}
		})
	}
}

// TestRedteamFromLuaLimit: a result built from a few shared subtables
// nested forty deep stands for 2^40 values; converting it is cut short.
func TestRedteamFromLuaLimit(t *testing.T) {
	s, err := New(Options{Name: "dag"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	v, err := s.Load("dag.lua", `local t = { 1 } for i = 1, 40 do t = { t, t } end return t`)
	if err != nil {
		t.Fatal(err)
	}
	// the work is bounded by items converted, so it is measured in what
	// the conversion allocated, not in time (-race on a loaded machine
	// took 7 s over the same bounded work)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := FromLuaLimit(v, 1000); err == nil || !strings.Contains(err.Error(), "more than 1000 items") {
		t.Errorf("limit 1000: %v", err)
	}
	if _, err := FromLua(v); err == nil {
		t.Error("FromLua converted 2^40 items")
	}
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("both conversions allocated %d bytes", alloc)
	// MaxConvertItems items of a few words each; 2^40 would be terabytes
	if limit := uint64(MaxConvertItems) * 256; alloc > limit {
		t.Errorf("the conversions allocated %d bytes; at most %d for %d items", alloc, limit, MaxConvertItems)
	}
}
