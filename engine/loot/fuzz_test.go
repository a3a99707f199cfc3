package loot_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/loot"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
)

// FuzzLootTables feeds items.lootTables (JSON) to the validator and a
// [loot:] tag to the answer. A refused file reports problems with
// pointers; an accepted one holds only tables within every limit, and
// rolling any of them drops at most 20 picks of known items, each
// record passing the schema. Seeds: testdata/fuzz/FuzzLootTables.
func FuzzLootTables(f *testing.F) {
	f.Add(`[{"id":"t","rolls":"1d2","entries":[{"item":"c/rope","weight":4,"count":"1d4"},{"filter":{"category":"relic"}},{"coins":"bit","count":3}]}]`, `[loot: table="t" who="Bo"]`, uint64(1))
	f.Add(`[{"id":"t","rolls":20,"entries":[{"item":"c/millstone"}]}]`, `[loot: table="t"]`, uint64(2))
	f.Fuzz(func(t *testing.T, tables, tg string, seed uint64) {
		rs, err := loadTables(tables)
		if err != nil {
			var verr *validate.Error
			if !errors.As(err, &verr) || len(verr.Problems) == 0 {
				t.Fatalf("a refusal without problems: %v", err)
			}
			for _, p := range verr.Problems {
				if p.Message == "" {
					t.Fatalf("a problem without a message at %q", p.Pointer)
				}
			}
			return
		}
		b := rs.Items
		for _, tb := range b.LootTables {
			if tb.Rolls.Max() > itemrules.MaxLootRolls || len(tb.Entries) == 0 || len(tb.Entries) > itemrules.MaxLootLines {
				t.Fatalf("table %q accepted out of bounds: %+v", tb.ID, tb)
			}
			for _, l := range tb.Entries {
				if l.Weight < 1 || (l.Item != "" && b.ItemByRef(l.Item) == nil) || (l.Coins != "" && b.CoinItem(l.Coins) == nil) {
					t.Fatalf("line accepted with a bad reference or weight: %+v", l)
				}
			}
			picks, drops := loot.Roll(b, &tb, dice.New(seed, 0, 0))
			if picks > itemrules.MaxLootRolls || len(drops) > picks {
				t.Fatalf("%d picks, %d drops", picks, len(drops))
			}
			for _, d := range drops {
				if d.Item == nil || d.Count < 1 {
					t.Fatalf("drop %+v", d)
				}
			}
		}
		parsed, err := tag.Parse(tg)
		if err != nil || !strings.EqualFold(parsed.Name, "loot") {
			return
		}
		p := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada"), sheet.Blank("Bo")})
		r := loot.Answer(p, parsed, items.Turn{Actor: items.GM, Dice: dice.New(seed, 1, 0)})
		if err := record.Check(r); err != nil {
			t.Fatalf("%s: %v", r, err)
		}
	})
}

func loadTables(tables string) (*ruleset.Ruleset, error) {
	src := `{"id":"l","name":"L","abilities":[{"id":"brawn","min":0,"max":5,"default":1}],
	"resolution":{"kind":"dice-sum","dice":{"count":1,"sides":20},"proficiencyTiers":[{"id":"none"}]},
	"items":{"categories":[{"id":"gear"},{"id":"relic"},{"id":"junk"}],"tags":[{"id":"old"}],"rarities":[{"id":"common"}],
	  "stats":[{"id":"bulk","type":"number","min":0,"max":20}],
	  "carry":{"stat":"bulk","encumberedAbove":{"const":2},"limit":{"const":3}},
	  "currencies":[{"id":"coin","label":"Coin","perWeight":10,"units":[{"id":"bit","label":"bits","one":"bit","value":1}]}],
	  "lootTables":` + tables + `},
	"catalogs":[{"id":"c","holds":"items","entries":[
	  {"id":"rope","label":"Rope","item":{"category":"gear","stats":{"bulk":1}}},
	  {"id":"millstone","label":"Millstone","item":{"category":"gear","stats":{"bulk":10}}},
	  {"id":"idol","label":"Idol","item":{"category":"relic","rarity":"common","tags":["old"]}}]}]}`
	return ruleset.Load("fuzz.json", []byte(src), ruleset.Options{})
}
