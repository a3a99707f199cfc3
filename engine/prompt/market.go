package prompt

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

// MarketData is the market section's facts: the place sizes, price levels
// and sellers [place:] and buy name (spec/items.md "Markets"), and, with a
// market day, that sell and day="new" exist.
type MarketData struct {
	Sizes    []string `json:"sizes"`
	Levels   []string `json:"levels"`
	Sellers  []string `json:"sellers,omitempty"`
	Day      bool     `json:"day"`
	Examples []string `json:"examples"`
}

// HasMarketDay reports a market day (items.md "A market day": a till,
// buyBack, a seller's stock, a limited count or a sold that names no
// place); only then are sell and day="new" taught.
func HasMarketDay(b *itemrules.ItemsBlock) bool {
	m := b.Market
	if m.BuyBack > 0 {
		return true
	}
	for _, p := range m.Places {
		if p.Purse != nil {
			return true
		}
	}
	for _, s := range m.Sellers {
		if s.Stock != "" {
			return true
		}
	}
	for _, r := range m.Sold {
		if r.Limited != nil || r.Place == "" {
			return true
		}
	}
	for _, it := range b.Items {
		if im := it.Market; im != nil && (im.SoldLimited != nil || (im.HasSold && im.SoldPlace == "")) {
			return true
		}
	}
	return false
}

// marketSection exists only in a ruleset with a market.
func marketSection(rs *ruleset.Ruleset, p *items.Party) (Section, bool) {
	if rs.Items == nil || rs.Items.Market == nil || len(rs.Items.Market.Places) == 0 {
		return Section{}, false
	}
	m := rs.Items.Market
	d := &MarketData{Day: HasMarketDay(rs.Items)}
	for _, s := range m.Places {
		d.Sizes = append(d.Sizes, labelOr(s.Label, s.ID))
	}
	for _, l := range m.Prices {
		d.Levels = append(d.Levels, labelOr(l.Label, l.ID))
	}
	for _, s := range m.Sellers {
		d.Sellers = append(d.Sellers, labelOr(s.Label, s.ID))
	}
	d.Examples = marketExamples(p, d)
	return Section{Name: Market, Data: d, Text: marketText(d)}, true
}

// marketExamples states a place of the largest size, earns the price of
// an unlimited honest ware there and buys it: tags the engine answers one
// after the other (the drift test does). The ware is found on a copy of
// the party; nothing here changes the party the prompt shows.
func marketExamples(p *items.Party, d *MarketData) []string {
	place := fmt.Sprintf(`[place: name="Millbrook" size="%s"]`, d.Sizes[len(d.Sizes)-1])
	out := []string{place}
	if len(p.Members) == 0 {
		return out
	}
	// A party of no one: the place and its shelf need no bags.
	probe := items.New(p.RS, nil)
	t, err := tag.Parse(place)
	answer, ok := items.TagAnswerer("place")
	if err != nil || !ok || answer(probe, t, items.Turn{Actor: items.GM, Dice: dice.New(0, 0, 0)}).Name == "refused" {
		return out
	}
	v, ok := market.Block(probe)
	if !ok {
		return out
	}
	who := p.Members[0].Name
	for _, s := range v.Sellers {
		if s.Only != "" || !s.Honest {
			continue
		}
		for _, w := range s.Wares {
			if w.Left < 0 && w.Truly == "" && w.Warn == "" && w.Price != "" {
				return append(out,
					fmt.Sprintf(`[inventory: action="earn" amount="%s" who="%s"]`, w.Price, who),
					fmt.Sprintf(`[inventory: action="buy" item="%s" count="1" who="%s"]`, w.Item, who))
			}
		}
	}
	return out
}

func marketText(d *MarketData) string {
	var b strings.Builder
	b.WriteString("MARKETS\n")
	b.WriteString("Say which place a scene is in with [place: name=\"...\" size=\"...\"]; leave out size= for a place without a market. Sizes: " + strings.Join(d.Sizes, ", ") + ".\n")
	b.WriteString("Buy with [inventory: action=\"buy\" item=\"...\" count=\"N\" level=\"...\" seller=\"...\" who=\"Name\"] (level= and seller= optional); the engine sets the price, takes it from the bag with change and puts the item in, or refuses and changes nothing.\n")
	b.WriteString("Price levels: " + strings.Join(d.Levels, ", ") + ".\n")
	if len(d.Sellers) > 0 {
		b.WriteString("Sellers: " + strings.Join(d.Sellers, ", ") + ".\n")
	}
	if d.Day {
		b.WriteString("Sell with [inventory: action=\"sell\" item=\"...\" count=\"N\" seller=\"...\" who=\"Name\"]. A day lasts until you name another place; start a new day in the same place with day=\"new\" on [place:].\n")
	}
	writeExamples(&b, d.Examples)
	return strings.TrimRight(b.String(), "\n")
}

// marketBlockSection is the MARKET block while the scene is in a place
// with a market.
func marketBlockSection(p *items.Party, f record.Formatter) (Section, bool) {
	v, ok := market.Block(p)
	if !ok {
		return Section{}, false
	}
	return Section{Name: MarketBlock, Data: &v, Text: v.Render(f)}, true
}
