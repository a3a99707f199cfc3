// Package itemrules validates at import what spec/items.md puts in a
// ruleset: the items block (categories, rarities, tags, stats, slots,
// binding, carry, money, rarity caps, loot tables, starting gear, the
// market and its fakes) and every item of a catalog that holds items
// (its stats, requirements, use, charges and attack, and, through
// engine/ruleset/effect, its worn and carried effects), with the itemStat
// value reference that reads them. It owns the typed forms the engine
// plays them with (ItemsBlock, Item, Attack, Use, Market, ...), which
// engine/items and the section packages beside it read.
//
// It lives at engine/ruleset/items and is named itemrules: engine/items
// is package items (the bag the engine plays), and most of its files
// import both, so one of the two would otherwise need an alias at every
// import. engine/ruleset keeps no type aliases for what moved here
// (ruleset.Item would be a second name for itemrules.Item, and the
// rewrite of its importers was mechanical): every importer names the
// types where they are declared.
//
// What it may import: engine/validate, engine/dice and the packages below
// it under engine/ruleset (vocab, the key table; valueref, the value
// reference type; effectrules, effects), never engine/ruleset itself,
// which imports it. The core validator (engine/ruleset) makes one
// Validator per file, lends it the vocabulary it reads (Declared) and the
// checks only it can make (Core), and calls its sections where the file
// puts them: Effect for a condition's or a level's check (through the
// effect validator it embeds, whose Tags it answers), ItemEntry for each
// item of a catalog, ItemStatRef inside a value reference, Qualities for
// a catalog entry's mechanics, Block for the block itself.
// engine/ruleset/fight, the combat block and the bestiary, builds on it
// the same way. Every message and pointer is the one engine/ruleset
// reported when this code was part of it; Load still validates
// everything at once.
package itemrules

import (
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/validate"
)

// Core is what the items sections ask of the core validator
// (engine/ruleset), which implements it: the checks that need the rest
// of the file as the core has read it.
type Core interface {
	// Core is what reading an effect needs too: IDList and Quiet.
	effectrules.Core
	// ValueRef validates a value reference at a pointer; what names the
	// place for messages ("binding.max").
	ValueRef(at string, raw any, mode valueref.Mode, what string) (valueref.Ref, bool)
	// HealthPool is the live pool live.health names ("" when none).
	HealthPool() string
}

// Declared is what the rest of the file declares that items and fights
// name: the ids of each top-level list, as a set and in file order. The
// core validator lends its own maps and fills them as it reads (the
// vocabulary first, then the pools, the derived values and the lists),
// so a section reads every id declared before it.
type Declared struct {
	Abilities, Skills, Saves, Conditions, Pools map[string]bool
	// Order holds each list's ids in file order, by list name
	// ("abilities", "skills", "saves", "conditions", "levels", "pools",
	// "lists"), for "declared: [...]" in messages.
	Order map[string][]string
}

// Validator validates the items block and every item of the file's
// catalogs, reporting to P. The core validator makes one per file, before
// it reads the vocabulary (a condition's check is an effect), and calls
// it where the file puts each section.
type Validator struct {
	// Validator reads the effects of items (worn, carried, an
	// unmet requirement's otherwise) and, for the core and the fights,
	// of conditions, levels, combat mappings and creatures.
	*effectrules.Validator

	P    *validate.Problems
	core Core

	abilities  map[string]bool
	skills     map[string]bool
	saves      map[string]bool
	conditions map[string]bool
	pools      map[string]bool
	order      map[string][]string

	// raw is the whole file as decoded; items is its items block (nil
	// when the file has none, or not an object).
	raw   map[string]any
	items map[string]any
	// block is the block's vocabulary, read at the first need (Vocab).
	block *ItemsBlock
}

// New makes the items validator of one file, and the effect validator it
// embeds; file is the file's decoded top-level object.
func New(p *validate.Problems, core Core, d Declared, file map[string]any) *Validator {
	v := &Validator{P: p, core: core,
		abilities: d.Abilities, skills: d.Skills, saves: d.Saves, conditions: d.Conditions, pools: d.Pools,
		order: d.Order, raw: file}
	v.items, _ = file["items"].(map[string]any)
	v.Validator = effectrules.New(p, core, v, effectrules.Declared{Abilities: d.Abilities, Skills: d.Skills,
		Saves: d.Saves, Order: d.Order}, file)
	return v
}

// ValueRef validates a value reference through the core (Core).
func (v *Validator) ValueRef(at string, raw any, mode valueref.Mode, what string) (valueref.Ref, bool) {
	return v.core.ValueRef(at, raw, mode, what)
}

func (v *Validator) quiet(list string) bool { return v.core.Quiet(list) }

// warnf records an import warning: something legal that does nothing.
func (v *Validator) warnf(at, format string, args ...any) { v.P.Warnf(at, format, args...) }
