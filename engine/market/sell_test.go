package market_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/market"
)

// TestSellSpecExample: the spec's sale, a silver coffin nail to the
// smith, fetches half its default price, paid largest coin first.
func TestSellSpecExample(t *testing.T) {
	p := gravewatch(t)
	nail := p.RS.Items.ItemByRef("kit/silver-coffin-nail")
	p.Put(0, nail, nail.Label, 1)
	say(t, p, 1, `[place: name="Millbrook" size="market town"]`)
	r := say(t, p, 2, `[inventory: action="sell" item="Silver coffin nail" count="1" seller="smith" who="Bram"]`)
	want := `[inventory: action="sell" item="Silver coffin nail" count="1" price="4 shillings" seller="smith" who="Bram the Quiet" coins="shillings ×4"]`
	if r.String() != want {
		t.Fatalf("got  %s\nwant %s", r, want)
	}
	if got := p.MoneyLine(0); got != "Coin worth 48 pennies" {
		t.Errorf("after the sale: %s", got)
	}
}

// TestSellRefusals: every refusal the spec lists for a sale, each
// changing nothing.
func TestSellRefusals(t *testing.T) {
	cases := []struct {
		name, place, tag, reason string
	}{
		{"no place", "", `[inventory: action="sell" item="Oilskin coat"]`, market.NoPlace},
		{"nobody here buys it", "town", `[inventory: action="sell" item="Oilskin coat" seller="smith"]`, market.NotBought},
		{"no price", "town", `[inventory: action="sell" item="Dawn bell"]`, market.NotBought},
		{"none on hand", "town", `[inventory: action="sell" item="Hand axe"]`, market.NoneOnHand},
		{"more than on hand", "town", `[inventory: action="sell" item="Oilskin coat" count="4"]`, market.NoneOnHand},
		{"the till is spent", "hamlet", `[inventory: action="sell" item="Oilskin coat" count="2"]` + "\n" + `[inventory: action="sell" item="Oilskin coat"]`, market.PurseSpent},
		{"unknown seller", "town", `[inventory: action="sell" item="Oilskin coat" seller="tinker"]`, market.UnknownSeller},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := gravewatch(t)
			kit := p.RS.Items
			p.Put(0, kit.ItemByRef("kit/oilskin-coat"), "Oilskin coat", 3)
			p.Put(0, kit.ItemByRef("kit/silvered-knife"), "Silvered knife", 1)
			p.Put(0, kit.ItemByRef("grave-goods/dawn-bell"), "Dawn bell", 1)
			if c.place != "" {
				say(t, p, 1, `[place: name="Here" size="`+c.place+`"]`)
			}
			tags := splitTags(c.tag)
			for _, tg := range tags[:len(tags)-1] {
				if r := say(t, p, 2, tg); r.Name != "inventory" {
					t.Fatalf("setup %s: %s", tg, r)
				}
			}
			before := state(t, p)
			r := say(t, p, 3, tags[len(tags)-1])
			if got, _ := r.Get("reason"); r.Name != "refused" || got != c.reason {
				t.Fatalf("got %s, want %s", r, c.reason)
			}
			if state(t, p) != before {
				t.Error("a refusal changed the party")
			}
		})
	}
}

// TestSellNoPriceToBuyer: an item with no cost that a seller would buy
// is refused as not-for-sale.
func TestSellNoPriceToBuyer(t *testing.T) {
	p := gravewatch(t)
	bell := p.RS.Items.ItemByRef("grave-goods/dawn-bell")
	bell.Category = "arm"
	p.Put(0, bell, bell.Label, 1)
	say(t, p, 1, `[place: name="Millbrook" size="market town"]`)
	r := say(t, p, 2, `[inventory: action="sell" item="Dawn bell" seller="smith"]`)
	if got, _ := r.Get("reason"); got != market.NotForSale {
		t.Fatalf("%s", r)
	}
}

// TestSellBoundCursed: a bound cursed item is never sold.
func TestSellBoundCursed(t *testing.T) {
	p := gravewatch(t)
	knife := p.RS.Items.ItemByRef("kit/silvered-knife")
	knife.Cursed, knife.Binds = true, true
	p.Put(0, knife, knife.Label, 1)
	p.Members[0].Bag[len(p.Members[0].Bag)-1].Bound = true
	say(t, p, 1, `[place: name="Millbrook" size="market town"]`)
	r := say(t, p, 2, `[inventory: action="sell" item="Silvered knife" seller="smith"]`)
	if got, _ := r.Get("reason"); got != market.Cursed {
		t.Fatalf("%s", r)
	}
}

// TestTillCountsTheDay: what the sellers paid counts against the till
// until a new day.
func TestTillCountsTheDay(t *testing.T) {
	p := gravewatch(t)
	coat := p.RS.Items.ItemByRef("kit/oilskin-coat")
	p.Put(0, coat, coat.Label, 3)
	say(t, p, 1, `[place: name="Ashby" size="hamlet"]`)
	for i, want := range []string{"inventory", "inventory", "refused"} {
		// a hamlet's till is 10 shillings; a coat fetches 4
		if r := say(t, p, 2+i, `[inventory: action="sell" item="Oilskin coat"]`); r.Name != want {
			t.Fatalf("sale %d: %s", i, r)
		}
	}
	say(t, p, 5, `[place: name="Ashby" size="hamlet" day="new"]`)
	if r := say(t, p, 6, `[inventory: action="sell" item="Oilskin coat"]`); r.Name != "inventory" {
		t.Fatalf("a new day's till: %s", r)
	}
}

func splitTags(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
