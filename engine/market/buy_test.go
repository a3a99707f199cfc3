package market_test

import (
	"strings"
	"testing"
)

// TestBuySpecPrice: the spec's example, a dear coat of 8 shillings goes
// for 12 shillings, paid with change from a crown.
func TestBuySpecPrice(t *testing.T) {
	p := gravewatch(t)
	give(p, 0, "crown", 3)
	say(t, p, 1, `[place: name="Millbrook" size="market town"]`)
	r := say(t, p, 2, `[inventory: action="buy" item="Oilskin coat" level="dear"]`)
	want := `[inventory: action="buy" item="Oilskin coat" count="1" price="12 shillings" level="dear" seller="chandler" who="Bram the Quiet" paidWith="crowns ×3" change="shillings ×3" reply="Paid with crowns ×3; shillings ×3 back."]`
	if r.String() != want {
		t.Fatalf("got  %s\nwant %s", r, want)
	}
	if got := bagText(p, 0); !strings.Contains(got, "Oilskin coat×1") || !strings.Contains(got, "shillings×3") || strings.Contains(got, "crowns") {
		t.Errorf("bag after buying: %s", got)
	}
}

// TestBuySpecHandAxe: the spec's purchase as written (Bram for Ada):
// a hand axe of 3 shillings at dear is 4.5 shillings, 54 pennies, which
// no larger coin pays exactly; paid from a crown with change.
func TestBuySpecHandAxe(t *testing.T) {
	p := gravewatch(t)
	give(p, 0, "crown", 1)
	say(t, p, 1, `[place: name="Millbrook" size="market town"]`)
	r := say(t, p, 2, `[inventory: action="buy" item="Hand axe" count="1" level="dear" seller="smith" who="Bram"]`)
	want := `[inventory: action="buy" item="Hand axe" count="1" price="54 pennies" level="dear" seller="smith" who="Bram the Quiet" paidWith="crowns ×1" change="pennies ×6" reply="Paid with crowns ×1; pennies ×6 back."]`
	if r.String() != want {
		t.Fatalf("got  %s\nwant %s", r, want)
	}
}
