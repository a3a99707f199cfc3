package market_test

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

// FuzzFakeKeys feeds a fake's item block (the 5e potion of poison's:
// passesFor, tells, foolsReveal, and anything else an item has) to the
// validator, then folds a session in the town: a place, a purchase from
// the fence and one more reply. A refused file reports problems with
// pointers; an accepted fake obeys every passesFor rule and the tells'
// limits; every record passes the schema (the sheet unmasking included).
// Seeds: testdata/fuzz/FuzzFakeKeys.
func FuzzFakeKeys(f *testing.F) {
	base := raw5e(f)
	poison, _ := json.Marshal(entryOf(base, "magic_items", "potion-of-poison")["item"])
	f.Add(string(poison), `[inventory: action="inspect" item="Potion of Healing" who="Corvin"]`, uint64(1))
	f.Add(`{"category":"potion","passesFor":"magic_items/potion-of-healing","carried":{"modifiers":[{"to":"checks","flat":-2}]}}`, `[inventory: action="use" item="Potion of Healing"]`, uint64(2))
	f.Add(`{"category":"potion","passesFor":"magic_items/potion-of-healing","tells":[{"check":{"skill":"arcana"},"dc":5,"says":"x","needsAny":[{"value":{"field":"level"},"atLeast":9}],"disadvantageIf":[{"value":{"field":"prof"},"atLeast":1}]}]}`, `[inventory: action="buy" item="Potion of Healing" seller="Fence"]`, uint64(3))
	f.Fuzz(func(t *testing.T, item, tg string, seed uint64) {
		var it any
		if json.Unmarshal([]byte(item), &it) != nil || !utf8.ValidString(tg) {
			return // a session refuses a text that is not UTF-8 whole
		}
		r := cloneMap(base)
		entryOf(r, "magic_items", "potion-of-poison")["item"] = it
		data, _ := json.Marshal(r)
		rs, ok := loadOrRefused(t, data)
		if !ok {
			return
		}
		fake := rs.Items.ItemByRef("magic_items/potion-of-poison")
		if fake.IsFake() {
			target := rs.Items.ItemByRef(fake.Market.PassesFor)
			if target == nil || target == fake || target.IsFake() || target.Cost == nil || target.Category != fake.Category || fake.Binds && !target.Binds {
				t.Fatalf("accepted a fake of %+v", target)
			}
		}
		if fake.Market != nil && len(fake.Market.Tells) > itemrules.MaxTells {
			t.Fatalf("accepted %d tells", len(fake.Market.Tells))
		}
		sheets := []*sheet.Sheet{sheet.Blank("Ada"), sheet.Blank("Corvin")}
		s := session.New(rs, sheets, seed)
		for _, text := range []string{`[inventory: action="earn" amount="300 gp"]`, `[place: name="Saltmarsh" size="town"]`,
			`[inventory: action="buy" item="Potion of Healing" seller="Fence"]`, tg} {
			reply, err := s.Append(session.GMReply, text)
			if err != nil {
				t.Fatal(err)
			}
			for _, rec := range reply.Records {
				if err := record.Check(rec); err != nil {
					t.Fatalf("%s: %v", rec, err)
				}
			}
		}
	})
}

// entryOf is catalog/entry's entry object in a raw ruleset.
func entryOf(r map[string]any, catalog, entry string) map[string]any {
	for _, c := range r["catalogs"].([]any) {
		if cm := c.(map[string]any); cm["id"] == catalog {
			for _, e := range cm["entries"].([]any) {
				if em := e.(map[string]any); em["id"] == entry {
					return em
				}
			}
		}
	}
	panic("no " + catalog + "/" + entry)
}
