package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// TestCallReusesItsContext: a call allocates only its results (one
// slice) and what the plugin does; the call's context (140 bytes) is the
// sandbox's own, reset for each call, and a fault or an error of one
// call does not follow the state into the next.
func TestCallReusesItsContext(t *testing.T) {
	s, m := load(t, Options{Name: "small"}, smallPlugin)
	fn := m.(*lua.LTable).RawGetString("add")
	ctx := context.Background()
	if n := testing.AllocsPerRun(200, func() {
		if _, err := s.Call(ctx, nil, fn, lua.LNumber(1), lua.LNumber(2)); err != nil {
			t.Fatal(err)
		}
	}); n > 1 {
		t.Errorf("a call allocates %v times; want 1 (its results)", n)
	}
	// an error the plugin raises ends its call only
	bad, err := s.l.LoadString(`error("once")`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Call(ctx, nil, bad); !errors.Is(err, ErrRuntime) {
		t.Fatalf("want a runtime error, got %v", err)
	}
	rets, err := s.Call(ctx, nil, fn, lua.LNumber(2), lua.LNumber(3))
	if err != nil || len(rets) != 1 || rets[0] != lua.LNumber(5) {
		t.Fatalf("the call after an error: %v, %v", rets, err)
	}
	// a deadline fault is the call's: a new sandbox of the same options
	// reusing nothing, and this one refuses to run again
	slow, err := s.l.LoadString(`while true do end`)
	if err != nil {
		t.Fatal(err)
	}
	dctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := s.Call(dctx, nil, slow); !errors.Is(err, ErrTimeout) {
		t.Fatalf("want a timeout, got %v", err)
	}
	if _, err := s.Call(ctx, nil, fn, lua.LNumber(1), lua.LNumber(1)); !errors.Is(err, ErrInternal) {
		t.Fatalf("a faulted sandbox ran again: %v", err)
	}
}
