package items

import (
	"strings"

	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// Invented weapons (spec/items.md "Weapons in a fight"): an item invented
// like= a weapon fights with its own stats (copyFrom shares the typed
// attack, which reads the new item's stats); an item invented in one of
// the weapons' categories with nothing to start from fights like the
// weapon of that category with the closest name, or the first of them;
// and an invented item with no slot and no binding is never worn, so it
// is created without an attack.

// fightLike gives an item invented with nothing to start from the attack
// of the category's weapon it resembles: the attack, each stat the
// attack reads that the proposal left out and, when the proposal gave
// neither slots= nor binds=, the weapon's slots (it fights like it, so it
// is wielded like it: docs/items.md "Invented weapons"). The reply says
// `It fights as Hand axe does.`
func (iv *inventor) fightLike(gaveSlots, gaveBinds bool) {
	it := iv.it
	if it.AttackDef != nil {
		return
	}
	base := closestWeapon(iv.b, it.Category, it.Label)
	if base == nil {
		return
	}
	slots, binds := it.Slots, it.Binds
	if !gaveSlots && !gaveBinds && len(slots) == 0 && !binds {
		slots, binds = append([]itemrules.SlotUse(nil), base.Slots...), base.Binds
	}
	if len(slots) == 0 && !binds {
		return // never worn, so never wielded: no attack to fight with
	}
	it.Slots, it.Binds = slots, binds
	it.AttackDef, it.Attack = base.AttackDef, base.Attack
	for _, id := range base.AttackDef.StatsRead() {
		if _, given := it.Stats[id]; given {
			continue
		}
		if v, ok := base.Stats[id]; ok {
			it.Stats[id] = v
		}
	}
	iv.note("It fights as %s does.", base.Label)
}

// closestWeapon is the catalog weapon of the category whose name is
// closest to name: the first that shares a word with it, a word of one
// name contained in the other in either direction (Crossbow resembles
// Hunting bow), else the category's first weapon. nil when the category
// has none.
func closestWeapon(b *itemrules.ItemsBlock, category, name string) *itemrules.Item {
	var first *itemrules.Item
	for _, it := range b.Items {
		if it.AttackDef == nil || it.Category != category {
			continue
		}
		if first == nil {
			first = it
		}
		if namesResemble(it.Label, name) {
			return it
		}
	}
	return first
}

// namesResemble reports a word of either name contained in the other,
// without case.
func namesResemble(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	return wordIn(a, b) || wordIn(b, a)
}

func wordIn(words, in string) bool {
	for _, w := range strings.FieldsFunc(words, func(r rune) bool { return r == ' ' || r == '-' || r == '\'' || r == ',' }) {
		if len(w) > 2 && strings.Contains(in, w) {
			return true
		}
	}
	return false
}

// dropUnwielded takes the attack off an invented item with no slot and no
// binding: it is never worn, so it could never be wielded.
func (iv *inventor) dropUnwielded() {
	it := iv.it
	if it.AttackDef == nil || len(it.Slots) > 0 || it.Binds {
		return
	}
	it.AttackDef, it.Attack = nil, nil
	iv.note("it takes no slot and does not bind, so it is never wielded: it has no attack")
}
