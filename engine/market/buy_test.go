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
