package fight_test

import (
	"strings"
	"testing"
)

// An invented weapon that "fights as Hand axe does" fights in the fight
// as the hand axe does: for the same seeds its attacks say what the hand
// axe's say, but for the name (to-hit, damage dice, type, what it adds).
func TestInventedWeaponFights(t *testing.T) {
	hits := 0
	for seed := uint64(1); seed <= 12; seed++ {
		s := game(t, "ember-roads", seed)
		add := one(t, s, `[inventory: action="add" item="Cudgel" category="weapon" rarity="common" slots="hands=1" who="Tamsin"]`)
		has(t, add, "note", "It fights as Hand axe does.")
		gm(t, s, `[inventory: action="equip" item="Cudgel" who="Tamsin"] [fight: op="start" foes="Ash wolf"]`)
		cudgel := one(t, s, `[fight: op="attack" who="Tamsin" weapon="Cudgel"]`).String()

		a := game(t, "ember-roads", seed) // the same steps but the weapon
		gm(t, a, `[inventory: action="add" item="Cudgel" category="weapon" rarity="common" slots="hands=1" who="Tamsin"]`)
		gm(t, a, `[inventory: action="equip" item="Hand axe" who="Tamsin"] [fight: op="start" foes="Ash wolf"]`)
		axe := one(t, a, `[fight: op="attack" who="Tamsin" weapon="Hand axe"]`).String()
		if got := strings.ReplaceAll(cudgel, "Cudgel", "Hand axe"); got != axe {
			t.Fatalf("seed %d:\ncudgel %s\naxe    %s", seed, cudgel, axe)
		}
		if strings.Contains(axe, " deals ") {
			hits++
		}
	}
	if hits == 0 {
		t.Fatal("no seed where the attack hit: the damage was never compared")
	}
}
