package sandbox

import (
	"context"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/dice"
)

// CallEach calls fn(arg) once for each of args, all under one call's
// deadline and budgets, and returns each call's first result (nil when it
// returned nothing) or its error. It is for a hook the host calls many
// times in a row with small arguments (a formatter's item line, once per
// item of an inventory): the per-call costs (deadline timer, memory
// watch, taking and resetting a pooled state) are paid once.
//
// An ordinary Lua error fails only its own call (errs[i], an *Error with
// its position), as it would in a call of its own. A fault (deadline,
// memory, instructions, a forbidden function, a Go panic) ends the batch:
// err is that fault, and the sandbox is faulted as after Call; the calls
// that finished before it keep their results (and errors), and the fault
// is the error of the call it struck and of every call after it, so the
// caller loses only those. Results are valid until the sandbox is Reset
// or returned to its pool.
func (s *Sandbox) CallEach(ctx context.Context, stream dice.Stream, fn lua.LValue, args []lua.LValue) (rets []lua.LValue, errs []error, err error) {
	rets = make([]lua.LValue, len(args))
	errs = make([]error, len(args))
	done := 0 // calls finished before a fault
	err = s.exec(ctx, stream, func(L *lua.LState, cc *callCtx) error {
		top := L.GetTop()
		for i, a := range args {
			done = i
			L.Push(fn)
			L.Push(a)
			if perr := L.PCall(1, 1, nil); perr != nil {
				if cc.getFault() != nil || cc.expired() != nil {
					return perr // sticky: the batch ends here
				}
				errs[i] = s.classify(perr, cc)
				L.SetTop(top)
				continue
			}
			rets[i] = L.Get(-1)
			L.SetTop(top)
		}
		done = len(args)
		return nil
	})
	if err != nil {
		for i := done; i < len(args); i++ {
			rets[i], errs[i] = nil, err
		}
		return rets, errs, err
	}
	return rets, errs, nil
}

// MethodEach is CallEach with the function stored in field name of table
// t (typically the manifest's formatters), as Method finds it.
func (s *Sandbox) MethodEach(ctx context.Context, stream dice.Stream, t lua.LValue, name string, args []lua.LValue) ([]lua.LValue, []error, error) {
	fn, err := s.method(t, name)
	if err != nil {
		return nil, nil, err
	}
	return s.CallEach(ctx, stream, fn, args)
}
