package vocab

// resolutionVocabulary is the resolution block: the keys every kind
// shares, each kind's own keys, and the objects they hold.
func resolutionVocabulary() []Section {
	return []Section{
		{ID: "resolution", Pointer: "/resolution", Title: "Resolution: shared keys", Meaning: "How a check is rolled and read. `kind` picks one of five kinds; these keys are read by every kind, and each kind adds its own (below).", Keys: []Key{
			k("kind", "string", "", "required; dice-sum, dice-pool (1.24), dice-highest (1.138), roll-against (1.139), symbol-pool (1.141), or a plugin's kind", "how a check is rolled; a plugin's kind reads keys of its own (docs/plugins.md)"),
			k("abilityModifier", "object:resolution.abilityModifier", "identity", "", "how an ability's score becomes the number a check adds"),
			k("proficiencyTiers", "array:object:resolution.proficiencyTiers", "", "required", "the tiers of training a sheet gives a skill (untrained, trained, expert)"),
			k("proficiency", "object:resolution.proficiency", "", "", "the proficiency bonus a multiplying tier multiplies"),
			k("bonusRange", "object:resolution.bonusRange", "", "", "the bounds of bonus= on a check tag"),
			k("outcomes", "object:resolution.outcomes", "", "needs 1.135", "outcome bands: the result read as more than pass or fail"),
			k("overrides", "array:object:resolution.overrides", "", "needs 1.140", "checks that roll their own way"),
			k("spend", "array:object:resolution.spend", "", "at most 2 entries below 1.38", "pools a player may spend to change a roll"),
			k("adjust", "array:object:resolution.adjust", "", "at most 8", "sheet values added to every check, or to some skills and saves"),
			k("penaltyFrom", refType, "", "", "a value taken off every check (a wound penalty)"),
		}},
		{ID: "resolution.abilityModifier", Pointer: "/resolution/abilityModifier", Title: "abilityModifier", Meaning: "How a score becomes a modifier.", Keys: []Key{
			k("op", "enum:identity|floorHalfMinusTen|stepTable", "identity", "", "identity (the score), floorHalfMinusTen (5e: score/2 - 5), stepTable (rows of table)"),
			k("table", "array:any", "", "for stepTable, required: 1 to 64 rows", "rows of [score at least, modifier] for stepTable"),
		}},
		{ID: "resolution.proficiencyTiers", Pointer: "/resolution/proficiencyTiers/*", Title: "Proficiency tiers", Meaning: "One tier of training.", Keys: []Key{
			idKey("tier"), labelKey("tier"),
			k("flat", "integer", "0", "-100 to 100", "a number the tier adds"),
			k("multiplier", "number", "0", "0 to 10; needs proficiency.bonus when above 0", "times the proficiency bonus the tier adds"),
			textKey("tier"),
		}},
		{ID: "resolution.proficiency", Pointer: "/resolution/proficiency", Title: "Proficiency", Meaning: "The proficiency bonus.", Keys: []Key{
			k("bonus", refType, "", "required; no live reads", "the bonus a tier's multiplier multiplies"),
		}},
		{ID: "resolution.bonusRange", Pointer: "/resolution/bonusRange", Title: "bonusRange", Meaning: "The bounds of a check's bonus=.", Keys: []Key{
			k("min", "integer", "", "", "the lowest bonus= a check may give"),
			k("max", "integer", "", "not below min", "the highest bonus= a check may give"),
		}},
		{ID: "resolution.adjust", Pointer: "/resolution/adjust/*", Title: "adjust", Meaning: "A sheet value added to checks.", Keys: []Key{
			k("value", refType, "", "required", "the value added"),
			k("skills", "array:string", "every check", "skill ids", "only these skills' checks"),
			k("saves", "array:string", "every check", "save ids", "only these saves"),
		}},
		{ID: "resolution.ladder", Pointer: "/resolution/difficultyLadder/*", Title: "Difficulty ladder (dice-sum, dice-highest, symbol-pool)", Meaning: "A named difficulty a check may give instead of a number (difficulty=\"hard\").", Keys: []Key{
			reqLabel("rung"),
			k("dc", "integer", "", "required; within the dice's reach", "the difficulty the name stands for: a DC, a face to reach (dice-highest) or difficulty dice (symbol-pool)"),
			k("text", "string", "", "at most 200 characters", "rules text shown with the rung"),
		}},
		{ID: "resolution.dice-sum", Pointer: "/resolution", Title: "dice-sum", Meaning: "Roll dice, add the modifiers, compare with a difficulty (d20 systems, 2d6, 3d6). These keys join the shared ones when `kind` is `dice-sum`.", Keys: []Key{
			k("dice", "object:dice-sum.dice", "1d20", "", "the dice rolled"),
			k("advantage", "boolean", "false", "", "checks may roll with advantage or disadvantage"),
			k("naturals", "enum:none|both|max-only|min-only", "", "a single die only, unless none", "whether a natural max or min succeeds or fails whatever the total"),
			k("openEnded", "object:dice-sum.openEnded", "", "needs 1.136", "faces that roll again and add (or subtract)"),
			k("unmodified", "array:integer", "", "needs 1.136; a single die; 1 to 20 faces", "faces read as they fell, without modifiers"),
			k("difficultyLadder", "array:object:resolution.ladder", "", "1 to 16 rungs", "named difficulties"),
		}},
		{ID: "dice-sum.dice", Pointer: "/resolution/dice", Title: "dice-sum dice", Meaning: "The dice a dice-sum check rolls.", Keys: []Key{
			k("count", "integer", "1", "1 to 100", "how many dice"),
			k("sides", "integer", "20", "2 to 1000", "faces of each die"),
			k("faces", "array:integer", "1 to sides", "needs 1.136; exactly sides numbers", "what each face counts, when not its number"),
		}},
		{ID: "dice-sum.openEnded", Pointer: "/resolution/openEnded", Title: "openEnded", Meaning: "Open-ended rolls (Rolemaster): a face at or above `high` rolls again and adds, at or below `low` rolls again and subtracts.", Keys: []Key{
			k("high", "integer", "", "2 to sides", "faces at or above roll again and add"),
			k("low", "integer", "", "1 to sides - 1", "faces at or below roll again and subtract"),
		}},
		{ID: "resolution.dice-pool", Pointer: "/resolution", Title: "dice-pool (needs 1.24)", Meaning: "Roll a pool of dice and count the faces at or above a target (World of Darkness, Shadowrun, Exalted).", Keys: []Key{
			k("die", "object:resolution.die", "", "required", "the die every dice of the pool is"),
			k("pool", "object:dice-pool.pool", "", "", "the bounds of the pool"),
			k("target", "object:dice-pool.target", "", "", "the face a die must reach to succeed"),
			k("double", "object:resolution.faceRule", "", "", "faces that count two successes"),
			k("explode", "object:resolution.faceRule", "", "", "faces that add a die"),
			k("cancel", "object:dice-pool.cancel", "", "", "faces that take a success away"),
			k("botch", "object:dice-pool.botch", "", "", "when a roll botches"),
			k("exceptional", "object:dice-pool.exceptional", "", "", "successes that make an exceptional success"),
			k("situationalDice", "object:dice-pool.situationalDice", "", "", "the bounds of bonus= dice"),
			k("reroll", "array:object:dice-pool.reroll", "", "needs 1.38; 1 to 6", "rerolls a check names with reroll="),
			k("difficultyLadder", "array:object:dice-pool.ladder", "", "1 to 16 rungs", "named difficulties"),
			k("stances", "array:object:dice-pool.stances", "", "needs 1.137", "stances that change what counts"),
			k("exact", "object:dice-pool.exact", "", "needs 1.137", "an exact result's band"),
		}},
		{ID: "resolution.die", Pointer: "/resolution/die", Title: "die", Meaning: "The die a dice-pool or dice-highest check throws.", Keys: []Key{
			k("sides", "integer", "10 (dice-pool), 6 (dice-highest)", "required; 2 to 100", "faces of each die"),
		}},
		{ID: "dice-pool.pool", Pointer: "/resolution/pool", Title: "dice-pool pool", Meaning: "The pool's bounds.", Keys: []Key{
			k("min", "integer", "", "", "the fewest dice rolled"),
			k("max", "integer", "", "", "the most dice rolled"),
			k("abilityPlusAbility", "boolean", "false", "true needs 1.37", "a check may add two abilities"),
		}},
		{ID: "dice-pool.target", Pointer: "/resolution/target", Title: "dice-pool target", Meaning: "The face a die must reach.", Keys: []Key{
			k("default", "integer", "", "a face", "the target when a check gives none"),
			k("min", "integer", "", "a face", "the lowest target"),
			k("max", "integer", "", "a face", "the highest target"),
			k("from", "any", "", "needs 1.137", "a sheet value the target is read from"),
		}},
		{ID: "resolution.faceRule", Pointer: "/resolution/explode", Title: "double and explode", Meaning: "Faces that count twice (double) or add a die (explode).", Keys: []Key{
			k("from", "integer", "", "a face", "faces at or above"),
			k("min", "integer", "", "a face; needs 1.37", "the lowest face a check may lower from to"),
		}},
		{ID: "dice-pool.cancel", Pointer: "/resolution/cancel", Title: "cancel", Meaning: "Faces that take a success away.", Keys: []Key{
			k("upTo", "integer", "", "required; below the lowest target", "faces at or below cancel a success"),
		}},
		{ID: "dice-pool.botch", Pointer: "/resolution/botch", Title: "botch", Meaning: "When a roll botches.", Keys: []Key{
			k("upTo", "integer", "", "required; below the lowest target", "faces at or below count toward a botch"),
			k("rule", "enum:noSuccesses|halfOrMore", "noSuccesses", "needs 1.37", "a botch is such a face with no successes, or half the dice or more"),
		}},
		{ID: "dice-pool.exceptional", Pointer: "/resolution/exceptional", Title: "exceptional", Meaning: "An exceptional success.", Keys: []Key{
			k("successes", "integer", "", "required; 1 or more", "successes that make it exceptional"),
		}},
		{ID: "dice-pool.situationalDice", Pointer: "/resolution/situationalDice", Title: "situationalDice (dice-pool)", Meaning: "The dice bonus= may add or remove.", Keys: []Key{
			k("min", "integer", "0", "", "the most dice removed (negative)"),
			k("max", "integer", "0", "", "the most dice added"),
		}},
		{ID: "dice-pool.reroll", Pointer: "/resolution/reroll/*", Title: "dice-pool rerolls", Meaning: "A reroll a check may name (reroll=\"id\").", Keys: []Key{
			idKey("reroll"), labelKey("reroll"),
			k("upTo", "integer", "", "required; 1 to the die's faces - 1", "faces at or below are rerolled"),
			k("mode", "enum:once|until", "once", "", "reroll once, or until above upTo"),
			textKey("reroll"),
		}},
		{ID: "dice-pool.ladder", Pointer: "/resolution/difficultyLadder/*", Title: "Difficulty ladder (dice-pool)", Meaning: "A named difficulty: the successes needed, and optionally the target.", Keys: []Key{
			reqLabel("rung"),
			k("successes", "integer", "", "required; 1 or more", "successes needed"),
			k("target", "integer", "", "a face", "the target the rung sets"),
			k("text", "string", "", "at most 200 characters", "rules text shown with the rung"),
		}},
		{ID: "dice-pool.stances", Pointer: "/resolution/stances/*", Title: "stances", Meaning: "A stance changes which side of the target counts for some skills.", Keys: []Key{
			idKey("stance"), reqLabel("stance"),
			k("count", "enum:above|below", "", "required", "which faces count as successes"),
			k("skills", "array:string", "", "required; skill ids", "the skills the stance applies to"),
			textKey("stance"),
		}},
		{ID: "dice-pool.exact", Pointer: "/resolution/exact", Title: "exact", Meaning: "A result exactly on the needed successes.", Keys: []Key{
			reqLabel("exact result"),
			k("text", "string", "", "at most 500 characters", "rules text"),
			k("counts", "boolean", "true", "", "whether an exact result is a success"),
		}},
		{ID: "resolution.dice-highest", Pointer: "/resolution", Title: "dice-highest (needs 1.138)", Meaning: "Roll a pool and read the highest die (Blades in the Dark).", Keys: []Key{
			k("die", "object:resolution.die", "", "required", "the die of the pool"),
			k("pool", "object:dice-highest.range", "", "", "the bounds of the pool"),
			k("keep", "integer", "1", "1 to 3", "how many of the highest dice are read"),
			k("zeroDice", "enum:lowest-of-two|fail", "lowest-of-two", "", "what a pool of zero dice does"),
			k("critical", "object:dice-highest.critical", "", "", "what makes a critical"),
			k("dark", "object:dice-highest.dark", "", "", "the bands below a success"),
			k("situationalDice", "object:dice-highest.range", "", "", "the bounds of bonus= dice"),
			k("difficultyLadder", "array:object:resolution.ladder", "", "1 to 16 rungs", "named difficulties"),
		}},
		{ID: "dice-highest.range", Pointer: "/resolution/pool", Title: "dice-highest pool and situationalDice", Meaning: "Bounds of a number of dice.", Keys: []Key{
			k("min", "integer", "", "", "the lowest"),
			k("max", "integer", "", "not below min", "the highest"),
		}},
		{ID: "dice-highest.critical", Pointer: "/resolution/critical", Title: "critical (dice-highest)", Meaning: "A critical: this many dice showing this face.", Keys: []Key{
			k("count", "integer", "", "required; 1 or more", "dice that must show the face"),
			k("face", "integer", "the die's faces", "1 to the die's faces", "the face"),
		}},
		{ID: "dice-highest.dark", Pointer: "/resolution/dark", Title: "dark", Meaning: "A band of results below a success.", Keys: []Key{
			reqLabel("band"),
			k("max", "integer", "", "required; 1 to 10", "the highest face in the band"),
			k("text", "string", "", "at most 200 characters", "rules text"),
			k("outcome", "enum:all|light", "all", "needs 1.149", "which checks the band applies to"),
		}},
		{ID: "resolution.roll-against", Pointer: "/resolution", Title: "roll-against (needs 1.139)", Meaning: "Roll dice against a target number from the sheet (Call of Cthulhu, GURPS, Mothership).", Keys: []Key{
			k("dice", "object:roll-against.dice", "1d100", "", "the dice rolled"),
			k("against", "enum:at-most|at-least", "at-most", "", "whether a roll succeeds at most or at least the target"),
			k("criticalSuccess", "array:object:roll-against.criticalSuccess", "", "", "rolls that are critical successes"),
			k("criticalFailure", "array:object:roll-against.criticalFailure", "", "", "rolls that are critical failures"),
			k("tens", "object:roll-against.tens", "", "", "bonus and penalty tens dice"),
			k("difficultyLadder", "array:object:roll-against.ladder", "", "1 to 16 rungs", "named difficulties"),
		}},
		{ID: "roll-against.dice", Pointer: "/resolution/dice", Title: "roll-against dice", Meaning: "The dice rolled.", Keys: []Key{
			k("count", "integer", "1", "1 to 20", "how many dice"),
			k("sides", "integer", "100", "2 to 1000", "faces of each die"),
		}},
		{ID: "roll-against.criticalSuccess", Pointer: "/resolution/criticalSuccess/*", Title: "criticalSuccess (roll-against)", Meaning: "Faces, or a rule on the target, that make a critical success.", Keys: []Key{
			k("from", "integer", "", "within the dice's totals", "the lowest roll"),
			k("to", "integer", "", "within the dice's totals", "the highest roll"),
			k("whenTarget", "object:roll-against.whenTarget", "", "", "only when the target is in range"),
		}},
		{ID: "roll-against.criticalFailure", Pointer: "/resolution/criticalFailure/*", Title: "criticalFailure (roll-against)", Meaning: "Faces, a margin past the target, or a rule on the target, that make a critical failure.", Keys: []Key{
			k("from", "integer", "", "within the dice's totals", "the lowest roll"),
			k("to", "integer", "", "within the dice's totals", "the highest roll"),
			k("pastTarget", "integer", "", "1 or more", "a failure by this much or more"),
			k("whenTarget", "object:roll-against.whenTarget", "", "", "only when the target is in range"),
		}},
		{ID: "roll-against.whenTarget", Pointer: "/resolution/criticalSuccess/*/whenTarget", Title: "whenTarget", Meaning: "The targets a critical rule applies to; give atLeast, below or both.", Keys: []Key{
			k("atLeast", "integer", "", "-10000 to 10000", "targets at least this"),
			k("below", "integer", "", "-10000 to 10000", "targets below this"),
		}},
		{ID: "roll-against.tens", Pointer: "/resolution/tens", Title: "tens", Meaning: "Bonus and penalty dice that replace the tens die.", Keys: []Key{
			k("max", "integer", "", "required; 1 to 9", "the most bonus or penalty dice"),
		}},
		{ID: "roll-against.ladder", Pointer: "/resolution/difficultyLadder/*", Title: "Difficulty ladder (roll-against)", Meaning: "A named difficulty: a change to the target or a divisor of it.", Keys: []Key{
			k("label", "string", "", "required; 1 to 80 characters", "the rung's name"),
			k("dc", "integer", "0", "-100 to 100", "added to the target"),
			k("divide", "integer", "1", "2 to 10", "the target is divided by this (hard: 2, extreme: 5)"),
			k("text", "string", "", "at most 200 characters", "rules text shown with the rung"),
		}},
		{ID: "resolution.symbol-pool", Pointer: "/resolution", Title: "symbol-pool (needs 1.141)", Meaning: "Roll dice whose faces show symbols that count and cancel (Genesys, Star Wars FFG).", Keys: []Key{
			k("symbols", "array:object:symbol-pool.symbols", "", "required", "the symbols faces show"),
			k("dice", "array:object:symbol-pool.dice", "", "required", "the dice and their faces"),
			k("success", "object:symbol-pool.success", "", "required", "what makes a success"),
			k("pool", "object:symbol-pool.pool", "", "", "the character's dice"),
			k("difficulty", "object:symbol-pool.difficulty", "", "", "the difficulty dice"),
			k("boost", "object:symbol-pool.extra", "", "", "boost dice a check may add"),
			k("setback", "object:symbol-pool.extra", "", "", "setback dice a check may add"),
			k("criticalSuccess", "string", "", "a symbol id", "the symbol that is a critical success"),
			k("criticalFailure", "string", "", "a symbol id", "the symbol that is a critical failure"),
			k("allowOwnUpgrade", "boolean", "false", "needs 1.150; needs pool.upgrade", "a check may upgrade the character's own dice"),
			k("difficultyLadder", "array:object:resolution.ladder", "", "1 to 16 rungs", "named difficulties"),
		}},
		{ID: "symbol-pool.symbols", Pointer: "/resolution/symbols/*", Title: "symbols", Meaning: "A symbol a face can show.", Keys: []Key{
			idKey("symbol"), labelKey("symbol"),
			k("counts", "string", "", "a symbol id", "the symbol this one counts as"),
			k("cancels", "string", "", "a symbol id", "the symbol this one cancels one for one"),
			k("text", "string", "", "at most 200 characters", "rules text"),
		}},
		{ID: "symbol-pool.dice", Pointer: "/resolution/dice/*", Title: "symbol dice", Meaning: "A die and what each face shows.", Keys: []Key{
			idKey("die"), labelKey("die"),
			k("faces", "array:any", "", "required; 2 to 20 faces", "each face: the symbols it shows"),
			textKey("die"),
		}},
		{ID: "symbol-pool.success", Pointer: "/resolution/success", Title: "success (symbol-pool)", Meaning: "What makes a success.", Keys: []Key{
			k("symbol", "string", "", "required; a symbol id", "the symbol counted"),
			k("needed", "integer", "1", "1 to 50", "how many, after cancelling"),
		}},
		{ID: "symbol-pool.pool", Pointer: "/resolution/pool", Title: "pool (symbol-pool)", Meaning: "The character's dice.", Keys: []Key{
			k("die", "string", "", "required; a die id", "the die"),
			k("upgrade", "string", "", "a die id", "the die an upgrade turns it into"),
			k("build", "enum:larger-upgraded|sum", "larger-upgraded", "", "how ability and skill make the pool"),
			k("max", "integer", "6", "1 or more", "the most dice"),
		}},
		{ID: "symbol-pool.difficulty", Pointer: "/resolution/difficulty", Title: "difficulty (symbol-pool)", Meaning: "The difficulty dice.", Keys: []Key{
			k("die", "string", "", "required; a die id", "the die"),
			k("upgrade", "string", "", "a die id", "the die an upgrade turns it into"),
			k("max", "integer", "5", "1 or more", "the most dice"),
		}},
		{ID: "symbol-pool.extra", Pointer: "/resolution/boost", Title: "boost and setback", Meaning: "Extra dice a check may add.", Keys: []Key{
			k("die", "string", "", "required; a die id", "the die"),
			k("max", "integer", "3", "1 or more", "the most dice"),
		}},
		{ID: "resolution.outcomes", Pointer: "/resolution/outcomes", Title: "Outcome bands (needs 1.135)", Meaning: "Reads a check's result as one of several bands (a success at a cost, a critical).", Keys: []Key{
			k("by", "string", "the kind's first", "what the kind reads: margin, total, successes...", "what the bands are measured by"),
			k("naturals", "enum:shift", "", "a single die; resolution.naturals none", "a natural max or min moves the result one band"),
			k("tiers", "array:object:resolution.outcomes.tiers", "", "required; 2 to 8; at least one success and one failure", "the bands, best first"),
		}},
		{ID: "resolution.outcomes.tiers", Pointer: "/resolution/outcomes/tiers/*", Title: "Outcome bands: tiers", Meaning: "One band.", Keys: []Key{
			idKey("band"), reqLabel("band"),
			k("atLeast", "integer", "", "not with on; lower than the band before; none on the last band", "the lowest measure in the band"),
			k("success", "boolean", "false", "", "whether the band is a success"),
			k("critical", "boolean", "false", "", "whether the band is a critical"),
			k("on", "enum:critical-success|critical-failure", "", "", "the band is reached only by this natural result"),
			k("text", "string", "", "at most 200 characters", "rules text"),
		}},
		{ID: "resolution.overrides", Pointer: "/resolution/overrides/*", Title: "Overrides (needs 1.140)", Meaning: "Checks of some skills, saves or abilities roll their own way: `set` replaces resolution keys for them.", Keys: []Key{
			idKey("override"), reqLabel("override"),
			k("text", "string", "", "at most 500 characters", "rules text"),
			k("skills", "array:string", "", "skill ids", "the skills' checks it applies to"),
			k("saves", "array:string", "", "save ids", "the saves it applies to"),
			k("abilities", "array:string", "", "ability ids", "the plain ability checks it applies to"),
			k("when", "any", "", "", "a further condition on the check"),
			k("set", "object", "", "resolution keys of the kind; not the locked ones (kind, abilityModifier, proficiency, ...)", "the resolution keys replaced"),
		}},
		{ID: "resolution.spend", Pointer: "/resolution/spend/*", Title: "spend", Meaning: "A pool a player may spend to change a roll.", Keys: []Key{
			k("pool", "string", "", "required; a live pool's id", "the pool spent"),
			k("amount", "integer", "1", "1 to 100", "what one spend costs"),
			k("successes", "integer", "", "1 to 20", "successes one spend adds"),
			k("dice", "integer", "", "1 to 20", "dice one spend adds"),
			k("reroll", "object:resolution.spend.reroll", "", "needs 1.38", "a reroll one spend buys"),
			k("perCheck", "integer,object:value", "", "a non-number needs 1.38", "the most spends on one check"),
		}},
		{ID: "resolution.spend.reroll", Pointer: "/resolution/spend/*/reroll", Title: "spend.reroll", Meaning: "What a spent reroll rerolls.", Keys: []Key{
			k("upTo", "integer", "", "required; 1 to the die's faces - 1", "faces at or below are rerolled"),
			k("mode", "enum:once|until", "once", "", "reroll once, or until above upTo"),
		}},
	}
}
