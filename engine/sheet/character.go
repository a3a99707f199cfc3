package sheet

import (
	"math"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
)

// ItemReader answers itemStat value references from a character's items.
// Outside a game there is none, and itemStat reads its default.
type ItemReader interface {
	ItemStat(ref *valueref.ItemStat) float64
}

// Character is a sheet in play: the ruleset, the sheet, what its items
// change, and the live pools. Everything a check reads comes from here.
type Character struct {
	RS    *ruleset.Ruleset
	Sheet *Sheet
	// Items answers itemStat; nil reads each reference's default.
	Items ItemReader
	// Scores are the ability scores as items leave them (adds first, then
	// the highest set, within the ability's bounds); nil means the sheet's.
	Scores map[string]int
	// Pools are the live pool values; nil means the sheet's.
	Pools map[string]int
}

// New makes a character from a sheet outside a game.
func New(rs *ruleset.Ruleset, s *Sheet) *Character {
	return &Character{RS: rs, Sheet: s}
}

// Plain reports whether the character reads nothing but its ruleset and
// its sheet, as New makes it: no items, no scores or pools of play. Two
// plain characters of the same ruleset and sheet read the same numbers,
// so what is compiled from one holds for the other (engine/check shares
// its plan between them through Sheet.Memo). TestPlainCoversEveryField
// fails when Character gains a field this does not look at.
func (c *Character) Plain() bool {
	return c.Items == nil && c.Scores == nil && c.Pools == nil
}

// Name is the character's name.
func (c *Character) Name() string { return c.Sheet.Name }

// BaseAbilityScore is the sheet's score, before items.
func (c *Character) BaseAbilityScore(id string) int {
	if n, ok := c.Sheet.Abilities[id]; ok {
		return n
	}
	if a, ok := c.RS.Ability(id); ok {
		return a.Default
	}
	return 0
}

// AbilityScore is the score as the character's items leave it.
func (c *Character) AbilityScore(id string) int {
	if c.Scores != nil {
		if n, ok := c.Scores[id]; ok {
			return n
		}
	}
	return c.BaseAbilityScore(id)
}

// AbilityMod applies the ruleset's abilityModifier to the score.
func (c *Character) AbilityMod(id string) int {
	return c.RS.Resolution.AbilityModifier.Apply(c.AbilityScore(id))
}

// Pool is a live pool's current value.
func (c *Character) Pool(id string) int {
	if c.Pools != nil {
		if n, ok := c.Pools[id]; ok {
			return n
		}
	}
	if n, ok := c.Sheet.Pools[id]; ok {
		return n
	}
	if p, ok := c.RS.PoolDecl(id); ok {
		full := floorInt(c.Base().Value(p.Max))
		if p.Start == nil {
			return full
		}
		// A start read from the sheet can exceed the max; a pool starts
		// at most full.
		return min(floorInt(c.Base().Value(*p.Start)), full)
	}
	return 0
}

// Field is a sheet field's value.
func (c *Character) Field(id string) float64 {
	if n, ok := c.Sheet.Fields[id]; ok {
		return n
	}
	for _, f := range c.RS.Fields {
		if f.ID == id {
			return f.Default
		}
	}
	return 0
}

// Base is the character as the sheet alone has it: no items, no live
// state. Pool maxima and the proficiency bonus are read from it.
func (c *Character) Base() *Character {
	if c.Items == nil && c.Scores == nil {
		return c
	}
	return &Character{RS: c.RS, Sheet: c.Sheet, Pools: c.Pools}
}

// Value evaluates a value reference.
func (c *Character) Value(ref valueref.Ref) float64 {
	return c.value(ref, 0)
}

// maxDerivedDepth guards against a cycle that import validation missed.
const maxDerivedDepth = 32

func (c *Character) value(ref valueref.Ref, depth int) float64 {
	switch {
	case ref.Const != nil:
		return *ref.Const
	case ref.AbilityScore != "":
		return float64(c.AbilityScore(ref.AbilityScore))
	case ref.AbilityMod != "":
		return float64(c.AbilityMod(ref.AbilityMod))
	case ref.Field != "":
		return c.Field(ref.Field)
	case ref.Pool != "":
		return float64(c.Pool(ref.Pool))
	case ref.ItemStat != nil:
		if c.Items == nil {
			return ref.ItemStat.Default
		}
		return c.Items.ItemStat(ref.ItemStat)
	case ref.Derived != "":
		if depth > maxDerivedDepth {
			return 0
		}
		return c.derived(ref.Derived, depth+1)
	}
	return 0
}

// Derived evaluates a derived value by id.
func (c *Character) Derived(id string) float64 { return c.derived(id, 0) }

func (c *Character) derived(id string, depth int) float64 {
	for _, d := range c.RS.Derived {
		if d.ID != id {
			continue
		}
		vals := make([]float64, len(d.Of))
		for i, ref := range d.Of {
			vals[i] = c.value(ref, depth)
		}
		return applyOp(d.Op, vals)
	}
	return 0
}

func applyOp(op string, vals []float64) float64 {
	if len(vals) == 0 {
		return 0
	}
	switch op {
	case "min":
		m := vals[0]
		for _, v := range vals[1:] {
			m = math.Min(m, v)
		}
		return m
	case "max":
		m := vals[0]
		for _, v := range vals[1:] {
			m = math.Max(m, v)
		}
		return m
	case "product":
		p := 1.0
		for _, v := range vals {
			p *= v
		}
		return p
	case "floorHalf":
		return math.Floor(sum(vals) / 2)
	case "negate":
		return -sum(vals)
	}
	return sum(vals)
}

func sum(vals []float64) float64 {
	s := 0.0
	for _, v := range vals {
		s += v
	}
	return s
}

// Training returns a skill's (or save's) training; an unlisted one is at
// the first tier with no bonus.
func (c *Character) Training(id string, save bool) Training {
	m := c.Sheet.Skills
	if save {
		m = c.Sheet.Saves
	}
	if t, ok := m[id]; ok {
		return t
	}
	tiers := c.RS.Resolution.ProficiencyTiers
	if len(tiers) == 0 {
		return Training{}
	}
	return Training{Tier: tiers[0].ID}
}

// TierBonus is what a tier adds: flat plus multiplier times the
// proficiency bonus (read from the sheet alone), rounded down.
func (c *Character) TierBonus(tierID string) int {
	res := c.RS.Resolution
	t, ok := res.Tier(tierID)
	if !ok {
		return 0
	}
	n := t.Flat
	if t.Multiplier != 0 && res.Proficiency != nil {
		n += floorInt(t.Multiplier * c.Base().Value(res.Proficiency.Bonus))
	}
	return n
}

// HasCondition reports an active condition.
func (c *Character) HasCondition(id string) bool {
	for _, x := range c.Sheet.Conditions {
		if x == id {
			return true
		}
	}
	return false
}

// HasEntry reports a chosen catalog entry ("catalog/entry").
func (c *Character) HasEntry(ref string) bool {
	for _, x := range c.Sheet.Entries {
		if x == ref {
			return true
		}
	}
	return false
}
