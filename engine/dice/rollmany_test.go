package dice

import "testing"

// oneByOne hides the Seeded type, so RollMany takes its general path.
type oneByOne struct{ s *Seeded }

func (o oneByOne) Roll(sides int) int { return o.s.Roll(sides) }

// TestRollManySameStream: RollMany draws exactly what one Roll per die
// draws, on the fast path and the general one, and leaves the stream at
// the same place.
func TestRollManySameStream(t *testing.T) {
	for _, sides := range []int{-1, 0, 1, 2, 6, 10, 20, 100, 1 << 40, 1<<62 + 1, 1<<63 - 1} { // the last two redraw often
		for _, n := range []int{0, 1, 10, 33, 200} {
			want, fast, slow := New(7, 3, 1), New(7, 3, 1), New(7, 3, 1)
			a, b := make([]int, n), make([]int, n)
			RollMany(fast, a, sides)
			RollMany(oneByOne{slow}, b, sides)
			for i := 0; i < n; i++ {
				w := want.Roll(sides)
				if a[i] != w || b[i] != w {
					t.Fatalf("sides %d, die %d: RollMany gave %d (general path %d), Roll %d", sides, i, a[i], b[i], w)
				}
			}
			if w, f, s := want.Roll(1000), fast.Roll(1000), slow.Roll(1000); f != w || s != w {
				t.Fatalf("sides %d: the stream moved differently: next draw %d / %d, want %d", sides, f, s, w)
			}
		}
	}
}
