package dice

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Expr is dice notation as people already type it in Foundry VTT, Roll20
// and Dice Maiden, for [roll_dice: dice="..."] and `rulehost roll`: terms
// added or subtracted, each a constant or a group of dice with optional
// keep/drop, exploding and success counting.
//
//	expr    = term { ("+" | "-") term }      at most MaxTerms terms
//	term    = number | dice
//	dice    = [count] "d" (sides | "%" | "F") { modifier }
//	modifier= ("kh" | "kl" | "dh" | "dl" | "k") n    keep/drop highest/lowest ("k" is "kh")
//	        | "!"                                    explode: a die showing its highest face adds
//	                                                 another die, a chain at most MaxChain long
//	        | cmp n                                  count successes: faces that compare true
//	        | "f" [cmp] n                            with a success count: faces that compare
//	                                                 true (default "<=") take one success away
//	cmp     = ">=" | ">" | "<=" | "<" | "="
//
// Letters are read in any case; spaces are not part of the grammar (the
// caller removes them). "d%" is a d100 and "dF" a Fudge die (faces -1, 0, +1).
// Counts and sides are bounded (MaxDice dice in all, MaxSides sides), so no
// expression can stall the engine.
type Expr struct {
	Terms []Term
}

// Term is one part of an expression.
type Term struct {
	// Neg is true for a term after "-".
	Neg bool
	// Count is the number of dice; 0 makes the term the constant Const.
	Count, Sides int
	Const        int
	// Fudge dice have faces -1, 0, +1; Percent prints the d100 as "d%".
	Fudge, Percent bool
	// Select keeps or drops some faces before they are added or counted.
	Select Select
	// Explode adds a die each time one shows its highest face.
	Explode bool
	// Success, when set, makes the term's value the number of faces that
	// compare true; Fail faces take one away each.
	Success, Fail Compare
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
	// MaxTerms bounds the terms of one expression.
	MaxTerms = 20
	// MaxChain bounds the extra dice one exploding die may add, like the
	// spec's open-ended chains (checks.md: at most 20 dice in a chain).
	MaxChain = 20
	// MaxConst bounds a constant term.
	MaxConst = 1_000_000
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

// ParseExpr reads an expression (see Expr). It never panics; the error
// says where the text stops making sense and what was wanted.
func ParseExpr(s string) (Expr, error) {
	var e Expr
	if err := ParseExprInto(&e, s); err != nil {
		return Expr{}, err
	}
	return e, nil
}

// ParseExprInto is ParseExpr into dst, reusing dst.Terms' storage: a
// caller that reads expression after expression (roll_dice in a Checker)
// parses without allocating once the storage is big enough. On error dst
// holds no terms.
func ParseExprInto(dst *Expr, s string) error {
	p := exprParser{s: s}
	dst.Terms = dst.Terms[:0]
	if err := p.exprInto(dst); err != nil {
		dst.Terms = dst.Terms[:0]
		return fmt.Errorf("dice %q: %w", s, err)
	}
	return nil
}

type exprParser struct {
	s string
	i int
}

func (p *exprParser) exprInto(e *Expr) error {
	dice := 0
	for {
		neg := false
		if len(e.Terms) > 0 || p.peek('+') || p.peek('-') {
			switch {
			case p.eat('+'):
			case p.eat('-'):
				neg = true
			case len(e.Terms) > 0:
				return fmt.Errorf("at byte %d: unexpected %q; want dice notation like 2d6+1, 4d6kh3, 1d8+1d6, 1d6!, 4dF, d%% or 10d10>=8f1", p.i, p.s[p.i:])
			}
		}
		t, err := p.term()
		if err != nil {
			return err
		}
		t.Neg = neg
		e.Terms = append(e.Terms, t)
		if len(e.Terms) > MaxTerms {
			return fmt.Errorf("more than %d terms", MaxTerms)
		}
		if dice += t.Count; dice > MaxDice {
			return fmt.Errorf("%d dice in all; allowed at most %d", dice, MaxDice)
		}
		if p.i == len(p.s) {
			return nil
		}
	}
}

func (p *exprParser) peek(c byte) bool { return p.i < len(p.s) && p.s[p.i] == c }

func (p *exprParser) eat(c byte) bool {
	if p.i < len(p.s) && lower(p.s[p.i]) == c {
		p.i++
		return true
	}
	return false
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// number reads digits; false when there are none. Values past MaxConst
// are an error, so no overflow is possible.
func (p *exprParser) number() (int, bool, error) {
	start, v := p.i, 0
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
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
			if p.i == len(p.s) {
				return t, fmt.Errorf("at byte %d: the expression ends where a term is wanted", p.i)
			}
			return t, fmt.Errorf("at byte %d: unexpected %q; want a number or dice notation like 2d6+1, 4d6kh3, 1d6!, 4dF or 10d10>=8", p.i, p.s[p.i:])
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
	return t, p.modifiers(&t)
}

func (p *exprParser) modifiers(t *Term) error {
	for p.i < len(p.s) && p.s[p.i] != '+' && p.s[p.i] != '-' {
		at := p.i
		switch c := lower(p.s[p.i]); {
		case c == 'k' || c == 'd':
			if t.Select.Op != "" {
				return fmt.Errorf("at byte %d: a second keep or drop; write one", at)
			}
			p.i++
			high := true
			switch {
			case p.eat('h'):
			case p.eat('l'):
				high = false
			case c == 'k':
			default:
				return fmt.Errorf("at byte %d: want dh or dl (drop highest or lowest)", at)
			}
			op := selectOp(c, high)
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
		case c == '!':
			p.i++
			if t.Explode {
				return fmt.Errorf("at byte %d: a second !; write one", at)
			}
			if t.Fudge || t.Sides < 2 {
				return fmt.Errorf("at byte %d: only dice of 2 or more numbered sides explode", at)
			}
			t.Explode = true
		case c == 'f':
			p.i++
			if t.Success.Op == "" {
				return fmt.Errorf("at byte %d: f (failures) needs a success count first, like 10d10>=8f1", at)
			}
			if t.Fail.Op != "" {
				return fmt.Errorf("at byte %d: a second f; write one", at)
			}
			cmp, err := p.compare("<=")
			if err != nil {
				return err
			}
			t.Fail = cmp
		case c == '>' || c == '<' || c == '=':
			if t.Success.Op != "" {
				return fmt.Errorf("at byte %d: a second success comparison; write one", at)
			}
			cmp, err := p.compare("")
			if err != nil {
				return err
			}
			t.Success = cmp
		default:
			return fmt.Errorf("at byte %d: unexpected %q; want kh, kl, dh, dl, !, a comparison like >=8, or + or -", at, p.s[at:])
		}
	}
	return nil
}

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
	if len(e.Terms) == 0 || len(e.Terms) > 2 {
		return Notation{}, false
	}
	d := e.Terms[0]
	if d.Neg || d.Count == 0 || d.Fudge || d.Percent || d.Explode || d.Select.Op != "" || d.Success.Op != "" {
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

// String prints the expression in its canonical form: ParseExpr of it
// gives the same expression.
func (e Expr) String() string { return string(e.Append(nil)) }

// Append prints the canonical form onto b, without fmt.
func (e Expr) Append(b []byte) []byte {
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
	if t.Explode {
		b = append(b, '!')
	}
	if t.Select.Op != "" {
		b = append(b, t.Select.Op...)
		b = appendInt(b, t.Select.N)
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

// TermResult is one term as thrown: every face in throw order (an
// exploding die's chain right after it), the faces kept, and the term's
// value (sum of kept faces, or net successes; negated after "-").
type TermResult struct {
	Faces, Kept []int
	Value       int
}

// Roll throws the expression. Draw order: terms left to right, within a
// term each die in turn, an exploding die's extra dice right after it;
// a Fudge die is one draw of a d3 read as -1, 0, +1.
func (e Expr) Roll(s Stream) (terms []TermResult, total int) {
	return e.roll(s, nil)
}

// RollBuffers is storage RollInto reuses from roll to roll: the terms'
// results and every face (each term's faces and kept faces are stretches
// of it, valid until the next RollInto).
type RollBuffers struct {
	Terms []TermResult
	faces []int
	kept  []int
	drop  []bool
}

// RollInto is Roll into b's storage: the same draws and the same results,
// without allocating once the storage has grown to the expression.
func (e Expr) RollInto(s Stream, b *RollBuffers) (terms []TermResult, total int) {
	return e.roll(s, b)
}

func (e Expr) roll(s Stream, b *RollBuffers) (terms []TermResult, total int) {
	if b == nil {
		return e.rollFresh(s)
	}
	b.Terms, b.faces, b.kept = b.Terms[:0], b.faces[:0], b.kept[:0]
	for i := range e.Terms {
		t := &e.Terms[i]
		start := len(b.faces)
		b.faces = t.throw(s, b.faces)
		// A term's faces end where the next term's begin (the cap says
		// so); if b.faces moves while a later term grows it, the slices
		// already taken keep the old array, whose faces stay as thrown.
		faces := b.faces[start:len(b.faces):len(b.faces)]
		var kept []int
		kept, b.kept, b.drop = t.Select.applyInto(faces, b.kept, b.drop)
		r := t.readKept(faces, kept)
		b.Terms = append(b.Terms, r)
		total += r.Value
	}
	return b.Terms, total
}

func (e Expr) rollFresh(s Stream) (terms []TermResult, total int) {
	terms = make([]TermResult, len(e.Terms))
	for i := range e.Terms {
		t := &e.Terms[i]
		var faces []int
		if t.Count > 0 {
			faces = make([]int, 0, t.Count+t.Count/4+1) // room for a few explosions
		}
		faces = t.throw(s, faces)
		terms[i] = t.Read(faces)
		total += terms[i].Value
	}
	return terms, total
}

// throw appends the term's dice to faces, drawn one after the other (an
// exploding die's extra dice right after it). A term of plain dice, the
// common case, draws them all with RollMany: the same faces in the same
// order as one Roll per die, without a call per die.
func (t *Term) throw(s Stream, faces []int) []int {
	if t.Fudge || t.Explode {
		for range t.Count {
			faces = t.throwOne(s, faces)
		}
		return faces
	}
	if t.Count <= 0 {
		return faces
	}
	n := len(faces)
	if cap(faces)-n < t.Count {
		faces = slices.Grow(faces, t.Count)
	}
	faces = faces[:n+t.Count]
	RollMany(s, faces[n:], t.Sides)
	return faces
}

// throwOne appends one die and, when it explodes, its chain.
func (t *Term) throwOne(s Stream, faces []int) []int {
	f := s.Roll(t.Sides)
	if t.Fudge {
		return append(faces, f-2)
	}
	faces = append(faces, f)
	for chain := 0; t.Explode && f == t.Sides && chain < MaxChain; chain++ {
		f = s.Roll(t.Sides)
		faces = append(faces, f)
	}
	return faces
}

// Read decides a term's result from its faces: one definition, used by
// the roller and by anything that checks a record.
func (t Term) Read(faces []int) TermResult {
	var kept []int
	if t.Count > 0 {
		kept = t.Select.apply(faces)
	}
	return t.readKept(faces, kept)
}

// readKept is Read with the kept faces already selected.
func (t Term) readKept(faces, kept []int) TermResult {
	r := TermResult{Faces: faces}
	if t.Count == 0 {
		r.Value = t.Const
	} else {
		r.Kept = kept
		if t.Success.Op == "" {
			for _, f := range kept {
				r.Value += f
			}
		} else {
			// Each comparison's operator is read once, not per face.
			succ, fail := t.Success.bounds(), t.Fail.bounds()
			for _, f := range kept {
				switch {
				case succ.holds(f):
					r.Value++
				case fail.holds(f):
					r.Value--
				}
			}
		}
	}
	if t.Neg {
		r.Value = -r.Value
	}
	return r
}

// apply returns the kept faces in throw order.
func (sel Select) apply(faces []int) []int {
	kept, _, _ := sel.applyInto(faces, nil, nil)
	return kept
}

// applyInto is apply with the kept faces appended to keptBuf and the
// marks in dropBuf, both returned grown for the next term: the kept faces
// are keptBuf's new stretch (all of faces when nothing is selected).
func (sel Select) applyInto(faces, keptBuf []int, dropBuf []bool) (kept, keptOut []int, dropOut []bool) {
	if sel.Op == "" {
		return faces, keptBuf, dropBuf
	}
	// Drop n faces, highest or lowest; of equal faces the last thrown goes
	// first, so the kept faces are the first of their value (what terms=
	// marks).
	n := sel.N
	if sel.Op == "kh" || sel.Op == "kl" {
		n = len(faces) - sel.N // keep N = drop the others
	}
	dropHigh := sel.Op == "dh" || sel.Op == "kl"
	dropped := append(dropBuf[:0], make([]bool, len(faces))...)
	for range max(n, 0) {
		best := -1
		for i, f := range faces {
			if dropped[i] {
				continue
			}
			if best < 0 || (dropHigh && f >= faces[best]) || (!dropHigh && f <= faces[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		dropped[best] = true
	}
	start := len(keptBuf)
	for i, f := range faces {
		if !dropped[i] {
			keptBuf = append(keptBuf, f)
		}
	}
	return keptBuf[start:len(keptBuf):len(keptBuf)], keptBuf, dropped
}

// FormatTerm writes a term's result as a roll record's terms= shows it:
// "4d6kh3(6,5,3,~1)=14", "+1d8(4)=4", "-2=-2" (index 0 takes no "+").
func FormatTerm(t Term, index int, r TermResult) string {
	return string(AppendTerm(make([]byte, 0, 16+4*len(r.Faces)), t, index, r))
}

// AppendTerm is FormatTerm appending to b, so a record's terms= is built
// in one buffer.
func AppendTerm(b []byte, t Term, index int, r TermResult) []byte {
	switch {
	case t.Neg:
		b = append(b, '-')
	case index > 0:
		b = append(b, '+')
	}
	b = t.appendTo(b)
	if t.Count > 0 {
		b = append(b, '(')
		k := 0
		for i, f := range r.Faces {
			if i > 0 {
				b = append(b, ',')
			}
			if k < len(r.Kept) && r.Kept[k] == f {
				k++
			} else {
				b = append(b, '~')
			}
			b = appendInt(b, f)
		}
		b = append(b, ')')
	}
	b = append(b, '=')
	return appendInt(b, r.Value)
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
