// Package dice holds the engine's only source of randomness: seeded streams
// that give the same faces on every machine and Go version, a scripted stream
// that forces exact faces in tests, and the dice notation ("2d6+1").
//
// A stream is derived from (session seed, turn, tag ordinal) so that a
// regenerated reply re-derives the same answer and goldens stay valid. The
// generator is PCG (math/rand/v2's PCG, whose algorithm is fixed by its
// documentation); the mapping from generator output to a face is our own
// (Lemire's unbiased multiply-and-reject), so it cannot change under us when
// the standard library changes its helpers.
package dice

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Stream is a source of die faces. Every kind draws only through Roll, one
// call per die in the order its doc comment gives.
type Stream interface {
	// Roll returns a uniformly drawn face in 1..sides. sides < 1 returns 1.
	Roll(sides int) int
}

// Seeded is a deterministic stream. The zero value is not usable; call New.
type Seeded struct {
	pcg rand.PCG
}

// New derives the stream for one tag: the seed of the session, the turn
// (the reply's index in the log) and the ordinal of the tag in that reply.
func New(seed uint64, turn, ordinal int) *Seeded {
	s := &Seeded{}
	s.Reset(seed, turn, ordinal)
	return s
}

// Reset re-derives the stream in place, so a hot path can reuse one value.
func (s *Seeded) Reset(seed uint64, turn, ordinal int) {
	hi := mix(seed ^ mix(uint64(turn)+0x9e3779b97f4a7c15))
	lo := mix(hi ^ mix(uint64(ordinal)+0xbf58476d1ce4e5b9))
	s.pcg.Seed(hi, lo)
}

// MarshalBinary is the stream's position, so another process can go on
// drawing exactly where this one is (host/isolate hands a plugin worker
// the stream this way rather than one round trip per die).
func (s *Seeded) MarshalBinary() ([]byte, error) { return s.pcg.MarshalBinary() }

// UnmarshalBinary moves the stream to a position MarshalBinary gave.
func (s *Seeded) UnmarshalBinary(b []byte) error { return s.pcg.UnmarshalBinary(b) }

// Roll returns a face in 1..sides, unbiased.
func (s *Seeded) Roll(sides int) int {
	if sides <= 1 {
		return 1
	}
	return int(s.bounded(uint64(sides))) + 1
}

// bounded draws in [0, n) with Lemire's method: the high word of a draw
// times n, drawing again while the low word falls among the few values
// that would bias the result. (It redraws in place rather than calling
// redraw: a function that calls none is cheaper to call, once a die.)
func (s *Seeded) bounded(n uint64) uint64 {
	hi, lo := bits.Mul64(s.pcg.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(s.pcg.Uint64(), n)
		}
	}
	return hi
}

// redraw is the end of bounded, in the rare case (lo < n) where the draw
// may be biased: it draws again while lo is below 2^64 mod n. It is apart
// so that a loop of draws can have the rest of bounded inlined (rollMany).
func (s *Seeded) redraw(n, lo, hi uint64) uint64 {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(s.pcg.Uint64(), n)
	}
	return hi
}

// mix is splitmix64's finaliser: it spreads small consecutive inputs
// (turn 0, 1, 2...) over the whole 64-bit space.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Scripted replays exact faces, for tests that need a given roll. When the
// script runs out it returns the lowest face and records the overrun, so a
// test can assert that it scripted every die.
type Scripted struct {
	Faces   []int
	next    int
	Overrun int
}

// Script returns a stream that yields faces in order.
func Script(faces ...int) *Scripted { return &Scripted{Faces: faces} }

// Roll returns the next scripted face, clamped into 1..sides.
func (s *Scripted) Roll(sides int) int {
	if s.next >= len(s.Faces) {
		s.Overrun++
		return 1
	}
	f := s.Faces[s.next]
	s.next++
	if f < 1 {
		f = 1
	}
	if sides >= 1 && f > sides {
		f = sides
	}
	return f
}

// Used reports how many scripted faces were drawn.
func (s *Scripted) Used() int { return s.next }

// Notation is "NdS+M": Count dice of Sides faces plus Modifier.
type Notation struct {
	Count, Sides, Modifier int
}

// MaxDice and MaxSides bound what a notation may ask for, so that a typo
// ("1000000d6") cannot stall the engine.
const (
	MaxDice  = 100
	MaxSides = 1000
)

// ParseNotation reads "1d6", "2d6+1", "d20", "3d6-2". Whitespace is not allowed.
func ParseNotation(s string) (Notation, error) {
	sn, why := scanNotation(s)
	n := sn.Notation
	switch why {
	case notationOK:
		return n, nil
	case notationNoD:
		return n, fmt.Errorf("dice notation %q: want NdS, like 2d6+1", s)
	case notationNoSides:
		return n, fmt.Errorf("dice notation %q: missing the number of sides after d", s)
	case notationBadTail:
		return n, fmt.Errorf("dice notation %q: unexpected %q; want +N or -N after the dice", s, s[sn.at:])
	case notationNoModifier:
		return n, fmt.Errorf("dice notation %q: want a number after the sign", s)
	case notationCount:
		return n, fmt.Errorf("dice notation %q: %d dice; allowed 1..%d", s, n.Count, MaxDice)
	default:
		return n, fmt.Errorf("dice notation %q: %d sides; allowed 1..%d", s, n.Sides, MaxSides)
	}
}

// ReadNotation is ParseNotation without the error: a caller that falls
// back to another reading (roll_dice tries plain notation, then an
// expression) pays nothing to format a message it drops.
func ReadNotation(s string) (Notation, bool) {
	n, why := scanNotation(s)
	return n.Notation, why == notationOK
}

// Why scanNotation stopped.
const (
	notationOK = iota
	notationNoD
	notationNoSides
	notationBadTail
	notationNoModifier
	notationCount
	notationSides
)

// scanned is a notation as far as scanNotation read it, and where it stopped.
type scanned struct {
	Notation
	at int
}

func scanNotation(s string) (scanned, int) {
	var n scanned
	i := 0
	num := func() (int, bool) {
		start := i
		v := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if v > 1_000_000 {
				return 0, false
			}
			v = v*10 + int(s[i]-'0')
			i++
		}
		return v, i > start
	}
	c, ok := num()
	if !ok {
		c = 1
	}
	if i >= len(s) || (s[i] != 'd' && s[i] != 'D') {
		return n, notationNoD
	}
	i++
	sd, ok := num()
	if !ok {
		return n, notationNoSides
	}
	n.Count, n.Sides = c, sd
	if i < len(s) {
		sign := 1
		switch s[i] {
		case '+':
		case '-':
			sign = -1
		default:
			n.at = i
			return n, notationBadTail
		}
		i++
		m, ok := num()
		if !ok || i != len(s) {
			return n, notationNoModifier
		}
		n.Modifier = sign * m
	}
	if n.Count < 1 || n.Count > MaxDice {
		return n, notationCount
	}
	if n.Sides < 1 || n.Sides > MaxSides {
		return n, notationSides
	}
	return n, notationOK
}

// String prints the notation in its canonical form.
func (n Notation) String() string { return string(n.Append(make([]byte, 0, 16))) }

// Append prints the canonical form onto dst ("2d6+1", "1d20", "3d6-2")
// without fmt, for records built on a hot path.
func (n Notation) Append(dst []byte) []byte {
	dst = appendInt(dst, n.Count)
	dst = append(dst, 'd')
	dst = appendInt(dst, n.Sides)
	if n.Modifier > 0 {
		dst = append(dst, '+')
	}
	if n.Modifier != 0 {
		dst = appendInt(dst, n.Modifier)
	}
	return dst
}

// RollInto is Roll with the faces appended to faces (usually faces[:0]
// of a reused slice), so a caller with storage throws without allocating.
// The dice are drawn with RollMany: the faces of one Roll per die.
func (n Notation) RollInto(s Stream, faces []int) ([]int, int) {
	switch {
	case n.Count <= 0:
		return faces, n.Modifier
	case n.Count == 1: // "1d20+4": one draw, no loop to set up
		f := s.Roll(n.Sides)
		return append(faces, f), f + n.Modifier
	}
	start := len(faces)
	if cap(faces)-start < n.Count {
		faces = slices.Grow(faces, n.Count)
	}
	faces = faces[:start+n.Count]
	RollMany(s, faces[start:], n.Sides)
	total := 0
	for _, f := range faces[start:] {
		total += f
	}
	return faces, total + n.Modifier
}

// Roll throws the notation's dice in order and returns the faces and the total.
func (n Notation) Roll(s Stream) (faces []int, total int) {
	faces = make([]int, n.Count)
	for i := range faces {
		faces[i] = s.Roll(n.Sides)
		total += faces[i]
	}
	return faces, total + n.Modifier
}
