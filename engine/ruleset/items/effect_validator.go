package itemrules

import "github.com/rulehost/rulehost/engine/validate"

// effectCore is what reading an effect asks of the core validator
// (engine/ruleset), which implements it (as part of Core).
type effectCore interface {
	// IDList reads an optional array of ids that must be in set, one of
	// the Declared sets; noun names an id in messages ("skill").
	IDList(o validate.Obj, key string, set map[string]bool, noun string) []string
	// Quiet reports whether a missing id of this top-level list is a
	// knock-on of the list failing to read, already reported once.
	Quiet(list string) bool
}

// effectTags is what an effect names of the items block: the tags a
// damage exception and a weapons effect name.
type effectTags interface {
	// ItemTags returns the ids items.tags declares and whether that list
	// failed to read; ok is false when the ruleset has no items block.
	// The block's vocabulary is read at the first need.
	ItemTags() (ids []string, unread, ok bool)
}

// effectDeclared is what the rest of the file declares that an effect
// names: the core's own sets, filled as it reads, and each list's ids
// in file order.
type effectDeclared struct {
	Abilities, Skills, Saves map[string]bool
	Order                    map[string][]string
}

// effectValidator reads effects: what a condition, a level, an item or a
// creature does to checks, and its typed defenses.
type effectValidator struct {
	P    *validate.Problems
	core effectCore
	tags effectTags

	abilities map[string]bool
	skills    map[string]bool
	saves     map[string]bool
	order     map[string][]string
	// raw is the whole file as decoded (combat.damageTypes, conditions).
	raw map[string]any
}

// newEffectValidator makes the effect validator of one file; file is the
// file's decoded top-level object. core and tags may be nil only for a
// validator that reads without checking (ParseEffect).
func newEffectValidator(p *validate.Problems, core effectCore, tags effectTags, d effectDeclared, file map[string]any) *effectValidator {
	return &effectValidator{P: p, core: core, tags: tags,
		abilities: d.Abilities, skills: d.Skills, saves: d.Saves, order: d.Order, raw: file}
}

func (v *effectValidator) idList(o validate.Obj, key string, set map[string]bool, noun string) []string {
	return v.core.IDList(o, key, set, noun)
}

func (v *effectValidator) quiet(list string) bool { return v.core.Quiet(list) }

// itemTags asks for the block's tags (effectTags); none without a block.
func (v *effectValidator) itemTags() (ids []string, unread, ok bool) {
	if v.tags == nil {
		return nil, false, false
	}
	return v.tags.ItemTags()
}
