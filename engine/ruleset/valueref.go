package ruleset

import (
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// refKeys are the forms a value reference takes.
var refKeys = vocab.Keys("value")

// ValueRef validates a value reference at a pointer. what names the place
// for messages ("binding.max"). It returns the decoded reference.
func (v *Validator) ValueRef(at string, raw any, mode valueref.Mode, what string) (valueref.Ref, bool) {
	var ref valueref.Ref
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
			if mode == valueref.SheetOnly {
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
			if mode == valueref.SheetOnly {
				o.Addf(k, "%s cannot read a character's items (itemStat): items change during the game", what)
				return ref, false
			}
			is, ok := v.items.ItemStatRef(o.Ptr(k), val)
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

// refList is the top-level list each kind of reference names an id of.
var refList = map[string]string{"abilityScore": "abilities", "abilityMod": "abilities", "field": "fields",
	"pool": "pools", "derived": "derived"}
