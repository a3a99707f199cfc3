package check

import (
	"math/rand/v2"
	"testing"
)

// TestAppendIntsAsPlain: appendInts writes exactly what appendIntsPlain
// writes, after any prefix, into buffers with room to spare, just enough
// or too little, for every number 0..99 alone and in lists mixed with
// numbers the table does not hold; with room, it writes in b's storage.
func TestAppendIntsAsPlain(t *testing.T) {
	lists := [][]int{nil, {}, {0}, {9}, {10}, {99}, {100}, {-1}, {7, 10, 1, 10}, {1 << 40, 3}, {3, -12, 55}}
	for v := range 100 {
		lists = append(lists, []int{v}, []int{v, 99 - v, v % 10})
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		vs := make([]int, r.IntN(40))
		for i := range vs {
			switch r.IntN(20) {
			case 0:
				vs[i] = r.IntN(2000) - 1000
			default:
				vs[i] = r.IntN(100)
			}
		}
		lists = append(lists, vs)
	}
	for _, vs := range lists {
		for _, prefix := range []string{"", "rolls=", "x,"} {
			want := string(appendIntsPlain([]byte(prefix), vs))
			for _, spare := range []int{0, 1, 3 * len(vs), 4*len(vs) - 1, 4 * len(vs), 4*len(vs) + 5} {
				b := make([]byte, len(prefix), len(prefix)+max(spare, 0))
				copy(b, prefix)
				got := appendInts(b, vs)
				if string(got) != want {
					t.Fatalf("%v after %q, spare %d: %q, want %q", vs, prefix, spare, got, want)
				}
				if len(got) <= cap(b) && cap(b) > 0 && &got[:1][0] != &b[:1][0] {
					t.Fatalf("%v, spare %d: written elsewhere though it fit", vs, spare)
				}
			}
		}
	}
}
