package gear_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/gear"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

func fiveE(t testing.TB) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.LoadFile("../../rulesets/d20-5e/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// fiveESheets are Ada Quickhand (the player, a fighter: Strength 14,
// carries 210 lb) and Corvin Vell (no fighter levels, Strength 8).
func fiveESheets(t testing.TB, rs *ruleset.Ruleset) []*sheet.Sheet {
	t.Helper()
	out, err := session.LoadParty("../../rulesets/d20-5e/sheets", rs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func party5e(t testing.TB) *items.Party {
	rs := fiveE(t)
	return items.New(rs, fiveESheets(t, rs))
}

func take(t testing.TB, p *items.Party, actor items.Actor, s string) record.Record {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	r := gear.Answer(p, tg, items.Turn{Actor: actor, Dice: dice.New(0, 0, 0)})
	if err := record.Check(r); err != nil {
		t.Fatalf("%s: %v", r, err)
	}
	return r
}

func state(t testing.TB, p *items.Party) string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func bag(p *items.Party, i int) string {
	var out []string
	for _, s := range p.Members[i].Bag {
		e := s.Name
		if s.Count != 1 {
			e += " ×" + itoa(s.Count)
		}
		if s.Equipped {
			e += " (on)"
		}
		out = append(out, e)
	}
	return strings.Join(out, ", ")
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestTakeFighter is the spec's fighter: the shield and chain mail go on,
// the longsword picked from the list stays in the bag.
func TestTakeFighter(t *testing.T) {
	p := party5e(t)
	r := take(t, p, items.Player, `[gear: take="fighter" choice1="Chain mail" choice2="Pick one" pick1="Longsword"]`)
	want := `[gear: gear="Fighter" who="Ada Quickhand" took="Shield ×1, Chain mail ×1, Longsword ×1" equippedNow="Shield, Chain mail" weight="64"]`
	if r.String() != want {
		t.Fatalf("got  %s\nwant %s", r, want)
	}
	if got := bag(p, 0); got != "Shield (on), Chain mail (on), Longsword" {
		t.Errorf("bag: %s", got)
	}
	// Options and picks by number, by ref and in any case, into Corvin's bag.
	r = take(t, p, items.Player, `[gear: take="FIGHTER" choice1="2" choice2="pick one" pick1="equipment/battleaxe" who="Corvin"]`)
	if r.Value("took") != "Shield ×1, Leather armor ×1, Longbow ×1, Arrow ×20, Battleaxe ×1" || r.Value("equippedNow") != "Shield, Leather armor" || r.Value("weight") != "23" {
		t.Fatalf("%s", r)
	}
	if got := bag(p, 1); got != "Shield (on), Leather armor (on), Longbow, Arrow ×20, Battleaxe" {
		t.Errorf("Corvin's bag: %s", got)
	}
}

// TestTakeCoinsAndPlainItems: a background's coins and plain items.
func TestTakeCoinsAndPlainItems(t *testing.T) {
	p := party5e(t)
	r := take(t, p, items.Player, `[gear: take="Acolyte"]`)
	if r.String() != `[gear: gear="Acolyte" who="Ada Quickhand" took="gold pieces ×15, Vestments ×1" weight="0.3"]` {
		t.Fatalf("%s", r)
	}
	if got := p.MoneyLine(0); got != "Coins worth 1500 copper pieces" {
		t.Errorf("%q", got)
	}
}

// TestGroups: gear is taken once per group; taking it again is on
// purpose and adds; a set without a group is a group of its own.
func TestGroups(t *testing.T) {
	p := party5e(t)
	take(t, p, items.Player, `[gear: take="acolyte"]`)
	before := state(t, p)
	r := take(t, p, items.Player, `[gear: take="soldier"]`)
	if r.Value("reason") != gear.GroupTaken || state(t, p) != before {
		t.Fatalf("the soldier is the acolyte's group (background): %s", r)
	}
	r = take(t, p, items.Player, `[gear: take="acolyte" again="true"]`)
	if r.Value("again") != "true" || p.MoneyLine(0) != "Coins worth 3000 copper pieces" {
		t.Fatalf("%s", r)
	}
	// Corvin has taken nothing: the group is per character.
	if r := take(t, p, items.Player, `[gear: take="soldier" who="Corvin"]`); r.Name != "gear" {
		t.Fatalf("%s", r)
	}
	// Shields go on while hands are free: the third stays in the bag.
	take(t, p, items.Player, `[gear: take="fighter" choice1="Chain mail" choice2="A greataxe"]`)
	take(t, p, items.Player, `[gear: take="fighter" choice1="Chain mail" choice2="A greataxe" again="true"]`)
	r = take(t, p, items.Player, `[gear: take="fighter" choice1="Chain mail" choice2="A greataxe" again="true"]`)
	if r.Value("equippedNow") != "" || !strings.Contains(r.Value("note"), "no free slots to put on Shield, Chain mail") {
		t.Fatalf("%s", r)
	}

	rs := inline(t, `[{"id":"class","lines":[{"item":"c/rope"}]},{"id":"kit","group":"class","lines":[{"item":"c/rope"}]}]`, "")
	q := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada")})
	take(t, q, items.Player, `[gear: take="class"]`)
	if r := take(t, q, items.Player, `[gear: take="kit"]`); r.Name != "gear" {
		t.Fatalf("a set without a group is never the group of its name: %s", r)
	}
}

// inline is a ruleset with carry (encumbered above 2 bulk, 3 at most)
// and the starting gear (and block keys) a test gives.
func inline(t testing.TB, gearJSON, more string) *ruleset.Ruleset {
	t.Helper()
	src := `{"id":"g","name":"G","abilities":[{"id":"brawn","min":0,"max":5,"default":1}],
	"resolution":{"kind":"dice-sum","dice":{"count":1,"sides":20},"proficiencyTiers":[{"id":"none"}]},
	"items":{"categories":[{"id":"gear"}],` + more + `
	  "stats":[{"id":"bulk","type":"number","min":0,"max":20}],
	  "carry":{"stat":"bulk","encumberedAbove":{"const":2},"limit":{"const":3},"unit":"bulk"},
	  "startingGear":` + gearJSON + `},
	"catalogs":[{"id":"c","holds":"items","entries":[
	  {"id":"rope","label":"Rope","item":{"category":"gear","stats":{"bulk":1}}},
	  {"id":"pin","label":"Pin","item":{"category":"gear","stack":1}}]}]}`
	rs, err := ruleset.Load("inline.json", []byte(src), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestRefusals: every refusal of [gear:], each changing nothing.
func TestRefusals(t *testing.T) {
	cases := []struct {
		tag    string
		actor  items.Actor
		reason string
		note   string
	}{
		{`[gear: take="fighter" choice1="1" choice2="2"]`, items.GM, gear.PlayerOnly, "never given on its own"},
		{`[gear:]`, items.Player, gear.NoGear, `take="fighter"`},
		{`[gear: take="wizard"]`, items.Player, gear.UnknownGear, "fighter, acolyte, soldier"},
		{`[gear: take="fighter" choice2="2"]`, items.Player, gear.MissingChoice, `choose Armor with choice1=: 1 "Chain mail", 2 "Leather armor and a longbow"`},
		{`[gear: take="fighter" choice1="Plate" choice2="2"]`, items.Player, gear.UnknownOption, `choice1="Plate" is not an option of Armor`},
		{`[gear: take="fighter" choice1="3" choice2="2"]`, items.Player, gear.UnknownOption, "not an option"},
		{`[gear: take="fighter" choice1="1" choice2="1"]`, items.Player, gear.MissingPick, `pick one with pick1=: "Longsword", "Battleaxe"`},
		{`[gear: take="fighter" choice1="1" choice2="1" pick1="Greataxe"]`, items.Player, gear.NotInList, `pick1="Greataxe" is not in the list`},
		{`[gear: take="fighter" choice1="1" choice2="2" who="Nobody"]`, items.Player, "unknown-who", ""},
	}
	for _, c := range cases {
		p := party5e(t)
		before := state(t, p)
		r := take(t, p, c.actor, c.tag)
		if r.Name != "refused" || r.Value("reason") != c.reason || !strings.Contains(r.Value("note"), c.note) {
			t.Errorf("%s: %s, want %s with %q", c.tag, r, c.reason, c.note)
		}
		if state(t, p) != before {
			t.Errorf("%s changed the party", c.tag)
		}
	}
	ember, err := ruleset.LoadFile("../../rulesets/ember-roads/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r := take(t, items.New(ember, []*sheet.Sheet{sheet.Blank("T")}), items.Player, `[gear: take="fighter"]`); r.Value("reason") != gear.NoStartingGear {
		t.Errorf("%s", r)
	}
}

// TestAllOrNothing: gear too heavy for its bearer is refused whole, with
// what it weighs against what they can still carry; a set that comes to
// nothing, or that a bag cannot hold, is refused too.
func TestAllOrNothing(t *testing.T) {
	rs := inline(t, `[{"id":"ropes","label":"Ropes","lines":[{"item":"c/rope","count":2}],
		"choices":[{"label":"More","options":[{"label":"One more","lines":[{"item":"c/rope"}]},{"label":"None","lines":[]}]}]},
		{"id":"nothing","choices":[{"label":"Maybe","options":[{"label":"No","lines":[]},{"label":"Yes","lines":[{"item":"c/pin"}]}]}]},
		{"id":"pins","lines":[{"item":"c/pin","count":999}]}]`, "")
	p := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada"), sheet.Blank("Bo")})
	p.Put(0, rs.Items.ItemByRef("c/rope"), "Rope", 2)
	before := state(t, p)
	r := take(t, p, items.Player, `[gear: take="ropes" choice1="One more"]`)
	if r.String() != `[refused: action="gear" reason="too-heavy" gear="Ropes" who="Ada" weight="3" canCarry="1" note="Ropes weighs 3 bulk; Ada can still carry 1 bulk"]` || state(t, p) != before {
		t.Fatalf("%s", r)
	}
	if r := take(t, p, items.Player, `[gear: take="ropes" choice1="None" who="Bo"]`); r.Value("took") != "Rope ×2" {
		t.Fatalf("%s", r)
	}
	r = take(t, p, items.Player, `[gear: take="nothing" choice1="No"]`)
	if r.Value("reason") != gear.NothingToTake {
		t.Fatalf("%s", r)
	}
	if r := take(t, p, items.Player, `[gear: take="nothing" choice1="No"]`); r.Value("reason") != gear.NothingToTake {
		t.Fatalf("a refused set is never marked as taken: %s", r)
	}
	take(t, p, items.Player, `[gear: take="pins"]`)
	before = state(t, p)
	r = take(t, p, items.Player, `[gear: take="pins" again="true"]`)
	if r.Value("reason") != gear.BagFull || state(t, p) != before {
		t.Fatalf("%s", r)
	}
}

// TestOffers lists the gear in the spec's order: what the sheet fits,
// then what fits anyone, then the rest.
func TestOffers(t *testing.T) {
	p := party5e(t)
	order := func(i int) string {
		var ids []string
		for _, o := range gear.Offers(p, i) {
			ids = append(ids, o.ID+":"+o.Fits)
		}
		return strings.Join(ids, ", ")
	}
	if got := order(0); got != "fighter:fits, acolyte:for anyone, soldier:for anyone" {
		t.Errorf("Ada: %s", got)
	}
	if got := order(1); got != "acolyte:for anyone, soldier:for anyone, fighter:does not fit" {
		t.Errorf("Corvin: %s", got)
	}
	take(t, p, items.Player, `[gear: take="acolyte" who="Corvin"]`)
	text := gear.Text(p, 1)
	for _, want := range []string{
		"Starting gear for Corvin Vell (can still carry 119.7 lb):\n",
		"- Acolyte (take=\"acolyte\") [background; for anyone; taken] (0.3 lb): gold pieces ×15, Vestments\n",
		"- Fighter (take=\"fighter\") [class; does not fit] (6 lb): Shield (put on)\n",
		"  Armor (choice1):\n    1. Chain mail (55 lb): Chain mail (put on)\n    2. Leather armor and a longbow (13 lb): Leather armor (put on), Longbow, Arrow ×20\n",
		"  A martial weapon (choice2):\n    1. Pick one (3–4 lb): one of Longsword, Battleaxe (pick1)\n    2. A greataxe (7 lb): Greataxe\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("list lacks %q:\n%s", want, text)
		}
	}
}

// TestGearInTheLog: taking gear is the player's action in the session
// log; replaying the log takes the same gear, once.
func TestGearInTheLog(t *testing.T) {
	rs := fiveE(t)
	s := session.New(rs, fiveESheets(t, rs), 5)
	rep, err := s.Append(session.PlayerAction, `[gear: take="fighter" choice1="Chain mail" choice2="Pick one" pick1="Longsword"]`)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Records) != 1 || rep.Records[0].Name != "gear" {
		t.Fatalf("%v", rep.Records)
	}
	rep, _ = s.Append(session.GMReply, `Ada shoulders the kit. [gear: take="acolyte"]`)
	if rep.Records[0].Value("reason") != gear.PlayerOnly {
		t.Fatalf("%v", rep.Records)
	}
	fold := session.Fold(rs, fiveESheets(t, rs), 5, s.Events())
	if state(t, fold.State().Party) != state(t, s.State().Party) {
		t.Fatal("replay differs")
	}
	rep, _ = s.Append(session.PlayerAction, `[gear: take="fighter" choice1="1" choice2="2"]`)
	if rep.Records[0].Value("reason") != gear.GroupTaken {
		t.Fatalf("the group taken is part of the fold: %v", rep.Records)
	}
}
