package vocab

// fileVocabulary is what other files of a bundle hold: a sheet, read by
// engine/sheet against a ruleset, and a plugin test case, decoded by
// host.Case.
func fileVocabulary() []Section {
	return []Section{
		{ID: "sheet", Pointer: "", Title: "Sheets", Meaning: "A character sheet (docs/sheet.md): numbers and choices keyed by the ids its ruleset declares. Only `name` is required.", Keys: []Key{
			k("name", "string", "", "required; 1 to 120 characters", "the character's name, as records write who="),
			k("abilities", "map:integer", "each ability's default", "ability ids as keys; within the ability's min and max", "the ability scores"),
			k("skills", "map:string,object:sheet.training", "untrained", "skill ids as keys; a tier id or { tier, bonus }", "the skills' training"),
			k("saves", "map:string,object:sheet.training", "untrained", "save ids as keys; as skills", "the saves' training"),
			k("fields", "map:number", "each field's default", "field ids as keys; within the field's min and max", "the fields' values"),
			k("pools", "map:integer", "each pool's start", "pool ids as keys; 0 to the pool's max", "the live pools' current values"),
			k("conditions", "array:string", "[]", "condition ids", "the conditions the character is under"),
			k("levels", "array:string", "[]", "level ids", "the levels the character has"),
			k("entries", "array:string", "[]", "\"catalog/entry\" ids", "the catalog entries the character holds"),
			k("bag", "array:object:sheet.bag", "[]", "at most 1000 lines", "the character's items"),
			k("notes", "any", "", "", "free notes; not read by the engine"),
			k("lists", "map:array:object", "", "list ids as keys; rows of {column: value}", "the rows of the ruleset's lists"),
			k("$schema", "string", "", "", "the JSON Schema an editor checks the file against; the engine ignores it"),
		}},
		{ID: "sheet.training", Pointer: "/skills/*", Title: "Sheet training", Meaning: "A skill's or save's tier with a bonus of its own.", Keys: []Key{
			k("tier", "string", "", "a proficiency tier's id", "the tier"),
			k("bonus", "integer", "0", "within resolution.bonusRange", "a number added to the skill's checks"),
		}},
		{ID: "sheet.bag", Pointer: "/bag/*", Title: "Sheet bag", Meaning: "One line of the bag: an item, by catalog entry or name, and how many.", Keys: []Key{
			k("item", "string", "", "required; at most 200 characters", "the item: \"catalog/entry\", or a name"),
			k("count", "integer", "1", "1 to 999999", "how many"),
		}},
		{ID: "plugin-case", Pointer: "", Title: "Plugin test cases", Struct: "host.Case", Meaning: "A plugin's test case, test/*.json (docs/plugins.md \"Test cases\"): a tag, an import or a formatter. Paths are relative to the case file.", Keys: []Key{
			k("description", "string", "", "", "what the case shows"),
			k("ruleset", "string,object", "", "a path, or the ruleset inline", "the ruleset loaded"),
			k("kind", "string", "", "", "replaces resolution.kind"),
			k("sheets", "array:string,object", "", "paths or sheets inline", "the sheets; the first one rolls a skill_check"),
			k("config", "map:any", "", "", "overrides the plugin's config"),
			k("seed", "integer", "1", "0 or more", "the dice stream"),
			k("faces", "array:integer", "", "every one must be used", "exact dice, instead of a seed"),
			k("tag", "string", "", "", "the GM tag rolled"),
			k("sameAs", "string", "", "a kind", "also roll with resolution.kind set to this and require the same record"),
			k("wantProblems", "array:object:plugin-case.wantProblems", "", "", "an import case: the problems the ruleset must be refused with"),
			k("format", "enum:record|item|block|section", "", "", "a formatter case: the formatter"),
			k("record", "string", "", "", "the record or item formatted, in its tag form"),
			k("block", "object:plugin-case.block", "", "", "the block formatted"),
			k("want", "string", "", "", "the exact text expected"),
		}},
		{ID: "plugin-case.wantProblems", Pointer: "/wantProblems/*", Title: "wantProblems", Struct: "host.WantProblem", Meaning: "One problem an import case expects.", Keys: []Key{
			k("pointer", "string", "", "required", "the JSON pointer of the problem"),
			k("contains", "string", "", "required", "a fragment of its message"),
		}},
		{ID: "plugin-case.block", Pointer: "/block", Title: "block", Struct: "host.BlockCase", Meaning: "A block given to a block formatter.", Keys: []Key{
			k("name", "string", "", "required", "the block's name"),
			k("lines", "array:string", "", "required", "its lines"),
		}},
	}
}
