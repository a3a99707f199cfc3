package ruleset

import "github.com/rulehost/rulehost/engine/validate"

// ItemsBlock is the ruleset's items block (spec/items.md "The items block").
type ItemsBlock struct {
	Raw map[string]any
}

func (v *Validator) itemsBlock(at string, raw any) *ItemsBlock {
	o, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return nil
	}
	return &ItemsBlock{Raw: o.M}
}

// itemEntry validates an entry of a catalog that holds items.
func (v *Validator) itemEntry(o validate.Obj) {}

// checkItemStatVocabulary checks an itemStat's names against the items block.
func (v *Validator) checkItemStatVocabulary(o validate.Obj, ref *ItemStatRef) {
	if v.items == nil {
		o.Addf("", "itemStat reads items, but the ruleset has no items block")
	}
}

// effect validates what a condition, a level or an item does to a check
// (effects, modifiers, failsSaves, skills, saves, abilities).
func (v *Validator) effect(at string, raw any, allowAbilities bool) {}
