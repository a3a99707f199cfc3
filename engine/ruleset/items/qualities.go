package itemrules

import "github.com/rulehost/rulehost/engine/validate"

// Qualities validates a catalog entry's mechanics.qualities (Capability
// API 1.101): what damage that does not come from a weapon item carries,
// in the items block's tags, so that a resist or immune entry's "except"
// can let it through (a spell's "magical"). Without an items block there
// are no tags to name.
func (v *Validator) Qualities(mech validate.Obj) {
	arr, ok := mech.Arr("qualities", 1, MaxItemTags)
	if !ok {
		return
	}
	b := v.Vocab()
	for i, raw := range arr {
		t, _ := raw.(string)
		if b != nil && b.Tag(t) != nil {
			continue
		}
		if b != nil && b.unread["tags"] {
			continue
		}
		var declared []string
		if b != nil {
			declared = namedIDs(b.Tags)
		}
		v.P.Addf(mech.Ptr("qualities", i), "a quality names a tag declared in items.tags; %s is not one%s", validate.Describe(raw), validate.DidYouMean(t, declared))
	}
}
