package record

// Keys of money, loot and starting gear (spec/items.md "Money", "Loot",
// "Starting gear").
func init() {
	RegisterTag("loot", `the answer to [loot: table=...]: what a loot table dropped and where it went`)
	RegisterTag("gear", `the answer to [gear: take=...] (the player's action): the starting gear a character took`)
	RegisterKeys(
		Key{Name: "amount", Type: Text, Doc: `A payment's or earning's amount as a quantity and a coin, the coin named by its one for exactly one: "3 shillings", "1 penny". Present on pay and earn.`},
		Key{Name: "paidWith", Type: Text, Doc: `The coins a payment took out of the bag, largest first, each by its label and count: "crowns ×1". Present on pay.`},
		Key{Name: "change", Type: Text, Doc: `The change a payment gave back into the same bag, largest coin first: "shillings ×2". Present on pay when change came back.`},
		Key{Name: "reply", Type: Text, Doc: `What a payment did in the spec's words: "Paid with crowns ×1; shillings ×2 back." Present on pay.`},
		Key{Name: "table", Type: Text, Doc: `The loot table rolled, by its id. Present on loot and on a loot refusal that names one.`, Tags: []string{"loot", "refused"}},
		Key{Name: "picks", Type: Int, Doc: `How many picks the loot table made (its rolls, thrown on the tag's stream). Present on loot.`, Tags: []string{"loot"}},
		Key{Name: "dropped", Type: Text, Doc: `What dropped, pick by pick, each item by its label and count ("Shot and powder ×3, shillings ×4"); "nothing" when nothing did. Present on loot.`, Tags: []string{"loot"}},
		Key{Name: "leftBehind", Type: Text, Doc: `What no one could carry and was left behind, by label and count ("Millstone ×1"). Present on loot and gear only when something was.`, Tags: []string{"loot", "gear"}},
		Key{Name: "gear", Type: Text, Doc: `The starting gear taken (or refused), by its label. Present on gear and on its refusals.`, Tags: []string{"gear", "refused"}},
		Key{Name: "took", Type: Text, Doc: `What taking starting gear put in the bag, line by line, by label and count ("Shield ×1, Chain mail ×1, gold pieces ×15"). Present on gear.`, Tags: []string{"gear"}},
		Key{Name: "equippedNow", Type: Text, Doc: `The items taking starting gear put on (equip: true, where slots were free), by label. Present on gear when any was.`, Tags: []string{"gear"}},
		Key{Name: "weight", Type: Number, Doc: `What the starting gear weighs in the carry stat. Present on gear and on a too-heavy refusal, in a ruleset with carry.`, Tags: []string{"gear", "refused"}},
		Key{Name: "canCarry", Type: Number, Doc: `How much more the character could still carry (their limit minus their load). Present on a too-heavy refusal.`, Tags: []string{"refused"}},
		Key{Name: "again", Type: Bool, Doc: `"true" when the player took gear of a group they had already taken, on purpose: it adds to the bag.`, Tags: []string{"gear"}},
	)
}
