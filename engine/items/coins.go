package items

import (
	"fmt"
	"strings"

	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// Worth is what member i's coins of a family are worth, counted in the
// family's smallest coin (worn or not: coins are never worn).
func (p *Party) Worth(i int, fam *itemrules.Currency) int {
	total := 0
	for _, s := range p.Members[i].Bag {
		def := p.Def(&s)
		if def == nil || def.Coin == "" {
			continue
		}
		if c, f := p.block().Coin(def.Coin); f == fam {
			total += c.Value * s.Count
		}
	}
	return total
}

// MoneyLine is what the Game Master reads beside a bag (spec/items.md
// "Money"): each family's coins on hand and their worth in its smallest
// coin, "Coin worth 432 pennies", or "no coins". "" in a ruleset without
// coins.
func (p *Party) MoneyLine(i int) string {
	b := p.block()
	if b == nil || len(b.Currencies) == 0 {
		return ""
	}
	var parts []string
	for fi := range b.Currencies {
		fam := &b.Currencies[fi]
		if w := p.Worth(i, fam); w > 0 {
			parts = append(parts, familyLabel(fam)+" worth "+p.CoinText(w, fam.Smallest().ID))
		}
	}
	if len(parts) == 0 {
		return "no coins"
	}
	return strings.Join(parts, ", ")
}

func familyLabel(fam *itemrules.Currency) string {
	if fam.Label != "" {
		return fam.Label
	}
	return fam.ID
}

// coinLine is a coin as the Game Master sees it: "shillings [Coin, worth
// 12 pennies]"; the smallest coin says only its family.
func (p *Party) coinLine(def *itemrules.Item, name string) string {
	c, fam := p.block().Coin(def.Coin)
	if c == nil {
		return name
	}
	if small := fam.Smallest(); c.Value > 1 {
		return fmt.Sprintf("%s [%s, worth %s]", name, familyLabel(fam), p.CoinText(c.Value, small.ID))
	}
	return fmt.Sprintf("%s [%s]", name, familyLabel(fam))
}
