package sandbox

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/dice"
)

const smallPlugin = `
local M = { name = "small", version = "1.0", api = 1, provides = { kinds = { "pool" } } }
function M.add(a, b) return a + b end
function M.roll(n, sides)
  local out = {}
  for i = 1, n do out[i] = math.random(sides) end
  return out
end
function M.rand(...) return math.random(...) end
function M.echo(...) return ... end
function M.fail() local x = nil
  return x.y
end
function M.sum(view)
  local total = 0
  for _, v in ipairs(view.rolls) do total = total + v end
  local keys = {}
  for k in pairs(view) do keys[#keys + 1] = k end
  table.sort(keys)
  return total, #view.rolls, table.concat(view.rolls, ","), table.concat(keys, ","), view.who.name
end
function M.write(view) view.who.name = "x" end
function M.tamper() M.extra = true end
function M.sleep() while true do end end
return M
`

func load(t testing.TB, opts Options, src string) (*Sandbox, lua.LValue) {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Load("plugin.lua", src)
	if err != nil {
		t.Fatal(err)
	}
	return s, m
}

func call(t testing.TB, s *Sandbox, stream dice.Stream, name string, args ...lua.LValue) []lua.LValue {
	t.Helper()
	rets, err := s.Method(context.Background(), stream, s.Manifest(), name, args...)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rets
}

func TestCallAndManifest(t *testing.T) {
	s, m := load(t, Options{Name: "small"}, smallPlugin)
	defer s.Close()
	got, err := FromLua(m.(*lua.LTable).RawGetString("provides"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]any{"kinds": []any{"pool"}}, got); diff != "" {
		t.Fatalf("manifest provides: %s", diff)
	}
	if _, err := FromLua(m); err == nil {
		t.Fatal("FromLua accepted a table holding functions")
	}
	if r := call(t, s, nil, "add", lua.LNumber(2), lua.LNumber(3)); len(r) != 1 || r[0] != lua.LNumber(5) {
		t.Fatalf("add = %v", r)
	}
	if r := call(t, s, nil, "echo", lua.LString("a"), lua.LNumber(1), lua.LTrue); len(r) != 3 {
		t.Fatalf("echo = %v", r)
	}
}

func TestMathRandom(t *testing.T) {
	s1, _ := load(t, Options{}, smallPlugin)
	s2, _ := load(t, Options{}, smallPlugin)
	a, _ := FromLua(call(t, s1, dice.New(42, 3, 1), "roll", lua.LNumber(20), lua.LNumber(6))[0])
	b, _ := FromLua(call(t, s2, dice.New(42, 3, 1), "roll", lua.LNumber(20), lua.LNumber(6))[0])
	if diff := cmp.Diff(a, b); diff != "" {
		t.Fatalf("same seed, different rolls: %s", diff)
	}
	// the faces are exactly the stream's faces
	want := dice.New(42, 3, 1)
	for i, f := range a.([]any) {
		if w := want.Roll(6); f != float64(w) {
			t.Fatalf("roll %d = %v, stream gives %d", i, f, w)
		}
	}
	// scripted: random(m), random(m, n), random()
	st := dice.Script(3, 5, 1)
	if r := call(t, s1, st, "rand", lua.LNumber(6)); r[0] != lua.LNumber(3) {
		t.Fatalf("random(6) = %v", r)
	}
	if r := call(t, s1, st, "rand", lua.LNumber(10), lua.LNumber(20)); r[0] != lua.LNumber(14) {
		t.Fatalf("random(10,20) = %v", r)
	}
	if r := call(t, s1, st, "rand"); r[0] != lua.LNumber(0) {
		t.Fatalf("random() = %v", r)
	}
	for _, args := range [][]lua.LValue{{lua.LNumber(0)}, {lua.LNumber(5), lua.LNumber(4)}, {lua.LNumber(1), lua.LNumber(2), lua.LNumber(3)}} {
		if _, err := s1.Method(context.Background(), st, s1.Manifest(), "rand", args...); !errors.Is(err, ErrRuntime) {
			t.Fatalf("random%v: %v, want ErrRuntime", args, err)
		}
	}
	// no stream bound
	if _, err := s1.Method(context.Background(), nil, s1.Manifest(), "rand"); !errors.Is(err, ErrRuntime) {
		t.Fatalf("random without stream: %v", err)
	}
}

func TestErrorPositionAndReuse(t *testing.T) {
	s, m := load(t, Options{Name: "small"}, smallPlugin)
	_, err := s.Method(context.Background(), nil, m, "fail")
	var se *Error
	if !errors.As(err, &se) || !errors.Is(err, ErrRuntime) {
		t.Fatalf("fail: %v", err)
	}
	if se.Plugin != "small" || se.File != "plugin.lua" || se.Line != 12 {
		t.Fatalf("fail: plugin %q file %q line %d (%v)", se.Plugin, se.File, se.Line, err)
	}
	// an ordinary runtime error leaves the sandbox usable
	if s.Faulted() {
		t.Fatal("runtime error marked the sandbox faulted")
	}
	call(t, s, nil, "add", lua.LNumber(1), lua.LNumber(1))

	// syntax errors
	s2, _ := New(Options{Name: "bad"})
	if _, err := s2.Load("bad.lua", "local x = = 1"); !errors.Is(err, ErrSyntax) {
		t.Fatalf("syntax: %v", err)
	}
	if _, err := s2.Load("bin.lua", "\x1bLua\x51\x00"); !errors.Is(err, ErrForbidden) {
		t.Fatalf("binary chunk: %v", err)
	}
}

func TestGoPanicIsContained(t *testing.T) {
	pool := NewPool(func() (*Sandbox, error) {
		s, err := New(Options{Name: "panicky"})
		if err != nil {
			return nil, err
		}
		_, err = s.Load("plugin.lua", smallPlugin)
		return s, err
	})
	s, _ := pool.Get()
	fn := s.L().NewFunction(func(*lua.LState) int { panic("boom") })
	_, err := s.Call(context.Background(), nil, fn)
	if !errors.Is(err, ErrInternal) || !s.Faulted() {
		t.Fatalf("panic: %v (faulted %v)", err, s.Faulted())
	}
	pool.Put(s)
	if pool.Discarded() != 1 {
		t.Fatalf("faulted sandbox not discarded")
	}
	s, _ = pool.Get()
	call(t, s, nil, "add", lua.LNumber(1), lua.LNumber(1))
	pool.Put(s)
}

func TestCancel(t *testing.T) {
	s, m := load(t, Options{}, smallPlugin)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	if _, err := s.Method(ctx, nil, m, "sleep"); !errors.Is(err, ErrCanceled) {
		t.Fatalf("cancel: %v", err)
	}
	s2, m2 := load(t, Options{MaxInstructions: 10000}, smallPlugin)
	if _, err := s2.Method(context.Background(), nil, m2, "sleep"); !errors.Is(err, ErrBudget) {
		t.Fatalf("instruction budget: %v", err)
	}
}

func TestReadOnlyView(t *testing.T) {
	s, m := load(t, Options{}, smallPlugin)
	type who struct {
		Name  string `json:"name"`
		Level int    `json:"level,omitempty"`
	}
	view, err := s.ReadOnly(map[string]any{"rolls": []int{3, 4, 5}, "who": who{Name: "Bram"}})
	if err != nil {
		t.Fatal(err)
	}
	rets, err := s.Method(context.Background(), nil, m, "sum", view)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, r := range rets {
		got = append(got, r.String())
	}
	if diff := cmp.Diff([]string{"12", "3", "3,4,5", "rolls,who", "Bram"}, got); diff != "" {
		t.Fatalf("sum over view: %s", diff)
	}
	if _, err := s.Method(context.Background(), nil, m, "write", view); !errors.Is(err, ErrForbidden) {
		t.Fatalf("write to view: %v", err)
	}
	back, err := FromLua(view)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"rolls": []any{3.0, 4.0, 5.0}, "who": map[string]any{"name": "Bram"}}
	if diff := cmp.Diff(want, back); diff != "" {
		t.Fatalf("FromLua(view): %s", diff)
	}
}

func TestConvert(t *testing.T) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	in := map[string]any{"a": 1.5, "b": []any{"x", true, nil}, "c": map[string]any{}, "d": "s", "e": map[int]string{1: "one", 3: "three"}}
	lv, err := ToLua(L, in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := FromLua(lv)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"a": 1.5, "b": []any{"x", true}, "c": []any{}, "d": "s", "e": map[string]any{"1": "one", "3": "three"}}
	if diff := cmp.Diff(want, out); diff != "" {
		t.Fatalf("round trip: %s", diff)
	}
	if _, err := ToLua(L, func() {}); err == nil {
		t.Fatal("func converted")
	}
	cyc := L.NewTable()
	cyc.RawSetString("self", cyc)
	if _, err := FromLua(cyc); err == nil {
		t.Fatal("cycle converted")
	}
	if _, err := FromLua(L.NewFunction(func(*lua.LState) int { return 0 })); err == nil {
		t.Fatal("function converted")
	}
}

func TestPoolResetAndIsolation(t *testing.T) {
	pool := NewPool(func() (*Sandbox, error) {
		s, err := New(Options{Name: "small"})
		if err != nil {
			return nil, err
		}
		_, err = s.Load("plugin.lua", smallPlugin)
		return s, err
	})
	for i := 0; i < 5; i++ {
		s, err := pool.Get()
		if err != nil {
			t.Fatal(err)
		}
		call(t, s, nil, "add", lua.LNumber(1), lua.LNumber(2))
		pool.Put(s)
	}
	if pool.Created() != 1 {
		t.Fatalf("created %d sandboxes for sequential use", pool.Created())
	}
	// a call that modifies the plugin's own tables gets its state discarded
	s, _ := pool.Get()
	call(t, s, nil, "tamper")
	pool.Put(s)
	if pool.Discarded() != 1 {
		t.Fatalf("tampered sandbox kept")
	}
	s, _ = pool.Get()
	if v := s.Manifest().(*lua.LTable).RawGetString("extra"); v != lua.LNil {
		t.Fatalf("tamper leaked: extra = %v", v)
	}
	pool.Put(s)
	pool.Put(s) // double Put is harmless

	// another plugin is not affected by a hostile one
	bad, bm := load(t, Options{Name: "bad"}, `local M = {} function M.run() x = 1 string.len = nil end return M`)
	good, gm := load(t, Options{Name: "good"}, `local M = {} function M.run() return x, string.len("ab") end return M`)
	if _, err := bad.Method(context.Background(), nil, bm, "run"); !errors.Is(err, ErrForbidden) {
		t.Fatalf("bad: %v", err)
	}
	r, err := good.Method(context.Background(), nil, gm, "run")
	if err != nil || r[0] != lua.LNil || r[1] != lua.LNumber(2) {
		t.Fatalf("good: %v %v", r, err)
	}
}

func TestPoolConcurrent(t *testing.T) {
	pool := NewPool(func() (*Sandbox, error) {
		s, err := New(Options{Name: "small"})
		if err != nil {
			return nil, err
		}
		_, err = s.Load("plugin.lua", smallPlugin)
		return s, err
	})
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				s, err := pool.Get()
				if err != nil {
					t.Error(err)
					return
				}
				rets, err := s.Method(context.Background(), dice.New(1, g, i), s.Manifest(), "roll", lua.LNumber(3), lua.LNumber(6))
				if err != nil {
					t.Error(err)
				} else if _, err := FromLua(rets[0]); err != nil {
					t.Error(err)
				}
				pool.Put(s)
			}
		}(g)
	}
	wg.Wait()
}

func TestPatterns(t *testing.T) {
	s, _ := load(t, Options{}, `
local function eq(a, b, what) if a ~= b then error(what .. ": got " .. tostring(a) .. ", want " .. tostring(b), 2) end end
local M = {}
function M.run()
  eq(select(1, string.find("hello world", "wor")), 7, "plain find")
  eq(select(2, string.find("hello world", "l+")), 4, "find l+")
  eq(string.find("a.b", ".", 1, true), 2, "find plain flag")
  eq(string.match("key = value", "(%w+)%s*=%s*(%w+)"), "key", "match captures")
  eq(select(2, string.match("key = value", "(%w+)%s*=%s*(%w+)")), "value", "match 2nd capture")
  eq(string.match("  trim  ", "^%s*(.-)%s*$"), "trim", "trim")
  eq(string.match("f(a(b)c)d", "%b()"), "(a(b)c)", "%b")
  eq(string.match("THE (quick) fox", "%f[%a]%a+"), "THE", "%f")
  eq(string.match("abcabc", "()b()"), 2, "position capture")
  eq(string.match("xyzzy", "(z)%1"), "z", "back reference")
  eq(string.match("2d6+1", "^(%d*)d(%d+)([+-]?%d*)$"), "2", "dice notation")
  eq(string.match("[x]", "[%]]"), "]", "escaped ] in set")
  eq(string.match("a-b", "[a-]+"), "a-", "set with trailing -")
  eq(string.find("abc", "b", -1), nil, "negative init")
  eq(string.find("", ""), 1, "empty find")
  local s, n = string.gsub("hello world", "o", "0")
  eq(s, "hell0 w0rld", "gsub") eq(n, 2, "gsub count")
  eq((string.gsub("hello", "", "-")), "-h-e-l-l-o-", "gsub empty pattern")
  eq((string.gsub("abc", "%w", "%0%0")), "aabbcc", "gsub %0")
  eq((string.gsub("hello world", "(%w+)", "<%1>")), "<hello> <world>", "gsub %1")
  eq((string.gsub("$name is $age", "%$(%w+)", { name = "Bram", age = 30 })), "Bram is 30", "gsub table")
  eq((string.gsub("abc", ".", function(c) return c:upper() end)), "ABC", "gsub function")
  eq((string.gsub("abc", "^.", "X")), "Xbc", "gsub anchored")
  eq((string.gsub("aaa", "a", "b", 2)), "bba", "gsub max")
  local words = {}
  for w in string.gmatch("one two  three", "%a+") do words[#words + 1] = w end
  eq(table.concat(words, "|"), "one|two|three", "gmatch")
  local kv = {}
  for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do kv[#kv + 1] = k .. v end
  eq(table.concat(kv), "a1b2", "gmatch captures")
  eq(pcall(string.find, "x", "[a"), false, "malformed pattern errors")
  eq(pcall(string.find, "x", "%"), false, "trailing % errors")
  eq(string.format("%5.2f|%-3d|%s|%q", 3.14159, 7, "x", "a\"b"), " 3.14|7  |x|\"a\\\"b\"", "format")
  eq(string.rep("ab", 3), "ababab", "rep")
  eq(table.concat({1, 2, "x"}, "-"), "1-2-x", "concat")
  eq(#"abc", 3, "len")
  return true
end
return M`)
	call(t, s, nil, "run")
}

// --- benchmarks ------------------------------------------------------------

func BenchmarkFreshSandbox(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, err := New(Options{Name: "small"})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Load("plugin.lua", smallPlugin); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkFreshSandboxProgram is the pool factory's path: the plugin is
// compiled once and each fresh sandbox only runs it.
func BenchmarkFreshSandboxProgram(b *testing.B) {
	prog, err := Compile("plugin.lua", smallPlugin)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, err := New(Options{Name: "small"})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.LoadProgram(prog); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

func BenchmarkPoolAcquire(b *testing.B) {
	pool := NewPool(func() (*Sandbox, error) {
		s, err := New(Options{Name: "small"})
		if err != nil {
			return nil, err
		}
		_, err = s.Load("plugin.lua", smallPlugin)
		return s, err
	})
	s, _ := pool.Get()
	pool.Put(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := pool.Get()
		if err != nil {
			b.Fatal(err)
		}
		pool.Put(s)
	}
	if pool.Created() != 1 {
		b.Fatalf("created %d", pool.Created())
	}
}

func BenchmarkCallSimple(b *testing.B) {
	s, m := load(b, Options{Name: "small"}, smallPlugin)
	fn := m.(*lua.LTable).RawGetString("add")
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Call(ctx, nil, fn, lua.LNumber(1), lua.LNumber(2)); err != nil {
			b.Fatal(err)
		}
	}
}

// A syntax error names the chunk and the line the parser stopped at.
func TestSyntaxErrorLine(t *testing.T) {
	_, err := Compile("plugin.lua", "return {\n  name = 'x',\n  api = = 1,\n}\n")
	var se *Error
	if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) {
		t.Fatalf("want a syntax *Error, got %v", err)
	}
	if se.File != "plugin.lua" || se.Line != 3 {
		t.Fatalf("syntax error at %s:%d, want plugin.lua:3 (%v)", se.File, se.Line, se)
	}
}
