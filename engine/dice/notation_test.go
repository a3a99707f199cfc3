package dice

import (
	"strings"
	"testing"
)

// TestNotationTerms holds every notation term to its meaning on faces
// chosen by hand: the canonical form, what terms= shows and the total.
// Each case names the tools whose users type it (docs/tags.md has the
// same table).
func TestNotationTerms(t *testing.T) {
	for _, c := range []struct {
		in, canon string
		faces     []int
		terms     string
		total     int
	}{
		// An explosion on a comparison explodes on the faces it holds for,
		// summed (rpg-dice-roller, Roll20; Foundry x>4).
		{"2d6!>4", "2d6!>4", []int{5, 3, 6, 2}, "2d6!>4(5,3,6,2)=16", 16},
		{"2d6x>4", "2d6!>4", []int{5, 3, 6, 2}, "2d6!>4(5,3,6,2)=16", 16},
		{"1d6!>=5", "1d6!>=5", []int{5, 6, 1}, "1d6!>=5(5,6,1)=12", 12},
		{"1d6!<2", "1d6!<2", []int{1, 1, 4}, "1d6!<2(1,1,4)=6", 6},
		{"1d6!=3", "1d6!=3", []int{3, 6}, "1d6!=3(3,6)=9", 9},
		// Counting after an explosion needs its own comparison.
		{"2d6!>4>3", "2d6!>4>3", []int{5, 3, 6, 2}, "2d6!>4>3(5,3,6,2)=2", 2},
		// Count first, then explode on the highest face: the canonical form
		// writes the explosion's point, so it cannot read as 2d6!>3.
		{"2d6>3!", "2d6!=6>3", []int{6, 2, 4}, "2d6!=6>3(6,2,4)=2", 2},
		{"1d6!", "1d6!", []int{6, 6, 2}, "1d6!(6,6,2)=14", 14},
		{"5d10x", "5d10!", []int{10, 1, 2, 3, 4, 5}, "5d10!(10,1,2,3,4,5)=25", 25},
		{"2d6x5", "2d6!=5", []int{5, 5, 1, 2}, "2d6!=5(5,5,1,2)=13", 13},
		{"4d6e6", "4d6!", []int{6, 1, 2, 3, 4}, "4d6!(6,1,2,3,4)=16", 16},
		// Explode once (Foundry xo): an extra die does not explode.
		{"2d6xo", "2d6xo", []int{6, 6, 3}, "2d6xo(6,6,3)=15", 15},
		{"1d6xo>4", "1d6xo>4", []int{5, 6}, "1d6xo>4(5,6)=11", 11},
		// Compound (rpg-dice-roller, Roll20 !!): the chain is one die.
		{"1d6!!", "1d6!!", []int{6, 6, 2}, "1d6!!(6,6,2)=14", 14},
		{"3d6!!kh1", "3d6!!kh1", []int{6, 3, 2, 5}, "3d6!!kh1(6,3,~2,~5)=9", 9},
		{"2d6!!>5>=10", "2d6!!>5>=10", []int{6, 5, 4}, "2d6!!>5>=10(6,5,4)=1", 1},
		// Penetrate (!p): each extra die counts one less.
		{"1d6!p", "1d6!p", []int{6, 6, 3}, "1d6!p(6,6,3)=13", 13},
		// Reroll: Foundry r (once, 1s by default), ro (once: Roll20,
		// rpg-dice-roller, Avrae), rr (again and again: Foundry, Avrae).
		{"1d20r", "1d20ro", []int{1, 15}, "1d20ro(~1,15)=15", 15},
		{"1d20ro1", "1d20ro", []int{1, 1}, "1d20ro(~1,1)=1", 1},
		{"1d20r<3", "1d20ro<3", []int{2, 1}, "1d20ro<3(~2,1)=1", 1},
		{"1d20rr<3", "1d20rr<3", []int{1, 2, 17}, "1d20rr<3(~1,~2,17)=17", 17},
		{"2d6ro1>4", "2d6ro=1>4", []int{1, 5, 3}, "2d6ro=1>4(~1,5,3)=1", 1},
		// Avrae ra: the first matching die adds one die, once.
		{"2d20ra20", "2d20ra", []int{20, 5, 20}, "2d20ra(20,5,20)=45", 45},
		{"3d6ra<3", "3d6ra<3", []int{4, 1, 2, 2}, "3d6ra<3(4,1,2,2)=9", 9},
		// min/max (Foundry, rpg-dice-roller) and mi/ma (Avrae).
		{"4d6min2", "4d6min2", []int{1, 3, 6, 2}, "4d6min2(1,3,6,2)=13", 13},
		{"4d6mi2", "4d6min2", []int{1, 3, 6, 2}, "4d6min2(1,3,6,2)=13", 13},
		{"2d6max4", "2d6max4", []int{6, 3}, "2d6max4(6,3)=7", 7},
		{"2d6ma4", "2d6max4", []int{6, 3}, "2d6max4(6,3)=7", 7},
		{"4d6min2kh3", "4d6min2kh3", []int{1, 1, 5, 4}, "4d6min2kh3(1,~1,5,4)=11", 11},
		// Keep/drop, with Foundry's bare k and d.
		{"4d6kh3", "4d6kh3", []int{2, 6, 5, 1}, "4d6kh3(2,6,5,~1)=13", 13},
		{"2d20k", "2d20kh1", []int{4, 17}, "2d20kh1(~4,17)=17", 17},
		{"4d6d", "4d6dl1", []int{3, 1, 4, 1}, "4d6dl1(3,1,4,~1)=8", 8},
		{"4d6d1", "4d6dl1", []int{3, 1, 4, 1}, "4d6dl1(3,1,4,~1)=8", 8},
		{"2d20kl1", "2d20kl1", []int{4, 17}, "2d20kl1(4,~17)=4", 4},
		{"4d6dh1", "4d6dh1", []int{6, 2, 6, 1}, "4d6dh1(6,2,~6,1)=9", 9},
		// Avrae p: pl/ph, or the faces a point matches.
		{"4d6pl1", "4d6dl1", []int{3, 1, 4, 2}, "4d6dl1(3,~1,4,2)=9", 9},
		{"4d6ph1", "4d6dh1", []int{3, 1, 4, 2}, "4d6dh1(3,1,~4,2)=6", 6},
		{"4d6p<3", "4d6p<3", []int{1, 5, 2, 6}, "4d6p<3(~1,5,~2,6)=11", 11},
		{"4d6p1", "4d6p=1", []int{1, 5, 1, 6}, "4d6p=1(~1,5,~1,6)=11", 11},
		// An explosion before p writes its point, so it cannot read as !p.
		{"2d6!p<3", "2d6!p<3", []int{6, 1, 4}, "2d6!p<3(6,1,4)=10", 10},
		{"2d6xp<3", "2d6!=6p<3", []int{6, 1, 2}, "2d6!=6p<3(6,~1,~2)=6", 6},
		{"2d6!!p<3", "", nil, "", 0},
		// Success counting: comparisons (Roll20, rpg-dice-roller), Foundry
		// cs/cf, failures f.
		{"10d10>=8", "10d10>=8", []int{8, 1, 10, 7, 3, 9, 2, 2, 5, 6}, "10d10>=8(8,1,10,7,3,9,2,2,5,6)=3", 3},
		{"5d10cs>=8", "5d10>=8", []int{8, 1, 10, 7, 3}, "5d10>=8(8,1,10,7,3)=2", 2},
		{"5d6cs", "5d6=6", []int{6, 1, 6, 2, 3}, "5d6=6(6,1,6,2,3)=2", 2},
		{"6d6cf<2", "6d6<2", []int{1, 2, 1, 6, 5, 4}, "6d6<2(1,2,1,6,5,4)=2", 2},
		{"5d10>=8f1", "5d10>=8f1", []int{8, 1, 10, 1, 3}, "5d10>=8f1(8,1,10,1,3)=0", 0},
		{"4dF", "4dF", []int{1, 2, 3, 3}, "4dF(-1,0,1,1)=1", 1},
		{"d%", "1d%", []int{42}, "1d%(42)=42", 42},
		// Arithmetic: a leading sign, * and /, parentheses.
		{"-1d20", "-1d20", []int{5}, "-1d20(5)=-5", -5},
		{"+1", "1", nil, "1=1", 1},
		{"-(1d6+2)", "-1d6-2", []int{4}, "-1d6(4)=-4;-2=-2", -6},
		{"(1d6+2)*3", "(1d6+2)*3", []int{4}, "1d6(4)=4;2=2;3=3", 18},
		{"2d6*2", "2d6*2", []int{3, 4}, "2d6(3,4)=7;2=2", 14},
		{"(1d20+4)/2", "(1d20+4)/2", []int{11}, "1d20(11)=11;4=4;2=2", 7},
		{"1d4-5/2", "1d4-5/2", []int{1}, "1d4(1)=1;5=5;2=2", -1},
		{"(1d4-5)/2", "(1d4-5)/2", []int{2}, "1d4(2)=2;5=5;2=2", -2},
		{"2*-(1d4)", "", nil, "", 0},
		{"1d6*(2d4-1)", "1d6*(2d4-1)", []int{3, 1, 2}, "1d6(3)=3;2d4(1,2)=3;1=1", 6},
		{"(2d6)", "2d6", []int{3, 4}, "", 7},
		{"((1d6))+1", "1d6+1", []int{2}, "", 3},
		{"10-(2-1d4)", "10-2+1d4", []int{3}, "10=10;-2=-2;+1d4(3)=3", 11},
	} {
		e, err := ParseExpr(c.in)
		if c.canon == "" {
			if err == nil {
				t.Errorf("%q reads as %q; want it refused", c.in, e.String())
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := e.String(); got != c.canon {
			t.Errorf("%q prints %q; want %q", c.in, got, c.canon)
		}
		again, err := ParseExpr(e.String())
		if err != nil || again.String() != e.String() {
			t.Errorf("%q: the canonical form %q does not read back (%v)", c.in, e.String(), err)
		}
		s := Script(c.faces...)
		res, total := e.Roll(s)
		if s.Overrun > 0 || s.Used() != len(c.faces) {
			t.Errorf("%q drew %d faces (+%d past the script); scripted %d", c.in, s.Used(), s.Overrun, len(c.faces))
		}
		var parts []string
		for i, r := range res {
			parts = append(parts, e.FormatTerm(i, r))
		}
		if c.terms != "" && strings.Join(parts, ";") != c.terms {
			t.Errorf("%q on %v: terms %q; want %q", c.in, c.faces, strings.Join(parts, ";"), c.terms)
		}
		if total != c.total {
			t.Errorf("%q on %v: total %d; want %d", c.in, c.faces, total, c.total)
		}
	}
}

// TestReadFacesRefusesWrongCounts: faces that are not one throw of the
// term (too few for its explosion, one left over) are an error.
func TestReadFacesRefusesWrongCounts(t *testing.T) {
	for _, c := range []struct {
		expr  string
		faces []int
	}{
		{"1d6!", []int{6}},
		{"1d6!", []int{3, 4}},
		{"1d20ro", []int{1}},
		{"2d6", []int{3}},
	} {
		e, _ := ParseExpr(c.expr)
		if _, err := e.Terms[0].ReadFaces(c.faces); err == nil {
			t.Errorf("%s on %v read without an error", c.expr, c.faces)
		}
	}
}
