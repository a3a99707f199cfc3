package ruleset

import "github.com/rulehost/rulehost/engine/validate"

// nativeKinds are the five resolution kinds of spec/checks.md.
var nativeKinds = map[string]Kind{
	"dice-sum":     diceSumKind{},
	"dice-pool":    dicePoolKind{},
	"dice-highest": diceHighestKind{},
	"roll-against": rollAgainstKind{},
	"symbol-pool":  symbolPoolKind{},
}

// IsNativeKind reports one of the five native kinds.
func IsNativeKind(name string) bool { _, ok := nativeKinds[name]; return ok }

// kindCompanions checks what a kind refuses beside it elsewhere in the file
// (combat beside dice-highest, charms beside kinds that cannot apply them).
func (v *Validator) kindCompanions(o validate.Obj, rs *Ruleset) {
	switch rs.Resolution.Kind {
	case "dice-highest":
		if o.Has("combat") {
			o.Addf("combat", "a dice-highest ruleset has no combat of its own; remove \"combat\" or choose another resolution kind")
		}
	case "symbol-pool":
		// A symbol pool's combats roll symbol dice too; any other combat
		// kind is refused beside it.
		if c, ok := o.M["combat"].(map[string]any); ok {
			if k, has := c["kind"]; has && k != "symbol-pool" {
				o.P.Addf(o.Ptr("combat", "kind"), "a symbol-pool ruleset's combats are of kind \"symbol-pool\"; found %v", k)
			}
		}
	}
	v.charmCompanions(o, rs)
}
