package itemrules_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

// marketBase is the bundled 5e ruleset: a market with a fence, a fake
// with tells, revealsFakes and namesItAt.
func marketBase(t testing.TB) map[string]any {
	t.Helper()
	data, err := os.ReadFile("../../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// at walks a path of keys and indexes into the raw ruleset.
func at(r any, path ...any) map[string]any {
	for _, k := range path {
		switch x := k.(type) {
		case string:
			r = r.(map[string]any)[x]
		case int:
			r = r.([]any)[x]
		}
	}
	return r.(map[string]any)
}

func jsv(s string) any {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		panic(s + ": " + err.Error())
	}
	return v
}

// TestMarketRefused: every limit and reference the spec gives for a
// market and for fakes is refused at import, each case with exactly the
// one problem it is about.
func TestMarketRefused(t *testing.T) {
	M := "/items/market"
	poison := []any{"catalogs", 1, "entries", 1, "item"}
	P := "/catalogs/1/entries/1/item"
	market := func(r map[string]any) map[string]any { return at(r, "items", "market") }
	cases := []struct {
		name, pointer, contains string
		patch                   func(r map[string]any)
	}{
		{"no prices", M + "/prices", "allowed 1 to 8", func(r map[string]any) { market(r)["prices"] = jsv(`[]`) }},
		{"nine prices", M + "/prices", "allowed 1 to 8", func(r map[string]any) {
			var ls []any
			for i := 0; i < 9; i++ {
				ls = append(ls, map[string]any{"id": "l" + string(rune('a'+i)), "times": 1, "default": i == 0})
			}
			market(r)["prices"] = ls
		}},
		{"times 0", M + "/prices/0/times", "above 0", func(r map[string]any) { at(r, "items", "market", "prices", 0)["times"] = 0 }},
		{"no default", M + "/prices", `exactly one price level is the "default"`, func(r map[string]any) { delete(at(r, "items", "market", "prices", 1), "default") }},
		{"two defaults", M + "/prices", "found 2", func(r map[string]any) { at(r, "items", "market", "prices", 0)["default"] = true }},
		{"no places", M + "/places", "allowed 1 to 12", func(r map[string]any) { market(r)["places"] = jsv(`[]`) }},
		{"thirteen places", M + "/places", "allowed 1 to 12", func(r map[string]any) {
			var ls []any
			for i := 0; i < 13; i++ {
				ls = append(ls, map[string]any{"id": "p" + string(rune('a'+i))})
			}
			market(r)["places"] = ls
			market(r)["sold"] = jsv(`[]`)
			market(r)["sellers"] = jsv(`[{"id":"any","sells":[{"category":"gear"}]}]`)
		}},
		{"purse in no coin", M + "/places/0/purse/unit", `no coin "ducat"`, func(r map[string]any) {
			at(r, "items", "market", "places", 0)["purse"] = jsv(`{"amount":5,"unit":"ducat"}`)
		}},
		{"sold in no place", M + "/sold/0/place", `no place size "metropolis"`, func(r map[string]any) { at(r, "items", "market", "sold", 0)["place"] = "metropolis" }},
		{"sold without place or limit", M + "/sold/0", `names a "place", a "limited" or both`, func(r map[string]any) { delete(at(r, "items", "market", "sold", 0), "place") }},
		{"sold limited too many", M + "/sold/1/limited", "allowed", func(r map[string]any) { at(r, "items", "market", "sold", 1)["limited"] = "1000d1000" }},
		{"sold filter of no tag", M + "/sold/1/filter/tag", `no tag "cursed"`, func(r map[string]any) { at(r, "items", "market", "sold", 1)["filter"] = jsv(`{"tag":"cursed"}`) }},
		{"seller in no place", M + "/sellers/1/place", `no place size "fort"`, func(r map[string]any) { at(r, "items", "market", "sellers", 1)["place"] = "fort" }},
		{"seller sells nothing", M + "/sellers/0/sells", "allowed 1 to 24", func(r map[string]any) { at(r, "items", "market", "sellers", 0)["sells"] = jsv(`[]`) }},
		{"seller's only without label", M + "/sellers/0/only", `"label"`, func(r map[string]any) {
			at(r, "items", "market", "sellers", 0)["only"] = jsv(`{"value":{"abilityScore":"cha"},"atLeast":3}`)
		}},
		{"stock of no table", M + "/sellers/3/stock/table", `no loot table "hoard"`, func(r map[string]any) { at(r, "items", "market", "sellers", 3)["stock"] = jsv(`{"table":"hoard"}`) }},
		{"manner on an honest seller", M + "/sellers/0/manner", `needs "honest": false`, func(r map[string]any) {
			at(r, "items", "market", "sellers", 0)["manner"] = jsv(`{"check":{"skill":"insight"},"dc":10,"says":"?"}`)
		}},
		{"buyBack 0", M + "/buyBack", "above 0", func(r map[string]any) { market(r)["buyBack"] = 0 }},
		{"buyBack above 1", M + "/buyBack", "allowed 0 to 1", func(r map[string]any) { market(r)["buyBack"] = 1.5 }},
		{"unsold of no category", M + "/unsold/0/category", `no category "relic"`, func(r map[string]any) {
			r["capabilityApi"] = "1.813"
			market(r)["unsold"] = jsv(`[{"category":"relic"}]`)
		}},
		{"passesFor no item", P + "/passesFor", `no item "magic_items/elixir"`, func(r map[string]any) { at(r, poison...)["passesFor"] = "magic_items/elixir" }},
		{"passesFor itself", P + "/passesFor", "not itself", func(r map[string]any) { at(r, poison...)["passesFor"] = "magic_items/potion-of-poison" }},
		{"passesFor another category", P + "/passesFor", "of its own category", func(r map[string]any) { at(r, poison...)["passesFor"] = "equipment/backpack" }},
		{"passesFor an item without cost", P + "/passesFor", "not for sale", func(r map[string]any) { delete(at(r, "catalogs", 1, "entries", 0, "item"), "cost") }},
		{"seven tells", P + "/tells", "allowed 1 to 6", func(r map[string]any) {
			tell := jsv(`{"check":{"skill":"arcana"},"dc":10,"says":"odd"}`)
			at(r, poison...)["tells"] = []any{tell, tell, tell, tell, tell, tell, tell}
		}},
		{"tells on a real item", "/catalogs/1/entries/0/item/tells", `only an item with "passesFor"`, func(r map[string]any) {
			at(r, "catalogs", 1, "entries", 0, "item")["tells"] = jsv(`[{"check":{"skill":"arcana"},"dc":10,"says":"odd"}]`)
		}},
		{"a tell of no skill", P + "/tells/1/check/skill", `no skill "alchemy"`, func(r map[string]any) { at(r, append(poison, "tells", 1, "check")...)["skill"] = "alchemy" }},
		{"a tell carries no item", P + "/tells/0/carries/anyOf/0", `no item "gear/poisoners-kit"`, func(r map[string]any) {
			at(r, append(poison, "tells", 0)...)["carries"] = jsv(`{"anyOf":["gear/poisoners-kit"]}`)
		}},
		{"foolsReveal of no means", P + "/foolsReveal/0", `no means "true-seeing"`, func(r map[string]any) { at(r, poison...)["foolsReveal"] = jsv(`["true-seeing"]`) }},
		{"foolsReveal on a real item", "/catalogs/1/entries/0/item/foolsReveal", `only an item with "passesFor"`, func(r map[string]any) {
			at(r, "catalogs", 1, "entries", 0, "item")["foolsReveal"] = jsv(`["identify"]`)
		}},
		{"revealsFakes names a real item", "/items/revealsFakes/1/items/0", "is not a fake", func(r map[string]any) {
			at(r, "items", "revealsFakes", 1)["items"] = jsv(`["magic_items/potion-of-healing"]`)
		}},
		{"revealsFakes names no item", "/items/revealsFakes/1/items/0", `no item "magic_items/antidote"`, func(r map[string]any) {
			at(r, "items", "revealsFakes", 1)["items"] = jsv(`["magic_items/antidote"]`)
		}},
		{"namesItAt 0", "/items/namesItAt", "", func(r map[string]any) { at(r, "items")["namesItAt"] = 0 }},
		{"warnBy shout", "/items/warnBy", "", func(r map[string]any) { at(r, "items")["warnBy"] = "shout" }},
		{"an item sold in no place", "/catalogs/0/entries/0/item/sold/place", `no place size "hamlet"`, func(r map[string]any) {
			at(r, "catalogs", 0, "entries", 0, "item")["sold"] = jsv(`{"place":"hamlet"}`)
		}},
		// Refusals no case reached before the review of issues 14 and 19.
		{"two places answer to one label", M + "/places/1/label", `two place sizes answer to "Village"`, func(r map[string]any) {
			at(r, "items", "market", "places", 1)["label"] = "Village"
		}},
		{"a tell carries a number", P + "/tells/0/carries/anyOf/0", `want an item as "catalog/entry", found a number`, func(r map[string]any) {
			at(r, append(poison, "tells", 0)...)["carries"] = jsv(`{"anyOf":[3]}`)
		}},
		{"revealsFakes of no tag", "/items/revealsFakes/1/tags/0", "no tag cursed in the items block", func(r map[string]any) {
			at(r, "items", "revealsFakes", 1)["tags"] = jsv(`["cursed"]`)
		}},
		{"revealsFakes names a number", "/items/revealsFakes/1/items/0", `want an item as "catalog/entry", found a number`, func(r map[string]any) {
			at(r, "items", "revealsFakes", 1)["items"] = jsv(`[3]`)
		}},
		{"an item sold in a place without a market", "/catalogs/0/entries/0/item/sold/place", "the block has no market", func(r map[string]any) {
			delete(at(r, "items"), "market")
			at(r, "catalogs", 0, "entries", 0, "item")["sold"] = jsv(`{"place":"town"}`)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := marketBase(t)
			c.patch(r)
			data, _ := json.Marshal(r)
			_, err := ruleset.Load("market.json", data, ruleset.Options{})
			var verr *validate.Error
			if !errors.As(err, &verr) {
				t.Fatalf("want a refusal at %s, got %v", c.pointer, err)
			}
			found := false
			for _, p := range verr.Problems {
				if p.Pointer == c.pointer && strings.Contains(p.Message, c.contains) {
					found = true
				} else {
					t.Errorf("unexpected problem %s: %s", p.Pointer, p.Message)
				}
			}
			if !found {
				t.Errorf("no problem at %s containing %q", c.pointer, c.contains)
			}
		})
	}
}

// TestMarketRead: the bundled markets read as written.
func TestMarketRead(t *testing.T) {
	rs, err := ruleset.LoadFile("../../../rulesets/gravewatch/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := rs.Items.Market
	if len(m.Prices) != 3 || m.DefaultLevel().ID != "fair" || len(m.Places) != 4 || m.Places[2].Purse.Amount != 100 ||
		m.BuyBack != 0.5 || len(m.Sellers) != 3 || m.Sellers[2].Only.Label != "wardens of Nerve 3 or more" || m.Sellers[1].Stock != "smiths_odd_lot" {
		t.Fatalf("Gravewatch market: %+v", m)
	}
	if m.Place("market town") != 2 || m.Place("TOWN") != 2 || m.Place("fort") != -1 {
		t.Error("a place size by id or label")
	}
	if rs.Items.PassiveBase != 10 || rs.Items.WarnBy != "passive" {
		t.Errorf("defaults: passiveBase %d warnBy %q", rs.Items.PassiveBase, rs.Items.WarnBy)
	}
	dnd, err := ruleset.LoadFile("../../../rulesets/d20-5e/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	poison := dnd.Items.ItemByRef("magic_items/potion-of-poison")
	if !poison.IsFake() || len(poison.Market.Tells) != 2 || poison.Market.Tells[0].Carries[0] != "equipment/poisoners-kit" ||
		dnd.Items.NamesItAt != 5 || dnd.Items.Reveal("Detect Poison and Disease").Detects(poison) != true {
		t.Fatalf("the potion of poison: %+v", poison.Market)
	}
}
