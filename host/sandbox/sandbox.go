package sandbox

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-hclog"
	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/internal/lazy"
)

// Options configure a Sandbox. Zero fields take the defaults below.
type Options struct {
	// Name of the plugin, used in errors and logs.
	Name string
	// Deadline bounds every Load and Call (default 1s). A Call's context
	// may shorten it further.
	Deadline time.Duration
	// MaxCallDepth bounds the Lua call stack (default 200 frames).
	MaxCallDepth int
	// MaxRegistry bounds the Lua value stack, in slots (default 131072).
	MaxRegistry int
	// MaxMemory bounds heap growth during one call, in bytes (default
	// 64 MiB). See the package documentation for how it is measured.
	MaxMemory uint64
	// MaxStringLen bounds the result of string.rep, string.format,
	// string.gsub and table.concat (default 1 MiB).
	MaxStringLen int
	// MaxInstructions bounds the VM instructions of one call; 0 means
	// unlimited (the deadline still applies).
	MaxInstructions int64
	// Logger receives print() output at Info level. Nil discards it.
	Logger hclog.Logger
}

// Defaults used for zero Options fields.
const (
	DefaultDeadline     = time.Second
	DefaultMaxCallDepth = 200
	DefaultMaxRegistry  = 1 << 17
	DefaultMaxMemory    = 64 << 20
	DefaultMaxStringLen = 1 << 20
)

func (o Options) withDefaults() Options {
	if o.Deadline <= 0 {
		o.Deadline = DefaultDeadline
	}
	if o.MaxCallDepth <= 0 {
		o.MaxCallDepth = DefaultMaxCallDepth
	}
	if o.MaxRegistry <= 0 {
		o.MaxRegistry = DefaultMaxRegistry
	}
	if o.MaxRegistry < 2048 {
		o.MaxRegistry = 2048
	}
	if o.MaxMemory == 0 {
		o.MaxMemory = DefaultMaxMemory
	}
	if o.MaxStringLen <= 0 {
		o.MaxStringLen = DefaultMaxStringLen
	}
	if o.Logger == nil {
		o.Logger = hclog.NewNullLogger()
	}
	return o
}

// Sandbox is one sandboxed *lua.LState. It is not safe for concurrent use:
// one goroutine at a time (a second concurrent Call fails with ErrInternal
// instead of corrupting the state).
type Sandbox struct {
	opts   Options
	l      *lua.LState
	stream dice.Stream
	cc     *callCtx // the running call's (nil between calls)
	// call is the context of every call, reset each time (exec): one
	// sandbox runs one call at a time
	call callCtx

	busy    atomic.Bool
	pooled  atomic.Bool
	faulted bool
	closed  bool

	nextFn *lua.LFunction
	roNew  *lua.LFunction
	roLen  *lua.LFunction
	// the metamethods of a lazy view (lazy.go)
	lazyIndex, lazyNewIndex *lua.LFunction

	manifest lua.LValue
	// chunks are the names of the chunks loaded (see newError).
	chunks []string

	// ids numbers the tables, functions and userdata tostring has shown
	// during the current call (see identity).
	ids map[lua.LValue]int

	globals tableSnap   // _G, repaired on Reset
	tables  []tableSnap // plugin tables, verified on Reset
	upvals  []upvalSnap // plugin functions' upvalues, verified on Reset
}

// New returns a fresh sandbox with the safe libraries open and nothing
// loaded.
func New(opts Options) (*Sandbox, error) {
	opts = opts.withDefaults()
	L := lua.NewState(lua.Options{
		SkipOpenLibs:        true,
		CallStackSize:       opts.MaxCallDepth,
		RegistrySize:        1024,
		RegistryMaxSize:     opts.MaxRegistry,
		RegistryGrowStep:    4096,
		IncludeGoStackTrace: false,
	})
	s := &Sandbox{opts: opts, l: L}
	// The .. operator asks before it allocates (third_party patch 2), so
	// one concatenation cannot build a string past MaxStringLen: the
	// memory watcher alone is one instruction late.
	L.Options.StringAlloc = func(L *lua.LState, n int) {
		if n > s.opts.MaxStringLen {
			s.raiseFault(L, ErrMemory, "..: a result of %d bytes exceeds the %d-byte string limit", n, s.opts.MaxStringLen)
		}
	}
	if err := s.install(); err != nil {
		L.Close()
		return nil, err
	}
	s.snapshot(lua.LNil)
	return s, nil
}

// L returns the underlying state, for host code that registers functions
// or builds tables. Do not call into Lua through it directly: use Call, so
// the deadline and budgets apply.
func (s *Sandbox) L() *lua.LState { return s.l }

// Manifest returns the first return value of the last successful Load.
func (s *Sandbox) Manifest() lua.LValue {
	if s.manifest == nil {
		return lua.LNil
	}
	return s.manifest
}

// Name returns Options.Name.
func (s *Sandbox) Name() string { return s.opts.Name }

// Faulted reports whether a call faulted in a way that makes the state
// unfit for reuse; Pool.Put discards such sandboxes.
func (s *Sandbox) Faulted() bool { return s.faulted }

// Close releases the state. The sandbox is unusable afterwards.
func (s *Sandbox) Close() {
	if s.closed {
		return
	}
	s.closed = true
	s.l.Close()
}

// Program is a compiled chunk. It is immutable and may be loaded into any
// number of sandboxes, concurrently: compile a plugin once, then let the
// pool factory call LoadProgram, which skips the parser and compiler.
type Program struct {
	name  string
	proto *lua.FunctionProto
}

// MaxSourceLen bounds the size of a chunk's source.
const MaxSourceLen = 16 << 20

// Compile parses and compiles a chunk under the default limits (see
// CompileLimits).
func Compile(chunkName, source string) (*Program, error) {
	return CompileLimits(chunkName, source, Options{})
}

// CompileLimits parses and compiles a chunk under opts' Deadline and
// MaxMemory (zero: the defaults), as a call runs: the parser checks the
// deadline and the memory watcher every 256 tokens and bounds its stack
// (third_party patch 5), so a hostile plugin.lua (a 1 MiB a^a^a^... chain)
// is refused at load within its budgets instead of growing the parser
// without bound outside any deadline. Binary (precompiled) chunks are
// refused with ErrForbidden; syntax errors are ErrSyntax; a source larger
// than MaxSourceLen, or a parse past the budget, is ErrMemory; a parse
// past the deadline is ErrTimeout. The returned *Error has an empty Plugin.
func CompileLimits(chunkName, source string, opts Options) (*Program, error) {
	opts = opts.withDefaults()
	if strings.HasPrefix(source, "\x1b") {
		return nil, newErr("", ErrForbidden, "", "binary (precompiled) chunks are not accepted", "")
	}
	if len(source) > MaxSourceLen {
		return nil, newErr("", ErrMemory, "", fmt.Sprintf("source of %d bytes is too large", len(source)), "")
	}
	ctx, cancel := context.WithTimeout(context.Background(), opts.Deadline)
	defer cancel()
	cc := &callCtx{parent: ctx, done: ctx.Done(), maxMem: opts.MaxMemory}
	cc.deadline, _ = ctx.Deadline()
	watcher.add(cc)
	defer watcher.remove(cc)
	check := func() error {
		if f := cc.getFault(); f != nil {
			return &Error{Kind: f.kind, File: chunkName, Msg: "while parsing: " + f.msg}
		}
		if ctx.Err() != nil || cc.pastDeadline() {
			return &Error{Kind: ErrTimeout, File: chunkName, Msg: "parsing took longer than the deadline"}
		}
		return nil
	}
	chunk, err := parse.ParseLimits(strings.NewReader(source), chunkName,
		parse.Limits{MaxStack: 4 * MaxSyntaxDepth, Check: check})
	if err == nil {
		if deep, line := syntaxTooDeep(chunk); deep {
			return nil, &Error{Kind: ErrSyntax, File: chunkName, Line: line,
				Msg: fmt.Sprintf("chunk has too many syntax levels (more than %d)", MaxSyntaxDepth)}
		}
		var proto *lua.FunctionProto
		if proto, err = lua.Compile(chunk, chunkName); err == nil {
			if err := check(); err != nil {
				return nil, err
			}
			noTailCalls(proto)
			return &Program{name: chunkName, proto: proto}, nil
		}
	}
	var se *Error
	if errors.As(err, &se) {
		return nil, se
	}
	e := newErr("", ErrSyntax, "", err.Error(), "")
	if e.File == "" {
		e.File = chunkName
	}
	if e.Line == 0 {
		e.Line, e.Msg = parserLine(e.Msg)
	}
	e.Msg = plainSyntax(e.Msg)
	if e.Msg == endsEarly && e.Line == 0 {
		e.Line = strings.Count(strings.TrimRight(source, "\n"), "\n") + 1 // the last line
	}
	return nil, e
}

// parserPos finds the position in gopher-lua's parser messages, which do
// not use the runtime's "chunk:line:" form:
// "plugin.lua line:4(column:23) near 'api':   syntax error".
var parserPos = lazy.Regexp(`^(?:\S+ )?line:(\d+)\(column:\d+\)\s*(.*)$`)

// parserLine reads the line of a parser message and returns the message
// without the position and its padding.
func parserLine(msg string) (int, string) {
	m := parserPos().FindStringSubmatch(strings.TrimSpace(msg))
	if m == nil {
		return 0, msg
	}
	n, _ := strconv.Atoi(m[1])
	return n, strings.Join(strings.Fields(m[2]), " ")
}

// Name returns the chunk name.
func (p *Program) Name() string { return p.name }

// Load compiles and runs a chunk (plugin.lua) under the deadline and
// budgets, and returns its first return value (the manifest); see
// LoadProgram.
func (s *Sandbox) Load(chunkName, source string) (lua.LValue, error) {
	p, err := Compile(chunkName, source)
	if err != nil {
		err.(*Error).Plugin = s.opts.Name
		return lua.LNil, err
	}
	return s.LoadProgram(p)
}

// LoadProgram runs a compiled chunk under the deadline and budgets and
// returns its first return value (the manifest). After a successful load
// the sandbox records its pristine state (globals, and the tables reachable
// from them and from the manifest), which Reset restores or verifies.
func (s *Sandbox) LoadProgram(p *Program) (lua.LValue, error) {
	if !s.ownChunk(p.name) {
		s.chunks = append(s.chunks, p.name)
	}
	fn := s.l.NewFunctionFromProto(p.proto)
	rets, cerr := s.run(context.Background(), nil, fn, nil, 1)
	if cerr != nil {
		return lua.LNil, cerr
	}
	ret := lua.LValue(lua.LNil)
	if len(rets) > 0 {
		ret = rets[0]
	}
	s.manifest = ret
	if !s.snapshot(ret) {
		s.faulted = true
		return lua.LNil, s.newError(ErrMemory, "", fmt.Sprintf(
			"the plugin's state after loading holds more than %d table entries and locals; "+
				"the host restores that state after every call and cannot do so beyond that size: "+
				"keep large data out of plugin.lua", maxSnapEntries), "")
	}
	return ret, nil
}

// Call calls fn (a function of this sandbox) with args under the deadline
// and budgets, with math.random drawing from stream (nil: math.random
// raises an error). It returns all results. Results are valid until the
// sandbox is Reset or returned to its pool: convert them first (FromLua).
func (s *Sandbox) Call(ctx context.Context, stream dice.Stream, fn lua.LValue, args ...lua.LValue) ([]lua.LValue, error) {
	return s.run(ctx, stream, fn, args, lua.MultRet)
}

// Method calls the function stored in field name of table t (typically the
// manifest), as Call does.
func (s *Sandbox) Method(ctx context.Context, stream dice.Stream, t lua.LValue, name string, args ...lua.LValue) ([]lua.LValue, error) {
	fn, err := s.method(t, name)
	if err != nil {
		return nil, err
	}
	return s.run(ctx, stream, fn, args, lua.MultRet)
}

// method is the function in field name of table t (seen through a
// read-only view).
func (s *Sandbox) method(t lua.LValue, name string) (lua.LValue, error) {
	tb, ok := t.(*lua.LTable)
	if !ok {
		return nil, s.newError(ErrRuntime, "", fmt.Sprintf("cannot call %q on a %s", name, t.Type()), "")
	}
	fn := tb.RawGetString(name)
	if in := innerOf(tb); in != nil {
		fn = in.RawGetString(name)
	}
	if fn.Type() != lua.LTFunction {
		return nil, s.newError(ErrRuntime, "", fmt.Sprintf("field %q is not a function (%s)", name, fn.Type()), "")
	}
	return fn, nil
}

func (s *Sandbox) run(ctx context.Context, stream dice.Stream, fn lua.LValue, args []lua.LValue, nret int) (rets []lua.LValue, err error) {
	err = s.exec(ctx, stream, func(L *lua.LState, _ *callCtx) error {
		top := L.GetTop()
		L.Push(fn)
		for _, a := range args {
			L.Push(a)
		}
		if err := L.PCall(len(args), nret, nil); err != nil {
			return err
		}
		if n := L.GetTop() - top; n > 0 {
			rets = make([]lua.LValue, n)
			for i := range rets {
				rets[i] = L.Get(top + 1 + i)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rets, nil
}

// exec runs body, the host's calls into Lua, under one call's deadline
// and budgets (run: one function; CallEach: one function per argument),
// and classifies what went wrong. The stack is restored afterwards.
func (s *Sandbox) exec(ctx context.Context, stream dice.Stream, body func(L *lua.LState, cc *callCtx) error) error {
	if !s.busy.CompareAndSwap(false, true) {
		return s.newError(ErrInternal, "", "sandbox used by two goroutines at once", "")
	}
	defer s.busy.Store(false)
	switch {
	case s.closed:
		return s.newError(ErrInternal, "", "sandbox is closed", "")
	case s.faulted:
		return s.newError(ErrInternal, "", "sandbox faulted earlier; discard it", "")
	case s.pooled.Load():
		return s.newError(ErrInternal, "", "sandbox used after Pool.Put", "")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	cc := &s.call
	cc.reset(s.opts.MaxInstructions, s.opts.MaxMemory)
	if ctx.Done() == nil {
		// A context that can never be cancelled (Background, as every
		// check's plugin call has): the deadline is kept on the call
		// alone, read from the clock every 1024 instructions as always
		// and after the call, without a context and timer per call
		// (a fifth of a plugin call's fixed cost). A deadline nearer
		// than the parent's own would be the same.
		cc.parent, cc.deadline = ctx, time.Now().Add(s.opts.Deadline)
		if d, ok := ctx.Deadline(); ok && d.Before(cc.deadline) {
			cc.deadline = d
		}
	} else {
		dctx, cancel := context.WithTimeout(ctx, s.opts.Deadline)
		defer cancel()
		cc.parent, cc.done = dctx, dctx.Done()
		cc.deadline, _ = dctx.Deadline()
	}
	L := s.l
	cc.l = L
	top := L.GetTop()
	s.cc, s.stream, s.ids = cc, stream, nil
	L.SetContext(cc)
	cc.granted = cc.grant()
	L.SetStepper(cc, cc.granted)
	// watched only now: SetStepper clears a poke, so a fault the watcher
	// set before it would reach the call a grant of instructions late
	watcher.add(cc)
	defer watcher.remove(cc)
	var perr error
	func() {
		defer func() {
			if r := recover(); r != nil {
				perr = fmt.Errorf("go panic: %v", r)
				f := &fault{kind: ErrInternal, msg: fmt.Sprintf("go panic: %v", r)}
				// A Lua error escapes PCall when even the message
				// handler cannot be pushed: the value stack or the call
				// stack is full.
				if ae, ok := r.(*lua.ApiError); ok {
					msg := ae.Object.String()
					switch {
					case strings.Contains(msg, "registry overflow"):
						f = &fault{kind: ErrMemory, msg: "registry overflow (too many values on the Lua stack)"}
					case strings.Contains(msg, "stack overflow"):
						f = &fault{kind: ErrDepth, msg: "stack overflow"}
					}
				}
				cc.setFault(f)
			}
		}()
		perr = body(L, cc)
	}()
	L.SetStepper(nil, 0)
	L.RemoveContext()
	cc.mu.Lock()
	cc.l = nil // a late fault from the watcher pokes nobody
	cc.mu.Unlock()
	s.cc, s.stream, s.ids = nil, nil, nil

	// A deadline (or cancellation) that passed during the call fails it
	// even when the plugin caught the error and returned: pcall or xpcall
	// in tail position returns to the host without another VM instruction,
	// so the plugin would otherwise outlive its deadline unnoticed.
	if perr == nil && cc.getFault() == nil && cc.expired() == nil {
		L.SetTop(top)
		return nil
	}
	e := s.classify(perr, cc)
	if L.GetTop() > top {
		L.SetTop(top)
	}
	switch e.Kind {
	case ErrRuntime, ErrSyntax:
		// an ordinary Lua error leaves the state consistent
	default:
		s.faulted = true
	}
	return e
}

// raiseFault records a sticky fault for the running call and raises it.
func (s *Sandbox) raiseFault(L *lua.LState, kind error, format string, args ...any) int {
	msg := fmt.Sprintf(format, args...)
	if s.cc != nil {
		s.cc.setFault(&fault{kind: kind, msg: msg, where: L.Where(1)})
	}
	L.RaiseError("%s", msg)
	return 0
}

func (s *Sandbox) forbid(L *lua.LState, what string) int {
	return s.raiseFault(L, ErrForbidden, "%s is not available in the sandbox", what)
}

// --- pristine state -------------------------------------------------------

type tableSnap struct {
	t    *lua.LTable
	keys []lua.LValue
	vals []lua.LValue
	mt   lua.LValue
	set  map[lua.LValue]struct{}
}

const maxSnapEntries = 1 << 16

// takeSnap records t's entries in Next order (array part, then hash keys in
// insertion order), so same can compare in lockstep.
func takeSnap(t *lua.LTable) tableSnap {
	return takeSnapMax(t, -1)
}

// takeSnapMax is takeSnap that stops after max+1 entries (max < 0: no
// limit), so a huge table costs no more than the limit to refuse.
func takeSnapMax(t *lua.LTable, max int) tableSnap {
	sn := tableSnap{t: t, mt: t.Metatable}
	t.ClearWrote() // same walks the table again only once it is written to
	for k, v := t.Next(lua.LNil); k != lua.LNil; k, v = t.Next(k) {
		if max >= 0 && len(sn.keys) > max {
			break
		}
		sn.keys = append(sn.keys, k)
		sn.vals = append(sn.vals, v)
	}
	return sn
}

// same reports whether t still holds exactly the snapshot's entries: one
// Next walk, compared in lockstep (an added key shows up in the walk, a
// removed or changed one breaks the lockstep). A table nothing was
// stored into since the snapshot (or since the last walk found it
// unchanged) is the snapshot without a walk (gopher-lua patch 10: every
// store sets the table's Wrote): most calls write none of the plugin's
// tables, and walking them all was a tenth of a plugin call.
func (sn *tableSnap) same() bool {
	if sn.t.Metatable != sn.mt {
		return false
	}
	if !sn.t.Wrote() {
		return true
	}
	i, same := 0, true
	sn.t.Walk(func(index int, k, v lua.LValue) bool {
		if i >= len(sn.keys) || v != sn.vals[i] || (k == nil && sn.keys[i] != lua.LNumber(index)) || (k != nil && k != sn.keys[i]) {
			same = false
			return false
		}
		i++
		return true
	})
	if same && i == len(sn.keys) {
		sn.t.ClearWrote() // written back as it was: clean again
		return true
	}
	return false
}

// maxRepair is how many stray keys repair removes before giving up: gopher-lua
// never forgets a key once set, so a plugin spraying unique globals would
// slow every later Reset; such a state is discarded instead.
const maxRepair = 64

// repair restores t to the snapshot: drops new keys, restores old ones. It
// reports false when the table is too damaged to be worth repairing.
func (sn *tableSnap) repair() bool {
	if sn.set == nil {
		sn.set = make(map[lua.LValue]struct{}, len(sn.keys))
		for _, k := range sn.keys {
			sn.set[k] = struct{}{}
		}
	}
	var extra []lua.LValue
	sn.t.ForEach(func(k, _ lua.LValue) {
		if _, ok := sn.set[k]; !ok {
			extra = append(extra, k)
		}
	})
	if len(extra) > maxRepair {
		return false
	}
	for _, k := range extra {
		sn.t.RawSet(k, lua.LNil)
	}
	for i, k := range sn.keys {
		sn.t.RawSet(k, sn.vals[i])
	}
	sn.t.Metatable = sn.mt
	// same values, possibly a new order: re-record for the lockstep check
	set := sn.set
	*sn = takeSnap(sn.t)
	sn.set = set
	return true
}

// upvalSnap is one upvalue of a plugin function (a local of plugin.lua
// that a function captured) and its value after Load.
type upvalSnap struct {
	uv  *lua.Upvalue
	val lua.LValue
}

// snapshot records _G and every plugin table and upvalue reachable from
// _G and from extra (the manifest), skipping read-only proxies. It reports
// false when there are more than maxSnapEntries of them: the snapshot
// would be incomplete, so Reset could not promise a pristine state, and
// the caller refuses the plugin. Upvalues
// matter as much as tables: `local n = 0` captured by resolve, or a local
// table only functions see, would otherwise carry state from one call to
// the next (and a view kept there would outlive its call).
func (s *Sandbox) snapshot(extra lua.LValue) bool {
	g := s.l.G.Global
	s.globals = takeSnap(g)
	s.tables = s.tables[:0]
	s.upvals = s.upvals[:0]
	seen := map[*lua.LTable]bool{g: true}
	seenFn := map[*lua.LFunction]bool{}
	seenUv := map[*lua.Upvalue]bool{}
	entries := 0
	var walk func(v lua.LValue)
	walk = func(v lua.LValue) {
		if entries > maxSnapEntries {
			return
		}
		if fn, ok := v.(*lua.LFunction); ok {
			if fn.IsG || seenFn[fn] {
				return
			}
			seenFn[fn] = true
			for _, uv := range fn.Upvalues {
				if uv == nil || seenUv[uv] {
					continue
				}
				seenUv[uv] = true
				entries++
				val := uv.Value()
				s.upvals = append(s.upvals, upvalSnap{uv: uv, val: val})
				walk(val)
			}
			return
		}
		t, ok := v.(*lua.LTable)
		if !ok || seen[t] || innerOf(t) != nil {
			return
		}
		seen[t] = true
		sn := takeSnapMax(t, maxSnapEntries-entries)
		entries += len(sn.keys)
		if entries > maxSnapEntries {
			return
		}
		s.tables = append(s.tables, sn)
		for i := range sn.keys {
			walk(sn.keys[i])
			walk(sn.vals[i])
		}
		walk(sn.mt)
	}
	entries += len(s.globals.keys)
	for _, v := range s.globals.vals {
		walk(v)
	}
	walk(extra)
	return entries <= maxSnapEntries
}

// Reset prepares the sandbox for the next call: clears the stack and the
// dice stream, restores _G (new globals removed, changed ones restored)
// and verifies that the plugin's own tables are untouched. It returns an
// error, and marks the sandbox faulted, when the state cannot be made
// pristine (a fault happened, or a plugin table was modified); the caller
// must then discard it.
func (s *Sandbox) Reset() error {
	if s.closed || s.faulted {
		return s.newError(ErrInternal, "", "sandbox is faulted or closed", "")
	}
	if !s.busy.CompareAndSwap(false, true) {
		return s.newError(ErrInternal, "", "sandbox is in use", "")
	}
	defer s.busy.Store(false)
	s.l.SetTop(0)
	s.stream = nil
	if !s.globals.same() && !s.globals.repair() {
		s.faulted = true
		return s.newError(ErrInternal, "", "too many globals were set during a call", "")
	}
	for i := range s.tables {
		if !s.tables[i].same() {
			s.faulted = true
			return s.newError(ErrInternal, "", "plugin state was modified during a call", "")
		}
	}
	for _, u := range s.upvals {
		if u.uv.Value() != u.val {
			s.faulted = true
			return s.newError(ErrInternal, "", "a local of plugin.lua was modified during a call", "")
		}
	}
	return nil
}
