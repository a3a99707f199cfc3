package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/rulehost/rulehost/internal/loadslack"
	lua "github.com/yuin/gopher-lua"
)

// TestSortChecksTheDeadline: table.sort of a long list runs inside one VM
// instruction; it checks the deadline as it goes, so a sort that cannot
// finish in time ends at the deadline (plus a few comparisons, and more
// slack on a loaded machine: loadslack). The small sort must succeed, so it
// gets a generous deadline.
func TestSortChecksTheDeadline(t *testing.T) {
	s, err := New(Options{Name: "sort", Deadline: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fn, err := s.Load("sort.lua", `return function()
		local u = {5, 3, 4, 1, 2} table.sort(u)
		local v = {"b", "c", "a"} table.sort(v, function(a, b) return a > b end)
		return table.concat(u, ",") .. ";" .. table.concat(v, ",")
	end`)
	if err != nil {
		t.Fatal(err)
	}
	rets, err := s.Call(context.Background(), nil, fn)
	if err != nil || rets[0].String() != "1,2,3,4,5;c,b,a" {
		t.Fatalf("sort: %v %v", rets, err)
	}
	start := time.Now()
	_, err = s.Call(context.Background(), nil, fn)
	if err != nil || time.Since(start) > 30*time.Millisecond {
		t.Logf("a small sort took %v (%v)", time.Since(start), err)
	}
	// Loading gets a generous deadline (on a loaded machine a 30 ms Load
	// can wait that long for a CPU); the sort's call alone is cut at 30 ms.
	s2, err := New(Options{Name: "sort", Deadline: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	table := func(s *Sandbox) *lua.LTable {
		big := s.L().CreateTable(1_000_000, 0)
		for i := 0; i < 1_000_000; i++ {
			big.RawSetInt(i+1, luaNumber((i*7919)%1_000_003))
		}
		return big
	}
	sorter, err := s2.Load("sorter.lua", `return function(t) table.sort(t) return t[1] end`)
	if err != nil {
		t.Fatal(err)
	}
	cut := table(s2)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, cutErr := s2.Call(ctx, nil, sorter, cut)
	took := time.Since(start)
	// The same sort uncut, at once, on the same machine: a sort that did
	// not look at its deadline would take about as long as this one, so
	// half of it stays a sound bound however loaded the machine is (a
	// fixed slack alone failed about one run in four at load 6 a CPU).
	s3, err := New(Options{Name: "sort", Deadline: 10 * time.Second}) // s2 is spent by its timeout
	if err != nil {
		t.Fatal(err)
	}
	defer s3.Close()
	sorter3, err := s3.Load("sorter.lua", `return function(t) table.sort(t) return t[1] end`)
	if err != nil {
		t.Fatal(err)
	}
	whole3 := table(s3)
	start = time.Now()
	if _, err := s3.Call(context.Background(), nil, sorter3, whole3); err != nil {
		t.Fatalf("the uncut sort: %v", err)
	}
	whole := time.Since(start)
	limit := max(30*time.Millisecond+loadslack.Slack(t, 100*time.Millisecond), whole/2)
	if !errors.Is(cutErr, ErrTimeout) || took > limit {
		t.Errorf("a long sort cut at 30 ms: %v after %v (the whole sort takes %v; limit %v)", cutErr, took, whole, limit)
	}
}
