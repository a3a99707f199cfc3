package ruleset

import "github.com/rulehost/rulehost/engine/validate"

// SymbolPool is a placeholder until the kind is implemented: its rulesets are
// refused at import with a clear message rather than half-read.
type SymbolPool struct{}

type symbolPoolKind struct{}

func (symbolPoolKind) Keys() []string   { return nil }
func (symbolPoolKind) Locked() []string { return nil }

func (symbolPoolKind) Validate(v *Validator, o validate.Obj, res *Resolution) {
	o.Addf("kind", "resolution kind %q is not implemented in this build yet", res.Kind)
}
