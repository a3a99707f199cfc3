package check

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// TestEqualLetters: keySlot (a hash, then the key's words with the
// lower-case bit set in every byte) agrees with a plain search of
// tagKeys under strings.EqualFold for every key that differs from one of
// them by any one byte in any position, for the keys' upper-case forms,
// and for keys one byte longer or shorter.
func TestEqualLetters(t *testing.T) {
	for _, k := range tagKeys {
		for j := 0; j < len(k); j++ {
			if c := k[j]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
				t.Fatalf("%s: byte %q is not a letter; keySlot's folding needs letters", k, c)
			}
		}
		probes := []string{k, strings.ToUpper(k), k[1:], k + "s", "x" + k}
		for j := 0; j < len(k); j++ {
			for b := 0; b < 256; b++ {
				key := []byte(k)
				key[j] = byte(b)
				probes = append(probes, string(key))
			}
		}
		for _, s := range probes {
			want := -1
			for slot, name := range tagKeys {
				if strings.EqualFold(name, s) && isASCII(s) {
					want = slot
					break
				}
			}
			if got := keySlot(s); got != want {
				t.Errorf("keySlot(%q) = %d, want %d", s, got, want)
			}
		}
	}
	for _, s := range []string{"", "a", "abcdefghijklmnopq", "ſkill", "\u212aey"} {
		if got := keySlot(s); got != -1 {
			t.Errorf("keySlot(%q) = %d", s, got)
		}
	}
}

// TestKeyWords: two strings of the same length (2 to 16 bytes) have the
// same words exactly when they are equal, whichever byte differs.
func TestKeyWords(t *testing.T) {
	for n := 2; n <= 16; n++ {
		base := []byte("abcdefghijklmnop"[:n])
		a0, b0 := keyWords(string(base))
		for i := 0; i < n; i++ {
			other := append([]byte(nil), base...)
			other[i] ^= 0x01
			if a, b := keyWords(string(other)); a == a0 && b == b0 {
				t.Errorf("length %d: byte %d changed, words the same", n, i)
			}
		}
	}
}

// TestPlanFindsNearMisses: planList.find (lower-cased names, only the
// tag's side folded) agrees with findSkill and findAbility on every
// bundled name with any one byte replaced by a byte next to a letter's
// range, a letter of the other case or a byte outside ASCII.
func TestPlanFindsNearMisses(t *testing.T) {
	swaps := []byte{'@', '[', '`', '{', 'A', 'Z', 'a', 'z', '_', ' ', 0x80, 0xc3, 0xff}
	for _, name := range []string{"d20-5e", "gravewatch", "genesys", "coc7e", "blades"} {
		rs := poolBundled(t, name)
		p := NewPlan(rs, sheet.New(rs, sheet.Blank("X")))
		var names []string
		for _, s := range append(append([]ruleset.Skill(nil), rs.Skills...), rs.Saves...) {
			names = append(names, s.ID, s.Label)
		}
		for _, a := range rs.Abilities {
			names = append(names, a.ID, a.Label)
		}
		for _, n := range names {
			for i := 0; i < len(n); i++ {
				for _, b := range append(swaps, n[i]^0x20) {
					probe := []byte(n)
					probe[i] = b
					findsAsTheRuleset(t, name, p, rs, string(probe))
				}
			}
		}
	}
}

func abilityIndex(rs *ruleset.Ruleset, a *ruleset.Ability) int {
	for i := range rs.Abilities {
		if &rs.Abilities[i] == a {
			return i
		}
	}
	return -1
}

// TestFaceTableCountsAsAdd: a pool's faces counted through the face
// table (one scratch table reused from config to config, as a Checker
// does) give exactly what faceCounter.count gives, for every counter a
// ruleset and a check can make on small dice (targets, double faces,
// cancels, botches, stances and exact dice), over random faces with the
// starting dice anywhere, faces the dice do not have included.
func TestFaceTableCountsAsAdd(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s scratch
	below, above := &ruleset.Stance{Count: "below"}, &ruleset.Stance{Count: "above"}
	n := 0
	for _, sides := range []int{1, 2, 6, 10, 12} {
		for target := 0; target <= sides+1; target++ {
			for _, doubleAt := range []int{0, 1, sides - 1, sides, sides + 1} {
				for _, stance := range []*ruleset.Stance{nil, below, above} {
					for _, exact := range []*ruleset.Exact{nil, {Counts: true}, {Counts: false}} {
						for _, cancel := range []*ruleset.UpTo{nil, {UpTo: 1}, {UpTo: 2}} {
							for _, botch := range []*ruleset.Botch{nil, {UpTo: 1}, {UpTo: 3}} {
								dp := &ruleset.DicePool{Sides: sides, Exact: exact, Cancel: cancel, Botch: botch}
								fc := newFaceCounter(dp, target, doubleAt, stance)
								faces := make([]int, rng.IntN(25))
								for i := range faces {
									faces[i] = 1 + rng.IntN(sides)
								}
								start := rng.IntN(len(faces) + 2)
								want := fc.count(faces, start)
								c := &Check{scratch: &s}
								if got := c.countFaces(&fc, faces, start); got != want {
									t.Fatalf("sides %d target %d double %d stance %v exact %v cancel %v botch %v faces %v start %d: table %+v, add %+v",
										sides, target, doubleAt, stance, exact, cancel, botch, faces, start, got, want)
								}
								if len(faces) > 0 { // a face the dice do not have is counted by add
									faces[rng.IntN(len(faces))] = []int{0, -1, sides + 1, maxTableFace, maxTableFace + 1, 1000}[rng.IntN(6)]
									if got, want := c.countFaces(&fc, faces, start), fc.count(faces, start); got != want {
										t.Fatalf("faces %v (sides %d): table %+v, add %+v", faces, sides, got, want)
									}
								}
								n++
							}
						}
					}
				}
			}
		}
	}
	if n < 5000 {
		t.Fatalf("only %d configurations tried", n)
	}
}

// TestFaceTableLimits: more faces than a table packs, and faces beyond
// the table (dice of more sides than it holds), are counted by add, and
// still alike.
func TestFaceTableLimits(t *testing.T) {
	var s scratch
	c := &Check{scratch: &s}
	dp := &ruleset.DicePool{Sides: 10, Cancel: &ruleset.UpTo{UpTo: 1}, Botch: &ruleset.Botch{UpTo: 1}}
	fc := newFaceCounter(dp, 8, 10, nil)
	many := make([]int, maxTableFaces+1)
	for i := range many {
		many[i] = 1 + i%10
	}
	var cnt poolCount
	s.faceTable.fill(&fc)
	if s.faceTable.countInto(&cnt, many, 3) {
		t.Errorf("%d faces packed", len(many))
	}
	if got, want := c.countFaces(&fc, many, 3), fc.count(many, 3); got != want {
		t.Errorf("%d faces: %+v, add %+v", len(many), got, want)
	}
	big := &ruleset.DicePool{Sides: 1000}
	fcBig := newFaceCounter(big, 50, 0, nil)
	faces := []int{1, 50, 101, 770}
	if got, want := c.countFaces(&fcBig, faces, 2), fcBig.count(faces, 2); got != want {
		t.Errorf("d%d: %+v, add %+v", big.Sides, got, want)
	}
}

// TestPairTexts: every pair of faces the table holds reads as appendInts
// writes it, and pairs outside it are not in it.
func TestPairTexts(t *testing.T) {
	for a := -2; a <= maxPairFace+2; a++ {
		for b := -2; b <= maxPairFace+2; b++ {
			got, ok := pairText(a, b)
			in := a >= 0 && b >= 0 && a <= maxPairFace && b <= maxPairFace
			if ok != in {
				t.Fatalf("pairText(%d, %d): ok %v", a, b, ok)
			}
			if want := string(appendInts(nil, []int{a, b})); ok && got != want {
				t.Fatalf("pairText(%d, %d) = %q, want %q", a, b, got, want)
			}
		}
	}
}

// TestAdjacent: two throws are one slice only when the second starts
// exactly where the first ends in the same storage.
func TestAdjacent(t *testing.T) {
	block := make([]int, 0, 8)
	first := append(block, 1, 2)
	second := append(first[len(first):], 3, 4)
	if got := adjacent(first, second); len(got) != 4 || got[0] != 1 || got[3] != 4 {
		t.Errorf("adjacent throws: %v", got)
	}
	if got := adjacent(first, []int{3, 4}); got != nil {
		t.Errorf("throws in separate storage joined: %v", got)
	}
	gap := append(block[3:3], 5)
	if got := adjacent(first, gap); got != nil {
		t.Errorf("throws with a gap joined: %v", got)
	}
	grown := append(first[len(first):], 1, 2, 3, 4, 5, 6, 7) // more than the room: a new array
	if got := adjacent(first, grown); got != nil {
		t.Errorf("a throw grown onto the heap joined: %v", got)
	}
	if adjacent(nil, second) != nil || adjacent(first, nil) != nil {
		t.Error("an empty throw joined")
	}
}

// TestFirstBandReached: the one-pass band of an unshifted result is the
// band of the general reading, for every bundled ruleset's outcomes (and
// their overrides') over a wide range of numbers, and for outcomes with
// no numeric band or no atLeast at all.
func TestFirstBandReached(t *testing.T) {
	var all []*ruleset.Outcomes
	for _, name := range []string{"d20-5e", "gravewatch", "genesys", "coc7e", "blades"} {
		rs := poolBundled(t, name)
		all = append(all, rs.Resolution.Outcomes)
		for _, ov := range rs.Resolution.Overrides {
			if ov.Resolution != nil {
				all = append(all, ov.Resolution.Outcomes)
			}
		}
	}
	ten := 10
	all = append(all,
		&ruleset.Outcomes{Tiers: []ruleset.OutcomeTier{{On: "critical-success"}}},
		&ruleset.Outcomes{Tiers: []ruleset.OutcomeTier{{ID: "a"}, {ID: "b"}}},
		&ruleset.Outcomes{Tiers: []ruleset.OutcomeTier{{ID: "a", AtLeast: &ten}, {On: "critical-failure"}, {ID: "b"}}})
	tried := 0
	for _, o := range all {
		if o == nil {
			continue
		}
		for n := -200; n <= 200; n++ {
			if got, want := firstBandReached(o, n), shiftedBand(o, n, 0); got != want {
				t.Fatalf("%+v, %d: one pass %d, general %d", o.Tiers, n, got, want)
			}
		}
		tried++
	}
	if tried < 5 {
		t.Fatalf("only %d outcomes tried", tried)
	}
}
