// Package drawtree computes the exact odds of any mechanic that draws its
// dice from a dice.Stream and names an outcome, without knowing anything
// else about it: it replays the mechanic over every path of draws (a
// depth-first walk of the draw tree, one replay per leaf) and sums each
// leaf's probability under the outcome it named.
//
// The tree: every draw of a die with s sides branches over its s faces,
// each with probability 1/s. A pool of n dice drawn at once (the plugin
// API's dice.pool, through dice.PoolStream) branches over its multisets
// rather than its s^n ordered throws, each weighted by its multinomial
// count, when random probes find the mechanic's outcome unchanged by the
// order of a pool's faces; paths that differ only in the order of a pool's
// faces are then one state. Outcomes that are equal are merged. A path
// whose probability falls below Options.Cut (an exploding chain going on
// and on) is cut there: its whole mass is left out and reported as
// Result.Neglected, which the leaf bound keeps below 1e-12.
//
// The walk is exact only when the tree is small: before walking, random
// probes estimate the leaves (Knuth's estimator) and the time per replay;
// when the estimate is above Options.MaxLeaves, or the walk would not end
// before Options.Deadline, Exact returns a *TooBigError without walking,
// and the caller samples instead.
package drawtree

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rulehost/rulehost/engine/dice"
)

// Defaults of Options.
const (
	DefaultMaxLeaves = 1_000_000
	DefaultCut       = 1e-18
	DefaultProbes    = 128
)

// NeglectBound is the most probability a walk may leave out: with at most
// MaxLeaves leaves each cut below Cut, the cut mass is below
// MaxLeaves·Cut = 1e-12 at the defaults.
const NeglectBound = 1e-12

// Options bound a walk. Zero fields take the defaults.
type Options struct {
	// MaxLeaves is the largest tree walked exactly.
	MaxLeaves int
	// Cut is the probability below which a path is cut.
	Cut float64
	// Probes is how many random paths estimate the tree (and as many
	// check that a pool's order does not matter).
	Probes int
	// Deadline, when set, is when the walk must be over.
	Deadline time.Time
	// Seed seeds the probes.
	Seed uint64
	// FaceByFace walks every face of every die, never classes of faces
	// (see findClasses).
	FaceByFace bool
}

func (o Options) withDefaults() Options {
	if o.MaxLeaves <= 0 {
		o.MaxLeaves = DefaultMaxLeaves
	}
	if o.Cut <= 0 {
		o.Cut = DefaultCut
	}
	if o.Probes <= 0 {
		o.Probes = DefaultProbes
	}
	return o
}

// Outcome is one outcome and its probability.
type Outcome struct {
	Key string
	P   float64
}

// Result is the odds of a mechanic.
type Result struct {
	// Outcomes in the order first met (deterministic: the walk is).
	Outcomes []Outcome
	// Leaves is how many replays the walk took.
	Leaves int
	// Neglected is the probability of the paths cut (left out).
	Neglected float64
	// Pools is true when pools were walked as multisets.
	Pools bool
	// Classes names the faces walked as one branch because the outcome
	// never told them apart ("d10: 1-6 7-10"; see findClasses), when
	// the tree was too big to walk face by face.
	Classes []string
}

// Run replays the mechanic once, drawing from s, and names its outcome.
// It must draw the same dice for the same faces (a mechanic is a function
// of its faces); an error ends the walk, unless s halted the replay.
type Run func(s dice.Stream) (key string, err error)

// TooBigError says why a mechanic was not walked exactly.
type TooBigError struct {
	// Leaves is the estimated (or, when the walk was stopped, counted)
	// number of leaves; NaN when the deadline passed before an estimate.
	Leaves float64
	Reason string
}

func (e *TooBigError) Error() string {
	if math.IsNaN(e.Leaves) {
		return "the draw tree was not walked: " + e.Reason
	}
	return fmt.Sprintf("the draw tree is too big to walk exactly (about %.3g leaves): %s", e.Leaves, e.Reason)
}

// ErrNondeterministic is a mechanic whose draws are not a function of its
// earlier faces (it drew a different die, or fewer dice, on a replay).
var ErrNondeterministic = errors.New("the mechanic drew different dice on the same faces; its draws must depend only on earlier faces")

// Exact walks run's draw tree and returns the probability of each outcome.
func Exact(run Run, opts Options) (Result, error) {
	opts = opts.withDefaults()
	multiset, err := poolsCommute(run, opts)
	if err != nil {
		return Result{}, err
	}
	est, perRun, err := estimate(run, opts, multiset, nil)
	if err != nil {
		return Result{}, err
	}
	big := fits(est, perRun, opts)
	classes := multiset && !opts.FaceByFace
	if big == nil && !(classes && (est > ClassesAbove || longWalk(est, perRun, opts))) {
		return walk(run, opts, multiset, nil)
	}
	// Too big, big or long face by face: walk the faces of pools the
	// outcome cannot tell apart as one branch, if that makes it fit and
	// smaller.
	if classes {
		if cl := findClasses(run, opts); len(cl) > 0 {
			cest, cper, err := estimate(run, opts, multiset, cl)
			if err != nil {
				return Result{}, err
			}
			if fits(cest, cper, opts) == nil && cest*4 <= est {
				return walk(run, opts, multiset, cl)
			}
		}
	}
	if big == nil {
		big = fits(est, perRun, opts) // the search took some of the time
	}
	if big != nil {
		return Result{}, big
	}
	return walk(run, opts, multiset, nil)
}

// ClassesAbove is the size of a multiset tree above which face classes
// are tried before a walk face by face: the answer (exact either way)
// then does not depend on how loaded the machine is, and a 10d10 pool is
// 11 replays rather than 92,378.
const ClassesAbove = 10_000

// longWalk reports whether a walk of est leaves at perRun a replay would
// take more than a quarter of the time left: on a loaded machine such a
// walk may still miss its deadline, so classes are tried first.
func longWalk(est float64, perRun time.Duration, opts Options) bool {
	return !opts.Deadline.IsZero() && time.Duration(est*float64(perRun)) > time.Until(opts.Deadline)/4
}

// fits says why a tree of est leaves at perRun a replay is not walked,
// or nil when it is.
func fits(est float64, perRun time.Duration, opts Options) *TooBigError {
	if est > float64(opts.MaxLeaves) {
		return &TooBigError{Leaves: est, Reason: fmt.Sprintf("more than %d", opts.MaxLeaves)}
	}
	if !opts.Deadline.IsZero() {
		left := time.Until(opts.Deadline)
		if need := time.Duration(est * float64(perRun)); need > left {
			return &TooBigError{Leaves: est, Reason: fmt.Sprintf("about %s of replays, with %s left before the deadline", need.Round(time.Millisecond), left.Round(time.Millisecond))}
		}
	}
	return nil
}

// walk is the depth-first walk: replay, record the leaf, then move the
// last draw that has a face left to its next face and forget the draws
// after it (an odometer over the path).
func walk(run Run, opts Options, multiset bool, cl classes) (Result, error) {
	w := &walker{multiset: multiset, cut: opts.Cut, classes: cl, parts: map[int]*partition{}}
	tab := table{idx: map[string]int{}}
	var neglected acc
	res := Result{Pools: multiset, Classes: cl.describe()}
	for {
		w.start()
		key, err := run(w)
		switch {
		case w.err != nil:
			return Result{}, w.err
		case w.halted:
			neglected.add(w.cutMass)
		case err != nil:
			return Result{}, fmt.Errorf("on the faces %s: %w", w.faces(), err)
		case w.pos < len(w.path):
			return Result{}, ErrNondeterministic
		default:
			tab.add(key, w.mass)
		}
		res.Leaves++
		if res.Leaves > opts.MaxLeaves {
			return Result{}, &TooBigError{Leaves: float64(res.Leaves), Reason: fmt.Sprintf("stopped past %d replays (the estimate was low)", opts.MaxLeaves)}
		}
		if res.Leaves%512 == 0 && !opts.Deadline.IsZero() && time.Now().After(opts.Deadline) {
			return Result{}, &TooBigError{Leaves: float64(res.Leaves), Reason: "the deadline passed during the walk"}
		}
		if !w.next() {
			break
		}
	}
	res.Outcomes = tab.outcomes()
	res.Neglected = neglected.value()
	return res, nil
}

// node is one draw on the path: its branch (1-based: the face, or the
// class of faces, see partition), its sides, its partition, and the index
// of the first draw of its pool (-1 for a single die).
type node struct {
	face, sides int
	part        *partition
	pool        int
}

// walker is the stream of the walk: it replays the path's faces, and past
// the path's end draws each new die at its lowest face (a pool's next die
// at the face before it, so a pool's faces never decrease).
type walker struct {
	path     []node
	pos      int
	multiset bool
	cut      float64
	classes  classes
	parts    map[int]*partition // identity partitions, by sides

	mass    float64 // the probability of the units drawn so far
	halted  bool
	cutMass float64
	err     error
}

var (
	_ dice.PoolStream = (*walker)(nil)
	_ dice.Halter     = (*walker)(nil)
)

func (w *walker) start() {
	w.pos, w.mass, w.halted, w.cutMass = 0, 1, false, 0
}

// Halted implements dice.Halter.
func (w *walker) Halted() bool { return w.halted || w.err != nil }

// admit decides whether a new unit may be drawn past the path's end: a
// path already less likely than the cut is cut.
func (w *walker) admit() bool {
	if w.halted || w.err != nil {
		return false
	}
	if w.pos == len(w.path) && w.mass < w.cut {
		w.halted, w.cutMass = true, w.mass
		return false
	}
	return true
}

// Roll implements dice.Stream.
func (w *walker) Roll(sides int) int {
	sides = max(sides, 1)
	if !w.admit() {
		return 1
	}
	if w.pos < len(w.path) {
		n := w.path[w.pos]
		if n.sides != sides || n.pool >= 0 {
			w.err = ErrNondeterministic
			return 1
		}
	} else {
		w.path = append(w.path, node{face: 1, sides: sides, part: classes(nil).of(sides, w.parts), pool: -1})
	}
	n := w.path[w.pos]
	w.mass *= n.part.weight(n.face)
	w.pos++
	return n.part.face(n.face)
}

// RollPool implements dice.PoolStream.
func (w *walker) RollPool(dst []int, count, sides int) []int {
	if !w.multiset || count <= 1 {
		for i := 0; i < count; i++ {
			dst = append(dst, w.Roll(sides))
		}
		return dst
	}
	sides = max(sides, 1)
	if !w.admit() {
		for i := 0; i < count; i++ {
			dst = append(dst, 1)
		}
		return dst
	}
	first := w.pos
	for i := 0; i < count; i++ {
		p := first + i
		if p < len(w.path) {
			if n := w.path[p]; n.sides != sides || n.pool != first {
				w.err = ErrNondeterministic
				return append(dst, make([]int, count-i)...)
			}
		} else {
			face := 1
			if i > 0 {
				face = w.path[p-1].face
			}
			w.path = append(w.path, node{face: face, sides: sides, part: w.classes.of(sides, w.parts), pool: first})
		}
	}
	w.pos += count
	w.mass *= multisetP(w.path[first:w.pos])
	for _, n := range w.path[first:w.pos] {
		dst = append(dst, n.part.face(n.face))
	}
	return dst
}

// next moves the path to the next leaf; false when the walk is over.
func (w *walker) next() bool {
	i := len(w.path) - 1
	for i >= 0 && w.path[i].face >= w.path[i].part.branches() {
		i--
	}
	if i < 0 {
		return false
	}
	w.path[i].face++
	w.path = w.path[:i+1]
	return true
}

func (w *walker) faces() string {
	var b strings.Builder
	for i, n := range w.path[:min(w.pos, len(w.path))] {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(n.part.face(n.face)))
	}
	return "(" + b.String() + ")"
}

// multisetP is the probability of a pool's sorted branches as a
// multiset: n!/(c1!·c2!·…)·Π w_i^c_i for the counts c of each branch
// and its weight w (1/sides for a face; a class's share of the faces).
func multisetP(faces []node) float64 {
	p := 1.0
	n, run := 0, 0
	for i, f := range faces {
		n++
		run++
		p = p * float64(n) / float64(run) * f.part.weight(f.face) // builds n!/(Π c!)·Π w^c factor by factor
		if i+1 < len(faces) && faces[i+1].face != f.face {
			run = 0
		}
	}
	return p
}

// late reports whether opts' deadline has passed (the probes are whole
// plugin calls: a slow plugin makes even they too long).
func late(opts Options) bool {
	return !opts.Deadline.IsZero() && time.Now().After(opts.Deadline)
}

// estimate runs opts.Probes random paths through the tree (each child
// picked uniformly) and returns Knuth's estimate of its leaves (the mean
// of the product of the children met along a path) and the time one
// replay takes.
func estimate(run Run, opts Options, multiset bool, cl classes) (float64, time.Duration, error) {
	rng := rand.New(rand.NewPCG(opts.Seed, 0x5eed))
	p := &prober{rng: rng, multiset: multiset, cut: opts.Cut, classes: cl, parts: map[int]*partition{}}
	sum := 0.0
	var began time.Time
	for i := 0; i < opts.Probes; i++ {
		if i == 1 {
			began = time.Now() // the first replay warms the plugin's state up: not timed
		}
		if late(opts) {
			return 0, 0, &TooBigError{Leaves: math.NaN(), Reason: "the deadline passed while estimating the tree"}
		}
		p.start()
		if _, err := run(p); err != nil && !p.halted {
			return 0, 0, fmt.Errorf("on the faces %v: %w", p.faces, err)
		}
		sum += p.width
		if math.IsInf(sum, 0) {
			break
		}
	}
	per := time.Duration(0)
	if opts.Probes > 1 {
		per = time.Since(began) / time.Duration(opts.Probes-1)
	}
	return sum / float64(opts.Probes), per, nil
}

// prober is the stream of one random path, choosing every child with
// the same chance and multiplying up the children met (width); it cuts
// as the walker does.
type prober struct {
	rng      *rand.Rand
	multiset bool
	cut      float64
	classes  classes
	parts    map[int]*partition

	faces  []int
	width  float64
	mass   float64
	halted bool
}

func (p *prober) start() {
	p.faces, p.width, p.mass, p.halted = p.faces[:0], 1, 1, false
}

func (p *prober) Halted() bool { return p.halted }

func (p *prober) admit() bool {
	if !p.halted && p.mass < p.cut {
		p.halted = true
	}
	return !p.halted
}

func (p *prober) Roll(sides int) int {
	sides = max(sides, 1)
	if !p.admit() {
		return 1
	}
	part := classes(nil).of(sides, p.parts) // a single die: face by face
	b := p.rng.IntN(part.branches())
	p.width *= float64(part.branches())
	p.mass *= part.weight(b + 1)
	f := part.face(b + 1)
	p.faces = append(p.faces, f)
	return f
}

func (p *prober) RollPool(dst []int, count, sides int) []int {
	if !p.multiset || count <= 1 {
		for i := 0; i < count; i++ {
			dst = append(dst, p.Roll(sides))
		}
		return dst
	}
	sides = max(sides, 1)
	if !p.admit() {
		return append(dst, make([]int, count)...)
	}
	start := len(dst)
	part := p.classes.of(sides, p.parts)
	k := part.branches()
	lo := 1
	nodes := make([]node, 0, count)
	for i := 0; i < count; i++ {
		b := lo + p.rng.IntN(k-lo+1) // a child among the branches not below the last
		p.width *= float64(k - lo + 1)
		lo = b
		dst = append(dst, part.face(b))
		nodes = append(nodes, node{face: b, sides: sides, part: part})
	}
	p.mass *= multisetP(nodes)
	p.faces = append(p.faces, dst[start:]...)
	return dst
}

// poolsCommute reports whether the mechanic's pools may be walked as
// multisets: it replays opts.Probes seeded throws twice, with each pool's
// faces as thrown and sorted, and finds the outcome the same every time.
// A mechanic that draws no pool of two or more dice answers false (there
// is nothing to merge).
func poolsCommute(run Run, opts Options) (bool, error) {
	sawPool := false
	for i := 0; i < opts.Probes; i++ {
		if late(opts) {
			return false, &TooBigError{Leaves: math.NaN(), Reason: "the deadline passed while probing the pools"}
		}
		seed := opts.Seed + uint64(i)
		a := &orderStream{s: dice.New(seed, 1, 0)}
		ka, errA := run(a)
		b := &orderStream{s: dice.New(seed, 1, 0), sorted: true}
		kb, errB := run(b)
		sawPool = sawPool || a.pools
		if (errA == nil) != (errB == nil) || ka != kb {
			return false, nil
		}
		if errA != nil {
			return false, fmt.Errorf("on a seeded throw: %w", errA)
		}
	}
	return sawPool, nil
}

// orderStream is a seeded stream that may sort each pool's faces.
type orderStream struct {
	s      dice.Stream
	sorted bool
	pools  bool
}

func (o *orderStream) Roll(sides int) int { return o.s.Roll(sides) }

func (o *orderStream) RollPool(dst []int, count, sides int) []int {
	start := len(dst)
	for i := 0; i < count; i++ {
		dst = append(dst, o.s.Roll(sides))
	}
	if count > 1 {
		o.pools = true
		if o.sorted {
			slices.Sort(dst[start:])
		}
	}
	return dst
}

// table sums probabilities per outcome, in first-met order.
type table struct {
	idx  map[string]int
	keys []string
	p    []acc
}

func (t *table) add(k string, p float64) {
	if i, ok := t.idx[k]; ok {
		t.p[i].add(p)
		return
	}
	t.idx[k] = len(t.keys)
	t.keys = append(t.keys, k)
	t.p = append(t.p, acc{s: p})
}

func (t *table) outcomes() []Outcome {
	out := make([]Outcome, len(t.keys))
	for i, k := range t.keys {
		out[i] = Outcome{Key: k, P: t.p[i].value()}
	}
	return out
}

// acc is a compensated (Neumaier) sum.
type acc struct{ s, c float64 }

func (a *acc) add(x float64) {
	t := a.s + x
	if math.Abs(a.s) >= math.Abs(x) {
		a.c += (a.s - t) + x
	} else {
		a.c += (x - t) + a.s
	}
	a.s = t
}

func (a acc) value() float64 { return a.s + a.c }
