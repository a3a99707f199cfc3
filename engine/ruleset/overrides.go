package ruleset

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Override is one entry of resolution.overrides: checks that roll with
// other resolution keys. Resolution is the merged, validated result.
type Override struct {
	ID         string
	Label      string
	Text       string
	Skills     []string
	Saves      []string
	Abilities  []string
	When       *valueref.Ref
	Set        map[string]any
	Resolution *Resolution
}

// Names reports whether the override covers a check on this skill, save or
// ability (exactly one of them is non-empty).
func (o *Override) Names(skill, save, ability string) bool {
	switch {
	case skill != "":
		return slices.Contains(o.Skills, skill)
	case save != "":
		return slices.Contains(o.Saves, save)
	case ability != "":
		return slices.Contains(o.Abilities, ability)
	}
	return false
}

// overrides validates resolution.overrides: each override's own keys,
// then its set merged over the ruleset's resolution, validated as a
// resolution of the same kind.
func (v *Validator) overrides(o validate.Obj, res *Resolution, k Kind) {
	arr, ok := o.Arr("overrides", 1, 32)
	if !ok {
		return
	}
	ids := validate.IDs(v.P, o.Ptr("overrides"), arr)
	locked := append(append([]string{}, lockedKeys...), k.Locked()...)
	allowed := settableKeys(k, locked)
	unconditional := map[string]string{} // "skill:x" -> override id
	for i, raw := range arr {
		ov, ok := validate.AsObj(v.P, o.Ptr("overrides", i), raw)
		if !ok || ids[i] == "" {
			continue
		}
		x := v.overrideHead(ov, ids[i])
		if raw, ok := ov.M["when"]; ok {
			if ref, ok := v.ValueRef(ov.Ptr("when"), raw, valueref.AnyRead, "an override's when"); ok {
				x.When = &ref
			}
		} else {
			claimUnconditional(ov, &x, unconditional)
		}
		if !ov.Require("set") {
			continue
		}
		set, ok := ov.Object("set")
		if !ok {
			continue
		}
		x.Set = set.M
		merged, ok := mergeSet(set, res, locked, allowed)
		if !ok {
			continue
		}
		before := v.P.Len()
		x.Resolution = v.resolution(set.At, merged, res)
		v.blameOverride(o, set, x.ID, before)
		res.Overrides = append(res.Overrides, x)
	}
}

// settableKeys are the keys an override's set may hold: resolution keys
// of the ruleset's own kind that are not locked. A null for any other key
// would remove nothing and hide a typo, so it is refused like an unknown
// key with a value (which the merged check reports).
func settableKeys(k Kind, locked []string) []string {
	var allowed []string
	for _, key := range append(append([]string{}, sharedKeys...), k.Keys()...) {
		if !slices.Contains(locked, key) {
			allowed = append(allowed, key)
		}
	}
	return allowed
}

// overrideHead reads an override's label, text and the checks it covers.
func (v *Validator) overrideHead(ov validate.Obj, id string) Override {
	ov.Known(vocab.Keys("resolution.overrides")...)
	x := Override{ID: id}
	if ov.Require("label") {
		x.Label, _ = ov.Str("label", 80, true)
	}
	x.Text, _ = ov.Str("text", 500, false)
	x.Skills = v.idList(ov, "skills", v.skills, "skill")
	x.Saves = v.idList(ov, "saves", v.saves, "save")
	x.Abilities = v.idList(ov, "abilities", v.abilities, "ability")
	if !ov.Has("skills") && !ov.Has("saves") && !ov.Has("abilities") {
		ov.Addf("", `an override names the checks it covers: "skills", "saves" or "abilities" (one or more)`)
	}
	return x
}

// claimUnconditional records the checks an override without when covers,
// refusing one listed twice or already in another override without when:
// a check appears in at most one such override.
func claimUnconditional(ov validate.Obj, x *Override, unconditional map[string]string) {
	for _, pair := range [][2]any{{"skill", x.Skills}, {"save", x.Saves}, {"ability", x.Abilities}} {
		for _, id := range pair[1].([]string) {
			key := fmt.Sprintf("%s:%s", pair[0], id)
			if prev, dup := unconditional[key]; dup && prev == x.ID {
				ov.Addf("", "%s %q is listed twice in this override", pair[0], id)
			} else if dup {
				ov.Addf("", "%s %q is already in override %q without \"when\"; a check appears in at most one override without when", pair[0], id, prev)
			}
			unconditional[key] = x.ID
		}
	}
}

// mergeSet lays an override's set over the ruleset's resolution (a null
// removes a key). ok is false when the set touches a locked key.
func mergeSet(set validate.Obj, res *Resolution, locked, allowed []string) (merged map[string]any, ok bool) {
	merged = map[string]any{}
	for key, val := range res.Raw {
		if key != "overrides" {
			merged[key] = val
		}
	}
	ok = true
	for key, val := range set.M {
		if slices.Contains(locked, key) {
			set.Addf(key, "an override cannot change %q; locked keys: %v", key, locked)
			ok = false
			continue
		}
		if val == nil {
			if !slices.Contains(allowed, key) {
				set.Addf(key, "unknown key %q: set holds resolution keys of kind %q; allowed here: %s", key, res.Kind, strings.Join(allowed, ", "))
				continue
			}
			delete(merged, key)
		} else {
			merged[key] = val
		}
	}
	return merged, ok
}

// blameOverride names the override in every problem its merged
// resolution raised (those from index before on). A problem in a key the
// override inherits (not one it sets) points at the override's set,
// which is what made it wrong, and names the inherited key.
//
// A problem the ruleset's own resolution already has at the same place
// (a misspelled key every override inherits) is not repeated for each
// override: fixing it once fixes them all.
func (v *Validator) blameOverride(o, set validate.Obj, id string, before int) {
	v.dropInherited(o, set, before)
	for j := before; j < v.P.Len(); j++ {
		pr := &v.P.List[j]
		pr.Message = fmt.Sprintf("with override %q: %s", id, pr.Message)
		rest := strings.TrimPrefix(pr.Pointer, set.At+"/")
		if key, _, _ := strings.Cut(rest, "/"); rest != pr.Pointer && !set.Has(unescapeToken(key)) {
			pr.Message = fmt.Sprintf("with override %q: the inherited %s/%s: %s", id, o.At, rest,
				strings.TrimPrefix(pr.Message, fmt.Sprintf("with override %q: ", id)))
			pr.Pointer = set.At
		}
	}
}

// OverrideFor returns the first override naming the check whose when holds.
// when evaluates a value reference on the roller's sheet.
func (r *Resolution) OverrideFor(skill, save, ability string, when func(valueref.Ref) float64) *Override {
	for i := range r.Overrides {
		ov := &r.Overrides[i]
		if !ov.Names(skill, save, ability) {
			continue
		}
		if ov.When != nil && when(*ov.When) == 0 {
			continue
		}
		return ov
	}
	return nil
}

// unescapeToken undoes JSON pointer escaping of one reference token.
func unescapeToken(t string) string {
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}

// dropInherited removes, from the problems raised since before, those
// about an inherited key that the ruleset's own resolution reported with
// the same message at the same place.
func (v *Validator) dropInherited(o, set validate.Obj, before int) {
	own := map[validate.Problem]bool{}
	for _, pr := range v.P.List[:before] {
		own[pr] = true
	}
	kept := v.P.List[:before]
	for _, pr := range v.P.List[before:] {
		rest := strings.TrimPrefix(pr.Pointer, set.At+"/")
		key, _, _ := strings.Cut(rest, "/")
		inherited := rest != pr.Pointer && !set.Has(unescapeToken(key))
		if inherited && own[validate.Problem{Pointer: o.At + "/" + rest, Message: pr.Message}] {
			continue
		}
		kept = append(kept, pr)
	}
	v.P.List = kept
}
