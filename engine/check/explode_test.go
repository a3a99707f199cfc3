package check

import (
	"slices"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// throwPoolDieByDie is throwPool as it was written before explode threw
// the extra dice in blocks: the scan of the faces die by die, one Roll
// for each face that explodes. It is the reference throwPool is tested
// against.
func throwPoolDieByDie(s dice.Stream, sides, n int, rr *ruleset.Reroll, explodeAt, maxExtra int) poolThrow {
	var th poolThrow
	th.rolls = make([]int, n)
	for i := range th.rolls {
		th.rolls[i] = s.Roll(sides)
	}
	th.faces = th.rolls
	if rr != nil {
		var cur []int
		throws := 0
		for i := 0; i < n && throws < MaxRerolls; i++ {
			if th.rolls[i] > rr.UpTo {
				continue
			}
			if cur == nil {
				cur = make([]int, n, n+maxExtra)
				copy(cur, th.rolls[:n])
			}
			th.rerolled++
			for throws < MaxRerolls {
				f := s.Roll(sides)
				th.rolls = append(th.rolls, f)
				throws++
				cur[i] = f
				if rr.Mode != "until" || f > rr.UpTo {
					break
				}
			}
		}
		if cur != nil {
			th.faces = cur
		}
	}
	if explodeAt <= 0 {
		return th
	}
	separate := th.rerolled > 0
	for j := 0; j < len(th.faces) && th.exploded < maxExtra; j++ {
		if th.faces[j] < explodeAt {
			continue
		}
		f := s.Roll(sides)
		th.exploded++
		if separate {
			th.faces = append(th.faces, f)
		}
		th.rolls = append(th.rolls, f)
		if !separate {
			th.faces = th.rolls
		}
	}
	return th
}

// rollsOnly is a Stream that is not *dice.Seeded, so RollMany asks it
// once per die.
type rollsOnly struct{ s *dice.Seeded }

func (r rollsOnly) Roll(sides int) int { return r.s.Roll(sides) }

// TestThrowPoolAsDieByDie: throwPool, which throws the extra dice of
// explosions in blocks, draws the same dice in the same order as the scan
// die by die, and leaves the stream at the same place: over many seeds,
// for pools with and without rerolls (faces apart from rolls), explode
// faces from always to never, caps from none to more than ever thrown,
// with room to spare and without, on the seeded stream and another.
func TestThrowPoolAsDieByDie(t *testing.T) {
	rerolls := []*ruleset.Reroll{nil, {UpTo: 3, Mode: "once"}, {UpTo: 2, Mode: "until"}, {UpTo: 9, Mode: "until"}}
	explosions := 0
	for seed := range uint64(40) {
		for _, sides := range []int{1, 2, 6, 10} {
			for _, n := range []int{1, 3, 10, 15} {
				for _, rr := range rerolls {
					for explodeAt := 0; explodeAt <= sides+1; explodeAt++ {
						for _, maxExtra := range []int{0, 1, 5, 40} {
							for _, roomCap := range []int{n, n + 3, n + 60} {
								for other := range 2 {
									ws := dice.New(seed, 1, 2)
									want := throwPoolDieByDie(ws, sides, n, rr, explodeAt, maxExtra)
									s := dice.New(seed, 1, 2)
									var st dice.Stream = s
									if other == 1 {
										st = rollsOnly{s}
									}
									got := throwPool(st, sides, n, rr, explodeAt, maxExtra, make([]int, 0, roomCap))
									if next, wantNext := s.Roll(1000), ws.Roll(1000); next != wantNext {
										t.Fatalf("seed %d, %dd%d, reroll %v, explode %d, max %d: the stream is left elsewhere", seed, n, sides, rr, explodeAt, maxExtra)
									}
									if !slices.Equal(got.rolls, want.rolls) || !slices.Equal(got.faces, want.faces) ||
										got.rerolled != want.rerolled || got.exploded != want.exploded {
										t.Fatalf("seed %d, %dd%d, reroll %v, explode %d, max %d, room %d: %+v, want %+v",
											seed, n, sides, rr, explodeAt, maxExtra, roomCap, got, want)
									}
									explosions += got.exploded
								}
							}
						}
					}
				}
			}
		}
	}
	if explosions == 0 {
		t.Fatal("nothing exploded")
	}
}
