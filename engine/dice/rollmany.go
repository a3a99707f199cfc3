package dice

import "math/bits"

// RollMany fills faces with one die of sides each, drawn in order from s:
// exactly the faces, in the same order, as calling s.Roll once per
// element. A pool throws its dice this way so that, on the Seeded stream
// every check uses, the draws are a loop with no interface call per die
// (the call was a tenth of a ten-die pool check); any other Stream (a
// recording or scripted one) is still asked once per die.
func RollMany(s Stream, faces []int, sides int) {
	if sd, ok := s.(*Seeded); ok {
		sd.rollMany(faces, sides)
		return
	}
	for i := range faces {
		faces[i] = s.Roll(sides)
	}
}

// rollMany is Roll for each element of faces, in order.
func (s *Seeded) rollMany(faces []int, sides int) {
	if sides <= 1 {
		for i := range faces {
			faces[i] = 1
		}
		return
	}
	n := uint64(sides)
	for i := range faces {
		// s.bounded(n), written out: bounded is too large to be inlined,
		// and its call was a third of the cost of a die.
		hi, lo := bits.Mul64(s.pcg.Uint64(), n)
		if lo < n {
			hi = s.redraw(n, lo, hi)
		}
		faces[i] = int(hi) + 1
	}
}
