package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// budgetNeeded is the smallest MaxInstructions under which spin(n) runs
// to its end (a binary search; each try is a fresh sandbox).
func budgetNeeded(t *testing.T, n int) int64 {
	t.Helper()
	const src = `return { spin = function(n) local x = 0 for i = 1, n do x = x + i end return x end }`
	ok := func(budget int64) bool {
		s, _ := load(t, Options{Name: "p11", MaxInstructions: budget}, src)
		defer s.Close()
		_, err := s.Method(context.Background(), nil, s.Manifest(), "spin", lua.LNumber(n))
		if err != nil && !errors.Is(err, ErrBudget) {
			t.Fatalf("spin(%d) under %d: %v", n, budget, err)
		}
		return err == nil
	}
	lo, hi := int64(1), int64(1<<20)
	for lo < hi {
		mid := (lo + hi) / 2
		if ok(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// TestPatch11BudgetIsExact: gopher-lua patch 11 counts instructions in
// grants of up to 1,024 between Steps; the budget still stops a call at
// exactly the instruction past it: each iteration of the loop costs the
// same whether or not it crosses a grant's end.
func TestPatch11BudgetIsExact(t *testing.T) {
	base := budgetNeeded(t, 10)
	per := budgetNeeded(t, 11) - base
	if per < 1 {
		t.Fatalf("an iteration costs %d instructions", per)
	}
	for _, n := range []int{1020, 1023, 1024, 1025, 3000} {
		if got, want := budgetNeeded(t, n), base+int64(n-10)*per; got != want {
			t.Errorf("spin(%d) needs a budget of %d, want %d", n, got, want)
		}
	}
}

// TestPatch11StopIsSticky: a call stopped by its budget, or by its
// deadline (read by the stepper every grant and poked by the memory
// watcher), stays stopped however many pcalls try to swallow the error.
func TestPatch11StopIsSticky(t *testing.T) {
	const src = `return { swallow = function()
  while true do pcall(function() while true do end end) end
end }`
	for _, tc := range []struct {
		opts Options
		want error
	}{
		{Options{Name: "p11", MaxInstructions: 200000}, ErrBudget},
		{Options{Name: "p11", Deadline: 50 * time.Millisecond}, ErrTimeout},
	} {
		s, _ := load(t, tc.opts, src)
		began := time.Now()
		_, err := s.Method(context.Background(), nil, s.Manifest(), "swallow")
		if !errors.Is(err, tc.want) {
			t.Errorf("%v: %v, want %v", tc.want, err, tc.want)
		}
		if d := time.Since(began); d > 5*time.Second {
			t.Errorf("%v: stopped after %s", tc.want, d)
		}
		s.Close()
	}
	// a cancellable context: its cancellation is read at a Step
	s, _ := load(t, Options{Name: "p11", Deadline: time.Minute}, src)
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	if _, err := s.Method(ctx, nil, s.Manifest(), "swallow"); err == nil {
		t.Error("a cancelled call returned no error")
	}
}
