package market_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	_ "github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/tag"
)

func load(t testing.TB, path string) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.LoadFile(path, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// party is a ruleset's bundled party (its sheets, in file order).
func party(t testing.TB, dir string) *items.Party {
	t.Helper()
	rs := load(t, filepath.Join("../../rulesets", dir, "ruleset.json"))
	sheets, err := session.LoadParty(filepath.Join("../../rulesets", dir, "sheets"), rs)
	if err != nil {
		t.Fatal(err)
	}
	return items.New(rs, sheets)
}

// gravewatch is Bram and Maud with their bags emptied of coins.
func gravewatch(t testing.TB) *items.Party {
	t.Helper()
	p := party(t, "gravewatch")
	for _, m := range p.Members {
		var keep []items.Stack
		for _, s := range m.Bag {
			if !strings.HasPrefix(s.Item, itemrules.CoinRefPrefix) {
				keep = append(keep, s)
			}
		}
		m.Bag = keep
	}
	return p
}

func give(p *items.Party, i int, coin string, n int) {
	def := p.RS.Items.CoinItem(coin)
	p.Put(i, def, def.Label, n)
}

// say answers one tag the way a session does: as the Game Master, in
// reply index (turn), ordinal 0, with that tag's own stream.
func say(t testing.TB, p *items.Party, turn int, s string) record.Record {
	t.Helper()
	return sayAs(t, p, items.GM, turn, s)
}

func sayAs(t testing.TB, p *items.Party, actor items.Actor, turn int, s string) record.Record {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	tr := items.Turn{Actor: actor, Dice: dice.New(7, turn, 0), Seed: 7, Index: turn}
	var r record.Record
	if fn, ok := items.TagAnswerer(tg.Name); ok {
		r = fn(p, tg, tr)
	} else {
		r = p.AnswerTurn(tg, tr)
	}
	if err := record.Check(r); err != nil {
		t.Fatalf("%s: %v", r, err)
	}
	return r
}

func bagText(p *items.Party, i int) string {
	var out []string
	for _, s := range p.Members[i].Bag {
		out = append(out, s.Name+"×"+itoa(s.Count))
	}
	return strings.Join(out, ", ")
}

func itoa(n int) string { return strconv.Itoa(n) }
