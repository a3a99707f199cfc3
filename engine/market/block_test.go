package market_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/market"
)

// TestMarketBlockLines: Gravewatch's MARKET block in a market town on
// seed 3, line for line: the place and its size, the price levels, each
// seller there with its wares at the default level, cheapest first, what
// remains of a limited item, the smith's odd lot today, whom the chapel
// sells to, what sellers pay and the till.
func TestMarketBlockLines(t *testing.T) {
	s := fold(t, 3, `[place: name="Millbrook" size="market town"]`)
	v, ok := market.Block(s.State().Party)
	if !ok {
		t.Fatal("no MARKET block")
	}
	want := `Millbrook, a market town (market day 1)
Price levels: cheap ×0.75, fair ×1 (default), dear ×1.5
chandler:
- Shot and powder, 2 pennies
- Blessed shot, 4 pennies (2 left today)
- Warming tonic, 1 shilling
- Oilskin coat, 8 shillings
smith:
- Hand axe, 3 shillings
- Silver coffin nail, 8 shillings
- Silvered knife, 2 crowns
- Watch pistol, 3 crowns
  in stock today:
  - Silver coffin nail, 8 shillings (5 left today)
chapel of the Vigil (sells only to wardens of Nerve 3 or more):
- Page of the vigil litany, 3 shillings
Sellers here buy back what they sell at half of its fair price; today's till: 100 shillings, 100 shillings left.`
	if got := strings.Join(v.Lines(), "\n"); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// A hamlet: no smith, no chapel, no rare shot; a place without a
	// market has no block.
	s = fold(t, 3, `[place: name="Ashby" size="hamlet"]`)
	v, _ = market.Block(s.State().Party)
	if got := strings.Join(v.Lines(), "\n"); strings.Contains(got, "smith") || strings.Contains(got, "chapel") || strings.Contains(got, "Blessed shot") {
		t.Fatalf("hamlet:\n%s", got)
	}
	if _, ok := market.Block(fold(t, 3, `[place: name="the fen road"]`).State().Party); ok {
		t.Error("a place without a market has a MARKET block")
	}
}

// TestMarketBlockDozen: each seller lists a dozen of its wares at the
// default level, cheapest first (by worth, whatever the coin), and says
// how many more can be bought by name.
func TestMarketBlockDozen(t *testing.T) {
	v, _ := market.Block(bigTown(t))
	lines := v.Lines()
	text := strings.Join(lines, "\n")
	for _, w := range []string{
		"outfitter:\n- Thing 0, 1 copper piece\n- Thing 129, 4 copper pieces\n- Arrow, 5 copper pieces\n",
		"- Thing 174, 19 copper pieces\n- Thing 43, 2 silver pieces\n- Thing 3, 22 copper pieces\n",
		"- Thing 177, 40 copper pieces\n- and 123 more, bought by name\napothecary:",
	} {
		if !strings.Contains(text, w) {
			t.Fatalf("want\n%s\nin\n%s", w, text)
		}
	}
	for _, s := range v.Sellers {
		if len(s.Wares) > market.WaresShown {
			t.Errorf("%s lists %d wares", s.Label, len(s.Wares))
		}
	}
}
