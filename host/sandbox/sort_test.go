package sandbox

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/rulehost/rulehost/internal/loadslack"
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
	big := s2.L().CreateTable(1_000_000, 0)
	for i := 0; i < 1_000_000; i++ {
		big.RawSetInt(i+1, luaNumber((i*7919)%1_000_003))
	}
	sorter, err := s2.Load("sorter.lua", `return function(t) table.sort(t) return t[1] end`)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, err = s2.Call(ctx, nil, sorter, big)
	slack := loadslack.Slack(t, 100*time.Millisecond)
	if took := time.Since(start); !errors.Is(err, ErrTimeout) || took > 30*time.Millisecond+slack {
		t.Errorf("a long sort: %v after %v", err, took)
	}
}
