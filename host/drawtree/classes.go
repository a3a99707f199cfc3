package drawtree

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Face classes: a tree too big to walk face by face is often small when
// the faces of a pool the mechanic cannot tell apart are walked as one
// branch. An
// opposed pool of 5 against 5 d10 counting 7+ has C(14,5)² = 4,008,004
// multiset leaves, but its outcome reads each die only as "below 7" or
// "7 or more": two classes of faces, {1..6} and {7..10}, and 6·6 = 36
// leaves. A branch of a class shows the mechanic the class's lowest face
// and weighs it by the class's share of the faces (6/10, 4/10).
//
// The classes are found the way poolsCommute finds that a pool's order
// does not matter, by replaying the mechanic: on throws with every die
// at the same face, then on random throws, one die of each pool (its dice
// are alike: the order does not matter) is set to every one of its faces
// with the others kept, and two faces whose
// outcomes ever differ are told apart. The classes are the faces never
// told apart from one another, per number of sides (every pool die of
// that size). Like the pools' order, this is found by trying, not proved,
// so it is used only where a mechanic's reading of its dice is simple
// enough for trying to find it out: dice of pools (dice.pool, walked as
// multisets), which mechanics count against targets; a single die (an
// open-ended d100 whose rare chains read faces finely) is always walked
// face by face. Classes are tried only when the face-by-face tree is too
// big, and the result says which it walked (Result.Classes).

// partition is how the walk branches over one die: branch b (1-based)
// shows face rep[b-1] and weighs frac[b-1] (its class's share of the
// faces). Without classes (rep nil) branch b is face b, weighing 1/sides:
// nothing is allocated per face (a die may have 2^30 of them).
type partition struct {
	sides int
	rep   []int
	frac  []float64
}

// identity is the partition of a die walked face by face.
func identity(sides int) *partition { return &partition{sides: sides} }

// branches is how many children a die of this partition has.
func (p *partition) branches() int {
	if p.rep == nil {
		return p.sides
	}
	return len(p.rep)
}

// face is the face shown for branch b.
func (p *partition) face(b int) int {
	if p.rep == nil {
		return b
	}
	return p.rep[b-1]
}

// weight is the probability of branch b.
func (p *partition) weight(b int) float64 {
	if p.rep == nil {
		return 1 / float64(p.sides)
	}
	return p.frac[b-1]
}

// classes are the partitions found by findClasses, by number of sides;
// a size not in the map is walked face by face.
type classes map[int]*partition

// of returns the partition of a die with sides sides (cached in cache).
func (c classes) of(sides int, cache map[int]*partition) *partition {
	if p, ok := c[sides]; ok {
		return p
	}
	p, ok := cache[sides]
	if !ok {
		p = identity(sides)
		cache[sides] = p
	}
	return p
}

// describe words the classes that merge faces, for Result.Classes: "d10:
// 1-6 7-10".
func (c classes) describe() []string {
	var out []string
	for _, sides := range sortedSides(c) {
		p := c[sides]
		var b strings.Builder
		fmt.Fprintf(&b, "d%d:", sides)
		for i, lo := range p.rep {
			hi := sides
			if i+1 < len(p.rep) {
				hi = p.rep[i+1] - 1
			}
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(lo))
			if hi > lo {
				b.WriteByte('-')
				b.WriteString(strconv.Itoa(hi))
			}
		}
		out = append(out, b.String())
	}
	return out
}

func sortedSides(c classes) []int {
	s := make([]int, 0, len(c))
	for k := range c {
		s = append(s, k)
	}
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// Bounds of the search for classes.
const (
	// classReplays bounds the replays spent finding classes.
	classReplays = 1 << 14
	// classContexts is the fewest random throws each die size must be
	// tried in (every face against every other) before its classes are
	// believed; a size tried in fewer is walked face by face.
	classContexts = 24
	// maxClassSides is the largest die whose faces are classed (a d1000
	// would cost a thousand replays per throw tried).
	maxClassSides = 100
)

// findClasses replays the mechanic on throws with every die at one face
// (each face in turn), then on random throws, each time with one die of
// each pool set to every one of its faces, and returns the classes of
// pool faces whose outcomes never differed, for the die sizes where some
// faces merge and that were tried in at least classContexts throws. Only
// contiguous runs of faces are merged (a class is a range lo..hi), so a
// class is shown by its lowest face and the walk's faces stay in order.
// An error on any replay (or the deadline) gives no classes (nil).
func findClasses(run Run, opts Options) classes {
	rng := rand.New(rand.NewPCG(opts.Seed^0xc1a55e5, 0x5eed))
	split := map[int][][]bool{} // sides -> [f][g] told apart
	tried := map[int]int{}      // sides -> throws a die of it was tried in
	replays := 0
	sc := &scripted{}
	// The throws tried: first every die at the same face v, for each v up
	// to the largest die seen (the corners a random throw almost never
	// meets: all tens, all ones), then random throws.
	largest, uniform := 0, 0
	for ctx := 0; replays < classReplays; ctx++ {
		if late(opts) {
			return nil
		}
		fill := 0 // random
		if ctx > 0 && uniform < largest {
			uniform++
			fill = uniform
		}
		sc.start(nil, fill, rng.Uint64())
		if _, err := run(sc); err != nil {
			return nil
		}
		base := append([]draw(nil), sc.drawn...)
		if len(base) == 0 {
			return nil // nothing drawn: nothing to class
		}
		for _, d := range base {
			largest = max(largest, min(d.sides, maxClassSides))
		}
		seed := rng.Uint64()
		progressed := false
		here := map[int]bool{} // the sizes tried in this throw
		// one die of each pool, at random: a pool's order does not
		// matter (poolsCommute), so its dice are alike
		pick := map[int]int{} // first draw of a pool -> the die tried
		for j, d := range base {
			if d.pool >= 0 {
				n := pick[d.pool]
				if n == 0 || rng.IntN(j-d.pool+1) == 0 {
					pick[d.pool] = j + 1 // 1-based, 0 = none yet
				}
			}
		}
		for j, d := range base {
			if d.pool < 0 || pick[d.pool] != j+1 || d.sides < 2 || d.sides > maxClassSides || tried[d.sides] >= 4*classContexts || allSplit(split[d.sides]) {
				continue
			}
			if replays+d.sides > classReplays {
				break
			}
			if late(opts) {
				return nil
			}
			progressed = true
			keys := make([]string, d.sides)
			for f := 1; f <= d.sides; f++ {
				script := make([]int, len(base))
				for i, b := range base {
					script[i] = b.face
				}
				script[j] = f
				sc.start(script, fill, seed)
				k, err := run(sc)
				if err != nil {
					return nil
				}
				keys[f-1] = k
				replays++
			}
			m := split[d.sides]
			if m == nil {
				m = make([][]bool, d.sides)
				for i := range m {
					m[i] = make([]bool, d.sides)
				}
				split[d.sides] = m
			}
			for f := range keys {
				for g := f + 1; g < len(keys); g++ {
					if keys[f] != keys[g] {
						m[f][g], m[g][f] = true, true
					}
				}
			}
			here[d.sides] = true
		}
		for sides := range here {
			tried[sides]++
		}
		if !progressed || !anyOpen(split, tried) {
			break // nothing left to learn (every size tried enough or split)
		}
	}
	out := classes{}
	for sides, m := range split {
		if tried[sides] < classContexts {
			continue
		}
		p := &partition{sides: sides}
		lo := 0
		for f := 1; f <= sides; f++ {
			// face f+1 joins the class lo..f when no face of it was
			// ever told apart from f+1
			joins := f < sides
			for g := lo; joins && g < f; g++ {
				if m[g][f] {
					joins = false
				}
			}
			if !joins {
				p.rep = append(p.rep, lo+1)
				p.frac = append(p.frac, float64(f-lo)/float64(sides))
				lo = f
			}
		}
		if len(p.rep) < sides {
			out[sides] = p
		}
	}
	return out
}

// allSplit reports whether every face of a size was told apart from the
// next one: no class can merge any more, so trying it again is wasted.
func allSplit(m [][]bool) bool {
	if m == nil {
		return false
	}
	for f := 0; f+1 < len(m); f++ {
		if !m[f][f+1] {
			return false
		}
	}
	return true
}

// anyOpen reports whether some die size met so far may still merge faces
// and was tried in too few throws to say.
func anyOpen(split map[int][][]bool, tried map[int]int) bool {
	for sides, m := range split {
		if tried[sides] < 4*classContexts && !allSplit(m) {
			return true
		}
	}
	return false
}

// maxFill is how many dice a uniform throw sets to its face (then random
// ones: a die that explodes on that face would explode for ever).
const maxFill = 256

// draw is one die of a scripted throw (pool: the index of the first die
// of its pool of two or more, -1 for a single die).
type draw struct {
	sides, face int
	pool        int
}

// scripted is the stream of a class probe: it gives the script's faces
// in order (a face above a die's sides is clamped), then fill (clamped
// likewise) or, when fill is 0, random faces; it records every die drawn.
type scripted struct {
	script []int
	fill   int
	drawn  []draw
	tail   *rand.Rand
}

func (s *scripted) start(script []int, fill int, seed uint64) {
	s.script, s.fill, s.drawn = script, fill, s.drawn[:0]
	s.tail = rand.New(rand.NewPCG(seed, 0x7a11))
}

func (s *scripted) Roll(sides int) int {
	sides = max(sides, 1)
	f := 0
	switch i := len(s.drawn); {
	case i < len(s.script):
		f = min(s.script[i], sides)
	case s.fill > 0 && i < maxFill:
		f = min(s.fill, sides)
	default:
		f = 1 + s.tail.IntN(sides)
	}
	s.drawn = append(s.drawn, draw{sides: sides, face: f, pool: -1})
	return f
}

func (s *scripted) RollPool(dst []int, count, sides int) []int {
	first := len(s.drawn)
	for range count {
		dst = append(dst, s.Roll(sides))
		if count > 1 {
			s.drawn[len(s.drawn)-1].pool = first
		}
	}
	return dst
}
