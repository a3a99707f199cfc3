package market_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// devouring is the 5e town with the spec's example of "Honest and
// dishonest sellers" added as written: a Bag of Devouring (5 gp) passing
// for a Bag of Holding (500 gp here), the only thing in the fence's odd
// lot, and an honest wizard who deals in wondrous items.
func devouring(t testing.TB) *items.Party {
	t.Helper()
	raw, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	it := r["items"].(map[string]any)
	it["categories"] = append(it["categories"].([]any), obj(`{ "id": "wondrous", "label": "Wondrous item" }`))
	for _, c := range r["catalogs"].([]any) {
		if cm := c.(map[string]any); cm["id"] == "magic_items" {
			cm["entries"] = append(cm["entries"].([]any),
				obj(`{ "id": "bag-of-holding", "label": "Bag of Holding", "item": { "category": "wondrous", "tags": ["magical"], "cost": { "amount": 500, "unit": "gp" } } }`),
				obj(`{ "id": "bag-of-devouring", "label": "Bag of Devouring", "item": { "category": "wondrous", "passesFor": "magic_items/bag-of-holding", "cost": { "amount": 5, "unit": "gp" } } }`))
		}
	}
	at := it["lootTables"].([]any)[0].(map[string]any)
	at["entries"] = []any{obj(`{ "item": "magic_items/bag-of-devouring", "weight": 1 }`)}
	mk := it["market"].(map[string]any)
	mk["sellers"] = append(mk["sellers"].([]any), obj(`{ "id": "wizard", "label": "wizard", "sells": [{ "category": "wondrous" }], "place": "town" }`))
	data, _ := json.Marshal(r)
	rs, err := ruleset.Load("devouring.json", data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := session.LoadParty("../../rulesets/d20-5e/sheets", rs)
	if err != nil {
		t.Fatal(err)
	}
	p := items.New(rs, sheets)
	give(p, 0, "gp", 1000)
	say(t, p, 1, `[place: name="Saltmarsh" size="town"]`)
	return p
}

// TestSpecBagOfDevouring plays the spec's example: a purchase naming the
// fence gets the Bag of Devouring as a Bag of Holding, at its price (the
// first time Corvin's eye on the fence holds it); one naming no seller
// gets a real bag; reveal finds it out; an honest buyer names it and pays
// half its own 5 gp cost: 250 copper, which gold does not pay exactly,
// so 5 electrum pieces.
func TestSpecBagOfDevouring(t *testing.T) {
	p := devouring(t)
	steps := []struct{ tag, want string }{
		{`[inventory: action="buy" item="Bag of Holding" seller="Fence" who="Ada"]`,
			`[refused: action="buy" reason="held" item="Bag of Holding" who="Ada Quickhand" noticed="Corvin Vell: something is wrong with what the Fence sells: their eyes slide away when you ask about it" note="play Corvin Vell warning the buyer in character, without accusing the seller to their face unless that is who they are, and let the buyer decide; asked again of this seller today, the purchase goes through"]`},
		{`[inventory: action="buy" item="Bag of Holding" seller="Fence" who="Ada"]`,
			`[inventory: action="buy" item="Bag of Holding" count="1" price="500 gold pieces" level="fair" seller="Fence" who="Ada Quickhand" paidWith="gold pieces ×500" reply="Paid with gold pieces ×500."]`},
		{`[inventory: action="buy" item="Bag of Holding" who="Ada"]`,
			`[inventory: action="buy" item="Bag of Holding" count="1" price="500 gold pieces" level="fair" seller="Fence" who="Ada Quickhand" paidWith="gold pieces ×500" reply="Paid with gold pieces ×500."]`},
	}
	for i, s := range steps {
		if got := say(t, p, 10+i, s.tag); got.String() != s.want {
			t.Fatalf("%s:\n got %s\nwant %s", s.tag, got, s.want)
		}
	}
	bag := p.Members[0].Bag
	fake, real := bag[len(bag)-2], bag[len(bag)-1]
	if fake.Item != "magic_items/bag-of-devouring" || fake.Name != "Bag of Holding" || real.Item != "magic_items/bag-of-holding" {
		t.Fatalf("the bags: %+v, %+v", fake, real)
	}
	// The real bag and the fake do not stack: both show as Bag of Holding.
	q := p.Clone()
	want := `[inventory: action="reveal" item="Bag of Holding" who="Ada Quickhand" revealed="Bag of Devouring"]`
	if got := say(t, q, 20, `[inventory: action="reveal" item="Bag of Holding" who="Ada"]`); got.String() != want {
		t.Fatalf("reveal:\n got %s\nwant %s", got, want)
	}
	want = `[inventory: action="sell" item="Bag of Holding" count="1" price="5 electrum pieces" seller="wizard" who="Ada Quickhand" coins="gold pieces ×2, electrum pieces ×1" revealed="Bag of Devouring" note="the wizard says it is really Bag of Devouring and pays for that"]`
	if got := say(t, p, 21, `[inventory: action="sell" item="Bag of Holding" seller="wizard" who="Ada"]`); got.String() != want {
		t.Fatalf("an honest buyer:\n got %s\nwant %s", got, want)
	}
}
