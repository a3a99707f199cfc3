package prompt_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// condition is an instruction that items.md or checks.md gives only to
// rulesets with some feature: the phrase must appear exactly where has
// says, on every bundled ruleset and on the variants below.
type condition struct {
	name   string
	phrase string
	has    func(rs *ruleset.Ruleset) bool
}

var conditions = []condition{
	{"coins", `action="pay"`, func(rs *ruleset.Ruleset) bool { return rs.Items != nil && len(rs.Items.Currencies) > 0 }},
	{"coins section", "MONEY\n", func(rs *ruleset.Ruleset) bool { return rs.Items != nil && len(rs.Items.Currencies) > 0 }},
	{"loot tables", "[loot:", func(rs *ruleset.Ruleset) bool { return rs.Items != nil && len(rs.Items.LootTables) > 0 }},
	{"bands", "narrate the band", func(rs *ruleset.Ruleset) bool {
		return rs.Resolution != nil && rs.Resolution.Outcomes != nil && len(rs.Resolution.Outcomes.Tiers) > 0
	}},
	{"advantage", "mode=", func(rs *ruleset.Ruleset) bool {
		return rs.Resolution != nil && rs.Resolution.DiceSum != nil && rs.Resolution.DiceSum.Advantage
	}},
	{"dark dice", "dark=", func(rs *ruleset.Ruleset) bool {
		return rs.Resolution != nil && rs.Resolution.DiceHighest != nil && rs.Resolution.DiceHighest.Dark != nil
	}},
	{"spends", "spend=", func(rs *ruleset.Ruleset) bool { return rs.Resolution != nil && len(rs.Resolution.Spend) > 0 }},
	{"native false", "not-ruleset-item", func(rs *ruleset.Ruleset) bool { return rs.Items != nil && !rs.Items.Native }},
	{"propose false", "Do not invent items", func(rs *ruleset.Ruleset) bool { return rs.Items != nil && !rs.Items.Propose }},
	{"invent", "To invent an item", func(rs *ruleset.Ruleset) bool { return rs.Items != nil && rs.Items.Propose }},
	{"freeform refuse", "types that is not one of this ruleset's is refused", func(rs *ruleset.Ruleset) bool {
		return rs.Items != nil && rs.Items.Freeform == "refuse"
	}},
	{"weapons", "fights like that weapon", func(rs *ruleset.Ruleset) bool {
		if rs.Items == nil || !rs.Items.Propose {
			return false
		}
		for _, it := range rs.Items.Items {
			if it.Attack != nil {
				return true
			}
		}
		return false
	}},
	{"binding", "binds=", func(rs *ruleset.Ruleset) bool { return rs.Items != nil && rs.Items.Binding != nil && rs.Items.Propose }},
	// The fight section: only where a [fight: op="start"] is answered
	// (engine/fight's own predicate, docs/fight.md).
	{"fight", "[fight: op=", fight.Resolves},
	{"fight section", "FIGHT\n", fight.Resolves},
	{"market", "[place:", hasMarket},
	{"buy", `action="buy"`, hasMarket},
	{"market day", `day="new"`, func(rs *ruleset.Ruleset) bool { return hasMarket(rs) && prompt.HasMarketDay(rs.Items) }},
	{"sell", `action="sell"`, func(rs *ruleset.Ruleset) bool { return hasMarket(rs) && prompt.HasMarketDay(rs.Items) }},
}

func hasMarket(rs *ruleset.Ruleset) bool { return rs.Items != nil && rs.Items.Market != nil }

func checkConditions(t *testing.T, name string, rs *ruleset.Ruleset, text string) {
	t.Helper()
	for _, c := range conditions {
		if got, want := strings.Contains(text, c.phrase), c.has(rs); got != want {
			t.Errorf("%s: %s: the prompt has %q: %v, want %v", name, c.name, c.phrase, got, want)
		}
	}
}

// TestConditionalInstructions: on every bundled ruleset, each conditional
// instruction appears exactly where the ruleset has its feature.
func TestConditionalInstructions(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range bundled(t) {
		text := prompt.Text(prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets}))
		checkConditions(t, g.name, g.rs, text)
		for _, c := range conditions {
			seen[c.name] = seen[c.name] || c.has(g.rs)
		}
	}
	// The bundled rulesets cover these both ways; the variants below
	// cover the rest.
	for _, name := range []string{"coins", "loot tables", "bands", "advantage", "dark dice", "spends", "invent", "binding", "market", "market day", "fight"} {
		if !seen[name] {
			t.Errorf("no bundled ruleset has %s: the test would not see it appear", name)
		}
	}
}

// TestConditionalVariants changes one switch of a bundled ruleset at a
// time (native, propose, freeform, coins, loot tables, advantage) and
// checks the instructions follow.
func TestConditionalVariants(t *testing.T) {
	variants := []struct {
		name, base string
		edit       func(m map[string]any)
	}{
		{"native false", "ember-roads", func(m map[string]any) { items(m)["native"] = false }},
		{"propose false", "ember-roads", func(m map[string]any) { items(m)["propose"] = false }},
		{"freeform refuse", "gravewatch", func(m map[string]any) { items(m)["freeform"] = "refuse" }},
		{"no coins", "gravewatch", func(m map[string]any) {
			delete(items(m), "currencies")
			delete(items(m), "lootTables")
			delete(items(m), "market")
			stripCoins(m)
			for _, c := range m["catalogs"].([]any) { // the creatures' loot goes with the tables
				for _, e := range c.(map[string]any)["entries"].([]any) {
					if cr, ok := e.(map[string]any)["creature"].(map[string]any); ok {
						delete(cr, "loot")
					}
				}
			}
		}},
		// Ember Roads has weapons (issue 19): the variant without them.
		{"no weapons", "ember-roads", func(m map[string]any) {
			for _, c := range m["catalogs"].([]any) {
				for _, e := range c.(map[string]any)["entries"].([]any) {
					if it, ok := e.(map[string]any)["item"].(map[string]any); ok {
						delete(it, "attack")
					}
				}
			}
		}},
		{"market without a day", "d20-5e", func(m map[string]any) {
			mk := items(m)["market"].(map[string]any)
			delete(mk, "buyBack")
			for _, p := range mk["places"].([]any) {
				delete(p.(map[string]any), "purse")
			}
			for _, s := range mk["sellers"].([]any) {
				delete(s.(map[string]any), "stock")
			}
			var sold []any
			for _, r := range mk["sold"].([]any) {
				delete(r.(map[string]any), "limited")
				if _, ok := r.(map[string]any)["place"]; ok {
					sold = append(sold, r)
				}
			}
			mk["sold"] = sold
			for _, c := range m["catalogs"].([]any) {
				for _, e := range c.(map[string]any)["entries"].([]any) {
					if it, ok := e.(map[string]any)["item"].(map[string]any); ok {
						if so, ok := it["sold"].(map[string]any); ok {
							delete(so, "limited")
							if _, ok := so["place"]; !ok {
								delete(it, "sold")
							}
						}
					}
				}
			}
		}},
		// No fight without a bestiary, or in a summed fight without
		// combat.defense (a start would be refused: no-foes, no-defense).
		{"no bestiary", "gravewatch", func(m map[string]any) {
			var keep []any
			for _, c := range m["catalogs"].([]any) {
				if c.(map[string]any)["holds"] != "creatures" {
					keep = append(keep, c)
				}
			}
			m["catalogs"] = keep
		}},
		{"no combat defense", "ember-roads", func(m map[string]any) { delete(m["combat"].(map[string]any), "defense") }},
		{"no advantage", "d20-5e", func(m map[string]any) { m["resolution"].(map[string]any)["advantage"] = false }},
		{"no bands", "d20-5e", func(m map[string]any) { delete(m["resolution"].(map[string]any), "outcomes") }},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			data, err := os.ReadFile("../../rulesets/" + v.base + "/ruleset.json")
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			v.edit(m)
			data, _ = json.Marshal(m)
			rs, err := ruleset.Load("ruleset.json", data, ruleset.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sheets, err := session.LoadParty("../../rulesets/"+v.base+"/sheets", rs)
			if err != nil {
				t.Fatal(err)
			}
			if v.name == "market without a day" && (rs.Items.Market == nil || prompt.HasMarketDay(rs.Items)) {
				t.Fatal("the variant still has a market day (or no market): it would test nothing")
			}
			if strings.HasPrefix(v.name, "no bestiary") || v.name == "no combat defense" {
				if fight.Resolves(rs) {
					t.Fatal("the variant still has a resolved fight: it would test nothing")
				}
			}
			secs := prompt.Build(prompt.Input{RS: rs, Sheets: sheets})
			checkConditions(t, v.name, rs, prompt.Text(secs))
			// The variant's examples are still answered without refusal.
			s := session.New(rs, sheets, 1)
			for _, list := range examples(secs) {
				for _, ex := range list {
					r, err := s.Append("gm", ex)
					if err != nil {
						t.Fatal(err)
					}
					for _, rec := range r.Records {
						if rec.Name == "refused" || rec.Has("ignored") {
							t.Errorf("%s: %s", ex, rec)
						}
					}
				}
			}
		})
	}
}

func items(m map[string]any) map[string]any { return m["items"].(map[string]any) }

// stripCoins removes what refers to coins (loot rows, costs) so the
// variant still loads without currencies.
func stripCoins(m map[string]any) {
	for _, c := range m["catalogs"].([]any) {
		for _, e := range c.(map[string]any)["entries"].([]any) {
			if it, ok := e.(map[string]any)["item"].(map[string]any); ok {
				delete(it, "cost")
				delete(it, "sold")
			}
		}
	}
}
