package itemrules_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

// forgeries is the 5e ruleset with a catalog of its own holding only a
// fake, a glass longsword passing for equipment/longsword, placed first
// (before the catalog of the item it passes for) or last.
func forgeries(t testing.TB, first bool) (map[string]any, []any) {
	t.Helper()
	r := marketBase(t)
	cat := jsv(`{ "id": "forgeries", "label": "Forgeries", "holds": "items", "entries": [
		{ "id": "glass-longsword", "label": "Glass longsword", "item": { "category": "weapon", "slots": { "hands": 1 }, "passesFor": "equipment/longsword" } }
	] }`)
	cats := r["catalogs"].([]any)
	if first {
		r["catalogs"] = append([]any{cat}, cats...)
		return r, []any{"catalogs", 0, "entries", 0, "item"}
	}
	r["catalogs"] = append(cats, cat)
	return r, []any{"catalogs", len(cats), "entries", 0, "item"}
}

// TestFakeInACatalogOfItsOwn: a fake in a catalog apart from the item it
// passes for is checked against it whatever the catalogs' order, by every
// passesFor rule (a real, saleable item of the same category, worn in the
// same slots, that binds if the fake binds), each refusal at the fake's
// passesFor. The engine reads every catalog from the ruleset file, so
// this is the check "at install for each catalog file" as well.
func TestFakeInACatalogOfItsOwn(t *testing.T) {
	for _, first := range []bool{true, false} {
		r, _ := forgeries(t, first)
		data, _ := json.Marshal(r)
		rs, err := ruleset.Load("forgeries.json", data, ruleset.Options{})
		if err != nil {
			t.Fatalf("first=%v: %v", first, err)
		}
		if it := rs.Items.ItemByRef("forgeries/glass-longsword"); it == nil || !it.IsFake() || it.Market.PassesFor != "equipment/longsword" {
			t.Fatalf("first=%v: the glass longsword: %+v", first, it)
		}
	}
	cases := []struct {
		name, contains string
		patch          func(r map[string]any, fake map[string]any)
	}{
		{"passes for a fake of another catalog", "is itself a fake", func(r, fake map[string]any) {
			fake["category"], fake["slots"] = "potion", nil
			delete(fake, "slots")
			fake["passesFor"] = "magic_items/potion-of-poison"
		}},
		{"passes for an item of another category", "of its own category", func(r, fake map[string]any) { fake["passesFor"] = "equipment/battleaxe"; fake["category"] = "armor" }},
		{"worn in other slots", "worn in other slots", func(r, fake map[string]any) { fake["passesFor"] = "equipment/greataxe" }},
		{"binds when its target does not", "this fake binds", func(r, fake map[string]any) {
			at(r, "items")["binding"] = jsv(`{ "label": "Attunement", "max": { "const": 3 } }`)
			fake["binds"] = true
		}},
		{"passes for an item without cost", "not for sale", func(r, fake map[string]any) { delete(entryItem(r, "equipment", "longsword"), "cost") }},
		{"passes for an item in no catalog", `no item "armory/longsword"`, func(r, fake map[string]any) { fake["passesFor"] = "armory/longsword" }},
	}
	for _, c := range cases {
		for _, first := range []bool{true, false} {
			t.Run(c.name+map[bool]string{true: ", fakes first", false: ", fakes last"}[first], func(t *testing.T) {
				r, fakeAt := forgeries(t, first)
				c.patch(r, at(r, fakeAt...))
				data, _ := json.Marshal(r)
				_, err := ruleset.Load("forgeries.json", data, ruleset.Options{})
				var verr *validate.Error
				if !errors.As(err, &verr) {
					t.Fatalf("want a refusal, got %v", err)
				}
				want := "/" + joinPath(fakeAt) + "/passesFor"
				found := false
				for _, p := range verr.Problems {
					if p.Pointer == want && strings.Contains(p.Message, c.contains) {
						found = true
					} else {
						t.Errorf("unexpected problem %s: %s", p.Pointer, p.Message)
					}
				}
				if !found {
					t.Errorf("no problem at %s containing %q", want, c.contains)
				}
			})
		}
	}
}

func joinPath(path []any) string {
	out := make([]string, len(path))
	for i, k := range path {
		b, _ := json.Marshal(k)
		out[i] = strings.Trim(string(b), `"`)
	}
	return strings.Join(out, "/")
}

// entryItem is the item block of catalog/entry in the raw ruleset.
func entryItem(r map[string]any, catalog, entry string) map[string]any {
	for _, c := range r["catalogs"].([]any) {
		cm := c.(map[string]any)
		if cm["id"] != catalog {
			continue
		}
		for _, e := range cm["entries"].([]any) {
			if em := e.(map[string]any); em["id"] == entry {
				return em["item"].(map[string]any)
			}
		}
	}
	panic("no " + catalog + "/" + entry)
}

// TestTellDCWarnsWhenBandsReadTheTotal: on a ruleset whose outcome bands
// read the result itself (by "total", as Blades'), a tell's dc decides
// nothing (checks.md: "whatever the difficulty was"), so the author is
// told at the dc; read by margin, it is not.
func TestTellDCWarnsWhenBandsReadTheTotal(t *testing.T) {
	for _, by := range []string{"total", "margin"} {
		r := marketBase(t)
		at(r, "resolution", "outcomes")["by"] = by
		data, _ := json.Marshal(r)
		rs, err := ruleset.Load("r.json", data, ruleset.Options{})
		if err != nil {
			t.Fatalf("by %s: %v", by, err)
		}
		n := 0
		for _, w := range rs.Warnings {
			if strings.HasSuffix(w.Pointer, "/dc") && strings.Contains(w.Pointer, "/tells/") && strings.Contains(w.Message, "has no effect") {
				n++
			}
		}
		if by == "total" && n == 0 {
			t.Errorf("bands by total: no warning at a tell's dc: %v", rs.Warnings)
		}
		if by == "margin" && n != 0 {
			t.Errorf("bands by margin: %d warnings at tells' dc: %v", n, rs.Warnings)
		}
	}
}

// TestItemAndCoinRefsSuggest (issue 29): a mistyped loot item, an item
// written by its entry id alone and a mistyped coin each say what was
// meant, as a mistyped key does.
func TestItemAndCoinRefsSuggest(t *testing.T) {
	cases := []struct {
		name    string
		edit    func(r map[string]any)
		pointer string
		want    string
	}{
		{"loot item typo", func(r map[string]any) {
			at(r, "items")["lootTables"].([]any)[0].(map[string]any)["entries"].([]any)[1].(map[string]any)["item"] = "magic_items/potion-of-healnig"
		}, "/items/lootTables/0/entries/1/item", `no item "magic_items/potion-of-healnig" in a catalog that holds items; did you mean "magic_items/potion-of-healing"?`},
		{"loot item by entry id", func(r map[string]any) {
			at(r, "items")["lootTables"].([]any)[0].(map[string]any)["entries"].([]any)[1].(map[string]any)["item"] = "potion-of-healing"
		}, "/items/lootTables/0/entries/1/item", `did you mean "magic_items/potion-of-healing"?`},
		{"coin typo", func(r map[string]any) {
			gear := at(r, "items")["startingGear"].([]any)
			for _, g := range gear {
				for _, l := range g.(map[string]any)["lines"].([]any) {
					if m := l.(map[string]any); m["coins"] == "gp" {
						m["coins"] = "gq"
						return
					}
				}
			}
			t.Fatal("no coins line in the 5e starting gear")
		}, "", `no coin "gq" in the block's currencies; did you mean "gp"?`},
	}
	cases = append(cases, struct {
		name    string
		edit    func(r map[string]any)
		pointer string
		want    string
	}{"a check's skill typo", func(r map[string]any) {
		if !replaceString(r, "arcana", "arcnaa") {
			t.Fatal(`no "skill": "arcana" in the 5e ruleset's items`)
		}
	}, "", `did you mean "arcana"?`})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := marketBase(t)
			c.edit(r)
			data, _ := json.Marshal(r)
			_, err := ruleset.Load("r.json", data, ruleset.Options{})
			var verr *validate.Error
			if !errors.As(err, &verr) {
				t.Fatalf("want a refusal, got %v", err)
			}
			for _, p := range verr.Problems {
				if (c.pointer == "" || p.Pointer == c.pointer) && strings.Contains(p.Message, c.want) {
					return
				}
			}
			t.Errorf("no problem at %q containing %q; got:\n%v", c.pointer, c.want, verr)
		})
	}
}

// replaceString replaces the first "skill": old it finds under the
// ruleset's items and catalogs with new.
func replaceString(v any, old, new string) bool {
	switch x := v.(type) {
	case map[string]any:
		if x["skill"] == old {
			if _, top := x["label"]; !top { // a check's { "skill": id }, not the skill itself
				x["skill"] = new
				return true
			}
		}
		for k, c := range x {
			if k == "skills" {
				continue
			}
			if replaceString(c, old, new) {
				return true
			}
		}
	case []any:
		for _, c := range x {
			if replaceString(c, old, new) {
				return true
			}
		}
	}
	return false
}
