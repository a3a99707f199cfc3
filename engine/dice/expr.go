package dice

import (
	"fmt"
	"strconv"
	"strings"
)

// Expr is dice notation as people already type it in Foundry VTT, Roll20,
// rpg-dice-roller, Avrae and Dice Maiden, for [roll_dice: dice="..."],
// `rulehost roll` and `rulehost odds`: dice groups and constants, added,
// subtracted, multiplied and divided, with parentheses; each dice group
// with rerolls, clamps, explosions, keep/drop and success counting.
//
//	expr     = [sign] product { sign product }     sign = "+" | "-"
//	product  = factor { "*" factor | "/" number }  "/" rounds down; the divisor is a whole number >= 1
//	factor   = number | dice | "(" expr ")"        parentheses nest at most MaxDepth deep
//	dice     = [count] "d" (sides | "%" | "F") { modifier }
//	modifier = reroll | clamp | explode | select | drop | count
//	reroll   = ("r" | "ro") [point]                reroll once (point defaults to =1)
//	         | "rr" [point]                        reroll again and again, at most MaxChain times
//	clamp    = ("min" | "mi") n | ("max" | "ma") n a face below (above) n counts as n
//	explode  = ("!" | "x" | "e") [point]           explode (point defaults to the highest face)
//	         | "!!" [point]                        compound: the chain adds up to one die
//	         | "!p" [point]                        penetrate: each extra die counts one less
//	         | "xo" [point]                        explode once: extra dice do not explode
//	         | "ra" [point]                        Avrae: the first matching die adds one die, once
//	select   = ("kh" | "kl" | "dh" | "dl" | "k" | "d" | "ph" | "pl") [n]
//	                                               keep/drop the n (1) highest/lowest; k is kh, d is dl
//	drop     = "p" point                           Avrae: drop the dice the point matches
//	count    = cmp n                               count successes
//	         | ("cs" | "cf") [point]               Foundry: count the dice the point matches (=highest face)
//	         | "f" [cmp] n                         after a success count, each matching die takes one away ("<=")
//	point    = [cmp] n                             a bare n is "=n"
//	cmp      = ">=" | ">" | "<=" | "<" | "="
//
// Letters are read in any case; spaces are not part of the grammar (the
// caller removes them). "d%" is a d100 and "dF" a Fudge die (faces -1, 0,
// +1). Counts and sides are bounded (MaxDice dice in all, MaxSides
// sides), so no expression can stall the engine. What the grammar does
// not hold is refused with a note; nothing is read as something else.
type Expr struct {
	// Terms are the dice groups and constants in the order written.
	Terms []Term
	// Nodes is the arithmetic over the terms when it is more than a sum
	// (a product, a quotient), Root its top; empty for a sum, where each
	// term carries its own sign (Term.Neg).
	Nodes []Node
	Root  int
}

// Node is one step of an expression's arithmetic: a term (Op 0), "+",
// "-", "*", "/" of nodes L and R, or "n", the negation of L.
type Node struct {
	Op   byte
	Term int
	L, R int
}

// Term is one dice group or constant of an expression.
type Term struct {
	// Neg is true for a term after "-" in a sum.
	Neg bool
	// Count is the number of dice; 0 makes the term the constant Const.
	Count, Sides int
	Const        int
	// Fudge dice have faces -1, 0, +1; Percent prints the d100 as "d%".
	Fudge, Percent bool
	// Reroll throws a die again while its face matches (once, or up to
	// MaxChain times); the face it leaves stands.
	Reroll Reroll
	// Min and Max, when not 0, raise a lower face to Min and lower a
	// higher face to Max.
	Min, Max int
	// Explode adds dice for faces that match.
	Explode Explode
	// Select keeps or drops the highest or lowest dice.
	Select Select
	// Drop, when set, drops every die whose value matches (Avrae's p).
	Drop Compare
	// Success, when set, makes the term's value the number of dice that
	// compare true; Fail dice take one away each.
	Success, Fail Compare
}

// Reroll is a reroll modifier: Kind "ro" (once) or "rr" (again while the
// face matches, at most MaxChain times); "" for none.
type Reroll struct {
	Kind string
	On   Compare
}

// Explode is an explosion: Kind "!" (each matching face adds a die, which
// may explode in turn, at most MaxChain extra dice per die), "!!"
// (compound: the chain is one die whose value is its faces' sum), "!p"
// (penetrate: as "!", each extra die counting one less than its face),
// "xo" (once: extra dice do not explode) or "ra" (the first matching die
// of the group adds one die, once); "" for none. On is the faces that
// explode, tested on the face as thrown.
type Explode struct {
	Kind string
	On   Compare
}

// Select is a keep/drop modifier: Op is "kh", "kl", "dh" or "dl"; "" for none.
type Select struct {
	Op string
	N  int
}

// Compare is a comparison with a number: Op is ">=", ">", "<=", "<" or "="; "" for none.
type Compare struct {
	Op string
	N  int
}

// Limits of an expression.
const (
	// MaxTerms bounds the terms (dice groups and constants) of one expression.
	MaxTerms = 20
	// MaxChain bounds the extra dice one exploding die may add, and the
	// rerolls of one die, like the spec's open-ended chains (checks.md: at
	// most 20 dice in a chain).
	MaxChain = 20
	// MaxConst bounds a constant term.
	MaxConst = 1_000_000
	// MaxDepth bounds nested parentheses.
	MaxDepth = 8
	// MaxMagnitude bounds what an expression could total, multiplications
	// included, so that no total overflows and every total is exact as a
	// float64 in the odds.
	MaxMagnitude = 1_000_000_000_000
)

// Holds reports whether a face meets the comparison.
func (c Compare) Holds(face int) bool {
	switch c.Op {
	case ">=":
		return face >= c.N
	case ">":
		return face > c.N
	case "<=":
		return face <= c.N
	case "<":
		return face < c.N
	case "=":
		return face == c.N
	}
	return false
}

// faceRange is a comparison as the faces it holds for, lo..hi inclusive
// (empty when lo > hi): Compare.Holds without reading the operator.
type faceRange struct{ lo, hi int }

func (r faceRange) holds(f int) bool { return r.lo <= f && f <= r.hi }

// bounds is the range of faces c holds for; no comparison holds for none.
func (c Compare) bounds() faceRange {
	const inf = int(^uint(0) >> 1)
	switch c.Op {
	case ">=":
		return faceRange{c.N, inf}
	case ">":
		if c.N == inf {
			return faceRange{1, 0}
		}
		return faceRange{c.N + 1, inf}
	case "<=":
		return faceRange{-inf - 1, c.N}
	case "<":
		if c.N == -inf-1 {
			return faceRange{1, 0}
		}
		return faceRange{-inf - 1, c.N - 1}
	case "=":
		return faceRange{c.N, c.N}
	}
	return faceRange{1, 0}
}

// Flat reports whether the expression is a sum of signed terms (no
// product, quotient or negated group): its total is the terms' values
// added, and terms= prints each with its sign.
func (e Expr) Flat() bool { return len(e.Nodes) == 0 }

// ParseExpr reads an expression (see Expr). It never panics; the error
// says where the text stops making sense and what was wanted.
func ParseExpr(s string) (Expr, error) {
	var e Expr
	if err := ParseExprInto(&e, s); err != nil {
		return Expr{}, err
	}
	return e, nil
}

// ParseExprInto is ParseExpr into dst, reusing dst's storage: a caller
// that reads expression after expression (roll_dice in a Checker) parses
// without allocating once the storage is big enough. On error dst holds
// no terms.
func ParseExprInto(dst *Expr, s string) error {
	p := exprParser{s: s, e: dst}
	if cap(dst.Terms) == 0 { // one allocation each for a typical expression
		dst.Terms, dst.Nodes = make([]Term, 0, 4), make([]Node, 0, 8)
	}
	dst.Terms, dst.Nodes, dst.Root = dst.Terms[:0], dst.Nodes[:0], 0
	if err := p.parse(); err != nil {
		dst.Terms, dst.Nodes = dst.Terms[:0], dst.Nodes[:0]
		return fmt.Errorf("dice %q: %w", s, err)
	}
	return nil
}

type exprParser struct {
	s     string
	i     int
	e     *Expr
	dice  int
	depth int
}

func (p *exprParser) parse() error {
	root, err := p.sum()
	if err != nil {
		return err
	}
	if p.i != len(p.s) {
		if p.s[p.i] == ')' {
			return fmt.Errorf("at byte %d: a ) without its (", p.i)
		}
		return p.unexpected("+, -, * or /")
	}
	p.e.Root = root
	if magnitude(p.e, root) > MaxMagnitude {
		return fmt.Errorf("the expression could total more than %d; multiply smaller numbers", MaxMagnitude)
	}
	flatten(p.e)
	return nil
}

func (p *exprParser) unexpected(want string) error {
	if p.i >= len(p.s) {
		return fmt.Errorf("at byte %d: the expression ends where %s is wanted", p.i, want)
	}
	return fmt.Errorf("at byte %d: unexpected %q; want dice notation like 2d6+1, 4d6kh3, 1d8+1d6, 1d6!, 4dF, d%%, 10d10>=8f1 or (1d6+2)*2 (here %s)", p.i, p.s[p.i:], want)
}

func (p *exprParser) node(n Node) int {
	p.e.Nodes = append(p.e.Nodes, n)
	return len(p.e.Nodes) - 1
}

// sum reads [sign] product { sign product }.
func (p *exprParser) sum() (int, error) {
	neg := false
	switch {
	case p.eat('+'):
	case p.eat('-'):
		neg = true
	}
	n, err := p.product()
	if err != nil {
		return 0, err
	}
	if neg {
		n = p.node(Node{Op: 'n', L: n})
	}
	for p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
		op := p.s[p.i]
		p.i++
		r, err := p.product()
		if err != nil {
			return 0, err
		}
		n = p.node(Node{Op: op, L: n, R: r})
	}
	return n, nil
}

// product reads factor { "*" factor | "/" number }.
func (p *exprParser) product() (int, error) {
	n, err := p.factor()
	if err != nil {
		return 0, err
	}
	for p.i < len(p.s) && (p.s[p.i] == '*' || p.s[p.i] == '/') {
		op := p.s[p.i]
		p.i++
		var r int
		if op == '/' {
			at := p.i
			v, ok, err := p.number()
			switch {
			case err != nil:
				return 0, err
			case !ok:
				return 0, fmt.Errorf("at byte %d: divide by a whole number, like 1d20/2 (the quotient rounds down)", at)
			case v == 0:
				return 0, fmt.Errorf("at byte %d: division by 0", at)
			case p.i < len(p.s) && lower(p.s[p.i]) == 'd':
				return 0, fmt.Errorf("at byte %d: divide by a whole number, not by dice (the quotient rounds down)", at)
			}
			r, err = p.leaf(Term{Const: v})
			if err != nil {
				return 0, err
			}
		} else if r, err = p.factor(); err != nil {
			return 0, err
		}
		n = p.node(Node{Op: op, L: n, R: r})
	}
	return n, nil
}

// factor reads number | dice | "(" expr ")".
func (p *exprParser) factor() (int, error) {
	if p.eat('(') {
		if p.depth++; p.depth > MaxDepth {
			return 0, fmt.Errorf("at byte %d: parentheses nested more than %d deep", p.i-1, MaxDepth)
		}
		n, err := p.sum()
		if err != nil {
			return 0, err
		}
		if !p.eat(')') {
			return 0, p.unexpected("a )")
		}
		p.depth--
		if p.i < len(p.s) && (lower(p.s[p.i]) == 'd' || isDigit(p.s[p.i])) {
			return 0, fmt.Errorf("at byte %d: dice counted by an expression, like (1d4)d6, are not read; roll the count first", p.i)
		}
		return n, nil
	}
	t, err := p.term()
	if err != nil {
		return 0, err
	}
	return p.leaf(t)
}

// leaf adds a term and its node, within the limits of terms and dice.
func (p *exprParser) leaf(t Term) (int, error) {
	p.e.Terms = append(p.e.Terms, t)
	if len(p.e.Terms) > MaxTerms {
		return 0, fmt.Errorf("more than %d terms", MaxTerms)
	}
	if p.dice += t.Count; p.dice > MaxDice {
		return 0, fmt.Errorf("%d dice in all; allowed at most %d", p.dice, MaxDice)
	}
	return p.node(Node{Term: len(p.e.Terms) - 1}), nil
}

// magnitude is the most |total| node n could reach.
func magnitude(e *Expr, n int) int {
	nd := e.Nodes[n]
	switch nd.Op {
	case 0:
		return e.Terms[nd.Term].magnitude()
	case 'n':
		return magnitude(e, nd.L)
	case '/':
		return magnitude(e, nd.L)
	case '*':
		a, b := magnitude(e, nd.L), magnitude(e, nd.R)
		if a != 0 && b > (MaxMagnitude+1)/a+1 {
			return MaxMagnitude + 1
		}
		return a * b
	}
	return min(magnitude(e, nd.L)+magnitude(e, nd.R), MaxMagnitude+1)
}

// magnitude is the most |value| the term could have.
func (t Term) magnitude() int {
	if t.Count == 0 {
		return t.Const
	}
	dice := t.Count
	if t.Explode.Kind != "" {
		dice *= MaxChain + 1
	}
	if t.Success.Op != "" || t.Fudge {
		return dice
	}
	return dice * t.Sides
}

// flatten turns a tree of sums, differences and negations into signed
// terms (Nodes emptied); a product or quotient keeps the tree, with no
// term negated.
func flatten(e *Expr) {
	if e.signTerms(e.Root, false) {
		e.Nodes, e.Root = e.Nodes[:0], 0
		return
	}
	for i := range e.Terms {
		e.Terms[i].Neg = false
	}
}

// signTerms gives the terms under node n their signs (neg: n is
// subtracted), false when a product or quotient is under it. (A method,
// not a recursive closure, which would cost an allocation a parse.)
func (e *Expr) signTerms(n int, neg bool) bool {
	nd := e.Nodes[n]
	switch nd.Op {
	case 0:
		e.Terms[nd.Term].Neg = neg
		return true
	case 'n':
		return e.signTerms(nd.L, !neg)
	case '+':
		return e.signTerms(nd.L, neg) && e.signTerms(nd.R, neg)
	case '-':
		return e.signTerms(nd.L, neg) && e.signTerms(nd.R, !neg)
	}
	return false
}

func (p *exprParser) eat(c byte) bool {
	if p.i < len(p.s) && lower(p.s[p.i]) == c {
		p.i++
		return true
	}
	return false
}

// eatWord eats w (lower case) when the text goes on with it, in any case.
func (p *exprParser) eatWord(w string) bool {
	if len(p.s)-p.i < len(w) {
		return false
	}
	for k := 0; k < len(w); k++ {
		if lower(p.s[p.i+k]) != w[k] {
			return false
		}
	}
	p.i += len(w)
	return true
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads digits; false when there are none. Values past MaxConst
// are an error, so no overflow is possible.
func (p *exprParser) number() (int, bool, error) {
	start, v := p.i, 0
	for p.i < len(p.s) && isDigit(p.s[p.i]) {
		v = v*10 + int(p.s[p.i]-'0')
		p.i++
		if v > MaxConst {
			return 0, true, fmt.Errorf("at byte %d: number too large (at most %d)", start, MaxConst)
		}
	}
	return v, p.i > start, nil
}

func (p *exprParser) term() (Term, error) {
	var t Term
	start := p.i
	n, have, err := p.number()
	if err != nil {
		return t, err
	}
	if !p.eat('d') {
		if !have {
			return t, p.unexpected("a number, dice or (")
		}
		t.Const = n
		return t, nil
	}
	t.Count = 1
	if have {
		t.Count = n
	}
	if t.Count < 1 || t.Count > MaxDice {
		return t, fmt.Errorf("at byte %d: %d dice; allowed 1 to %d", start, t.Count, MaxDice)
	}
	switch {
	case p.eat('%'):
		t.Sides, t.Percent = 100, true
	case p.eat('f'):
		t.Sides, t.Fudge = 3, true
	default:
		sides, ok, err := p.number()
		if err != nil {
			return t, err
		}
		if !ok {
			return t, fmt.Errorf("at byte %d: want the number of sides, %% or F after d", p.i)
		}
		if sides < 1 || sides > MaxSides {
			return t, fmt.Errorf("at byte %d: %d sides; allowed 1 to %d", p.i, sides, MaxSides)
		}
		t.Sides = sides
	}
	if err := p.modifiers(&t); err != nil {
		return t, err
	}
	return t, t.check(start)
}

// ends reports whether the text is at the end of a term.
func (p *exprParser) ends() bool {
	if p.i >= len(p.s) {
		return true
	}
	switch p.s[p.i] {
	case '+', '-', '*', '/', ')':
		return true
	}
	return false
}

func (p *exprParser) modifiers(t *Term) error {
	for !p.ends() {
		at := p.i
		var err error
		switch c := lower(p.s[p.i]); c {
		case 'k', 'd':
			err = p.selectMod(t, at)
		case 'p':
			err = p.avraeDrop(t, at)
		case '!', 'x', 'e':
			err = p.explode(t, at)
		case 'r':
			err = p.reroll(t, at)
		case 'm':
			err = p.clamp(t, at)
		case 'c':
			err = p.foundryCount(t, at)
		case 'f':
			p.i++
			if t.Success.Op == "" {
				return fmt.Errorf("at byte %d: f (failures) needs a success count first, like 10d10>=8f1", at)
			}
			if t.Fail.Op != "" {
				return fmt.Errorf("at byte %d: a second f; write one", at)
			}
			t.Fail, err = p.compare("<=")
		case '>', '<', '=':
			if t.Success.Op != "" {
				return fmt.Errorf("at byte %d: a second success comparison; write one", at)
			}
			t.Success, err = p.compare("")
		case 's':
			return fmt.Errorf("at byte %d: sorting (s, sa, sd) only changes how faces are shown and is not read; remove it", at)
		case 'u':
			return fmt.Errorf("at byte %d: unique dice (u) are not read", at)
		default:
			return fmt.Errorf("at byte %d: unexpected %q; want a modifier (kh, kl, dh, dl, r, rr, min, max, !, !!, !p, x, xo, a comparison like >=8) or + - * /", at, p.s[at:])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// selectMod reads kh, kl, dh, dl, k or d, and an optional count.
func (p *exprParser) selectMod(t *Term, at int) error {
	c := lower(p.s[p.i])
	p.i++
	high := c == 'k'
	switch {
	case p.eat('h'):
		high = true
	case p.eat('l'):
		high = false
	case c == 'd' && p.i < len(p.s) && lower(p.s[p.i]) == 'f':
		return fmt.Errorf("at byte %d: df (deduct failures) is not read; after a success count write f, like 10d10>=8f1", at)
	}
	return p.setSelect(t, at, selectOp(c, high))
}

func (p *exprParser) setSelect(t *Term, at int, op string) error {
	if t.Select.Op != "" || t.Drop.Op != "" {
		return fmt.Errorf("at byte %d: a second keep or drop; write one", at)
	}
	n, ok, err := p.number()
	if err != nil {
		return err
	}
	if !ok {
		n = 1
	}
	if n < 1 || n > t.Count {
		return fmt.Errorf("at byte %d: %s%d on %d dice; keep or drop 1 to %d", at, op, n, t.Count, t.Count)
	}
	t.Select = Select{Op: op, N: n}
	return nil
}

// avraeDrop reads Avrae's p: ph N, pl N (drop the highest or lowest N) or
// p with a point (drop the dice it matches).
func (p *exprParser) avraeDrop(t *Term, at int) error {
	p.i++
	switch {
	case p.eat('h'):
		return p.setSelect(t, at, "dh")
	case p.eat('l'):
		return p.setSelect(t, at, "dl")
	}
	if t.Select.Op != "" || t.Drop.Op != "" {
		return fmt.Errorf("at byte %d: a second keep or drop; write one", at)
	}
	cmp, ok, err := p.point()
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("at byte %d: p (drop) wants h or l and a count, or the faces to drop, like 4d6pl1 or 4d6p<3", at)
	}
	t.Drop = cmp
	return nil
}

// explode reads !, !!, !p, x, xo, e and ra's kin, with an optional point.
func (p *exprParser) explode(t *Term, at int) error {
	kind := ""
	switch lower(p.s[p.i]) {
	case '!':
		p.i++
		switch {
		case p.eat('!'):
			kind = "!!"
			if p.eat('p') {
				return fmt.Errorf("at byte %d: compounding and penetrating at once (!!p) is not read; write !! or !p", at)
			}
		case p.eat('p'):
			kind = "!p"
		default:
			kind = "!"
		}
	case 'x':
		p.i++
		kind = "!"
		if p.eat('o') {
			kind = "xo"
		}
	case 'e':
		p.i++
		kind = "!"
	}
	return p.setExplode(t, at, kind)
}

func (p *exprParser) setExplode(t *Term, at int, kind string) error {
	if t.Explode.Kind != "" {
		return fmt.Errorf("at byte %d: a second explosion; write one", at)
	}
	if t.Fudge || t.Sides < 2 {
		return fmt.Errorf("at byte %d: only dice of 2 or more numbered sides explode", at)
	}
	on, ok, err := p.point()
	if err != nil {
		return err
	}
	if !ok {
		on = Compare{Op: "=", N: t.Sides}
	}
	t.Explode = Explode{Kind: kind, On: on}
	return nil
}

// reroll reads r, ro, rr and ra (Avrae's reroll-and-add, an explosion).
func (p *exprParser) reroll(t *Term, at int) error {
	p.i++
	kind := "ro"
	switch {
	case p.eat('o'):
	case p.eat('r'):
		kind = "rr"
	case p.eat('a'):
		return p.setExplode(t, at, "ra")
	}
	if t.Reroll.Kind != "" {
		return fmt.Errorf("at byte %d: a second reroll; write one", at)
	}
	if t.Fudge {
		return fmt.Errorf("at byte %d: Fudge dice are not rerolled", at)
	}
	on, ok, err := p.point()
	if err != nil {
		return err
	}
	if !ok {
		on = Compare{Op: "=", N: 1}
	}
	t.Reroll = Reroll{Kind: kind, On: on}
	return nil
}

// clamp reads min N, mi N, max N, ma N.
func (p *exprParser) clamp(t *Term, at int) error {
	var dst *int
	name := "min"
	switch {
	case p.eatWord("min"), p.eatWord("mi"):
		dst = &t.Min
	case p.eatWord("max"), p.eatWord("ma"):
		dst, name = &t.Max, "max"
	default:
		return fmt.Errorf("at byte %d: want min or max and a face, like 4d6min2", at)
	}
	if *dst != 0 {
		return fmt.Errorf("at byte %d: a second %s; write one", at, name)
	}
	if t.Fudge {
		return fmt.Errorf("at byte %d: Fudge dice take no %s", at, name)
	}
	n, ok, err := p.number()
	if err != nil {
		return err
	}
	if !ok || n < 1 || n > t.Sides {
		return fmt.Errorf("at byte %d: %s wants a face of the die, 1 to %d", at, name, t.Sides)
	}
	*dst = n
	return nil
}

// foundryCount reads Foundry's cs and cf: count the dice a point matches
// (a bare cs or cf counts the highest face).
func (p *exprParser) foundryCount(t *Term, at int) error {
	p.i++
	if !p.eat('s') && !p.eat('f') {
		return fmt.Errorf("at byte %d: want cs or cf (count successes or failures), like 10d10cs>=8", at)
	}
	if t.Success.Op != "" {
		return fmt.Errorf("at byte %d: a second count (cs, cf or a comparison); write one", at)
	}
	on, ok, err := p.point()
	if err != nil {
		return err
	}
	if !ok {
		on = Compare{Op: "=", N: t.Sides}
	}
	t.Success = on
	return nil
}

// point reads [cmp] n; false when neither is there.
func (p *exprParser) point() (Compare, bool, error) {
	if p.i < len(p.s) && isDigit(p.s[p.i]) {
		n, _, err := p.number()
		return Compare{Op: "=", N: n}, true, err
	}
	if p.i < len(p.s) && (p.s[p.i] == '>' || p.s[p.i] == '<' || p.s[p.i] == '=') {
		c, err := p.compare("")
		return c, err == nil, err
	}
	return Compare{}, false, nil
}

// check refuses a term whose modifiers cannot be read one way: rules
// that hold for every face or none, and pairs the tools apply in
// different orders.
func (t Term) check(at int) error {
	faces := func(c Compare) (n int) {
		for f := 1; f <= t.Sides; f++ {
			if c.Holds(f) {
				n++
			}
		}
		return n
	}
	name := dieName(t.Sides)
	if e := t.Explode; e.Kind != "" {
		switch n := faces(e.On); {
		case n == 0:
			return fmt.Errorf("at byte %d: no face of a %s is %s%d, so nothing would explode", at, name, e.On.Op, e.On.N)
		case n == t.Sides && e.Kind != "xo" && e.Kind != "ra":
			return fmt.Errorf("at byte %d: every face of a %s is %s%d, so every die would explode %d times; explode on fewer faces", at, name, e.On.Op, e.On.N, MaxChain)
		}
	}
	if r := t.Reroll; r.Kind != "" {
		switch n := faces(r.On); {
		case n == 0:
			return fmt.Errorf("at byte %d: no face of a %s is %s%d, so nothing would be rerolled", at, name, r.On.Op, r.On.N)
		case n == t.Sides:
			return fmt.Errorf("at byte %d: every face of a %s is %s%d, so every die would be rerolled; reroll fewer faces", at, name, r.On.Op, r.On.N)
		}
		if t.Explode.Kind != "" {
			return fmt.Errorf("at byte %d: a reroll and an explosion on one group are not read (the tools apply them in different orders); roll them as two groups", at)
		}
	}
	if (t.Min != 0 || t.Max != 0) && (t.Reroll.Kind != "" || t.Explode.Kind != "") {
		return fmt.Errorf("at byte %d: min or max with a reroll or an explosion is not read (the tools apply them in different orders)", at)
	}
	if t.Min != 0 && t.Max != 0 && t.Min > t.Max {
		return fmt.Errorf("at byte %d: min%d is above max%d", at, t.Min, t.Max)
	}
	return nil
}

// dieName is "d6" for an error, as a value whose text is built only
// when an error prints it.
type dieName int

func (d dieName) String() string { return "d" + strconv.Itoa(int(d)) }

// selectOp is the keep/drop operator as a constant string (building it
// byte by byte allocated on every parse).
func selectOp(c byte, high bool) string {
	switch {
	case c == 'k' && high:
		return "kh"
	case c == 'k':
		return "kl"
	case high:
		return "dh"
	}
	return "dl"
}

// compare reads cmp n; def is the operator when none is written ("" makes
// one required).
func (p *exprParser) compare(def string) (Compare, error) {
	at := p.i
	op := def
	for _, o := range []string{">=", "<=", ">", "<", "="} {
		if strings.HasPrefix(p.s[p.i:], o) {
			op = o
			p.i += len(o)
			break
		}
	}
	if op == "" {
		return Compare{}, fmt.Errorf("at byte %d: want a comparison: >=, >, <=, < or =", at)
	}
	n, ok, err := p.number()
	if err != nil {
		return Compare{}, err
	}
	if !ok {
		return Compare{}, fmt.Errorf("at byte %d: want a number after %s", p.i, op)
	}
	return Compare{Op: op, N: n}, nil
}

// Plain reports whether the expression is plain NdS±M (one group of plain
// dice and at most one constant after it): its record keeps the form it
// always had.
func (e Expr) Plain() (Notation, bool) {
	if !e.Flat() || len(e.Terms) == 0 || len(e.Terms) > 2 {
		return Notation{}, false
	}
	d := e.Terms[0]
	if d.Neg || d.Count == 0 || d.Fudge || d.Percent || !d.plainDice() {
		return Notation{}, false
	}
	n := Notation{Count: d.Count, Sides: d.Sides}
	if len(e.Terms) == 2 {
		c := e.Terms[1]
		if c.Count != 0 {
			return Notation{}, false
		}
		n.Modifier = c.Const
		if c.Neg {
			n.Modifier = -c.Const
		}
	}
	return n, true
}

// plainDice reports whether the term's dice have no modifier.
func (t Term) plainDice() bool {
	return t.Explode.Kind == "" && t.Reroll.Kind == "" && t.Select.Op == "" && t.Drop.Op == "" &&
		t.Success.Op == "" && t.Min == 0 && t.Max == 0
}

// String prints the expression in its canonical form: ParseExpr of it
// gives the same expression.
func (e Expr) String() string { return string(e.Append(nil)) }

// Append prints the canonical form onto b, without fmt.
func (e Expr) Append(b []byte) []byte {
	if e.Flat() {
		for i, t := range e.Terms {
			switch {
			case t.Neg:
				b = append(b, '-')
			case i > 0:
				b = append(b, '+')
			}
			b = t.appendTo(b)
		}
		return b
	}
	return e.appendNode(b, e.Root, 0)
}

// precedence of a node's operator: sums 1, products 2, terms 3; a
// negation prints as a leading "-", which only a whole sum may have.
func (e Expr) precedence(n int) int {
	switch e.Nodes[n].Op {
	case 0:
		return 3
	case '*', '/':
		return 2
	}
	return 1
}

// appendNode prints node n, in parentheses when its operator binds less
// than its place needs (ctx: 0 anywhere, 1 right of "-", 2 left of a
// product, 3 right of a product).
func (e Expr) appendNode(b []byte, n, ctx int) []byte {
	nd := e.Nodes[n]
	prec := e.precedence(n)
	paren := (ctx == 1 && prec == 1 && nd.Op != 'n') || (ctx >= 2 && prec == 1) || (ctx == 3 && prec == 2) ||
		(nd.Op == 'n' && ctx != 0)
	if paren {
		b = append(b, '(')
	}
	switch nd.Op {
	case 0:
		b = e.Terms[nd.Term].appendTo(b)
	case 'n':
		b = append(b, '-')
		b = e.appendNode(b, nd.L, 2)
	case '+', '-':
		b = e.appendNode(b, nd.L, 0)
		b = append(b, nd.Op)
		rctx := 0
		if nd.Op == '-' {
			rctx = 1
		}
		b = e.appendNode(b, nd.R, rctx)
	default:
		b = e.appendNode(b, nd.L, 2)
		b = append(b, nd.Op)
		b = e.appendNode(b, nd.R, 3)
	}
	if paren {
		b = append(b, ')')
	}
	return b
}

// Eval is the expression's total from its terms' values (each already
// negated when Neg): their sum, or the arithmetic of Nodes, a quotient
// rounding down.
func (e Expr) Eval(values []int) int {
	if e.Flat() {
		total := 0
		for _, v := range values {
			total += v
		}
		return total
	}
	return e.evalNode(e.Root, values)
}

func (e Expr) evalNode(n int, values []int) int {
	nd := e.Nodes[n]
	switch nd.Op {
	case 0:
		if nd.Term < len(values) {
			return values[nd.Term]
		}
		return 0
	case 'n':
		return -e.evalNode(nd.L, values)
	}
	a, b := e.evalNode(nd.L, values), e.evalNode(nd.R, values)
	switch nd.Op {
	case '+':
		return a + b
	case '-':
		return a - b
	case '*':
		return a * b
	}
	return FloorDiv(a, b)
}

// FloorDiv is a/b rounded down (toward minus infinity): -7/2 is -4. b is
// never 0 in a parsed expression.
func FloorDiv(a, b int) int {
	if b == 0 {
		return 0
	}
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func (t Term) appendTo(b []byte) []byte {
	if t.Count == 0 {
		return appendInt(b, t.Const)
	}
	b = appendInt(b, t.Count)
	b = append(b, 'd')
	switch {
	case t.Fudge:
		b = append(b, 'F')
	case t.Percent:
		b = append(b, '%')
	default:
		b = appendInt(b, t.Sides)
	}
	// A point equal to its default is left out, unless a comparison
	// would follow it and read as the point (2d6!=6>3, not 2d6!>3).
	countNext := t.Success.Op != "" && t.Select.Op == "" && t.Drop.Op == ""
	if t.Reroll.Kind != "" {
		b = append(b, t.Reroll.Kind...)
		b = appendPoint(b, t.Reroll.On, Compare{Op: "=", N: 1}, countNext && t.Min == 0 && t.Max == 0)
	}
	if t.Min != 0 {
		b = appendInt(append(b, "min"...), t.Min)
	}
	if t.Max != 0 {
		b = appendInt(append(b, "max"...), t.Max)
	}
	if t.Explode.Kind != "" {
		// "!" or "!!" right before Avrae's p would read as "!p" or "!!p".
		dropNext := t.Drop.Op != "" && (t.Explode.Kind == "!" || t.Explode.Kind == "!!")
		b = append(b, t.Explode.Kind...)
		b = appendPoint(b, t.Explode.On, Compare{Op: "=", N: t.Sides}, countNext || dropNext)
	}
	if t.Select.Op != "" {
		b = append(b, t.Select.Op...)
		b = appendInt(b, t.Select.N)
	}
	if t.Drop.Op != "" {
		b = append(b, 'p')
		b = appendPoint(b, t.Drop, Compare{}, true)
	}
	if t.Success.Op != "" {
		b = append(b, t.Success.Op...)
		b = appendInt(b, t.Success.N)
	}
	if t.Fail.Op != "" {
		b = append(b, 'f')
		if t.Fail.Op != "<=" {
			b = append(b, t.Fail.Op...)
		}
		b = appendInt(b, t.Fail.N)
	}
	return b
}

// appendPoint prints a point: nothing when it is def and need is false,
// else its comparison and number.
func appendPoint(b []byte, c, def Compare, need bool) []byte {
	if c == def && !need {
		return b
	}
	b = append(b, c.Op...)
	return appendInt(b, c.N)
}

// appendInt is strconv.AppendInt in base 10, with numbers below 100
// (faces, counts, sides: nearly every number a roll prints) written
// directly: strconv's general case costs several times as much, and a
// roll prints a dozen of them.
func appendInt(b []byte, v int) []byte {
	switch {
	case v >= 0 && v < 10:
		return append(b, byte('0'+v))
	case v >= 10 && v < 100:
		return append(b, byte('0'+v/10), byte('0'+v%10))
	}
	return strconv.AppendInt(b, int64(v), 10)
}
