package market_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/market"
)

// TestPriceAtReplyEnd: a purchase is priced at the place in force when
// the Game Master's reply ends, wherever its [place:] stands in the
// text; the records keep the text's order.
func TestPriceAtReplyEnd(t *testing.T) {
	earn := `[inventory: action="earn" amount="4 crowns"]`
	cases := []struct {
		name  string
		texts []string
		want  []string // the last reply's records, by prefix
	}{
		{"the place after the purchase", []string{earn,
			`Bram buys an axe. [inventory: action="buy" item="Hand axe"] They are in Millbrook. [place: name="Millbrook" size="market town"]`},
			[]string{`[inventory: action="buy" item="Hand axe" count="1" price="3 shillings" level="fair" seller="smith"`, `[place: name="Millbrook" size="market town" day="1"]`}},
		{"a hamlet first, a town last", []string{earn,
			`[place: name="Ashby" size="hamlet"] [inventory: action="buy" item="Hand axe"] [place: name="Millbrook" size="market town"]`},
			[]string{`[place: name="Ashby" size="hamlet" day="1"]`, `[inventory: action="buy" item="Hand axe" count="1" price="3 shillings"`, `[place: name="Millbrook" size="market town" day="2"]`}},
		{"a town first, a hamlet last", []string{earn,
			`[place: name="Millbrook" size="market town"] [inventory: action="buy" item="Hand axe"] [place: name="Ashby" size="hamlet"]`},
			[]string{`[place: name="Millbrook"`, `[refused: action="buy" reason="not-here" item="Hand axe" note="a hamlet does not sell Hand axe; a village does"]`, `[place: name="Ashby"`}},
		{"the road last: no market when the reply ends", []string{earn, `[place: name="Millbrook" size="market town"]`,
			`[inventory: action="buy" item="Hand axe"] They leave town. [place: name="the fen road"]`},
			[]string{`[refused: action="buy" reason="no-place"`, `[place: name="the fen road" size="none"`}},
		{"a place from an earlier reply holds", []string{earn, `[place: name="Millbrook" size="market town"]`,
			`[inventory: action="buy" item="Hand axe"]`},
			[]string{`[inventory: action="buy" item="Hand axe" count="1" price="3 shillings"`}},
		{"a player's place never counts, wherever it stands", []string{earn, `[place: name="Ashby" size="hamlet"]`,
			`player:[inventory: action="buy" item="Hand axe"] [place: name="Millbrook" size="market town"]`},
			[]string{`[refused: action="buy" reason="not-here"`, `[refused: action="place" reason="gm-only"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fold(t, 5, c.texts...)
			replies := s.State().Replies
			recs := replies[len(replies)-1].Records
			if len(recs) != len(c.want) {
				t.Fatalf("%d records, want %d: %v", len(recs), len(c.want), recs)
			}
			for i, w := range c.want {
				if !strings.HasPrefix(recs[i].String(), w) {
					t.Errorf("record %d:\n got %s\nwant %s...", i, recs[i], w)
				}
			}
		})
	}
}

// TestRegeneratedReplyReadsWhatCameBefore: a regenerated reply that
// drops its [place:] prices at the place in force before it, never at
// the place of the reply it replaces.
func TestRegeneratedReplyReadsWhatCameBefore(t *testing.T) {
	s := fold(t, 5, `[inventory: action="earn" amount="4 crowns"]`, `[place: name="Ashby" size="hamlet"]`,
		`[inventory: action="buy" item="Hand axe"] [place: name="Millbrook" size="market town"]`,
		`regenerate:[inventory: action="buy" item="Hand axe"]`)
	replies := s.State().Replies
	if len(replies) != 3 {
		t.Fatalf("%d replies", len(replies))
	}
	r := replies[2].Records[0]
	if got, _ := r.Get("reason"); got != market.NotHere {
		t.Fatalf("the regenerated purchase: %s", r)
	}
	if st := market.State(s.State().Party); st.Place != "Ashby" || st.Day != 1 {
		t.Fatalf("place in force %q day %d, want Ashby, day 1", st.Place, st.Day)
	}
	if strings.Contains(bagText(s.State().Party, 0), "Hand axe") {
		t.Errorf("the replaced reply's axe is still in the bag: %s", bagText(s.State().Party, 0))
	}
}
