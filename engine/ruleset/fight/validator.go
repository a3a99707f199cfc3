// Package fightrules validates at import the fight sections of a
// ruleset (docs/fight.md): the combat block (its damage words and typed
// defenses for conditions, levels and sheet lists; the economy, distance,
// off-hand and pool keys weapons and armor read; defense, soak,
// initiative and speed) and the bestiary, every creature of a catalog
// that holds creatures. It owns their typed forms (CombatDefenses,
// CombatItems, CombatFight, Creature), which engine/fight and
// engine/items read.
//
// It lives at engine/ruleset/fight and is named fightrules: engine/fight
// is package fight and imports it.
//
// What it may import: engine/validate, engine/dice, engine/ruleset/vocab,
// valueref, effectrules (a creature's and a combat mapping's defenses are
// an effect's typed defenses) and itemrules (a creature's loot and
// qualities name the items block's), never engine/ruleset, which imports
// it. Its Validator embeds the file's items validator, and asks the core
// validator the rest through Core; the core
// calls CombatDefenses and CombatItems when the file has a combat block,
// then Fight, after the resolution and the items block. Every message and
// pointer is the one engine/ruleset reported when this code was part of
// it.
package fightrules

import itemrules "github.com/rulehost/rulehost/engine/ruleset/items"

// Core is what the fight sections ask of the core validator
// (engine/ruleset) beyond what the items sections do.
type Core interface {
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

// Validator validates the combat block and the bestiary, after the
// resolution (which fight) and the items block (tags, loot tables, the
// typed defenses an effect reads). It reads the items through the items
// validator it embeds.
type Validator struct {
	*itemrules.Validator
	core Core

	conditions map[string]bool
	order      map[string][]string
	// raw is the whole file as decoded.
	raw map[string]any
}

// New makes the fight validator of one file; items is the same file's
// items validator and file its decoded top-level object.
func New(items *itemrules.Validator, core Core, d itemrules.Declared, file map[string]any) *Validator {
	return &Validator{Validator: items, core: core, conditions: d.Conditions, order: d.Order, raw: file}
}
