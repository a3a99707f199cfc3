package itemrules

import "github.com/rulehost/rulehost/engine/validate"

// itemSections reads the sections of spec/items.md that build on the
// bags once the catalogs are known: the coins as items (Money), the loot
// tables (Loot) and the starting gear (Starting gear). Each has its own
// file; this is the one place the items block calls them from.
func (v *Validator) itemSections(o validate.Obj, b *ItemsBlock) {
	b.Coins = coinItems(b)
	b.LootTables = v.lootTables(o, b)
	v.creatureLoot(o, b)
	b.StartingGear = v.startingGear(o, b)
	v.marketSection(o, b)
}
