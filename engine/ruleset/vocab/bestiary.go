package vocab

// bestiaryVocabulary is a catalog that holds creatures (docs/fight.md
// "The bestiary"): the foes a ruleset fight is started against.
func bestiaryVocabulary() []Section {
	return []Section{
		{ID: "bestiary.entry", Pointer: "/catalogs/*/entries/*", Title: "Creature entries", Meaning: "An entry of a catalog that holds creatures (`holds: \"creatures\"`): a foe a ruleset fight can be started against.", Keys: []Key{
			idKey("creature"),
			k("label", "string", "the id", "at most 120 characters", "the creature's name, as the fight log writes it"),
			k("summary", "string", "", "at most 2000 characters", "a short description"),
			k("creature", "object:bestiary.creature", "", "required", "what a fight reads of the creature"),
		}},
		{ID: "bestiary.creature", Pointer: "/catalogs/*/entries/*/creature", Title: "Creatures", Meaning: "What a fight reads of a creature.", Keys: []Key{
			k("health", "integer", "", "required; 1 to 10000", "the damage it takes before it is defeated"),
			k("defense", "integer", "", "0 to 1000; required by a summed fight", "what a summed fight's attack must meet or beat"),
			k("soak", "integer", "0", "0 to 100", "what a pool fight's damage loses against it"),
			k("hardness", "integer", "", "0 to 100; needs combat.pool.hardness", "the dice a strike that spends must reach to do anything"),
			k("initiative", "integer", "0", "0 to 100", "its number's base, where strikes spend"),
			k("speed", "number", "", "0 to 1000000", "how far it may move in a round, in combat.distance's unit (unbounded without it)"),
			k("types", "array:string", "", "at most 16 words", "its creature types, which plus.targetIs tests"),
			k("tags", "array:string", "", "at most 16 words", "its tags, which plus.targetIs tests"),
			k("resist", "array:string,object:effect.damage", "", "1 to 30 entries", "damage it halves; { type, except } lets item tags through"),
			k("vulnerable", "array:string", "", "1 to 30 damage words", "damage it takes double"),
			k("immune", "array:string,object:effect.damage", "", "1 to 30 entries", "damage it takes none of"),
			k("conditionImmunities", "array:string", "", "1 to 40 condition ids", "conditions never imposed on it"),
			k("saves", "map:integer", "", "save ids as keys; -100 to 100", "its number for each save an item calls for"),
			k("actions", "array:object:bestiary.attack", "", "required; 1 to 8 rows, unique ids", "its attack rows (its own actions)"),
			k("loot", "string", "", "a table of items.lootTables", "the loot table a won fight rolls for it"),
		}},
		{ID: "bestiary.attack", Pointer: "/catalogs/*/entries/*/creature/actions/*", Title: "Creature attacks", Meaning: "One of a creature's attack rows.", Keys: []Key{
			k("id", "string", "", "required; unique in the creature", "the row's id"),
			k("label", "string", "the id", "at most 120 characters", "the row's name"),
			k("budget", "string", "", "one of combat.economy.budgets when declared", "the budget it spends"),
			k("toHit", "integer", "0 (summed), 1 (pool)", "summed: -100 to 100; pool: 1 to 100 dice", "what it adds to hit: a number in a summed fight, its pool in a pool fight"),
			k("damage", "object:bestiary.damage", "", "required", "what a hit deals"),
		}},
		{ID: "bestiary.damage", Pointer: "/catalogs/*/entries/*/creature/actions/*/damage", Title: "Creature damage", Meaning: "What a creature's attack deals.", Keys: []Key{
			k("dice", "string,integer", "", "summed: required dice notation; pool: 0 to 20 extra dice", "the damage dice"),
			k("bonus", "integer", "0", "-1000 to 1000", "added to the damage"),
			k("type", "string", "", "a word of combat.damageTypes when declared", "the damage type"),
			k("qualities", "array:string", "", "tags of items.tags", "what the strike carries, against except"),
		}},
	}
}
