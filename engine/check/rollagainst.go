package check

import "github.com/rulehost/rulehost/engine/record"

// resolveRollAgainst is a placeholder until the kind is implemented; import
// validation refuses its rulesets first, so this is never reached in play.
func resolveRollAgainst(c *Check) {
	c.Rec = record.Refused("skill_check", "unsupported-kind", "kind", c.Res.Kind)
}
