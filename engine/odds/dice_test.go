package odds_test

import (
	"errors"
	"math/big"
	"sort"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/odds"
)

// rats is a distribution as exact rationals: value -> probability.
type rats map[int]*big.Rat

func (r rats) add(v int, p *big.Rat) {
	if r[v] == nil {
		r[v] = new(big.Rat)
	}
	r[v].Add(r[v], p)
}

// bruteExpr rolls the expression on every sequence of faces it can draw,
// each with its exact probability (the product of 1/sides), through the
// roller itself (dice.Expr.Roll): the totals' exact distribution.
func bruteExpr(t *testing.T, e dice.Expr, limit int) rats {
	t.Helper()
	out := rats{}
	var prefix []int
	for n := 0; ; n++ {
		if n > limit {
			t.Fatalf("%s: more than %d paths", e, limit)
		}
		s := &pathStream{faces: append([]int(nil), prefix...), sides: make([]int, len(prefix))}
		_, total := e.Roll(s)
		den := big.NewInt(1)
		for _, sd := range s.sides[:s.pos] {
			den.Mul(den, big.NewInt(int64(max(sd, 1))))
		}
		out.add(total, new(big.Rat).SetFrac(big.NewInt(1), den))
		faces, sides := s.faces[:s.pos], s.sides[:s.pos]
		j := len(faces) - 1
		for j >= 0 && faces[j] >= sides[j] {
			j--
		}
		if j < 0 {
			return out
		}
		prefix = append(append(prefix[:0], faces[:j]...), faces[j]+1)
	}
}

// compareDist holds odds.DiceExpr of text to want within the error bound,
// value by value, and the distribution to a total of 1.
func compareDist(t *testing.T, text string, want rats) {
	t.Helper()
	e, err := dice.ParseExpr(text)
	if err != nil {
		t.Fatal(err)
	}
	got, err := odds.DiceExpr(e)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	worst, sum := 0.0, 0.0
	for k, p := range got.P {
		sum += p
		v := got.Offset + k
		w := 0.0
		if want[v] != nil {
			w, _ = want[v].Float64()
		}
		worst = max(worst, abs(p-w))
	}
	for v, p := range want {
		if got.At(v) == 0 && p.Sign() != 0 {
			w, _ := p.Float64()
			worst = max(worst, w)
		}
	}
	if worst > odds.ErrorBound || abs(sum-1) > odds.ErrorBound {
		t.Errorf("%s: the exact odds differ from the independent computation by %.3g (total %.17g)", text, worst, sum)
	}
	maxDiff[text] = worst
}

var maxDiff = map[string]float64{}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestDiceOddsEqualExhaustedRoller: every notation term small enough to
// roll on every sequence of faces has exact odds equal to the roller's
// own frequencies.
func TestDiceOddsEqualExhaustedRoller(t *testing.T) {
	for _, text := range []string{
		// explosions on one face (the chain then has few paths)
		"2d6!>5", "2d6x", "1d6!=3", "2d4!<2", "2d6!>5>3", "2d6>3!", "2d6x6", "2d3e3",
		"2d4xo", "1d6xo>4", "2d6xo>=5", "2d6!!", "2d6!!kh1", "2d6!!>5>=8", "1d6!p", "2d6!p>5", "2d4!p>3",
		// rerolls, Avrae's ra
		"1d20r", "1d20ro1", "2d20r<3", "1d8rr1", "2d6ro=1>4", "4d6ro1kh3", "3d6ra<3", "2d20ra20",
		// clamps
		"4d6min2", "4d6mi2", "2d6max4", "2d6ma4", "4d6min2kh3", "3d6min2max5",
		// keep/drop, Avrae p
		"4d6kh3", "5d6kh2", "2d20k", "4d6d", "4d6d2", "2d20kl1", "4d6dh1", "4d6pl1", "4d6ph1", "4d6p<3", "4d6p1", "3d6p>4>=3",
		// counting
		"4d10>=8", "4d10cs>=8", "5d6cs", "4d6cf<2", "4d10>=8f1", "4d10>7f<=2", "5d6kh3>=5", "4dF", "4dFkh2", "4dF>=1",
		"d%", "3d1",
		// arithmetic
		"-1d20", "+1", "-(1d6+2)", "(1d6+2)*3", "2d6*2", "(1d20+4)/2", "1d4-5/2", "(1d4-5)/2", "(1d6-4)/3",
		"1d6*(2d4-1)", "10-(2-1d4)", "1d6*1d6", "2d6-1d4+3", "1d8+1d6+2",
	} {
		e, err := dice.ParseExpr(text)
		if err != nil {
			t.Fatal(text, err)
		}
		compareDist(t, text, bruteExpr(t, e, 400_000))
	}
	logWorst(t)
}

// logWorst logs the largest difference seen so far (the report's figure).
func logWorst(t *testing.T) {
	worst, at := 0.0, ""
	for text, d := range maxDiff {
		if d >= worst {
			worst, at = d, text
		}
	}
	t.Logf("%d expressions; largest difference %.3g (%s)", len(maxDiff), worst, at)
}

// refChain is a die's chain written out from the rules, as exact
// rationals (not the package's code): a face that explodes at depth
// d < MaxChain adds the rest of the chain from depth d+1; val reads a
// face (extra: not the chain's first die).
func refChain(sides int, explodes func(int) bool, val func(f int, extra bool) int) rats {
	memo := make([]rats, dice.MaxChain+2)
	var from func(d int) rats
	from = func(d int) rats {
		if memo[d] != nil {
			return memo[d]
		}
		out := rats{}
		one := big.NewRat(1, int64(sides))
		for f := 1; f <= sides; f++ {
			v := val(f, d > 0)
			if d < dice.MaxChain && explodes(f) {
				for rest, p := range from(d + 1) {
					out.add(v+rest, new(big.Rat).Mul(one, p))
				}
				continue
			}
			out.add(v, one)
		}
		memo[d] = out
		return out
	}
	return from(0)
}

// refSum is the distribution of n independent draws of one, added.
func refSum(one rats, n int) rats {
	out := rats{0: big.NewRat(1, 1)}
	for range n {
		next := rats{}
		for a, pa := range out {
			for b, pb := range one {
				next.add(a+b, new(big.Rat).Mul(pa, pb))
			}
		}
		out = next
	}
	return out
}

// refKeepHighest keeps the k highest of n independent values of one,
// adding them, over every tuple of values.
func refKeepHighest(one rats, n, k int) rats {
	var vals []int
	for v := range one {
		vals = append(vals, v)
	}
	sort.Ints(vals)
	out := rats{}
	tuple := make([]int, n)
	var rec func(i int, p *big.Rat)
	rec = func(i int, p *big.Rat) {
		if i == n {
			s := append([]int(nil), tuple...)
			sort.Sort(sort.Reverse(sort.IntSlice(s)))
			sum := 0
			for _, v := range s[:k] {
				sum += v
			}
			out.add(sum, p)
			return
		}
		for _, v := range vals {
			tuple[i] = v
			rec(i+1, new(big.Rat).Mul(p, one[v]))
		}
	}
	rec(0, big.NewRat(1, 1))
	return out
}

// TestDiceOddsOnWideChains: explosions and rerolls on several faces have
// too many paths to roll them all; their exact odds equal the chain
// written out from the rules, in exact rationals.
func TestDiceOddsOnWideChains(t *testing.T) {
	face := func(f int, _ bool) int { return f }
	above := func(n int) func(int) bool { return func(f int) bool { return f > n } }
	count := func(n int) func(f int, _ bool) int {
		return func(f int, _ bool) int {
			if f > n {
				return 1
			}
			return 0
		}
	}
	penetrate := func(f int, extra bool) int {
		if extra {
			return f - 1
		}
		return f
	}
	compareDist(t, "2d6!>4", refSum(refChain(6, above(4), face), 2))
	compareDist(t, "2d6x>4", refSum(refChain(6, above(4), face), 2))
	compareDist(t, "1d6!>=5", refSum(refChain(6, above(4), face), 1))
	compareDist(t, "3d6!<3", refSum(refChain(6, func(f int) bool { return f < 3 }, face), 3))
	compareDist(t, "2d6!>4>3", refSum(refChain(6, above(4), count(3)), 2))
	compareDist(t, "2d10!>=8>=8", refSum(refChain(10, above(7), count(7)), 2))
	compareDist(t, "2d6!p>4", refSum(refChain(6, above(4), penetrate), 2))
	compareDist(t, "2d6!!>4", refSum(refChain(6, above(4), face), 2))
	compareDist(t, "2d6!!>4kh1", refKeepHighest(refChain(6, above(4), face), 2, 1))
	// rr<3 on a d6: a face of 3 or more stands; 1 or 2 is thrown again,
	// at most MaxChain times, the last face standing.
	rr := rats{}
	q := big.NewRat(2, 6)
	for f := 1; f <= 6; f++ {
		p := new(big.Rat)
		reach := big.NewRat(1, 1)
		for range dice.MaxChain {
			if f >= 3 {
				p.Add(p, new(big.Rat).Mul(reach, big.NewRat(1, 6)))
			}
			reach.Mul(reach, q)
		}
		p.Add(p, new(big.Rat).Mul(reach, big.NewRat(1, 6)))
		rr[f] = p
	}
	compareDist(t, "1d6rr<3", rr)
	compareDist(t, "3d6rr<3", refSum(rr, 3))
	compareDist(t, "4d6rr<3kh3", refKeepHighest(rr, 4, 3))
	compareDist(t, "1d20rr<3", func() rats {
		out := rats{}
		q := big.NewRat(2, 20)
		for f := 1; f <= 20; f++ {
			p := new(big.Rat)
			reach := big.NewRat(1, 1)
			for range dice.MaxChain {
				if f >= 3 {
					p.Add(p, new(big.Rat).Mul(reach, big.NewRat(1, 20)))
				}
				reach.Mul(reach, q)
			}
			out[f] = p.Add(p, new(big.Rat).Mul(reach, big.NewRat(1, 20)))
		}
		return out
	}())
	logWorst(t)
}

// TestDiceOddsRefusesWhatItDoesNotCompute: keep/drop over explosions that
// add dice of their own is refused by name, and so is a distribution
// past MaxDiceWork.
func TestDiceOddsRefusesWhatItDoesNotCompute(t *testing.T) {
	for text, want := range map[string]error{
		"4d6!kh3":             odds.ErrNotComputed,
		"4d6xokh3":            odds.ErrNotComputed,
		"100d1000*100d1000":   nil, // refused by the parser: 200 dice
		"50d1000kh25+50d1000": odds.ErrTooLarge,
		"50d1000*50d1000":     odds.ErrTooLarge,
	} {
		e, err := dice.ParseExpr(text)
		if want == nil {
			if err == nil {
				t.Errorf("%s parsed", text)
			}
			continue
		}
		if err != nil {
			t.Fatal(text, err)
		}
		if _, err := odds.DiceExpr(e); !errorsIs(err, want) {
			t.Errorf("%s: %v; want %v", text, err, want)
		}
	}
}

func errorsIs(err, target error) bool { return errors.Is(err, target) }

// FuzzDiceOdds: on any expression small enough to roll on every sequence
// of faces, the exact odds equal the roller's own frequencies (or are
// refused by name).
func FuzzDiceOdds(f *testing.F) {
	for _, s := range []string{"2d6!>5", "4d6kh3", "2d20ra20", "1d20ro1+2", "(1d6+2)*3", "3d6!!kh1", "4d10>=8f1", "2d6min2max5", "4dF>=1", "1d4-5/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := dice.ParseExpr(s)
		if err != nil {
			return
		}
		got, err := odds.DiceExpr(e)
		if err != nil {
			if !odds.IsNotComputed(err) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		want, ok := bruteBounded(e, 20000)
		if !ok {
			return
		}
		for v, p := range want {
			w, _ := p.Float64()
			if abs(got.At(v)-w) > odds.ErrorBound {
				t.Fatalf("%q: P(%d) = %.17g; the roller says %.17g", s, v, got.At(v), w)
			}
		}
		for k, p := range got.P {
			if p > odds.ErrorBound && want[got.Offset+k] == nil {
				t.Fatalf("%q: P(%d) = %g, which the roller never throws", s, got.Offset+k, p)
			}
		}
	})
}

// bruteBounded is bruteExpr that gives up past limit paths.
func bruteBounded(e dice.Expr, limit int) (rats, bool) {
	out := rats{}
	var prefix []int
	for n := 0; n <= limit; n++ {
		s := &pathStream{faces: append([]int(nil), prefix...), sides: make([]int, len(prefix))}
		_, total := e.Roll(s)
		den := big.NewInt(1)
		for _, sd := range s.sides[:s.pos] {
			den.Mul(den, big.NewInt(int64(max(sd, 1))))
		}
		out.add(total, new(big.Rat).SetFrac(big.NewInt(1), den))
		faces, sides := s.faces[:s.pos], s.sides[:s.pos]
		j := len(faces) - 1
		for j >= 0 && faces[j] >= sides[j] {
			j--
		}
		if j < 0 {
			return out, true
		}
		prefix = append(append(prefix[:0], faces[:j]...), faces[j]+1)
	}
	return nil, false
}
