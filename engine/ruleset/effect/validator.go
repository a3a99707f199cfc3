// Package effectrules validates at import an effect: what a condition, a
// level, an item while worn or carried (or an unmet requirement's
// otherwise), a combat mapping or a creature does to its bearer
// (spec/items.md "Checks outside a fight" and "Typed defenses"): the
// check effects, modifiers, failed saves, ability changes, the typed
// defenses (resist, immune, vulnerable, condition immunities) and an
// item's weapons effect. It owns their typed form (Effect), which
// engine/check and engine/items read, and ParseEffect, which decodes a
// validated condition's or level's check.
//
// It lives at engine/ruleset/effect and is named effectrules, as
// itemrules and fightrules beside it are.
//
// What it may import: engine/validate, engine/dice and
// engine/ruleset/vocab, never engine/ruleset nor itemrules, which import
// it. The items validator (engine/ruleset/items) embeds one Validator per
// file, so the core calls Effect for a condition's or a level's check
// through it and the fight sections DefenseParts and DamageWord; what it
// asks back comes through Core (the core's checks) and Tags (the items
// block's tags, which the items validator answers). Every message and
// pointer is the one engine/ruleset reported when this code was part of
// it.
package effectrules

import "github.com/rulehost/rulehost/engine/validate"

// Core is what reading an effect asks of the core validator
// (engine/ruleset), which implements it (as part of itemrules.Core).
type Core interface {
	// IDList reads an optional array of ids that must be in set, one of
	// the Declared sets; noun names an id in messages ("skill").
	IDList(o validate.Obj, key string, set map[string]bool, noun string) []string
	// Quiet reports whether a missing id of this top-level list is a
	// knock-on of the list failing to read, already reported once.
	Quiet(list string) bool
}

// Tags is what an effect names of the items block: the tags a
// damage exception and a weapons effect name.
type Tags interface {
	// ItemTags returns the ids items.tags declares and whether that list
	// failed to read; ok is false when the ruleset has no items block.
	// The block's vocabulary is read at the first need.
	ItemTags() (ids []string, unread, ok bool)
}

// Declared is what the rest of the file declares that an effect
// names: the core's own sets, filled as it reads, and each list's ids
// in file order.
type Declared struct {
	Abilities, Skills, Saves map[string]bool
	Order                    map[string][]string
}

// Validator reads effects: what a condition, a level, an item or a
// creature does to checks, and its typed defenses.
type Validator struct {
	P    *validate.Problems
	core Core
	tags Tags

	abilities map[string]bool
	skills    map[string]bool
	saves     map[string]bool
	order     map[string][]string
	// raw is the whole file as decoded (combat.damageTypes, conditions).
	raw map[string]any
}

// New makes the effect validator of one file; file is the
// file's decoded top-level object. core and tags may be nil only for a
// validator that reads without checking (ParseEffect).
func New(p *validate.Problems, core Core, tags Tags, d Declared, file map[string]any) *Validator {
	return &Validator{P: p, core: core, tags: tags,
		abilities: d.Abilities, skills: d.Skills, saves: d.Saves, order: d.Order, raw: file}
}

func (v *Validator) idList(o validate.Obj, key string, set map[string]bool, noun string) []string {
	return v.core.IDList(o, key, set, noun)
}

func (v *Validator) quiet(list string) bool { return v.core.Quiet(list) }

// itemTags asks for the block's tags (Tags); none without a block.
func (v *Validator) itemTags() (ids []string, unread, ok bool) {
	if v.tags == nil {
		return nil, false, false
	}
	return v.tags.ItemTags()
}
