package market_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
)

// FuzzMarketBlock feeds items.market (JSON, into the bundled 5e ruleset
// with its fakes) to the validator, then states a place and answers the
// tags against it. A refused file reports problems with pointers and
// messages; an accepted one holds a market within the spec's limits,
// whose MARKET block builds and whose answers pass the record schema.
// Seeds: testdata/fuzz/FuzzMarketBlock.
func FuzzMarketBlock(f *testing.F) {
	base := raw5e(f)
	mk, _ := json.Marshal(base["items"].(map[string]any)["market"])
	f.Add(string(mk), `[place: name="Saltmarsh" size="town"]`, `[inventory: action="buy" item="Potion of Healing" seller="Fence" count="2"]`, uint64(1))
	f.Add(`{"prices":[{"id":"fair","times":1,"default":true}],"places":[{"id":"v"}]}`, `[place: name="V" size="v"]`, `[inventory: action="sell" item="Longbow"]`, uint64(2))
	f.Fuzz(func(t *testing.T, mkt, place, tg string, seed uint64) {
		var m any
		if json.Unmarshal([]byte(mkt), &m) != nil {
			return
		}
		r := cloneMap(base)
		r["items"].(map[string]any)["market"] = m
		data, _ := json.Marshal(r)
		rs, ok := loadOrRefused(t, data)
		if !ok {
			return
		}
		mm := rs.Items.Market
		if n := len(mm.Prices); n < 1 || n > itemrules.MaxPriceLevels || mm.DefaultLevel() == nil {
			t.Fatalf("accepted prices %+v", mm.Prices)
		}
		if n := len(mm.Places); n < 1 || n > itemrules.MaxPlaceSizes || mm.BuyBack < 0 || mm.BuyBack > 1 {
			t.Fatalf("accepted places %+v buyBack %v", mm.Places, mm.BuyBack)
		}
		p := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada"), sheet.Blank("Corvin")})
		give(p, 0, "gp", 500)
		answerAll(t, p, seed, place, tg)
		if v, ok := market.Block(p); ok {
			_ = v.Lines()
		}
	})
}

// FuzzMarketTags answers any buy, sell, reveal, inspect or [place:] tag
// (in the 5e town with a fence and a fake in the bag): every answer
// passes the record schema, and a refusal changes nothing.
// Seeds: testdata/fuzz/FuzzMarketTags.
func FuzzMarketTags(f *testing.F) {
	f.Add(`[inventory: action="buy" item="Potion of Healing" seller="Fence" who="Ada"]`, uint64(1))
	f.Add(`[inventory: action="sell" item="Potion of Healing" count="2" seller="apothecary"]`, uint64(2))
	f.Add(`[inventory: action="inspect" item="Potion of Healing" who="Corvin" with="Identify"]`, uint64(3))
	f.Add(`[inventory: action="inspect" item="Potion of Healing" seller="Fence" who="Corvin"]`, uint64(4))
	f.Add(`[inventory: action="reveal" item="Potion of Healing"]`, uint64(5))
	f.Add(`[place: name="Waterdeep" size="city" day="new"]`, uint64(6))
	base := town(f)
	fake := base.RS.Items.ItemByRef("magic_items/potion-of-poison")
	base.Put(0, fake, "Potion of Healing", 2)
	f.Fuzz(func(t *testing.T, tg string, seed uint64) {
		p := base.Clone()
		parsed, err := tag.Parse(tg)
		if err != nil {
			return
		}
		before := state(t, p)
		turn := items.Turn{Actor: items.GM, Dice: dice.New(seed, 1, 0), Seed: seed, Index: 1}
		var r record.Record
		if fn, ok := items.TagAnswerer(parsed.Name); ok {
			r = fn(p, parsed, turn)
		} else if strings.EqualFold(parsed.Name, "inventory") {
			r = p.AnswerTurn(parsed, turn)
		} else {
			return
		}
		if err := record.Check(r); err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		if r.Name == "refused" {
			reason, _ := r.Get("reason")
			_, foundOut := r.Get("revealed") // an honest buyer refusing a fake it found out
			if reason != market.Held && !foundOut && state(t, p) != before {
				t.Fatalf("refusal %s changed the party", r)
			}
		}
	})
}

func answerAll(t *testing.T, p *items.Party, seed uint64, tags ...string) {
	for i, s := range tags {
		parsed, err := tag.Parse(s)
		if err != nil {
			continue
		}
		turn := items.Turn{Actor: items.GM, Dice: dice.New(seed, i, 0), Seed: seed, Index: i}
		var r record.Record
		if fn, ok := items.TagAnswerer(parsed.Name); ok {
			r = fn(p, parsed, turn)
		} else {
			r = p.AnswerTurn(parsed, turn)
		}
		if err := record.Check(r); err != nil {
			t.Fatalf("%s: %v", r, err)
		}
	}
}

// raw5e is the bundled 5e ruleset (with its market and fakes) as JSON
// values, for a fuzz target to change one part of.
func raw5e(f *testing.F) map[string]any {
	raw, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		f.Fatal(err)
	}
	var base map[string]any
	if err := json.Unmarshal(raw, &base); err != nil {
		f.Fatal(err)
	}
	return base
}

// loadOrRefused loads a fuzzed ruleset; a refusal must list problems,
// each with a message and a JSON pointer (false: refused, as it may be).
func loadOrRefused(t *testing.T, data []byte) (*ruleset.Ruleset, bool) {
	rs, err := ruleset.Load("fuzz.json", data, ruleset.Options{})
	if err == nil {
		return rs, true
	}
	var verr *validate.Error
	if !errors.As(err, &verr) || len(verr.Problems) == 0 {
		t.Fatalf("a refusal without problems: %v", err)
	}
	for _, p := range verr.Problems {
		if p.Message == "" || !strings.HasPrefix(p.Pointer, "/") {
			t.Fatalf("a problem without a message or pointer: %+v", p)
		}
	}
	return nil, false
}

func cloneMap(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}
