package market_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

// fold folds GM replies (and a "regenerate:" or "player:" prefix for
// those kinds) into a Gravewatch session on a seed.
func fold(t testing.TB, seed uint64, texts ...string) *session.Session {
	t.Helper()
	p := gravewatch(t)
	var sheets []*sheet.Sheet
	for _, m := range p.Members {
		sheets = append(sheets, m.Sheet)
	}
	var evs []session.Event
	for i, s := range texts {
		kind := session.GMReply
		if rest, ok := strings.CutPrefix(s, "regenerate:"); ok {
			kind, s = session.Regenerate, rest
		} else if rest, ok := strings.CutPrefix(s, "player:"); ok {
			kind, s = session.PlayerAction, rest
		}
		evs = append(evs, session.Event{Seq: i + 1, Kind: kind, Text: s})
	}
	return session.Fold(p.RS, sheets, seed, evs)
}

func shelf(t testing.TB, s *session.Session) string {
	t.Helper()
	v, ok := market.Block(s.State().Party)
	if !ok {
		t.Fatal("no MARKET block")
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestDayDeterminism: the same day replayed, or its [place:] reply
// regenerated, rolls the same shelf (limits and odd lot); a new day rolls
// afresh, on its own stream.
func TestDayDeterminism(t *testing.T) {
	town := `[place: name="Millbrook" size="market town"]`
	a := shelf(t, fold(t, 3, town))
	b := shelf(t, fold(t, 3, town))
	c := shelf(t, fold(t, 3, "The road.", "regenerate:"+town))
	if a != b {
		t.Fatalf("a replay rolled another shelf:\n%s\n%s", a, b)
	}
	regen := shelf(t, fold(t, 3, town, "regenerate:"+town))
	if regen != a {
		t.Fatalf("a regenerated reply rolled another shelf:\n%s\n%s", a, regen)
	}
	if c != a {
		t.Fatalf("a regenerated reply that starts the same day rolled another shelf:\n%s\n%s", a, c)
	}
	// The day's shelf is seeded by the day, not by the tag: other words
	// around the same [place:] in a regenerated reply roll the same shelf.
	if other := shelf(t, fold(t, 3, town, "regenerate:The cross at noon; a pedlar sings. "+town)); other != a {
		t.Fatalf("a regenerated reply with other words rolled another shelf:\n%s\n%s", a, other)
	}
	differs := false
	for seed := uint64(1); seed < 40 && !differs; seed++ {
		one := fold(t, seed, town, `[place: name="Millbrook" size="market town" day="new"]`)
		st := market.State(one.State().Party)
		first := fold(t, seed, town)
		differs = shelf(t, one) != strings.Replace(shelf(t, first), `"day":1`, `"day":2`, 1)
		if st.Day != 2 {
			t.Fatalf("day=new: day %d, want 2", st.Day)
		}
	}
	if !differs {
		t.Error("a new day never rolled another shelf in 40 seeds")
	}
	same := fold(t, 3, town, `[place: name="Millbrook" size="market town"]`)
	if st := market.State(same.State().Party); st.Day != 1 {
		t.Errorf("stating the same place again started day %d", st.Day)
	}
}

// TestPlayerPlaceNeverCounts: a [place:] the player types is refused and
// the place in force stays where the Game Master put it.
func TestPlayerPlaceNeverCounts(t *testing.T) {
	s := fold(t, 1, `[place: name="Ashby" size="hamlet"]`, `player:[place: name="Millbrook" size="city"]`)
	st := market.State(s.State().Party)
	if st.Place != "Ashby" || st.Size != 0 {
		t.Fatalf("place in force %q size %d, want Ashby, hamlet", st.Place, st.Size)
	}
	last := s.State().Replies[1].Records[0]
	if last.String() != `[refused: action="place" reason="gm-only" note="only the Game Master says where the party is; a place the player types never counts"]` {
		t.Errorf("player place: %s", last)
	}
}

// TestSoldOutUntilNewDay: a limited item sells out for the day and
// comes back on a new one; a regenerated purchase buys once.
func TestSoldOutUntilNewDay(t *testing.T) {
	for seed := uint64(1); seed < 20; seed++ {
		texts := []string{`[inventory: action="earn" amount="4 crowns"]`, `[place: name="Millbrook" size="market town"]`}
		s := fold(t, seed, texts...)
		left := market.State(s.State().Party).Limits["kit/blessed-shot"]
		if left < 1 || left > 2 {
			t.Fatalf("seed %d: blessed shot limit %d, want 1d2", seed, left)
		}
		buys := make([]string, left+1)
		for i := range buys {
			buys[i] = `[inventory: action="buy" item="Blessed shot"]`
		}
		texts = append(texts, strings.Join(buys, "\n"))
		texts = append(texts, "regenerate:"+strings.Join(buys, "\n"))
		s = fold(t, seed, texts...)
		recs := s.State().Replies[2].Records
		for i, r := range recs {
			want := "inventory"
			if i == left {
				want = "refused"
			}
			if r.Name != want {
				t.Fatalf("seed %d buy %d: %s", seed, i, r)
			}
		}
		if got, _ := recs[left].Get("reason"); got != market.SoldOut {
			t.Fatalf("seed %d: %s", seed, recs[left])
		}
		texts = append(texts, `[place: name="Millbrook" size="market town" day="new"]`+"\n"+buys[0])
		s = fold(t, seed, texts...)
		if r := s.State().Replies[3].Records[1]; r.Name != "inventory" {
			t.Fatalf("seed %d: a new day did not restock: %s", seed, r)
		}
	}
}

// TestBuyRefusals: every refusal the spec lists for a purchase, each
// changing nothing.
func TestBuyRefusals(t *testing.T) {
	cases := []struct {
		name, place, tag, reason string
	}{
		{"no place", "", `[inventory: action="buy" item="Oilskin coat"]`, market.NoPlace},
		{"a place without a market", `[place: name="the fen road"]`, `[inventory: action="buy" item="Oilskin coat"]`, market.NoPlace},
		{"unknown level", "town", `[inventory: action="buy" item="Oilskin coat" level="ruinous"]`, market.UnknownLevel},
		{"unknown item", "town", `[inventory: action="buy" item="Lantern of the drowned"]`, market.UnknownItem},
		{"unknown seller", "town", `[inventory: action="buy" item="Oilskin coat" seller="tinker"]`, market.UnknownSeller},
		{"no price", "town", `[inventory: action="buy" item="Dawn bell"]`, market.NotForSale},
		{"a coin is no ware", "town", `[inventory: action="buy" item="crown"]`, market.UnknownItem},
		{"too small", "hamlet", `[inventory: action="buy" item="Hand axe"]`, market.NotHere},
		{"too small for the rare", "village", `[inventory: action="buy" item="Blessed shot"]`, market.NotHere},
		{"no seller there", "hamlet", `[inventory: action="buy" item="Page of the vigil litany"]`, market.NoSeller},
		{"the named seller does not sell it", "town", `[inventory: action="buy" item="Oilskin coat" seller="smith"]`, market.NoSeller},
		{"not to you", "town", `[inventory: action="buy" item="Page of the vigil litany"]`, market.NotToYou},
		{"cannot afford", "town", `[inventory: action="buy" item="Silvered knife" count="9"]`, market.CannotAfford},
		{"bad count", "town", `[inventory: action="buy" item="Oilskin coat" count="0"]`, market.BadCount},
		{"unknown who", "town", `[inventory: action="buy" item="Oilskin coat" who="Nobody"]`, "unknown-who"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := gravewatch(t)
			give(p, 0, "crown", 4)
			switch c.place {
			case "":
			case "town", "hamlet", "village":
				say(t, p, 1, `[place: name="Here" size="`+c.place+`"]`)
			default:
				say(t, p, 1, c.place)
			}
			before := state(t, p)
			r := say(t, p, 2, c.tag)
			if got, _ := r.Get("reason"); r.Name != "refused" || got != c.reason {
				t.Fatalf("%s: got %s, want %s", c.tag, r, c.reason)
			}
			if state(t, p) != before {
				t.Errorf("a refusal changed the party")
			}
		})
	}
}

// TestBuyCannotCarry: a bag with no stack left refuses the purchase and
// pays nothing.
func TestBuyCannotCarry(t *testing.T) {
	p := gravewatch(t)
	give(p, 0, "crown", 4)
	for len(p.Members[0].Bag) < items.MaxStacksPerBag {
		p.Members[0].Bag = append(p.Members[0].Bag, items.Stack{Name: "pebble " + itoa(len(p.Members[0].Bag)), Count: 1})
	}
	say(t, p, 1, `[place: name="Millbrook" size="market town"]`)
	before := state(t, p)
	r := say(t, p, 2, `[inventory: action="buy" item="Oilskin coat"]`)
	if got, _ := r.Get("reason"); got != market.CannotCarry && got != "bag-full" {
		t.Fatalf("%s", r)
	}
	if state(t, p) != before {
		t.Error("a refused purchase changed the party")
	}
}

// TestBuyService: a service only pays.
func TestBuyService(t *testing.T) {
	// Gravewatch has no service: the spec's rule is held by the price
	// and the bag (nothing added) on an inline one.
	p := gravewatch(t)
	give(p, 0, "crown", 2)
	coat := p.RS.Items.ItemByRef("kit/oilskin-coat")
	coat.Service = true
	defer func() { coat.Service = false }()
	say(t, p, 1, `[place: name="Millbrook" size="market town"]`)
	r := say(t, p, 2, `[inventory: action="buy" item="Oilskin coat"]`)
	if r.Name != "inventory" || strings.Contains(bagText(p, 0), "Oilskin") {
		t.Fatalf("%s; bag %s", r, bagText(p, 0))
	}
}

func state(t testing.TB, p *items.Party) string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var _ = record.Record{}
