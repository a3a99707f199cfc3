package ruleset

import (
	"encoding/json"
	"fmt"

	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// ValueRef is the spec's value reference: exactly one of const,
// abilityScore, abilityMod, derived, field, pool or itemStat.
type ValueRef struct {
	Const        *float64     `json:"const,omitempty"`
	AbilityScore string       `json:"abilityScore,omitempty"`
	AbilityMod   string       `json:"abilityMod,omitempty"`
	Derived      string       `json:"derived,omitempty"`
	Field        string       `json:"field,omitempty"`
	Pool         string       `json:"pool,omitempty"`
	ItemStat     *ItemStatRef `json:"itemStat,omitempty"`
}

// ItemStatRef reads a character's items (items.md "Items on the sheet").
type ItemStatRef struct {
	Stat     string  `json:"stat,omitempty"`
	From     string  `json:"from,omitempty"` // worn, carried, all (default all)
	Pick     string  `json:"pick,omitempty"` // sum (default), max, min, count
	Slot     string  `json:"slot,omitempty"`
	Category string  `json:"category,omitempty"`
	Tag      string  `json:"tag,omitempty"`
	Default  float64 `json:"default,omitempty"`
}

// Const returns a constant reference.
func Const(n float64) ValueRef { return ValueRef{Const: &n} }

// IsZero reports an empty (absent) reference.
func (r ValueRef) IsZero() bool {
	return r.Const == nil && r.AbilityScore == "" && r.AbilityMod == "" && r.Derived == "" &&
		r.Field == "" && r.Pool == "" && r.ItemStat == nil
}

func (r ValueRef) String() string {
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

// refKeys are the forms a value reference takes.
var refKeys = vocab.Keys("value")

// RefMode says which reads a place allows.
type RefMode int

const (
	// AnyRead allows every reference, live ones included.
	AnyRead RefMode = iota
	// SheetOnly refuses live reads (pool, itemStat), even through a derived
	// value: a pool's max, the proficiency bonus, binding.max, carry numbers.
	SheetOnly
)

// ValueRef validates a value reference at a pointer. what names the place
// for messages ("binding.max"). It returns the decoded reference.
func (v *Validator) ValueRef(at string, raw any, mode RefMode, what string) (ValueRef, bool) {
	var ref ValueRef
	o, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return ref, false
	}
	if len(o.M) != 1 {
		v.P.Addf(at, "a value reference has exactly one key, one of %v; found %d keys", refKeys, len(o.M))
		return ref, false
	}
	for k, val := range o.M {
		switch k {
		case "const":
			f, ok := o.Float("const", -1e9, 1e9, 0)
			if !ok {
				return ref, false
			}
			ref.Const = &f
		case "abilityScore", "abilityMod", "field", "pool", "derived":
			id, isStr := val.(string)
			if !isStr || id == "" {
				o.Addf(k, "want an id (a string), found %s", validate.TypeName(val))
				return ref, false
			}
			var known bool
			switch k {
			case "abilityScore":
				known, ref.AbilityScore = v.abilities[id], id
			case "abilityMod":
				known, ref.AbilityMod = v.abilities[id], id
			case "field":
				known, ref.Field = v.fields[id], id
			case "pool":
				known, ref.Pool = v.pools[id], id
			case "derived":
				_, known = v.derived[id]
				ref.Derived = id
			}
			if !known && v.quiet(refList[k]) {
				return ref, false
			}
			if !known {
				o.Addf(k, "no %s with id %q; declared: %v%s", refNoun[k], id, v.idsOf(k), validate.DidYouMean(id, v.idsOf(k)))
				return ref, false
			}
			if mode == SheetOnly {
				if k == "pool" {
					o.Addf(k, "%s cannot read live state (a pool); use a sheet value", what)
					return ref, false
				}
				if k == "derived" && v.derivedIsLive(id) {
					o.Addf(k, "%s cannot read live state, and derived %q reads a pool or an item (itemStat)", what, id)
					return ref, false
				}
			}
		case "itemStat":
			if mode == SheetOnly {
				o.Addf(k, "%s cannot read a character's items (itemStat): items change during the game", what)
				return ref, false
			}
			is, ok := v.itemStatRef(o.Ptr(k), val)
			if !ok {
				return ref, false
			}
			ref.ItemStat = is
		default:
			o.Addf(k, "unknown value reference %q; want one of %v", k, refKeys)
			return ref, false
		}
	}
	return ref, true
}

var refNoun = map[string]string{
	"abilityScore": "ability", "abilityMod": "ability", "field": "field",
	"pool": "live pool", "derived": "derived value",
}

// UnmarshalJSON accepts the validated object form.
func (r *ValueRef) UnmarshalJSON(b []byte) error {
	type plain ValueRef
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*r = ValueRef(p)
	return nil
}

// refList is the top-level list each kind of reference names an id of.
var refList = map[string]string{"abilityScore": "abilities", "abilityMod": "abilities", "field": "fields",
	"pool": "pools", "derived": "derived"}
