package market_test

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// bigTown is the 5e ruleset with 200 catalog items and 6 sellers, in a
// city: the size for the MARKET block (<= 2 ms).
func bigTown(b testing.TB) *items.Party {
	raw, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		b.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(raw, &r); err != nil {
		b.Fatal(err)
	}
	cats := r["catalogs"].([]any)
	var entries []any
	kinds := []string{"weapon", "armor", "ammunition", "gear", "potion", "wand"}
	for i := 0; i < 200-countItems(cats); i++ {
		entries = append(entries, map[string]any{"id": fmt.Sprintf("thing-%d", i), "label": fmt.Sprintf("Thing %d", i),
			"item": map[string]any{"category": kinds[i%len(kinds)], "cost": map[string]any{"amount": 1 + i*7%300, "unit": []string{"cp", "sp", "gp"}[i%3]}}})
	}
	cats = append(cats, map[string]any{"id": "stuff", "label": "Stuff", "holds": "items", "entries": entries})
	r["catalogs"] = cats
	mk := r["items"].(map[string]any)["market"].(map[string]any)
	mk["sellers"] = append(mk["sellers"].([]any),
		map[string]any{"id": "smith", "label": "smith", "sells": []any{map[string]any{"category": "weapon"}, map[string]any{"category": "armor"}}},
		map[string]any{"id": "fletcher", "label": "fletcher", "sells": []any{map[string]any{"category": "ammunition"}}})
	data, _ := json.Marshal(r)
	rs, err := ruleset.Load("big.json", data, ruleset.Options{})
	if err != nil {
		b.Fatal(err)
	}
	if n := len(rs.Items.Items); n != 200 || len(rs.Items.Market.Sellers) != 6 {
		b.Fatalf("%d items, %d sellers", n, len(rs.Items.Market.Sellers))
	}
	p := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada"), sheet.Blank("Corvin")})
	say(b, p, 1, `[place: name="Waterdeep" size="city"]`)
	return p
}

func countItems(cats []any) int {
	n := 0
	for _, c := range cats {
		for _, e := range c.(map[string]any)["entries"].([]any) {
			if _, ok := e.(map[string]any)["item"]; ok {
				n++
			}
		}
	}
	return n
}

// BenchmarkMarketBlock builds the MARKET block (data and lines) for a
// place with 6 sellers and 200 catalog items. The issue asks <= 2 ms.
func BenchmarkMarketBlock(b *testing.B) {
	p := bigTown(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v, ok := market.Block(p)
		if !ok || len(v.Sellers) != 6 {
			b.Fatal(v)
		}
		_ = v.Lines()
	}
}

// BenchmarkBuyWithChange is a whole buy: the tag read, the offer found,
// the payment with change planned and applied, the item added (the bag
// put back outside the timer). The issue asks <= 50 µs.
func BenchmarkBuyWithChange(b *testing.B) {
	p := gravewatch(b)
	give(p, 0, "crown", 3)
	say(b, p, 1, `[place: name="Millbrook" size="market town"]`)
	snapshot := p.Clone()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := say(b, p, 2, `[inventory: action="buy" item="Oilskin coat" level="dear"]`); r.Name != "inventory" {
			b.Fatal(r)
		}
		b.StopTimer()
		*p = *snapshot.Clone()
		b.StartTimer()
	}
}

// BenchmarkUnmaskAfter is what the sheet unmasking adds to a tag that
// changed a bag holding a fake not yet found out (the 5e party, a potion
// of poison passing for a potion of healing, a coin earned): the bags'
// print before and after, and the sheet worked out twice.
func BenchmarkUnmaskAfter(b *testing.B) {
	p := party(b, "d20-5e")
	fake := p.RS.Items.ItemByRef("magic_items/potion-of-poison")
	p.Put(0, fake, "Potion of Healing", 1)
	gp := p.RS.Items.CoinItem("gp")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		mark := p.Mark()
		p.Members[1].Bag = p.Members[1].Bag[:0]
		p.Put(1, gp, gp.Label, 1+i%2)
		if found := p.UnmaskAfter(mark); found != "" {
			b.Fatal(found)
		}
	}
}
