package record

func init() {
	RegisterTag("inventory", "the answer to [inventory: action=...]: what an add, remove, equip, unequip, bind, unbind, give, inspect, pay or earn did")
	RegisterKeys(
		Key{Name: "item", Type: Text, Doc: "The item acted on, by its stack's name (a ruleset item's label; on earn, the coin's label). Present on every inventory record but pay (which names its amount) and on an inventory refusal."},
		Key{Name: "count", Type: Int, Doc: "How many units the action moved: added, removed, given or earned. Present on add, remove, give and earn."},
		Key{Name: "placed", Type: Text, Doc: `Who took what an add or an earning brought in, in order: "Tamsin 2; Orrin 1"; on loot, each bearer's share of the drops in party order: "Bram: Shot and powder ×3; Maud: Hand axe ×1". Present when anything was placed.`},
		Key{Name: "left", Type: Int, Doc: "Units no one could carry (past everyone's limit), left behind (on add and earn); on give, units that stayed with the giver. Present only when some were left."},
		Key{Name: "line", Type: Text, Doc: "The item as the Game Master sees it: `Hand axe [Weapon, Common, Thrown; Damage 1d6, Reach close]` plus what it does worn or carried, its requirements and cost. Present on add (ruleset or invented items) and inspect."},
		Key{Name: "slots", Type: Text, Doc: `Each slot in use after an equip or unequip: "Body 1/1, Hands 2/2".`},
		Key{Name: "bound", Type: Text, Doc: `How many items the bearer has bound after a bind, of how many they may: "1 of 3".`},
		Key{Name: "curseEnded", Type: Bool, Doc: `"true" when the Game Master's unbind with curse="end" ended a cursed item's curse.`},
		Key{Name: "to", Type: Text, Doc: "The character who received a give. Present on give."},
	)
}
