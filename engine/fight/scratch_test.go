package fight_test

import "testing"

func TestScratch(t *testing.T) {
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
		`[fight: op="reload" who="Maud" weapon="Watch pistol"]`,
		`[fight: op="attack" who="Bram" target="Grave wight 1"]`,
		`[fight: op="round"]`,
		`[fight: op="attack" who="Bram" target="Grave wight 1"]`,
		`[fight: op="attack" who="Maud" weapon="Watch pistol" target="Grave wight 2"]`,
		`[fight: op="end" outcome="won"]`,
	} {
		for _, r := range gm(t, s, tg) {
			t.Log(r.String())
		}
	}
}
