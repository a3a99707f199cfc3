package dice

import (
	"math"
	"strings"
	"testing"
)

func TestParseExprCanonical(t *testing.T) {
	for in, want := range map[string]string{
		"1d8+1d6+2": "1d8+1d6+2", "4d6kh3": "4d6kh3", "4d6k3": "4d6kh3", "4D6DL1": "4d6dl1",
		"2d20kl1": "2d20kl1", "1d6!": "1d6!", "4dF": "4dF", "4df": "4dF", "d%": "1d%", "D%": "1d%",
		"10d10>=8": "10d10>=8", "10d10>=8f1": "10d10>=8f1", "10d10>=8f<=2": "10d10>=8f2",
		"10d10>7f=1": "10d10>7f=1", "5d6<3": "5d6<3", "d20": "1d20", "-1d4+10": "-1d4+10",
		"+2d6": "2d6", "3": "3", "2d6-1-1": "2d6-1-1", "10d10!>=8": "10d10!>=8", "2d6>3!": "2d6!=6>3", "4d6!dh1": "4d6!dh1",
		"4d6kh": "4d6kh1",
	} {
		e, err := ParseExpr(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if got := e.String(); got != want {
			t.Errorf("%q prints %q; want %q", in, got, want)
		}
		back, err := ParseExpr(e.String())
		if err != nil || back.String() != e.String() {
			t.Errorf("%q does not round-trip: %v %v", in, back, err)
		}
	}
}

func TestParseExprRefusals(t *testing.T) {
	for in, want := range map[string]string{
		"":                             "ends where",
		"x":                            `unexpected "x"`,
		"2d6+":                         "ends where",
		"2d":                           "number of sides",
		"0d6":                          "0 dice",
		"101d6":                        "101 dice",
		"60d6+60d6":                    "120 dice in all",
		"1d1001":                       "1001 sides",
		"1d0":                          "0 sides",
		"4d6kh5":                       "keep or drop 1 to 4",
		"4d6kh3kl1":                    "second keep",
		"4d6pl1kh3":                    "second keep",
		"4d6df1":                       "df (deduct failures) is not read",
		"1d1!":                         "2 or more numbered sides",
		"4dF!":                         "2 or more numbered sides",
		"1d6!x":                        "second explosion",
		"1d6!!p":                       "compounding and penetrating",
		"1d6!>6":                       "nothing would explode",
		"1d6!>0":                       "every die would explode",
		"1d20r>20":                     "nothing would be rerolled",
		"1d6rr<7":                      "every die would be rerolled",
		"1d6r1!":                       "a reroll and an explosion",
		"1d6min7":                      "min wants a face of the die, 1 to 6",
		"1d6min4max3":                  "min4 is above max3",
		"1d6!min2":                     "min or max with a reroll or an explosion",
		"4d6s":                         "sorting",
		"4d6u":                         "unique dice",
		"10d10f1":                      "needs a success count",
		"10d10>=":                      "want a number after >=",
		"10d10>=8>3":                   "second success",
		"10d10cs>=8cf1":                "second count",
		"2d6/0":                        "division by 0",
		"2d6/1d4":                      "divide by a whole number, not by dice",
		"2d6/":                         "divide by a whole number",
		"(1d6":                         "a ) is wanted",
		"1d6)":                         "a ) without its (",
		"(1d4)d6":                      "dice counted by an expression",
		"((((((((((1))))))))))":        "nested more than 8 deep",
		"1000000*1000000*2":            "could total more than",
		"2d6 + 1":                      "unexpected",
		"9999999":                      "too large",
		strings.Repeat("1+", 20) + "1": "more than 20 terms",
	} {
		_, err := ParseExpr(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v; want it to say %q", in, err, want)
		}
	}
}

func TestTermReadHandWorked(t *testing.T) {
	for _, c := range []struct {
		expr  string
		faces []int
		kept  []int
		value int
	}{
		{"4d6kh3", []int{2, 6, 5, 1}, []int{2, 6, 5}, 13},
		{"4d6dl1", []int{3, 3, 3, 3}, []int{3, 3, 3}, 9},
		{"4d6dh1", []int{6, 2, 6, 1}, []int{6, 2, 1}, 9},
		{"2d20kl1", []int{4, 20}, []int{4}, 4},
		{"10d10>=8f1", []int{10, 8, 1, 1, 7, 3}, nil, 0},
		{"5d10>7", []int{8, 7, 10, 1, 2}, nil, 2},
		{"3d6<=2", []int{1, 2, 3}, nil, 2},
		{"-2d6", []int{3, 4}, nil, -7},
	} {
		e, err := ParseExpr(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		r := e.Terms[0].Read(c.faces)
		if r.Value != c.value || (c.kept != nil && !equal(r.Kept, c.kept)) {
			t.Errorf("%s of %v = %d kept %v; want %d kept %v", c.expr, c.faces, r.Value, r.Kept, c.value, c.kept)
		}
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestExplodeDrawOrderAndCap(t *testing.T) {
	e, _ := ParseExpr("2d6!")
	res, total := e.Roll(Script(6, 6, 2, 3))
	if !equal(res[0].Faces, []int{6, 6, 2, 3}) || total != 17 {
		t.Errorf("2d6! on 6,6,2,3 = %v %d", res[0].Faces, total)
	}
	sixes := make([]int, 40)
	for i := range sixes {
		sixes[i] = 6
	}
	e, _ = ParseExpr("1d6!")
	res, _ = e.Roll(Script(sixes...))
	if len(res[0].Faces) != 1+MaxChain {
		t.Errorf("an exploding die made a chain of %d; want 1+%d", len(res[0].Faces), MaxChain)
	}
}

// TestExprOdds holds 4d6kh3, 4dF and 1d6! to their exact distributions:
// over 20,000 seeds every value's frequency is within 4.5 standard errors.
func TestExprOdds(t *testing.T) {
	const seeds = 20000
	for _, c := range []struct {
		expr  string
		exact map[int]float64
	}{
		{"4d6kh3", enumerate(4, 6, func(f []int) int {
			lo := min(f[0], f[1], f[2], f[3])
			return f[0] + f[1] + f[2] + f[3] - lo
		})},
		{"4dF", enumerate(4, 3, func(f []int) int { return f[0] + f[1] + f[2] + f[3] - 8 })},
		{"1d6!", explodingD6()},
	} {
		e, err := ParseExpr(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[int]int{}
		for seed := range seeds {
			_, total := e.Roll(New(uint64(seed), 0, 0))
			seen[total]++
		}
		for v, n := range seen {
			if c.exact[v] == 0 {
				t.Errorf("%s: value %d seen %d times; impossible", c.expr, v, n)
			}
		}
		for v, p := range c.exact {
			se := math.Sqrt(p * (1 - p) / seeds)
			if got := float64(seen[v]) / seeds; math.Abs(got-p) > 4.5*se+1e-12 {
				t.Errorf("%s: P(%d) = %.4f over %d seeds; exact %.4f (4.5 SE = %.4f)", c.expr, v, got, seeds, p, 4.5*se)
			}
		}
	}
}

func enumerate(n, sides int, value func([]int) int) map[int]float64 {
	out := map[int]float64{}
	f := make([]int, n)
	var rec func(int)
	total := math.Pow(float64(sides), float64(n))
	rec = func(i int) {
		if i == n {
			out[value(f)] += 1 / total
			return
		}
		for face := 1; face <= sides; face++ {
			f[i] = face
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// explodingD6: a chain of a sixes then a last face r: value 6a+r with
// probability (1/6)^(a+1) for r in 1..5; the cap ends a chain of
// MaxChain extra dice whatever the last face shows.
func explodingD6() map[int]float64 {
	out := map[int]float64{}
	for a := 0; a <= MaxChain; a++ {
		p := math.Pow(1.0/6, float64(a+1))
		last := 5
		if a == MaxChain {
			last = 6
		}
		for r := 1; r <= last; r++ {
			out[6*a+r] += p
		}
	}
	return out
}

func FuzzParseExpr(f *testing.F) {
	for _, s := range []string{"1d8+1d6+2", "4d6kh3", "4d6dl1", "2d20kl1", "1d6!", "4dF", "d%", "10d10>=8f1", "-1d4+10", "3", "2d6+", "10d10!>=8kh5>=8f<=2", "2d6!>4", "2d6>3!", "1d20ro1+(2d6!!+3)*2", "4d6min2kh3", "(1d20+5)/2", "10d10cs>=8", "6d6cf<2", "3d6!p", "4d6pl1", "4d6p<3", "2d20ra20", "5d10xo>8", "1d20rr<3", "-1d20", "+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseExpr(s)
		if err != nil {
			return
		}
		back, err := ParseExpr(e.String())
		if err != nil || back.String() != e.String() {
			t.Fatalf("%q -> %q does not round-trip: %v", s, e.String(), err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			terms, total := e.Roll(New(seed, 0, 0))
			values := make([]int, len(terms))
			for i, r := range terms {
				again, err := e.Terms[i].ReadFaces(r.Faces)
				if err != nil || again.Value != r.Value || e.FormatTerm(i, again) != e.FormatTerm(i, r) {
					t.Fatalf("%q term %d reads %q then %q (%v)", s, i, e.FormatTerm(i, r), e.FormatTerm(i, again), err)
				}
				values[i] = r.Value
			}
			if got := e.Eval(values); got != total {
				t.Fatalf("%q: terms evaluate to %d, total %d", s, got, total)
			}
			if total > MaxMagnitude || total < -MaxMagnitude {
				t.Fatalf("%q: total %d past MaxMagnitude", s, total)
			}
		}
	})
}

func BenchmarkParseExprPlain(b *testing.B) {
	s := New(1, 0, 0)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		e, _ := ParseExpr("2d6+1")
		n, _ := e.Plain()
		n.Roll(s)
	}
}

func BenchmarkParseNotationPlain(b *testing.B) {
	s := New(1, 0, 0)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		n, _ := ParseNotation("2d6+1")
		n.Roll(s)
	}
}

func BenchmarkExprKeepExplode(b *testing.B) {
	s := New(1, 0, 0)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		e, _ := ParseExpr("4d6kh3+1d6!+2")
		e.Roll(s)
	}
}

// TestBoundsAreHolds: a comparison's face range holds for exactly the
// faces Holds does, every operator, around its number and at the ends.
func TestBoundsAreHolds(t *testing.T) {
	const inf = int(^uint(0) >> 1)
	for _, op := range []string{">=", ">", "<=", "<", "=", ""} {
		for _, n := range []int{-inf - 1, -3, 0, 1, 7, 100, inf} {
			c := Compare{Op: op, N: n}
			for _, f := range []int{-inf - 1, -4, -3, -2, -1, 0, 1, 2, 6, 7, 8, 99, 100, 101, inf} {
				if got, want := c.bounds().holds(f), c.Holds(f); got != want {
					t.Fatalf("%q %d on %d: bounds %v, Holds %v", op, n, f, got, want)
				}
			}
		}
	}
}
