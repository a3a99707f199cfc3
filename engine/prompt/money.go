package prompt

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// MoneyData is the money section's facts: the coins, by family, each
// with its worth in the family's smallest coin (spec/items.md "Money").
type MoneyData struct {
	Families []Family `json:"families"`
	Examples []string `json:"examples"`
}

// Family is a currency and its coins, largest first as declared.
type Family struct {
	Label string     `json:"label"`
	Coins []CoinInfo `json:"coins"`
}

// CoinInfo is one coin.
type CoinInfo struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Value int    `json:"value"`
}

// moneySection exists only in a ruleset with coins: "only a ruleset that
// has coins gets those instructions".
func moneySection(rs *ruleset.Ruleset, p *items.Party) (Section, bool) {
	if rs.Items == nil || len(rs.Items.Currencies) == 0 {
		return Section{}, false
	}
	d := &MoneyData{}
	for _, c := range rs.Items.Currencies {
		f := Family{Label: labelOr(c.Label, c.ID)}
		for _, u := range c.Units {
			f.Coins = append(f.Coins, CoinInfo{ID: u.ID, Label: labelOr(u.Label, u.ID), Value: u.Value})
		}
		d.Families = append(d.Families, f)
	}
	coin := rs.Items.Currencies[0].Smallest()
	who := ""
	if len(p.Members) > 0 {
		who = ` who="` + p.Members[0].Name + `"`
	}
	d.Examples = []string{
		fmt.Sprintf(`[inventory: action="earn" amount="3 %s"%s]`, labelOr(coin.Label, coin.ID), who),
		fmt.Sprintf(`[inventory: action="pay" amount="2 %s"%s]`, labelOr(coin.Label, coin.ID), who),
	}
	return Section{Name: Money, Data: d, Text: moneyText(d)}, true
}

func moneyText(d *MoneyData) string {
	var b strings.Builder
	b.WriteString("MONEY\n")
	b.WriteString("Coins are carried in the bags; the inventory shows each bag's coin worth. Pay with action=\"pay\" and earn with action=\"earn\", amount=\"N coin\":\n")
	for _, f := range d.Families {
		var cs []string
		for _, c := range f.Coins {
			cs = append(cs, fmt.Sprintf("%s (%d)", c.Label, c.Value))
		}
		fmt.Fprintf(&b, "- %s: %s\n", f.Label, strings.Join(cs, ", "))
	}
	b.WriteString("A payment comes out of one bag (the player's without who=) and the engine gives the change; a bag that cannot cover it is refused (cannot-afford).\n")
	writeExamples(&b, d.Examples)
	return strings.TrimRight(b.String(), "\n")
}
