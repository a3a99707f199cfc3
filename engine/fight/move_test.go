package fight

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

// step answers one fight tag on the party.
func step(p *items.Party, attrs ...string) string {
	t := tag.Tag{Name: "fight"}
	for i := 0; i+1 < len(attrs); i += 2 {
		t.Attrs = append(t.Attrs, tag.Attr{Key: attrs[i], Value: attrs[i+1]})
	}
	return Answer(p, t, items.Turn{Actor: items.GM, Dice: dice.New(1, 0, 0)}).String()
}

// carry gives member i an invented item whose carried effect is e.
func carry(p *items.Party, i int, name string, e *effectrules.Effect) {
	p.Invented = append(p.Invented, &itemrules.Item{Label: name, Carried: e})
	p.Members[i].Bag = append(p.Members[i].Bag, items.Stack{Item: name, Name: name, Count: 1})
}

func contains(t *testing.T, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Fatalf("%s\nlacks %q", got, want)
	}
}

// A move is held to the speed (combat.speed, 6 paces on Ember Roads) this
// round, a creature's to its own; the round gives it back.
func TestMoveSpeed(t *testing.T) {
	p := bundledParty(t, "ember-roads")
	started(t, p, "Ash wolf, Road bandit")
	ada := p.Members[0].Name
	contains(t, step(p, "op", "move", "who", ada, "distance", "4"), "moves 4 paces (4 of a speed of 6 paces this round)")
	contains(t, step(p, "op", "move", "who", ada, "distance", "3"), `reason="too-far"`)
	contains(t, step(p, "op", "move", "who", ada, "distance", "3"), "has 2 paces left of a speed of 6 paces this round")
	contains(t, step(p, "op", "move", "who", ada, "distance", "2"), "6 of a speed of 6 paces")
	contains(t, step(p, "op", "move", "who", "Ash wolf", "distance", "12"), "Ash wolf moves 12 paces (12 of a speed of 12 paces")
	contains(t, step(p, "op", "move", "who", "Road bandit", "distance", "40"), "Road bandit moves 40 paces.")
	for _, bad := range []string{"", "0", "-1", "x", "NaN", "1e7"} {
		contains(t, step(p, "op", "move", "who", ada, "distance", bad), `reason="bad-distance"`)
	}
	contains(t, step(p, "op", "move", "who", "Nobody", "distance", "1"), `reason="unknown-who"`)
	step(p, "op", "round")
	contains(t, step(p, "op", "move", "who", ada, "distance", "6"), "6 of a speed of 6 paces")
}

// Speed modifiers of carried items move the speed, named; speed-zero
// stops every move and takes Move off the menu.
func TestMoveModifiersAndSpeedZero(t *testing.T) {
	p := bundledParty(t, "ember-roads")
	carry(p, 0, "Striding boots", &effectrules.Effect{Modifiers: []effectrules.Modifier{{To: "speed", Flat: 2}}})
	started(t, p, "Ash wolf")
	ada := p.Members[0].Name
	contains(t, step(p, "op", "move", "who", ada, "distance", "8"), "8 of a speed of 8 paces (+2 Striding boots) this round")
	contains(t, MenuText(p, 0), "Speed 8 paces (+2 Striding boots), 8 paces moved this round.")
	for _, o := range Menu(p, 0) {
		if o.Kind == "move" {
			t.Fatalf("a move offered with no speed left: %+v", o)
		}
	}
	step(p, "op", "round")
	found := false
	for _, o := range Menu(p, 0) {
		if o.Kind == "move" {
			found = o.Note == "up to 8 paces (speed 8 paces (+2 Striding boots))"
		}
	}
	if !found {
		t.Fatalf("menu: %+v", Menu(p, 0))
	}
	carry(p, 0, "Lead anklet", &effectrules.Effect{Effects: []string{"speed-zero"}})
	out := step(p, "op", "move", "who", ada, "distance", "1")
	contains(t, out, `reason="cannot-move"`)
	contains(t, out, "speed is 0 (speed zero: Lead anklet)")
	contains(t, MenuText(p, 0), "Speed 0 (speed zero: Lead anklet)")
	for _, o := range Menu(p, 0) {
		if o.Kind == "move" {
			t.Fatalf("a move offered at speed zero: %+v", o)
		}
	}
}
