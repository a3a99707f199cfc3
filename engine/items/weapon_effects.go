package items

import (
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
)

// WeaponBonus is what a member's worn and carried items (and their unmet
// requirements' otherwise) add to the attacks made with one wielded
// weapon through their weapons effect (1.70, docs/items.md "The weapons
// effect"): to hit and to damage, a number (dice in a pool fight's
// attack) and dice, advantage or disadvantage on the attack roll, and
// From naming each item once by its stack's name.
type WeaponBonus struct {
	ToHit, Damage           int
	ToHitDice, DamageDice   []string
	ToHitMinus, DamageMinus []string
	Advantage, Disadvantage bool
	From                    []string
}

// IsZero reports a bonus that changes nothing.
func (b WeaponBonus) IsZero() bool { return len(b.From) == 0 }

// WeaponBonusOf gathers what member i's items' weapons effects do to
// attacks made with w: each effect whose tags the weapon carries (or that
// names none). WeaponOf folds the numbers into the weapon's bonuses.
func (p *Party) WeaponBonusOf(i int, w *Weapon) WeaponBonus {
	var out WeaponBonus
	if i < 0 || i >= len(p.Members) || w == nil || !p.anyWeaponsEffect(p.Members[i]) {
		return out
	}
	for _, src := range p.sources(i, nil) {
		if src.effect == nil || !src.effect.Weapons.Applies(w.Tags) {
			continue
		}
		if out.add(src.effect.Weapons.Modifiers) && !containsStr(out.From, src.label) {
			out.From = append(out.From, src.label)
		}
	}
	return out
}

// add sums the modifiers; true when any changed something.
func (b *WeaponBonus) add(mods []effectrules.WeaponModifier) bool {
	used := false
	for _, m := range mods {
		switch m.To {
		case "attacks":
			b.ToHit += m.Flat
			b.ToHitDice, b.ToHitMinus = addDice(b.ToHitDice, b.ToHitMinus, m)
			b.Advantage = b.Advantage || m.Mode == "advantage"
			b.Disadvantage = b.Disadvantage || m.Mode == "disadvantage"
		case "damage":
			b.Damage += m.Flat
			b.DamageDice, b.DamageMinus = addDice(b.DamageDice, b.DamageMinus, m)
		}
		used = used || m.Flat != 0 || m.Dice != "" || m.Mode != ""
	}
	return used
}

func addDice(plus, minus []string, m effectrules.WeaponModifier) ([]string, []string) {
	switch {
	case m.Dice == "":
	case m.Minus:
		minus = append(minus, m.Dice)
	default:
		plus = append(plus, m.Dice)
	}
	return plus, minus
}

// anyWeaponsEffect is the cheap test before the member's full view: does
// any item they carry have a weapons effect, worn, carried or otherwise?
func (p *Party) anyWeaponsEffect(m *Member) bool {
	for j := range m.Bag {
		def := p.Def(&m.Bag[j])
		if def == nil {
			continue
		}
		if hasWeapons(def.Worn) || hasWeapons(def.Carried) {
			return true
		}
		for _, rq := range def.Requires {
			if hasWeapons(rq.Otherwise) {
				return true
			}
		}
	}
	return false
}

func hasWeapons(e *effectrules.Effect) bool { return e != nil && e.Weapons != nil }
