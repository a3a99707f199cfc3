package fight_test

import (
	"math"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
)

// takeFight is Gravewatch with Maud's silver nail at hand and a grave
// wight whose number two attacks on Bram have raised from 1 to 3.
func takeFight(t *testing.T, seed uint64) (func() *fight.State, func(string) string) {
	t.Helper()
	s := game(t, "gravewatch", seed)
	gm(t, s, `[inventory: action="add" item="Silver coffin nail" who="Maud"] [inventory: action="equip" item="Silver coffin nail" who="Maud"] [fight: op="start" foes="Grave wight"]`)
	gm(t, s, `[fight: op="attack" who="Grave wight" target="Bram"] [fight: op="round"] [fight: op="attack" who="Grave wight" target="Bram"] [fight: op="round"]`)
	return func() *fight.State { return fight.Of(s.State().Party) }, func(tag string) string { return one(t, s, tag).String() }
}

// A strike that takes (style="take") is made as usual; on a hit what it
// would deal, after soak and resistances, comes off the target's number
// (never below 0) instead of its health, and it imposes no condition.
func TestStrikeThatTakes(t *testing.T) {
	st, do := takeFight(t, 3)
	if n := st().Foes[0].Number; n != 3 {
		t.Fatalf("the wight's number is %d after two attacks from 1", n)
	}
	health := st().Foes[0].Health
	got := do(`[fight: op="attack" who="Maud" weapon="Silver coffin nail" style="take"]`)
	want := `[fight: op="attack" who="Maud Hollin" weapon="Silver coffin nail" foe="Grave wight" landed="1" dealt="0" log="Maud Hollin attacks Grave wight with Silver coffin nail: 2 dice at 7 or more (10, 9): 2 successes, a hit. Maud Hollin's Silver coffin nail takes 1 from Grave wight's number: 2 left (2 successes - 1 soak = 1 pierce, taken in full (silver gets through))."]`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if st().Foes[0].Number != 2 || st().Foes[0].Health != health {
		t.Fatalf("number %d health %d (was %d)", st().Foes[0].Number, st().Foes[0].Health, health)
	}
}

// Whatever it would deal, a take imposes no onHit condition (the nail
// marks the wight on 2 or more) and never leaves the number below 0.
func TestTakeImposesNothing(t *testing.T) {
	found := false
	for seed := uint64(1); seed < 300 && !found; seed++ {
		st, do := takeFight(t, seed)
		health := st().Foes[0].Health
		got := do(`[fight: op="attack" who="Maud" weapon="Silver coffin nail" target="Grave wight" style="take"]`)
		if !strings.Contains(got, "takes 2 from") && !strings.Contains(got, "takes 3 from") {
			continue
		}
		found = true
		if strings.Contains(got, "Marked") || len(st().Foes[0].Conditions) != 0 {
			t.Fatalf("a take imposed a condition: %s", got)
		}
		if st().Foes[0].Health != health || st().Foes[0].Number < 0 {
			t.Fatalf("health %d (was %d), number %d: %s", st().Foes[0].Health, health, st().Foes[0].Number, got)
		}
		again := do(`[fight: op="attack" who="Maud" weapon="Silver coffin nail" target="Grave wight" style="take"]`)
		if st().Foes[0].Number < 0 {
			t.Fatalf("number below 0: %s", again)
		}
	}
	if !found {
		t.Fatal("no seed below 300 where the nail took 2 or more")
	}
}

// The menu offers a strike that takes beside the ordinary one, its
// forecast the number expected taken: never more than the target has.
// Without a number (Ember Roads' summed fight) style="take" is refused.
func TestTakeMenuAndRefusal(t *testing.T) {
	s := game(t, "gravewatch", 1)
	gm(t, s, `[inventory: action="equip" item="Grave spade" who="Bram"] [fight: op="start" foes="Grave wight"]`)
	bram, _ := s.State().Party.Member("Bram")
	var plain, take *fight.Expected
	for _, o := range fight.Menu(s.State().Party, bram) {
		switch o.Label {
		case "Grave spade":
			plain = &o.Forecasts[0]
		case "Grave spade, taking":
			take = &o.Forecasts[0]
		}
	}
	if plain == nil || take == nil {
		t.Fatalf("menu: %+v", fight.Menu(s.State().Party, bram))
	}
	if math.Abs(take.Hit-plain.Hit) > 1e-9 || take.Damage <= 0 || take.Damage > 1 || take.Damage > plain.Damage {
		t.Fatalf("take forecast %+v, plain %+v (the wight's number is 1)", *take, *plain)
	}
	e := game(t, "ember-roads", 1)
	gm(t, e, `[inventory: action="equip" item="Hand axe" who="Tamsin"] [fight: op="start" foes="Ash wolf"]`)
	rec := one(t, e, `[fight: op="attack" who="Tamsin" weapon="Hand axe" style="take"]`)
	refused(t, rec, fight.NoStyle)
	has(t, rec, "note", "a strike that takes needs a pool fight with combat.pool.hardness")
	for _, o := range fight.Menu(e.State().Party, 0) {
		if strings.HasSuffix(o.Label, ", taking") {
			t.Fatalf("offered without a number: %+v", o)
		}
	}
}
