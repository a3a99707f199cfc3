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

// emberWithLodestone is Ember Roads with one more catalog item, a storied
// lodestone whose carried bonus is dice (+1d4 on Track), for the items
// the GM invents like it at a rarity that caps bonuses to a number.
func emberWithLodestone(t *testing.T, sheets ...*sheet.Sheet) *items.Party {
	t.Helper()
	data, err := os.ReadFile("../../rulesets/ember-roads/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	cat := raw["catalogs"].([]any)[0].(map[string]any)
	cat["entries"] = append(cat["entries"].([]any), map[string]any{
		"id": "lodestone", "label": "Lodestone",
		"item": map[string]any{"category": "charm", "rarity": "storied",
			"carried": map[string]any{"modifiers": []any{map[string]any{"to": "checks", "skills": []any{"track"}, "dice": "1d4"}}}},
	})
	data, _ = json.Marshal(raw)
	rs, err := ruleset.Load("ember.json", data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sheets) == 0 {
		sheets = []*sheet.Sheet{sheet.Blank("Tamsin")}
	}
	return items.New(rs, sheets)
}

// TestEmptiedModifierRemoved: an invented item that inherits a dice bonus
// at a rarity whose bonus caps it to a number loses the dice, and the
// modifier left with nothing goes too: no empty "carried:" on its line,
// and a check it does not change does not name it in from=.
func TestEmptiedModifierRemoved(t *testing.T) {
	p := emberWithLodestone(t)
	r := answer(t, p, items.GM, `[inventory: action="add" item="Pilgrim lodestone" like="Lodestone" rarity="common"]`)
	want(t, r, "line", "Pilgrim lodestone [Charm, Common]")
	if !strings.Contains(r.Value("note"), "carried dice bonus 1d4 dropped") {
		t.Errorf("the reply says the dice were dropped: %s", r)
	}
	c := roll(t, p, 0, `[skill_check: skill="track" dc="10"]`, 10)
	if c.Has("from") || c.Has("effects") {
		t.Errorf("the emptied lodestone changed nothing and is named: %s", c)
	}
	// The catalog lodestone itself still adds its die, and is named.
	answer(t, p, items.GM, `[inventory: action="add" item="Lodestone"]`)
	c = roll(t, p, 0, `[skill_check: skill="track" dc="10"]`, 10, 3)
	want(t, c, "from", "Lodestone")
}

// TestModeOnlyNamedWhereRead: a source that only gives advantage or
// disadvantage is named in from= only on a kind that reads them.
func TestModeOnlyNamedWhereRead(t *testing.T) {
	p := gw(t, sheet.Blank("Ada"))
	r := answer(t, p, items.GM, `[inventory: action="add" item="Sly charm" category="relic" carried="advantage on Dig checks"]`)
	if !strings.Contains(r.Value("line"), "carried: advantage on checks (dig)") {
		t.Fatalf("the charm gives advantage on Dig: %s", r)
	}
	c := roll(t, p, 0, `[skill_check: skill="dig" dc="10"]`, 10)
	if c.Has("from") {
		t.Errorf("this ruleset never rolls twice; the charm changed nothing: %s", c)
	}
	// Ember Roads rolls twice: there the same charm is named.
	q := emberWithLodestone(t)
	answer(t, q, items.GM, `[inventory: action="add" item="Sly charm" category="charm" carried="advantage on Sneak checks"]`)
	c = roll(t, q, 0, `[skill_check: skill="sneak" dc="10"]`, 6, 1, 1, 1)
	want(t, c, "mode", "advantage", "from", "Sly charm")
}

// TestLikeByID: like= names an item by label, by entry ID or by
// catalog/entry ("each part by ID or label").
func TestLikeByID(t *testing.T) {
	for _, like := range []string{"Hand axe", "hand-axe", "outfitter/hand-axe", "OUTFITTER/HAND-AXE"} {
		p := ember(t)
		r := answer(t, p, items.GM, `[inventory: action="add" item="Old axe" like="`+like+`"]`)
		want(t, r, "line", "Old axe [Weapon, Common, Thrown; Damage 1d6, Reach close]; attack (Action): Brawn to hit, 1d6 + Brawn cut, reach 2 paces, range 10 to 20 paces")
		if strings.Contains(r.Value("note"), "like=") {
			t.Errorf("like=%q: %s", like, r)
		}
	}
	p := ember(t)
	r := answer(t, p, items.GM, `[inventory: action="add" item="Odd axe" category="weapon" like="outfitter/no-such"]`)
	if !strings.Contains(r.Value("note"), `like="outfitter/no-such" is none of this ruleset's items`) {
		t.Errorf("an unknown like= is dropped with a note: %s", r)
	}
}

// TestWhoByWord: who= finds Dr. Imani Ellis by a word of her name, in an
// inventory action as in a check (sheet.FindName is the one rule).
func TestWhoByWord(t *testing.T) {
	p := emberWithLodestone(t, sheet.Blank("Tamsin Reed"), sheet.Blank("Dr. Imani Ellis"))
	for _, who := range []string{"Imani", "Dr.", "Ellis", "Ima", "dr. imani ellis"} {
		i, ok := p.Member(who)
		if !ok || i != 1 {
			t.Errorf("Member(%q) = %d, %v", who, i, ok)
		}
	}
	r := answer(t, p, items.GM, `[inventory: action="add" item="Hand axe" who="Imani"]`)
	want(t, r, "placed", "Dr. Imani Ellis 1")
	if _, ok := p.Member("Zed"); ok {
		t.Error("Zed names no one")
	}
}
