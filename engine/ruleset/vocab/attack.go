package vocab

// weaponsVocabulary is an item's attack (spec/items.md "Weapons in a
// fight", "Ammunition and reloading", "Modes, a second weapon, a floor and
// conditions on a hit"), the weapons effect of a worn or carried item
// (1.70, docs/items.md) and the combat block's keys they read.
func weaponsVocabulary() []Section {
	return []Section{
		{ID: "items.attack", Pointer: "/catalogs/*/entries/*/item/attack", Title: "attack (needs 1.55)", Meaning: "What the item does as a weapon in a fight, while worn (wielded in the hands it takes, bound when it binds). Any number or word can read the item's own stat, `{ \"stat\": id }`; a stat the item gives no value to is as if not written.", Keys: []Key{
			k("budget", "string", "", "required; one of combat.economy.budgets", "the budget an attack spends"),
			k("toHit", "object:items.attack.toHit", "", "", "what it adds to hit"),
			k("damage", "object:items.attack.damage", "", "dice required in a summed fight (dice-sum)", "what a hit deals"),
			k("reach", "number,object:items.stat", "", "0 to 1000000; needs combat.distance", "how far it strikes, in the distance unit"),
			k("range", "object:items.attack.range", "", "needs combat.distance", "how far it shoots or is thrown (thrown with reach)"),
			k("versatile", "string,object:items.stat", "", "dice notation or a dice stat; the item takes at most half of each slot", "the dice it deals while each slot it takes has room for as many again"),
			k("strikes", refType, "", "", "how many attacks one spend buys, read from the wielder's sheet (one without it)"),
			k("ammo", "object:items.attack.ammo", "", "needs 1.57", "what it shoots, drawn from the bag"),
			k("clip", "object:items.attack.clip", "", "needs 1.57", "a loaded count it keeps"),
			k("modes", "array:object:items.attack.modes", "", "needs 1.58; 1 to 6; unique ids", "other ways of making the attack"),
			k("offHand", "boolean", "false", "needs 1.58 and combat.offHand", "a weapon for the off hand: a second attack after the first"),
			k("floor", "number,object:items.stat", "", "needs 1.58; 0 to 1000", "the least a hit deals, before resistance"),
			k("onHit", "array:object:items.attack.onHit", "", "needs 1.58; 1 to 4", "conditions the target receives on a hit"),
			k("plus", "array:object:items.attack.plus", "", "needs 1.169; 1 to 3", "extra amounts on each hit"),
		}},
		{ID: "items.stat", Pointer: "/catalogs/*/entries/*/item/attack/reach", Title: "A value read from the item's stat", Meaning: "`{ \"stat\": id }` in place of a number or a word of an attack: the item's own value of that stat (a number stat for a number, a dice stat for dice, a text or enum stat for a damage type, an enum stat whose words are ability or skill ids for abilities and skill).", Keys: []Key{
			k("stat", "string", "", "required; a stat of the items block of the right type", "the stat read"),
		}},
		{ID: "items.attack.toHit", Pointer: "/catalogs/*/entries/*/item/attack/toHit", Title: "attack.toHit", Meaning: "What the attack adds to hit; a use's toHit (with attackRoll) is the same.", Keys: []Key{
			k("abilities", "object:items.stat,array:string", "", "1 to 8 ability ids, or an enum stat", "abilities added: the best of them counts"),
			k("skill", "string,object:items.stat", "", "a skill's id, or an enum stat", "adds what a check of that skill adds, with the attack's ability"),
			k("proficiency", refType, "", "", "above 0 on the wielder's sheet, the proficiency bonus is added"),
			k("bonus", "number,object:items.stat", "0", "-100 to 100", "a number added"),
			k("sheetBonus", refType, "", "needs 1.95", "a number from the wielder's sheet added as is"),
			k("target", "number,object:items.stat", "", "dice-pool whose target can move; within its min and max", "a per-die target of its own in a pool fight"),
		}},
		{ID: "items.attack.damage", Pointer: "/catalogs/*/entries/*/item/attack/damage", Title: "attack.damage", Meaning: "What a hit deals: in a pool fight its successes, and `dice` more dice of the pool's die.", Keys: []Key{
			k("dice", "string,object:items.stat", "", "dice notation or a dice stat; required in a summed fight", "the dice it deals"),
			k("abilities", "object:items.stat,array:string", "", "1 to 8 ability ids, or an enum stat", "abilities added: the best of them counts"),
			k("bonus", "number,object:items.stat", "0", "-1000 to 1000", "a number added"),
			k("type", "string,object:items.stat", "", "one of combat.damageTypes when declared", "the damage type"),
			k("sheetBonus", refType, "", "needs 1.97", "a number from the wielder's sheet added to the damage"),
			k("oneHanded", "boolean", "false", "needs sheetBonus", "sheetBonus counts only while wielded in one hand"),
			k("rerollUpTo", refType, "", "needs 1.98", "the weapon's damage dice at or below it are rolled again once, with both hands, in a summed fight"),
		}},
		{ID: "items.attack.range", Pointer: "/catalogs/*/entries/*/item/attack/range", Title: "attack.range", Meaning: "How far it shoots or is thrown.", Keys: []Key{
			k("normal", "number,object:items.stat", "", "required; 0 to 1000000", "its range"),
			k("long", "number,object:items.stat", "", "at least normal", "what it still reaches beyond that"),
		}},
		{ID: "items.attack.ammo", Pointer: "/catalogs/*/entries/*/item/attack/ammo", Title: "attack.ammo (needs 1.57)", Meaning: "What the weapon shoots: the items with a tag, from the first stack in the bag, then the next.", Keys: []Key{
			k("tag", "string", "", "required; one of items.tags", "the tag of what it shoots"),
			k("perAttack", "integer", "1", "1 to 100", "how many an attack uses up"),
			k("recover", "number", "0", "0 to 1", "the fraction of what was shot picked up after a won fight"),
		}},
		{ID: "items.attack.clip", Pointer: "/catalogs/*/entries/*/item/attack/clip", Title: "attack.clip (needs 1.57)", Meaning: "A loaded count the weapon keeps in itself.", Keys: []Key{
			k("max", "integer,object:items.stat", "", "required; 1 to 1000, or a number stat", "how much it holds"),
			k("reload", "string", "", "required; one of combat.economy.budgets", "the budget a reload spends"),
		}},
		{ID: "items.attack.modes", Pointer: "/catalogs/*/entries/*/item/attack/modes/*", Title: "attack.modes (needs 1.58)", Meaning: "Another way of making the attack.", Keys: []Key{
			idKey("mode"), reqLabel("mode"),
			k("ammo", "integer", "", "1 to 100; needs the weapon's ammo or clip", "how many shots an attack in this mode uses"),
			k("toHit", "integer", "0", "-100 to 100", "what it adds to hit: dice in a pool fight, a number in a summed one"),
			k("target", "integer", "0", "a dice-pool whose target can move", "moves the per-die target (+1 is harder)"),
			k("targets", "integer", "1", "1 to 20", "how many targets, each with its own attack roll"),
		}},
		{ID: "items.attack.onHit", Pointer: "/catalogs/*/entries/*/item/attack/onHit/*", Title: "attack.onHit (needs 1.58)", Meaning: "A condition the target receives when a strike dealt at least `atLeast` after soak and resistances.", Keys: []Key{
			k("condition", "string", "", "required; a condition's id", "the condition"),
			k("atLeast", "integer", "1", "0 to 1000", "the damage the strike must have dealt"),
			k("rounds", "integer", "", "1 to 100; not with saveEnds", "for how many of the target's turns (until removed without it)"),
			k("save", "object:items.attack.onHit.save", "", "needs 1.169", "a save the target rolls to avoid it"),
			k("saveEnds", "object:items.attack.onHit.saveEnds", "", "needs 1.169", "a save that ends it"),
		}},
		{ID: "items.attack.onHit.save", Pointer: "/catalogs/*/entries/*/item/attack/onHit/*/save", Title: "onHit.save (needs 1.169)", Meaning: "A save that avoids the condition.", Keys: []Key{
			k("save", "string", "", "required; a save's id", "the save"),
			k("difficulty", "integer", "", "required; 1 to 100", "its difficulty"),
		}},
		{ID: "items.attack.onHit.saveEnds", Pointer: "/catalogs/*/entries/*/item/attack/onHit/*/saveEnds", Title: "onHit.saveEnds (needs 1.169)", Meaning: "A save its bearer rolls until they pass it, which ends the condition.", Keys: []Key{
			k("save", "string", "", "required; a save's id", "the save"),
			k("difficulty", "integer", "", "required; 1 to 100", "its difficulty"),
			k("at", "enum:turn-start|turn-end|damaged", "", "required", "when it is rolled: each turn's start or end, or on taking damage"),
		}},
		{ID: "items.attack.plus", Pointer: "/catalogs/*/entries/*/item/attack/plus/*", Title: "attack.plus (needs 1.169)", Meaning: "An extra amount on each hit, rolled, typed and resisted on its own; its dice are doubled on a critical hit.", Keys: []Key{
			k("dice", "string", "", "dice notation; dice, flat or both", "dice dealt"),
			k("flat", "integer", "0", "-1000 to 1000", "a number dealt"),
			k("type", "string", "", "one of combat.damageTypes when declared", "its damage type"),
			k("save", "object:items.attack.plus.save", "", "", "a save against it"),
			k("targetIs", "object:items.attack.plus.targetIs", "", "", "dealt only to creatures of those types or tags"),
			k("when", "enum:critical|toggled", "", "toggled needs 1.170 and the item's toggle", "dealt only on a critical hit, or while the item's switch is on"),
		}},
		{ID: "items.attack.plus.save", Pointer: "/catalogs/*/entries/*/item/attack/plus/*/save", Title: "attack.plus.save", Meaning: "A clause's own save.", Keys: []Key{
			k("save", "string", "", "a save's id", "the save rolled"),
			k("difficulty", "integer", "", "required; 1 to 100", "its difficulty"),
			k("onSuccess", "enum:half|none", "half", "", "what a success leaves of the clause"),
		}},
		{ID: "items.attack.plus.targetIs", Pointer: "/catalogs/*/entries/*/item/attack/plus/*/targetIs", Title: "attack.plus.targetIs", Meaning: "The creatures a clause reaches: any of the types or tags.", Keys: []Key{
			k("types", "array:string", "", "1 to 16 words", "creature types"),
			k("tags", "array:string", "", "1 to 16 words", "creature tags"),
		}},
		{ID: "effect.weapons", Pointer: "/catalogs/*/entries/*/item/worn/weapons", Title: "weapons (needs 1.70)", Meaning: "An extra effect on attacks made with a wielded weapon (an item's `worn` or `carried` only): its modifiers apply to each attack with a weapon the bearer wields, or only with one that has any of `tags`.", Keys: []Key{
			k("tags", "array:string", "", "1 to 16 ids of items.tags", "only weapons with any of these tags"),
			k("modifiers", "array:object:effect.weapons.modifiers", "", "required; 1 to 8", "what an attack with such a weapon gets"),
		}},
		{ID: "effect.weapons.modifiers", Pointer: "/catalogs/*/entries/*/item/worn/weapons/modifiers/*", Title: "weapons.modifiers", Meaning: "A change to an attack made with a wielded weapon: to hit (`attacks`) or to its damage.", Keys: []Key{
			k("to", "enum:attacks|damage", "", "required", "what it changes"),
			k("flat", "integer", "0", "-100 to 100", "a number added (dice in a pool fight's attacks)"),
			k("dice", "string", "", "dice notation", "dice added"),
			k("minus", "boolean", "false", "needs dice", "the dice are taken off instead"),
			k("mode", "enum:advantage|disadvantage", "", "attacks only", "the attack is rolled with advantage or disadvantage"),
		}},
		{ID: "combat.economy", Pointer: "/combat/economy", Title: "combat.economy", Meaning: "A turn's economy: the budgets an attack, a reload, a use or a switch spends.", Keys: []Key{
			k("budgets", "array:string,object:combat.economy.budgets", "", "1 to 8; unique ids", "the budgets, each an id or { id, label }"),
		}},
		{ID: "combat.economy.budgets", Pointer: "/combat/economy/budgets/*", Title: "A budget", Meaning: "One budget of a turn, named in lines (`attack (Action)`).", Keys: []Key{
			idKey("budget"),
			k("label", "string", "the id, capitalized", "1 to 80 characters", "what the lines call it"),
			k("perRound", "integer", "1", "1 to 10", "how many times a fighter has it each round"),
		}},
		{ID: "combat.distance", Pointer: "/combat/distance", Title: "combat.distance", Meaning: "The unit reach and range are written in.", Keys: []Key{
			k("unit", "string", "", "required; 1 to 24 characters", "the unit after a number (\"paces\")"),
			k("one", "string", "", "1 to 24 characters", "the unit after exactly one (\"pace\")"),
			k("cell", "number", "1", "0.01 to 1000000", "how many units one cell spans (a weapon without reach or range reaches one)"),
		}},
		{ID: "combat.offHand", Pointer: "/combat/offHand", Title: "combat.offHand (needs 1.58)", Meaning: "The second attack an offHand weapon offers after its wielder attacked this turn.", Keys: []Key{
			k("budget", "string", "", "required; one of combat.economy.budgets", "the budget the second attack spends"),
			k("ability", "enum:full|penalty-only", "full", "", "whether its damage keeps a positive ability"),
			k("fullWhen", refType, "", "needs 1.97", "above 0 on the fighter's sheet, the off hand keeps the whole ability"),
		}},
	}
}
