package money_test

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/money"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// A purchase (a market's buy) checks everything before a coin moves:
// Plan works the payment out, the buyer's other checks run, then Apply
// moves it, so either both the payment and the item happen or neither.
func ExamplePlan() {
	rs, err := ruleset.LoadFile("../../rulesets/gravewatch/ruleset.json", ruleset.Options{})
	if err != nil {
		panic(err)
	}
	p := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada")})
	crown := rs.Items.CoinItem("crown")
	p.Put(0, crown, crown.Label, 1)

	price, err := money.ParseAmount(rs.Items, "7 pennies")
	if err != nil {
		panic(err)
	}
	pm, err := money.Plan(p, 0, price)
	if err != nil {
		fmt.Println("refused:", err)
		return
	}
	// ... the item fits in the bag, the seller sells it: pay.
	money.Apply(p, pm)
	fmt.Println(pm.Words())
	fmt.Println(p.MoneyLine(0))
	// Output:
	// Paid with crowns ×1; shillings ×4, pennies ×5 back.
	// Coin worth 53 pennies
}
