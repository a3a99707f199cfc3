package vocab

import "sync"

// This file is the vocabulary table: every object of a ruleset file whose
// keys the validator knows. The validator's Known lists read their keys
// from here (Keys), docs/ruleset.md and the JSON Schemas are generated
// from it, so the three cannot drift apart (engine/ruleset/vocab_test.go
// checks both directions). Keys are listed in the order the validator
// names them in "allowed here" messages.

// k is a key row: name, type, default, limits, meaning.
func k(name, typ, def, limits, meaning string) Key {
	return Key{Name: name, Type: typ, Default: def, Limits: limits, Meaning: meaning}
}

// Keys every list entry shares.
func idKey(what string) Key {
	return k("id", "string", "", "required; 1 to 64 characters; unique in the list", "the "+what+"'s id, as tags and other keys name it")
}
func labelKey(what string) Key {
	return k("label", "string", "the id", "at most 80 characters", "the "+what+"'s name as players read it")
}
func textKey(what string) Key {
	return k("text", "string", "", "", "rules text shown with the "+what)
}
func reqLabel(what string) Key {
	return k("label", "string", "", "required; 1 to 80 characters", "the "+what+"'s name as players read it")
}

const refType = "object:value"

// vocabulary is the whole table, in the order docs/ruleset.md shows it,
// built on first use: only the documentation and schema generators read
// the whole of it (the validators read the key names, names_gen.go), and
// building it at init cost every command 264 allocations.
var vocabulary = sync.OnceValue(func() []Section {
	return concatSections(coreVocabulary(), resolutionVocabulary(), itemsVocabulary(), weaponsVocabulary(), marketVocabulary(), bestiaryVocabulary(), fileVocabulary())
})

func concatSections(parts ...[]Section) []Section {
	var out []Section
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func coreVocabulary() []Section {
	return []Section{
		{ID: "top", Pointer: "", Title: "Top level", Meaning: "A ruleset file is one JSON object. Only `id`, `name` and `resolution` are required.", Keys: []Key{
			k("id", "string", "", "required; 1 to 80 characters", "the ruleset's id, written in records and sheets"),
			k("name", "string", "", "required; 1 to 200 characters", "the ruleset's name as players read it"),
			k("version", "string", "", "", "the ruleset's own version, for its authors"),
			k("description", "string", "", "", "what the ruleset is, for its readers"),
			k("capabilityApi", "string", "the engine's level", "digits separated by dots (\"1.150\"); a JSON number is refused", "the Capability API level the ruleset is written for; a feature above it is refused (docs/capability.md)"),
			k("plugins", "array:object:plugins", "[]", "at most 32; each name once", "the plugins the ruleset needs, each found on the plugin path in a version its constraint allows (docs/plugins.md \"A ruleset's plugins\")"),
			k("abilities", "array:object:abilities", "[]", "at most 64", "the abilities a sheet gives a score"),
			k("skills", "array:object:skills", "[]", "at most 256", "the skills, each resting on an ability"),
			k("saves", "array:object:skills", "[]", "at most 256", "the saves, written like skills"),
			k("derived", "array:object:derived", "[]", "at most 128", "values computed from others (derived.ops below)"),
			k("fields", "array:object:fields", "[]", "at most 128", "numbers a sheet holds besides abilities"),
			k("live", "object:live", "", "", "what changes in play: pools, tracks and health"),
			k("conditions", "array:object:conditions", "[]", "at most 128", "conditions a character can be under, and what each does to checks"),
			k("levels", "array:object:levels", "[]", "at most 64", "levels of a condition that stacks (exhaustion)"),
			k("catalogs", "array:object:catalogs", "[]", "at most 64", "lists of choices (powers, traits) or of items"),
			k("resolution", "object:resolution", "", "required", "how a check is rolled and read"),
			k("items", "object:items", "", "", "the items block: what items are written in (needs 1.49)"),
			k("combat", "object:combat", "", "", "what a fight reads from the ruleset"),
			k("lists", "array:object:lists", "[]", "", "tables a sheet fills in rows (spells known, contacts)"),
			k("rests", "array:object:rests", "[]", "", "rests, and the pools each refills"),
			k("$schema", "string", "", "", "the JSON Schema an editor checks the file against; the engine ignores it"),
		}},
		{ID: "plugins", Pointer: "/plugins/*", Title: "Plugins", Meaning: "A plugin the ruleset needs. The host looks for it on the plugin path (the ruleset's own plugins/ folder, --plugins, RULEHOST_PLUGINS, ./plugins, then plugins/NAME in the nearest plugins/ folder above the ruleset's, up to the repository root) and refuses the ruleset when the first plugin of that name is missing or of a version the constraint does not allow.", Keys: []Key{
			k("name", "string", "", "required; the plugin manifest's name: lower-case letters, digits and dashes", "the plugin, as its manifest names itself"),
			k("version", "string", "", "required; \"1.2.0\" or \"=1.2.0\", \">=1.2\", \"^1.2\", \"~1.2\"", "the versions of the plugin the ruleset accepts: exactly, that or newer, newer within the major version, newer within the minor version"),
		}},
		{ID: "abilities", Pointer: "/abilities/*", Title: "Abilities", Meaning: "An ability is a score every sheet gives; checks add it (or its modifier, resolution.abilityModifier).", Keys: []Key{
			idKey("ability"), labelKey("ability"),
			k("min", "integer", "0", "-1000 to 1000", "the lowest score a sheet may give"),
			k("max", "integer", "100", "-1000 to 1000; not below min", "the highest score a sheet may give"),
			k("default", "integer", "min", "min to max", "the score of a sheet that gives none"),
			textKey("ability"),
		}},
		{ID: "skills", Pointer: "/skills/*", Title: "Skills and saves", Meaning: "A skill (or, under `saves`, a save) rests on an ability; a check names it to add the ability and the proficiency.", Keys: []Key{
			idKey("skill"), labelKey("skill"),
			k("ability", "string", "", "an ability's id", "the ability the skill adds"),
			textKey("skill"),
		}},
		{ID: "derived", Pointer: "/derived/*", Title: "Derived values", Meaning: "A derived value is computed from others each time it is read; it may read another derived value, never itself.", Keys: []Key{
			idKey("derived value"), labelKey("derived value"),
			k("op", "enum:sum|min|max|product|floorHalf|negate", "sum", "", "how the values in `of` combine: sum, min, max, product, floorHalf (half, rounded down, of one value), negate (of one value)"),
			k("of", "array:"+refType, "", "required; 1 to 32 values", "the values combined: numbers or value references"),
			textKey("derived value"),
		}},
		{ID: "fields", Pointer: "/fields/*", Title: "Fields", Meaning: "A field is a number a sheet holds besides its abilities (level, armor class).", Keys: []Key{
			idKey("field"), labelKey("field"),
			k("min", "number", "-1000000", "-1e9 to 1e9", "the lowest value a sheet may give"),
			k("max", "number", "1000000", "-1e9 to 1e9; not below min", "the highest value a sheet may give"),
			k("default", "number", "0, kept within min and max", "min to max", "the value of a sheet that gives none"),
			textKey("field"),
		}},
		{ID: "value", Pointer: "/derived/*/of/*", Title: "Value references", Meaning: "Where a key reads a value it takes a number or an object with exactly one of these keys. A pool's max and similar sheet numbers refuse live reads (pool, itemStat).", Keys: []Key{
			k("const", "number", "", "-1e9 to 1e9", "a constant"),
			k("abilityScore", "string", "", "an ability's id", "the character's score in an ability"),
			k("abilityMod", "string", "", "an ability's id", "the ability's modifier (resolution.abilityModifier)"),
			k("derived", "string", "", "a derived value's id", "a derived value"),
			k("field", "string", "", "a field's id", "a field of the sheet"),
			k("pool", "string", "", "a live pool's id", "a live pool's current value"),
			k("itemStat", "object:itemStat", "", "", "a number read from the character's items (needs 1.52)"),
		}},
		{ID: "itemStat", Pointer: "/**/itemStat", Title: "itemStat", Meaning: "Reads a number stat from the items a character holds (spec/items.md \"Items on the sheet\").", Keys: []Key{
			k("stat", "string", "", "required; a number stat's id", "the stat read"),
			k("from", "enum:worn|carried|all", "all", "", "which items are read"),
			k("pick", "enum:sum|max|min|count", "sum", "", "how the items' values combine"),
			k("slot", "string", "", "a slot's id", "only items in this slot"),
			k("category", "string", "", "a category's id", "only items of this category"),
			k("tag", "string", "", "a tag's id", "only items with this tag"),
			k("default", "number", "0", "-1e9 to 1e9", "the value when no item has the stat"),
		}},
		{ID: "live", Pointer: "/live", Title: "Live values", Meaning: "What changes in play and is kept by the session, not the sheet.", Keys: []Key{
			k("pools", "array:object:live.pools", "[]", "at most 32", "pools spent and refilled (hit points, stress)"),
			k("tracks", "array:object:live.tracks", "[]", "", "tracks of boxes or wound marks"),
			k("health", "object:live.health", "", "exactly one of pool, track", "the pool or track that is the character's health"),
		}},
		{ID: "live.pools", Pointer: "/live/pools/*", Title: "Live pools", Meaning: "A pool holds a number between 0 and its max.", Keys: []Key{
			idKey("pool"), labelKey("pool"),
			k("max", refType, "", "required; no live reads", "the pool's maximum"),
			k("start", refType, "max", "no live reads; not above max", "the value a new character starts with"),
			textKey("pool"),
		}},
		{ID: "live.health", Pointer: "/live/health", Title: "Health", Meaning: "Names the pool or track that is health.", Keys: []Key{
			k("pool", "string", "", "a live pool's id; exactly one of pool, track", "health is this pool"),
			k("track", "string", "", "a live track's id; exactly one of pool, track", "health is this track"),
		}},
		{ID: "live.tracks", Pointer: "/live/tracks/*", Title: "Live tracks", Meaning: "A track is a row of boxes (plain) or of wound marks each with a penalty; give exactly one of `boxes`, `marks`.", Keys: []Key{
			idKey("track"), labelKey("track"),
			k("boxes", refType, "", "exactly one of boxes, marks", "how many boxes a plain track has"),
			k("marks", "array:object:live.tracks.marks", "", "1 or more", "the wound marks, from the lightest"),
			textKey("track"),
		}},
		{ID: "live.tracks.marks", Pointer: "/live/tracks/*/marks/*", Title: "Wound marks", Meaning: "One mark of a wound track.", Keys: []Key{
			reqLabel("mark"),
			k("penalty", "integer", "0", "-20 to 0", "what the mark takes off every check"),
		}},
		{ID: "rests", Pointer: "/rests/*", Title: "Rests", Meaning: "A rest refills pools.", Keys: []Key{
			idKey("rest"), labelKey("rest"),
			k("refills", "array:string", "[]", "at most 48 pool ids", "the pools the rest fills to their max"),
			textKey("rest"),
		}},
		{ID: "conditions", Pointer: "/conditions/*", Title: "Conditions", Open: true, Meaning: "A condition a character can be under. Its `check` is an effect (below). Other keys are kept as written for plugins and fights.", Keys: []Key{
			idKey("condition"), labelKey("condition"),
			k("check", "object:effect", "", "", "what the condition does to checks"),
		}},
		{ID: "levels", Pointer: "/levels/*", Title: "Levels", Open: true, Meaning: "A level of a stacking condition (exhaustion); written like a condition.", Keys: []Key{
			idKey("level"), labelKey("level"),
			k("check", "object:effect", "", "", "what the level does to checks"),
		}},
		{ID: "effect", Pointer: "/conditions/*/check", Title: "Effects", Meaning: "What a condition, a level or an item (`worn`, `carried`, a requirement's `otherwise`) does to checks and defenses.", Keys: []Key{
			k("effects", "array:string", "", "1 or more named effects (own-checks-advantage, ...)", "named effects; fight effects on items need 1.56"),
			k("modifiers", "array:object:effect.modifiers", "", "1 or more", "numbers or dice added to checks, saves, attacks, defense or speed"),
			k("failsSaves", "array:string", "", "save ids", "saves that fail without a roll"),
			k("skills", "array:string", "", "skill ids", "the checks the effect is limited to (with saves); none means every check"),
			k("saves", "array:string", "", "save ids", "the saves the effect is limited to"),
			k("abilities", "map:object:effect.abilities", "", "ability ids as keys; not in an otherwise", "changes to ability scores"),
			k("resist", "array:string,object:effect.damage", "", "damage types", "damage types taken at half (needs 1.56 on an item)"),
			k("vulnerable", "array:string,object:effect.damage", "", "damage types", "damage types taken double"),
			k("immune", "array:string,object:effect.damage", "", "damage types", "damage types not taken"),
			k("conditionImmunities", "array:string", "", "condition ids", "conditions that cannot be put on the bearer"),
			k("weapons", "object:effect.weapons", "", "an item's worn or carried only; needs 1.70", "what attacks made with a wielded weapon get"),
		}},
		{ID: "effect.modifiers", Pointer: "/conditions/*/check/modifiers/*", Title: "Modifiers", Meaning: "One change to a roll.", Keys: []Key{
			k("to", "enum:checks|saves|attacks|defense|speed", "checks", "required; attacks, defense and speed on an item need 1.56", "what the modifier changes"),
			k("flat", "integer", "0", "-100 to 100", "a number added"),
			k("dice", "string", "", "dice notation, at most 20 characters", "dice added (\"1d4\")"),
			k("minus", "boolean", "false", "", "the dice are taken off instead"),
			k("mode", "enum:advantage|disadvantage", "", "", "the roll is made with advantage or disadvantage"),
			k("skills", "array:string", "", "skill ids (needs 1.53)", "only checks of these skills"),
			k("saves", "array:string", "", "save ids (needs 1.53)", "only these saves"),
		}},
		{ID: "effect.abilities", Pointer: "/conditions/*/check/abilities/*", Title: "Ability changes", Meaning: "A change to one ability's score: give `set` or `add`.", Keys: []Key{
			k("set", "integer", "", "-1000 to 1000", "the score becomes this"),
			k("add", "integer", "", "-1000 to 1000", "this is added to the score"),
		}},
		{ID: "effect.damage", Pointer: "/conditions/*/check/resist/*", Title: "Damage with exceptions", Meaning: "A damage type a defense covers, but not from some sources.", Keys: []Key{
			k("type", "string", "", "required; a damage type", "the damage type"),
			k("except", "array:string", "", "1 or more", "sources the defense does not cover (\"magical\")"),
		}},
		{ID: "catalogs", Pointer: "/catalogs/*", Title: "Catalogs", Meaning: "A catalog lists choices a sheet picks from (powers, traits) or, with `holds: \"items\"`, items.", Keys: []Key{
			idKey("catalog"), labelKey("catalog"),
			k("holds", "string", "", "at most 32 characters; \"items\" needs 1.49", "what the entries are; \"items\" makes each entry an item"),
			k("entries", "array:object:catalogs.entries,object:items.entry", "[]", "at most 5000; unique ids", "the catalog's entries"),
			textKey("catalog"),
			k("feeds", "any", "", "", "where a sheet's choices of this catalog are written"),
			k("columns", "any", "", "", "the columns the catalog's entries are shown in"),
		}},
		{ID: "catalogs.entries", Pointer: "/catalogs/*/entries/*", Title: "Choice entries", Open: true, Meaning: "An entry of a catalog of choices. Only its price and `mechanics.check` are read by checks; other keys are kept for fights and plugins.", Keys: []Key{
			idKey("entry"), labelKey("entry"),
			k("mechanics", "object:charm.mechanics", "", "", "what the entry does: its price and its change to a check"),
		}},
		{ID: "charm.mechanics", Pointer: "/catalogs/*/entries/*/mechanics", Title: "Mechanics", Open: true, Meaning: "A choice's mechanics; other keys belong to fights.", Keys: []Key{
			k("cost", "array:object:charm.cost", "", "1 to 4 entries, one per pool", "what using the entry spends"),
			k("perCostStep", "object", "", "needs cost", "what each step of price paid adds"),
			k("check", "object:charm.check", "", "", "the change the entry makes to a check (a charm)"),
		}},
		{ID: "charm.cost", Pointer: "/catalogs/*/entries/*/mechanics/cost/*", Title: "Costs", Meaning: "One pool and what is spent from it.", Keys: []Key{
			k("pool", "string", "", "required; a live pool's id, once per cost", "the pool paid from"),
			k("amount", "integer", "", "required; 1 to 100", "how much is spent"),
		}},
		{ID: "charm.check", Pointer: "/catalogs/*/entries/*/mechanics/check", Title: "Charms", Meaning: "A charm changes one check; give at least one key.", Keys: []Key{
			k("reroll", "object:charm.reroll", "", "", "reroll faces up to a value"),
			k("dice", "integer", "", "1 to 100", "dice added to the pool"),
			k("successes", "integer", "", "1 to 20", "successes added"),
			k("threshold", "integer", "", "1 to 100", "the per-die target the charm sets"),
			k("explode", "integer", "", "1 to 100; needs 1.37", "the face from which dice explode"),
			k("double", "integer", "", "1 to 100; needs 1.37", "the face from which dice count twice"),
		}},
		{ID: "charm.reroll", Pointer: "/catalogs/*/entries/*/mechanics/check/reroll", Title: "A charm's reroll", Meaning: "Which faces a charm rerolls.", Keys: []Key{
			k("upTo", "integer", "", "required; 1 to the die's faces - 1", "faces at or below are rerolled"),
			k("mode", "enum:once|until", "once", "", "reroll once, or until above upTo"),
		}},
		{ID: "lists", Pointer: "/lists/*", Title: "Lists", Meaning: "A table a sheet fills with rows; the ruleset declares its columns.", Keys: []Key{
			idKey("list"), labelKey("list"),
			k("columns", "array:object:lists.columns", "", "required; 1 or more", "the list's columns"),
		}},
		{ID: "lists.columns", Pointer: "/lists/*/columns/*", Title: "List columns", Meaning: "One column of a list.", Keys: []Key{
			idKey("column"), labelKey("column"),
			k("type", "enum:text|enum|number", "", "required", "what a cell holds"),
			k("values", "array:string", "", "required for enum", "the values an enum cell may hold"),
		}},
	}
}
