package itemrules

import (
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// ItemStatRef validates an itemStat reference against the items block.
func (v *Validator) ItemStatRef(at string, raw any) (*valueref.ItemStat, bool) {
	o, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return nil, false
	}
	o.Known(vocab.Keys("itemStat")...)
	ref := &valueref.ItemStat{}
	ref.From, _ = o.Enum("from", "all", "worn", "carried", "all")
	ref.Pick, _ = o.Enum("pick", "sum", "sum", "max", "min", "count")
	ref.Stat, _ = o.Str("stat", 0, true)
	ref.Slot, _ = o.Str("slot", 0, true)
	ref.Category, _ = o.Str("category", 0, true)
	ref.Tag, _ = o.Str("tag", 0, true)
	ref.Default, _ = o.Float("default", -1e9, 1e9, 0)
	if ref.Stat == "" && ref.Pick != "count" {
		o.Addf("", `itemStat with pick %q needs "stat" (a number stat); only "count" may leave it out`, ref.Pick)
	}
	v.checkItemStatVocabulary(o, ref)
	return ref, true
}
