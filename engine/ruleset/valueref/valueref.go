// Package valueref is the spec's value reference (spec/checks.md "Value
// references", spec/items.md "Items on the sheet"): a number a ruleset
// names instead of writing it, read from the sheet (abilityScore,
// abilityMod, derived, field), from live state (pool) or from the
// character's items (itemStat), and the Mode a place reads it in.
//
// It holds the type alone, so that every section of a ruleset can keep
// one (a pool's max, binding.max, combat.defense) without importing the
// validator that checks it: engine/ruleset validates a reference against
// the ruleset's vocabulary (Validator.ValueRef), engine/sheet reads it.
// valueref imports nothing of the engine.
package valueref

import (
	"encoding/json"
	"fmt"
)

// Ref is the spec's value reference: exactly one of const,
// abilityScore, abilityMod, derived, field, pool or itemStat.
type Ref struct {
	Const        *float64  `json:"const,omitempty"`
	AbilityScore string    `json:"abilityScore,omitempty"`
	AbilityMod   string    `json:"abilityMod,omitempty"`
	Derived      string    `json:"derived,omitempty"`
	Field        string    `json:"field,omitempty"`
	Pool         string    `json:"pool,omitempty"`
	ItemStat     *ItemStat `json:"itemStat,omitempty"`
}

// ItemStat reads a character's items (items.md "Items on the sheet").
type ItemStat struct {
	Stat     string  `json:"stat,omitempty"`
	From     string  `json:"from,omitempty"` // worn, carried, all (default all)
	Pick     string  `json:"pick,omitempty"` // sum (default), max, min, count
	Slot     string  `json:"slot,omitempty"`
	Category string  `json:"category,omitempty"`
	Tag      string  `json:"tag,omitempty"`
	Default  float64 `json:"default,omitempty"`
}

// Const returns a constant reference.
func Const(n float64) Ref { return Ref{Const: &n} }

// IsZero reports an empty (absent) reference.
func (r Ref) IsZero() bool {
	return r.Const == nil && r.AbilityScore == "" && r.AbilityMod == "" && r.Derived == "" &&
		r.Field == "" && r.Pool == "" && r.ItemStat == nil
}

func (r Ref) String() string {
	switch {
	case r.Const != nil:
		return fmt.Sprintf("const %g", *r.Const)
	case r.AbilityScore != "":
		return "abilityScore " + r.AbilityScore
	case r.AbilityMod != "":
		return "abilityMod " + r.AbilityMod
	case r.Derived != "":
		return "derived " + r.Derived
	case r.Field != "":
		return "field " + r.Field
	case r.Pool != "":
		return "pool " + r.Pool
	case r.ItemStat != nil:
		return "itemStat " + r.ItemStat.Stat
	}
	return "nothing"
}

// Mode says which reads a place allows.
type Mode int

const (
	// AnyRead allows every reference, live ones included.
	AnyRead Mode = iota
	// SheetOnly refuses live reads (pool, itemStat), even through a derived
	// value: a pool's max, the proficiency bonus, binding.max, carry numbers.
	SheetOnly
)

// UnmarshalJSON accepts the validated object form.
func (r *Ref) UnmarshalJSON(b []byte) error {
	type plain Ref
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*r = Ref(p)
	return nil
}
