package ruleset

import "github.com/rulehost/rulehost/engine/validate"

// choiceEntry validates an entry of a catalog of choices (powers, traits),
// including mechanics.check charms.
func (v *Validator) choiceEntry(o validate.Obj) {}

// charmCompanions refuses charms beside a kind that cannot apply them.
func (v *Validator) charmCompanions(o validate.Obj, rs *Ruleset) {
	if rs.Resolution.Kind == "dice-pool" {
		return
	}
	for ci, c := range rs.Catalogs {
		for ei := range c.Entries {
			if hasCharm(rs, ci, ei) {
				v.P.Addf(validate.Ptr("/catalogs", ci, "entries", ei, "mechanics", "check"),
					"only a dice-pool ruleset can apply mechanics.check; this ruleset's kind is %q", rs.Resolution.Kind)
			}
		}
	}
}

func hasCharm(rs *Ruleset, ci, ei int) bool {
	cats, _ := rs.Raw["catalogs"].([]any)
	c, _ := cats[ci].(map[string]any)
	entries, _ := c["entries"].([]any)
	e, _ := entries[ei].(map[string]any)
	m, _ := e["mechanics"].(map[string]any)
	_, ok := m["check"]
	return ok
}
