package itemrules

import "strings"

// CoinRefPrefix starts a coin's item ref ("coins:shilling"): a coin is an
// item in the bags (spec/items.md "Money") but belongs to no catalog.
const CoinRefPrefix = "coins:"

// coinItems makes one item per coin of the block, in family order, so the
// bag core stacks, weighs, places, gives and merges coins like any item.
// A coin weighs 1/perWeight of the carry stat (nothing without perWeight
// or carry): perWeight coins of the family weigh one unit.
func coinItems(b *ItemsBlock) []*Item {
	var out []*Item
	for fi := range b.Currencies {
		fam := &b.Currencies[fi]
		for ci := range fam.Units {
			c := &fam.Units[ci]
			it := &Item{ID: c.ID, Label: c.Label, Coin: c.ID, Stats: map[string]any{}}
			if fam.PerWeight > 0 && b.Carry != nil && b.Carry.Stat != "" {
				it.Stats[b.Carry.Stat] = 1 / fam.PerWeight
			}
			out = append(out, it)
		}
	}
	return out
}

// CoinItem is the item of a coin by id (nil when the block has no such coin).
func (b *ItemsBlock) CoinItem(id string) *Item {
	for _, it := range b.Coins {
		if it.Coin == id {
			return it
		}
	}
	return nil
}

// CoinByName finds a coin the way a Game Master names one: by id, label
// (any amount) or one (exactly one), in any case. Coin ids are unique
// across families; a label two families share finds the first listed.
// When nothing matches exactly, English singular and plural forms of the
// label and one match ("1 shilling" for a coin labelled "shillings"
// without a one), since the spec accepts either for any coin.
func (b *ItemsBlock) CoinByName(name string) (*Coin, *Currency) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, nil
	}
	for _, same := range []func(a, b string) bool{strings.EqualFold, sameSingular} {
		for fi := range b.Currencies {
			for ci := range b.Currencies[fi].Units {
				c := &b.Currencies[fi].Units[ci]
				if same(c.ID, name) || same(c.Label, name) || (c.One != "" && same(c.One, name)) {
					return c, &b.Currencies[fi]
				}
			}
		}
	}
	return nil, nil
}

// sameSingular compares two names by their English singular.
func sameSingular(a, b string) bool {
	return singular(a) == singular(b)
}

// singular is a name's English singular, lower case: "pennies" ->
// "penny", "gold pieces" -> "gold piece", "marks" -> "mark", "brass" stays.
func singular(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case strings.HasSuffix(s, "ies") && len(s) > 3:
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "ches"), strings.HasSuffix(s, "shes"), strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "xes"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss") && len(s) > 1:
		return s[:len(s)-1]
	}
	return s
}

// Smallest is the family's coin worth 1 (the one values are counted in).
func (c *Currency) Smallest() *Coin {
	var best *Coin
	for i := range c.Units {
		if best == nil || c.Units[i].Value < best.Value {
			best = &c.Units[i]
		}
	}
	return best
}

// Descending is the family's coins from the most valuable to the least.
func (c *Currency) Descending() []*Coin {
	out := make([]*Coin, len(c.Units))
	for i := range c.Units {
		out[i] = &c.Units[i]
	}
	for i := 1; i < len(out); i++ { // at most ten coins: insertion sort
		for j := i; j > 0 && out[j].Value > out[j-1].Value; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Name is how a price, a bag or a market names n of this coin: its `one`
// for exactly one, its label otherwise ("1 penny", "12 pennies").
func (c *Coin) Name(n int) string {
	if n == 1 && c.One != "" {
		return c.One
	}
	return c.Label
}
