package sandbox

import (
	"context"
	"errors"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/internal/loadslack"
)

const (
	hostileDeadline = 200 * time.Millisecond
	hostileMemory   = 16 << 20
	// slack past the deadline: one VM instruction (a concat of a string
	// just under the memory budget) cannot be interrupted, and fresh memory
	// is slow on some CI sandboxes.
	hostileSlack = 600 * time.Millisecond
	// memorySlack is the slack for cases the memory watcher stops: the
	// instruction in flight (s = s .. s at twice the budget) finishes
	// first, which on a loaded 2-core machine was seen to take 650 ms.
	memorySlack = 2 * time.Second
	// goodDeadline is the sandbox's deadline in these tests: loading the
	// plugin, M.ok and every call that must end otherwise than by timing
	// out get it, so a loaded machine cannot turn them into timeouts. A
	// call that may time out runs under hostileDeadline (callDeadline).
	goodDeadline = 10 * time.Second
)

// callDeadline is the deadline of a hostile call that wants one of want:
// hostileDeadline where a timeout is among them, else goodDeadline.
func callDeadline(want []error) time.Duration {
	for _, w := range want {
		if w == ErrTimeout {
			return hostileDeadline
		}
	}
	return goodDeadline
}

// callWithin calls M.name on s with its deadline shortened to d (the
// sandbox takes the earlier of its own deadline and the context's).
func callWithin(s *Sandbox, d time.Duration, stream dice.Stream, name string) ([]lua.LValue, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return s.Method(ctx, stream, s.Manifest(), name)
}

// hostilePlugin wraps body in M.run; M.ok checks that the state is pristine.
func hostilePlugin(body string) string {
	return `
local M = { name = "hostile", version = "1" }
function M.run()
` + body + `
end
function M.ok()
  assert(x == nil, "global x leaked")
  assert(rawget(_G, "y") == nil, "global y leaked")
  assert(string.len("abc") == 3, "string.len tampered")
  assert(("abc"):len() == 3, "string methods tampered")
  assert(("abc"):upper() == "ABC", "string.upper tampered")
  assert(type(math.floor) == "function", "math tampered")
  assert(type(print) == "function" and type(pairs) == "function", "base tampered")
  assert(type(table.concat) == "function", "table tampered")
  assert(getmetatable("") == string, "string metatable tampered")
  assert(getmetatable(_G) == "locked", "_G metatable tampered")
  assert(M.name == "hostile", "manifest tampered")
  assert(string.find("hello world", "o w") == 5)
  return "ok"
end
return M
`
}

func newHostilePool(t testing.TB, body string) *Pool {
	t.Helper()
	return NewPool(func() (*Sandbox, error) {
		s, err := New(Options{Name: "hostile", Deadline: goodDeadline, MaxMemory: hostileMemory})
		if err != nil {
			return nil, err
		}
		if _, err := s.Load("plugin.lua", hostilePlugin(body)); err != nil {
			s.Close()
			return nil, err
		}
		return s, nil
	})
}

// peakHeap samples the heap every millisecond until stop is called.
func peakHeap() (stop func() uint64) {
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		sm := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sm)
			if v := sm[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 { close(done); wg.Wait(); return peak.Load() }
}

func TestHostile(t *testing.T) {
	const heapLimit = 512 << 20
	cases := []struct {
		name string
		body string
		want []error // acceptable categories; nil: the call must succeed
	}{
		{"os.execute", `os.execute("echo pwned")`, []error{ErrForbidden}},
		{"io.open", `io.open("/etc/passwd")`, []error{ErrForbidden}},
		{"require os", `local os = require "os"`, []error{ErrForbidden}},
		{"load dumped bytecode", `load(string.dump(function() end))()`, []error{ErrForbidden}},
		{"loadstring binary chunk", `loadstring("\27Lua\81\0")()`, []error{ErrForbidden}},
		{"string.dump", `return string.dump(print)`, []error{ErrForbidden}},
		{"string.dump via method", `return ("x").dump(function() end)`, []error{ErrForbidden}},
		{"debug.getregistry", `return debug.getregistry()`, []error{ErrForbidden}},
		{"dofile", `dofile("/etc/passwd")`, []error{ErrForbidden}},
		{"getfenv", `return getfenv(1)`, []error{ErrForbidden}},
		{"collectgarbage", `collectgarbage("collect")`, []error{ErrForbidden}},
		{"forbidden swallowed by pcall", `pcall(function() return os.time() end) return 1`, []error{ErrForbidden}},
		{"while true", `while true do end`, []error{ErrTimeout}},
		{"loop inside pcall", `while true do pcall(function() while true do end end) end`, []error{ErrTimeout}},
		{"deep recursion", `local function f(n) return 1 + f(n + 1) end return f(1)`, []error{ErrDepth}},
		{"recursion through pcall", `local function f() pcall(f) f() end f()`, []error{ErrDepth, ErrTimeout}},
		{"recursion through __index", `local t = setmetatable({}, {}) getmetatable(t).__index = function(t, k) return t[k] end return t.x`, []error{ErrDepth}},
		{"string.rep 2^31", `return string.rep("x", 2^31)`, []error{ErrMemory}},
		{"concat doubling", `local s = "x" while true do s = s .. s end`, []error{ErrMemory, ErrTimeout}},
		{"concat doubling from 1MiB", `local s = string.rep("x", 2^20) while true do s = s .. s end`, []error{ErrMemory, ErrTimeout}},
		{"concat append forever", `local s = "" while true do s = s .. "x" end`, []error{ErrTimeout, ErrMemory}},
		{"table filled forever", `local t = {} local i = 0 while true do i = i + 1 t[#t + 1] = i end`, []error{ErrMemory, ErrTimeout}},
		{"table of big strings", `local t = {} local s = string.rep("x", 2^20) local i = 0 while true do i = i + 1 t[i] = s .. i end`, []error{ErrMemory, ErrTimeout}},
		{"pathological pattern", `return string.find(string.rep("a", 1e5), ".-.-.-.-b")`, []error{ErrTimeout}},
		{"pathological gmatch", `for m in string.gmatch(string.rep("a", 1e5), "a*a*a*a*b") do end`, []error{ErrTimeout}},
		{"pathological gsub", `return (string.rep("a", 1e5)):gsub(".-.-.-b", "")`, []error{ErrTimeout}},
		{"gsub bomb", `local s = string.rep("x", 2^16) return s:gsub("x", string.rep("x", 64))`, []error{ErrMemory}},
		{"format bomb", `local s = string.rep("x", 2^20) local t = {} for i = 1, 100 do t[i] = s end return string.format(string.rep("%s", 100), unpack(t))`, []error{ErrMemory}},
		{"format huge width", `return string.format("%999999d", 1)`, []error{ErrRuntime}},
		{"table.concat bomb", `local s = string.rep("x", 2^20) local t = {} for i = 1, 64 do t[i] = s end return table.concat(t)`, []error{ErrMemory}},
		{"unpack huge", `return unpack({}, 1, 1e8)`, []error{ErrMemory}},
		{"string.byte huge", `return string.byte(string.rep("x", 2^20), 1, -1)`, []error{ErrMemory, ErrTimeout}},
		{"coroutine ping-pong", `local co = coroutine.create(function() while true do coroutine.yield() end end) while true do coroutine.resume(co) end`, []error{ErrForbidden}},
		{"setmetatable _G", `setmetatable(_G, { __index = function() return 1 end })`, []error{ErrForbidden}},
		{"string metatable __index", `getmetatable("").__index = {}`, []error{ErrForbidden}},
		{"string metatable __index.len", `getmetatable("").__index.len = function() return 0 end`, []error{ErrForbidden, ErrRuntime}},
		{"replace string.len", `string.len = function() return 0 end`, []error{ErrForbidden}},
		{"rawset string.len", `rawset(string, "len", function() return 0 end)`, []error{ErrForbidden}},
		{"table.insert into string", `table.insert(string, 1)`, []error{ErrForbidden}},
		{"setmetatable on a library", `setmetatable(math, nil)`, []error{ErrForbidden}},
		{"setmetatable on a string", `setmetatable("", {})`, []error{ErrRuntime}},
		{"error()", `error("plain failure")`, []error{ErrRuntime}},
		{"go-side error object", `error({ code = 1 })`, []error{ErrRuntime}},
		// tampering that is allowed but must not survive the call
		{"set globals", `x = 1 y = 2 _G.print = nil pairs = nil`, nil},
		{"replace library globals", `string = { len = function() return 0 end } math = nil table = nil`, nil},
		{"rawset _G", `rawset(_G, "x", 42) rawset(_G, "string", nil)`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pool := newHostilePool(t, tc.body)
			defer pool.Close()
			s, err := pool.Get()
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			stop := peakHeap()
			start := time.Now()
			_, err = callWithin(s, callDeadline(tc.want), nil, "run")
			elapsed := time.Since(start)
			peak := stop()
			pool.Put(s)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("run: unexpected error %v", err)
				}
			} else {
				if err == nil {
					t.Fatalf("run: no error, want one of %v", tc.want)
				}
				ok := false
				for _, w := range tc.want {
					ok = ok || errors.Is(err, w)
				}
				if !ok {
					t.Fatalf("run: error %v, want one of %v (elapsed %v, peak %d MiB)", err, tc.want, elapsed, peak>>20)
				}
				var se *Error
				if !errors.As(err, &se) || se.Plugin != "hostile" {
					t.Fatalf("run: error %#v does not name the plugin", err)
				}
				t.Logf("error: %v (elapsed %v, peak heap %d MiB)", err, elapsed.Round(time.Millisecond), peak>>20)
			}
			slack := hostileSlack
			for _, w := range tc.want {
				if w == ErrMemory {
					slack = memorySlack
				}
			}
			// the bound stays the hostile deadline whatever the call's own
			// deadline; only the slack stretches on a loaded machine
			slack = loadslack.Slack(t, slack)
			if elapsed > hostileDeadline+slack {
				t.Errorf("run took %v, deadline %v", elapsed, hostileDeadline)
			}
			if peak > heapLimit {
				t.Errorf("peak heap %d MiB > 512 MiB", peak>>20)
			}

			// the next call on the same pool succeeds and sees pristine state
			s2, err := pool.Get()
			if err != nil {
				t.Fatalf("get after fault: %v", err)
			}
			m2 := s2.Manifest()
			rets, err := s2.Method(context.Background(), nil, m2, "ok")
			if err != nil {
				t.Fatalf("next call: %v", err)
			}
			if len(rets) != 1 || rets[0].String() != "ok" {
				t.Fatalf("next call returned %v", rets)
			}
			pool.Put(s2)

			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > heapLimit {
				t.Fatalf("heap %d MiB after case", ms.HeapAlloc>>20)
			}
		})
	}
}
