package market_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

// oddities is Gravewatch with four dishonest sellers, each with one fake
// in its odd lot every day, and a "shaken" condition that lowers Nerve:
//
//   - pedlar: a False charm passing for a Lucky charm (carried: -1 Spot
//     against +1 Spot), a difference the sheet shows as soon as it is
//     carried;
//   - glover: a Biting mitt passing for a Warding mitt (worn: -1 Ward
//     against +1 Ward), a difference only once it is worn;
//   - tanner: a Husk glove passing for a Fire glove (worn: +1 Ward both,
//     the real one also resists fire), a difference only a fight reads;
//   - tinker: a Shaky glove passing for a Steady glove (worn: +1 Ward
//     both, the fake requires Nerve 2, otherwise -1 Ward), a difference
//     a change to the sheet alone brings out;
//   - quack: a Muddy tonic passing for a Warming tonic (it heals 1 and
//     restores nothing; it costs 2 pennies), three a day; it buys tonics;
//   - ringer: a Hollow ring passing for a Vigil ring, both binding.
func oddities(t testing.TB) (*ruleset.Ruleset, []*sheet.Sheet) {
	t.Helper()
	raw, err := os.ReadFile("../../rulesets/gravewatch/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	var rs map[string]any
	if err := json.Unmarshal(raw, &rs); err != nil {
		t.Fatal(err)
	}
	rs["capabilityApi"] = "1.813"
	rs["conditions"] = append(rs["conditions"].([]any), obj(`{ "id": "shaken", "label": "Shaken", "check": { "abilities": { "nerve": { "add": -1 } } } }`))
	ward := func(n int) string { return `{ "to": "checks", "skills": ["ward"], "flat": ` + itoa(n) + ` }` }
	rs["catalogs"] = append(rs["catalogs"].([]any), obj(`{ "id": "oddities", "label": "Oddities", "holds": "items", "entries": [
		{ "id": "lucky-charm", "label": "Lucky charm", "item": { "category": "tool", "cost": { "amount": 2, "unit": "shilling" }, "carried": { "modifiers": [{ "to": "checks", "skills": ["spot"], "flat": 1 }] } } },
		{ "id": "false-charm", "label": "False charm", "item": { "category": "tool", "passesFor": "oddities/lucky-charm", "carried": { "modifiers": [{ "to": "checks", "skills": ["spot"], "flat": -1 }] } } },
		{ "id": "warding-mitt", "label": "Warding mitt", "item": { "category": "arm", "slots": { "hands": 1 }, "cost": { "amount": 2, "unit": "shilling" }, "worn": { "modifiers": [`+ward(1)+`] } } },
		{ "id": "biting-mitt", "label": "Biting mitt", "item": { "category": "arm", "slots": { "hands": 1 }, "passesFor": "oddities/warding-mitt", "worn": { "modifiers": [`+ward(-1)+`] } } },
		{ "id": "fire-glove", "label": "Fire glove", "item": { "category": "arm", "slots": { "hands": 1 }, "cost": { "amount": 2, "unit": "shilling" }, "worn": { "modifiers": [`+ward(1)+`], "resist": ["fire"] } } },
		{ "id": "husk-glove", "label": "Husk glove", "item": { "category": "arm", "slots": { "hands": 1 }, "passesFor": "oddities/fire-glove", "worn": { "modifiers": [`+ward(1)+`] } } },
		{ "id": "steady-glove", "label": "Steady glove", "item": { "category": "arm", "slots": { "hands": 1 }, "cost": { "amount": 2, "unit": "shilling" }, "worn": { "modifiers": [`+ward(1)+`] } } },
		{ "id": "shaky-glove", "label": "Shaky glove", "item": { "category": "arm", "slots": { "hands": 1 }, "passesFor": "oddities/steady-glove", "worn": { "modifiers": [`+ward(1)+`] },
		  "requires": [{ "value": { "abilityScore": "nerve" }, "atLeast": 2, "otherwise": { "modifiers": [`+ward(-1)+`] } }] } },
		{ "id": "muddy-tonic", "label": "Muddy tonic", "item": { "category": "tonic", "passesFor": "kit/warming-tonic", "cost": { "amount": 2, "unit": "penny" },
		  "use": { "kind": "heal", "budget": "quick", "targets": "self", "amount": { "flat": 1 }, "consumes": true } } },
		{ "id": "vigil-ring", "label": "Vigil ring", "item": { "category": "relic", "binds": true, "cost": { "amount": 4, "unit": "shilling" } } },
		{ "id": "hollow-ring", "label": "Hollow ring", "item": { "category": "relic", "binds": true, "passesFor": "oddities/vigil-ring" } }
	] }`))
	items := rs["items"].(map[string]any)
	market := items["market"].(map[string]any)
	for _, s := range [][3]string{{"pedlar", "false-charm", "coat"}, {"glover", "biting-mitt", "coat"}, {"tanner", "husk-glove", "coat"},
		{"tinker", "shaky-glove", "coat"}, {"quack", "muddy-tonic", "tonic"}, {"ringer", "hollow-ring", "coat"}} {
		items["lootTables"] = append(items["lootTables"].([]any), obj(`{ "id": "`+s[0]+`_lot", "label": "lot", "rolls": 1, "entries": [{ "item": "oddities/`+s[1]+`", "weight": 1, "count": 3 }] }`))
		market["sellers"] = append(market["sellers"].([]any), obj(`{ "id": "`+s[0]+`", "label": "`+s[0]+`", "sells": [{ "category": "`+s[2]+`" }], "honest": false, "stock": { "table": "`+s[0]+`_lot" } }`))
	}
	out, _ := json.Marshal(rs)
	r, err := ruleset.Load("oddities.json", out, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := session.LoadParty("../../rulesets/gravewatch/sheets", r)
	if err != nil {
		t.Fatal(err)
	}
	return r, sheets
}

func obj(s string) map[string]any {
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		panic(err)
	}
	return m
}

// foldOdd folds GM replies ("player:" and "regenerate:" prefixes as fold
// reads them) into a session on the oddities ruleset, Bram with 4 crowns
// in Millbrook, and returns the records of each reply after those two.
func foldOdd(t testing.TB, texts ...string) (*session.Session, [][]string) {
	t.Helper()
	rs, sheets := oddities(t)
	s := session.New(rs, sheets, 9)
	all := append([]string{`[inventory: action="earn" amount="4 crowns"]`, `[place: name="Millbrook" size="market town"]`}, texts...)
	var out [][]string
	for i, text := range all {
		kind := session.GMReply
		if rest, ok := strings.CutPrefix(text, "player:"); ok {
			kind, text = session.PlayerAction, rest
		}
		r, err := s.Append(kind, text)
		if err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			continue
		}
		var recs []string
		for _, rec := range r.Records {
			recs = append(recs, rec.String())
		}
		out = append(out, recs)
	}
	return s, out
}

// TestSheetUnmasksAFake: the first inventory change after which the sheet
// shows what the item a fake passes for would not unmasks it, on that
// change's answer; a difference only a fight reads never does, nor does
// a change to the sheet alone until the next inventory change.
func TestSheetUnmasksAFake(t *testing.T) {
	t.Run("carried: the purchase itself", func(t *testing.T) {
		s, recs := foldOdd(t, `[inventory: action="buy" item="Lucky charm" seller="pedlar"]`)
		want := `[inventory: action="buy" item="Lucky charm" count="1" price="2 shillings" level="fair" seller="pedlar" who="Bram the Quiet" paidWith="crowns ×1" change="shillings ×3" reply="Paid with crowns ×1; shillings ×3 back." unmasked="Lucky charm: really False charm"]`
		if recs[0][0] != want {
			t.Fatalf("got  %s\nwant %s", recs[0][0], want)
		}
		if bag := bagText(s.State().Party, 0); !strings.Contains(bag, "False charm×1") {
			t.Errorf("the bag after: %s", bag)
		}
	})
	t.Run("worn: carried it passes, worn it shows", func(t *testing.T) {
		_, recs := foldOdd(t, `[inventory: action="buy" item="Warding mitt" seller="glover"]`,
			`[inventory: action="equip" item="Warding mitt"]`)
		if strings.Contains(recs[0][0], "unmasked") || !strings.HasPrefix(recs[0][0], `[inventory: action="buy" item="Warding mitt"`) {
			t.Fatalf("carried, it passes: %s", recs[0][0])
		}
		if !strings.HasSuffix(recs[1][0], ` unmasked="Warding mitt: really Biting mitt"]`) {
			t.Fatalf("worn: %s", recs[1][0])
		}
	})
	t.Run("a fight-only difference never unmasks", func(t *testing.T) {
		s, recs := foldOdd(t, `[inventory: action="buy" item="Fire glove" seller="tanner"]`,
			`[inventory: action="equip" item="Fire glove"]`, `[inventory: action="unequip" item="Fire glove"]`,
			`[inventory: action="equip" item="Fire glove"] [inventory: action="earn" amount="1 shilling"]`)
		for _, r := range recs {
			for _, rec := range r {
				if strings.Contains(rec, "unmasked") || strings.Contains(rec, "refused") {
					t.Fatalf("%s", rec)
				}
			}
		}
		p := s.State().Party
		if bag := bagText(p, 0); !strings.Contains(bag, "Fire glove×1") {
			t.Fatalf("the bag: %s", bag)
		}
		if d := p.DefensesLine(0); strings.Contains(d, "fire") {
			t.Errorf("the fake resists as the real glove would: %s", d)
		}
	})
	t.Run("a sheet change alone waits for the next inventory change", func(t *testing.T) {
		_, recs := foldOdd(t, `[inventory: action="buy" item="Steady glove" seller="tinker"]`,
			`[inventory: action="equip" item="Steady glove"]`,
			`Bram is shaken. [sheet: op="condition" condition="shaken" who="Bram"]`,
			`[inventory: action="earn" amount="1 shilling"]`)
		for i := 0; i < 3; i++ {
			if strings.Contains(strings.Join(recs[i], " "), "unmasked") {
				t.Fatalf("reply %d unmasked it: %v", i, recs[i])
			}
		}
		if !strings.HasSuffix(recs[3][0], ` unmasked="Steady glove: really Shaky glove"]`) {
			t.Fatalf("the next inventory change: %s", recs[3][0])
		}
	})
}

// TestDiscoveryPaths: each way the spec gives of finding a fake out:
// reveal, binding it, using it (what it really does happens) and selling
// it to an honest buyer (who pays its own cost); a dishonest buyer takes
// it for what it looks like and nothing is found out.
func TestDiscoveryPaths(t *testing.T) {
	maud := `[inventory: action="earn" amount="1 crown" who="Maud"]`
	cases := []struct {
		name  string
		texts []string
		want  string // the last reply's first record
		bag   string // Bram's bag (or Maud's, for a sale) after, contains
	}{
		{"reveal", []string{`[inventory: action="buy" item="Warming tonic" seller="quack"]`, `[inventory: action="reveal" item="Warming tonic"]`},
			`[inventory: action="reveal" item="Warming tonic" who="Bram the Quiet" revealed="Muddy tonic"]`, "Muddy tonic×1"},
		{"binding", []string{`[inventory: action="buy" item="Vigil ring" seller="ringer"]`, `[inventory: action="bind" item="Vigil ring"]`},
			`[inventory: action="bind" item="Vigil ring" who="Bram the Quiet" bound="1 of 2" revealed="Hollow ring"]`, "Hollow ring×1"},
		{"using", []string{`[inventory: action="buy" item="Warming tonic" seller="quack" count="2"]`, `[inventory: action="use" item="Warming tonic"]`},
			`[inventory: action="use" item="Muddy tonic" who="Bram the Quiet" heals="0" health="Health 6/6" remaining="1" said="Bram the Quiet uses Muddy tonic: heals 0 (Health 6/6). 1 left." revealed="Muddy tonic"]`, "Muddy tonic×1"},
		{"an honest buyer", []string{maud, `[inventory: action="buy" item="Warming tonic" seller="quack" who="Maud"]`, `[inventory: action="sell" item="Warming tonic" seller="chandler" who="Maud"]`},
			`[inventory: action="sell" item="Warming tonic" count="1" price="1 penny" seller="chandler" who="Maud Hollin" coins="pennies ×1" revealed="Muddy tonic" note="the chandler says it is really Muddy tonic and pays for that"]`, ""},
		{"a dishonest buyer", []string{maud, `[inventory: action="buy" item="Warming tonic" seller="quack" who="Maud" count="2"]`, `[inventory: action="sell" item="Warming tonic" seller="quack" who="Maud"]`},
			`[inventory: action="sell" item="Warming tonic" count="1" price="6 pennies" seller="quack" who="Maud Hollin" coins="pennies ×6"]`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, recs := foldOdd(t, c.texts...)
			if got := recs[len(recs)-1][0]; got != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
			if bag := bagText(s.State().Party, 0); c.bag != "" && !strings.Contains(bag, c.bag) {
				t.Errorf("Bram's bag: %s", bag)
			}
		})
	}
}

// TestNeverStocked: a fake is never in an honest seller's odd lot, and a
// cursed item never in anyone's, nor among anyone's wares.
func TestNeverStocked(t *testing.T) {
	rs, sheets := oddities(t)
	rs.Items.Market.Seller("pedlar").Honest = true // an honest pedlar whose lot rolls a fake
	ring := rs.Items.ItemByRef("oddities/vigil-ring")
	ring.Cursed = true // the ringer's lot now rolls a cursed ring (its fake)
	rs.Items.LootTable("ringer_lot").Entries[0].Item = ring.Ref()
	s := session.New(rs, sheets, 9)
	if _, err := s.Append(session.GMReply, `[place: name="Millbrook" size="city"]`); err != nil {
		t.Fatal(err)
	}
	p := s.State().Party
	st := market.State(p)
	if len(st.Stock["pedlar"]) != 0 || len(st.Stock["ringer"]) != 0 {
		t.Fatalf("stocked: %v", st.Stock)
	}
	if len(st.Stock["glover"]) != 1 {
		t.Fatalf("a dishonest seller's fake: %v", st.Stock)
	}
	// A cursed coat is never among the chandler's wares, nor bought.
	rs.Items.ItemByRef("kit/oilskin-coat").Cursed = true
	v, _ := market.Block(p)
	if text := strings.Join(v.Lines(), "\n"); strings.Contains(text, "Oilskin coat") || !strings.Contains(text, "Warming tonic") {
		t.Fatalf("MARKET:\n%s", text)
	}
	r, err := s.Append(session.GMReply, `[inventory: action="earn" amount="1 crown"] [inventory: action="buy" item="Oilskin coat"]`)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Records[1].String(); !strings.HasPrefix(got, `[refused: action="buy" reason="not-for-sale"`) {
		t.Fatalf("a cursed coat bought: %s", got)
	}
}
