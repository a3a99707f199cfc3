package items_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// bundled loads a bundled ruleset with extra items appended to its first
// catalog, for a blank-sheeted party of one.
func bundled(t testing.TB, name string, extra ...map[string]any) *items.Party {
	t.Helper()
	data, err := os.ReadFile("../../rulesets/" + name + "/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	cat := raw["catalogs"].([]any)[0].(map[string]any)
	for _, e := range extra {
		cat["entries"] = append(cat["entries"].([]any), e)
	}
	data, _ = json.Marshal(raw)
	rs, err := ruleset.Load(name+".json", data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return items.New(rs, []*sheet.Sheet{sheet.Blank("Ada")})
}

func entry(id, label string, item map[string]any) map[string]any {
	return map[string]any{"id": id, "label": label, "item": item}
}

func lineOf(t *testing.T, p *items.Party, label string, forGM bool) string {
	t.Helper()
	def := p.RS.Items.ItemByLabel(label)
	if def == nil {
		t.Fatalf("no item %q", label)
	}
	return p.Line(def, "", forGM)
}

// wantIn holds a line to contain each fragment, as the spec quotes it.
func wantIn(t *testing.T, line string, fragments ...string) {
	t.Helper()
	for _, f := range fragments {
		if !strings.Contains(line, f) {
			t.Errorf("line %q lacks %q", line, f)
		}
	}
}

// spec/items.md "Weapons in a fight": the weapon's details and the Game
// Master's line, exactly.
func TestAttackLinesEmberRoads(t *testing.T) {
	p := ember(t)
	if got, want := lineOf(t, p, "Hand axe", true), "Hand axe [Weapon, Common, Thrown; Damage 1d6, Reach close]; attack (Action): Brawn to hit, 1d6 + Brawn cut, reach 2 paces, range 10 to 20 paces; costs 8 marks"; got != want {
		t.Errorf("GM line\n got %s\nwant %s", got, want)
	}
	wantIn(t, lineOf(t, p, "Hand axe", false), "; Attack (Action): Brawn to hit, 1d6 + Brawn cut damage, reach 2 paces, range 10 to 20 paces;")
	// The inventory block the Game Master reads describes each stack so.
	wantIn(t, p.Block(), "- Hand axe [Weapon, Common, Thrown; Damage 1d6, Reach close]; attack (Action): Brawn to hit, 1d6 + Brawn cut, reach 2 paces, range 10 to 20 paces; costs 8 marks\n")
	wantIn(t, lineOf(t, p, "Boar spear", true), "1d8 with a hand free")
	bow := lineOf(t, p, "Hunting bow", true)
	wantIn(t, bow, "attack (Action): Wits to hit, 1d8 pierce, range 30 to 60 paces",
		"ammunition Arrow (1 an attack, 50% picked up after a won fight)",
		"modes Volley (2 shots, -2 to hit, up to 2 targets)")
}

func TestAttackLinesGravewatch(t *testing.T) {
	p := bundled(t, "gravewatch")
	spade := lineOf(t, p, "Grave spade", true)
	wantIn(t, spade, "attack (Act): Sinew to hit, at 6, successes blunt")
	wantIn(t, lineOf(t, p, "Watch pistol", true), "attack (Act): Wits to hit, successes + 2 dice shot, ammunition Powder (1 an attack), holds 1, reload (Act)")
	nail := lineOf(t, p, "Silver coffin nail", true)
	wantIn(t, nail, "off hand (Quick)", "Marked for 2 rounds when a hit deals 2 or more")
	if got, want := lineOf(t, p, "Widow's ring", true), "Widow's ring [Relic, Silver]; worn: +1 on checks (Ward), immune to Rattled; binds, cursed (one who has buried a spouse)"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// The floor, a plus clause against a creature type, a save that ends a
// condition, and a worn penalty on attacks, in a summed fight.
func TestAttackLinesFloorPlusWorn(t *testing.T) {
	p := bundled(t, "ember-roads",
		entry("dragon-slayer", "Dragon slayer", map[string]any{"category": "weapon", "slots": map[string]any{"hands": 1},
			"toggle": map[string]any{"label": "Flames", "budget": "act"},
			"attack": map[string]any{"budget": "act", "toHit": map[string]any{"abilities": []any{"brawn"}, "bonus": 1}, "damage": map[string]any{"dice": "1d8", "type": "slashing"}, "floor": 1,
				"onHit": []any{map[string]any{"condition": "winded", "atLeast": 1, "saveEnds": map[string]any{"save": "endure", "difficulty": 15, "at": "turn-start"}}},
				"plus": []any{map[string]any{"dice": "3d6", "type": "slashing", "targetIs": map[string]any{"types": []any{"dragon"}}},
					map[string]any{"flat": 14, "type": "slashing", "when": "critical"},
					map[string]any{"dice": "2d6", "type": "fire", "when": "toggled", "save": map[string]any{"save": "endure", "difficulty": 12, "onSuccess": "half"}}}}}),
		entry("heavy-gauntlet", "Heavy gauntlet", map[string]any{"category": "armor", "slots": map[string]any{"arms": 1},
			"worn": map[string]any{"modifiers": []any{map[string]any{"to": "attacks", "flat": -1}}}}),
		entry("archers-bracer", "Archer's bracer", map[string]any{"category": "armor", "slots": map[string]any{"arms": 1},
			"worn": map[string]any{"weapons": map[string]any{"tags": []any{"ranged"}, "modifiers": []any{map[string]any{"to": "attacks", "flat": 1}, map[string]any{"to": "damage", "dice": "1d4"}}}}}),
	)
	wantIn(t, lineOf(t, p, "Dragon slayer", true),
		"attack (Action): Brawn +1 to hit, 1d8 slashing",
		"at least 1 on a hit before resistance",
		"Winded until an Endure 15 save at the start of their turn when a hit deals 1 or more",
		"+3d6 slashing against Dragon",
		"+14 slashing on a critical hit",
		"+2d6 fire while Flames is on (Endure 12 save halves it)")
	if got, want := lineOf(t, p, "Heavy gauntlet", false), "Heavy gauntlet [Armor]; While worn: -1 on attacks"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	wantIn(t, lineOf(t, p, "Archer's bracer", true), "worn: with Ranged weapons: +1 on attacks, +1d4 on damage")
}

// The line is built for every inventory answer and block.
func BenchmarkAttackText(b *testing.B) {
	p := ember(b)
	bow := p.RS.Items.ItemByLabel("Hunting bow")
	b.ReportAllocs()
	for b.Loop() {
		if p.AttackText(bow, true) == "" {
			b.Fatal("no line")
		}
	}
}
