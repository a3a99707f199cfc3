package dice

import (
	"slices"
	"testing"
)

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

// TestTermThrowIsOneByOne: a term throws exactly the faces of one Roll
// per die (a chain after each exploding die), whether it takes
// RollMany's path (plain dice) or not, through RollInto's reused buffers
// and Roll's fresh ones, and leaves the stream at the same place.
func TestTermThrowIsOneByOne(t *testing.T) {
	for _, text := range []string{"1d20+4", "3d6", "10d10>=8", "4d6kh3+1d6!+2", "2d20kl1", "4dF", "d%", "3d1", "10d10!>=8>=8f1", "2d6-1d4", "100d1000", "(2d6+1)*3", "4d6ro1kh3+1d6min2", "3d6!!>5kh2", "2d20ra20+4d6!p"} {
		e, err := ParseExpr(text)
		if err != nil {
			t.Fatal(text, err)
		}
		var b RollBuffers
		for seed := uint64(0); seed < 50; seed++ {
			want := oneByOne{New(seed, 1, 2)}
			var wantFaces []int
			wantTerms, wantTotal := e.Roll(want)
			for _, r := range wantTerms {
				wantFaces = append(wantFaces, r.Faces...)
			}
			next := want.Roll(1000)
			for _, way := range []struct {
				name string
				roll func(s Stream) ([]TermResult, int)
			}{
				{"RollInto", func(s Stream) ([]TermResult, int) { return e.RollInto(s, &b) }},
				{"Roll", func(s Stream) ([]TermResult, int) { return e.Roll(s) }},
			} {
				s := New(seed, 1, 2)
				var faces []int
				res, total := way.roll(s)
				for _, r := range res {
					faces = append(faces, r.Faces...)
				}
				if !slices.Equal(faces, wantFaces) || total != wantTotal {
					t.Fatalf("%s %s seed %d: faces %v total %d, one by one %v total %d", way.name, text, seed, faces, total, wantFaces, wantTotal)
				}
				if got := s.Roll(1000); got != next {
					t.Fatalf("%s %s seed %d: the stream moved differently (next draw %d, want %d)", way.name, text, seed, got, next)
				}
			}
		}
	}
}

// TestNotationRollIntoIsOneByOne: RollInto appends the faces of one Roll
// per die after what the slice held, totals them with the modifier, and
// leaves the stream where Roll leaves it.
func TestNotationRollIntoIsOneByOne(t *testing.T) {
	for _, n := range []Notation{{1, 20, 4}, {3, 6, 0}, {10, 10, -2}, {100, 1000, 0}, {2, 1, 1}, {0, 6, 3}} {
		for seed := uint64(0); seed < 30; seed++ {
			want := New(seed, 0, 0)
			wantFaces, wantTotal := n.Roll(want)
			s := New(seed, 0, 0)
			faces, total := n.RollInto(s, append(make([]int, 0, 4), 7))
			if faces[0] != 7 || !slices.Equal(faces[1:], wantFaces) || total != wantTotal {
				t.Fatalf("%+v seed %d: %v total %d, Roll %v total %d", n, seed, faces, total, wantFaces, wantTotal)
			}
			if s.Roll(1000) != want.Roll(1000) {
				t.Fatalf("%+v seed %d: the stream moved differently", n, seed)
			}
		}
	}
}
