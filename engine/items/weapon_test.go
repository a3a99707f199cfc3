package items_test

import (
	"reflect"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
)

// The bundled Ember Roads weapons read their stats: the hand axe gives no
// "swing" and rolls with the stat's default, Brawn (spec/items.md: `Brawn
// to hit, 1d6 + Brawn cut`); the bow's swing is wits.
func TestResolveWeaponReadsStats(t *testing.T) {
	p := ember(t)
	b := p.RS.Items
	axe := items.ResolveWeapon(b, b.ItemByLabel("Hand axe"))
	if axe == nil {
		t.Fatal("hand axe has no attack")
	}
	got := []any{axe.Budget, axe.ToHit.Abilities, axe.Dice, axe.DamageAbilities, axe.DamageType, axe.Reach, axe.RangeNormal, axe.RangeLong, axe.Thrown()}
	want := []any{"act", []string{"brawn"}, "1d6", []string{"brawn"}, "cut", 2.0, 10.0, 20.0, true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("hand axe = %v, want %v", got, want)
	}
	bow := items.ResolveWeapon(b, b.ItemByLabel("Hunting bow"))
	if !reflect.DeepEqual(bow.ToHit.Abilities, []string{"wits"}) || bow.Dice != "1d8" || bow.HasReach || !bow.HasRange || bow.Thrown() {
		t.Errorf("hunting bow = %+v", bow)
	}
	if bow.Ammo == nil || bow.Ammo.Tag != "arrow" || bow.Ammo.PerAttack != 1 || bow.Ammo.Recover != 0.5 {
		t.Errorf("bow ammo = %+v", bow.Ammo)
	}
	if m, ok := bow.ModeByID("volley"); !ok || m.Ammo != 2 || m.ToHit != -2 || m.Targets != 2 {
		t.Errorf("volley = %+v %v", m, ok)
	}
	if !bow.BothHands {
		t.Error("a bow that takes two hands is wielded with both")
	}
	if items.ResolveWeapon(b, b.ItemByLabel("Rope")) != nil {
		t.Error("rope has no attack")
	}
}

// A weapon is offered only while worn: wielded in the hands it takes.
// The boar spear deals its versatile 1d8 while a hand is free, 1d6 when
// the other hand holds something.
func TestWeaponOfWornAndVersatile(t *testing.T) {
	p := ember(t)
	orrin := 1
	spear := &p.Members[orrin].Bag[0]
	if _, ok := p.WeaponOf(orrin, spear); ok {
		t.Fatal("a stowed spear offers an attack")
	}
	answer(t, p, items.GM, `[inventory: action="equip" item="Boar spear" who="Orrin"]`)
	w, ok := p.WeaponOf(orrin, spear)
	if !ok {
		t.Fatal("a wielded spear offers no attack")
	}
	if w.Dice != "1d8" || !w.Versatile || !w.BothHands || w.OneHandNow() {
		t.Errorf("spear with a hand free = %s versatile=%v both=%v", w.Dice, w.Versatile, w.BothHands)
	}
	answer(t, p, items.GM, `[inventory: action="add" item="Hand axe" who="Orrin"]`)
	answer(t, p, items.GM, `[inventory: action="equip" item="Hand axe" who="Orrin"]`)
	w, _ = p.WeaponOf(orrin, spear)
	if w.Dice != "1d6" || w.Versatile || w.BothHands {
		t.Errorf("spear with both hands full = %s versatile=%v both=%v", w.Dice, w.Versatile, w.BothHands)
	}
	ws := p.Weapons(orrin)
	if len(ws) != 2 || ws[0].Weapon.Name != "Boar spear" || ws[1].Weapon.Name != "Hand axe" {
		t.Errorf("Weapons = %+v", ws)
	}
	if _, ok := p.WeaponOf(orrin, &p.Members[orrin].Bag[1]); ok {
		t.Error("arrows are no weapon")
	}
	if _, ok := p.WeaponOf(7, spear); ok {
		t.Error("a member out of range wields nothing")
	}
}

func BenchmarkWeaponOf(b *testing.B) {
	p := ember(b)
	answer(b, p, items.GM, `[inventory: action="equip" item="Boar spear" who="Orrin"]`)
	spear := &p.Members[1].Bag[0]
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := p.WeaponOf(1, spear); !ok {
			b.Fatal("no weapon")
		}
	}
}

// The weapons effect (1.70): a worn archer's bracer adds to attacks made
// with a Ranged weapon, and only while worn; a carried charm's applies to
// every weapon. WeaponOf folds the numbers in and names the items.
func TestWeaponsEffectOnWieldedWeapons(t *testing.T) {
	p := bundled(t, "ember-roads",
		entry("archers-bracer", "Archer's bracer", map[string]any{"category": "armor", "slots": map[string]any{"arms": 1},
			"worn": map[string]any{"weapons": map[string]any{"tags": []any{"ranged"}, "modifiers": []any{
				map[string]any{"to": "attacks", "flat": 1, "mode": "advantage"}, map[string]any{"to": "damage", "flat": 2, "dice": "1d4"}}}}}),
		entry("war-charm", "War charm", map[string]any{"category": "charm",
			"carried": map[string]any{"weapons": map[string]any{"modifiers": []any{map[string]any{"to": "damage", "flat": -1}}}}}),
	)
	for _, s := range []string{"Hunting bow", "Hand axe", "Archer's bracer"} {
		answer(t, p, items.GM, `[inventory: action="add" item="`+s+`"]`)
	}
	answer(t, p, items.GM, `[inventory: action="equip" item="Hunting bow"]`)
	bow := func() *items.Weapon {
		for _, ww := range p.Weapons(0) {
			if ww.Weapon.Name == "Hunting bow" {
				return ww.Weapon
			}
		}
		t.Fatal("the bow is not wielded")
		return nil
	}
	if w := bow(); w.ToHit.Bonus != 0 || !w.Bonus.IsZero() {
		t.Errorf("a stowed bracer adds %+v", w.Bonus)
	}
	answer(t, p, items.GM, `[inventory: action="equip" item="Archer's bracer"]`)
	w := bow()
	if w.ToHit.Bonus != 1 || w.DamageBonus != 2 || !w.Bonus.Advantage || len(w.Bonus.DamageDice) != 1 || w.Bonus.From[0] != "Archer's bracer" {
		t.Errorf("bracer on the bow: %+v", w.Bonus)
	}
	answer(t, p, items.GM, `[inventory: action="add" item="War charm"]`)
	w = bow()
	if w.DamageBonus != 1 || len(w.Bonus.From) != 2 {
		t.Errorf("bracer and charm: damage %d from %v", w.DamageBonus, w.Bonus.From)
	}
	answer(t, p, items.GM, `[inventory: action="unequip" item="Hunting bow"]`)
	answer(t, p, items.GM, `[inventory: action="equip" item="Hand axe"]`)
	for _, ww := range p.Weapons(0) {
		if ww.Weapon.Name == "Hand axe" && (ww.Weapon.ToHit.Bonus != 0 || ww.Weapon.DamageBonus != -1 || len(ww.Weapon.Bonus.From) != 1) {
			t.Errorf("the axe is no Ranged weapon: only the charm counts: %+v", ww.Weapon.Bonus)
		}
	}
}

// A fight's named effects name what gives them: a worn item's
// own-attacks-advantage, a condition's.
func TestFightEffectsName(t *testing.T) {
	p := bundled(t, "ember-roads",
		entry("eagle-hood", "Eagle hood", map[string]any{"category": "armor", "slots": map[string]any{"body": 1},
			"worn": map[string]any{"effects": []any{"own-attacks-advantage"}}}))
	answer(t, p, items.GM, `[inventory: action="add" item="Eagle hood"]`)
	if got := p.FightEffects(0)["own-attacks-advantage"]; len(got) != 0 {
		t.Errorf("a stowed hood gives %v", got)
	}
	answer(t, p, items.GM, `[inventory: action="equip" item="Eagle hood"]`)
	if got := p.FightEffects(0)["own-attacks-advantage"]; len(got) != 1 || got[0] != "Eagle hood" {
		t.Errorf("worn hood: %v", got)
	}
	if p.FightEffects(5) != nil {
		t.Error("out of range")
	}
}

// The otherwise of an unmet requirement counts in a fight: armor too
// heavy for its wearer costs speed, and stops once the wearer is strong
// enough (spec/items.md "Armor and worn-item effects in a fight").
func TestOtherwiseCountsInAFight(t *testing.T) {
	p := bundled(t, "ember-roads",
		entry("plate", "Plate", map[string]any{"category": "armor", "slots": map[string]any{"body": 1},
			"requires": []any{map[string]any{"value": map[string]any{"abilityScore": "brawn"}, "atLeast": 2,
				"otherwise": map[string]any{"modifiers": []any{map[string]any{"to": "speed", "flat": -2}},
					"weapons": map[string]any{"modifiers": []any{map[string]any{"to": "attacks", "flat": -1}}}}}}}))
	answer(t, p, items.GM, `[inventory: action="add" item="Plate"]`)
	answer(t, p, items.GM, `[inventory: action="add" item="Hand axe"]`)
	answer(t, p, items.GM, `[inventory: action="equip" item="Hand axe"]`)
	if m := p.FightModifiers(0, "speed"); m.Flat != 0 {
		t.Errorf("stowed plate costs speed: %+v", m)
	}
	answer(t, p, items.GM, `[inventory: action="equip" item="Plate"]`)
	if m := p.FightModifiers(0, "speed"); m.Flat != -2 || len(m.From) != 1 || m.From[0] != "Plate" {
		t.Errorf("worn plate on a weak wearer: %+v", m)
	}
	if ws := p.Weapons(0); len(ws) != 1 || ws[0].Weapon.ToHit.Bonus != -1 {
		t.Errorf("the otherwise's weapons effect: %+v", ws)
	}
	answer(t, p, items.GM, `[inventory: action="add" item="Oxhide gauntlets"]`)
	answer(t, p, items.GM, `[inventory: action="equip" item="Oxhide gauntlets"]`)
	if m := p.FightModifiers(0, "speed"); m.Flat != 0 {
		t.Errorf("gauntlets set Brawn 2: the requirement is met, yet %+v", m)
	}
}
