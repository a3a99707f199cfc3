package drawtree

import (
	"errors"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/dice"
)

func probs(r Result) map[string]float64 {
	m := map[string]float64{}
	for _, o := range r.Outcomes {
		m[o.Key] += o.P
	}
	return m
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s: %.15g, want %.15g", what, got, want)
	}
}

// TestTwoDiceSum: 2d6 drawn one die at a time: 36 leaves, the triangle.
func TestTwoDiceSum(t *testing.T) {
	r, err := Exact(func(s dice.Stream) (string, error) {
		return strconv.Itoa(s.Roll(6) + s.Roll(6)), nil
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Leaves != 36 || r.Neglected != 0 || r.Pools {
		t.Fatalf("%+v", r)
	}
	p := probs(r)
	for sum := 2; sum <= 12; sum++ {
		near(t, strconv.Itoa(sum), p[strconv.Itoa(sum)], float64(6-abs(sum-7))/36, 1e-15)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// binom is C(n, k)·p^k·(1-p)^(n-k).
func binom(n, k int, p float64) float64 {
	c := 1.0
	for i := 0; i < k; i++ {
		c = c * float64(n-i) / float64(i+1)
	}
	return c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
}

func successes(faces []int, target int) int {
	n := 0
	for _, f := range faces {
		if f >= target {
			n++
		}
	}
	return n
}

// TestPoolAsMultiset: one pool of 5d10 counting faces at 7 or more is
// walked as C(14,5) = 2002 multisets, not 10^5 throws, and gives the
// binomial.
func TestPoolAsMultiset(t *testing.T) {
	r, err := Exact(func(s dice.Stream) (string, error) {
		return strconv.Itoa(successes(dice.RollPool(s, nil, 5, 10), 7)), nil
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Pools || r.Leaves != 2002 {
		t.Fatalf("pools %t, %d leaves", r.Pools, r.Leaves)
	}
	p := probs(r)
	for k := 0; k <= 5; k++ {
		near(t, strconv.Itoa(k), p[strconv.Itoa(k)], binom(5, k, 0.4), 1e-14)
	}
}

// TestOpposedPools: 3d6 against 3d6, success on 5+, net successes: the
// exact chance of each side by the icepool-style sum over both binomials.
func TestOpposedPools(t *testing.T) {
	r, err := Exact(func(s dice.Stream) (string, error) {
		a := successes(dice.RollPool(s, nil, 3, 6), 5)
		b := successes(dice.RollPool(s, nil, 3, 6), 5)
		switch {
		case a > b:
			return "attacker", nil
		case b > a:
			return "defender", nil
		}
		return "tie", nil
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{}
	for a := 0; a <= 3; a++ {
		for b := 0; b <= 3; b++ {
			w := binom(3, a, 1.0/3) * binom(3, b, 1.0/3)
			switch {
			case a > b:
				want["attacker"] += w
			case b > a:
				want["defender"] += w
			default:
				want["tie"] += w
			}
		}
	}
	p := probs(r)
	for k, w := range want {
		near(t, k, p[k], w, 1e-14)
	}
	if r.Leaves != 56*56 {
		t.Errorf("%d leaves, want 56·56", r.Leaves)
	}
}

// TestOrderMattersNoMerge: a pool whose first die is read apart is not
// walked as multisets (its order changes the outcome), and is still exact.
func TestOrderMattersNoMerge(t *testing.T) {
	r, err := Exact(func(s dice.Stream) (string, error) {
		f := dice.RollPool(s, nil, 3, 6)
		return strconv.FormatBool(f[0] == 6), nil
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Pools || r.Leaves != 216 {
		t.Fatalf("pools %t, %d leaves", r.Pools, r.Leaves)
	}
	near(t, "first is 6", probs(r)["true"], 1.0/6, 1e-15)
}

// TestExplodingChainCut: a d6 that explodes on a 6 with no limit is cut
// where a path's chance falls below the cut; what is left out is stated
// and below NeglectBound, and the rest is exact.
func TestExplodingChainCut(t *testing.T) {
	r, err := Exact(func(s dice.Stream) (string, error) {
		total := 0
		for {
			f := s.Roll(6)
			total += f
			if f < 6 {
				break
			}
			if h, ok := s.(dice.Halter); ok && h.Halted() {
				return "", errors.New("halted")
			}
		}
		if total > 12 {
			return "over 12", nil
		}
		return strconv.Itoa(total), nil
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Neglected <= 0 || r.Neglected >= NeglectBound {
		t.Fatalf("neglected %g", r.Neglected)
	}
	p := probs(r)
	near(t, "3", p["3"], 1.0/6, 1e-15)
	near(t, "9", p["9"], 1.0/36, 1e-15)
	near(t, "over 12", p["over 12"], 1.0/36-r.Neglected, 1e-15)
	sum := r.Neglected
	for _, q := range p {
		sum += q
	}
	near(t, "total", sum, 1, 1e-14)
}

// TestTooBig: ten d10 thrown one by one is 10^10 leaves: not walked.
func TestTooBig(t *testing.T) {
	calls := 0
	_, err := Exact(func(s dice.Stream) (string, error) {
		calls++
		n := 0
		for i := 0; i < 10; i++ {
			n += s.Roll(10)
		}
		return strconv.Itoa(n), nil
	}, Options{})
	var big *TooBigError
	if !errors.As(err, &big) || big.Leaves < 1e9 {
		t.Fatalf("%v", err)
	}
	// the probes, and the search for face classes, which gives up after
	// one throw (the sum tells every face of the first die apart: 1+10)
	if calls > 3*DefaultProbes+11 {
		t.Errorf("%d replays before giving up", calls)
	}
}

// TestNondeterministic: a mechanic whose draws do not follow from its
// faces is refused.
func TestNondeterministic(t *testing.T) {
	n := 0
	_, err := Exact(func(s dice.Stream) (string, error) {
		n++
		sides := 6
		if n%3 == 0 {
			sides = 8
		}
		return strconv.Itoa(s.Roll(sides)), nil
	}, Options{Probes: 1})
	if !errors.Is(err, ErrNondeterministic) {
		t.Fatalf("%v", err)
	}
}

// TestDeadlineDuringProbes: a mechanic slower than the deadline is given
// up while probing, not after every probe.
func TestDeadlineDuringProbes(t *testing.T) {
	calls := 0
	_, err := Exact(func(s dice.Stream) (string, error) {
		calls++
		return strconv.Itoa(s.Roll(6)), nil
	}, Options{Deadline: time.Now().Add(-time.Second)})
	var big *TooBigError
	if !errors.As(err, &big) || calls > 1 {
		t.Fatalf("%v after %d replays", err, calls)
	}
}
