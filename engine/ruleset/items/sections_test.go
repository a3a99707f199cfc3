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

// sectionsBase is testdata/items/base.json (weapons, armor, an axe that
// takes a hand, bits and marks, carry) with two more items: a cloak that
// takes no slot and a service.
func sectionsBase(t testing.TB) map[string]any {
	t.Helper()
	data, err := os.ReadFile("../../../testdata/items/base.json")
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	cat := r["catalogs"].([]any)[0].(map[string]any)
	cat["entries"] = append(cat["entries"].([]any),
		map[string]any{"id": "cloak", "label": "Cloak", "item": map[string]any{"category": "armor", "rarity": "rare", "stats": map[string]any{"bulk": 1}}},
		map[string]any{"id": "ferry", "label": "Ferry", "item": map[string]any{"category": "weapon", "service": true, "cost": map[string]any{"amount": 1, "unit": "bit"}}},
		map[string]any{"id": "arrow", "label": "Arrow", "item": map[string]any{"category": "weapon", "stack": 1}},
	)
	return r
}

// loadPatched loads the base with the items block's key set to value.
func loadPatched(t testing.TB, key string, value any, more ...func(map[string]any)) (*ruleset.Ruleset, error) {
	t.Helper()
	r := sectionsBase(t)
	r["items"].(map[string]any)[key] = value
	for _, f := range more {
		f(r)
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return ruleset.Load("sections.json", data, ruleset.Options{})
}

// js reads a JSON literal, so that cases read like the ruleset they patch.
func js(t testing.TB, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

type refusal struct {
	name, value, pointer, contains string
	more                           func(map[string]any)
}

// checkRefusals loads each case and wants exactly its one problem: at
// the pointer, containing the words (every other problem is a failure,
// so no case passes by tripping over another rule).
func checkRefusals(t *testing.T, key string, cases []refusal) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var more []func(map[string]any)
			if c.more != nil {
				more = append(more, c.more)
			}
			_, err := loadPatched(t, key, js(t, c.value), more...)
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

func TestLootTablesRefused(t *testing.T) {
	T := "/items/lootTables/0"
	E := T + "/entries/0"
	tbl := func(rolls, line string) string {
		r := ""
		if rolls != "" {
			r = `"rolls":` + rolls + `,`
		}
		return `[{"id":"t","label":"T",` + r + `"entries":[` + line + `]}]`
	}
	many := make([]string, 101)
	for i := range many {
		many[i] = `{"item":"gear/axe"}`
	}
	tables := make([]string, 25)
	for i := range tables {
		tables[i] = `{"id":"t` + string(rune('a'+i)) + `","entries":[{"item":"gear/axe"}]}`
	}
	checkRefusals(t, "lootTables", []refusal{
		{"too many tables", "[" + strings.Join(tables, ",") + "]", "/items/lootTables", "allowed 0 to 24", nil},
		{"duplicate id", `[{"id":"t","entries":[{"item":"gear/axe"}]},{"id":"t","entries":[{"item":"gear/axe"}]}]`, "/items/lootTables/1/id", "already used", nil},
		{"no id", `[{"entries":[{"item":"gear/axe"}]}]`, T, `missing "id"`, nil},
		{"rolls above 20", tbl("21", `{"item":"gear/axe"}`), T + "/rolls", "allowed 0 to 20", nil},
		{"rolls below 0", tbl("-1", `{"item":"gear/axe"}`), T + "/rolls", "allowed 0 to 20", nil},
		{"rolls a fraction", tbl("1.5", `{"item":"gear/axe"}`), T + "/rolls", "whole number", nil},
		{"rolls dice above 20", tbl(`"3d10"`, `{"item":"gear/axe"}`), T + "/rolls", "can throw 30; at most 20", nil},
		{"rolls not dice", tbl(`"some"`, `{"item":"gear/axe"}`), T + "/rolls", "dice notation", nil},
		{"rolls a bool", tbl(`true`, `{"item":"gear/axe"}`), T + "/rolls", "want a whole number from 0 to 20 or dice", nil},
		{"no entries", `[{"id":"t"}]`, T, `missing required key "entries"`, nil},
		{"empty entries", tbl("", ""), T + "/entries", "allowed 1 to 100", nil},
		{"too many lines", tbl("", strings.Join(many, ",")), T + "/entries", "allowed 1 to 100", nil},
		{"table unknown key", `[{"id":"t","entries":[{"item":"gear/axe"}],"odds":1}]`, T + "/odds", "unknown key", nil},
		{"line nothing", tbl("", `{"weight":2}`), E, "exactly one of", nil},
		{"line two things", tbl("", `{"item":"gear/axe","coins":"bit"}`), E + "/coins", "exactly one of", nil},
		{"line unknown key", tbl("", `{"item":"gear/axe","chance":3}`), E + "/chance", "unknown key", nil},
		{"item unknown", tbl("", `{"item":"gear/sword"}`), E + "/item", `no item "gear/sword"`, nil},
		{"item by label", tbl("", `{"item":"Axe"}`), E + "/item", `"catalog/entry"`, nil},
		{"item a service", tbl("", `{"item":"gear/ferry"}`), E + "/item", "is a service", nil},
		{"item not a string", tbl("", `{"item":3}`), E + "/item", "want a string", nil},
		{"filter empty", tbl("", `{"filter":{}}`), E + "/filter", `names "rarity", "category" or "tag"`, nil},
		{"filter unknown category", tbl("", `{"filter":{"category":"potion"}}`), E + "/filter/category", `no category "potion"`, nil},
		{"filter unknown rarity", tbl("", `{"filter":{"rarity":"epic"}}`), E + "/filter/rarity", `no rarity "epic"`, nil},
		{"filter unknown tag", tbl("", `{"filter":{"tag":"silvered"}}`), E + "/filter/tag", `no tag "silvered"`, nil},
		{"filter unknown key", tbl("", `{"filter":{"category":"armor","slot":"body"}}`), E + "/filter/slot", "unknown key", nil},
		{"filter not an object", tbl("", `{"filter":"armor"}`), E + "/filter", "want an object", nil},
		{"coins unknown", tbl("", `{"coins":"crown"}`), E + "/coins", `no coin "crown"`, nil},
		{"coins without currencies", tbl("", `{"coins":"bit"}`), E + "/coins", `declares none`, func(r map[string]any) {
			it := r["items"].(map[string]any)
			delete(it, "currencies")
			ax := r["catalogs"].([]any)[0].(map[string]any)["entries"].([]any)
			delete(ax[0].(map[string]any)["item"].(map[string]any), "cost")
			ax[2].(map[string]any)["item"] = map[string]any{"category": "weapon", "stack": 1} // the ferry is no longer a service
		}},
		{"weight 0", tbl("", `{"item":"gear/axe","weight":0}`), E + "/weight", "allowed 1 to 1000000", nil},
		{"weight a fraction", tbl("", `{"item":"gear/axe","weight":0.5}`), E + "/weight", "whole number", nil},
		{"count 0", tbl("", `{"item":"gear/axe","count":0}`), E + "/count", "allowed 1 to 999999", nil},
		{"count too many", tbl("", `{"item":"gear/axe","count":1000000}`), E + "/count", "allowed 1 to 999999", nil},
		{"count bad dice", tbl("", `{"item":"gear/axe","count":"1d0"}`), E + "/count", "sides", nil},
		{"count too many dice", tbl("", `{"item":"gear/axe","count":"101d6"}`), E + "/count", "dice", nil},
	})
}

func TestCreatureLootRefused(t *testing.T) {
	beast := func(loot string) func(map[string]any) {
		return func(r map[string]any) {
			var l any
			if err := json.Unmarshal([]byte(loot), &l); err != nil {
				t.Fatal(err)
			}
			r["catalogs"] = append(r["catalogs"].([]any), map[string]any{"id": "beasts", "label": "Beasts", "holds": "creatures",
				"entries": []any{map[string]any{"id": "wolf", "label": "Wolf", "creature": map[string]any{"health": 3, "actions": []any{map[string]any{"id": "bite", "damage": map[string]any{"dice": "1d6"}}}, "loot": l}}}})
		}
	}
	P := "/catalogs/1/entries/0/creature/loot"
	goods := `[{"id":"goods","entries":[{"item":"gear/axe"}]}]`
	checkRefusals(t, "lootTables", []refusal{
		{"unknown table", goods, P, `no loot table "hoard"`, beast(`"hoard"`)},
		{"by label", `[{"id":"goods","label":"Hoard","entries":[{"item":"gear/axe"}]}]`, P, `no loot table "Hoard"`, beast(`"Hoard"`)},
		{"not a string", goods, P, "want the id of one of items.lootTables", beast(`3`)},
		{"no tables", `[]`, P, "declares none", beast(`"goods"`)},
	})
	if _, err := loadPatched(t, "lootTables", js(t, goods), beast(`"goods"`)); err != nil {
		t.Fatalf("a creature carrying a declared table: %v", err)
	}
}

func TestLootTablesRead(t *testing.T) {
	rs, err := loadPatched(t, "lootTables", js(t, `[
		{"id":"t","label":"Hoard","rolls":"1d2","entries":[
			{"item":"gear/axe","weight":4,"count":"1d4"},
			{"filter":{"category":"armor"}},
			{"coins":"mark","weight":2,"count":3}]},
		{"id":"empty","rolls":0,"entries":[{"item":"gear/axe"}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	b := rs.Items
	tb := b.LootTable("hoard")
	if tb == nil || tb.ID != "t" || tb.Rolls.String() != "1d2" || len(tb.Entries) != 3 {
		t.Fatalf("%+v", tb)
	}
	if l := tb.Entries[1]; l.Weight != 1 || l.Count.String() != "1" || l.Filter.Category != "armor" {
		t.Errorf("defaults: %+v", l)
	}
	if m := b.Matching(tb.Entries[1].Filter); len(m) != 1 || m[0].Ref() != "gear/cloak" {
		t.Errorf("filter matches %v (never the service or a coin)", m)
	}
	if e := b.LootTable("empty"); e.Rolls.Max() != 0 || e.Label != "empty" {
		t.Errorf("%+v", e)
	}
	if b.LootTable("nope") != nil {
		t.Error("unknown table found")
	}
}

func TestStartingGearRefused(t *testing.T) {
	G := "/items/startingGear/0"
	L := G + "/lines/0"
	set := func(body string) string { return `[{"id":"g","label":"G",` + body + `}]` }
	line := func(l string) string { return set(`"lines":[` + l + `]`) }
	opts := func(n int) string {
		o := make([]string, n)
		for i := range o {
			o[i] = `{"label":"o` + string(rune('a'+i)) + `","lines":[{"item":"gear/axe"}]}`
		}
		return strings.Join(o, ",")
	}
	choices := func(n int) string {
		c := make([]string, n)
		for i := range c {
			c[i] = `{"label":"c","options":[` + opts(2) + `]}`
		}
		return set(`"choices":[` + strings.Join(c, ",") + `]`)
	}
	oneOf := func(n int) string {
		refs := make([]string, n)
		for i := range refs {
			refs[i] = `"gear/axe"`
		}
		return strings.Join(refs, ",")
	}
	bigLines := make([]string, 64)
	for i := range bigLines {
		bigLines[i] = `{"item":"gear/arrow","count":999}`
	}
	checkRefusals(t, "startingGear", []refusal{
		{"duplicate id", `[{"id":"g","lines":[]},{"id":"g","lines":[]}]`, "/items/startingGear/1/id", "already used", nil},
		{"unknown key", set(`"items":[{"item":"gear/axe"}]`), G + "/items", "unknown key", nil},
		{"line nothing", line(`{"count":2}`), L, "exactly one of", nil},
		{"line two things", line(`{"item":"gear/axe","name":"Rope"}`), L + "/name", "exactly one of", nil},
		{"item unknown", line(`{"item":"gear/sword"}`), L + "/item", "no item", nil},
		{"item a service", line(`{"item":"gear/ferry"}`), L + "/item", "is a service", nil},
		{"coins unknown", line(`{"coins":"gp"}`), L + "/coins", `no coin "gp"`, nil},
		{"count 0", line(`{"item":"gear/axe","count":0}`), L + "/count", "allowed 1 to 999", nil},
		{"count 1000", line(`{"coins":"bit","count":1000}`), L + "/count", "allowed 1 to 999", nil},
		{"oneOf one item", line(`{"oneOf":["gear/axe"]}`), L + "/oneOf", "allowed 2 to 48", nil},
		{"oneOf 49 items", line(`{"oneOf":[` + oneOf(49) + `]}`), L + "/oneOf", "allowed 2 to 48", nil},
		{"oneOf twice", line(`{"oneOf":["gear/axe","gear/axe"]}`), L + "/oneOf/1", "already in this list", nil},
		{"oneOf unknown", line(`{"oneOf":["gear/axe","gear/sword"]}`), L + "/oneOf/1", "no item", nil},
		{"oneOf a service", line(`{"oneOf":["gear/axe","gear/ferry"]}`), L + "/oneOf/1", "is a service", nil},
		{"name with brackets", line(`{"name":"Rope [50 ft]"}`), L + "/name", "no brackets", nil},
		{"name with braces", line(`{"name":"Rope {{x}}"}`), L + "/name", `no "{{"`, nil},
		{"name with a line break", line(`{"name":"Rope\nand more"}`), L + "/name", "line breaks", nil},
		{"name empty", line(`{"name":" "}`), L + "/name", "needs a name", nil},
		{"name too long", line(`{"name":"` + strings.Repeat("a", 81) + `"}`), L + "/name", "at most 80", nil},
		{"name where freeform refuses", line(`{"name":"Vestments"}`), L + "/name", `needs "freeform": "plain"`, func(r map[string]any) {
			r["items"].(map[string]any)["freeform"] = "refuse"
		}},
		{"equip coins", line(`{"coins":"bit","equip":true}`), L + "/equip", "coins are never put on", nil},
		{"equip a plain item", line(`{"name":"Vestments","equip":true}`), L + "/equip", "plain item takes no slots", nil},
		{"equip no slots", line(`{"item":"gear/cloak","equip":true}`), L + "/equip", "takes no slots", nil},
		{"equip not a bool", line(`{"item":"gear/axe","equip":"yes"}`), L + "/equip", "true or false", nil},
		{"too many choices", choices(9), G + "/choices", "allowed 0 to 8", nil},
		{"one option", set(`"choices":[{"label":"c","options":[` + opts(1) + `]}]`), G + "/choices/0/options", "allowed 2 to 6", nil},
		{"seven options", set(`"choices":[{"label":"c","options":[` + opts(7) + `]}]`), G + "/choices/0/options", "allowed 2 to 6", nil},
		{"options missing", set(`"choices":[{"label":"c"}]`), G + "/choices/0", `missing required key "options"`, nil},
		{"option label twice", set(`"choices":[{"label":"c","options":[{"label":"A","lines":[]},{"label":"a","lines":[]}]}]`), G + "/choices/0/options/1/label", "already option 1", nil},
		{"option line refused", set(`"choices":[{"label":"c","options":[{"label":"A","lines":[{"item":"gear/x"}]},{"label":"B","lines":[]}]}]`), G + "/choices/0/options/0/lines/0/item", "no item", nil},
		{"fits live", set(`"fits":{"value":{"pool":"grit"},"atLeast":1},"lines":[]`), G + "/fits/value/pool", "cannot read live state", nil},
		{"fits items", set(`"fits":{"value":{"itemStat":{"stat":"guard"}},"atLeast":1},"lines":[]`), G + "/fits/value/itemStat", "cannot read a character's items", nil},
		{"fits without atLeast", set(`"fits":{"value":{"abilityScore":"brawn"}},"lines":[]`), G + "/fits", `missing required key "atLeast"`, nil},
		{"fits unknown ref", set(`"fits":{"value":{"field":"level_fighter"},"atLeast":1},"lines":[]`), G + "/fits/value/field", "level_fighter", nil},
		{"group empty", set(`"group":"","lines":[]`), G + "/group", "must not be empty", nil},
		{"more stacks than a bag", set(`"lines":[` + strings.Join(bigLines[:2], ",") + `]`), G, "can need 1998 stacks; a bag accepts at most 1000", nil},
		{"too many lines", set(`"lines":[` + strings.Join(append(bigLines, `{"item":"gear/axe"}`), ",") + `]`), G + "/lines", "allowed 0 to 64", nil},
	})
}

func TestStartingGearRead(t *testing.T) {
	rs, err := loadPatched(t, "startingGear", js(t, `[
		{"id":"warrior","label":"Warrior","group":"class","fits":{"value":{"abilityScore":"brawn"},"atLeast":2},
		 "lines":[{"item":"gear/axe","equip":true}],
		 "choices":[{"label":"Armor","options":[{"label":"A cloak","lines":[{"item":"gear/cloak"}]},{"label":"Arrows","lines":[{"oneOf":["gear/arrow","gear/cloak"],"count":20}]}]}]},
		{"id":"class","lines":[{"coins":"mark","count":15},{"name":"Vestments"}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	b := rs.Items
	w := b.Gear("WARRIOR")
	if w == nil || w.GroupKey() != "group:class" || w.Fits == nil || !w.Lines[0].Equip || w.Lines[0].Count != 1 {
		t.Fatalf("%+v", w)
	}
	if c := b.Gear("class"); c.GroupKey() == w.GroupKey() || c.Lines[1].Name != "Vestments" || c.Lines[0].Count != 15 {
		t.Errorf("a set without a group is a group of its own, never the group of its name: %+v", c)
	}
	if n := w.MostStacks(b); n != 21 { // the axe, equipped, then 20 arrows of stack 1
		t.Errorf("most stacks %d", n)
	}
}
