package ruleset

import "github.com/rulehost/rulehost/engine/validate"

// RollAgainst is a placeholder until the kind is implemented: its rulesets are
// refused at import with a clear message rather than half-read.
type RollAgainst struct{}

type rollAgainstKind struct{}

func (rollAgainstKind) Keys() []string   { return nil }
func (rollAgainstKind) Locked() []string { return nil }

func (rollAgainstKind) Validate(v *Validator, o validate.Obj, res *Resolution) {
	o.Addf("kind", "resolution kind %q is not implemented in this build yet", res.Kind)
}
