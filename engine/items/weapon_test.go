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
	got := []any{axe.Budget, axe.ToHitAbilities, axe.Dice, axe.DamageAbilities, axe.DamageType, axe.Reach, axe.RangeNormal, axe.RangeLong, axe.Thrown()}
	want := []any{"act", []string{"brawn"}, "1d6", []string{"brawn"}, "cut", 2.0, 10.0, 20.0, true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("hand axe = %v, want %v", got, want)
	}
	bow := items.ResolveWeapon(b, b.ItemByLabel("Hunting bow"))
	if !reflect.DeepEqual(bow.ToHitAbilities, []string{"wits"}) || bow.Dice != "1d8" || bow.HasReach || !bow.HasRange || bow.Thrown() {
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
