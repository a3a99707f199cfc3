package ruleset

import "github.com/rulehost/rulehost/engine/validate"

// DicePool is a placeholder until the kind is implemented: its rulesets are
// refused at import with a clear message rather than half-read.
type DicePool struct{}

type dicePoolKind struct{}

func (dicePoolKind) Keys() []string   { return nil }
func (dicePoolKind) Locked() []string { return nil }

func (dicePoolKind) Validate(v *Validator, o validate.Obj, res *Resolution) {
	o.Addf("kind", "resolution kind %q is not implemented in this build yet", res.Kind)
}
