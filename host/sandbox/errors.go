package sandbox

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/internal/lazy"
)

// Categories of a faulted call. Every error returned by Load and Call is an
// *Error whose Kind is one of these, so callers test with errors.Is.
var (
	// ErrTimeout: the call's deadline passed (a loop, a slow pattern, ...).
	ErrTimeout = errors.New("timeout")
	// ErrCanceled: the caller's context was canceled.
	ErrCanceled = errors.New("canceled")
	// ErrMemory: the memory budget, the string-length limit or the
	// registry (value stack) limit was exceeded.
	ErrMemory = errors.New("memory budget exceeded")
	// ErrDepth: the call depth limit was exceeded (runaway recursion).
	ErrDepth = errors.New("call depth exceeded")
	// ErrBudget: the instruction budget was exceeded.
	ErrBudget = errors.New("instruction budget exceeded")
	// ErrForbidden: the plugin reached for something the sandbox does not
	// offer (os, io, load, string.dump, ...) or wrote to a read-only table.
	ErrForbidden = errors.New("forbidden")
	// ErrSyntax: the plugin source does not compile.
	ErrSyntax = errors.New("syntax error")
	// ErrRuntime: an ordinary Lua error (error(), indexing nil, ...).
	ErrRuntime = errors.New("runtime error")
	// ErrInternal: a Go panic inside a Lua call (a host bug, contained),
	// or a misuse of the API such as two goroutines using one Sandbox.
	ErrInternal = errors.New("internal error")
)

// Error is a faulted Load or Call. It names the plugin and, when the
// position is known, the chunk and line that faulted.
type Error struct {
	Plugin string // Options.Name
	File   string // chunk name ("plugin.lua"), "" when unknown
	Line   int    // 0 when unknown
	Kind   error  // one of the Err* sentinels
	Msg    string // the message without the position prefix
	Trace  string // Lua stack traceback, when gopher-lua produced one
	// Claimed is the chunk a message's leading "chunk:line:" named when
	// that is not a chunk of this plugin (error("other/plugin.lua:1: x", 0)):
	// the position is not believed, and the message is kept whole.
	Claimed string
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "plugin %q: ", e.Plugin)
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteString(":")
			b.WriteString(strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	}
	b.WriteString(e.Kind.Error())
	if e.Msg != "" {
		b.WriteString(": ")
		b.WriteString(e.Msg)
	}
	return b.String()
}

// Unwrap returns the category, so errors.Is(err, ErrTimeout) works.
func (e *Error) Unwrap() error { return e.Kind }

// fault is a sticky failure recorded during a call by the sandbox itself
// (a guard, the memory watcher, the instruction counter).
type fault struct {
	kind  error
	msg   string
	where string // "chunk:line:" of the Lua code that faulted, if known
}

var posRE = lazy.Regexp(`^([^\s:]+):(\d+):\s*`)

// splitPos strips a leading "chunk:line: " from msg.
func splitPos(msg string) (file string, line int, rest string) {
	m := posRE().FindStringSubmatchIndex(msg)
	if m == nil {
		return "", 0, msg
	}
	file = msg[m[2]:m[3]]
	line, _ = strconv.Atoi(msg[m[4]:m[5]])
	return file, line, msg[m[1]:]
}

// newError builds an *Error for the sandbox s. A position at the head of
// the message is believed only when it names a chunk this sandbox loaded:
// error("opposed-pool/plugin.lua:12: boom", 0) is text, and must not make
// the note point at another plugin's file.
func (s *Sandbox) newError(kind error, where, msg, trace string) *Error {
	return newErrOwn(s.opts.Name, kind, where, msg, trace, s.ownChunk)
}

// ownChunk reports whether file is a chunk loaded into this sandbox.
func (s *Sandbox) ownChunk(file string) bool {
	for _, c := range s.chunks {
		if c == file {
			return true
		}
	}
	return false
}

// maxRawError bounds how much of a raw message is examined at all: the
// message is cut to MaxNoteLen anyway, and the position parse must not
// scan a 10 MiB error string.
const maxRawError = 4 * MaxNoteLen

func newErr(plugin string, kind error, where, msg, trace string) *Error {
	return newErrOwn(plugin, kind, where, msg, trace, nil)
}

// newErrOwn builds an *Error; own (nil: any chunk) says which chunk names
// a position prefix may claim. The message and the trace come from the
// plugin: they are cut and sanitized here (see Clean), once, for every
// error the sandbox reports.
func newErrOwn(plugin string, kind error, where, msg, trace string, own func(string) bool) *Error {
	e := &Error{Plugin: plugin, Kind: kind, Trace: Clean(trace, 4*MaxNoteLen, Lines)}
	believe := func(f string) bool { return f != "" && (own == nil || own(f)) }
	// positions are parsed from the head of the message only
	pos := func(m string) (string, int, string) {
		if len(m) <= maxRawError {
			return splitPos(m)
		}
		f, l, rest := splitPos(m[:maxRawError])
		return f, l, m[maxRawError-len(rest):]
	}
	f, l, rest := pos(msg)
	if !believe(f) {
		if f != "" {
			e.Claimed = Clean(fmt.Sprintf("%s:%d", f, l), 256, Line)
		}
		f, l, rest = "", 0, msg
	}
	if where != "" {
		if wf, wl, _ := pos(where); believe(wf) {
			f, l = wf, wl
		}
	}
	e.File, e.Line = f, l
	// strip repeated position prefixes ("a.lua:3: a.lua:9: boom")
	for i := 0; i < 4; i++ {
		f2, _, r2 := pos(rest)
		if !believe(f2) {
			break
		}
		rest = r2
	}
	e.Msg = Clean(strings.TrimSpace(rest), MaxNoteLen, Line)
	return e
}

// classify turns the outcome of a PCall into an *Error.
func (s *Sandbox) classify(err error, cc *callCtx) *Error {
	if f := cc.getFault(); f != nil {
		trace, where := "", f.where
		var ae *lua.ApiError
		if errors.As(err, &ae) {
			trace = ae.StackTrace
			if str, ok := ae.Object.(lua.LString); ok && where == "" {
				where = string(str)
			}
		}
		return s.newError(f.kind, where, f.msg, trace)
	}
	if perr := cc.expired(); perr != nil {
		kind := ErrTimeout
		msg := "deadline exceeded"
		if errors.Is(perr, context.Canceled) {
			kind, msg = ErrCanceled, "context canceled"
		}
		where := ""
		var ae *lua.ApiError
		if errors.As(err, &ae) {
			if str, ok := ae.Object.(lua.LString); ok {
				where = string(str)
			}
		}
		e := s.newError(kind, where, msg, "")
		return e
	}
	var ae *lua.ApiError
	if !errors.As(err, &ae) {
		return s.newError(ErrInternal, "", err.Error(), "")
	}
	msg := ""
	if ae.Object != nil {
		switch o := ae.Object.(type) {
		case lua.LString:
			msg = string(o)
		case lua.LNumber:
			msg = o.String()
		default:
			// not ae.Object.String(): a table's would show its address,
			// and its __tostring is plugin code the host will not run now
			msg = "error object is " + describeValue(o)
		}
	}
	kind := ErrRuntime
	switch {
	case strings.Contains(msg, "stack overflow") || strings.Contains(msg, "callstack overflow"):
		kind = ErrDepth
	case ae.Type == lua.ApiErrorPanic:
		kind = ErrInternal
		msg = "go panic: " + msg
	case ae.Type == lua.ApiErrorSyntax:
		kind = ErrSyntax
	case strings.Contains(msg, "registry overflow"):
		kind = ErrMemory
	}
	return s.newError(kind, "", msg, ae.StackTrace)
}
