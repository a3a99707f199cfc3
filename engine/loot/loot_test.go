package loot_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/loot"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

func gravewatchRS(t testing.TB) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.LoadFile("../../rulesets/gravewatch/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func gravewatchSheets(t testing.TB, rs *ruleset.Ruleset) []*sheet.Sheet {
	t.Helper()
	out, err := session.LoadParty("../../rulesets/gravewatch/sheets", rs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// inline is a ruleset with carry (each character is encumbered above 2
// bulk and carries 3 at most), a millstone too heavy for anyone, and
// one loot table given by the test.
func inline(t testing.TB, tables string) *ruleset.Ruleset {
	t.Helper()
	src := `{"id":"l","name":"L","abilities":[{"id":"brawn","min":0,"max":5,"default":1}],
	"resolution":{"kind":"dice-sum","dice":{"count":1,"sides":20},"proficiencyTiers":[{"id":"none"}]},
	"items":{"categories":[{"id":"gear"},{"id":"relic"},{"id":"junk"}],
	  "stats":[{"id":"bulk","type":"number","min":0,"max":20}],
	  "carry":{"stat":"bulk","encumberedAbove":{"const":2},"limit":{"const":3}},
	  "currencies":[{"id":"coin","label":"Coin","perWeight":10,"units":[{"id":"bit","label":"bits","one":"bit","value":1}]}],
	  "lootTables":` + tables + `},
	"catalogs":[{"id":"c","holds":"items","entries":[
	  {"id":"rope","label":"Rope","item":{"category":"gear","stats":{"bulk":1}}},
	  {"id":"millstone","label":"Millstone","item":{"category":"gear","stats":{"bulk":10}}},
	  {"id":"idol","label":"Idol","item":{"category":"relic"}}]}]}`
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

func answer(t testing.TB, p *items.Party, actor items.Actor, s string, seed uint64) record.Record {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	r := loot.Answer(p, tg, items.Turn{Actor: actor, Dice: dice.New(seed, 1, 0)})
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

// TestLootOdds: over 20,000 seeds, Gravewatch's grave goods draw each
// line in proportion to its weight, its filter picks evenly between the
// two arms, its rolls (1d2) and a count (1d4) are even: each frequency
// within 4.5 standard errors.
func TestLootOdds(t *testing.T) {
	rs := gravewatchRS(t)
	table := rs.Items.LootTable("grave_goods")
	const seeds = 20000
	lines := make([]int, len(table.Entries))
	picks := map[int]int{}
	arms := map[string]int{}
	shot := map[int]int{}
	totalPicks, armPicks, shotPicks := 0, 0, 0
	for seed := uint64(0); seed < seeds; seed++ {
		n, drops := loot.Roll(rs.Items, table, dice.New(seed, 3, 1))
		picks[n]++
		totalPicks += n
		if len(drops) != n {
			t.Fatalf("seed %d: %d picks, %d drops (every line drops something)", seed, n, len(drops))
		}
		for _, d := range drops {
			lines[d.Line]++
			switch d.Line {
			case 3:
				arms[d.Item.Label]++
				armPicks++
			case 0:
				shot[d.Count]++
				shotPicks++
			}
		}
	}
	within := func(what string, got, n int, p float64) {
		t.Helper()
		mean := float64(n) * p
		se := math.Sqrt(float64(n) * p * (1 - p))
		if z := math.Abs(float64(got)-mean) / se; z > 4.5 {
			t.Errorf("%s: %d of %d, expected %.0f (%.1f standard errors)", what, got, n, mean, z)
		}
	}
	total := 0
	for _, l := range table.Entries {
		total += l.Weight
	}
	for i, l := range table.Entries {
		within("line "+string(rune('0'+i)), lines[i], totalPicks, float64(l.Weight)/float64(total))
	}
	within("one pick", picks[1], seeds, 0.5)
	within("two picks", picks[2], seeds, 0.5)
	// The arms of the kit: hand axe, silvered knife and watch pistol.
	within("hand axe", arms["Hand axe"], armPicks, 1.0/3)
	within("silvered knife", arms["Silvered knife"], armPicks, 1.0/3)
	within("watch pistol", arms["Watch pistol"], armPicks, 1.0/3)
	for c := 1; c <= 4; c++ {
		within("shot count "+string(rune('0'+c)), shot[c], shotPicks, 0.25)
	}
	if picks[1]+picks[2] != seeds {
		t.Errorf("rolls 1d2 made %v", picks)
	}
}

// TestLootDeterministic: the same stream drops the same things, and the
// draw order is the documented one (scripted faces).
func TestLootDeterministic(t *testing.T) {
	rs := gravewatchRS(t)
	table := rs.Items.LootTable("grave_goods")
	// rolls 1d2 -> 2; pick 1: face 12 of 12 -> coins (count 1d6 -> 5);
	// pick 2: face 10 -> the filter (faces 10 of lines 4,3,2,1), item 2 of 2.
	_, drops := loot.Roll(rs.Items, table, dice.Script(2, 12, 5, 10, 2))
	if len(drops) != 2 || drops[0].Item.Label != "shillings" || drops[0].Count != 5 ||
		drops[1].Item.Label != "Silvered knife" || drops[1].Count != 1 {
		t.Fatalf("%+v", drops)
	}
	a := answer(t, items.New(rs, gravewatchSheets(t, rs)), items.GM, `[loot: table="grave_goods"]`, 9)
	b := answer(t, items.New(rs, gravewatchSheets(t, rs)), items.GM, `[loot: table="grave_goods"]`, 9)
	if a.String() != b.String() {
		t.Fatalf("%s\n%s", a, b)
	}
}

// TestLootAdds: drops are additions, into who's bag or by the carry rule
// from the player's; what no one can carry is left behind and said.
func TestLootAdds(t *testing.T) {
	rs := inline(t, `[{"id":"ropes","rolls":1,"entries":[{"item":"c/rope","count":7}]},
		{"id":"heavy","entries":[{"item":"c/millstone"}]},
		{"id":"coins","entries":[{"coins":"bit","count":25}]},
		{"id":"none","rolls":2,"entries":[{"filter":{"category":"junk"}}]},
		{"id":"zero","rolls":0,"entries":[{"item":"c/rope"}]}]`)
	p := party(rs, "Ada", "Bo")
	r := answer(t, p, items.GM, `[loot: table="ropes"]`, 1)
	if r.String() != `[loot: table="ropes" picks="1" dropped="Rope ×7" placed="Ada: Rope ×3; Bo: Rope ×3" leftBehind="Rope ×1" note="left behind: no one can carry more"]` {
		t.Fatalf("%s", r)
	}
	p = party(rs, "Ada", "Bo")
	r = answer(t, p, items.GM, `[loot: table="ropes" who="Bo"]`, 1)
	if r.String() != `[loot: table="ropes" who="Bo" picks="1" dropped="Rope ×7" placed="Bo: Rope ×3" leftBehind="Rope ×4" note="left behind: no one can carry more"]` {
		t.Fatalf("%s", r)
	}
	r = answer(t, p, items.GM, `[loot: table="heavy"]`, 1)
	if r.Value("leftBehind") != "Millstone ×1" || r.Has("placed") {
		t.Fatalf("%s", r)
	}
	r = answer(t, p, items.GM, `[loot: table="coins"]`, 1)
	// Bo carries 3 ropes (his limit): Ada takes 20 bits (2 bulk) before
	// she is encumbered, and the last 5 up to her limit.
	if r.Value("placed") != "Ada: bits ×25" || p.Load(0) != 2.5 {
		t.Fatalf("coins drop by weight too: %s", r)
	}
	before := state(t, p)
	r = answer(t, p, items.GM, `[loot: table="none"]`, 1)
	if r.String() != `[loot: table="none" picks="2" dropped="nothing"]` || state(t, p) != before {
		t.Fatalf("a filter that finds nothing drops nothing: %s", r)
	}
	r = answer(t, p, items.GM, `[loot: table="zero"]`, 1)
	if r.Value("picks") != "0" || r.Value("dropped") != "nothing" {
		t.Fatalf("%s", r)
	}
}

// TestLootRefusals: each refusal changes nothing.
func TestLootRefusals(t *testing.T) {
	rs := gravewatchRS(t)
	cases := []struct {
		tag    string
		actor  items.Actor
		reason string
	}{
		{`[loot:]`, items.GM, loot.NoTable},
		{`[loot: table=" "]`, items.GM, loot.NoTable},
		{`[loot: table="dragon_hoard"]`, items.GM, loot.UnknownTable},
		{`[loot: table="grave_goods" who="Nobody"]`, items.GM, "unknown-who"},
		{`[loot: table="grave_goods"]`, items.Player, loot.GMOnly},
	}
	for _, c := range cases {
		p := items.New(rs, gravewatchSheets(t, rs))
		before := state(t, p)
		r := answer(t, p, c.actor, c.tag, 1)
		if r.Name != "refused" || r.Value("reason") != c.reason {
			t.Errorf("%s: %s, want %s", c.tag, r, c.reason)
		}
		if state(t, p) != before {
			t.Errorf("%s changed the party", c.tag)
		}
	}
	noTables, err := ruleset.LoadFile("../../rulesets/ember-roads/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r := answer(t, party(noTables, "Tamsin"), items.GM, `[loot: table="grave_goods"]`, 1); r.Value("reason") != loot.NoLootTables {
		t.Errorf("no tables: %s", r)
	}
	if r := answer(t, party(nil, "Tamsin"), items.GM, `[loot: table="grave_goods"]`, 1); r.Value("reason") != loot.NoLootTables {
		t.Errorf("no ruleset: %s", r)
	}
}

// TestLootRegenerateDropsOnce: a regenerated reply rolls from where the
// turn began, so it drops exactly once, and the same drop.
func TestLootRegenerateDropsOnce(t *testing.T) {
	rs := gravewatchRS(t)
	s := session.New(rs, gravewatchSheets(t, rs), 42)
	text := `The grave gives up its goods. [loot: table="grave_goods" who="Maud"]`
	first, err := s.Append(session.GMReply, text)
	if err != nil {
		t.Fatal(err)
	}
	once := state(t, s.State().Party)
	again, err := s.Append(session.Regenerate, text)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Records) != 1 || first.Records[0].Name != "loot" || first.Records[0].String() != again.Records[0].String() {
		t.Fatalf("%v\n%v", first.Records, again.Records)
	}
	if state(t, s.State().Party) != once {
		t.Fatal("the regenerated reply dropped again")
	}
	fold := session.Fold(rs, gravewatchSheets(t, rs), 42, s.Events())
	if state(t, fold.State().Party) != once {
		t.Fatal("replaying the log does not give the same bags")
	}
	if !strings.Contains(first.Records[0].Value("placed"), "Maud Hollin: ") {
		t.Errorf("who= puts the drop in Maud's bag: %s", first.Records[0])
	}
}

// TestLootIntoFullBag: a bag that holds as many stacks as a bag accepts
// takes no new stack: the drop is left behind and said, never lost
// silently.
func TestLootIntoFullBag(t *testing.T) {
	rs := inline(t, `[{"id":"idols","entries":[{"item":"c/idol","count":2}]}]`)
	p := party(rs, "Ada")
	for k := 0; k < items.MaxStacksPerBag; k++ {
		p.Put(0, nil, "pebble "+string(rune('a'+k%26))+string(rune('a'+k/26)), 1)
	}
	r := answer(t, p, items.GM, `[loot: table="idols" who="Ada"]`, 1)
	if r.Value("leftBehind") != "Idol ×2" || r.Has("placed") {
		t.Fatalf("%s", r)
	}
}
