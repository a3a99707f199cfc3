package ruleset

import "github.com/rulehost/rulehost/engine/validate"

// readObjects reads arr, the elements of o's key, as objects: an element
// that is not an object is reported at its own pointer and skipped, and
// read's refusal (false) leaves its element out. It is the loop every
// array of clauses shares (onHit, plus, applies, a worn weapons
// effect's modifiers, loot lines, a creature's actions), so that each
// reader is only about its clause.
func readObjects[T any](p *validate.Problems, o validate.Obj, key string, arr []any, read func(validate.Obj) (T, bool)) []T {
	var out []T
	for i, raw := range arr {
		eo, ok := validate.AsObj(p, o.Ptr(key, i), raw)
		if !ok {
			continue
		}
		if t, ok := read(eo); ok {
			out = append(out, t)
		}
	}
	return out
}
