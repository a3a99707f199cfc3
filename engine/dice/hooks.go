package dice

// PoolStream is a stream that draws a pool of dice as one draw: the odds
// enumerator (host/drawtree) branches over a pool's multisets rather than
// its ordered faces. A host drawing count dice of the same sides at once
// (the plugin API's dice.pool) calls RollPool when the stream has it, and
// Roll count times otherwise; either way the faces come out in the order
// the stream gives them.
type PoolStream interface {
	Stream
	// RollPool appends count faces in 1..sides to dst and returns it.
	RollPool(dst []int, count, sides int) []int
}

// Halter is a stream that may ask the host to stop the call drawing from
// it: the odds enumerator cuts a draw path whose probability is below its
// bound, and a plugin still drawing on that path is stopped with an
// ordinary error rather than left to loop until its budget runs out.
type Halter interface {
	// Halted reports whether the call should stop now.
	Halted() bool
}

// RollPool draws count faces from s, as one pool when s is a PoolStream.
func RollPool(s Stream, dst []int, count, sides int) []int {
	if ps, ok := s.(PoolStream); ok {
		return ps.RollPool(dst, count, sides)
	}
	for i := 0; i < count; i++ {
		dst = append(dst, s.Roll(sides))
	}
	return dst
}

// IsHalted reports whether s is a Halter that asks to stop.
func IsHalted(s Stream) bool {
	h, ok := s.(Halter)
	return ok && h.Halted()
}
