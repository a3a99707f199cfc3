package ruleset

import itemrules "github.com/rulehost/rulehost/engine/ruleset/items"

// fightCore is what the fight sections ask of the core validator
// (engine/ruleset) beyond what the items sections do.
type fightCore interface {
	// LevelDeclared reports a level the ruleset declares.
	LevelDeclared(id string) bool
	// SheetList returns the columns of the sheet list with this id.
	SheetList(id string) ([]SheetColumn, bool)
	// Kind is the kind of the resolution as validated ("" when the
	// resolution did not validate): the kind a fight is rolled with.
	Kind() string
}

// SheetColumn is one column of a sheet list, as combat.sheetHides reads
// it: its id, its type (text, enum or number, "" when unreadable) and an
// enum column's values.
type SheetColumn struct {
	ID     string
	Type   string
	Values []string
}

// fightValidator validates the combat block and the bestiary, after the
// resolution (which fight) and the items block (tags, loot tables, the
// typed defenses an effect reads). It reads the items through the items
// validator it embeds.
type fightValidator struct {
	*itemrules.Validator
	core fightCore

	conditions map[string]bool
	order      map[string][]string
	// raw is the whole file as decoded.
	raw map[string]any
}

// newFightValidator makes the fight validator of one file.
func newFightValidator(items *itemrules.Validator, core fightCore, d itemrules.Declared, file map[string]any) *fightValidator {
	return &fightValidator{Validator: items, core: core, conditions: d.Conditions, order: d.Order, raw: file}
}
