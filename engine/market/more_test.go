package market_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/market"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestPlaceAnswers: [place:] by size id or label answers with the label;
// without a size, "none"; each refusal the engine gives, exactly.
func TestPlaceAnswers(t *testing.T) {
	cases := []struct{ tag, want string }{
		{`[place: name="Millbrook" size="town"]`, `[place: name="Millbrook" size="market town" day="1"]`},
		{`[place: name="Millbrook" size="MARKET TOWN"]`, `[place: name="Millbrook" size="market town" day="1"]`},
		{`[place: name="the fen road"]`, `[place: name="the fen road" size="none" day="1"]`},
		{`[place: size="town"]`, `[refused: action="place" reason="no-name" note="name the place: [place: name=\"Millbrook\" size=\"hamlet\"]"]`},
		{`[place: name="Millbrook" size="metropolis"]`, `[refused: action="place" reason="unknown-size" size="metropolis" note="place sizes: hamlet, village, market town, city"]`},
		{`[place: name="Millbrook" size="town" day="next"]`, `[refused: action="place" reason="bad-day" day="next" note="day=\"new\" starts a new day in the same place; leave it out otherwise"]`},
	}
	for _, c := range cases {
		p := gravewatch(t)
		if got := say(t, p, 1, c.tag); got.String() != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.tag, got, c.want)
		}
	}
	p := party(t, "ember-roads")
	want := `[refused: action="place" reason="no-market" note="this ruleset has no market"]`
	if got := say(t, p, 1, `[place: name="Millbrook" size="town"]`); got.String() != want {
		t.Errorf("a ruleset without a market:\n got %s\nwant %s", got, want)
	}
	if got := say(t, p, 2, `[inventory: action="buy" item="Rope"]`); !strings.HasPrefix(got.String(), `[refused: action="buy" reason="no-market"`) {
		t.Errorf("buy without a market: %s", got)
	}
}

// TestSoldRules: an item's place comes from the first rule that names a
// place and its limit from the first that names a limit (a rule may name
// a limit alone: sold anywhere, a few at a time); the item's own sold
// prevails over the rules.
func TestSoldRules(t *testing.T) {
	p := gravewatch(t)
	give(p, 0, "crown", 4)
	m := p.RS.Items.Market
	coat := itemrules.ItemFilter{Category: "coat"}
	m.Sold = []itemrules.SoldRule{
		{Filter: coat, Limited: &itemrules.Amount{N: 2}},
		{Filter: coat, Place: "village"},
		{Filter: coat, Place: "town", Limited: &itemrules.Amount{N: 5}},
	}
	say(t, p, 1, `[place: name="Ashby" size="hamlet"]`)
	if r := say(t, p, 2, `[inventory: action="buy" item="Oilskin coat"]`); !strings.HasPrefix(r.String(), `[refused: action="buy" reason="not-here" item="Oilskin coat" note="a hamlet does not sell Oilskin coat; a village does"]`) {
		t.Fatalf("the place from the second rule: %s", r)
	}
	say(t, p, 3, `[place: name="Brent" size="village"]`)
	if n := market.State(p).Limits["kit/oilskin-coat"]; n != 2 {
		t.Fatalf("the limit from the first rule: %d", n)
	}
	for i, want := range []string{"inventory", "inventory", "refused"} {
		if r := say(t, p, 4+i, `[inventory: action="buy" item="Oilskin coat"]`); r.Name != want {
			t.Fatalf("coat %d: %s", i+1, r)
		}
	}
	// A limit alone: sold anywhere, two a day.
	m.Sold = []itemrules.SoldRule{{Filter: coat, Limited: &itemrules.Amount{N: 2}}}
	say(t, p, 7, `[place: name="Ashby" size="hamlet"]`)
	if n := market.State(p).Limits["kit/oilskin-coat"]; n != 2 {
		t.Fatalf("a limit alone, in a hamlet: %d", n)
	}
	// The item's own sold prevails: a coat sold only in a city.
	p.RS.Items.ItemByRef("kit/oilskin-coat").Market = &itemrules.ItemMarket{HasSold: true, SoldPlace: "city"}
	say(t, p, 8, `[place: name="Millbrook" size="market town"]`)
	if r := say(t, p, 9, `[inventory: action="buy" item="Oilskin coat"]`); !strings.HasPrefix(r.String(), `[refused: action="buy" reason="not-here" item="Oilskin coat" note="a market town does not sell Oilskin coat; a city does"]`) {
		t.Fatalf("the item's own sold: %s", r)
	}
}

// TestUnsoldWithoutSellers: in a market without sellers anyone sells what
// the place sells, except what unsold names; sellers still buy it back.
func TestUnsoldWithoutSellers(t *testing.T) {
	p := gravewatch(t)
	give(p, 0, "crown", 4)
	m := p.RS.Items.Market
	m.Sellers = nil
	m.Unsold = []itemrules.ItemFilter{{Category: "coat"}}
	say(t, p, 1, `[place: name="Millbrook" size="market town"]`)
	if r := say(t, p, 2, `[inventory: action="buy" item="Oilskin coat"]`); r.String() != `[refused: action="buy" reason="no-seller" item="Oilskin coat" note="nobody here sells Oilskin coat"]` {
		t.Fatalf("unsold: %s", r)
	}
	if r := say(t, p, 3, `[inventory: action="buy" item="Warming tonic"]`); r.Name != "inventory" {
		t.Fatalf("what is not unsold: %s", r)
	}
	v, _ := market.Block(p)
	text := strings.Join(v.Lines(), "\n")
	if strings.Contains(text, "Oilskin coat") || !strings.Contains(text, "anyone here:") || !strings.Contains(text, "Warming tonic, 1 shilling") {
		t.Fatalf("MARKET:\n%s", text)
	}
	coat := p.RS.Items.ItemByRef("kit/oilskin-coat")
	p.Put(0, coat, coat.Label, 1)
	if r := say(t, p, 4, `[inventory: action="sell" item="Oilskin coat"]`); !strings.HasPrefix(r.String(), `[inventory: action="sell" item="Oilskin coat" count="1" price="4 shillings"`) {
		t.Fatalf("bought back: %s", r)
	}
}

// TestSellCannotCarry: coins the seller's bag cannot carry refuse the
// sale, and nothing changes.
func TestSellCannotCarry(t *testing.T) {
	p := gravewatch(t)
	coat := p.RS.Items.ItemByRef("kit/oilskin-coat")
	p.Put(0, coat, coat.Label, 2)
	for len(p.Members[0].Bag) < items.MaxStacksPerBag {
		p.Members[0].Bag = append(p.Members[0].Bag, items.Stack{Name: "pebble " + itoa(len(p.Members[0].Bag)), Count: 1})
	}
	say(t, p, 1, `[place: name="Millbrook" size="market town"]`)
	before := state(t, p)
	r := say(t, p, 2, `[inventory: action="sell" item="Oilskin coat"]`)
	if got, _ := r.Get("reason"); got != market.CannotCarry {
		t.Fatalf("%s", r)
	}
	if state(t, p) != before {
		t.Error("a refused sale changed the party")
	}
}

// TestWareRememberedForTheDay: a character examines a seller's ware once
// a market day; a new day, the ware can be examined again.
func TestWareRememberedForTheDay(t *testing.T) {
	p := town(t)
	ware := `[inventory: action="inspect" item="Potion of Healing" seller="Fence" who="Corvin"]`
	first := p.AnswerTurn(parse(t, ware), items.Turn{Actor: items.GM, Dice: dice.Script(2)})
	if v, _ := first.Get("verdict"); v != "cannot-tell" {
		t.Fatalf("first look: %s", first)
	}
	again := p.AnswerTurn(parse(t, ware), items.Turn{Actor: items.GM, Dice: dice.Script(20)})
	if got, _ := again.Get("reason"); got != market.AlreadyTried {
		t.Fatalf("the same day: %s", again)
	}
	if r := say(t, p, 500, `[place: name="Saltmarsh" size="town" day="new"]`); r.Name != "place" {
		t.Fatal(r)
	}
	next := p.AnswerTurn(parse(t, ware), items.Turn{Actor: items.GM, Dice: dice.Script(20)})
	if next.Name != "inventory" {
		t.Fatalf("a new day: %s", next)
	}
}

func parse(t testing.TB, s string) tag.Tag {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}
