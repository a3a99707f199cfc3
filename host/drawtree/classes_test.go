package drawtree

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/dice"
)

// opposed5v5 is an opposed pool of a against d d10, success on 7+, ties
// to the defender (the bundled opposed-pool plugin's rule).
func opposed(s dice.Stream, a, d int) string {
	x := successes(dice.RollPool(s, nil, a, 10), 7)
	y := successes(dice.RollPool(s, nil, d, 10), 7)
	if x > y {
		return "attacker"
	}
	return "defender"
}

// attackerWins is the icepool-style sum over both binomials.
func attackerWins(a, d int, p float64) float64 {
	w := 0.0
	for x := 0; x <= a; x++ {
		for y := 0; y < x && y <= d; y++ {
			w += binom(a, x, p) * binom(d, y, p)
		}
	}
	return w
}

// TestOpposed5v5ByClasses: 5 against 5 d10 is C(14,5)² = 4,008,004
// multiset leaves, past the bound; the outcome reads each die only as
// below 7 or not, so it is walked as two classes of faces, 36 leaves,
// and is exact.
func TestOpposed5v5ByClasses(t *testing.T) {
	r, err := Exact(func(s dice.Stream) (string, error) { return opposed(s, 5, 5), nil }, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Pools || r.Leaves != 36 || !slices.Equal(r.Classes, []string{"d10: 1-6 7-10"}) {
		t.Fatalf("%+v", r)
	}
	p := probs(r)
	want := attackerWins(5, 5, 0.4)
	near(t, "attacker", p["attacker"], want, 1e-14)
	near(t, "defender", p["defender"], 1-want, 1e-14)
}

// TestClassesWithoutClassesFitting: a tree below ClassesAbove that fits
// is walked face by face (no classes), as before: 2 against 2 d10 is
// 55·55 multisets.
func TestClassesWithoutClassesFitting(t *testing.T) {
	r, err := Exact(func(s dice.Stream) (string, error) { return opposed(s, 2, 2), nil }, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Leaves != 55*55 || r.Classes != nil {
		t.Fatalf("%d leaves, classes %v", r.Leaves, r.Classes)
	}
	near(t, "attacker", probs(r)["attacker"], attackerWins(2, 2, 0.4), 1e-14)
}

// TestClassesAboveTheThreshold: 3 against 3 d10 (220·220 = 48,400
// multisets) fits, but is above ClassesAbove: walked by classes, 16
// leaves, the same odds.
func TestClassesAboveTheThreshold(t *testing.T) {
	r, err := Exact(func(s dice.Stream) (string, error) { return opposed(s, 3, 3), nil }, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Leaves != 16 || !slices.Equal(r.Classes, []string{"d10: 1-6 7-10"}) {
		t.Fatalf("%d leaves, classes %v", r.Leaves, r.Classes)
	}
	near(t, "attacker", probs(r)["attacker"], attackerWins(3, 3, 0.4), 1e-14)
}

// TestClassesNotForSingleDice: twelve d6 thrown one by one (6^12
// leaves) counting 5+ would merge to two classes, but single dice are
// always walked face by face (an open-ended d100's rare chains read its
// faces more finely than trying finds): too big, as before.
func TestClassesNotForSingleDice(t *testing.T) {
	_, err := Exact(func(s dice.Stream) (string, error) {
		n := 0
		for range 12 {
			if s.Roll(6) >= 5 {
				n++
			}
		}
		return strconv.Itoa(n), nil
	}, Options{})
	var big *TooBigError
	if !errors.As(err, &big) {
		t.Fatalf("%v", err)
	}
}

// TestClassesPoolWithSingleDie: a pool of 10d6 counting 5+ against a
// single d6 target die (the die read exactly: success when the successes
// exceed half its face) merges the pool's faces only: C(15,10)·6 = 18,018
// leaves face by face, 11·6 = 66 with classes, and the pool's classes
// are not applied to the single d6.
func TestClassesPoolWithSingleDie(t *testing.T) {
	run := func(s dice.Stream) (string, error) {
		n := successes(dice.RollPool(s, nil, 10, 6), 5)
		return strconv.FormatBool(2*n > s.Roll(6)), nil
	}
	r, err := Exact(run, Options{MaxLeaves: 2_000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Leaves != 66 || !slices.Equal(r.Classes, []string{"d6: 1-4 5-6"}) {
		t.Fatalf("%+v", r)
	}
	full, err := Exact(run, Options{FaceByFace: true})
	if err != nil || full.Classes != nil || full.Leaves != 3003*6 {
		t.Fatalf("%+v %v", full, err)
	}
	want := 0.0
	for k := 0; k <= 10; k++ {
		for f := 1; f <= 6; f++ {
			if 2*k > f {
				want += binom(10, k, 1.0/3) / 6
			}
		}
	}
	near(t, "true", probs(r)["true"], want, 1e-14)
	near(t, "true (face by face)", probs(full)["true"], want, 1e-14)
}

// TestClassesCornerCase: a rule read only when every die shows 10 (one
// throw in 10^8, which random throws never meet) still keeps 10 apart
// from 7..9: the search tries every die at the same face too.
func TestClassesCornerCase(t *testing.T) {
	r, err := Exact(func(s dice.Stream) (string, error) {
		mine := dice.RollPool(s, nil, 8, 10)
		theirs := dice.RollPool(s, nil, 8, 10)
		if successes(mine, 10) == 8 {
			return "crit", nil
		}
		if successes(mine, 7) > successes(theirs, 7) {
			return "attacker", nil
		}
		return "defender", nil
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Classes, []string{"d10: 1-6 7-9 10"}) {
		t.Fatalf("classes %v", r.Classes)
	}
	crit := math.Pow(0.1, 8)
	all8 := binom(8, 8, 0.4)
	p := probs(r)
	near(t, "crit", p["crit"], crit, 1e-20)
	near(t, "attacker", p["attacker"], attackerWins(8, 8, 0.4)-crit*(1-all8), 1e-14)
	near(t, "defender", p["defender"], 1-attackerWins(8, 8, 0.4)-crit*all8, 1e-14)
}

// TestClassesSumStaysTooBig: a sum of eight d10 tells every face apart:
// no classes, too big, and the search gave up after one throw.
func TestClassesSumStaysTooBig(t *testing.T) {
	calls := 0
	_, err := Exact(func(s dice.Stream) (string, error) {
		calls++
		n := 0
		for range 8 {
			n += s.Roll(10)
		}
		return strconv.Itoa(n), nil
	}, Options{})
	var big *TooBigError
	if !errors.As(err, &big) || big.Leaves < 1e7 {
		t.Fatalf("%v", err)
	}
	if calls > 3*DefaultProbes+11 {
		t.Errorf("%d replays", calls)
	}
}

// TestFindClassesErrorGivesNone: a mechanic that fails on some face
// gives no classes (the walk then reports its error or samples).
func TestFindClassesErrorGivesNone(t *testing.T) {
	cl := findClasses(func(s dice.Stream) (string, error) {
		if slices.Contains(dice.RollPool(s, nil, 3, 10), 3) {
			return "", errors.New("three")
		}
		return "x", nil
	}, Options{}.withDefaults())
	if cl != nil {
		t.Fatalf("%v", cl)
	}
}

// TestLongWalkTriesClasses: a walk that fits but would take more than a
// quarter of the time left is long (classes are tried first, so a loaded
// machine does not turn a fitting walk into a missed deadline); without a
// deadline nothing is long.
func TestLongWalkTriesClasses(t *testing.T) {
	soon := Options{Deadline: time.Now().Add(time.Minute)}
	if !longWalk(100_000, time.Millisecond, soon) { // 100 s of replays
		t.Error("100 s of replays with a minute left is not long")
	}
	if longWalk(1000, time.Millisecond, soon) { // 1 s
		t.Error("1 s of replays with a minute left is long")
	}
	if longWalk(1e9, time.Second, Options{}) {
		t.Error("long without a deadline")
	}
}

// TestClassesAgreeWithFaceByFace: pool mechanics of several shapes
// (different targets on each side, ones cancelling successes, a botch
// when no success and a one show, a count of doubles), walked by classes
// under a bound the face-by-face tree is past, give the odds of the walk
// face by face.
func TestClassesAgreeWithFaceByFace(t *testing.T) {
	count := func(faces []int, pred func(int) bool) int {
		n := 0
		for _, f := range faces {
			if pred(f) {
				n++
			}
		}
		return n
	}
	for name, run := range map[string]Run{
		"targets 5 and 7": func(s dice.Stream) (string, error) {
			a := count(dice.RollPool(s, nil, 3, 8), func(f int) bool { return f >= 5 })
			b := count(dice.RollPool(s, nil, 3, 8), func(f int) bool { return f >= 7 })
			return strconv.Itoa(a - b), nil
		},
		"ones cancel": func(s dice.Stream) (string, error) {
			p := dice.RollPool(s, nil, 4, 8)
			q := dice.RollPool(s, nil, 2, 8)
			n := count(p, func(f int) bool { return f >= 6 }) - count(p, func(f int) bool { return f == 1 })
			return strconv.FormatBool(n > count(q, func(f int) bool { return f >= 6 })), nil
		},
		"botch": func(s dice.Stream) (string, error) {
			p := dice.RollPool(s, nil, 4, 8)
			q := dice.RollPool(s, nil, 2, 8)
			hits := count(p, func(f int) bool { return f >= 7 })
			if hits == 0 && count(p, func(f int) bool { return f == 1 }) > 0 {
				return "botch", nil
			}
			return strconv.Itoa(hits - count(q, func(f int) bool { return f >= 4 })), nil
		},
		"doubles": func(s dice.Stream) (string, error) {
			p := dice.RollPool(s, nil, 3, 6)
			q := dice.RollPool(s, nil, 3, 6)
			pairs := func(f []int) int {
				return count(f, func(x int) bool { return count(f, func(y int) bool { return y == x }) > 1 })
			}
			return strconv.Itoa(pairs(p) - pairs(q)), nil
		},
	} {
		want, err := Exact(run, Options{FaceByFace: true})
		if err != nil {
			t.Fatalf("%s face by face: %v", name, err)
		}
		got, err := Exact(run, Options{MaxLeaves: want.Leaves / 2})
		var big *TooBigError
		if errors.As(err, &big) {
			// no classes shrink it (doubles read every face): past the
			// bound, as face by face
			if name != "doubles" {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Classes == nil || got.Leaves >= want.Leaves {
			t.Errorf("%s: %d leaves by classes %v, %d face by face", name, got.Leaves, got.Classes, want.Leaves)
		}
		t.Logf("%s: %d leaves by classes %v, %d face by face", name, got.Leaves, got.Classes, want.Leaves)
		wp, gp := probs(want), probs(got)
		if len(wp) != len(gp) {
			t.Errorf("%s: outcomes %v, want %v", name, gp, wp)
		}
		for k, p := range wp {
			near(t, name+" "+k, gp[k], p, 1e-13)
		}
	}
}
