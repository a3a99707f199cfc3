package use_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/battle"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/use"
)

// FuzzUseValidator puts any text in an item's "use" (and "charges") of
// the test ruleset: the validator never panics, and a use that loads
// can be used, toggled and described without a panic or a record the
// schema refuses. Seeds: the refused rulesets' use blocks and the
// bundled ones.
func FuzzUseValidator(f *testing.F) {
	base, err := os.ReadFile(filepath.Join(root, "testdata/use/wounds.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(`{ "kind": "heal", "free": true, "amount": { "flat": 1 }, "consumes": true }`, `{ "max": 3 }`)
	f.Add(`{ "kind": "debuff", "budget": "act", "targets": "enemy", "save": { "save": "nerve", "onSuccess": "negates" }, "saveDifficulty": 7, "applies": [{ "condition": "cursed", "duration": { "rounds": 2 } }], "charges": 1 }`,
		`{ "max": 3, "recharge": { "rests": ["sleep"], "amount": "max" }, "breaksOn": { "die": 20, "atMost": 1 } }`)
	f.Add(`{ "kind": "buff", "free": true, "charges": 1, "gate": { "check": { "skill": "scribe" }, "difficulty": { "stat": "dc" }, "unless": { "value": { "abilityScore": "lore" }, "atLeast": 3 } } }`, `{ "max": { "stat": "uses" } }`)
	f.Add(`{ "kind": "attack", "budget": "act", "attackRoll": true, "toHit": { "abilities": ["grit", "lore"], "skill": "scribe", "bonus": 2 }, "amount": { "dice": "2d6", "flat": 1 }, "damageType": "fire", "plus": [{ "dice": "1d6", "type": "cold", "targetIs": { "types": ["undead"] }, "save": { "save": "nerve", "difficulty": 6, "onSuccess": "none" } }, { "flat": 3, "when": "critical" }], "targetCount": 3, "range": 10, "charges": 1 }`, `{ "max": 3, "breaksOn": { "die": 6, "atMost": 2 } }`)
	f.Add(`{ "kind": "debuff", "free": true, "area": { "shape": "cone", "size": 3 }, "friendlyFire": true, "save": { "save": "nerve", "onSuccess": "half" }, "saveDifficulty": { "stat": "dc" }, "amount": { "dice": "1d4" }, "applies": [{ "condition": "cursed" }], "temporary": { "flat": 2 }, "consumes": true }`, `{ "max": 1 }`)
	f.Add(`{ "kind": "buff", "budget": "act", "targets": "self", "temporary": { "dice": "1d8" }, "restore": { "pool": "focus", "amount": { "flat": 1 } }, "consumes": true }`, `{ "max": 1 }`)
	// A toHit read as a weapon's: values from the item's stats (issue: a
	// use's toHit reads exactly as a weapon's).
	f.Add(`{ "kind": "attack", "budget": "act", "attackRoll": true, "toHit": { "abilities": ["grit"], "bonus": { "stat": "dc" }, "proficiency": { "const": 1 }, "sheetBonus": { "derived": "spell_mod" } }, "amount": { "flat": 1 }, "consumes": true }`, `{ "max": 1 }`)
	f.Add(`{ "kind": "attack", "free": true, "attackRoll": true, "toHit": { "skill": { "stat": "uses" }, "target": { "stat": "dc" } }, "amount": { "flat": 1 }, "consumes": true }`, `{ "max": 1 }`)
	refused, _ := filepath.Glob(filepath.Join(root, "testdata/refused/use/*.json"))
	for _, r := range refused {
		if strings.HasSuffix(r, ".want.json") {
			continue
		}
		if use, charges, ok := refusedUse(r); ok {
			f.Add(use, charges)
		}
	}
	f.Fuzz(func(t *testing.T, useJSON, chargesJSON string) {
		rs, err := ruleset.Load("fuzz.json", withUse(base, useJSON, chargesJSON), ruleset.Options{})
		if err != nil {
			return
		}
		exercise(t, rs)
	})
}

// withUse puts use and charges in place of the salve's use in the test
// ruleset base, with the combat block's distance unit a range or an area
// needs. An empty charges leaves the item without charges.
func withUse(base []byte, use, charges string) []byte {
	const salve = `"use": { "kind": "heal", "free": true, "amount": { "flat": 1 }, "consumes": true }`
	block := `"use": ` + use
	if charges != "" {
		block += `, "charges": ` + charges
	}
	text := strings.Replace(string(base), salve, block, 1)
	text = strings.Replace(text, `"combat": {`, `"combat": { "distance": { "unit": "paces", "one": "pace" },`, 1)
	return []byte(text)
}

// TestUseSeedsReachTheUseBlock: the refused seeds of FuzzUseValidator
// are whole use blocks, and most are refused inside the item's use or
// charges once put in the fuzz ruleset (some refusals also need a change
// elsewhere in their file, so not all).
func TestUseSeedsReachTheUseBlock(t *testing.T) {
	base, err := os.ReadFile(filepath.Join(root, "testdata/use/wounds.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ruleset.Load("base.json", withUse(base, `{ "kind": "heal", "free": true, "amount": { "flat": 1 }, "consumes": true }`, ""), ruleset.Options{}); err != nil {
		t.Fatalf("the fuzz ruleset with a plain use: %v", err)
	}
	refused, _ := filepath.Glob(filepath.Join(root, "testdata/refused/use/*.json"))
	seeds, inUse := 0, 0
	for _, r := range refused {
		if strings.HasSuffix(r, ".want.json") {
			continue
		}
		use, charges, ok := refusedUse(r)
		if !ok {
			t.Errorf("%s: no use block to seed", r)
			continue
		}
		seeds++
		_, err := ruleset.Load("seed.json", withUse(base, use, charges), ruleset.Options{})
		if err != nil && strings.Contains(err.Error(), "/item/use") {
			inUse++
		}
	}
	if seeds == 0 || inUse*2 < seeds {
		t.Errorf("%d of %d refused seeds are refused inside a use block; want most", inUse, seeds)
	}
	if testing.Verbose() {
		t.Logf("%d of %d refused seeds refused inside a use block", inUse, seeds)
	}
}

// refusedUse reads the first item's "use" and "charges" of a refused
// ruleset (testdata/use/gen_refused.py puts the refused item first), so
// the seed is the whole use block the refusal is about rather than the
// file's opening characters. An item without charges seeds { "max": 2 }.
func refusedUse(path string) (use, charges string, ok bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", "", false
	}
	var rs struct {
		Catalogs []struct {
			Entries []struct {
				Item map[string]json.RawMessage `json:"item"`
			} `json:"entries"`
		} `json:"catalogs"`
	}
	if json.Unmarshal(data, &rs) != nil || len(rs.Catalogs) == 0 || len(rs.Catalogs[0].Entries) == 0 {
		return "", "", false
	}
	item := rs.Catalogs[0].Entries[0].Item
	if item["use"] == nil {
		return "", "", false
	}
	if c, has := item["charges"]; has {
		charges = string(c)
	}
	return string(item["use"]), charges, true
}

// exercise uses, toggles and describes every item of rs on a blank-ish
// party, checking every record against the schema.
func exercise(t *testing.T, rs *ruleset.Ruleset) {
	p := items.New(rs, party(t, rs, "mira.json"))
	for k, it := range rs.Items.Items {
		_ = use.Describe(p, it)
		for _, s := range []string{
			`[inventory: action="equip" item="` + it.Label + `"]`,
			`[inventory: action="use" item="` + it.Label + `"]`,
			`[inventory: action="use" item="` + it.Label + `"]`,
			`[sheet: op="rest" rest="sleep"]`,
			`[inventory: action="toggle" item="` + it.Label + `"]`,
		} {
			tg, err := tag.Parse(s)
			if err != nil {
				continue
			}
			var r record.Record
			if fn, ok := items.TagAnswerer(tg.Name); ok {
				r = fn(p, tg, items.Turn{Dice: dice.New(uint64(k), 1, 0)})
			} else {
				r = p.AnswerTurn(tg, items.Turn{Dice: dice.New(uint64(k), 1, 0)})
			}
			if err := record.Check(r); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
	}
	_ = p.LiveBlock()
	_ = p.Block()
	fightAll(t, rs)
}

// fightAll uses every item of rs in a fight (on a creature, on the user,
// on both) and in a Classic or Tactical battle: no panic, and a refusal
// changes nothing.
func fightAll(t *testing.T, rs *ruleset.Ruleset) {
	p := items.New(rs, party(t, rs, "mira.json"))
	for i := range p.Members[0].Bag {
		p.Members[0].Bag[i].Equipped, p.Members[0].Bag[i].Bound = true, true
	}
	st := use.Begin(p)
	creature := use.Target{Name: "Wight", Member: -1, Enemy: true, Types: []string{"undead"}}
	self := use.Target{Name: "Mira", Member: 0}
	for k, it := range rs.Items.Items {
		_ = use.Details(p, it)
		_ = use.Offered(p, 0)
		_ = battle.Bridge(p)
		for j, targets := range [][]use.Target{nil, {creature}, {self}, {creature, self}} {
			before, _ := jsonOf(p)
			r := use.InFight(use.Request{Party: p, User: 0, Item: it.Label, Targets: targets, Board: newBoard(p), Dice: dice.New(uint64(k), j, 0), Start: st})
			if after, _ := jsonOf(p); r.Refused != nil && after != before {
				t.Fatalf("%s: refused (%s) but changed the party", it.Label, r.Refused.Value("reason"))
			}
		}
		out := battle.Use(p, battle.Unit{Name: "Hob", Member: -1}, it.Label, dice.New(uint64(k), 9, 0))
		if out.Refused != nil {
			if err := record.Check(*out.Refused); err != nil {
				t.Fatalf("%s: %v", it.Label, err)
			}
		}
	}
}

// FuzzUseTag answers any [inventory: action="use"/"toggle" ...] text
// against the test party: no panic, every record passes the schema, and
// a refusal changes nothing.
func FuzzUseTag(f *testing.F) {
	for _, s := range []string{
		`[inventory: action="use" item="Salve"]`, `[inventory: action="use" item="Scroll" who="Mira"]`,
		`[inventory: action="use" item="Wand"]`, `[inventory: action="use" item="Amulet"]`,
		`[inventory: action="use" item="Blank scroll"]`, `[inventory: action="toggle" item="Torch" on="true"]`,
		`[inventory: action="use" item="" who="\""]`, `[inventory: action="toggle" item="torch" on="maybe"]`,
	} {
		f.Add(s, uint64(1))
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64) { answerAny(t, text, seed) })
}

// FuzzSheetTag answers any [sheet: ...] text the same way.
func FuzzSheetTag(f *testing.F) {
	for _, s := range []string{
		`[sheet: op="rest" rest="sleep"]`, `[sheet: op="rest" rest="Prayer" who="Mira"]`,
		`[sheet: op="condition" condition="blessed"]`, `[sheet: op="condition" condition="Blessed" remove="true"]`,
		`[sheet: op="pool" pool="focus" by="-2"]`, `[sheet: op="track" track="wounds" by="+9"]`,
		`[sheet: op="track" track="harm" by="-99999999999"]`, `[sheet: op=""]`,
	} {
		f.Add(s, uint64(1))
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64) { answerAny(t, text, seed) })
}

var fuzzRS *ruleset.Ruleset

func answerAny(t *testing.T, text string, seed uint64) {
	if fuzzRS == nil {
		rs, err := ruleset.LoadFile(filepath.Join(root, "testdata/use/wounds.json"), ruleset.Options{})
		if err != nil {
			t.Fatal(err)
		}
		fuzzRS = rs
	}
	p := items.New(fuzzRS, party(t, fuzzRS, "mira.json"))
	for i, f := range tag.FindAll(text) {
		var r record.Record
		before := p.Clone()
		snap, _ := jsonOf(before)
		if fn, ok := items.TagAnswerer(f.Tag.Name); ok {
			r = fn(p, f.Tag, items.Turn{Dice: dice.New(seed, 0, i)})
		} else if strings.EqualFold(f.Tag.Name, "inventory") {
			r = p.AnswerTurn(f.Tag, items.Turn{Dice: dice.New(seed, 0, i)})
		} else {
			continue
		}
		if err := record.Check(r); err != nil {
			t.Fatalf("%s: %v", f.Tag, err)
		}
		if after, _ := jsonOf(p); r.Name == "refused" && after != snap {
			t.Fatalf("%s: refused (%s) but changed the party", f.Tag, r.Value("reason"))
		}
		_ = p.LiveBlock()
	}
}
