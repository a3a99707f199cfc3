package fight

import (
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
)

// The refusals docs/tags.md names that no other test reaches: no-defense
// (a summed fight without combat.defense, or against a creature that
// states none), down (a fallen foe attacks or moves; a fallen member
// attacks, moves, reloads, uses or switches an item, to whom the menu
// offers nothing either), no-clip (a
// reload of a weapon that keeps nothing loaded). Each changes nothing.
func TestNamedRefusals(t *testing.T) {
	p := bundledParty(t, "ember-roads")
	defense := p.RS.Fight.Defense
	p.RS.Fight.Defense = nil
	contains(t, step(p, "op", "start", "foes", "Ash wolf"), `reason="no-defense"`)
	p.RS.Fight.Defense = defense
	wolf := p.RS.Creature("Ash wolf")
	wolf.HasDefense = false
	contains(t, step(p, "op", "start", "foes", "Road bandit, Ash wolf"), `reason="no-defense" op="start" foe="Ash wolf"`)
	wolf.HasDefense = true
	if Of(p) != nil {
		t.Fatal("a refused start began a fight")
	}

	wield(t, p, "Tamsin", "Hand axe")
	f := started(t, p, "2 Ash wolf")
	contains(t, step(p, "op", "reload", "who", "Tamsin", "weapon", "Hand axe"), `reason="no-clip"`)
	f.st.Foes[1].Health = 0
	for _, op := range []string{"attack", "move"} {
		contains(t, step(p, "op", op, "who", "Ash wolf 2", "target", "Tamsin", "distance", "1"), `reason="down" op="`+op+`" who="Ash wolf 2"`)
	}
	orrin, _ := p.Member("Orrin")
	p.SetPool(orrin, p.RS.HealthPool(), 0)
	for _, op := range []string{"attack", "move", "auto", "reload", "use", "toggle"} {
		contains(t, step(p, "op", op, "who", "Orrin", "target", "Ash wolf 1", "distance", "1"), `reason="down" op="`+op+`" who="Orrin`)
	}
	if f.st.Foes[0].Health != f.st.Foes[0].Max || f.st.Foes[1].Moved != 0 || f.st.Members[orrin].Moved != 0 {
		t.Fatal("a refused step changed the fight")
	}
}

// Malformed numbers in distance= are refused with the note that says
// what a distance is, in an attack and in a move: NaN, infinities, a
// number past float64, negatives, hex and words.
func TestMalformedDistance(t *testing.T) {
	p := bundledParty(t, "ember-roads")
	wield(t, p, "Tamsin", "Hand axe")
	started(t, p, "Ash wolf")
	for _, d := range []string{"NaN", "nan", "Inf", "-Inf", "1e400", "-1", "1e7", "ten", "2 paces", "0x10p-2x"} {
		contains(t, step(p, "op", "attack", "who", "Tamsin", "target", "Ash wolf", "distance", d), `reason="out-of-range" op="attack" who="Tamsin`)
		contains(t, step(p, "op", "attack", "who", "Tamsin", "target", "Ash wolf", "distance", d), "distance is a number of")
		contains(t, step(p, "op", "move", "who", "Tamsin", "distance", d), `reason="bad-distance"`)
	}
	contains(t, step(p, "op", "move", "who", "Tamsin", "distance", "0"), `reason="bad-distance"`)
	tamsin, _ := p.Member("Tamsin")
	if f := Of(p); f.Foes[0].Health != f.Foes[0].Max || f.Members[tamsin].Moved != 0 {
		t.Fatal("a refused step changed the fight")
	}
}

// Every op the unknown-op note names is a step (refused no-fight without
// a fight, not unknown-op), and an op in any case or with spaces is read;
// a player's step is refused whatever its op.
func TestOps(t *testing.T) {
	p := bundledParty(t, "ember-roads")
	for _, op := range []string{"attack", "move", "reload", "use", "toggle", "auto", "round", " END "} {
		contains(t, step(p, "op", op), `reason="no-fight"`)
	}
	if len(steps) != 8 {
		t.Fatalf("%d steps: the unknown-op note names 8 after start", len(steps))
	}
	for _, op := range []string{"", "dance", "start2", "attack attack", "\x00"} {
		contains(t, step(p, "op", op), `reason="unknown-op"`)
	}
	rec := Answer(p, tagOf("fight", "op", "start", "foes", "Ash wolf"), items.Turn{Actor: items.Player, Dice: dice.New(1, 0, 0)})
	if rec.Value("reason") != GMOnly || Of(p) != nil {
		t.Fatalf("a player's start: %s", rec)
	}
}
