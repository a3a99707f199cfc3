package ruleset

import (
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/validate"
)

// itemsCore is what the items sections ask of the core validator
// (engine/ruleset), which implements it: the checks that need the rest
// of the file as the core has read it.
type itemsCore interface {
	// ValueRef validates a value reference at a pointer; what names the
	// place for messages ("binding.max").
	ValueRef(at string, raw any, mode valueref.Mode, what string) (valueref.Ref, bool)
	// IDList reads an optional array of ids that must be in set, one of
	// the Declared sets; noun names an id in messages ("skill").
	IDList(o validate.Obj, key string, set map[string]bool, noun string) []string
	// Quiet reports whether a missing id of this top-level list is a
	// knock-on of the list failing to read, already reported once.
	Quiet(list string) bool
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

// itemsValidator validates the items block and every item of the file's
// catalogs, reporting to P. The core validator makes one per file, before
// it reads the vocabulary (a condition's check is an effect), and calls
// it where the file puts each section.
type itemsValidator struct {
	P    *validate.Problems
	core itemsCore

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

// newItemsValidator makes the items validator of one file; file is the
// file's decoded top-level object.
func newItemsValidator(p *validate.Problems, core itemsCore, d Declared, file map[string]any) *itemsValidator {
	v := &itemsValidator{P: p, core: core,
		abilities: d.Abilities, skills: d.Skills, saves: d.Saves, conditions: d.Conditions, pools: d.Pools,
		order: d.Order, raw: file}
	v.items, _ = file["items"].(map[string]any)
	return v
}

// ValueRef validates a value reference through the core (itemsCore).
func (v *itemsValidator) ValueRef(at string, raw any, mode valueref.Mode, what string) (valueref.Ref, bool) {
	return v.core.ValueRef(at, raw, mode, what)
}

func (v *itemsValidator) idList(o validate.Obj, key string, set map[string]bool, noun string) []string {
	return v.core.IDList(o, key, set, noun)
}

func (v *itemsValidator) quiet(list string) bool { return v.core.Quiet(list) }

// warnf records an import warning: something legal that does nothing.
func (v *itemsValidator) warnf(at, format string, args ...any) { v.P.Warnf(at, format, args...) }
