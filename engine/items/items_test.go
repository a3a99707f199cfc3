package items_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/sheet"
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

// ember is the bundled Ember Roads party: Tamsin (the player), Orrin, Wren.
func ember(t testing.TB) *items.Party {
	t.Helper()
	rs := load(t, "../../rulesets/ember-roads/ruleset.json")
	files, _ := filepath.Glob("../../rulesets/ember-roads/sheets/*.json")
	var sheets []*sheet.Sheet
	for _, f := range files {
		s, err := sheet.LoadFile(f, rs)
		if err != nil {
			t.Fatal(err)
		}
		sheets = append(sheets, s)
	}
	return items.New(rs, sheets)
}

// gw is testdata/items/gw.json with a blank-sheeted party of named members.
func gw(t testing.TB, sheets ...*sheet.Sheet) *items.Party {
	t.Helper()
	return items.New(load(t, "../../testdata/items/gw.json"), sheets)
}

func answer(t testing.TB, p *items.Party, actor items.Actor, s string) record.Record {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	r := p.Answer(tg, actor)
	if err := record.Check(r); err != nil {
		t.Fatalf("%s: %v", r, err)
	}
	return r
}

func want(t testing.TB, r record.Record, kv ...string) {
	t.Helper()
	for i := 0; i+1 < len(kv); i += 2 {
		if got, ok := r.Get(kv[i]); !ok || got != kv[i+1] {
			t.Errorf("%s: %s=%q, want %q", r, kv[i], got, kv[i+1])
		}
	}
}

func bag(p *items.Party, i int) string {
	var out []string
	for _, s := range p.Members[i].Bag {
		x := s.Name + "×" + strconv.Itoa(s.Count)
		if s.Equipped {
			x += "E"
		}
		if s.Bound {
			x += "B"
		}
		out = append(out, x)
	}
	return strings.Join(out, ", ")
}

func TestBagsFromSheets(t *testing.T) {
	p := ember(t)
	if len(p.Members) != 3 || p.Members[0].Name != "Tamsin" || p.Members[1].Name != "Orrin" {
		t.Fatalf("the player first, then the party in order: %v", p.Members)
	}
	if got := bag(p, 1); got != "Boar spear×1, Arrows×20, Arrows×10" {
		t.Errorf("Orrin's bag (arrows stack 20): %s", got)
	}
	if got := p.Load(0); got != 4.25 {
		t.Errorf("Tamsin's load %v, want 4.25 (coat 3, rope 1, guide stone 0.25)", got)
	}
	enc, lim := p.Capacity(0)
	if enc != 6 || lim != 12 {
		t.Errorf("Tamsin encumberedAbove %v limit %v, want 6 and 12 (load = 4 + 2 x Brawn)", enc, lim)
	}
}

func TestAddByLabelAndStacks(t *testing.T) {
	p := ember(t)
	r := answer(t, p, items.GM, `[inventory: action="add" item="hunting BOW" who="Orrin"]`)
	want(t, r, "action", "add", "item", "Hunting bow", "count", "1", "placed", "Orrin 1",
		"line", "Hunting bow [Weapon, Common, Ranged, Two-handed; Bulk 2, Damage 1d8, Rolls with wits, Reach far]; attack (Action): Wits to hit, 1d8 pierce, range 30 to 60 paces, ammunition Arrow (1 an attack, 50% picked up after a won fight), modes Volley (2 shots, -2 to hit, up to 2 targets); costs 3 sovereigns")
	r = answer(t, p, items.GM, `[inventory: action="add" item="Arrows" count="15" who="Orrin"]`)
	want(t, r, "count", "15")
	if got := bag(p, 1); got != "Boar spear×1, Arrows×20, Arrows×20, Hunting bow×1, Arrows×5" {
		t.Errorf("stack fills then starts a new one: %s", got)
	}
}

func TestSharedLabelFirstListedWins(t *testing.T) {
	p := gw(t, sheet.Blank("Ada"))
	answer(t, p, items.GM, `[inventory: action="add" item="grave spade"]`)
	if s := p.Members[0].Bag[0]; s.Item != "goods/grave-spade" {
		t.Errorf("the first listed of two items labelled Grave spade: %+v", s)
	}
}

func TestFreeformAndNative(t *testing.T) {
	p := ember(t)
	r := answer(t, p, items.Player, `[inventory: action="add" item="Lucky feather"]`)
	want(t, r, "action", "add", "item", "Lucky feather", "placed", "Tamsin 1")
	if _, ok := r.Get("line"); ok {
		t.Error("a plain item has no line")
	}

	rs := load(t, "../../rulesets/ember-roads/ruleset.json")
	rs.Items.Freeform = "refuse"
	rs.Items.Native = false
	q := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada")})
	r = answer(t, q, items.Player, `[inventory: action="add" item="Lucky feather"]`)
	want(t, r, "reason", "not-ruleset-item")
	r = answer(t, q, items.GM, `[inventory: action="add" item="Lucky feather"]`)
	want(t, r, "reason", "not-ruleset-item")
	r = answer(t, q, items.Player, `[inventory: action="add" item="rope"]`)
	want(t, r, "item", "Rope")
	// More of something the party already has can still be added.
	q.Members[0].Bag = append(q.Members[0].Bag, items.Stack{Name: "Old map", Count: 1})
	r = answer(t, q, items.GM, `[inventory: action="add" item="old map" count="2"]`)
	want(t, r, "item", "Old map", "count", "2")
	if q.Members[0].Bag[len(q.Members[0].Bag)-1].Count != 3 {
		t.Errorf("old map: %+v", q.Members[0].Bag)
	}
}

func TestCarryPlacement(t *testing.T) {
	cases := []struct {
		tag    string
		placed string
		left   string
	}{
		// Orrin (room 5 before encumbered) can take all three.
		{`[inventory: action="add" item="Rope" count="3"]`, "Orrin 3", ""},
		// No one can take all ten: split by room (Tamsin 1, Orrin 5, Wren 1),
		// then the rest to whoever can carry it below their limit.
		{`[inventory: action="add" item="Rope" count="10"]`, "Tamsin 4; Orrin 5; Wren 1", ""},
		// A millstone (10) fits no one below their limit: left behind.
		{`[inventory: action="add" item="Millstone"]`, "", "1"},
		// Weightless goes to the player.
		{`[inventory: action="add" item="Hand axe" count="2"]`, "Tamsin 2", ""},
	}
	for _, c := range cases {
		p := ember(t)
		r := answer(t, p, items.GM, c.tag)
		if got := r.Value("placed"); got != c.placed {
			t.Errorf("%s: placed=%q want %q (%s)", c.tag, got, c.placed, r)
		}
		if got := r.Value("left"); got != c.left {
			t.Errorf("%s: left=%q want %q", c.tag, got, c.left)
		}
	}
	p := ember(t)
	for i := range p.Members {
		if p.Encumbered(i) {
			t.Errorf("%s starts encumbered", p.Members[i].Name)
		}
	}
	answer(t, p, items.GM, `[inventory: action="add" item="Rope" count="10"]`)
	if !p.Encumbered(0) || p.LoadLine(0) != "load 8.25 of 6 bulk (limit 12), encumbered" {
		t.Errorf("Tamsin: %s", p.LoadLine(0))
	}
	// Non-integer weights: 25 arrows weigh 2.5.
	q := ember(t)
	answer(t, q, items.GM, `[inventory: action="add" item="Arrows" count="25" who="Wren"]`)
	if got := q.Load(2); got < 5.499 || got > 5.501 {
		t.Errorf("Wren's load %v, want 5.5", got)
	}
	// who= past the limit: the rest is left behind.
	r := answer(t, q, items.GM, `[inventory: action="add" item="Rope" count="9" who="Wren"]`)
	want(t, r, "count", "6", "left", "3", "placed", "Wren 6")
}

func TestSlots(t *testing.T) {
	p := ember(t)
	answer(t, p, items.GM, `[inventory: action="add" item="Hand axe" count="3"]`)
	r := answer(t, p, items.GM, `[inventory: action="equip" item="Hand axe"]`)
	want(t, r, "action", "equip", "who", "Tamsin", "slots", "Body 0/1, Hands 1/2, Arms 0/1")
	if got := bag(p, 0); got != "Leather coat×1, Guide stone×1, Hand axe×3, Rope×1, Hand axe×1E" {
		t.Errorf("split one off the stack: %s", got)
	}
	answer(t, p, items.GM, `[inventory: action="equip" item="Hand axe"]`)
	r = answer(t, p, items.GM, `[inventory: action="equip" item="Hand axe"]`)
	want(t, r, "reason", "no-free-slot")
	r = answer(t, p, items.GM, `[inventory: action="unequip" item="Hand axe"]`)
	want(t, r, "slots", "Body 0/1, Hands 1/2, Arms 0/1")
	r = answer(t, p, items.GM, `[inventory: action="equip" item="Rope"]`)
	want(t, r, "reason", "no-slots")
	r = answer(t, p, items.GM, `[inventory: action="equip" item="Leather coat"]`)
	want(t, r, "slots", "Body 1/1, Hands 1/2, Arms 0/1")
	if !strings.Contains(p.Block(), "Leather coat [Armor, Common; Bulk 3, Guard 1]; worn: -1 on checks (Sneak); costs 2 sovereigns (equipped, worn)") {
		t.Errorf("inventory block:\n%s", p.Block())
	}
}

func TestBinding(t *testing.T) {
	ada := sheet.Blank("Ada")
	ada.Abilities["nerve"] = 1
	p := gw(t, ada, nil)
	answer(t, p, items.GM, `[inventory: action="add" item="Widow's ring" who="Ada"]`)
	answer(t, p, items.GM, `[inventory: action="add" item="Dawn bell" who="Ada"]`)
	r := answer(t, p, items.GM, `[inventory: action="bind" item="Widow's ring"]`)
	want(t, r, "action", "bind", "bound", "1 of 1")
	r = answer(t, p, items.GM, `[inventory: action="bind" item="Dawn bell"]`)
	want(t, r, "reason", "binding-full")
	// A character without a sheet reads a blank sheet: nerve 1.
	if p.BindingMax(1) != 1 {
		t.Errorf("blank sheet binding max %d", p.BindingMax(1))
	}
	for _, s := range []string{
		`[inventory: action="unbind" item="Widow's ring"]`,
		`[inventory: action="remove" item="Widow's ring"]`,
		`[inventory: action="give" item="Widow's ring" to=""]`,
	} {
		r = answer(t, p, items.Player, s)
		if r.Name != "refused" {
			t.Errorf("%s: a bound cursed item stays: %s", s, r)
		}
	}
	r = answer(t, p, items.GM, `[inventory: action="unbind" item="Widow's ring"]`)
	want(t, r, "reason", "cursed")
	r = answer(t, p, items.GM, `[inventory: action="unbind" item="Widow's ring" curse="end"]`)
	want(t, r, "action", "unbind", "curseEnded", "true")
	r = answer(t, p, items.GM, `[inventory: action="bind" item="Dawn bell"]`)
	want(t, r, "bound", "1 of 1")
	r = answer(t, p, items.Player, `[inventory: action="remove" item="Widow's ring"]`)
	want(t, r, "action", "remove", "count", "1")
	q := ember(t)
	r = answer(t, q, items.GM, `[inventory: action="bind" item="Rope"]`)
	want(t, r, "reason", "no-binding")
}

func TestGive(t *testing.T) {
	p := ember(t)
	r := answer(t, p, items.GM, `[inventory: action="give" item="Arrows" count="25" who="Orrin" to="Wren"]`)
	want(t, r, "count", "25", "who", "Orrin", "to", "Wren")
	if got := bag(p, 2); got != "Hunting bow×1, Oxhide gauntlets×1, Arrows×20, Arrows×5" {
		t.Errorf("Wren: %s", got)
	}
	r = answer(t, p, items.GM, `[inventory: action="use" item="Arrows"]`)
	want(t, r, "reason", "not-available")
}

// TestItemStat reads the worn guard into Ember Roads' Guard, and the
// picks and filters of itemStat.
func TestItemStat(t *testing.T) {
	p := ember(t)
	if g := p.Character(0).Derived("guard"); g != 9 {
		t.Errorf("Guard before the coat is worn: %v, want 6 + Wits 3", g)
	}
	answer(t, p, items.GM, `[inventory: action="equip" item="Leather coat"]`)
	if g := p.Character(0).Derived("guard"); g != 10 {
		t.Errorf("Guard with the coat worn: %v, want 10", g)
	}
	// Outside a game, itemStat reads its default.
	if g := sheet.New(p.RS, p.Members[0].Sheet).Derived("guard"); g != 9 {
		t.Errorf("outside a game: %v", g)
	}
	ch := p.Character(1)
	ref := func(r valueref.ItemStat) float64 { return ch.Value(valueref.Ref{ItemStat: &r}) }
	cases := []struct {
		r    valueref.ItemStat
		want float64
	}{
		{valueref.ItemStat{Stat: "bulk", Pick: "sum"}, 5},
		{valueref.ItemStat{Stat: "bulk", Pick: "max"}, 2},
		{valueref.ItemStat{Stat: "bulk", Pick: "min"}, 0.1},
		{valueref.ItemStat{Pick: "count"}, 31},
		{valueref.ItemStat{Pick: "count", Stat: "damage"}, 1},
		{valueref.ItemStat{Pick: "count", Category: "ammunition"}, 30},
		{valueref.ItemStat{Pick: "count", Tag: "arrow"}, 30},
		{valueref.ItemStat{Pick: "count", Slot: "hands"}, 1},
		{valueref.ItemStat{Stat: "guard", Pick: "sum", Default: 7}, 7},
		{valueref.ItemStat{Stat: "bulk", From: "worn", Default: -1}, -1},
		{valueref.ItemStat{Stat: "bulk", From: "carried"}, 5},
	}
	for _, c := range cases {
		if got := ref(c.r); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("%+v = %v, want %v", c.r, got, c.want)
		}
	}
}

func TestAbilitiesFromItems(t *testing.T) {
	p := ember(t)
	if s := p.Character(2).AbilityScore("brawn"); s != 0 {
		t.Errorf("gauntlets carried do nothing: %d", s)
	}
	answer(t, p, items.GM, `[inventory: action="equip" item="Oxhide gauntlets"]`)
	if s := p.Character(2).AbilityScore("brawn"); s != 2 {
		t.Errorf("worn gauntlets set Brawn to at least 2: %d", s)
	}
	// The load reads the sheet alone: gauntlets do not raise it.
	if enc, _ := p.Capacity(2); enc != 4 {
		t.Errorf("encumberedAbove reads the sheet alone: %v", enc)
	}
	// Adds first, then the highest set, within min and max.
	q := gw(t, sheet.Blank("Ada"))
	answer(t, q, items.GM, `[inventory: action="add" item="Lucky coin"]`)
	if s := q.Character(0).AbilityScore("sinew"); s != 2 {
		t.Errorf("carried +1 sinew: %d", s)
	}
	answer(t, q, items.GM, `[inventory: action="add" item="Iron gloves"]`)
	answer(t, q, items.GM, `[inventory: action="equip" item="Iron gloves"]`)
	if s := q.Character(0).AbilityScore("sinew"); s != 3 {
		t.Errorf("set 3 after add 1 to 1: %d", s)
	}
	answer(t, q, items.GM, `[inventory: action="add" item="Lucky coin" count="3"]`)
	if s := q.Character(0).AbilityScore("sinew"); s != 3 {
		t.Errorf("an item applies once however many stacks: %d", s)
	}
}

func roll(t *testing.T, p *items.Party, i int, s string, faces ...int) record.Record {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	env := &check.Env{RS: p.RS, Char: p.Character(i), Dice: dice.Script(faces...), Effects: p.Effects(i)}
	r := check.Resolve(env, tg).Record
	if err := record.Check(r); err != nil {
		t.Fatalf("%s: %v", r, err)
	}
	return r
}

func TestChecksReadItemsAndConditions(t *testing.T) {
	p := ember(t)
	r := roll(t, p, 0, `[skill_check: skill="Sneak" dc="8"]`, 3, 3)
	if r.Has("effects") {
		t.Errorf("a carried coat does nothing to Sneak: %s", r)
	}
	answer(t, p, items.GM, `[inventory: action="equip" item="Leather coat"]`)
	r = roll(t, p, 0, `[skill_check: skill="Sneak" dc="8"]`, 3, 3)
	want(t, r, "modifier", "4", "effects", "-1", "from", "Leather coat", "total", "9")
	// The carried guide stone: +1 to Sway only.
	r = roll(t, p, 0, `[skill_check: skill="Sway"]`, 1, 1)
	want(t, r, "effects", "+1", "from", "Guide stone")
	r = roll(t, p, 0, `[skill_check: ability="Heart"]`, 1, 1)
	if r.Has("from") {
		t.Errorf("an ability check reads only what is not restricted to skills: %s", r)
	}
	// Wren is Winded: disadvantage on Haul and Sneak; mode=advantage cancels it.
	r = roll(t, p, 2, `[skill_check: skill="Sneak"]`, 6, 6, 1, 1)
	want(t, r, "mode", "disadvantage", "rolls", "6,6,1,1", "from", "Winded")
	r = roll(t, p, 2, `[skill_check: skill="Sneak" mode="advantage"]`, 6, 6)
	if r.Has("mode") || r.Value("rolls") != "6,6" {
		t.Errorf("advantage and disadvantage cancel: rolled once: %s", r)
	}
	r = roll(t, p, 2, `[skill_check: skill="Mend"]`, 2, 2)
	if r.Has("mode") {
		t.Errorf("Winded names Haul and Sneak only: %s", r)
	}
}

func TestSavesAndRequirements(t *testing.T) {
	ada := sheet.Blank("Ada")
	ada.Conditions = []string{"exhausted"}
	p := gw(t, ada)
	r := roll(t, p, 0, `[skill_check: save="grit" dc="10"]`)
	want(t, r, "automatic", "true", "from", "Exhausted", "success", "false")
	// Exhausted's disadvantage is on checks, not saves.
	r = roll(t, p, 0, `[skill_check: save="steel" dc="10"]`, 5)
	want(t, r, "rolls", "5")
	// Grave spade: sinew 1 < 3: -1 on Dig while worn; iron gloves set 3.
	answer(t, p, items.GM, `[inventory: action="add" item="Grave spade"]`)
	answer(t, p, items.GM, `[inventory: action="equip" item="Grave spade"]`)
	r = roll(t, p, 0, `[skill_check: skill="dig"]`, 10, 10)
	// Exhausted's disadvantage changes nothing where the ruleset never
	// rolls twice, so only the spade, which changed the number, is named.
	want(t, r, "effects", "-1", "from", "Grave spade")
	ring := sheet.Blank("Bea")
	ring.Abilities["nerve"] = 2
	q := gw(t, ring)
	answer(t, q, items.GM, `[inventory: action="add" item="Dawn bell"]`)
	r = roll(t, q, 0, `[skill_check: skill="Ward"]`, 4)
	if r.Has("from") {
		t.Errorf("an item that binds does nothing while worn until bound: %s", r)
	}
	answer(t, q, items.GM, `[inventory: action="bind" item="Dawn bell"]`)
	r = roll(t, q, 0, `[skill_check: skill="Ward"]`, 4)
	want(t, r, "effects", "+1", "from", "Dawn bell")
}

func TestDefenses(t *testing.T) {
	ada := sheet.Blank("Ada")
	ada.Conditions = []string{"stoneskin", "warded"}
	ada.Levels = []string{"hardened"}
	p := gw(t, ada)
	answer(t, p, items.GM, `[inventory: action="add" item="Dawn bell"]`)
	answer(t, p, items.GM, `[inventory: action="bind" item="Dawn bell"]`)
	got := p.DefensesText(p.Defenses(0))
	w := "resists bludgeoning except magical, fire, necrotic except magical, piercing except magical, poison, slashing except magical; immune to Rattled"
	if got != w {
		t.Errorf("defenses:\n got %s\nwant %s", got, w)
	}
}

func TestLines(t *testing.T) {
	p := ember(t)
	cases := map[string]string{
		"Hand axe":     "Hand axe [Weapon, Common, Thrown; Damage 1d6, Reach close]; attack (Action): Brawn to hit, 1d6 + Brawn cut, reach 2 paces, range 10 to 20 paces; costs 8 marks",
		"Leather coat": "Leather coat [Armor, Common; Bulk 3, Guard 1]; worn: -1 on checks (Sneak); costs 2 sovereigns",
		"Guide stone":  "Guide stone [Charm, Storied; Bulk 0.25]; carried: +1 on checks (Sway); costs 5 sovereigns",
	}
	for name, w := range cases {
		if got := p.Line(p.RS.Items.ItemByLabel(name), name, true); got != w {
			t.Errorf("GM line:\n got %s\nwant %s", got, w)
		}
	}
	// The player's details say "While worn" and show hidden stats.
	got := p.Line(p.RS.Items.ItemByLabel("Leather coat"), "", false)
	if !strings.Contains(got, "While worn: -1 on checks (Sneak)") {
		t.Errorf("player line: %s", got)
	}
	if got := p.Line(p.RS.Items.ItemByLabel("Guide stone"), "", false); !strings.Contains(got, "Hidden in sewn into a boot lining") {
		t.Errorf("player sees the hidden stat: %s", got)
	}
	q := gw(t, sheet.Blank("Ada"))
	got = q.Line(q.RS.Items.ItemByLabel("Widow's ring"), "", true)
	if !strings.Contains(got, "worn: +1 on checks (ward), immune to Rattled") {
		t.Errorf("ring: %s", got)
	}
}

// BenchmarkAddCarryParty6 adds rope to the shared view of a party of six
// (Ember Roads' three sheets twice): the carry rule reads every member's
// load and sheet numbers and splits the rope. Each iteration clones the
// party first (included in the time) so every add sees the same loads.
func BenchmarkAddCarryParty6(b *testing.B) {
	p3 := ember(b)
	var sheets []*sheet.Sheet
	for round := 0; round < 2; round++ {
		for _, m := range p3.Members {
			s := *m.Sheet
			s.Name = m.Name + strconv.Itoa(round)
			sheets = append(sheets, &s)
		}
	}
	p0 := items.New(p3.RS, sheets)
	tg, _ := tag.Parse(`[inventory: action="add" item="Rope" count="14"]`)
	if r := p0.Clone().Answer(tg, items.GM); r.Value("placed") == "" || !strings.Contains(r.Value("placed"), ";") {
		b.Fatalf("want a split placement: %s", r)
	}
	b.ReportAllocs()
	for b.Loop() {
		p0.Clone().Answer(tg, items.GM)
	}
}

func recordCheck(r record.Record) error { return record.Check(r) }

// The inventory block through a formatter: each stack is an item record
// (its GM line as name=, flags only when they hold), and the plain
// formatter shows those records verbatim under the block's name.
func TestBlockWithFormatter(t *testing.T) {
	p := ember(t)
	got := p.BlockWith(record.Plain{})
	if !strings.HasPrefix(got, "INVENTORY:\n") {
		t.Fatalf("block does not open with its name:\n%s", got)
	}
	for _, m := range p.Members {
		for j := range m.Bag {
			r := p.ItemRecord(&m.Bag[j])
			if err := record.Check(r); err != nil {
				t.Fatalf("item record %s: %v", r, err)
			}
			if !strings.Contains(got, r.String()) {
				t.Fatalf("block lacks %s:\n%s", r, got)
			}
		}
	}
}
