package main

import (
	"math"
	"testing"
	"time"
)

// TestSummarize holds the statistics to hand-computed values: the
// median, the quartiles (interpolated) and the order-statistic interval.
func TestSummarize(t *testing.T) {
	var xs []float64
	for i := 100; i >= 0; i-- { // 0..100, unsorted
		xs = append(xs, float64(i))
	}
	s := summarize(xs)
	// n = 101: k = floor((101 - 1.96*sqrt(101)) / 2) = 40
	if s.median != 50 || s.lo != 40 || s.hi != 60 || s.q1 != 25 || s.q3 != 75 || s.n != 101 {
		t.Fatalf("summarize(0..100) = %+v", s)
	}
	if xs[0] != 100 {
		t.Fatal("summarize sorted its argument in place")
	}
	s = summarize([]float64{3, 1, 2})
	if s.median != 2 || s.lo != 1 || s.hi != 3 {
		t.Fatalf("three rounds: %+v, want the whole range", s)
	}
	if q := quantile([]float64{1, 2, 3, 4}, 0.5); q != 2.5 {
		t.Fatalf("median of 1..4 = %v, want 2.5", q)
	}
	if s := summarize(nil); s.n != 0 || s.median != 0 {
		t.Fatalf("no rounds: %+v", s)
	}
}

// TestVerdict: met only when the whole interval is within the goal, not
// met only when none of it is.
func TestVerdict(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{8, 9.9, "met"}, {8, 10, "met"}, {9, 11, "undecided"}, {10.1, 12, "not met"},
	} {
		if got := verdict(summary{lo: c.lo, hi: c.hi}, 10); got != c.want {
			t.Errorf("verdict(%v-%v, 10) = %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
	inv := invert([]float64{0.5, 0.25})
	if inv[0] != 2 || inv[1] != 4 {
		t.Fatalf("invert = %v", inv)
	}
}

// fakeClock makes the harness deterministic: each side's operation
// advances the clock by its own cost, so every round's ratio is known.
type fakeClock struct {
	t     int64
	order []byte // which side ran, one letter per batch
}

func (c *fakeClock) side(name byte, cost int64) func(int) int {
	return func(i int) int {
		if i == 0 { // a batch starts
			c.order = append(c.order, name)
		}
		c.t += cost
		return 1
	}
}

// TestMeasureRounds runs measure on a clock that only the work advances:
// the rulehost side costs 3, the peer 1, so every round's ratio is
// exactly 1/3 and the medians are the costs; the rounds alternate which
// side goes first, and the warm rounds are not counted.
func TestMeasureRounds(t *testing.T) {
	saveNow, saveMode, saveCollect := now, gcMode, collect
	defer func() { now, gcMode, collect = saveNow, saveMode, saveCollect }()
	c := &fakeClock{}
	now = func() int64 { return c.t }
	gcMode, collect = "natural", func() {}
	p := pair{name: "fake", rulehost: c.side('r', 3), peer: c.side('p', 1)}
	r := measure(p, 5, time.Duration(3000))
	if len(r.ratios) != 5 {
		t.Fatalf("%d ratios, want 5", len(r.ratios))
	}
	for i, x := range r.ratios {
		if math.Abs(x-1.0/3) > 1e-12 {
			t.Errorf("round %d: ratio %v, want 1/3", i, x)
		}
	}
	if r.rh != 3 || r.peer != 1 {
		t.Errorf("medians %v and %v ns/op, want 3 and 1", r.rh, r.peer)
	}
	// after calibration, the rounds from the first warm one (-2, -1,
	// then 0, 1, 2) alternate who goes first: r p, p r, r p, p r, r p;
	// then allocsPerOp runs each side (a call, then its loop)
	c.order = nil
	measure(p, 3, time.Duration(3000))
	want := "rp" + "pr" + "rp" + "pr" + "rp" + "rrpp"
	if got := string(c.order); len(got) < len(want) || got[len(got)-len(want):] != want {
		t.Errorf("batch order %q, want it to end %q", got, want)
	}
}

// TestSameWorkIsEven times one piece of work against itself with the real
// clock and collector: the median ratio must be near 1 (it is a ratio of
// equals; the bounds are generous for a loaded machine under -race).
func TestSameWorkIsEven(t *testing.T) {
	if testing.Short() {
		t.Skip("times real work")
	}
	f := func(i int) int {
		b := make([]byte, 64+i%64) // allocates, so the collector is charged
		return len(b)
	}
	r := measure(pair{name: "same", rulehost: f, peer: f}, 21, 2*time.Millisecond)
	s := summarize(r.ratios)
	if s.median < 0.5 || s.median > 2 {
		t.Fatalf("the same work against itself: median ratio %.2f (CI %.2f-%.2f), want about 1", s.median, s.lo, s.hi)
	}
	if r.rhBytes < 64 || r.peerBytes < 64 {
		t.Fatalf("bytes per op %v and %v, want at least 64", r.rhBytes, r.peerBytes)
	}
}
