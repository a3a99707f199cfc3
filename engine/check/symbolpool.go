package check

import "github.com/rulehost/rulehost/engine/record"

// resolveSymbolPool is a placeholder until the kind is implemented; import
// validation refuses its rulesets first, so this is never reached in play.
func resolveSymbolPool(c *Check) {
	c.Rec = record.Refused("skill_check", "unsupported-kind", "kind", c.Res.Kind)
}
