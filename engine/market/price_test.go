package market_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/market"
)

// TestPriceSpecExamples are the spec's examples exactly: at dear, a coat
// of 8 shillings goes for 12 shillings; a 5e potion of 50 gp goes for 50
// gold pieces, never 5 platinum.
func TestPriceSpecExamples(t *testing.T) {
	gw := load(t, "../../rulesets/gravewatch/ruleset.json")
	coat := gw.Items.ItemByRef("kit/oilskin-coat")
	dear := gw.Items.Market.Level("dear")
	if got, ok := market.Price(gw.Items, coat, dear.Times, 1); !ok || got.String() != "12 shillings" {
		t.Errorf("dear coat: %v %v, want 12 shillings", got, ok)
	}
	dnd := load(t, "../../rulesets/d20-5e/ruleset.json")
	potion := dnd.Items.ItemByRef("magic_items/potion-of-healing")
	if got, ok := market.Price(dnd.Items, potion, 1, 1); !ok || got.String() != "50 gold pieces" {
		t.Errorf("potion: %v %v, want 50 gold pieces", got, ok)
	}
}

// TestPriceRule works the rule by hand: rounding in the smallest coin,
// never below one coin, the cost's coin when it pays exactly, else the
// largest that does; no cost, no price.
func TestPriceRule(t *testing.T) {
	gw := load(t, "../../rulesets/gravewatch/ruleset.json")
	b := gw.Items
	cases := []struct {
		ref   string
		times float64
		count int
		want  string
	}{
		{"kit/oilskin-coat", 1, 1, "8 shillings"},
		{"kit/oilskin-coat", 0.75, 1, "6 shillings"},
		{"kit/oilskin-coat", 1.5, 5, "60 shillings"},  // 720 pennies: shillings pay it exactly
		{"kit/warming-tonic", 1.5, 1, "18 pennies"},   // 1.5 shillings: only pennies pay it
		{"kit/shot-and-powder", 0.75, 1, "2 pennies"}, // 1.5 rounds to 2
		{"kit/shot-and-powder", 0.1, 1, "1 penny"},    // 0.2 rounds to 0: never below one coin
		{"kit/silvered-knife", 1.5, 1, "3 crowns"},    // the cost's own coin
		{"kit/silvered-knife", 0.75, 1, "90 pennies"}, // 1.5 crowns = 90 pennies; not 7.5 shillings
		{"kit/litany-page", 1.5, 2, "9 shillings"},
	}
	for _, c := range cases {
		got, ok := market.Price(b, b.ItemByRef(c.ref), c.times, c.count)
		if !ok || got.String() != c.want {
			t.Errorf("%s ×%v ×%d: %v, want %s", c.ref, c.times, c.count, got, c.want)
		}
	}
	if _, ok := market.Price(b, b.ItemByRef("grave-goods/dawn-bell"), 1, 1); ok {
		t.Error("an item without cost has a price")
	}
}
