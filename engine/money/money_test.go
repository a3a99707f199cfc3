package money_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/money"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

func loadFile(t testing.TB, path string) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.LoadFile(path, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// gravewatch is the bundled Gravewatch party: Bram (the player) and Maud,
// with their bags emptied of coins (they start with none).
func gravewatch(t testing.TB) *items.Party {
	t.Helper()
	rs := loadFile(t, "../../rulesets/gravewatch/ruleset.json")
	sheets, err := session.LoadParty("../../rulesets/gravewatch/sheets", rs)
	if err != nil {
		t.Fatal(err)
	}
	return items.New(rs, sheets)
}

// inline is a small ruleset around an items block, for families and
// carry numbers the bundled rulesets do not have.
func inline(t testing.TB, itemsBlock string) *ruleset.Ruleset {
	t.Helper()
	src := `{"id":"m","name":"M","abilities":[{"id":"brawn","min":0,"max":5,"default":1}],
	"resolution":{"kind":"dice-sum","dice":{"count":1,"sides":20},"proficiencyTiers":[{"id":"none"}]},
	"items":` + itemsBlock + `}`
	rs, err := ruleset.Load("inline.json", []byte(src), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func party(rs *ruleset.Ruleset, names ...string) *items.Party {
	var sheets []*sheet.Sheet
	for _, n := range names {
		sheets = append(sheets, sheet.Blank(n))
	}
	return items.New(rs, sheets)
}

// give puts coins (by id) straight into member i's bag.
func give(p *items.Party, i int, coin string, n int) {
	def := p.RS.Items.CoinItem(coin)
	p.Put(i, def, def.Label, n)
}

func answer(t testing.TB, p *items.Party, s string) record.Record {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	r := p.Answer(tg, items.GM)
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

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func state(t testing.TB, p *items.Party) string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPaySpecExample is the spec's example: 3 shillings from a bag with
// one crown (worth 5 shillings in Gravewatch).
func TestPaySpecExample(t *testing.T) {
	p := gravewatch(t)
	give(p, 1, "crown", 1)
	r := answer(t, p, `[inventory: action="pay" amount="3 shillings" who="Maud"]`)
	want := `[inventory: action="pay" amount="3 shillings" who="Maud Hollin" paidWith="crowns ×1" change="shillings ×2" reply="Paid with crowns ×1; shillings ×2 back."]`
	if r.String() != want {
		t.Fatalf("got  %s\nwant %s", r, want)
	}
	if got := p.MoneyLine(1); got != "Coin worth 24 pennies" {
		t.Errorf("after paying: %q", got)
	}
}

// TestPayByHand are payments worked by hand with the spec's rule.
func TestPayByHand(t *testing.T) {
	threeCoins := `{"categories":[{"id":"gear"}],"currencies":[{"id":"bead","label":"Beads","units":[
		{"id":"bead","label":"beads","one":"bead","value":1},
		{"id":"string","label":"strings","one":"string","value":6},
		{"id":"shell","label":"shells","one":"shell","value":10}]}]}`
	cases := []struct {
		name   string
		rs     string // "" is Gravewatch
		bag    map[string]int
		amount string
		reply  string
		after  string
	}{
		// The crown is changed: 60 - 7 = 53 pennies back, as 4 shillings and 5 pennies.
		{"7 pennies from one crown", "", map[string]int{"crown": 1}, "7 pennies",
			"Paid with crowns ×1; shillings ×4, pennies ×5 back.", "shillings×4, pennies×5"},
		// The exact stack goes, with nothing back.
		{"the exact stack", "", map[string]int{"shilling": 3}, "3 shillings", "Paid with shillings ×3.", ""},
		// Largest coins that fit first: a shilling and 3 pennies pay 15 pennies, the crown stays.
		{"largest that fit first", "", map[string]int{"crown": 1, "shilling": 1, "penny": 3}, "15 pennies",
			"Paid with shillings ×1, pennies ×3.", "crowns×1"},
		// A shilling is owed; the pennies cannot cover it, so the smallest
		// coin that covers it (the shilling, not the crown) is changed.
		{"smallest coin that covers", "", map[string]int{"crown": 1, "shilling": 1}, "1 penny",
			"Paid with shillings ×1; pennies ×11 back.", "crowns×1, pennies×11"},
		// Greedy order matters: 12 beads from a shell and two strings. The
		// shell fits first (2 owed), a string is changed and 4 beads come
		// back, though two strings would have paid 12 exactly.
		{"greedy order in a 3-coin family", threeCoins, map[string]int{"shell": 1, "string": 2}, "12 beads",
			"Paid with shells ×1, strings ×1; beads ×4 back.", "strings×1, beads×4"},
		// 2 strings owed from a shell: the shell is changed and the 8 beads
		// back come as a string and 2 beads, largest first.
		{"change largest first", threeCoins, map[string]int{"shell": 1}, "2 beads",
			"Paid with shells ×1; strings ×1, beads ×2 back.", "strings×1, beads×2"},
		{"by id, any case", "", map[string]int{"crown": 2}, "1 CROWN", "Paid with crowns ×1.", "crowns×1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p *items.Party
			if c.rs == "" {
				p = gravewatch(t)
				p.Members[0].Bag = nil
			} else {
				p = party(inline(t, c.rs), "Ada")
			}
			for _, id := range []string{"crown", "shilling", "penny", "shell", "string", "bead"} {
				if n := c.bag[id]; n > 0 {
					give(p, 0, id, n)
				}
			}
			r := answer(t, p, `[inventory: action="pay" amount="`+c.amount+`"]`)
			if got := r.Value("reply"); got != c.reply {
				t.Fatalf("%s\nwant reply %q", r, c.reply)
			}
			if got := bagText(p, 0); got != c.after {
				t.Errorf("bag after: %q, want %q", got, c.after)
			}
		})
	}
}

func TestMakeChangeConservesWorth(t *testing.T) {
	rs := loadFile(t, "../../rulesets/gravewatch/ruleset.json")
	fam := &rs.Items.Currencies[0]
	coins := fam.Descending()
	for c := 0; c < 4; c++ {
		for s := 0; s < 7; s++ {
			for d := 0; d < 15; d++ {
				held := []int{c, s, d}
				worth := 60*c + 12*s + d
				for owed := 1; owed <= 130; owed++ {
					paid, change, ok := money.MakeChange(coins, held, owed)
					if ok != (worth >= owed) {
						t.Fatalf("held %v owed %d: ok=%v", held, owed, ok)
					}
					if !ok {
						continue
					}
					net := 0
					for k, coin := range coins {
						if paid[k] > held[k] {
							t.Fatalf("held %v owed %d: paid %v more than held", held, owed, paid)
						}
						net += (paid[k] - change[k]) * coin.Value
					}
					if net != owed {
						t.Fatalf("held %v owed %d: paid %v change %v is %d", held, owed, paid, change, net)
					}
				}
			}
		}
	}
}

func TestAmounts(t *testing.T) {
	rs := loadFile(t, "../../rulesets/gravewatch/ruleset.json")
	good := map[string]string{
		"1 penny": "1 penny", "12 pennies": "12 pennies", "3 SHILLINGS": "3 shillings", "3 shilling": "3 shillings",
		"1 Crowns": "1 crown", "  2   crown ": "2 crowns", "999999 penny": "999999 pennies", "4shillings": "4 shillings",
	}
	for in, want := range good {
		a, err := money.ParseAmount(rs.Items, in)
		if err != nil || a.String() != want {
			t.Errorf("%q: %v %v, want %q", in, a, err, want)
		}
	}
	bad := map[string]string{
		"": money.BadAmount, "shillings": money.BadAmount, "0 shillings": money.BadAmount, "-1 penny": money.BadAmount,
		"1.5 shillings": money.BadAmount, "three shillings": money.BadAmount, "1000000 pennies": money.BadAmount,
		"3": money.BadAmount, "+3 pennies": money.BadAmount, "99999999999999999999 pennies": money.BadAmount,
		"3 ducats": money.UnknownCoin, "3 coin": money.UnknownCoin,
	}
	for in, reason := range bad {
		_, err := money.ParseAmount(rs.Items, in)
		var e *money.Error
		if !errors.As(err, &e) || e.Reason != reason {
			t.Errorf("%q: %v, want %s", in, err, reason)
		}
	}
	// a coin's name misspelt: the refusal suggests the nearest
	if _, err := money.ParseAmount(rs.Items, "3 shilings"); err == nil || !strings.Contains(err.Error(), `did you mean "shilling`) {
		t.Errorf("a misspelt coin: %v", err)
	}
	if _, err := money.ParseAmount(rs.Items, "3 ducats"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("a coin near none: %v", err)
	}
	// Without a one, the label's singular still names one coin.
	plain := inline(t, `{"categories":[{"id":"gear"}],"currencies":[{"id":"c","units":[
		{"id":"p","label":"pennies","value":1},{"id":"s","label":"shillings","value":12},{"id":"gp","label":"gold pieces","value":100}]}]}`)
	for in, want := range map[string]string{"1 penny": "1 pennies", "1 shilling": "1 shillings", "2 gold piece": "2 gold pieces", "3 GP": "3 gold pieces", "4 Gold Pieces": "4 gold pieces"} {
		if a, err := money.ParseAmount(plain.Items, in); err != nil || a.String() != want {
			t.Errorf("%q: %v %v, want %q", in, a, err, want)
		}
	}
	if _, err := money.ParseAmount(plain.Items, "1 pens"); err == nil {
		t.Error(`"pens" is no coin`)
	}
	noCoins := inline(t, `{"categories":[{"id":"gear"}]}`)
	if _, err := money.ParseAmount(noCoins.Items, "3 shillings"); err == nil || !strings.HasPrefix(err.Error(), money.NoCurrencies) {
		t.Errorf("no currencies: %v", err)
	}
	if _, err := money.ParseAmount(nil, "3 shillings"); err == nil || !strings.HasPrefix(err.Error(), money.NoCurrencies) {
		t.Errorf("no items block: %v", err)
	}
}

// TestRefusalsChangeNothing: every refusal of pay and earn, each leaving
// the party exactly as it was.
func TestRefusalsChangeNothing(t *testing.T) {
	cases := []struct{ tag, reason string }{
		{`[inventory: action="pay" amount="2 crowns"]`, "cannot-afford"},
		{`[inventory: action="pay" amount="1 crown" who="Maud"]`, "cannot-afford"}, // Bram's crown is not Maud's
		{`[inventory: action="pay" amount="3 ducats"]`, "unknown-coin"},
		{`[inventory: action="earn" amount="3 ducats"]`, "unknown-coin"},
		{`[inventory: action="pay" amount="lots"]`, "bad-amount"},
		{`[inventory: action="pay"]`, "bad-amount"},
		{`[inventory: action="earn" amount="0 pennies"]`, "bad-amount"},
		{`[inventory: action="pay" amount="1 penny" who="Nobody"]`, "unknown-who"},
		{`[inventory: action="earn" amount="1 penny" who="Nobody"]`, "unknown-who"},
	}
	for _, c := range cases {
		p := gravewatch(t)
		give(p, 0, "crown", 1)
		give(p, 0, "penny", 5)
		before := state(t, p)
		r := answer(t, p, c.tag)
		if r.Name != "refused" || r.Value("reason") != c.reason {
			t.Errorf("%s: %s, want reason %s", c.tag, r, c.reason)
		}
		if state(t, p) != before {
			t.Errorf("%s changed the party", c.tag)
		}
	}
	p := party(inline(t, `{"categories":[{"id":"gear"}]}`), "Ada")
	for _, a := range []string{"pay", "earn"} {
		r := answer(t, p, `[inventory: action="`+a+`" amount="3 shillings"]`)
		if r.Value("reason") != "no-currencies" {
			t.Errorf("%s without currencies: %s", a, r)
		}
	}
}

// TestPayOneFamily: a payment is made only in the coin's own family.
func TestPayOneFamily(t *testing.T) {
	rs := loadFile(t, "../../rulesets/ember-roads/ruleset.json")
	p := party(rs, "Tamsin")
	give(p, 0, "cake", 50)
	r := answer(t, p, `[inventory: action="pay" amount="1 bit"]`)
	if r.Value("reason") != "cannot-afford" {
		t.Fatalf("salt paid for coin: %s", r)
	}
	give(p, 0, "mark", 1)
	r = answer(t, p, `[inventory: action="pay" amount="3 bits"]`)
	if r.Value("reply") != "Paid with marks ×1; bits ×7 back." {
		t.Fatalf("%s", r)
	}
	if got := p.MoneyLine(0); got != "Coin worth 7 bits, Salt worth 1000 pinches" {
		t.Errorf("money line %q", got)
	}
}

// TestEarn: an earning is an addition of the coin, into who's bag up to
// their limit, or by the carry rule; what no one carries is left and said.
func TestEarn(t *testing.T) {
	// Each member carries 1 unit before being encumbered and 2 at most;
	// 10 coins weigh one unit.
	rs := inline(t, `{"categories":[{"id":"gear"}],
		"stats":[{"id":"bulk","type":"number","min":0,"max":10}],
		"carry":{"stat":"bulk","encumberedAbove":{"const":1},"limit":{"const":2}},
		"currencies":[{"id":"coin","label":"Coin","perWeight":10,"units":[{"id":"bit","label":"bits","one":"bit","value":1}]}]}`)
	p := party(rs, "Ada", "Bo")
	r := answer(t, p, `[inventory: action="earn" amount="15 bits"]`)
	if r.String() != `[inventory: action="earn" amount="15 bits" item="bits" count="15" placed="Ada 10; Bo 5"]` {
		t.Fatalf("%s", r)
	}
	if p.Load(0) != 1 {
		t.Errorf("10 bits weigh %v, want 1", p.Load(0))
	}
	r = answer(t, p, `[inventory: action="earn" amount="20 bits" who="Bo"]`)
	if r.Value("count") != "15" || r.Value("left") != "5" || !strings.Contains(r.Value("note"), "5 bits left behind") {
		t.Fatalf("%s", r)
	}
	r = answer(t, p, `[inventory: action="earn" amount="1 bit" who="Bo"]`)
	if r.Value("count") != "0" || r.Value("left") != "1" || !strings.Contains(r.Value("note"), "1 bit left behind") {
		t.Fatalf("%s", r)
	}
	if got := p.MoneyLine(1); got != "Coin worth 20 bits" {
		t.Errorf("%q", got)
	}
}

// TestCoinsAreStacks: coins are added, given and merged like any stack,
// and the inventory block shows each bag's worth or no coins.
func TestCoinsAreStacks(t *testing.T) {
	p := gravewatch(t)
	r := answer(t, p, `[inventory: action="add" item="crowns" count="7"]`)
	if r.Value("item") != "crowns" || r.Value("count") != "7" {
		t.Fatalf("%s", r)
	}
	answer(t, p, `[inventory: action="add" item="shilling" count="2"]`)
	r = answer(t, p, `[inventory: action="give" item="shillings" count="1" to="Maud"]`)
	if r.Name != "inventory" || r.Value("to") != "Maud Hollin" {
		t.Fatalf("%s", r)
	}
	if got := p.MoneyLine(0); got != "Coin worth 432 pennies" {
		t.Errorf("Bram: %q", got)
	}
	block := p.Block()
	for _, want := range []string{"Bram the Quiet (slots Hands 0/2; vigil 0 of 2; Coin worth 432 pennies):", "- 7 crowns\n", "- 1 shilling\n",
		"Maud Hollin (slots Hands 0/2; vigil 0 of 3; Coin worth 12 pennies):"} {
		if !strings.Contains(block, want) {
			t.Errorf("block lacks %q:\n%s", want, block)
		}
	}
	answer(t, p, `[inventory: action="give" item="shillings" count="1" to="Bram" who="Maud"]`)
	if n := len(p.Members[0].Bag); n != 3 { // spade, crowns, shillings merged back into one stack
		t.Errorf("shillings did not merge: %s", bagText(p, 0))
	}
	q := gravewatch(t)
	q.Members[0].Bag = nil
	if block := q.Block(); !strings.Contains(block, "Bram the Quiet (slots Hands 0/2; vigil 0 of 2; no coins):\n- nothing\n") {
		t.Errorf("the player's empty bag:\n%s", block)
	}
	def := q.RS.Items.ItemByRef("kit/hand-axe")
	if line := q.Line(def, "", true); !strings.HasSuffix(line, "; costs 3 shillings") {
		t.Errorf("cost: %q", line)
	}
	if line := q.Line(q.RS.Items.ItemByRef("kit/shot-and-powder"), "", true); !strings.HasSuffix(line, "; costs 2 pennies") {
		t.Errorf("cost: %q", line)
	}
}

// TestCoinWeight: perWeight coins of a family weigh one unit of the carry
// stat, and count toward the load.
func TestCoinWeight(t *testing.T) {
	p := party(loadFile(t, "../../rulesets/ember-roads/ruleset.json"), "Tamsin")
	give(p, 0, "bit", 150)
	give(p, 0, "pinch", 5)
	if got := p.Load(0); got < 1.999 || got > 2.001 {
		t.Errorf("150 bits and 5 pinches weigh %v, want 2", got)
	}
	g := gravewatch(t)
	give(g, 0, "crown", 500)
	if g.Load(0) != 0 {
		t.Errorf("a family without perWeight weighs nothing: %v", g.Load(0))
	}
}

// TestPayBagFull: change that the payer's bag has no stack left for is
// refused (bag-full), changing nothing, never lost on the way in.
func TestPayBagFull(t *testing.T) {
	rs := inline(t, `{"categories":[{"id":"gear"}],"currencies":[{"id":"c","label":"Coin","units":[
		{"id":"bit","label":"bits","value":1},{"id":"hoard","label":"hoards","value":1000000}]}]}`)
	p := party(rs, "Ada")
	give(p, 0, "hoard", 2)
	for k := 0; k < items.MaxStacksPerBag-1; k++ {
		p.Put(0, nil, "pebble "+itoa(k), 1)
	}
	before := state(t, p)
	r := answer(t, p, `[inventory: action="pay" amount="1 bit"]`)
	if r.Value("reason") != money.BagFull || state(t, p) != before {
		t.Fatalf("%s", r)
	}
	// Paying with the last hoard frees its stack, and the change fits.
	p.TakeLoose(0, itemrules.CoinRefPrefix+"hoard", 1)
	r = answer(t, p, `[inventory: action="pay" amount="1 bit"]`)
	if r.Value("reply") != "Paid with hoards ×1; bits ×999999 back." || p.Stacks(0) != items.MaxStacksPerBag {
		t.Fatalf("%s (%d stacks)", r, p.Stacks(0))
	}
}
