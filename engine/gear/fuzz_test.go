package gear_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/gear"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
)

// FuzzStartingGear feeds items.startingGear (JSON) to the validator and
// a player's [gear:] to the answer. A refused file reports problems; an
// accepted one holds only sets within every limit; a take is all or
// nothing (a refusal leaves the party as it was) and every record passes
// the schema, and listing the gear never fails. Seeds:
// testdata/fuzz/FuzzStartingGear.
func FuzzStartingGear(f *testing.F) {
	f.Add(`[{"id":"k","group":"class","fits":{"value":{"abilityScore":"brawn"},"atLeast":2},"lines":[{"item":"c/rope","equip":true}],
		"choices":[{"label":"A","options":[{"label":"x","lines":[{"oneOf":["c/rope","c/pin"],"count":2}]},{"label":"y","lines":[{"coins":"bit","count":9}]}]}]},
		{"id":"b","lines":[{"name":"Vestments"}]}]`, `[gear: take="k" choice1="x" pick1="Pin"]`)
	f.Add(`[{"id":"p","lines":[{"item":"c/pin","count":999},{"item":"c/pin","count":999}]}]`, `[gear: take="p"]`)
	f.Fuzz(func(t *testing.T, sets, tg string) {
		rs, err := loadGear(sets)
		if err != nil {
			var verr *validate.Error
			if !errors.As(err, &verr) || len(verr.Problems) == 0 {
				t.Fatalf("a refusal without problems: %v", err)
			}
			return
		}
		b := rs.Items
		for i := range b.StartingGear {
			g := &b.StartingGear[i]
			if len(g.Choices) > itemrules.MaxGearChoices || g.MostStacks(b) > itemrules.MaxStacksPerBag {
				t.Fatalf("set %q accepted out of bounds", g.ID)
			}
			for _, c := range g.Choices {
				if len(c.Options) < itemrules.MinGearOptions || len(c.Options) > itemrules.MaxGearOptions {
					t.Fatalf("choice %q with %d options", c.Label, len(c.Options))
				}
			}
		}
		p := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada"), sheet.Blank("Bo")})
		for i := range p.Members {
			gear.Text(p, i)
		}
		parsed, err := tag.Parse(tg)
		if err != nil || !strings.EqualFold(parsed.Name, "gear") {
			return
		}
		before, _ := json.Marshal(p)
		r := gear.Answer(p, parsed, items.Turn{Actor: items.Player, Dice: dice.New(0, 0, 0)})
		if err := record.Check(r); err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		after, _ := json.Marshal(p)
		if r.Name == "refused" && string(before) != string(after) {
			t.Fatalf("a refused take changed the party: %s", r)
		}
		for i := range p.Members {
			if p.Stacks(i) > items.MaxStacksPerBag {
				t.Fatalf("bag %d holds %d stacks", i, p.Stacks(i))
			}
		}
	})
}

func loadGear(sets string) (*ruleset.Ruleset, error) {
	src := `{"id":"g","name":"G","abilities":[{"id":"brawn","min":0,"max":5,"default":1}],
	"resolution":{"kind":"dice-sum","dice":{"count":1,"sides":20},"proficiencyTiers":[{"id":"none"}]},
	"items":{"categories":[{"id":"gear"}],
	  "stats":[{"id":"bulk","type":"number","min":0,"max":20}],"slots":[{"id":"hands","count":2}],
	  "carry":{"stat":"bulk","encumberedAbove":{"const":2},"limit":{"const":3},"unit":"bulk"},
	  "currencies":[{"id":"coin","label":"Coin","perWeight":10,"units":[{"id":"bit","label":"bits","one":"bit","value":1}]}],
	  "startingGear":` + sets + `},
	"catalogs":[{"id":"c","holds":"items","entries":[
	  {"id":"rope","label":"Rope","item":{"category":"gear","stats":{"bulk":1},"slots":{"hands":1}}},
	  {"id":"pin","label":"Pin","item":{"category":"gear","stack":1}}]}]}`
	return ruleset.Load("fuzz.json", []byte(src), ruleset.Options{})
}
