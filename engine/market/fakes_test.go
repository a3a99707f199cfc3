package market_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// town is the 5e party (Ada, the player, and Corvin) in a town whose
// fence has a potion of poison in its odd lot today, with gold.
func town(t testing.TB) *items.Party {
	t.Helper()
	p := party(t, "d20-5e")
	give(p, 0, "gp", 300)
	give(p, 1, "gp", 300)
	for turn := 1; turn < 200; turn++ {
		q := p.Clone()
		say(t, q, turn, `[place: name="Saltmarsh" size="town"]`)
		if market.State(q).Stock["fence"]["magic_items/potion-of-poison"] > 0 {
			return q
		}
	}
	t.Fatal("no day put a fake in the fence's lot")
	return nil
}

// rolled answers a tag with scripted dice.
func rolled(t testing.TB, p *items.Party, s string, faces ...int) record.Record {
	t.Helper()
	tg, err := tag.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	r := p.AnswerTurn(tg, items.Turn{Actor: items.GM, Dice: dice.Script(faces...)})
	if err := record.Check(r); err != nil {
		t.Fatalf("%s: %v", r, err)
	}
	return r
}

// TestDishonestSellerFake: a purchase that names the fence gets the fake,
// shown as the potion it passes for and priced as it; one that names no
// seller never does; Corvin (Arcana expertise) notices first, the buy is
// held, and asked again it goes through.
func TestDishonestSellerFake(t *testing.T) {
	p := town(t)
	r := say(t, p, 300, `[inventory: action="buy" item="Potion of Healing"]`)
	if s, _ := r.Get("seller"); s == "Fence" || r.Name != "inventory" {
		t.Fatalf("no seller named: %s", r)
	}
	if p.Members[0].Bag[len(p.Members[0].Bag)-1].Item != "magic_items/potion-of-healing" {
		t.Fatalf("a purchase naming no seller got %+v", p.Members[0].Bag)
	}
	held := say(t, p, 301, `[inventory: action="buy" item="Potion of Healing" seller="Fence" who="Ada"]`)
	want := `[refused: action="buy" reason="held" item="Potion of Healing" who="Ada Quickhand" noticed="Corvin Vell: its magic does not feel like healing magic"`
	if !strings.HasPrefix(held.String(), want) {
		t.Fatalf("got  %s\nwant %s", held, want)
	}
	r = say(t, p, 302, `[inventory: action="buy" item="Potion of Healing" seller="Fence" who="Ada"]`)
	if r.Name != "inventory" || !strings.Contains(r.String(), `price="50 gold pieces"`) {
		t.Fatalf("asked again: %s", r)
	}
	last := p.Members[0].Bag[len(p.Members[0].Bag)-1]
	if last.Item != "magic_items/potion-of-poison" || last.Name != "Potion of Healing" {
		t.Fatalf("the fake in the bag: %+v", last)
	}
	gm := p.Line(p.Def(&last), last.Name, true)
	if !strings.Contains(gm, "(FAKE: really Potion of Poison)") || !strings.HasPrefix(gm, "Potion of Healing") || !strings.HasSuffix(gm, "; keep calling it Potion of Healing") {
		t.Errorf("GM line: %s", gm)
	}
	if pl := p.Line(p.Def(&last), last.Name, false); strings.Contains(pl, "Poison") {
		t.Errorf("the player sees the truth: %s", pl)
	}
	v, _ := market.Block(p)
	if !strings.Contains(strings.Join(v.Lines(), "\n"), "(truly Potion of Poison: a fake this seller passes off)") {
		t.Errorf("MARKET block without the truth:\n%s", strings.Join(v.Lines(), "\n"))
	}
}

// TestInspectFake: a success makes it suspect, a margin of namesItAt
// identifies it, a failure cannot tell; one try per character per item;
// nothing-to-check spends nothing.
func TestInspectFake(t *testing.T) {
	cases := []struct {
		face    int
		verdict string
	}{
		{2, "cannot-tell"}, // Arcana +12 (Int 18, expertise at prof 4): 14 against 18
		{8, "suspect"},     // 20: by 2
		{12, "identified"}, // 24: by 6, namesItAt 5
	}
	for _, c := range cases {
		p := town(t)
		fake := p.RS.Items.ItemByRef("magic_items/potion-of-poison")
		p.Put(1, fake, "Potion of Healing", 1)
		r := rolled(t, p, `[inventory: action="inspect" item="Potion of Healing" who="Corvin"]`, c.face)
		if v, _ := r.Get("verdict"); v != c.verdict {
			t.Fatalf("face %d: %s, want %s", c.face, r, c.verdict)
		}
		if c.verdict == "suspect" && !strings.Contains(p.Block(), "(Corvin Vell thinks it is a fake)") {
			t.Errorf("the bag does not say it is suspect:\n%s", p.Block())
		}
		again := rolled(t, p, `[inventory: action="inspect" item="Potion of Healing" who="Corvin"]`, 20)
		if c.verdict == "identified" {
			if got, _ := again.Get("reason"); got != "not-on-hand" {
				t.Fatalf("identified, it is its true item: %s", again)
			}
			continue
		}
		if got, _ := again.Get("reason"); got != market.AlreadyTried {
			t.Fatalf("a second try: %s", again)
		}
	}
	// Ada cannot make the kit check (no kit) and rolls Arcana; a real
	// potion rolls the fakes' tells and says authentic on a success.
	p := town(t)
	real := p.RS.Items.ItemByRef("magic_items/potion-of-healing")
	p.Put(1, real, real.Label, 1)
	r := rolled(t, p, `[inventory: action="inspect" item="Potion of Healing" who="Corvin"]`, 19)
	if v, _ := r.Get("verdict"); v != "authentic" {
		t.Fatalf("real potion: %s", r)
	}
	// Nothing could give a backpack away: refused, and not spent.
	bp := p.RS.Items.ItemByRef("equipment/backpack")
	p.Put(1, bp, bp.Label, 1)
	before := state(t, p)
	r = rolled(t, p, `[inventory: action="inspect" item="Backpack" who="Corvin"]`, 20)
	if got, _ := r.Get("reason"); got != market.NothingToCheck || state(t, p) != before {
		t.Fatalf("backpack: %s", r)
	}
}

// TestInspectWith: Identify is fooled by the potion of poison (it shows
// as what it passes for: "authentic"), Detect Poison and Disease names
// it; a real item reveals nothing ("uncertain" from a means that detects
// only some fakes). No attempt is spent.
func TestInspectWith(t *testing.T) {
	p := town(t)
	fake := p.RS.Items.ItemByRef("magic_items/potion-of-poison")
	p.Put(0, fake, "Potion of Healing", 1)
	for _, c := range []struct{ with, verdict string }{{"Identify", "authentic"}, {"identify", "authentic"}, {"Detect Poison and Disease", "identified"}} {
		r := rolled(t, p, `[inventory: action="inspect" item="Potion of Healing" who="Ada" with="`+c.with+`"]`)
		if v, _ := r.Get("verdict"); v != c.verdict {
			t.Fatalf("%s: %s", c.with, r)
		}
	}
	if got := p.Members[0].Bag[len(p.Members[0].Bag)-1].Name; got != "Potion of Poison" {
		t.Fatalf("identified, the stack is called %q", got)
	}
	real := p.RS.Items.ItemByRef("magic_items/potion-of-healing")
	p.Put(1, real, real.Label, 1)
	r := rolled(t, p, `[inventory: action="inspect" item="Potion of Healing" who="Corvin" with="Detect Poison and Disease"]`)
	if v, _ := r.Get("verdict"); v != "uncertain" {
		t.Fatalf("real potion, Detect Poison: %s", r)
	}
	if r := rolled(t, p, `[inventory: action="inspect" item="Potion of Healing" who="Corvin"]`, 19); r.Name != "inventory" {
		t.Fatalf("with= spent the try: %s", r)
	}
}

// TestRevealAndHonestBuyer: reveal makes a fake its true item; an honest
// buyer says what it is (found out) and refuses it when it has no cost; a
// dishonest buyer takes it for what it looks like.
func TestRevealAndHonestBuyer(t *testing.T) {
	p := town(t)
	fake := p.RS.Items.ItemByRef("magic_items/potion-of-poison")
	p.Put(0, fake, "Potion of Healing", 2)
	q := p.Clone()
	r := say(t, q, 300, `[inventory: action="sell" item="Potion of Healing" seller="apothecary"]`)
	want := `[refused: action="sell" reason="not-for-sale" item="Potion of Healing" who="Ada Quickhand" revealed="Potion of Poison" note="the apothecary says it is really Potion of Poison, which has no price, and will not pay for it"]`
	if r.String() != want {
		t.Fatalf("honest buyer of a fake without cost:\n got %s\nwant %s", r, want)
	}
	if last := q.Members[0].Bag[len(q.Members[0].Bag)-1]; last.Name != "Potion of Poison" || last.Count != 2 {
		t.Fatalf("found out, the stack is %+v", last)
	}
	r = say(t, p, 301, `[inventory: action="sell" item="Potion of Healing" seller="Fence"]`)
	if r.String() != `[inventory: action="sell" item="Potion of Healing" count="1" price="25 gold pieces" seller="Fence" who="Ada Quickhand" coins="platinum pieces ×2, gold pieces ×5"]` {
		t.Fatalf("dishonest buyer: %s", r)
	}
	r = say(t, p, 302, `[inventory: action="reveal" item="Potion of Healing" who="Ada"]`)
	if got, _ := r.Get("revealed"); got != "Potion of Poison" {
		t.Fatalf("reveal: %s", r)
	}
	r = say(t, p, 303, `[inventory: action="reveal" item="Potion of Healing" who="Ada"]`)
	if got, _ := r.Get("reason"); got != market.NotAFake {
		t.Fatalf("reveal again: %s", r)
	}
}

// TestHonestSellerWarns: the MARKET block warns beside an honest
// seller's risky ware.
func TestHonestSellerWarns(t *testing.T) {
	p := party(t, "d20-5e")
	say(t, p, 1, `[place: name="Waterdeep" size="city"]`)
	v, ok := market.Block(p)
	text := strings.Join(v.Lines(), "\n")
	if !ok || !strings.Contains(text, "Wand of Wonder, 500 gold pieces") ||
		!strings.Contains(text, "(warn the buyer first: every wave is a gamble; some effects turn on the one who waves it)") {
		t.Fatalf("MARKET:\n%s", text)
	}
}

// TestBindingRevealsAFake: binding a fake finds it out.
func TestBindingRevealsAFake(t *testing.T) {
	p := gravewatch(t)
	b := p.RS.Items
	ring := b.ItemByRef("grave-goods/widows-ring")
	if !ring.Binds {
		t.Skip("the widow's ring no longer binds")
	}
	// A fake ring passing for the widow's ring (same category, binds).
	fake := *ring
	fake.ID, fake.Label = "false-ring", "False ring"
	fake.Market = &itemrules.ItemMarket{PassesFor: ring.Ref()}
	b.Items = append(b.Items, &fake)
	q := items.New(p.RS, []*sheet.Sheet{p.Members[0].Sheet})
	q.Put(0, &fake, ring.Label, 1)
	r := say(t, q, 1, `[inventory: action="bind" item="`+ring.Label+`"]`)
	if got, _ := r.Get("revealed"); got != "False ring" {
		t.Fatalf("%s", r)
	}
}

// TestUsingAFakePotion: using a fake the rules give no use finds it out,
// and the Game Master is told to narrate what it really does.
func TestUsingAFakePotion(t *testing.T) {
	p := town(t)
	fake := p.RS.Items.ItemByRef("magic_items/potion-of-poison")
	p.Put(0, fake, "Potion of Healing", 2)
	r := say(t, p, 300, `[inventory: action="use" item="Potion of Healing" who="Ada"]`)
	want := `[inventory: action="use" item="Potion of Healing" who="Ada Quickhand" said="I use my Potion of Healing." note="Potion of Healing is really Potion of Poison: narrate what that does" revealed="Potion of Poison"]`
	if r.String() != want {
		t.Fatalf("got  %s\nwant %s", r, want)
	}
	if got := p.Members[0].Bag[len(p.Members[0].Bag)-1]; got.Name != "Potion of Poison" || got.Count != 2 {
		t.Fatalf("the stack after: %+v", got)
	}
	r = say(t, p, 301, `[inventory: action="use" item="Potion of Poison" who="Ada"]`)
	if r.Has("revealed") {
		t.Errorf("found out twice: %s", r)
	}
}

// TestFakeOfAnUnsaleableItemNeverStocked: the market checks a fake
// against what it passes for again when it would offer it: once the
// potion of healing has no price, the fence's lot never holds the
// potion of poison (its lot rolls it 3 times in 4).
func TestFakeOfAnUnsaleableItemNeverStocked(t *testing.T) {
	p := party(t, "d20-5e")
	p.RS.Items.ItemByRef("magic_items/potion-of-healing").Cost = nil
	for turn := 1; turn < 40; turn++ {
		q := p.Clone()
		say(t, q, turn, `[place: name="Saltmarsh" size="town"]`)
		if n := market.State(q).Stock["fence"]["magic_items/potion-of-poison"]; n > 0 {
			t.Fatalf("reply %d: the fence stocks %d potions of poison passing for an item without a price", turn, n)
		}
	}
}

// TestInspectWords: the Inspect button's words, offered only by a
// ruleset whose fakes can be detected.
func TestInspectWords(t *testing.T) {
	p := party(t, "d20-5e")
	if got, ok := market.InspectWords(p.RS, "Potion of Healing"); !ok || got != "I examine my Potion of Healing carefully before trusting it." {
		t.Errorf("5e: %q %v", got, ok)
	}
	if got, ok := market.InspectWords(gravewatch(t).RS, "Oilskin coat"); ok {
		t.Errorf("Gravewatch has no fakes to detect: %q", got)
	}
}

// TestFakeStacksKeepTheirNames: a fake bought after another was found
// out starts a stack of its own under the name it shows, and never
// joins the found-out one (nor does a found-out one join a hidden one);
// once found out, it joins them.
func TestFakeStacksKeepTheirNames(t *testing.T) {
	p := town(t)
	fake := p.RS.Items.ItemByRef("magic_items/potion-of-poison")
	p.Put(0, fake, "Potion of Poison", 1)
	p.Put(0, fake, "Potion of Healing", 1)
	p.Put(0, fake, "Potion of Poison", 1)
	var names []string
	for _, s := range p.Members[0].Bag {
		if s.Item == fake.Ref() {
			names = append(names, s.Name+"×"+itoa(s.Count))
		}
	}
	if got := strings.Join(names, ", "); got != "Potion of Poison×2, Potion of Healing×1" {
		t.Fatalf("stacks: %s", got)
	}
	// Found out, it joins those found out before.
	if r := say(t, p, 300, `[inventory: action="reveal" item="Potion of Healing" who="Ada"]`); r.Name != "inventory" {
		t.Fatal(r)
	}
	names = names[:0]
	for _, s := range p.Members[0].Bag {
		if s.Item == fake.Ref() {
			names = append(names, s.Name+"×"+itoa(s.Count))
		}
	}
	if got := strings.Join(names, ", "); got != "Potion of Poison×3" {
		t.Fatalf("stacks after reveal: %s", got)
	}
}

// TestFakeWeaponAttacksAsWhatItPassesFor: worn, a fake weapon not yet
// found out attacks as the weapon it passes for (a dud pistol with no
// attack of its own fires as the watch pistol); found out, as itself.
func TestFakeWeaponAttacksAsWhatItPassesFor(t *testing.T) {
	p := gravewatch(t)
	b := p.RS.Items
	pistol := b.ItemByRef("kit/watch-pistol")
	if pistol == nil || pistol.AttackDef == nil {
		t.Skip("Gravewatch has no watch pistol with an attack")
	}
	dud := *pistol
	dud.ID, dud.Label, dud.Cost, dud.AttackDef = "dud-pistol", "Dud pistol", nil, nil
	dud.Market = &itemrules.ItemMarket{PassesFor: pistol.Ref()}
	b.Items = append(b.Items, &dud)
	q := items.New(p.RS, []*sheet.Sheet{p.Members[0].Sheet})
	q.Put(0, &dud, pistol.Label, 1)
	if r := say(t, q, 1, `[inventory: action="equip" item="Watch pistol"]`); r.Name != "inventory" {
		t.Fatal(r)
	}
	s := &q.Members[0].Bag[len(q.Members[0].Bag)-1]
	w, ok := q.WeaponOf(0, s)
	real := items.ResolveWeapon(b, pistol)
	if !ok || w.Name != "Watch pistol" || w.Dice != real.Dice || w.Def != pistol {
		t.Fatalf("the dud attacks as %+v", w)
	}
	q.RenameStacks(0, dud.Ref(), pistol.Label, dud.Label)
	if _, ok := q.WeaponOf(0, &q.Members[0].Bag[len(q.Members[0].Bag)-1]); ok {
		t.Error("found out, the dud still attacks")
	}
}
