// Package sandbox is the safe Lua execution environment for plugins: one
// gopher-lua state per Sandbox, only safe libraries, every call under a
// deadline and budgets, faults reported as categorised Go errors, and a
// Pool that hands each state to one goroutine at a time and restores it
// between uses.
//
// # Usage
//
//	prog, err := sandbox.Compile("plugin.lua", src) // once per plugin
//	pool := sandbox.NewPool(func() (*sandbox.Sandbox, error) {
//		s, err := sandbox.New(sandbox.Options{Name: "wild-die", Deadline: 100 * time.Millisecond})
//		if err != nil {
//			return nil, err
//		}
//		if _, err := s.LoadProgram(prog); err != nil {
//			s.Close()
//			return nil, err
//		}
//		return s, nil
//	})
//	s, err := pool.Get()
//	view, _ := s.ReadOnly(sheetData)          // host data, read-only in Lua
//	rets, err := s.Method(ctx, stream, s.Manifest(), "resolve", view)
//	out, err := sandbox.FromLua(rets[0])     // convert before Put
//	pool.Put(s)                               // reset, or discard if faulted
//
// # Libraries
//
// The state is opened with SkipOpenLibs and gets base, string, table and
// math only. Absent: os, io, debug, package, channel, coroutine (coroutine is
// left out rather than proven safe), and from base dofile, loadfile, load,
// loadstring, require, module, collectgarbage, getfenv, setfenv, newproxy,
// _printregs. Reading any of those names as a global, or calling
// string.dump, raises an ErrForbidden fault (not a confusing "attempt to
// call nil"). Binary chunks are refused by Compile/Load. print goes to
// Options.Logger at Info level (truncated to 4 KiB).
//
// tostring (and print, and string.format's %s) shows a table, function or
// userdata as "table: 0x00000001", numbered in order of first appearance
// in the call, not by its Go heap address: a record or text built from it
// is the same on every run. string.format accepts Lua 5.1's conversions
// only (c d i o u x X e E f g G q s, flags "-+ #0", width and precision of
// at most two digits), never Go's fmt verbs. Tail calls are compiled as
// ordinary calls (see noTailCalls), so `return f(x)` recursion is bounded
// by MaxCallDepth like any recursion.
//
// math.random draws from the dice.Stream passed to Call: random() is
// (Roll(2^30)-1)/2^30, random(m) is Roll(m), random(m, n) is
// m+Roll(n-m+1)-1, with Lua's "interval is empty" errors; without a stream
// it raises an error. math.randomseed is a no-op.
//
// The string, table and math tables, and the string metatable, are shared
// read-only proxies: writes (t.k = v, rawset, table.insert/remove/sort,
// setmetatable) raise ErrForbidden, getmetatable("") returns the read-only
// string table, _G's metatable is locked. pairs, ipairs, next, unpack, #,
// rawget, table.concat/getn/maxn see through read-only proxies.
//
// # Faults
//
// Load, LoadProgram, Call and Method return *Error, which names the plugin,
// the chunk and line when known, and a category usable with errors.Is:
// ErrTimeout, ErrCanceled, ErrMemory, ErrDepth, ErrBudget, ErrForbidden,
// ErrSyntax, ErrRuntime, ErrInternal (a Go panic inside a call, contained by
// PCall and a recover, or API misuse). Sandbox faults (everything except
// ErrRuntime and ErrSyntax) are sticky: they are raised again at every VM
// instruction, so pcall cannot swallow them, and the call fails even if the
// plugin catches the first error; a deadline that passed fails the call
// even when pcall caught it in tail position and returned at once. An
// error object that is not a string or number is reported by its type
// ("error object is (a table value)"), without running its __tostring. A faulted sandbox refuses further calls
// and Pool.Put closes it; the pool's factory makes a fresh one.
//
// # Budgets
//
//   - Time: each call runs under context.WithTimeout(ctx, Options.Deadline).
//     gopher-lua checks the context before every VM instruction; the
//     context the VM sees is our callCtx, whose Done() also counts
//     instructions (Options.MaxInstructions), reports sticky faults, and
//     reads the clock every 1024 instructions (the context's timer alone
//     fires late on a busy machine). Go loops that run inside one
//     instruction check the same way: the pattern matcher, table.sort
//     (replaced: gopher-lua's sorted a whole list without looking up), and
//     the parser.
//   - Call depth: lua.Options.CallStackSize = MaxCallDepth (default 200),
//     a fixed-size frame stack (the auto-growing one in gopher-lua v1.1.2
//     panics past its limit instead of raising "stack overflow").
//   - Value stack: RegistryMaxSize = MaxRegistry slots (default 131072);
//     unpack refuses ranges larger than that up front.
//   - Syntax: Compile refuses chunks nested deeper than MaxSyntaxDepth
//     (gopher-lua compiles deep nesting in quadratic time, outside any
//     deadline).
//   - Patterns: gopher-lua's matcher neither checks the context nor bounds
//     backtracking, so string.find, match, gmatch and gsub are replaced by
//     a port of Lua 5.1's matcher (pattern.go) that counts steps and checks
//     the deadline and faults every 1024 steps, so
//     string.find(("a"):rep(1e5), ".-.-.-.-b") ends with ErrTimeout at the
//     deadline. Its recursion depth is bounded (200, as Lua 5.2), and
//     gmatch is lazy.
//
// # Memory
//
// gopher-lua has no allocator hook, so memory is bounded in two layers,
// and together they hold a hard bound: whatever a plugin does in one call,
// load or formatter call, the process's peak RSS stays within 256 MiB of
// its baseline (tested in a child process, bound_test.go):
//
//  1. Everything that can build a large value in one VM instruction checks
//     the size BEFORE allocating: string.rep, string.format (widths and
//     precisions over two digits are refused as in Lua 5.1, and each piece
//     is checked before it is added), string.gsub (checked as the result
//     grows), table.concat (total computed first), against
//     Options.MaxStringLen (default 1 MiB); the .. operator too, through
//     Options.StringAlloc of the patched gopher-lua in third_party/
//     (patch 2); and an integer key far past the end of a list is kept in
//     the table's hash part instead of filling the list with nils up to it
//     (patch 1: t[16777216] = true used to allocate 1 GiB). Exceeding the
//     limit is ErrMemory.
//  2. Growth made of many small steps (tables filling up, many medium
//     strings) is caught by a process-wide watcher goroutine that runs
//     while calls are active. Every millisecond it reads runtime/metrics
//     (no stop-the-world) and faults a call with ErrMemory when, since the
//     call began, the live heap measured by the last GC grew by more than
//     Options.MaxMemory (default 64 MiB), or the heap including garbage grew
//     by more than twice that. The call aborts at its next instruction,
//     and no instruction allocates more than MaxStringLen (or a list's
//     doubling) on its own.
//
// The watcher measures the process, not the call, so heavy concurrent
// allocation elsewhere can be charged to a running call (the live-heap
// rule keeps garbage out of the charge; the 2x rule is the safety net).
//
// Loading is bounded the same way: CompileLimits parses under a deadline,
// the memory watcher and a bound on the parser's stack (patch 5: a 1 MiB
// a^a^a^... chain no longer takes 530 MiB to parse), and running the
// chunk is a call like any other.
//
// # Text
//
// Every string from a plugin that someone will read goes through Clean
// (text.go): cut to a length cap, line breaks, controls, bidi and
// separator characters and invalid UTF-8 escaped, so it can neither start
// a line of its own nor command the terminal. Error messages are cleaned
// when the *Error is built; a position at the head of a message is
// believed only when it names a chunk this sandbox loaded (Error.Claimed
// keeps a foreign one).
//
// # Pooling and reset
//
// A Pool (a buffered channel of idle sandboxes) never gives a sandbox to
// two goroutines; a Sandbox also refuses concurrent use with ErrInternal.
// Put calls Reset, which clears the stack and the dice stream, then:
//
//   - _G is compared in one pass with the snapshot taken after Load; new
//     globals are removed and changed ones restored (more than 64 stray
//     keys: the state is discarded, as gopher-lua never forgets keys);
//   - every plugin table, and every upvalue of a plugin function (a local
//     of plugin.lua a function captured), reachable from _G and the
//     manifest at load time (recursively) is compared with its snapshot;
//     a plugin whose state holds more than 65,536 such entries is refused
//     at load (ErrMemory), as the snapshot could not be complete; if a call modified one (plugin module state, a
//     counter, a cache, a view kept for later), the sandbox is discarded
//     rather than repaired, so every call starts from the pristine
//     post-Load state whichever pooled state it gets;
//   - the libraries and the string metatable cannot have changed: they are
//     read-only and their real tables are unreachable from Lua.
//
// A plugin that keeps state between calls therefore gets a fresh state
// for every such call: correct, only slower. Each plugin has its own
// LState, so nothing is shared between plugins.
//
// # Host data
//
// gopher-luar v1.0.11 has no immutable mode (its proxies let Lua assign
// struct fields and map entries), so host data is converted instead:
// ToLua copies plain Go data (maps with sorted keys for deterministic
// pairs order, slices, structs by json tags) into fresh tables, ReadOnly
// additionally wraps them in deep read-only proxies, Freeze does that for
// an existing table, and FromLua converts results back (numbers as
// float64, sequences as []any, other tables as map[string]any), with depth
// and size limits.
package sandbox
