package fightrules

import (
	"slices"

	"github.com/rulehost/rulehost/engine/dice"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Creature is one bestiary entry (docs/fight.md "The bestiary"): an entry
// of a catalog that holds "creatures", what a ruleset fight reads of a
// foe. The items page leans on it for typed defenses with except, the
// targetIs tests of plus clauses, hardness and the loot a won fight
// leaves.
type Creature struct {
	Catalog, ID, Label string
	Health             int
	// Defense is what a summed fight's attack must meet or beat;
	// HasDefense is false when the creature states none.
	Defense    int
	HasDefense bool
	Soak       int
	// Hardness is its hardness against strikes that spend (HasHardness
	// when written); Initiative its number's base.
	Hardness    int
	HasHardness bool
	Initiative  int
	// Speed is how far it may move in a round (HasSpeed when written),
	// in combat.distance's unit.
	Speed       float64
	HasSpeed    bool
	Types, Tags []string
	// Defenses holds its resist, vulnerable, immune and
	// conditionImmunities (the other Effect fields stay empty).
	Defenses *effectrules.Effect
	// Saves are its save numbers by save id, for the saves items call for.
	Saves   map[string]int
	Attacks []CreatureAttack // from "actions"
	// Loot is the loot table it carries, "" for none.
	Loot string
}

// CreatureAttack is one of a creature's attack rows (its "actions", as
// the spec calls a creature's own: "a creature action's damage").
type CreatureAttack struct {
	ID, Label, Budget string
	// ToHit is added to a summed fight's roll, and is the pool in a pool
	// fight.
	ToHit int
	// Dice is the damage notation of a summed fight; PoolDice the extra
	// dice of a pool fight.
	Dice      dice.Notation
	HasDice   bool
	PoolDice  int
	Bonus     int
	Type      string
	Qualities []string
}

// Ref is the creature's "catalog/entry".
func (c *Creature) Ref() string { return c.Catalog + "/" + c.ID }

// Limits of a bestiary entry.
const (
	// MaxCreatureSpeed bounds a creature's speed, in the distance unit.
	MaxCreatureSpeed   = 1e6
	MaxCreatureHealth  = 10000
	MaxCreatureAttacks = 8
	MaxCreatureWords   = 16
)

// HoldsCreatures is the holds value of a bestiary catalog.
const HoldsCreatures = "creatures"

// bestiary reads every catalog that holds creatures, after the resolution
// (a creature's dice depend on the fight's kind) and the items block (its
// loot names a table, its exceptions name item tags).
func (v *Validator) bestiary(o validate.Obj) []*Creature {
	cats, _ := o.M["catalogs"].([]any)
	var out []*Creature
	for i, raw := range cats {
		c, ok := raw.(map[string]any)
		if !ok || c["holds"] != HoldsCreatures {
			continue
		}
		catID, _ := c["id"].(string)
		entries, _ := c["entries"].([]any)
		for j, e := range entries {
			eo, ok := e.(map[string]any)
			if !ok {
				continue // the catalog pass reported it
			}
			at := validate.Ptr("/catalogs", i, "entries", j)
			if cr, ok := v.creatureEntry(validate.Obj{P: v.P, At: at, M: eo}); ok {
				cr.Catalog = catID
				out = append(out, cr)
			}
		}
	}
	return out
}

// creatureEntry reads { id, label, summary, creature }.
func (v *Validator) creatureEntry(o validate.Obj) (*Creature, bool) {
	o.Known(vocab.Keys("bestiary.entry")...)
	if !o.Require("creature") {
		return nil, false
	}
	id, _ := o.M["id"].(string)
	label, _ := o.Str("label", 120, false)
	if label == "" {
		label = id
	}
	o.Str("summary", 2000, false)
	co, ok := o.Object("creature")
	if !ok {
		return nil, false
	}
	cr := v.creature(co)
	cr.ID, cr.Label = id, label
	return cr, id != ""
}

// creature reads the creature block itself.
func (v *Validator) creature(o validate.Obj) *Creature {
	o.Known(vocab.Keys("bestiary.creature")...)
	cr := &Creature{Defenses: &effectrules.Effect{}}
	o.Require("health", "actions")
	cr.Health, _ = o.Int("health", 1, MaxCreatureHealth, 0)
	cr.HasDefense = o.Has("defense")
	cr.Defense, _ = o.Int("defense", 0, 1000, 0)
	cr.Soak, _ = o.Int("soak", 0, 100, 0)
	cr.Initiative, _ = o.Int("initiative", 0, 100, 0)
	if o.Has("speed") {
		cr.HasSpeed = true
		cr.Speed, _ = o.Float("speed", 0, MaxCreatureSpeed, 0)
	}
	if o.Has("hardness") {
		cr.HasHardness = true
		cr.Hardness, _ = o.Int("hardness", 0, 100, 0)
		if !combatHasHardness(v.raw) {
			o.Addf("hardness", "a creature's hardness needs combat.pool.hardness: only a pool fight with strikes that spend reads it")
		}
	}
	kind := v.core.Kind()
	if o.Has("defense") && kind == "dice-pool" {
		v.P.Warnf(o.Ptr("defense"), "a pool fight has no defense number (docs/fight.md); it is not read")
	}
	cr.Types = v.Words(o, "types", 0, MaxCreatureWords)
	cr.Tags = v.Words(o, "tags", 0, MaxCreatureWords)
	v.DefenseParts(o, cr.Defenses, true)
	cr.Saves = v.creatureSaves(o)
	if arr, ok := o.Arr("actions", 1, MaxCreatureAttacks); ok {
		validate.IDs(v.P, o.Ptr("actions"), arr)
		cr.Attacks = validate.ReadObjects(v.P, o, "actions", arr, func(ao validate.Obj) (CreatureAttack, bool) {
			return v.creatureAttack(ao, kind), true
		})
	}
	// engine/ruleset/items/loot.go's creatureLoot checks the table it names.
	cr.Loot, _ = o.M["loot"].(string)
	return cr
}

// creatureSaves reads { save id: number }, each a declared save.
func (v *Validator) creatureSaves(o validate.Obj) map[string]int {
	so, ok := o.Object("saves")
	if !ok {
		return nil
	}
	out := map[string]int{}
	for k := range so.M {
		if !slices.Contains(v.order["saves"], k) {
			so.Addf(k, "no save %q in the ruleset; declared: %v%s", k, v.order["saves"], validate.DidYouMean(k, v.order["saves"]))
			continue
		}
		n, _ := so.Int(k, -100, 100, 0)
		out[k] = n
	}
	return out
}

// creatureAttack reads one attack row. In a summed fight damage.dice is
// notation (required: a summed fight requires dice); in a pool fight it
// is a number of extra dice.
func (v *Validator) creatureAttack(o validate.Obj, kind string) CreatureAttack {
	o.Known(vocab.Keys("bestiary.attack")...)
	var a CreatureAttack
	o.Require("id", "damage")
	a.ID, _ = o.Str("id", 64, true)
	a.Label, _ = o.Str("label", 120, false)
	if a.Label == "" {
		a.Label = a.ID
	}
	a.Budget, _ = o.Str("budget", 64, false)
	if a.Budget != "" {
		if budgets := v.EconomyBudgets(); budgets != nil && !slices.Contains(budgets, a.Budget) {
			o.Addf("budget", "no budget %q in combat.economy.budgets; declared: %v%s", a.Budget, budgets, validate.DidYouMean(a.Budget, budgets))
		}
	}
	if kind == "dice-pool" {
		a.ToHit, _ = o.Int("toHit", 1, 100, 1)
	} else {
		a.ToHit, _ = o.Int("toHit", -100, 100, 0)
	}
	do, ok := o.Object("damage")
	if !ok {
		return a
	}
	do.Known(vocab.Keys("bestiary.damage")...)
	v.attackDice(do, kind, &a)
	a.Bonus, _ = do.Int("bonus", -1000, 1000, 0)
	if do.Has("type") {
		a.Type, _ = do.Str("type", 64, true)
		v.DamageWord(do.Ptr("type"), a.Type)
	}
	if arr, ok := do.Arr("qualities", 1, itemrules.MaxItemTags); ok {
		b := v.Vocab()
		for i, raw := range arr {
			t, _ := raw.(string)
			if b == nil || b.Tag(t) == nil {
				v.P.Addf(do.Ptr("qualities", i), "a quality names a tag declared in items.tags; %s is not one", validate.Describe(raw))
				continue
			}
			a.Qualities = append(a.Qualities, t)
		}
	}
	return a
}

// attackDice reads damage.dice by the fight's kind.
func (v *Validator) attackDice(do validate.Obj, kind string, a *CreatureAttack) {
	raw, has := do.M["dice"]
	switch {
	case kind == "dice-sum" && !has:
		do.Addf("dice", "a summed fight requires damage dice (\"1d6\")")
	case !has:
	case kind == "dice-pool":
		a.PoolDice, _ = do.Int("dice", 0, 20, 0)
	default:
		s, ok := raw.(string)
		if !ok {
			do.Addf("dice", "want dice notation (\"1d6+1\"), found %s", validate.TypeName(raw))
			return
		}
		n, err := dice.ParseNotation(s)
		if err != nil {
			do.Addf("dice", "%v", err)
			return
		}
		a.Dice, a.HasDice = n, true
	}
}

// combatHasHardness reports combat.pool.hardness in the file.
func combatHasHardness(file map[string]any) bool {
	c, _ := file["combat"].(map[string]any)
	p, _ := c["pool"].(map[string]any)
	_, ok := p["hardness"]
	return ok
}
