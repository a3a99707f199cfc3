package check

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// TestEqualLetters: equalLetters decides what equalFoldASCII decides for
// every tag key's lower-case form against every byte at every position,
// and keySlot agrees with a plain search of tagKeys under
// strings.EqualFold for every key that differs from one by one byte.
func TestEqualLetters(t *testing.T) {
	for i, k := range tagKeys {
		for j := 0; j < len(k); j++ {
			if c := k[j]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
				t.Fatalf("%s: byte %q is not a letter; equalLetters needs letters", k, c)
			}
		}
		lower := tagKeysLower[i]
		if lower != strings.ToLower(k) {
			t.Fatalf("tagKeysLower[%d] = %q", i, lower)
		}
		for j := 0; j < len(k); j++ {
			for b := 0; b < 256; b++ {
				key := []byte(k)
				key[j] = byte(b)
				s := string(key)
				if got, want := equalLetters(lower, s), equalFoldASCII(lower, s); got != want {
					t.Errorf("equalLetters(%q, %q) = %v, equalFoldASCII %v", lower, s, got, want)
				}
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
					s := string(probe)
					for typ, want := range [3]int{indexOfSkill(rs.Skills, findSkill(rs.Skills, s)), indexOfSkill(rs.Saves, findSkill(rs.Saves, s)), abilityIndex(rs, findAbility(rs, s))} {
						got, exact := p.lists[typ].find(s)
						if !exact {
							if isASCII(s) && p.lists[typ].ascii {
								t.Errorf("%s: %q: an ASCII name left undecided", name, s)
							}
							continue
						}
						if got != want {
							t.Errorf("%s: %s %q: plan finds %d, the ruleset %d", name, targetTypeNames[typ], s, got, want)
						}
					}
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
								if got := c.countFaces(&fc, sides, faces, start); got != want {
									t.Fatalf("sides %d target %d double %d stance %v exact %v cancel %v botch %v faces %v start %d: table %+v, add %+v",
										sides, target, doubleAt, stance, exact, cancel, botch, faces, start, got, want)
								}
								if len(faces) > 0 { // a face the dice do not have is counted by add
									faces[rng.IntN(len(faces))] = []int{0, -1, sides + 1, 1000}[rng.IntN(4)]
									if got, want := c.countFaces(&fc, sides, faces, start), fc.count(faces, start); got != want {
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

// TestFaceTableLimits: more faces than a table packs, and dice with
// more sides than it holds, are counted by add, and still alike.
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
	if s.faceTable.countInto(&cnt, many, 3) {
		t.Errorf("%d faces packed", len(many))
	}
	if got, want := c.countFaces(&fc, 10, many, 3), fc.count(many, 3); got != want {
		t.Errorf("%d faces: %+v, add %+v", len(many), got, want)
	}
	big := &ruleset.DicePool{Sides: maxTableSides + 1}
	fcBig := newFaceCounter(big, 50, 0, nil)
	if s.faceTable.fill(&fcBig, big.Sides) {
		t.Errorf("a table of %d sides", big.Sides)
	}
	faces := []int{1, 50, 101, 77}
	if got, want := c.countFaces(&fcBig, big.Sides, faces, 2), fcBig.count(faces, 2); got != want {
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
