package bridge

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host/sandbox"
)

// objRef is the Go side of a validation object: one JSON object of the
// ruleset being imported, where it sits (for JSON pointers), the
// validator (vocabulary, problems) and the resolution being built.
type objRef struct {
	v   *ruleset.Validator
	o   validate.Obj
	res *ruleset.Resolution
	gen uint64 // the call it belongs to (see State.live)
}

// Validation builds the validation object a kind's validate function
// receives for the resolution object o. Every problem it reports lands in
// the import's problem list with its JSON pointer, exactly as a native
// kind's would.
func (st *State) Validation(v *ruleset.Validator, o validate.Obj, res *ruleset.Resolution) lua.LValue {
	return st.obj(&objRef{v: v, o: o, res: res})
}

func (st *State) obj(r *objRef) lua.LValue {
	r.gen = st.gen
	ud := st.sb.L().NewUserData()
	ud.Value = r
	ud.Metatable = st.objMT
	return ud
}

// pushChild answers object and objectAt: the child validation object,
// reporting to the same validator and resolution as its parent, or nil
// and false when the value is not an object (already reported).
func (st *State) pushChild(L *lua.LState, parent *objRef, child validate.Obj, ok bool) int {
	if !ok {
		return pushOK(L, lua.LNil, false)
	}
	return pushOK(L, st.obj(&objRef{v: parent.v, o: child, res: parent.res}), true)
}

// guarded wraps the validation object's methods so that whatever problems
// a call reports, through problem and problemAt or through the engine's
// checks naming keys and allowed values the plugin passed (int, enum,
// require, ...), pass through the plugin-text sanitizer (sandbox.Clean)
// and the per-call cap: the first sandbox.MaxProblems are kept, then one
// "more problems" line, so a validate function calling problem 200,000
// times prints 21 lines, and none of them can start a line of its own.
func guarded(fns map[string]func(*State, *lua.LState) int) map[string]func(*State, *lua.LState) int {
	out := make(map[string]func(*State, *lua.LState) int, len(fns))
	for name, fn := range fns {
		out[name] = func(st *State, L *lua.LState) int {
			r := st.checkObj(L)
			before := r.v.P.Len()
			defer st.settleProblems(r, before) // also when fn raises
			return fn(st, L)
		}
	}
	return out
}

// settleProblems sanitizes the problems added since before and keeps the
// call within its problem budget.
func (st *State) settleProblems(r *objRef, before int) {
	p := r.v.P
	if len(p.List) < before {
		return
	}
	added := p.List[before:]
	room := sandbox.MaxProblems - st.problems
	if room < 0 {
		room = 0
	}
	if len(added) > room {
		for i := room; i < len(added); i++ {
			added[i] = validate.Problem{} // drop references to long messages
		}
		p.List = p.List[:before+room]
		if st.problems+len(added) > sandbox.MaxProblems && !st.problemsCut {
			st.problemsCut = true
			r.o.Addf("", "the plugin reported more than %d problems; the rest are left out", sandbox.MaxProblems)
		}
		added = p.List[before : before+room]
	}
	st.problems += len(added)
	for i := range added {
		added[i].Pointer = sandbox.Clean(added[i].Pointer, 256, sandbox.Line)
		added[i].Message = sandbox.Clean(added[i].Message, sandbox.MaxNoteLen, sandbox.Line)
	}
}

// cleanKey is a key a plugin names in a problem, fit for a JSON pointer
// shown to the GM: sanitized and short.
func cleanKey(key string) string {
	return sandbox.Clean(key, 128, sandbox.Line)
}

func (st *State) checkObj(L *lua.LState) *objRef {
	ud := L.CheckUserData(1)
	r, ok := ud.Value.(*objRef)
	if !ok {
		L.ArgError(1, "want a validation object (call methods with a colon: o:int(\"count\", 1, 10, 1))")
	}
	st.live(L, r.gen)
	return r
}

// strings reads string arguments from position i on, or one table of them.
func stringArgs(L *lua.LState, i int) []string {
	var out []string
	if t, ok := L.Get(i).(*lua.LTable); ok {
		raw, err := sandbox.FromLuaBounded(t, maxArgItems, maxArgBytes)
		if err != nil {
			L.ArgError(i, err.Error())
		}
		list, _ := raw.([]any)
		for _, x := range list {
			s, ok := x.(string)
			if !ok {
				L.ArgError(i, "want a list of strings")
			}
			out = append(out, s)
		}
		return out
	}
	bytes := 0
	for ; i <= L.GetTop(); i++ {
		s := L.CheckString(i)
		bytes += len(s)
		if len(out) >= maxArgItems || bytes > maxArgBytes {
			L.ArgError(i, fmt.Sprintf("at most %d strings of %d bytes in all", maxArgItems, maxArgBytes))
		}
		out = append(out, s)
	}
	return out
}

func pushOK(L *lua.LState, v lua.LValue, ok bool) int {
	L.Push(v)
	L.Push(lua.LBool(ok))
	return 2
}

// index reads a 1-based array index argument and returns it 0-based.
func index(L *lua.LState, i int) int {
	n := L.CheckInt(i)
	if n < 1 {
		L.ArgError(i, "indexes start at 1")
	}
	return n - 1
}

// elem returns the i-th (0-based) element of the array at key, if any.
func (r *objRef) elem(key string, i int) (any, bool) {
	arr, ok := r.o.M[key].([]any)
	if !ok || i >= len(arr) {
		return nil, false
	}
	return arr[i], true
}

var objMethods = map[string]func(*State, *lua.LState) int{
	"has": func(st *State, L *lua.LState) int {
		L.Push(lua.LBool(st.checkObj(L).o.Has(L.CheckString(2))))
		return 1
	},
	// get returns a plain copy of the value at key (nil when absent).
	"get": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		v, err := sandbox.ToLua(L, r.o.M[L.CheckString(2)])
		if err != nil {
			L.RaiseError("%s", err.Error())
		}
		L.Push(v)
		return 1
	},
	"int": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		n, ok := r.o.Int(L.CheckString(2), L.CheckInt(3), L.CheckInt(4), L.OptInt(5, 0))
		return pushOK(L, lua.LNumber(n), ok)
	},
	"number": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		f, ok := r.o.Float(L.CheckString(2), float64(L.CheckNumber(3)), float64(L.CheckNumber(4)), float64(L.OptNumber(5, 0)))
		return pushOK(L, lua.LNumber(f), ok)
	},
	"bool": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		b, ok := r.o.Bool(L.CheckString(2), L.OptBool(3, false))
		return pushOK(L, lua.LBool(b), ok)
	},
	"str": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		s, ok := r.o.Str(L.CheckString(2), L.OptInt(3, 0), L.OptBool(4, false))
		return pushOK(L, lua.LString(s), ok)
	},
	// enum(key, default, allowed...) or enum(key, default, {allowed})
	"enum": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		key, def := L.CheckString(2), L.OptString(3, "")
		s, ok := r.o.Enum(key, def, stringArgs(L, 4)...)
		return pushOK(L, lua.LString(s), ok)
	},
	// array(key, min, max) returns the array (a plain copy) and whether it
	// is present with a length in [min, max].
	"array": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		arr, ok := r.o.Arr(L.CheckString(2), L.CheckInt(3), L.CheckInt(4))
		if arr == nil {
			return pushOK(L, lua.LNil, false)
		}
		v, err := sandbox.ToLua(L, arr)
		if err != nil {
			L.RaiseError("%s", err.Error())
		}
		return pushOK(L, v, ok)
	},
	"object": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		key := L.CheckString(2)
		if !r.o.Has(key) {
			return pushOK(L, lua.LNil, false)
		}
		child, ok := r.o.Object(key)
		return st.pushChild(L, r, child, ok)
	},
	// objectAt(key, i) is the i-th (1-based) entry of the array at key,
	// read as an object.
	"objectAt": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		key, i := L.CheckString(2), index(L, 3)
		raw, present := r.elem(key, i)
		if !present {
			return pushOK(L, lua.LNil, false)
		}
		child, ok := validate.AsObj(r.v.P, r.o.Ptr(key, i), raw)
		return st.pushChild(L, r, child, ok)
	},
	// intAt(key, i, min, max, default) reads the i-th (1-based) entry of
	// the array at key as an integer.
	"intAt": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		key, i := L.CheckString(2), index(L, 3)
		lo, hi, def := L.CheckInt(4), L.CheckInt(5), L.OptInt(6, 0)
		raw, present := r.elem(key, i)
		if !present {
			return pushOK(L, lua.LNumber(def), false)
		}
		n, ok := validate.IntAt(r.v.P, r.o.Ptr(key, i), raw, lo, hi, def)
		return pushOK(L, lua.LNumber(n), ok)
	},
	// known(keys...) reports every key of this object not in the list.
	// Not needed on the resolution object itself: the host checks it
	// against the shared keys and the kind's keys.
	"known": func(st *State, L *lua.LState) int {
		st.checkObj(L).o.Known(stringArgs(L, 2)...)
		return 0
	},
	"require": func(st *State, L *lua.LState) int {
		L.Push(lua.LBool(st.checkObj(L).o.Require(stringArgs(L, 2)...)))
		return 1
	},
	// problem(key, message) reports a problem at key ("" or nil: at the
	// object itself). Say what is wrong and what is allowed.
	"problem": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		key, msg := L.OptString(2, ""), L.CheckString(3)
		if st.problems < sandbox.MaxProblems { // past it, not even formatted
			r.o.Addf(cleanKey(key), "%s", sandbox.Clean(msg, sandbox.MaxNoteLen, sandbox.Line))
		} else {
			r.o.Addf("", "")
		}
		return 0
	},
	// problemAt(key, i, message) reports a problem at the i-th (1-based)
	// entry of the array at key.
	"problemAt": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		key, i, msg := L.CheckString(2), index(L, 3), L.CheckString(4)
		if st.problems < sandbox.MaxProblems { // past it, not even formatted
			r.v.P.Addf(r.o.Ptr(cleanKey(key), i), "%s", sandbox.Clean(msg, sandbox.MaxNoteLen, sandbox.Line))
		} else {
			r.v.P.Addf("", "")
		}
		return 0
	},
	"pointer": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		key := L.OptString(2, "")
		if key == "" {
			L.Push(lua.LString(r.o.At))
			return 1
		}
		L.Push(lua.LString(r.o.Ptr(key)))
		return 1
	},
	// outcomes{by = {"margin", "total"}, singleDie = true, naturalsNone =
	// true, shiftAllowed = true} validates resolution.outcomes with the
	// engine's rules and records the bands for the check. Returns whether
	// the resolution declares bands.
	"outcomes": func(st *State, L *lua.LState) int {
		r := st.checkObj(L)
		if r.res == nil {
			L.RaiseError("outcomes can only be read on the resolution object")
		}
		rules := ruleset.OutcomeRules{By: []string{"margin", "total"}}
		if t, ok := L.Get(2).(*lua.LTable); ok {
			raw, err := sandbox.FromLuaBounded(t, maxArgItems, maxArgBytes)
			if err != nil {
				L.ArgError(2, err.Error())
			}
			m, _ := raw.(map[string]any)
			if by, ok := m["by"].([]any); ok && len(by) > 0 {
				rules.By = nil
				for _, b := range by {
					s, ok := b.(string)
					if !ok {
						L.ArgError(2, "by: want a list of strings")
					}
					rules.By = append(rules.By, s)
				}
			}
			rules.SingleDie, _ = m["singleDie"].(bool)
			rules.NaturalsNone, _ = m["naturalsNone"].(bool)
			rules.ShiftAllowed, _ = m["shiftAllowed"].(bool)
		}
		r.res.Outcomes = r.v.Outcomes(r.o, rules)
		L.Push(lua.LBool(r.res.Outcomes != nil))
		return 1
	},
	"hasAbility": func(st *State, L *lua.LState) int {
		L.Push(lua.LBool(st.checkObj(L).v.HasAbility(L.CheckString(2))))
		return 1
	},
	"hasSkill": func(st *State, L *lua.LState) int {
		L.Push(lua.LBool(st.checkObj(L).v.HasSkill(L.CheckString(2))))
		return 1
	},
	"hasSave": func(st *State, L *lua.LState) int {
		L.Push(lua.LBool(st.checkObj(L).v.HasSave(L.CheckString(2))))
		return 1
	},
	"hasPool": func(st *State, L *lua.LState) int {
		L.Push(lua.LBool(st.checkObj(L).v.HasPool(L.CheckString(2))))
		return 1
	},
}
