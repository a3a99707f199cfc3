package sandbox

import (
	"context"
	"testing"
)

// TestTypeAllocatesNothing: the sandbox's type() answers as gopher-lua's
// does, for every kind of value, without boxing a new string per call.
func TestTypeAllocatesNothing(t *testing.T) {
	s, _ := load(t, Options{Name: "type"}, `return { kinds = function(u)
  return type(nil), type(true), type(1), type("s"), type(print), type(u), type({}), type(setmetatable({}, {}))
end, many = function(v) local n = 0 for i = 1, 1000 do if type(v) == "table" then n = n + 1 end end return n end }`)
	defer s.Close()
	ud := s.L().NewUserData()
	rets, err := s.Method(context.Background(), nil, s.Manifest(), "kinds", ud)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"nil", "boolean", "number", "string", "function", "userdata", "table", "table"}
	for i, w := range want {
		if rets[i].String() != w {
			t.Errorf("type %d: %v, want %s", i, rets[i], w)
		}
	}
	arg := s.L().NewTable()
	per := testing.AllocsPerRun(5, func() {
		if _, err := s.Method(context.Background(), nil, s.Manifest(), "many", arg); err != nil {
			t.Fatal(err)
		}
	})
	if per > 300 { // the call's own (and its loop's numbers); a box per type() is 1,000 more
		t.Errorf("%v allocations for 1,000 type() calls", per)
	}
}
