package battle_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/battle"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/use/usetest"
)

const root = "../.."

func loadRS(t testing.TB, name string) *ruleset.Ruleset {
	t.Helper()
	return usetest.Ruleset(t, root, name)
}

// partyOf loads sheets: a name with a slash is a path under the
// repository root, otherwise a file of testdata/use.
func partyOf(t testing.TB, rs *ruleset.Ruleset, files ...string) *items.Party {
	t.Helper()
	return items.New(rs, usetest.Sheets(t, root, rs, files...))
}

// grave is Gravewatch with Ada (two pages of the litany) first, then Maud
// (the dawn bell, the widow's ring).
func grave(t testing.TB) *items.Party {
	return partyOf(t, loadRS(t, "gravewatch"), "ada.json", "rulesets/gravewatch/sheets/maud.json")
}

// ember is Ember Roads with Juno (two poultices) first, then Tamsin.
func ember(t testing.TB) *items.Party {
	return partyOf(t, loadRS(t, "ember-roads"), "juno.json", "rulesets/ember-roads/sheets/01-tamsin.json")
}

func option(t *testing.T, m battle.Menu, item string) battle.Option {
	t.Helper()
	for _, o := range m.Options {
		if o.Item == item {
			return o
		}
	}
	t.Fatalf("%s is not offered: %+v", item, m)
	return battle.Option{}
}

func offered(m battle.Menu, item string) bool {
	for _, o := range m.Options {
		if o.Item == item {
			return true
		}
	}
	return false
}

// setUse gives an item of the party's ruleset another use, for a test.
func setUse(p *items.Party, s *items.Stack, u *itemrules.Use) {
	def := p.Def(s)
	cp := *def
	cp.UseDef = u
	*def = cp
}

// TestFractionAnchors: the scale's three anchors, exactly: an average of
// 7 is a little more than a fifth (7/32), never below a twentieth, at
// most all.
func TestFractionAnchors(t *testing.T) {
	if got := battle.Fraction(7); got != 7.0/32 || got <= 0.2 || got >= 0.25 {
		t.Errorf("Fraction(7) = %v, want 7/32, a little more than a fifth", got)
	}
	if got := battle.Average(itemrules.UseAmount{Dice: "1d8", Flat: 3}); got != 7.5 {
		t.Errorf("1d8+3 averages %v", got)
	}
	for _, avg := range []float64{-5, 0, 1, 1.6} {
		if got := battle.Fraction(avg); got != 1.0/20 {
			t.Errorf("Fraction(%v) = %v, want a twentieth", avg, got)
		}
	}
	for _, avg := range []float64{32, 33, 1e9} {
		if got := battle.Fraction(avg); got != 1 {
			t.Errorf("Fraction(%v) = %v, want all", avg, got)
		}
	}
	for a := 0.0; a < 40; a += 0.25 {
		if battle.Fraction(a+0.25) < battle.Fraction(a) {
			t.Errorf("Fraction falls between %v and %v", a, a+0.25)
		}
	}
}

// TestHealAsFraction: the poultice heals an ally by 3.5/32 of their
// maximum health; its use leaves one fewer.
func TestHealAsFraction(t *testing.T) {
	p := ember(t)
	m := battle.Bridge(p)
	o := option(t, m, "Poultice")
	if o.Kind != "heal" || o.Average != 3.5 || o.Fraction != 3.5/32 || o.Targets != "ally" || !o.Consumes || o.Uses != 2 {
		t.Errorf("poultice: %+v", o)
	}
	if got := battle.Effect(o); got != "heals an ally by 11% of their maximum health" {
		t.Errorf("effect %q", got)
	}
	out := battle.Use(p, battle.Unit{Name: "Juno", Member: 0, Player: true}, "Poultice", dice.New(1, 0, 0))
	want := []string{"Juno uses Poultice: heals an ally by 11% of their maximum health.", "Poultice: 1 left."}
	if !reflect.DeepEqual(out.Lines, want) || out.Left != 1 || !out.Worked {
		t.Errorf("use: %+v", out)
	}
	out = battle.Use(p, battle.Unit{Name: "Juno", Member: 0, Player: true}, "Poultice", dice.New(1, 0, 0))
	if out.Lines[1] != "Poultice: none left." || offered(battle.Bridge(p), "Poultice") {
		t.Errorf("the last poultice: %+v", out)
	}
}

// TestAttackElement: an attack wounds an enemy by its fraction, its
// damageType the element, and its first condition a status that lowers
// defense.
func TestAttackElement(t *testing.T) {
	p := ember(t)
	setUse(p, &p.Members[0].Bag[0], &itemrules.Use{Kind: "attack", Budget: "act", Amount: &itemrules.UseAmount{Dice: "1d8", Flat: 3}, DamageType: "fire", Consumes: true,
		Applies: []itemrules.Applied{{Condition: p.RS.Conditions[0].ID, Rounds: 3}, {Condition: p.RS.Conditions[1].ID}}})
	o := option(t, battle.Bridge(p), "Poultice")
	label := p.ConditionLabel(p.RS.Conditions[0].ID)
	want := battle.Status{Name: label, Condition: p.RS.Conditions[0].ID, Rounds: 3, Defense: -1}
	if o.Targets != "enemy" || o.Element != "fire" || o.Fraction != 7.5/32 || o.Status == nil || *o.Status != want {
		t.Errorf("attack: %+v %+v", o, o.Status)
	}
	if got := battle.Effect(o); got != "wounds an enemy by 23% of their maximum health (fire), "+label+" for 3 rounds (lowers defense)" {
		t.Errorf("effect %q", got)
	}
}

// TestStatusOnly: a buff or a debuff is only its status, for its rounds
// (2 without them), raising or lowering defense, whatever amount it says.
func TestStatusOnly(t *testing.T) {
	p := grave(t)
	p.Members[1].Bag[0].Bound = true
	m := battle.Bridge(p)
	bell := option(t, m, "Dawn bell")
	if bell.Fraction != 0 || *bell.Status != (battle.Status{Name: "Rattled", Condition: "rattled", Rounds: 2, Defense: -1}) || bell.Targets != "enemy" {
		t.Errorf("bell: %+v", bell)
	}
	if got := battle.Effect(bell); got != "Rattled for 2 rounds on an enemy (lowers defense)" {
		t.Errorf("bell effect %q", got)
	}
	page := option(t, m, "Page of the vigil litany")
	if page.Fraction != 0 || *page.Status != (battle.Status{Name: "Warded", Condition: "warded", Rounds: battle.DefaultRounds, Defense: 1}) || page.Targets != "self" {
		t.Errorf("page: %+v", page)
	}
	setUse(p, &p.Members[1].Bag[0], &itemrules.Use{Kind: "debuff", Budget: "act", Amount: &itemrules.UseAmount{Flat: 20}, Applies: []itemrules.Applied{{Condition: "rattled"}}, Charges: 1})
	if o := option(t, battle.Bridge(p), "Dawn bell"); o.Fraction != 0 || o.Average != 0 {
		t.Errorf("a debuff's amount was read: %+v", o)
	}
}

// TestTargetsDefault: without targets a heal or a buff goes to an ally,
// an attack or a debuff to an enemy; targets says otherwise.
func TestTargetsDefault(t *testing.T) {
	p := ember(t)
	for kind, want := range map[string]string{"heal": "ally", "buff": "ally", "attack": "enemy", "debuff": "enemy"} {
		setUse(p, &p.Members[0].Bag[0], &itemrules.Use{Kind: kind, Budget: "act", Amount: &itemrules.UseAmount{Flat: 1}, Consumes: true})
		if o := option(t, battle.Bridge(p), "Poultice"); o.Targets != want {
			t.Errorf("%s goes to %s, want %s", kind, o.Targets, want)
		}
	}
	setUse(p, &p.Members[0].Bag[0], &itemrules.Use{Kind: "heal", Budget: "act", Amount: &itemrules.UseAmount{Flat: 1}, Targets: "any", Consumes: true})
	if o := option(t, battle.Bridge(p), "Poultice"); o.Targets != "any" {
		t.Errorf("targets any: %+v", o)
	}
}

// TestNotConsumed: a use without consumes (nor charges) leaves the item
// where it is.
func TestNotConsumed(t *testing.T) {
	p := ember(t)
	setUse(p, &p.Members[0].Bag[0], &itemrules.Use{Kind: "heal", Budget: "act", Amount: &itemrules.UseAmount{Flat: 2}})
	out := battle.Use(p, battle.Unit{Name: "Juno", Member: 0}, "Poultice", dice.New(1, 0, 0))
	if p.Members[0].Bag[0].Count != 2 || len(out.Lines) != 1 || out.Left != 2 {
		t.Errorf("a use without consumes: %+v %+v", out, p.Members[0].Bag)
	}
	if got := battle.Text(battle.Bridge(p)); !strings.Contains(got, "- Poultice: heals an ally by 6% of their maximum health; not used up") {
		t.Errorf("text:\n%s", got)
	}
}

// TestUnreadMentioned: a roll to hit, a save, an area, temporary points
// and a restored pool have no place in these battles; the description
// still mentions them.
func TestUnreadMentioned(t *testing.T) {
	p := grave(t)
	p.Members[1].Bag[0].Bound = true
	p.Members[0].Bag = append(p.Members[0].Bag, items.Stack{Item: "kit/warming-tonic", Name: "Warming tonic", Count: 1})
	m := battle.Bridge(p)
	tonic := option(t, m, "Warming tonic")
	if !reflect.DeepEqual(tonic.Unread, []string{"a restored pool"}) || !strings.Contains(tonic.Description, "restores 1 Resolve") {
		t.Errorf("tonic: %+v", tonic)
	}
	if tonic.Fraction != 1.0/20 {
		t.Errorf("a heal of 1 is a twentieth: %v", tonic.Fraction)
	}
	bell := option(t, m, "Dawn bell")
	if !reflect.DeepEqual(bell.Unread, []string{"a save"}) || !strings.Contains(bell.Description, "Steel 7 save negates it") {
		t.Errorf("bell: %+v", bell)
	}
	setUse(p, &p.Members[1].Bag[0], &itemrules.Use{Kind: "attack", Budget: "act", AttackRoll: true, Amount: &itemrules.UseAmount{Flat: 4},
		Area: &itemrules.UseArea{Shape: "burst", Size: 2}, Temporary: &itemrules.UseAmount{Flat: 1}, Charges: 1})
	bell = option(t, battle.Bridge(p), "Dawn bell")
	if !reflect.DeepEqual(bell.Unread, []string{"a roll to hit", "an area", "temporary points"}) ||
		!strings.Contains(bell.Description, "an attack roll") || !strings.Contains(bell.Description, "a burst of 2") || !strings.Contains(bell.Description, "1 temporary") {
		t.Errorf("bell as an attack: %+v", bell)
	}
}

// TestWornAndBound: an item that takes slots is used only while worn, and
// a consumed one is taken from what is worn, never from a spare in the
// bag; one that binds only while bound.
func TestWornAndBound(t *testing.T) {
	p := grave(t)
	axe := items.Stack{Item: "kit/hand-axe", Name: "Hand axe", Count: 1}
	worn := axe
	worn.Equipped = true
	p.Members[0].Bag = []items.Stack{axe, worn}
	setUse(p, &p.Members[0].Bag[0], &itemrules.Use{Kind: "attack", Budget: "act", Amount: &itemrules.UseAmount{Dice: "1d6"}, DamageType: "cut", Consumes: true})
	m := battle.Bridge(p)
	if o := option(t, m, "Hand axe"); o.Uses != 1 {
		t.Errorf("the spare axe counts: %+v", o)
	}
	if offered(m, "Dawn bell") {
		t.Error("an unbound bell is offered")
	}
	if !reflect.DeepEqual(m.Skipped, []battle.Skip{{Item: "Dawn bell", Why: "Dawn bell is used while it is bound"}, {Item: "Widow's ring", Why: "it has no use"}}) {
		t.Errorf("skipped %+v", m.Skipped)
	}
	out := battle.Use(p, battle.Unit{Name: "Ada", Member: 0, Player: true}, "Hand axe", dice.New(1, 0, 0))
	if len(p.Members[0].Bag) != 1 || p.Members[0].Bag[0].Equipped || out.Lines[1] != "Hand axe: none left." {
		t.Errorf("the worn axe was not the one used: %+v %+v", out, p.Members[0].Bag)
	}
	if offered(battle.Bridge(p), "Hand axe") {
		t.Error("a spare axe in the bag is offered")
	}
	out = battle.Use(p, battle.Unit{Name: "Ada", Member: 0, Player: true}, "Hand axe", dice.New(1, 0, 0))
	if out.Refused == nil || out.Refused.Value("reason") != "not-worn" {
		t.Errorf("the spare axe was used: %+v", out)
	}
}

// TestChargesPlayerFirst: an item with charges is offered while a use
// remains, the menu counts the uses, each use spends the player's own
// stack first, and the last charge rolls breaksOn: broken, it leaves the
// bag and is counted as lost.
func TestChargesPlayerFirst(t *testing.T) {
	var broke, held bool
	for seed := uint64(1); seed < 300 && !(broke && held); seed++ {
		p := grave(t)
		p.Members[1].Bag[0].Bound = true
		p.Members[0].Bag = append(p.Members[0].Bag, items.Stack{Item: "grave-goods/dawn-bell", Name: "Dawn bell", Count: 1, Bound: true, Spent: 1})
		if o := option(t, battle.Bridge(p), "Dawn bell"); o.Uses != 5 || o.Charges != 1 {
			t.Fatalf("bells: %+v", o)
		}
		maud := battle.Unit{Name: "Maud Hollin", Member: 1}
		out := battle.Use(p, maud, "Dawn bell", dice.New(seed, 0, 0))
		if out.Lines[1] != "Dawn bell: 1 of 3 left." || p.Members[0].Bag[1].Spent != 2 || p.Members[1].Bag[0].Spent != 0 || out.Left != 4 {
			t.Fatalf("the player's bell first: %+v", out)
		}
		out = battle.Use(p, maud, "Dawn bell", dice.New(seed, 1, 0))
		if out.Lines[1] != "Dawn bell: 0 of 3 left." || out.BreakRoll < 1 || out.BreakRoll > 20 {
			t.Fatalf("the player's last charge: %+v", out)
		}
		if out.Broke {
			broke = true
			if len(p.Members[0].Bag) != 1 || !reflect.DeepEqual(out.Lost, []string{"Dawn bell"}) || out.Lines[2] != "Dawn bell breaks (a 1 on its die)." || out.BreakRoll != 1 {
				t.Errorf("broken: %+v", out)
			}
		} else {
			held = true
			if len(p.Members[0].Bag) != 2 || out.Lost != nil || len(out.Lines) != 2 {
				t.Errorf("held: %+v", out)
			}
			out = battle.Use(p, maud, "Dawn bell", dice.New(seed, 2, 0))
			if out.Lines[1] != "Dawn bell: 2 of 3 left." || p.Members[1].Bag[0].Spent != 1 {
				t.Errorf("then Maud's: %+v", out)
			}
		}
		if o := option(t, battle.Bridge(p), "Dawn bell"); o.Uses != map[bool]int{true: 3, false: 2}[out.Broke] {
			t.Errorf("uses left: %+v", o)
		}
	}
	if !broke || !held {
		t.Errorf("broke %v held %v", broke, held)
	}
}

// TestGateOnSheet: the page's gate is rolled on the member's sheet and
// what they wear, skipped when unless holds; a failure spends it for
// nothing, in the spec's words.
func TestGateOnSheet(t *testing.T) {
	p := grave(t)
	ada := battle.Unit{Name: "Ada", Member: 0, Player: true}
	out := battle.Use(p, ada, "Page of the vigil litany", dice.New(0, 0, 0))
	want := []string{"Ada rolls Ward to use Page of the vigil litany: 0 against 2, failed, and it is used up for nothing.", "Page of the vigil litany: 1 left."}
	if !reflect.DeepEqual(out.Lines, want) || out.Worked || out.Gate != "failed" {
		t.Errorf("failed gate: %+v", out)
	}
	out = battle.Use(p, ada, "Page of the vigil litany", dice.New(2, 0, 0))
	want = []string{"Ada rolls Ward to use Page of the vigil litany: 2 against 2, passed.", "Ada uses Page of the vigil litany: Warded for 2 rounds on oneself (raises defense).", "Page of the vigil litany: none left."}
	if !reflect.DeepEqual(out.Lines, want) || !out.Worked {
		t.Errorf("passed gate: %+v", out)
	}
	// Maud's Nerve 3 meets unless: no check.
	p = grave(t)
	out = battle.Use(p, battle.Unit{Name: "Maud Hollin", Member: 1}, "Page of the vigil litany", dice.Script())
	if out.Gate != "skipped" || !out.Worked {
		t.Errorf("Maud: %+v", out)
	}
}

// TestGateBlankSheet: a companion without a card of their own rolls on a
// blank sheet (no Nerve to skip the check, nothing worn); only the
// player's own unit falls back on the player's card.
func TestGateBlankSheet(t *testing.T) {
	p := partyOf(t, loadRS(t, "gravewatch"), "rulesets/gravewatch/sheets/maud.json")
	p.Members[0].Bag = append(p.Members[0].Bag, items.Stack{Item: "kit/litany-page", Name: "Page of the vigil litany", Count: 3})
	out := battle.Use(p, battle.Unit{Name: "Maud's unit", Member: -1, Player: true}, "Page of the vigil litany", dice.Script())
	if out.Gate != "skipped" {
		t.Errorf("the player's unit without a card reads the player's: %+v", out)
	}
	out = battle.Use(p, battle.Unit{Name: "Hob", Member: -1}, "Page of the vigil litany", dice.New(5, 0, 0))
	if out.Gate == "skipped" || !strings.HasPrefix(out.Lines[0], "Hob rolls Ward to use Page of the vigil litany: ") {
		t.Errorf("a companion without a card: %+v", out)
	}
}

// TestNotOffered: an item without use, and a heal without amount, are not
// offered; nor is a gate whose difficulty the item does not give.
func TestNotOffered(t *testing.T) {
	p := ember(t)
	setUse(p, &p.Members[0].Bag[0], &itemrules.Use{Kind: "heal", Budget: "act", Consumes: true, Restore: &itemrules.Restore{Pool: "grit", Amount: itemrules.UseAmount{Flat: 1}}})
	m := battle.Bridge(p)
	if offered(m, "Poultice") || !reflect.DeepEqual(m.Skipped[0], battle.Skip{Item: "Poultice", Why: "a heal without an amount"}) {
		t.Errorf("a heal without amount: %+v", m)
	}
	out := battle.Use(p, battle.Unit{Name: "Juno", Member: 0}, "Poultice", dice.New(1, 0, 0))
	if out.Refused == nil || out.Refused.Value("reason") != "not-offered" || p.Members[0].Bag[0].Count != 2 {
		t.Errorf("used anyway: %+v", out)
	}
}

// TestGuessed: only items that are not the ruleset's are left to the Game
// Master's guess, and none with native: false.
func TestGuessed(t *testing.T) {
	p := ember(t)
	p.Members[0].Bag = append(p.Members[0].Bag, items.Stack{Name: "Rope", Count: 1}, items.Stack{Name: "rope", Count: 1})
	if g := battle.Bridge(p).Guessed; !reflect.DeepEqual(g, []string{"Rope"}) {
		t.Errorf("guessed %v", g)
	}
	b := *p.RS.Items
	b.Native = false
	rs := *p.RS
	rs.Items = &b
	p.RS = &rs
	if g := battle.Bridge(p).Guessed; g != nil {
		t.Errorf("native false guessed %v", g)
	}
}

// TestResolvesOwn: a combat block over a pool, or over a sum with its
// defense, resolves its own fights; a combat block that only maps typed
// defenses leaves them to the battles, and the menu says nothing of it.
func TestResolvesOwn(t *testing.T) {
	if !battle.ResolvesOwn(loadRS(t, "ember-roads")) || !battle.ResolvesOwn(loadRS(t, "gravewatch")) {
		t.Error("Ember Roads and Gravewatch fight by their own rules")
	}
	rs, err := ruleset.LoadFile(filepath.Join(root, "testdata", "use", "wounds.json"), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if battle.ResolvesOwn(rs) || battle.ResolvesOwn(loadRS(t, "blades")) {
		t.Error("a ruleset without a fight resolves its own")
	}
	m := battle.Bridge(partyOf(t, rs, "mira.json"))
	if m.ResolvesOwn || len(m.Options) == 0 || strings.Contains(battle.Text(m), "resolves its own fights") {
		t.Errorf("menu %+v", m)
	}
	if !strings.HasPrefix(battle.Text(battle.Bridge(ember(t))), "ember-roads resolves its own fights (docs/fight.md)") {
		t.Error("Ember Roads' menu does not say it fights by its own rules")
	}
}

// TestChargesSpentNotOffered: a bell whose charges cannot pay for a use
// is not offered, and says why; a rest's worth of charges brings it back.
func TestChargesSpentNotOffered(t *testing.T) {
	p := grave(t)
	p.Members[1].Bag[0].Bound = true
	p.Members[1].Bag[0].Spent = 3
	m := battle.Bridge(p)
	if offered(m, "Dawn bell") || m.Skipped[0].Item != "Dawn bell" || m.Skipped[0].Why != "it has nothing left to spend until a rest brings its charges back" {
		t.Errorf("an empty bell: %+v", m)
	}
	out := battle.Use(p, battle.Unit{Name: "Maud Hollin", Member: 1}, "Dawn bell", dice.New(1, 0, 0))
	if out.Refused == nil || out.Refused.Value("reason") != "no-charges" {
		t.Errorf("an empty bell rung: %+v", out)
	}
	p.Members[1].Bag[0].Spent = 2
	if o := option(t, battle.Bridge(p), "Dawn bell"); o.Uses != 1 {
		t.Errorf("one charge left: %+v", o)
	}
}
