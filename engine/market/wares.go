package market

import (
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// soldAt is the smallest place size (an index) that sells an item, and
// its daily limit (nil: unlimited): the item's own sold first, then the
// market's rules that match it; the place comes from the first that
// names one and the limit from the first that names one. An item nothing
// names is sold anywhere (0).
func soldAt(m *itemrules.Market, it *itemrules.Item) (place int, limit *itemrules.Amount) {
	placeID := ""
	if im := it.Market; im != nil && im.HasSold {
		placeID, limit = im.SoldPlace, im.SoldLimited
	}
	for i := range m.Sold {
		r := &m.Sold[i]
		if placeID != "" && limit != nil {
			break
		}
		if !r.Filter.Matches(it) && !(it.Service && serviceMatches(&r.Filter, it)) {
			continue
		}
		if placeID == "" {
			placeID = r.Place
		}
		if limit == nil {
			limit = r.Limited
		}
	}
	return max(m.PlaceIndex(placeID), 0), limit
}

// serviceMatches is ItemFilter.Matches for a service, which loot never
// drops but a market sells.
func serviceMatches(f *itemrules.ItemFilter, it *itemrules.Item) bool {
	return (f.Rarity == "" || it.Rarity == f.Rarity) && (f.Category == "" || it.Category == f.Category) &&
		(f.Tag == "" || it.HasTag(f.Tag))
}

// saleable reports an item a market may offer on its shelves: one with a
// cost in a coin the ruleset has, never a coin, a cursed item or a fake.
func saleable(b *itemrules.ItemsBlock, it *itemrules.Item) bool {
	if it == nil || it.Cost == nil || it.Coin != "" || it.Cursed || it.IsFake() {
		return false
	}
	c, _ := b.Coin(it.Cost.Unit)
	return c != nil
}

// sellsKind reports whether a seller sells this kind of item by its
// filters (not its odd lot), and the market lets anyone stock it. In a
// market without sellers, anyone sells what the place sells but unsold.
func sellsKind(m *itemrules.Market, s *itemrules.Seller, it *itemrules.Item) bool {
	return itemrules.MatchesAny(s.Sells, it) && !itemrules.MatchesAny(m.Unsold, it)
}

// sellerHere reports a seller a place of this size has.
func sellerHere(m *itemrules.Market, s *itemrules.Seller, size int) bool {
	return s.Place == "" || m.PlaceIndex(s.Place) <= size
}
