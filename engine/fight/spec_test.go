package fight_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/items"
)

// Ember Roads' hunting bow shoots arrows: each shot is written to the
// bag at once and the log says what is left (`Hunting bow: 2 left to
// shoot.`).
func TestShotsLeft(t *testing.T) {
	s := game(t, "ember-roads", 1)
	gm(t, s, `[inventory: action="equip" item="Hunting bow" who="Wren"] [inventory: action="add" item="Arrows" count="3" who="Wren"] [fight: op="start" foes="Ash wolf"]`)
	rec := one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" target="Ash wolf"]`)
	has(t, rec, "log", "Hunting bow: 2 left to shoot.")
	if got := count(s.State().Party, "Wren", "Arrows"); got != 2 {
		t.Fatalf("Wren has %d arrows", got)
	}
}

// Each attack takes perAttack from the first stack of that kind in the
// bag, then from the next; the weapon (and a mode) is offered only while
// enough is carried.
func TestAmmoFirstStackThenNext(t *testing.T) {
	s := game(t, "ember-roads", 1)
	gm(t, s, `[inventory: action="equip" item="Hunting bow" who="Wren"] [inventory: action="add" item="Arrows" count="21" who="Wren"]`)
	p := s.State().Party
	wren, _ := p.Member("Wren")
	var counts []int
	for _, st := range p.Members[wren].Bag {
		if st.Name == "Arrows" {
			counts = append(counts, st.Count)
		}
	}
	if len(counts) != 2 || counts[0] != 20 || counts[1] != 1 {
		t.Fatalf("arrow stacks %v, want [20 1]", counts)
	}
	gm(t, s, `[fight: op="start" foes="2 Ash wolf"]`)
	// Shoot the first stack down to 1, then volley 2: one from each stack.
	for i := 0; i < 19; i++ {
		gm(t, s, `[fight: op="round"] [fight: op="attack" who="Wren" weapon="Hunting bow" target="Ash wolf 1"]`)
		if fight.Of(s.State().Party).Foes[0].Health == 0 {
			gm(t, s, `[fight: op="end" outcome="fled"] [fight: op="start" foes="2 Ash wolf"]`)
		}
	}
	p = s.State().Party
	counts = counts[:0]
	for _, st := range p.Members[wren].Bag {
		if st.Name == "Arrows" {
			counts = append(counts, st.Count)
		}
	}
	if len(counts) != 2 || counts[0] != 1 || counts[1] != 1 {
		t.Fatalf("arrow stacks %v, want [1 1]", counts)
	}
	rec := gm(t, s, `[fight: op="round"] [fight: op="attack" who="Wren" weapon="Hunting bow" mode="volley" target="Ash wolf 1, Ash wolf 2"]`)[1]
	if rec.Name != "fight" || count(s.State().Party, "Wren", "Arrows") != 0 {
		t.Fatalf("volley: %s; %d arrows left", rec, count(s.State().Party, "Wren", "Arrows"))
	}
	has(t, rec, "log", "Hunting bow: 0 left to shoot.")
	refused(t, gm(t, s, `[fight: op="round"] [fight: op="attack" who="Wren" weapon="Hunting bow" target="Ash wolf 1"]`)[1], fight.NoShots)
	for _, o := range fight.Menu(s.State().Party, wren) {
		if strings.HasPrefix(o.Label, "Hunting bow") {
			t.Errorf("the menu offers %s without arrows", o.Label)
		}
	}
}

// A mode is offered only with shots for it; it aims at up to its
// targets, each with its own roll, and adds its toHit.
func TestVolley(t *testing.T) {
	s := game(t, "ember-roads", 2)
	gm(t, s, `[inventory: action="equip" item="Hunting bow" who="Wren"] [inventory: action="add" item="Arrows" count="1" who="Wren"] [fight: op="start" foes="3 Ash wolf"]`)
	wren, _ := s.State().Party.Member("Wren")
	for _, o := range fight.Menu(s.State().Party, wren) {
		if o.Label == "Hunting bow: Volley" {
			t.Fatal("Volley is offered with one arrow")
		}
	}
	refused(t, one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" mode="volley" target="Ash wolf 1"]`), fight.NoShots)
	gm(t, s, `[inventory: action="add" item="Arrows" count="5" who="Wren"]`)
	refused(t, one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" mode="volley" target="Ash wolf 1, Ash wolf 2, Ash wolf 3"]`), fight.BadTarget)
	refused(t, one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" mode="rain" target="Ash wolf 1"]`), fight.UnknownMode)
	rec := one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" mode="volley" target="Ash wolf 1, Ash wolf 3"]`)
	if strings.Count(rec.Value("log"), "Wren attacks") != 2 || rec.Value("foe") != "Ash wolf 1, Ash wolf 3" {
		t.Fatalf("a volley at two: %s", rec)
	}
	has(t, rec, "log", "(-2 Volley)") // the volley's -2 to hit
	has(t, rec, "log", "Hunting bow: 4 left to shoot.")
	refused(t, one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" target="Ash wolf 2"]`), fight.BudgetSpent)
}

// After a won fight, half of what each stack shot goes back to it: the
// fraction summed over the fight and rounded down once per stack (half
// of five arrows from one quiver gives two). A lost or fled fight gives
// nothing back.
func TestRecover(t *testing.T) {
	for _, tc := range []struct {
		outcome string
		want    int
	}{{"won", 5 + 2}, {"lost", 5}, {"fled", 5}} {
		s := game(t, "ember-roads", 3)
		gm(t, s, `[inventory: action="equip" item="Hunting bow" who="Wren"] [inventory: action="add" item="Arrows" count="10" who="Wren"] [fight: op="start" foes="5 Road bandit"]`)
		for i := 1; i <= 5; i++ {
			gm(t, s, `[fight: op="round"] [fight: op="attack" who="Wren" weapon="Hunting bow" target="Road bandit `+string(rune('0'+i))+`"]`)
		}
		if got := count(s.State().Party, "Wren", "Arrows"); got != 5 {
			t.Fatalf("after five shots %d arrows", got)
		}
		rec := one(t, s, `[fight: op="end" outcome="`+tc.outcome+`"]`)
		if got := count(s.State().Party, "Wren", "Arrows"); got != tc.want {
			t.Errorf("%s: %d arrows after the fight, want %d (%s)", tc.outcome, got, tc.want, rec)
		}
		if tc.outcome == "won" {
			has(t, rec, "log", "Wren picks up 2 of 5 Arrows shot.")
		}
	}
}

// The watch pistol holds one shot: an attack spends what is loaded, the
// pistol is offered only while loaded, Reload spends its budget and
// fills it from the bag (`Ada loads 1 into Watch pistol: 1 of 1
// loaded.`), the count stays on the stack across fights, a pistol no
// one has fired is loaded, and loaded shot is never picked up.
func TestClip(t *testing.T) {
	s := game(t, "gravewatch", 4)
	gm(t, s, `[inventory: action="add" item="Watch pistol" who="Maud"] [inventory: action="equip" item="Watch pistol" who="Maud"] [inventory: action="add" item="Shot and powder" count="2" who="Maud"]`)
	gm(t, s, `[fight: op="start" foes="2 Marsh hound"]`)
	refused(t, one(t, s, `[fight: op="reload" who="Maud" weapon="Watch pistol"]`), fight.Full)
	rec := one(t, s, `[fight: op="attack" who="Maud" weapon="Watch pistol" target="Marsh hound 1"]`)
	has(t, rec, "log", "Watch pistol: 0 of 1 loaded.")
	if got := count(s.State().Party, "Maud", "Shot and powder"); got != 2 {
		t.Fatalf("a loaded shot drew from the bag: %d left", got)
	}
	gm(t, s, `[fight: op="end" outcome="fled"] [fight: op="start" foes="Marsh hound"]`)
	refused(t, one(t, s, `[fight: op="attack" who="Maud" weapon="Watch pistol" target="Marsh hound"]`), fight.NoShots)
	rec = one(t, s, `[fight: op="reload" who="Maud" weapon="Watch pistol"]`)
	has(t, rec, "log", "Maud Hollin loads 1 into Watch pistol: 1 of 1 loaded.")
	if rec.Value("loaded") != "1 of 1" || count(s.State().Party, "Maud", "Shot and powder") != 1 {
		t.Fatalf("reload: %s", rec)
	}
	refused(t, one(t, s, `[fight: op="attack" who="Maud" weapon="Watch pistol" target="Marsh hound"]`), fight.BudgetSpent)
	gm(t, s, `[fight: op="round"] [fight: op="attack" who="Maud" weapon="Watch pistol" target="Marsh hound"]`)
	gm(t, s, `[fight: op="end" outcome="won"]`)
	if got := count(s.State().Party, "Maud", "Shot and powder"); got != 1 {
		t.Fatalf("loaded shot picked up: %d", got)
	}
}

// A step whose stack has disappeared, or holds less than the fight
// counted on, is refused and changes nothing.
func TestStackGoneOrLess(t *testing.T) {
	s := game(t, "ember-roads", 1)
	gm(t, s, `[inventory: action="equip" item="Hunting bow" who="Wren"] [inventory: action="add" item="Arrows" count="4" who="Wren"] [fight: op="start" foes="Ash wolf"]`)
	refused(t, one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" from="Arrows" counted="5"]`), fight.NotEnough)
	gm(t, s, `[inventory: action="remove" item="Arrows" count="4" who="Wren"]`)
	refused(t, one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" from="Arrows" counted="4"]`), fight.StackGone)
}

// Bundled fight kinds: a dice-highest ruleset has no combat, and the
// engine has no fight for the other kinds.
func TestNoFightKind(t *testing.T) {
	s := game(t, "blades", 1)
	refused(t, one(t, s, `[fight: op="start" foes="Anything"]`), fight.NoFightKind)
}

// The fight's own refusals change nothing.
func TestRefusals(t *testing.T) {
	s := game(t, "gravewatch", 1)
	refused(t, one(t, s, `[fight: op="attack" who="Bram"]`), fight.NoFight)
	refused(t, one(t, s, `[fight: op="dance"]`), fight.UnknownOp)
	refused(t, one(t, s, `[fight: op="start" foes="Dragon"]`), fight.UnknownFoe)
	refused(t, one(t, s, `[fight: op="start" foes=""]`), fight.NoFoes)
	refused(t, one(t, s, `[fight: op="start" foes="51 Marsh hound"]`), fight.TooManyFoes)
	gm(t, s, `[fight: op="start" foes="Marsh hound"]`)
	refused(t, one(t, s, `[fight: op="start" foes="Marsh hound"]`), fight.InFight)
	refused(t, one(t, s, `[fight: op="attack" who="Nobody"]`), fight.UnknownWho)
	refused(t, one(t, s, `[fight: op="attack" who="Bram"]`), fight.NoWeapon)
	refused(t, one(t, s, `[fight: op="attack" who="Marsh hound" target="Marsh hound"]`), fight.BadTarget)
	refused(t, one(t, s, `[fight: op="reload" who="Bram" weapon="Grave spade"]`), fight.NoWeapon)
	refused(t, one(t, s, `[fight: op="end" outcome="draw"]`), fight.BadOutcome)
	refused(t, one(t, s, `[fight: op="use" who="Bram" item="Rope"]`), fight.UnknownItem)
	r, err := s.Append("player", `[fight: op="end" outcome="won"]`)
	if err != nil {
		t.Fatal(err)
	}
	refused(t, r.Records[0], fight.GMOnly)
	if fight.Of(s.State().Party) == nil {
		t.Fatal("a refusal ended the fight")
	}
	var _ = items.GM
}

// reach and range, in combat.distance's unit: the hand axe strikes up to
// 2 paces and is thrown up to 20; the bow shoots up to 60; beyond, the
// attack is refused.
func TestDistance(t *testing.T) {
	s := game(t, "ember-roads", 1)
	gm(t, s, `[inventory: action="equip" item="Hand axe" who="Tamsin"] [inventory: action="equip" item="Hunting bow" who="Wren"] [inventory: action="add" item="Arrows" count="5" who="Wren"] [fight: op="start" foes="2 Road bandit"]`)
	if rec := one(t, s, `[fight: op="attack" who="Tamsin" weapon="Hand axe" target="Road bandit 1" distance="15"]`); rec.Name != "fight" {
		t.Fatalf("a throw at 15 paces: %s", rec)
	}
	refused(t, one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" target="Road bandit 1" distance="61"]`), fight.OutOfRange)
	has(t, one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" target="Road bandit 1" distance="far"]`), "note", "a number of paces")
	if rec := one(t, s, `[fight: op="attack" who="Wren" weapon="Hunting bow" target="Road bandit 1" distance="60"]`); rec.Name != "fight" {
		t.Fatalf("a shot at 60 paces: %s", rec)
	}
	gm(t, s, `[fight: op="round"]`)
	refused(t, one(t, s, `[fight: op="attack" who="Tamsin" weapon="Hand axe" target="Road bandit 2" distance="21"]`), fight.OutOfRange)
}

// A worn item's modifiers to attacks and defense count in a fight, each
// item named by its stack's name next to the roll (an invented iron band
// worn on the arms, -1 on attacks, +1 on defense).
func TestWornModifiers(t *testing.T) {
	s := game(t, "ember-roads", 1)
	rec := one(t, s, `[inventory: action="add" item="Iron band" category="armor" slots="arms" worn="-1 on attacks; +1 on defense" who="Tamsin"]`)
	if rec.Name != "inventory" {
		t.Fatalf("invent: %s", rec)
	}
	gm(t, s, `[inventory: action="equip" item="Iron band" who="Tamsin"] [inventory: action="equip" item="Hand axe" who="Tamsin"] [fight: op="start" foes="Road bandit"]`)
	has(t, one(t, s, `[fight: op="attack" who="Tamsin" weapon="Hand axe"]`), "log", "(-1 Iron band)")
	has(t, one(t, s, `[fight: op="attack" who="Road bandit" target="Tamsin"]`), "log", "against a defense of 10 (Iron band)")
}

// Effects of worn items count in a fight: an item worn with advantage on
// attacks throws a summed attack twice and keeps the better, named in
// the log.
func TestWornAdvantage(t *testing.T) {
	s := game(t, "ember-roads", 1)
	rec := one(t, s, `[inventory: action="add" item="Lucky charm" category="charm" slots="arms" worn="advantage on attacks" who="Tamsin"]`)
	if rec.Name != "inventory" {
		t.Fatalf("invent: %s", rec)
	}
	gm(t, s, `[inventory: action="equip" item="Lucky charm" who="Tamsin"] [inventory: action="equip" item="Hand axe" who="Tamsin"] [fight: op="start" foes="Road bandit"]`)
	has(t, one(t, s, `[fight: op="attack" who="Tamsin" weapon="Hand axe"]`), "log", "the better kept, advantage (Lucky charm)")
}
