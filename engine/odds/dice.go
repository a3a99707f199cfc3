package odds

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/rulehost/rulehost/engine/dice"
)

// The exact distribution of a dice expression ([roll_dice: dice="..."]):
// each term's dice are enumerated by their rules (engine/dice's grammar),
// the terms combined by the expression's arithmetic. The terms are
// independent and each appears once, so a sum is a convolution and a
// product the distribution of the product of independent values.
//
// This is a second definition of what engine/dice rolls, written from the
// grammar rather than from the roller: tests hold the two together on
// every term (dice_test.go).

// MaxDiceWork bounds the multiply-adds one distribution may take, so a
// large expression is refused rather than stalling the caller.
const MaxDiceWork = 400_000_000

// ErrTooLarge is the error for an expression whose exact distribution
// would take more than MaxDiceWork steps.
var ErrTooLarge = errors.New("too large for exact odds")

// ErrNotComputed is the error for a term whose odds are not computed.
var ErrNotComputed = errors.New("odds not computed")

// budget counts the work a distribution has taken.
type budget struct{ left int }

func (b *budget) spend(n int) error {
	if b.left -= n; b.left < 0 {
		return fmt.Errorf("%w (more than %d steps)", ErrTooLarge, MaxDiceWork)
	}
	return nil
}

// DiceExpr is the exact distribution of the expression's total.
func DiceExpr(e dice.Expr) (Dist, error) {
	b := &budget{left: MaxDiceWork}
	terms := make([]Dist, len(e.Terms))
	for i, t := range e.Terms {
		d, err := TermDist(t, b)
		if err != nil {
			return Dist{}, fmt.Errorf("term %d (%s): %w", i+1, termText(t), err)
		}
		if t.Neg {
			d = d.negate()
		}
		terms[i] = d
	}
	if e.Flat() {
		out := point(0)
		for _, d := range terms {
			var err error
			if out, err = convolve(out, d, b); err != nil {
				return Dist{}, err
			}
		}
		return out, nil
	}
	return nodeDist(e, e.Root, terms, b)
}

func termText(t dice.Term) string {
	return dice.Expr{Terms: []dice.Term{t}}.String()
}

func nodeDist(e dice.Expr, n int, terms []Dist, b *budget) (Dist, error) {
	nd := e.Nodes[n]
	if nd.Op == 0 {
		return terms[nd.Term], nil
	}
	l, err := nodeDist(e, nd.L, terms, b)
	if err != nil {
		return Dist{}, err
	}
	if nd.Op == 'n' {
		return l.negate(), nil
	}
	r, err := nodeDist(e, nd.R, terms, b)
	if err != nil {
		return Dist{}, err
	}
	switch nd.Op {
	case '+':
		return convolve(l, r, b)
	case '-':
		return convolve(l, r.negate(), b)
	case '*':
		return product(l, r, b)
	}
	return quotient(l, r), nil
}

// point is the distribution of the constant v.
func point(v int) Dist { return Dist{Offset: v, P: []float64{1}} }

func (d Dist) negate() Dist {
	out := Dist{Offset: -(d.Offset + len(d.P) - 1), P: make([]float64, len(d.P))}
	for k, p := range d.P {
		out.P[len(d.P)-1-k] = p
	}
	return out
}

// convolve is the distribution of the sum of independent a and b.
func convolve(a, b Dist, bud *budget) (Dist, error) {
	if err := bud.spend(len(a.P) * len(b.P)); err != nil {
		return Dist{}, err
	}
	return a.Plus(b), nil
}

// product is the distribution of a*b for independent a and b.
func product(a, b Dist, bud *budget) (Dist, error) {
	if err := bud.spend(len(a.P) * len(b.P)); err != nil {
		return Dist{}, err
	}
	byValue := map[int]float64{}
	for i, pa := range a.P {
		if pa == 0 {
			continue
		}
		for j, pb := range b.P {
			if pb != 0 {
				byValue[(a.Offset+i)*(b.Offset+j)] += pa * pb
			}
		}
	}
	return fromMap(byValue), nil
}

// quotient is the distribution of a/b rounded down, b a constant
// (the grammar divides only by a whole number).
func quotient(a, b Dist) Dist {
	k := b.Offset
	out := Dist{Offset: dice.FloorDiv(a.Offset, k)}
	out.P = make([]float64, dice.FloorDiv(a.Offset+len(a.P)-1, k)-out.Offset+1)
	for i, p := range a.P {
		out.P[dice.FloorDiv(a.Offset+i, k)-out.Offset] += p
	}
	return out
}

func fromMap(m map[int]float64) Dist {
	if len(m) == 0 {
		return point(0)
	}
	lo, hi := math.MaxInt, math.MinInt
	for v := range m {
		lo, hi = min(lo, v), max(hi, v)
	}
	out := Dist{Offset: lo, P: make([]float64, hi-lo+1)}
	for v, p := range m {
		out.P[v-lo] = p
	}
	return out
}

// add adds p at value v, growing d.
func (d *Dist) add(v int, p float64) {
	if len(d.P) == 0 {
		d.Offset, d.P = v, []float64{p}
		return
	}
	if v < d.Offset {
		grow := d.Offset - v
		d.P = append(make([]float64, grow), d.P...)
		d.Offset = v
	}
	for v-d.Offset >= len(d.P) {
		d.P = append(d.P, 0)
	}
	d.P[v-d.Offset] += p
}

// addShifted adds d shifted by s and scaled by w into out.
func (out *Dist) addShifted(d Dist, s int, w float64) {
	for k, p := range d.P {
		if p != 0 {
			out.add(d.Offset+k+s, p*w)
		}
	}
}

// faceDist is one die's face distribution as thrown: 1..sides, or
// -1..1 for a Fudge die.
func faceDist(t dice.Term) Dist {
	n := t.Sides
	d := Dist{Offset: 1, P: make([]float64, n)}
	if t.Fudge {
		d.Offset = -1
	}
	for k := range d.P {
		d.P[k] = 1 / float64(n)
	}
	return d
}

// rerolled is the face distribution after the term's reroll: a face the
// reroll matches is thrown again (once, or up to MaxChain times), the
// last face standing.
func rerolled(t dice.Term, u Dist) Dist {
	r := t.Reroll
	if r.Kind == "" {
		return u
	}
	limit := 1
	if r.Kind == "rr" {
		limit = dice.MaxChain
	}
	q := 0.0 // the chance a throw is rerolled
	for k, p := range u.P {
		if r.On.Holds(u.Offset + k) {
			q += p
		}
	}
	out := Dist{Offset: u.Offset, P: make([]float64, len(u.P))}
	reach := 1.0 // the chance a throw happens at this depth
	for range limit {
		for k, p := range u.P {
			if !r.On.Holds(u.Offset + k) {
				out.P[k] += reach * p
			}
		}
		reach *= q
	}
	for k, p := range u.P { // the last throw stands whatever it shows
		out.P[k] += reach * p
	}
	return out
}

// score is what one die of value v adds to the term: 0 when Drop drops
// it; with a success count +1, -1 or 0; else v.
func score(t dice.Term, v int) int {
	if t.Drop.Op != "" && t.Drop.Holds(v) {
		return 0
	}
	if t.Success.Op == "" {
		return v
	}
	switch {
	case t.Success.Holds(v):
		return 1
	case t.Fail.Op != "" && t.Fail.Holds(v):
		return -1
	}
	return 0
}

// dieValues is the distribution of one die's value when each die gives
// exactly one value: the face after reroll and min/max, or a compounded
// chain's sum.
func dieValues(t dice.Term, b *budget) (Dist, error) {
	u := faceDist(t)
	if t.Explode.Kind == "!!" {
		return chain(t, u, b, func(f int, _ bool) int { return f })
	}
	g := rerolled(t, u)
	if t.Min == 0 && t.Max == 0 {
		return g, nil
	}
	var out Dist
	for k, p := range g.P {
		v := g.Offset + k
		if t.Min != 0 {
			v = max(v, t.Min)
		}
		if t.Max != 0 {
			v = min(v, t.Max)
		}
		out.add(v, p)
	}
	return out, nil
}

// chain is the distribution of what a die's explosion chain adds up to,
// val reading each face (extra is true past the first die, where a
// penetrating die counts one less): at depth d a face the explosion
// matches draws another die while d < MaxChain.
func chain(t dice.Term, u Dist, b *budget, val func(f int, extra bool) int) (Dist, error) {
	var below Dist // the chain from depth d+1 on
	for d := dice.MaxChain; d >= 0; d-- {
		var here Dist
		for k, p := range u.P {
			f := u.Offset + k
			v := val(f, d > 0)
			if d < dice.MaxChain && t.Explode.On.Holds(f) {
				if err := b.spend(len(below.P)); err != nil {
					return Dist{}, err
				}
				here.addShifted(below, v, p)
			} else {
				here.add(v, p)
			}
		}
		below = here
	}
	return below, nil
}

// unitDist is the distribution of what one die adds to the term, its
// extra dice included (every die scored on its own).
func unitDist(t dice.Term, b *budget) (Dist, error) {
	sc := func(v int) int { return score(t, v) }
	u := faceDist(t)
	switch t.Explode.Kind {
	case "!", "!p":
		return chain(t, u, b, func(f int, extra bool) int {
			if extra && t.Explode.Kind == "!p" {
				return sc(f - 1)
			}
			return sc(f)
		})
	case "xo":
		var extra Dist
		for k, p := range u.P {
			extra.add(sc(u.Offset+k), p)
		}
		var out Dist
		for k, p := range u.P {
			f := u.Offset + k
			if t.Explode.On.Holds(f) {
				out.addShifted(extra, sc(f), p)
			} else {
				out.add(sc(f), p)
			}
		}
		return out, nil
	}
	vals, err := dieValues(t, b)
	if err != nil {
		return Dist{}, err
	}
	var out Dist
	for k, p := range vals.P {
		out.add(sc(vals.Offset+k), p)
	}
	return out, nil
}

// TermDist is the exact distribution of one term's value (before its
// sign).
func TermDist(t dice.Term, b *budget) (Dist, error) {
	if b == nil {
		b = &budget{left: MaxDiceWork}
	}
	if t.Count == 0 {
		return point(t.Const), nil
	}
	if t.Select.Op != "" {
		switch t.Explode.Kind {
		case "!", "!p", "xo", "ra":
			return Dist{}, fmt.Errorf("%w: keep or drop over exploding dice that add dice of their own (the roll itself works; !! keeps one die per chain)", ErrNotComputed)
		}
		vals, err := dieValues(t, b)
		if err != nil {
			return Dist{}, err
		}
		return keepDist(t, vals, b)
	}
	if t.Explode.Kind == "ra" {
		return addOnceDist(t, b)
	}
	one, err := unitDist(t, b)
	if err != nil {
		return Dist{}, err
	}
	// Count convolutions of one, the i-th of a distribution i times as
	// wide: the work is known before it starts.
	m := len(one.P)
	if err := b.spend(m * m * t.Count * (t.Count + 1) / 2); err != nil {
		return Dist{}, err
	}
	out := point(0)
	for range t.Count {
		out = out.Plus(one)
	}
	return out, nil
}

// addOnceDist is Avrae's ra: dice thrown in turn, the first whose face
// matches adding one die (scored alone), once for the group.
func addOnceDist(t dice.Term, b *budget) (Dist, error) {
	u := faceDist(t)
	var miss, hit, extra Dist // a die's score when it does not match, when it does; one extra die
	for k, p := range u.P {
		f := u.Offset + k
		extra.add(score(t, f), p)
		if t.Explode.On.Holds(f) {
			hit.add(score(t, f), p)
		} else {
			miss.add(score(t, f), p)
		}
	}
	hitThenExtra, err := convolve(hit, extra, b)
	if err != nil {
		return Dist{}, err
	}
	// before: no die has matched yet; after: one has, and added its die.
	before, after := point(0), Dist{}
	for range t.Count {
		var nb, na Dist
		if nb, err = convolve(before, miss, b); err != nil {
			return Dist{}, err
		}
		if len(after.P) > 0 {
			if na, err = convolve(after, extra, b); err != nil {
				return Dist{}, err
			}
		}
		fresh, err := convolve(before, hitThenExtra, b)
		if err != nil {
			return Dist{}, err
		}
		na.addShifted(fresh, 0, 1)
		before, after = nb, na
	}
	before.addShifted(after, 0, 1)
	return before, nil
}

// keepDist is the distribution of the kept dice's score when each die
// has one value from vals: keep the K highest (kh K, dl Count-K) or
// lowest (kl K, dh Count-K). It walks the values from the kept end,
// choosing how many of the Count dice show each (a multinomial, one
// binomial factor per value), and scores the first K.
func keepDist(t dice.Term, vals Dist, b *budget) (Dist, error) {
	n := t.Count
	k := t.Select.N
	high := t.Select.Op == "kh" || t.Select.Op == "dl"
	if t.Select.Op == "dl" || t.Select.Op == "dh" {
		k = n - t.Select.N
	}
	type level struct {
		v int
		p float64
	}
	var levels []level
	for i, p := range vals.P {
		if p > 0 {
			levels = append(levels, level{vals.Offset + i, p})
		}
	}
	sort.Slice(levels, func(i, j int) bool { return (levels[i].v > levels[j].v) == high })
	// Each value places 0..n-a dice on each of n+1 states of at most
	// k*(range) scores: the work is known before it starts.
	lo, hi := score(t, vals.Offset), score(t, vals.Offset+len(vals.P)-1)
	width := k*(max(abs(lo), abs(hi))*2+1) + 1
	if err := b.spend(len(levels) * (n + 1) * (n + 2) / 2 * width); err != nil {
		return Dist{}, err
	}
	binom := binomials(n)
	// state[a] is the score distribution with a dice placed so far, each
	// weighted by the product of binomials and powers so far.
	state := make([]Dist, n+1)
	state[0] = point(0)
	for _, lv := range levels {
		next := make([]Dist, n+1)
		pow := make([]float64, n+1)
		pow[0] = 1
		for c := 1; c <= n; c++ {
			pow[c] = pow[c-1] * lv.p
		}
		s := score(t, lv.v)
		for a := 0; a <= n; a++ {
			if len(state[a].P) == 0 {
				continue
			}
			for c := 0; a+c <= n; c++ {
				kept := min(c, max(0, k-a))
				next[a+c].addShifted(state[a], kept*s, binom[n-a][c]*pow[c])
			}
		}
		state = next
	}
	if len(state[n].P) == 0 {
		return point(0), nil
	}
	return state[n], nil
}

// binomials is Pascal's triangle to n.
func binomials(n int) [][]float64 {
	c := make([][]float64, n+1)
	for i := range c {
		c[i] = make([]float64, i+1)
		c[i][0], c[i][i] = 1, 1
		for j := 1; j < i; j++ {
			c[i][j] = c[i-1][j-1] + c[i-1][j]
		}
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
