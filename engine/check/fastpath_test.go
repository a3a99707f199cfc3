package check

import (
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
