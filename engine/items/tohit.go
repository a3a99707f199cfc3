package items

import (
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
)

// ToHit is a toHit read for one item: a weapon's attack's, or a use's
// with attackRoll, which spec/items.md defines as a weapon's. Every value
// the toHit reads from the item's own stats is read in (a stat the item
// gives no value to is as if not written, an invented item's numbers
// held to rarityCaps); the user's sheet values stay references, read by
// the fight on the sheet of whoever rolls. The zero ToHit adds nothing.
type ToHit struct {
	// Abilities: the best of them counts.
	Abilities []string
	// Skill adds what a check of it adds, with the attack's ability.
	Skill string
	// Proficiency adds the ruleset's proficiency bonus when it reads
	// above 0 on the sheet.
	Proficiency *valueref.Ref
	Bonus       int
	// SheetBonus is added as read from the sheet.
	SheetBonus *valueref.Ref
	// Target is a per-die target of its own in a pool fight (0: the pool's).
	Target int
}

// ResolveToHit reads th (nil: nothing) for item def of block b. A weapon
// (ResolveWeapon) and a use (engine/use) both read theirs here, so a
// use's toHit rolls exactly as a weapon's.
func ResolveToHit(b *itemrules.ItemsBlock, def *itemrules.Item, th *itemrules.AttackToHit) ToHit {
	if th == nil || def == nil {
		return ToHit{}
	}
	r := statReader{b: b, def: def}
	t := ToHit{Proficiency: th.Proficiency, SheetBonus: th.SheetBonus}
	t.Abilities, _ = th.Abilities.Of(b, def)
	t.Skill, _ = th.Skill.Of(b, def)
	t.Bonus = r.int(th.Bonus)
	t.Target = r.int(th.Target)
	return t
}

// UseToHit is the toHit of def's use read with def's own stats: what its
// attack roll adds. false when the use has no toHit (the roll adds
// nothing).
func (p *Party) UseToHit(def *itemrules.Item) (ToHit, bool) {
	if def == nil || def.UseDef == nil || def.UseDef.ToHit == nil {
		return ToHit{}, false
	}
	return ResolveToHit(p.block(), def, def.UseDef.ToHit), true
}
