// Package market is spec/items.md "Markets", "A market day", "Honest and
// dishonest sellers" and "Identifying fakes": where the party is
// ([place:]), what a place sells and at what price, buying and selling
// with the party's coins, the market day's shelves and till, fakes and
// how a character sees through them. It registers [place:] and the
// inventory actions buy, sell and reveal in init (engine/items's
// registry); the bag core's inspect hands fakes and wares to it.
//
// Everything a day holds is worked out from the Game Master's replies
// (the fold): the day's shelf is rolled on the stream of the [place:] tag
// that started the day, so a replay or a regenerated reply rolls it the
// same, and a new day rolls afresh.
package market

import (
	"math"

	"github.com/rulehost/rulehost/engine/money"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// Price is an item's price at a level (spec/items.md "Markets"): its cost
// in the family's smallest coin times the level, rounded in that coin and
// never below one coin for something that costs anything, expressed in
// the coin the cost is written in when that coin pays it exactly,
// otherwise in the largest coin that does. ok is false when the item has
// no price (no cost, or its coin is unknown).
func Price(b *itemrules.ItemsBlock, it *itemrules.Item, times float64, count int) (money.Amount, bool) {
	if it == nil || it.Cost == nil || it.Coin != "" {
		return money.Amount{}, false
	}
	coin, fam := b.Coin(it.Cost.Unit)
	if coin == nil {
		return money.Amount{}, false
	}
	return Express(coin, fam, UnitWorth(it.Cost.Amount*coin.Value, times)*count)
}

// UnitWorth is a worth in the smallest coin times a level, rounded in
// that coin, at least one coin when the worth is above zero.
func UnitWorth(worth int, times float64) int {
	w := int(math.Round(float64(worth) * times))
	if worth > 0 && w < 1 {
		w = 1
	}
	return w
}

// Express names a worth (in the family's smallest coin) as an amount: in
// the preferred coin when it pays it exactly, otherwise in the largest
// coin of the family that does. A zero worth has no amount.
func Express(pref *itemrules.Coin, fam *itemrules.Currency, worth int) (money.Amount, bool) {
	if worth <= 0 {
		return money.Amount{}, false
	}
	if pref != nil && worth%pref.Value == 0 {
		return money.Amount{N: worth / pref.Value, Coin: pref, Family: fam}, true
	}
	for _, c := range fam.Descending() {
		if worth%c.Value == 0 {
			return money.Amount{N: worth / c.Value, Coin: c, Family: fam}, true
		}
	}
	return money.Amount{}, false
}
