package sandbox

import (
	"context"
	"errors"
	"math/rand"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

const eachPlugin = `
local M = {}
function M.item(x)
  if x == "error" then error("item broke") end
  if x == "loop" then while true do end end
  if x == "forbidden" then return os.time() end
  if x == "none" then return end
  return "<" .. x .. ">"
end
return M
`

func strs(list ...string) []lua.LValue {
	out := make([]lua.LValue, len(list))
	for i, s := range list {
		out[i] = lua.LString(s)
	}
	return out
}

// TestCallEach: each argument gets its own result; an ordinary error
// fails only its own, with its position; the sandbox stays usable.
func TestCallEach(t *testing.T) {
	s, m := load(t, Options{Deadline: 5 * time.Second}, eachPlugin)
	defer s.Close()
	rets, errs, err := s.MethodEach(context.Background(), nil, m, "item", strs("a", "error", "none", "b"))
	if err != nil {
		t.Fatal(err)
	}
	want := []lua.LValue{lua.LString("<a>"), nil, lua.LNil, lua.LString("<b>")}
	for i := range want {
		if rets[i] != want[i] {
			t.Errorf("%d: %v, want %v", i, rets[i], want[i])
		}
	}
	var se *Error
	if !errors.As(errs[1], &se) || !errors.Is(se, ErrRuntime) || se.Line != 4 || !strings.Contains(se.Msg, "item broke") {
		t.Errorf("error of item 1: %#v", errs[1])
	}
	for _, i := range []int{0, 2, 3} {
		if errs[i] != nil {
			t.Errorf("%d: %v", i, errs[i])
		}
	}
	if s.Faulted() || s.L().GetTop() != 0 {
		t.Errorf("faulted %v, stack %d", s.Faulted(), s.L().GetTop())
	}
	if r := call(t, s, nil, "item", lua.LString("c")); r[0] != lua.LString("<c>") {
		t.Errorf("after the batch: %v", r)
	}
}

// TestCallEachFault: a fault ends the batch (one deadline for all) and
// faults the sandbox, as a Call's would.
func TestCallEachFault(t *testing.T) {
	for _, c := range []struct {
		arg  string
		kind error
	}{{"loop", ErrTimeout}, {"forbidden", ErrForbidden}} {
		s, m := load(t, Options{Deadline: 100 * time.Millisecond}, eachPlugin)
		rets, errs, err := s.MethodEach(context.Background(), nil, m, "item", strs("a", c.arg, "b"))
		if !errors.Is(err, c.kind) || !s.Faulted() {
			t.Errorf("%s: %v (faulted %v), want %v", c.arg, err, s.Faulted(), c.kind)
		}
		// issue 27: the call before the fault keeps its result; the fault
		// is the error of the call it struck and of those after
		if len(rets) != 3 || rets[0] != lua.LString("<a>") || errs[0] != nil || errs[1] != err || errs[2] != err || rets[1] != nil || rets[2] != nil {
			t.Errorf("%s: results %v errors %v", c.arg, rets, errs)
		}
		s.Close()
	}
	s, m := load(t, Options{}, eachPlugin)
	defer s.Close()
	if _, _, err := s.MethodEach(context.Background(), nil, m, "missing", strs("a")); !errors.Is(err, ErrRuntime) {
		t.Errorf("missing hook: %v", err)
	}
}

// TestGsubPlain: a literal pattern replaced by a string without % (the
// strings.Index path) gives what the matcher gives (a function
// replacement takes the matcher), count and limit included.
func TestGsubPlain(t *testing.T) {
	s, m := load(t, Options{MaxStringLen: 1 << 12}, `
local M = {}
function M.fast(s, p, r, n) return string.gsub(s, p, r, n) end
function M.slow(s, p, r, n) return string.gsub(s, p, function() return r end, n) end
function M.bomb() return string.gsub(string.rep("x", 2^10), "x", "xxxxxxxx") end
return M
`)
	defer s.Close()
	rng := rand.New(rand.NewSource(1))
	alphabet := "ab<&> \n"
	word := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteByte(alphabet[rng.Intn(len(alphabet))])
		}
		return b.String()
	}
	cases := [][4]lua.LValue{
		{lua.LString("a&b<c>"), lua.LString("&"), lua.LString("&amp;"), lua.LNil},
		{lua.LString("aaa"), lua.LString("aa"), lua.LString("b"), lua.LNil},
		{lua.LString(""), lua.LString("a"), lua.LString("b"), lua.LNil},
		{lua.LString("abab"), lua.LString("ab"), lua.LString(""), lua.LNumber(1)},
		{lua.LString("abab"), lua.LString("ab"), lua.LString("x"), lua.LNumber(0)},
		{lua.LString("abab"), lua.LString("ab"), lua.LString("x"), lua.LNumber(-1)},
	}
	for i := 0; i < 300; i++ {
		cases = append(cases, [4]lua.LValue{lua.LString(word(rng.Intn(30))), lua.LString(word(1 + rng.Intn(2))), lua.LString(word(rng.Intn(4))), lua.LNil})
	}
	for _, c := range cases {
		args := c[:3]
		if c[3] != lua.LNil {
			args = c[:]
		}
		fast := call(t, s, nil, "fast", args...)
		slow := call(t, s, nil, "slow", args...)
		if fast[0] != slow[0] || fast[1] != slow[1] {
			t.Errorf("gsub(%q, %q, %q, %v): %q %v, the matcher %q %v", c[0], c[1], c[2], c[3], fast[0], fast[1], slow[0], slow[1])
		}
	}
	if _, err := s.Method(context.Background(), nil, m, "bomb"); !errors.Is(err, ErrMemory) {
		t.Errorf("bomb: %v", err)
	}
}
