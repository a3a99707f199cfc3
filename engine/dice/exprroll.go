package dice

import (
	"errors"
	"fmt"
	"slices"
)

// TermResult is one term as thrown: every face in throw order (a reroll
// right after the face it replaces, an exploding die's chain right after
// it), which faces do not count, the dice kept and the term's value (the
// kept dice added up, or the net successes; negated after "-").
type TermResult struct {
	Faces []int
	// Dropped marks the faces that do not count: rerolled away, or of a
	// die that keep/drop left out. Nil when every face counts.
	Dropped []bool
	// Kept is the value of each die kept, in throw order (a compounded
	// die's chain is one value; a penetrating die's extra dice count one
	// less than their faces; min/max applied).
	Kept  []int
	Value int
}

// Roll throws the expression. Draw order: terms left to right, within a
// term each die in turn, a reroll right after the face it replaces and
// an exploding die's extra dice right after it; a Fudge die is one draw
// of a d3 read as -1, 0, +1.
func (e Expr) Roll(s Stream) (terms []TermResult, total int) {
	return e.roll(s, nil)
}

// RollBuffers is storage RollInto reuses from roll to roll: the terms'
// results and every face (each term's faces, marks and kept dice are
// stretches of it, valid until the next RollInto).
type RollBuffers struct {
	Terms  []TermResult
	faces  []int
	marks  []bool
	kept   []int
	values []int
	scr    scratch
}

// RollInto is Roll into b's storage: the same draws and the same results,
// without allocating once the storage has grown to the expression.
func (e Expr) RollInto(s Stream, b *RollBuffers) (terms []TermResult, total int) {
	return e.roll(s, b)
}

func (e Expr) roll(s Stream, b *RollBuffers) (terms []TermResult, total int) {
	if b == nil {
		// Fresh storage sized to the expression: a few allocations, not
		// one per growth.
		n := 0
		for i := range e.Terms {
			n += e.Terms[i].Count
		}
		n += n/4 + 1 // room for a few rerolls and explosions
		b = &RollBuffers{Terms: make([]TermResult, 0, len(e.Terms)), values: make([]int, 0, len(e.Terms)),
			faces: make([]int, 0, n), kept: make([]int, 0, n)}
		b.scr.dice = make([]die, 0, n)
	}
	b.Terms, b.faces, b.marks, b.kept, b.values = b.Terms[:0], b.faces[:0], b.marks[:0], b.kept[:0], b.values[:0]
	for i := range e.Terms {
		t := &e.Terms[i]
		r := t.play(s, b)
		b.Terms = append(b.Terms, r)
		b.values = append(b.values, r.Value)
	}
	return b.Terms, e.Eval(b.values)
}

// die is one die of a term as its modifiers make it: a value and the
// faces it was made of (first..end), which a drop marks.
type die struct {
	value      int
	first, end int
}

// scratch is a term's working storage.
type scratch struct {
	dice    []die
	dropped []bool
}

// play throws the term from s, appending its faces and marks to b's
// storage (the term's stretches end where the next term's begin: the cap
// says so). Its modifiers apply in one order: reroll, min/max, explosion,
// keep/drop, then the sum or the count.
func (t *Term) play(s Stream, b *RollBuffers) TermResult {
	if t.Count == 0 {
		r := TermResult{Value: t.Const}
		if t.Neg {
			r.Value = -r.Value
		}
		return r
	}
	start := len(b.faces)
	if t.plainDice() && !t.Fudge {
		// The common case draws every die with RollMany: the faces of
		// one Roll per die, without a call per die.
		n := len(b.faces)
		b.faces = slices.Grow(b.faces, t.Count)[:n+t.Count]
		RollMany(s, b.faces[n:], t.Sides)
	} else {
		b.faces = t.throw(s, b.faces, &b.scr)
	}
	faces := b.faces[start:len(b.faces):len(b.faces)]
	return t.finish(faces, b, t.plainDice() && !t.Fudge)
}

// throw appends the term's draws to faces and its dice to sc.dice (faces
// indexed from the term's first face).
func (t *Term) throw(s Stream, faces []int, sc *scratch) []int {
	base := len(faces)
	sc.dice = sc.dice[:0]
	draw := func() int {
		f := s.Roll(t.Sides)
		if t.Fudge {
			f -= 2
		}
		faces = append(faces, f)
		return f
	}
	added := false
	for range t.Count {
		at := len(faces) - base
		f := draw()
		if t.Reroll.Kind != "" {
			limit := 1
			if t.Reroll.Kind == "rr" {
				limit = MaxChain
			}
			for n := 0; n < limit && t.Reroll.On.Holds(f); n++ {
				at = len(faces) - base
				f = draw()
			}
		}
		one := func(v int) {
			sc.dice = append(sc.dice, die{value: v, first: at, end: len(faces) - base})
		}
		e := t.Explode
		switch e.Kind {
		case "":
			if t.Min != 0 {
				f = max(f, t.Min)
			}
			if t.Max != 0 {
				f = min(f, t.Max)
			}
			one(f)
		case "!", "!p":
			one(f)
			for chain := 0; chain < MaxChain && e.On.Holds(f); chain++ {
				at = len(faces) - base
				f = draw()
				if e.Kind == "!p" {
					one(f - 1)
				} else {
					one(f)
				}
			}
		case "!!":
			sum := f
			for chain := 0; chain < MaxChain && e.On.Holds(f); chain++ {
				f = draw()
				sum += f
			}
			one(sum)
		case "xo", "ra":
			one(f)
			if e.On.Holds(f) && (e.Kind == "xo" || !added) {
				added = true
				at = len(faces) - base
				one(draw())
			}
		}
	}
	return faces
}

// finish reads a thrown term: its dice (sc.dice, or one per face when
// perFace), keep/drop, and the value.
func (t *Term) finish(faces []int, b *RollBuffers, perFace bool) TermResult {
	sc := &b.scr
	if perFace {
		sc.dice = sc.dice[:0]
		for i, f := range faces {
			sc.dice = append(sc.dice, die{value: f, first: i, end: i + 1})
		}
	}
	r := TermResult{Faces: faces}
	dropped := t.selectDice(sc)
	// A face counts only as part of a die kept (a face rerolled away is
	// part of no die): mark every face, then clear the faces of the dice
	// kept.
	mstart := len(b.marks)
	some := false
	for range faces {
		b.marks = append(b.marks, true)
	}
	marks := b.marks[mstart:len(b.marks):len(b.marks)]
	kstart := len(b.kept)
	succ, fail := t.Success.bounds(), t.Fail.bounds()
	for k, d := range sc.dice {
		if dropped != nil && dropped[k] {
			continue
		}
		for i := d.first; i < d.end; i++ {
			marks[i] = false
		}
		b.kept = append(b.kept, d.value)
		switch {
		case t.Success.Op == "":
			r.Value += d.value
		case succ.holds(d.value):
			r.Value++
		case fail.holds(d.value):
			r.Value--
		}
	}
	for _, m := range marks {
		some = some || m
	}
	if some {
		r.Dropped = marks
	} else {
		b.marks = b.marks[:mstart]
	}
	r.Kept = b.kept[kstart:len(b.kept):len(b.kept)]
	if t.Neg {
		r.Value = -r.Value
	}
	return r
}

// selectDice marks the dice keep/drop or Drop leaves out; nil when none is.
func (t *Term) selectDice(sc *scratch) []bool {
	switch {
	case t.Drop.Op != "":
		sc.dropped = sc.dropped[:0]
		for _, d := range sc.dice {
			sc.dropped = append(sc.dropped, t.Drop.Holds(d.value))
		}
		return sc.dropped
	case t.Select.Op == "":
		return nil
	}
	// Drop n dice, highest or lowest; of equal values the last thrown goes
	// first, so the kept dice are the first of their value.
	n := t.Select.N
	if t.Select.Op == "kh" || t.Select.Op == "kl" {
		n = len(sc.dice) - t.Select.N // keep N = drop the others
	}
	dropHigh := t.Select.Op == "dh" || t.Select.Op == "kl"
	sc.dropped = append(sc.dropped[:0], make([]bool, len(sc.dice))...)
	for range max(n, 0) {
		best := -1
		for i, d := range sc.dice {
			if sc.dropped[i] {
				continue
			}
			if best < 0 || (dropHigh && d.value >= sc.dice[best].value) || (!dropHigh && d.value <= sc.dice[best].value) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		sc.dropped[best] = true
	}
	return sc.dropped
}

// replay is a stream that gives recorded faces back (Fudge faces as the
// d3 draws they were), counting any draw past the end.
type replay struct {
	faces   []int
	fudge   bool
	next    int
	overrun int
}

func (r *replay) Roll(int) int {
	if r.next >= len(r.faces) {
		r.overrun++
		return 1
	}
	f := r.faces[r.next]
	r.next++
	if r.fudge {
		f += 2
	}
	return f
}

// Read decides a term's result from its faces: one definition, used by
// the roller and by anything that checks a record. Faces that are not a
// whole throw of the term read as far as they go; ReadFaces says so.
func (t Term) Read(faces []int) TermResult {
	r, _ := t.ReadFaces(faces)
	return r
}

// ErrFaces is ReadFaces' error for faces the term could not have thrown.
var ErrFaces = errors.New("not the faces of one throw")

// ReadFaces is Read, with an error when the faces are not exactly what
// one throw of the term draws (too few for its rerolls and explosions,
// or some left over).
func (t Term) ReadFaces(faces []int) (TermResult, error) {
	var b RollBuffers
	if t.Count == 0 {
		return t.play(nil, &b), nil
	}
	if t.plainDice() {
		r := t.finish(faces, &b, true)
		if len(faces) != t.Count {
			return r, fmt.Errorf("%w: %d faces for %d dice", ErrFaces, len(faces), t.Count)
		}
		return r, nil
	}
	rp := &replay{faces: faces, fudge: t.Fudge}
	got := t.throw(rp, nil, &b.scr)
	if rp.overrun == 0 && rp.next == len(faces) {
		return t.finish(got, &b, false), nil
	}
	// Read as far as the faces go: the dice made of faces given.
	kept := b.scr.dice[:0]
	for _, d := range b.scr.dice {
		if d.end <= len(faces) {
			kept = append(kept, d)
		}
	}
	b.scr.dice = kept
	r := t.finish(faces, &b, false)
	return r, fmt.Errorf("%w: %d faces, the throw draws %d", ErrFaces, len(faces), len(got)-rp.overrun)
}

// FormatTerm writes a term's result as a roll record's terms= shows it:
// "4d6kh3(6,5,3,~1)=14", "+1d8(4)=4", "-2=-2" (index 0 takes no "+").
func FormatTerm(t Term, index int, r TermResult) string {
	return string(AppendTerm(make([]byte, 0, 16+4*len(r.Faces)), t, index, r))
}

// AppendTerm is FormatTerm appending to b, so a record's terms= is built
// in one buffer. It is the form of a term of a sum; Expr.AppendTerm
// prints any expression's terms.
func AppendTerm(b []byte, t Term, index int, r TermResult) []byte {
	switch {
	case t.Neg:
		b = append(b, '-')
	case index > 0:
		b = append(b, '+')
	}
	return appendResult(b, t, r)
}

// AppendTerm prints term i of e as terms= shows it: in a sum with its
// sign (AppendTerm); in an expression with products, bare, the sums and
// products being dice='s.
func (e Expr) AppendTerm(b []byte, i int, r TermResult) []byte {
	if e.Flat() {
		return AppendTerm(b, e.Terms[i], i, r)
	}
	return appendResult(b, e.Terms[i], r)
}

// FormatTerm is Expr.AppendTerm as a string.
func (e Expr) FormatTerm(i int, r TermResult) string {
	return string(e.AppendTerm(nil, i, r))
}

func appendResult(b []byte, t Term, r TermResult) []byte {
	b = t.appendTo(b)
	if t.Count > 0 {
		b = append(b, '(')
		for i, f := range r.Faces {
			if i > 0 {
				b = append(b, ',')
			}
			if r.Dropped != nil && r.Dropped[i] {
				b = append(b, '~')
			}
			b = appendInt(b, f)
		}
		b = append(b, ')')
	}
	b = append(b, '=')
	return appendInt(b, r.Value)
}
