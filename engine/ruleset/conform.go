package ruleset

import "strings"

// ReadsAdvantage reports whether a check of this resolution reads
// advantage and disadvantage: only a dice-sum with "advantage": true
// throws twice. A plugin kind may read them, so it is assumed to.
func (r *Resolution) ReadsAdvantage() bool {
	switch r.Kind {
	case "dice-sum":
		return r.DiceSum != nil && r.DiceSum.Advantage
	case "dice-pool", "dice-highest", "roll-against", "symbol-pool":
		return false
	}
	return true
}

// ItemByID finds a catalog item by "catalog/entry" or by its entry ID,
// in any case; the first catalog that lists an ID wins, as for a label.
func (b *ItemsBlock) ItemByID(ref string) *Item {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return nil
	}
	for _, it := range b.Items {
		if it.Catalog != "" && strings.EqualFold(it.Ref(), ref) {
			return it
		}
	}
	for _, it := range b.Items {
		if it.Catalog != "" && strings.EqualFold(it.ID, ref) {
			return it
		}
	}
	return nil
}
