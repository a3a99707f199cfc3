package itemrules_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

func loadEmber(t testing.TB) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.LoadFile("../../../rulesets/ember-roads/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestItemsBlockExample reads the spec's Ember Roads block and entries
// (items.md "The items block", "An item", "Items on the sheet", "Checks
// outside a fight") into the typed block.
func TestItemsBlockExample(t *testing.T) {
	rs := loadEmber(t)
	b := rs.Items
	if b == nil {
		t.Fatal("no items block")
	}
	if len(b.Categories) != 5 || len(b.Rarities) != 2 || b.Carry == nil || b.Carry.Stat != "bulk" {
		t.Fatalf("block not read: %+v", b)
	}
	if !b.Propose || !b.Native || b.Freeform != "plain" {
		t.Errorf("defaults: propose %v native %v freeform %q; want true true plain", b.Propose, b.Native, b.Freeform)
	}
	if b.Stat("stash").PromptVisible {
		t.Error("stash is promptVisible false")
	}
	if !b.Stat("guard").PromptVisible || !b.Stat("guard").Integer || b.Stat("bulk").Integer {
		t.Error("guard is visible and integer; bulk is integer false")
	}
	if c, fam := b.Coin("sovereign"); c == nil || fam.ID != "coin" || c.Value != 100 {
		t.Errorf("coin sovereign: %+v %+v", c, fam)
	}
	if cp := b.Cap("storied"); cp == nil || cp.Stats["guard"] != 3 || *cp.Bonus != 2 {
		t.Errorf("storied cap: %+v", cp)
	}
	bow := b.ItemByLabel("HUNTING BOW")
	if bow == nil || bow.Ref() != "outfitter/hunting-bow" {
		t.Fatalf("hunting bow by label in any case: %+v", bow)
	}
	if bow.Stats["bulk"] != 2.0 || bow.Stats["damage"] != "1d8" || bow.Stats["reach"] != "far" ||
		len(bow.Slots) != 1 || bow.Slots[0] != (itemrules.SlotUse{Slot: "hands", Count: 2}) ||
		bow.Cost == nil || *bow.Cost != (itemrules.Cost{Amount: 3, Unit: "sovereign"}) || !bow.HasTag("two_handed") {
		t.Errorf("hunting bow: %+v", bow)
	}
	coat := b.ItemByLabel("Leather coat")
	if coat.Worn == nil || len(coat.Worn.Modifiers) != 1 || coat.Worn.Modifiers[0].Flat != -1 || coat.Worn.Modifiers[0].Skills[0] != "sneak" {
		t.Errorf("leather coat worn: %+v", coat.Worn)
	}
	stone := b.ItemByLabel("guide stone")
	if stone.Carried == nil || stone.Carried.Modifiers[0].Flat != 1 || stone.Stats["bulk"] != 0.25 {
		t.Errorf("guide stone: %+v", stone)
	}
	g := b.ItemByLabel("Oxhide gauntlets")
	if g.Worn == nil || len(g.Worn.Abilities) != 1 || *g.Worn.Abilities[0].Set != 2 {
		t.Errorf("gauntlets: %+v", g.Worn)
	}
	if b.ItemByLabel("Arrows").StackLimit() != 20 || b.ItemByLabel("Rope").StackLimit() != itemrules.MaxStack {
		t.Error("stack limits")
	}
	var guard *ruleset.Derived
	for i := range rs.Derived {
		if rs.Derived[i].ID == "guard" {
			guard = &rs.Derived[i]
		}
	}
	if guard == nil || guard.Of[2].ItemStat == nil || guard.Of[2].ItemStat.From != "worn" || guard.Of[2].ItemStat.Pick != "sum" {
		t.Errorf("guard reads the worn guard: %+v", guard)
	}
}

// TestItemsRequiresAndDefenses reads the grave spade requirement, a bound
// dawn bell, the cursed widow's ring and Stoneskin's typed defenses
// (testdata/items/gw.json).
func TestItemsRequiresAndDefenses(t *testing.T) {
	rs, err := ruleset.LoadFile("../../../testdata/items/gw.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sp := rs.Items.ItemByLabel("grave spade")
	if len(sp.Requires) != 1 || sp.Requires[0].AtLeast != 3 || sp.Requires[0].Otherwise.Modifiers[0].Flat != -1 {
		t.Errorf("grave spade requires: %+v", sp.Requires)
	}
	bell := rs.Items.ItemByLabel("dawn bell")
	if !bell.Binds || !bell.HasCharges || bell.StackLimit() != 1 {
		t.Errorf("dawn bell: %+v", bell)
	}
	ring := rs.Items.ItemByLabel("Widow's ring")
	if !ring.Cursed || ring.Worn.ConditionImmunities[0] != "rattled" {
		t.Errorf("ring: %+v", ring)
	}
	e := effectrules.ParseEffect(rs.Conditions[1].Check)
	if len(e.Resist) != 3 || e.Resist[0].String() != "bludgeoning except magical" {
		t.Errorf("stoneskin: %+v", e)
	}
	if rs.Items.Binding == nil || rs.Items.Binding.Max.AbilityScore != "nerve" {
		t.Errorf("binding: %+v", rs.Items.Binding)
	}
}

// TestItemsRefusedBaseIsValid keeps the refusal generator's base valid,
// so that each refused file fails only for its own reason.
func TestItemsRefusedBaseIsValid(t *testing.T) {
	if _, err := ruleset.LoadFile("../../../testdata/items/base.json", ruleset.Options{}); err != nil {
		t.Fatal(err)
	}
}

// FuzzItemsBlock feeds the items validator mutated blocks: it must report
// problems, never panic.
func FuzzItemsBlock(f *testing.F) {
	base, err := os.ReadFile("../../../testdata/items/base.json")
	if err != nil {
		f.Fatal(err)
	}
	var root map[string]any
	if err := json.Unmarshal(base, &root); err != nil {
		f.Fatal(err)
	}
	block, _ := json.Marshal(root["items"])
	cats, _ := json.Marshal(root["catalogs"])
	f.Add(string(block), string(cats))
	f.Add(`{"categories":[{"id":"a"}],"carry":{"stat":"x"}}`, `[{"id":"c","holds":"items","entries":[{"id":"e","item":{"category":"a","worn":{"resist":[{"type":1}]}}}]}]`)
	f.Add(`{"categories":[], "currencies":[{"id":"f","units":[{"id":"a","value":0}]}]}`, `[]`)
	f.Add(`[]`, `{}`)
	f.Add(`{"categories":[{"id":"a"}],"stats":[{"id":"s","type":"enum","values":[1,"a","a"]}],"rarityCaps":[{"rarity":"r","stats":{"s":1}}]}`, `[{"id":"c","holds":"items","entries":[{"id":"e","item":{"category":"a","stats":{"s":"a"},"requires":[{"value":{"itemStat":{}},"atLeast":1,"otherwise":{"abilities":{"x":{}}}}]}}]}]`)
	f.Fuzz(func(t *testing.T, block, catalogs string) {
		doc := strings.Replace(string(base), `"items":`, `"items": `+block+`, "old_items":`, 1)
		doc = strings.Replace(doc, `"catalogs":`, `"catalogs": `+catalogs+`, "old_catalogs":`, 1)
		_, _ = ruleset.Load("fuzz.json", []byte(doc), ruleset.Options{})
	})
}

// TestBindsObject reads binds as items.md writes it: true, {}, false, or
// an object with restriction and cursed (the Gravewatch widow's ring).
func TestBindsObject(t *testing.T) {
	rs, err := ruleset.LoadFile("../../../rulesets/gravewatch/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ring := rs.Items.ItemByLabel("Widow's ring")
	if ring == nil || !ring.Binds || !ring.Cursed || ring.Restriction != "one who has buried a spouse" {
		t.Fatalf("widow's ring: %+v", ring)
	}
	base, err := os.ReadFile("../../../testdata/items/base.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		binds        string
		bind, cursed bool
		restriction  string
	}{
		{`true`, true, false, ""}, {`{}`, true, false, ""}, {`false`, false, false, ""},
		{`{"cursed": true}`, true, true, ""}, {`{"restriction": "a widow", "cursed": false}`, true, false, "a widow"},
	} {
		var raw map[string]any
		if err := json.Unmarshal(base, &raw); err != nil {
			t.Fatal(err)
		}
		var bv any
		_ = json.Unmarshal([]byte(c.binds), &bv)
		item := raw["catalogs"].([]any)[0].(map[string]any)["entries"].([]any)[0].(map[string]any)["item"].(map[string]any)
		item["binds"] = bv
		data, _ := json.Marshal(raw)
		rs, err := ruleset.Load("binds.json", data, ruleset.Options{})
		if err != nil {
			t.Fatalf("binds %s: %v", c.binds, err)
		}
		it := rs.Items.Items[0]
		if it.Binds != c.bind || it.Cursed != c.cursed || it.Restriction != c.restriction {
			t.Errorf("binds %s: binds %v cursed %v restriction %q", c.binds, it.Binds, it.Cursed, it.Restriction)
		}
	}
}
