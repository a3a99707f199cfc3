package fight_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
)

// TestPistolEmptiesAndReloads plays a Gravewatch fight through: a watch
// pistol holds one shot, so after its first shot the next is refused
// until Maud reloads it (in a later round, her budget spent on the
// reload), and then it fires again. Every other tag is answered, none
// refused, and the fight ends won.
func TestPistolEmptiesAndReloads(t *testing.T) {
	s := game(t, "gravewatch", 3)
	for _, tg := range []string{
		`[inventory: action="equip" item="Grave spade" who="Bram"]`,
		`[inventory: action="add" item="Watch pistol" who="Maud"] [inventory: action="add" item="Shot and powder" count="3" who="Maud"] [inventory: action="add" item="Silver coffin nail" count="2" who="Maud"]`,
		`[inventory: action="equip" item="Watch pistol" who="Maud"]`,
		`[fight: op="start" foes="2 Grave wight"]`,
		`[fight: op="attack" who="Bram" target="Grave wight 1"]`,
		`[fight: op="attack" who="Maud" weapon="Watch pistol" target="Grave wight 2"]`,
		`[fight: op="attack" who="Grave wight 1" target="Bram"]`,
		`[fight: op="round"]`,
	} {
		for _, r := range gm(t, s, tg) {
			if r.Name == "refused" {
				t.Fatalf("%s: refused: %s", tg, r.String())
			}
		}
	}
	empty := one(t, s, `[fight: op="attack" who="Maud" weapon="Watch pistol" target="Grave wight 2"]`)
	if empty.Name != "refused" || empty.Value("reason") != fight.NoShots {
		t.Fatalf("a second shot from an empty pistol: %s, want refused %s", empty.String(), fight.NoShots)
	}
	reload := one(t, s, `[fight: op="reload" who="Maud" weapon="Watch pistol"]`)
	if reload.Name != "fight" || reload.Value("loaded") != "1 of 1" {
		t.Fatalf("reload: %s, want loaded=\"1 of 1\"", reload.String())
	}
	one(t, s, `[fight: op="round"]`)
	shot := one(t, s, `[fight: op="attack" who="Maud" weapon="Watch pistol" target="Grave wight 2"]`)
	if shot.Name != "fight" || shot.Value("weapon") != "Watch pistol" || shot.Value("landed") == "" {
		t.Fatalf("the reloaded pistol's shot: %s", shot.String())
	}
	if end := one(t, s, `[fight: op="end" outcome="won"]`); end.Name != "fight" || end.Value("outcome") != "won" {
		t.Fatalf("end: %s", end.String())
	}
}
