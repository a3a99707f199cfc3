package check

import "encoding/binary"

// faceTexts holds, for each number 0..99, its digits followed by a comma,
// packed little-endian into the low three bytes of a word, with the
// length of that text (2 or 3) in the top byte.
var faceTexts = func() (t [100]uint32) {
	for v := range t {
		var text []byte
		if v >= 10 {
			text = append(text, byte('0'+v/10))
		}
		text = append(text, byte('0'+v%10), ',')
		var w uint32
		for i, c := range text {
			w |= uint32(c) << (8 * i)
		}
		t[v] = w | uint32(len(text))<<24
	}
	return t
}()

// appendInts appends "8,3,10", exactly as appendIntsPlain does.
//
// Every roll and pool check prints its faces, and a die's number of
// digits follows the dice (on a d10 one face in ten is 10), so a branch
// on it is mispredicted about once a check. Here each face is one load
// from faceTexts and one 4-byte store, and the text moves on by the
// length the table gives: no branch depends on a face. The store writes
// up to a byte past the face's comma, into room the next face (or the
// caller's next append) writes over; the last comma is left out of the
// length. A number outside 0..99, or a buffer without room for four
// bytes a number, goes the general way (appendIntsPlain), so how b grows
// is exactly as before. TestAppendIntsAsPlain holds the two together.
func appendInts(b []byte, vs []int) []byte {
	if len(vs) == 0 || cap(b)-len(b) < 4*len(vs) {
		return appendIntsPlain(b, vs)
	}
	n := len(b)
	room := b[:cap(b)]
	for _, v := range vs {
		if uint(v) >= uint(len(faceTexts)) {
			return appendIntsPlain(b, vs)
		}
		w := faceTexts[v]
		binary.LittleEndian.PutUint32(room[n:n+4], w)
		n += int(w >> 24)
	}
	return room[:n-1]
}
