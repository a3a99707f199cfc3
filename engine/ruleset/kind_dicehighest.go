package ruleset

import "github.com/rulehost/rulehost/engine/validate"

// DiceHighest is a placeholder until the kind is implemented: its rulesets are
// refused at import with a clear message rather than half-read.
type DiceHighest struct{}

type diceHighestKind struct{}

func (diceHighestKind) Keys() []string   { return nil }
func (diceHighestKind) Locked() []string { return nil }

func (diceHighestKind) Validate(v *Validator, o validate.Obj, res *Resolution) {
	o.Addf("kind", "resolution kind %q is not implemented in this build yet", res.Kind)
}
