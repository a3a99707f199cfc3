package effectrules

import (
	"slices"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// WeaponsEffect is the extra effect a worn or carried item has on the
// attacks its bearer makes with a wielded weapon (Capability API 1.70:
// "an extra effect that triggers with wielded weapons"; the spec gives it
// no shape, docs/items.md "The weapons effect" gives this one): its
// modifiers apply to every attack made with a wielded weapon or, with
// Tags, only with a weapon that has any of those tags. An archer's
// bracer: { "tags": ["ranged"], "modifiers": [{ "to": "attacks", "flat": 1 }] }.
type WeaponsEffect struct {
	Tags      []string
	Modifiers []WeaponModifier
}

// WeaponModifier changes an attack made with a wielded weapon: to hit
// ("attacks": a number, dice and a mode, dice of the pool in a pool
// fight) or its damage ("damage": a number and dice).
type WeaponModifier struct {
	To    string // attacks, damage
	Flat  int
	Dice  string
	Minus bool
	Mode  string
}

// Applies reports whether the effect applies to a weapon with these tags.
func (w *WeaponsEffect) Applies(tags []string) bool {
	if w == nil {
		return false
	}
	if len(w.Tags) == 0 {
		return true
	}
	for _, t := range w.Tags {
		if slices.Contains(tags, t) {
			return true
		}
	}
	return false
}

// Limits of the weapons effect.
const (
	MaxWeaponsTags      = 16
	MaxWeaponsModifiers = 8
)

// weaponsEffect reads an item's weapons effect; a condition or a level
// wields nothing, so only an item's worn, carried or otherwise has it.
func (v *Validator) weaponsEffect(o validate.Obj, place Place) *WeaponsEffect {
	if place != PlaceItem && place != PlaceOtherwise {
		o.Addf("weapons", "weapons is what an item does to attacks made with a wielded weapon: only an item's worn or carried has it")
		return nil
	}
	wo, ok := o.Object("weapons")
	if !ok {
		return nil
	}
	wo.Known(vocab.Keys("effect.weapons")...)
	w := &WeaponsEffect{}
	w.Tags = v.weaponsTags(wo)
	if !wo.Require("modifiers") {
		return nil
	}
	arr, ok := wo.Arr("modifiers", 1, MaxWeaponsModifiers)
	if !ok {
		return nil
	}
	w.Modifiers = validate.ReadObjects(v.P, wo, "modifiers", arr, weaponModifier)
	if len(w.Modifiers) == 0 {
		return nil
	}
	return w
}

func (v *Validator) weaponsTags(wo validate.Obj) []string {
	arr, ok := wo.Arr("tags", 1, MaxWeaponsTags)
	if !ok {
		return nil
	}
	tags, unread, block := v.itemTags()
	var out []string
	for i, raw := range arr {
		t, _ := raw.(string)
		if !block || !slices.Contains(tags, t) {
			if !block || !unread {
				v.P.Addf(wo.Ptr("tags", i), "a weapons effect names weapons by a tag of items.tags; %s is not one", validate.Describe(raw))
			}
			continue
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// weaponModifier reads { to, flat, dice, minus, mode }: a mode only on
// attacks, and something to change.
func weaponModifier(mo validate.Obj) (WeaponModifier, bool) {
	mo.Known(vocab.Keys("effect.weapons.modifiers")...)
	var m WeaponModifier
	if !mo.Require("to") {
		return m, false
	}
	var ok bool
	if m.To, ok = mo.Enum("to", "", "attacks", "damage"); !ok {
		return m, false
	}
	m.Flat, _ = mo.Int("flat", -100, 100, 0)
	if d, ok := mo.Str("dice", 20, true); ok {
		if _, err := dice.ParseNotation(d); err != nil {
			mo.Addf("dice", "%v", err)
		} else {
			m.Dice = d
		}
	}
	m.Minus, _ = mo.Bool("minus", false)
	if mo.Has("minus") && !mo.Has("dice") {
		mo.Addf("minus", `"minus" subtracts the modifier's "dice"; add "dice" or remove "minus"`)
	}
	m.Mode, _ = mo.Enum("mode", "", "advantage", "disadvantage")
	if m.Mode != "" && m.To != "attacks" {
		mo.Addf("mode", `advantage and disadvantage are a roll's: "mode" goes with "to": "attacks"`)
		m.Mode = ""
	}
	if m.Flat == 0 && m.Dice == "" && m.Mode == "" {
		mo.Addf("", `a modifier changes something: give "flat", "dice" or "mode"`)
		return m, false
	}
	return m, true
}
