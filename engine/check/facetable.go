package check

// faceTable is what a faceCounter's add counts for each face 0..100,
// packed one word a face, so a pool's faces are counted with a load and
// an add each instead of add's branches on every die (those branches
// follow the dice, so they were both a fifteenth of a ten-die pool
// check's instructions and hard to predict). It is built by calling add
// on every face, so it counts exactly as add does. A check keeps the
// last table in its scratch and builds a new one only when the counter
// differs (faceKey), which for a Checker or Resolve answering check
// after check of one ruleset is rarely.
type faceTable struct {
	key   faceKey
	built bool
	tab   [maxTableFace + 1]uint64 // tab[f]: add's counts for face f, packed (packCount)
}

// maxTableFace is the largest face a table holds. It holds every face
// up to it whatever the dice, counted by add as it counts any face, so
// a face needs one check (the table's bounds) before it is read; a
// count with a face beyond it (dice of more than 100 sides, none of
// them bundled) is done by add, die by die.
const maxTableFace = 100

// maxTableFaces bounds the faces one table count adds up, so no packed
// field (at most 2 a face) can carry into the next: 2*2047 < 1<<countBits.
const maxTableFaces = 2047

// faceKey is everything add reads, by value: two counters with the same
// key count every face alike, so a table built for one serves the other.
type faceKey struct {
	target, doubleAt, cancelUpTo, botchUpTo int
	stance                                  int // 0 none, 1 below, 2 above
	exact                                   int // 0 none, 1 counts, 2 does not count
}

// same is k == o, field by field (a comparison of the whole struct is
// a call to memequal, which costs more than the fields).
func (k *faceKey) same(o *faceKey) bool {
	return k.target == o.target && k.doubleAt == o.doubleAt &&
		k.cancelUpTo == o.cancelUpTo && k.botchUpTo == o.botchUpTo && k.stance == o.stance && k.exact == o.exact
}

// key is fc's faceKey.
func (fc *faceCounter) key() faceKey {
	k := faceKey{target: fc.target, doubleAt: fc.doubleAt, cancelUpTo: fc.cancelUpTo, botchUpTo: fc.botchUpTo}
	switch {
	case fc.stance == nil:
	case fc.stance.Count == "below":
		k.stance = 1
	default:
		k.stance = 2
	}
	if e := fc.dp.Exact; e != nil {
		k.exact = 2
		if e.Counts {
			k.exact = 1
		}
	}
	return k
}

// The packed fields of a face's counts, countBits each.
const (
	countBits      = 12
	countMask      = 1<<countBits - 1
	grossShift     = 0
	succeededShift = 1 * countBits
	cancelsShift   = 2 * countBits
	lowShift       = 3 * countBits
	exactShift     = 4 * countBits
)

// packCount packs one face's counts (each field 0, 1 or, for gross, 2;
// lowStart is left out: countWith sums the starting dice apart).
func packCount(pc poolCount) uint64 {
	return uint64(pc.gross)<<grossShift | uint64(pc.diceSucceeded)<<succeededShift |
		uint64(pc.cancels)<<cancelsShift | uint64(pc.low)<<lowShift | uint64(pc.exact)<<exactShift
}

// field is one packed field of a sum of packed counts.
func field(sum uint64, shift int) int { return int((sum >> shift) & countMask) }

// fill builds the table of fc, unless it is built for the same key
// already.
func (t *faceTable) fill(fc *faceCounter) {
	k := fc.key()
	if t.built && t.key.same(&k) {
		return
	}
	for f := range t.tab {
		var pc poolCount
		fc.add(&pc, f, false)
		t.tab[f] = packCount(pc)
	}
	t.key, t.built = k, true
}

// countInto is fc.count(faces, start) read from the table t (filled for
// fc) into cnt, or false when a face is beyond the table or there are
// too many faces to pack, and the caller counts with fc.count.
func (t *faceTable) countInto(cnt *poolCount, faces []int, start int) bool {
	if len(faces) > maxTableFaces {
		return false
	}
	start = min(max(start, 0), len(faces))
	var first, rest uint64 // the starting dice's sum, the extra dice's
	for _, f := range faces[:start] {
		if uint(f) >= uint(len(t.tab)) {
			return false
		}
		first += t.tab[f]
	}
	for _, f := range faces[start:] {
		if uint(f) >= uint(len(t.tab)) {
			return false
		}
		rest += t.tab[f]
	}
	all := first + rest
	*cnt = poolCount{
		gross:         field(all, grossShift),
		diceSucceeded: field(all, succeededShift),
		cancels:       field(all, cancelsShift),
		low:           field(all, lowShift),
		lowStart:      field(first, lowShift),
		exact:         field(all, exactShift),
	}
	return true
}

// countFaces counts a pool's faces as fc.count does, through the table
// in the check's scratch when there is one.
func (c *Check) countFaces(fc *faceCounter, faces []int, start int) (cnt poolCount) {
	if s := c.scratch; s != nil {
		s.faceTable.fill(fc)
		if s.faceTable.countInto(&cnt, faces, start) {
			return cnt
		}
	}
	return fc.count(faces, start)
}
