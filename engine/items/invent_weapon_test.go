package items_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/items"
)

// spec/items.md "Weapons in a fight": invented weapons, with the exact
// records the Game Master's tags get.
func TestInventedWeapons(t *testing.T) {
	cases := []struct {
		name, tag, record string
	}{
		{"like= a weapon fights with its own stats",
			`[inventory: action="add" item="Big axe" like="Hand axe" stats="damage=1d10, swing=wits"]`,
			`[inventory: action="add" item="Big axe" count="1" placed="Tamsin 1" line="Big axe [Weapon, Common, Thrown; Damage 1d10, Rolls with wits, Reach close]; attack (Action): Wits to hit, 1d10 + Wits cut, reach 2 paces, range 10 to 20 paces"]`},
		{"a category's weapon with the closest name: Crossbow resembles Hunting bow",
			`[inventory: action="add" item="Crossbow" category="Weapon" stats="damage=1d10"]`,
			`[inventory: action="add" item="Crossbow" count="1" placed="Tamsin 1" line="Crossbow [Weapon, Common; Damage 1d10, Rolls with wits]; attack (Action): Wits to hit, 1d10 pierce, range 30 to 60 paces, ammunition Arrow (1 an attack, 50% picked up after a won fight), modes Volley (2 shots, -2 to hit, up to 2 targets)" note="no rarity given; it is Common, the lowest; It fights as Hunting bow does."]`},
		{"a name the other contains: Spear resembles Boar spear",
			`[inventory: action="add" item="Spear" category="weapon" rarity="common"]`,
			`[inventory: action="add" item="Spear" count="1" placed="Tamsin 1" line="Spear [Weapon, Common; Damage 1d6, Rolls with brawn]; attack (Action): Brawn to hit, 1d6 + Brawn pierce, 1d8 with a hand free, reach 3 paces" note="It fights as Boar spear does."]`},
		{"no resemblance: the category's first weapon",
			`[inventory: action="add" item="Cudgel" category="weapon" rarity="common" slots="hands=1"]`,
			`[inventory: action="add" item="Cudgel" count="1" placed="Tamsin 1" line="Cudgel [Weapon, Common; Damage 1d6]; attack (Action): Brawn to hit, 1d6 + Brawn cut, reach 2 paces, range 10 to 20 paces" note="It fights as Hand axe does."]`},
		{"an invented item with no slot and no binding has no attack",
			`[inventory: action="add" item="Pocket axe" like="Hand axe" slots="none"]`,
			`[inventory: action="add" item="Pocket axe" count="1" placed="Tamsin 1" line="Pocket axe [Weapon, Common, Thrown; Damage 1d6, Reach close]" note="it takes no slot and does not bind, so it is never wielded: it has no attack"]`},
		{"a category without weapons fights like none",
			`[inventory: action="add" item="Tin whistle" category="gear"]`,
			`[inventory: action="add" item="Tin whistle" count="1" placed="Tamsin 1" line="Tin whistle [Gear, Common]" note="no rarity given; it is Common, the lowest"]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := ember(t)
			r := answer(t, p, items.GM, c.tag)
			if got := r.String(); got != c.record {
				t.Errorf("\n got %s\nwant %s", got, c.record)
			}
		})
	}
}

// An invented weapon's stats are capped by rarityCaps, and WeaponOf
// reads the capped value: a common weapon whose floor reads Guard holds
// Guard to the common cap, 1, while the catalog's own is never capped.
func TestInventedWeaponFightsWithCappedStats(t *testing.T) {
	p := bundled(t, "ember-roads", entry("guard-knife", "Guard knife", map[string]any{"category": "weapon", "rarity": "common",
		"stats": map[string]any{"guard": 3, "damage": "1d4"}, "slots": map[string]any{"hands": 1},
		"attack": map[string]any{"budget": "act", "damage": map[string]any{"dice": map[string]any{"stat": "damage"}}, "floor": map[string]any{"stat": "guard"}}}))
	r := answer(t, p, items.GM, `[inventory: action="add" item="Copy knife" like="Guard knife" stats="guard=4, damage=2d4"]`)
	want(t, r, "note", "Guard 4 is above what a Common item grants; it is 1")
	answer(t, p, items.GM, `[inventory: action="add" item="Guard knife"]`)
	answer(t, p, items.GM, `[inventory: action="equip" item="Copy knife"]`)
	answer(t, p, items.GM, `[inventory: action="equip" item="Guard knife"]`)
	floors := map[string]int{}
	for _, ww := range p.Weapons(0) {
		floors[ww.Weapon.Name] = ww.Weapon.Floor
		if ww.Weapon.Name == "Copy knife" && ww.Weapon.Dice != "2d4" {
			t.Errorf("copy knife deals %s, want its own 2d4", ww.Weapon.Dice)
		}
	}
	if floors["Copy knife"] != 1 || floors["Guard knife"] != 3 {
		t.Errorf("floors = %v, want the copy capped to 1 and the catalog's 3", floors)
	}
}

// Hostile stats on an invented weapon: a damage beyond the dice limits or
// not dice at all, an enum word the stat lacks, more hands than a
// character has. Each is dropped or held, said in the note, and the
// weapon fights with what stands (the like= item's value).
func TestInventedWeaponHostileStats(t *testing.T) {
	cases := []struct{ tag, record string }{
		{`[inventory: action="add" item="Huge axe" like="Hand axe" stats="damage=999d999"]`,
			`[inventory: action="add" item="Huge axe" count="1" placed="Tamsin 1" line="Huge axe [Weapon, Common, Thrown; Damage 1d6, Reach close]; attack (Action): Brawn to hit, 1d6 + Brawn cut, reach 2 paces, range 10 to 20 paces" note="Damage \"999d999\" is not a value Damage can hold; dropped"]`},
		{`[inventory: action="add" item="Odd axe" like="Hand axe" stats="damage=banana, swing=nope, reach=far"]`,
			`[inventory: action="add" item="Odd axe" count="1" placed="Tamsin 1" line="Odd axe [Weapon, Common, Thrown; Damage 1d6, Reach far]; attack (Action): Brawn to hit, 1d6 + Brawn cut, reach 2 paces, range 10 to 20 paces" note="Damage \"banana\" is not a value Damage can hold; dropped; Rolls with \"nope\" is not a value Rolls with can hold; dropped"]`},
		{`[inventory: action="add" item="Bow2" category="weapon" stats="damage=1d4" slots="hands=99"]`,
			`[inventory: action="add" item="Bow2" count="1" placed="Tamsin 1" line="Bow2 [Weapon, Common; Damage 1d4, Rolls with wits]; attack (Action): Wits to hit, 1d4 pierce, range 30 to 60 paces, ammunition Arrow (1 an attack, 50% picked up after a won fight), modes Volley (2 shots, -2 to hit, up to 2 targets)" note="no rarity given; it is Common, the lowest; Hands 99 is more than a character has; it takes 2; It fights as Hunting bow does."]`},
	}
	for _, c := range cases {
		p := ember(t)
		if got := answer(t, p, items.GM, c.tag).String(); got != c.record {
			t.Errorf("\n got %s\nwant %s", got, c.record)
		}
	}
}
