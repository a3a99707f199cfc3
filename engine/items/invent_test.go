package items_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestInventedItems covers the GM inventing items in the ruleset's
// vocabulary (spec/items.md "What reads the items") and the forgiving
// readings of what a small model writes.
func TestInventedItems(t *testing.T) {
	cases := []struct {
		name  string
		tag   string
		line  string // want the line exactly ("" skips)
		notes []string
	}{
		{"like and stats", `[inventory: action="add" item="Ironwood coat" like="Leather coat" stats="guard=1"]`,
			"Ironwood coat [Armor, Common; Bulk 3, Guard 1]; worn: -1 on checks (Sneak)", nil},
		{"capped to range then rarityCaps", `[inventory: action="add" item="Tower coat" like="Leather coat" stats="guard=9"]`,
			"", []string{"Guard 9 is outside its range 0 to 4; it is 4", "Guard 4 is above what a Common item grants; it is 1"}},
		{"unknown rarity is the lowest", `[inventory: action="add" item="Odd pebble" category="charm" rarity="legendary"]`,
			"Odd pebble [Charm, Common]", []string{`rarity "legendary" is not one of this ruleset's; it is Common, the lowest`}},
		{"unknown parts dropped", `[inventory: action="add" item="Cloak" category="cloak" tags="warm, thrown" stats="heft=2" slots="back=1"]`,
			"Cloak [Weapon, Common, Thrown]", []string{`category "cloak"`, `tag "warm"`, `stat "heft"`, `slot "back"`}},
		{"none for empty lists", `[inventory: action="add" item="Plain axe" like="Hand axe" tags="none" stats="none" slots="none"]`,
			"Plain axe [Weapon, Common]", nil},
		{"Brawn +1 and +1 attack roll bonus", `[inventory: action="add" item="Drover's belt" category="gear" rarity="storied" carried="Brawn +1; +1 attack roll bonus"]`,
			"Drover's belt [Gear, Storied]; carried: +1 on attacks, +1 Brawn", nil},
		{"worn changes by name", `[inventory: action="add" item="Hush boots" category="armor" slots="body=1" worn="+1 Sneak; disadvantage on Sway checks"]`,
			"Hush boots [Armor, Common]; worn: +1 on checks (Sneak), disadvantage on checks (Sway)", nil},
		{"bonus capped by rarity, penalty not", `[inventory: action="add" item="Lucky charm" category="charm" rarity="common" carried="+3 checks; -2 Sneak"]`,
			"Lucky charm [Charm, Common]; carried: +1 on checks, -2 on checks (Sneak)", []string{"carried +3 on checks is above what a Common item grants; it is +1"}},
		{"inherited bonus capped too", `[inventory: action="add" item="Big stone" category="charm" rarity="storied" carried="+2 Sway"] [inventory: action="add" item="Pilgrim stone" like="Big stone" rarity="common" carried="+1 Track"]`,
			"Pilgrim stone [Charm, Common]; carried: +1 on checks (Sway), +1 on checks (Track)", []string{"carried +2 on checks is above what a Common item grants; it is +1"}},
		{"worn= inside stats=", `[inventory: action="add" item="Scale shirt" category="armor" slots="body=1" stats="bulk=2, worn=-1 Sneak"]`,
			"Scale shirt [Armor, Common; Bulk 2]; worn: -1 on checks (Sneak)", nil},
		{"a defense change beside the stat it counts is dropped", `[inventory: action="add" item="Studded coat" like="Leather coat" stats="guard=1" worn="+1 Guard"]`,
			"Studded coat [Armor, Common; Bulk 3, Guard 1]; worn: -1 on checks (Sneak)", []string{"the worn change to defense was dropped: the item's Guard already counts toward it"}},
		{"dice are not a change the GM writes", `[inventory: action="add" item="Storm flask" category="gear" rarity="common" carried="+1d4 checks"]`,
			"", []string{"not understood"}},
		{"a hidden stat is never mentioned", `[inventory: action="add" item="Secret pouch" category="gear" stats="stash=under a floorboard, bulk=99"]`,
			"Secret pouch [Gear, Common; Bulk 10]", []string{"Bulk 99 is outside its range 0 to 10; it is 10"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := ember(t)
			var r record.Record
			for _, f := range tag.FindAll(c.tag) {
				r = answer(t, p, items.GM, f.Tag.String())
			}
			if r.Name != "inventory" {
				t.Fatalf("refused: %s", r)
			}
			if c.line != "" && r.Value("line") != c.line {
				t.Errorf("line:\n got %s\nwant %s", r.Value("line"), c.line)
			}
			for _, n := range c.notes {
				if !strings.Contains(r.Value("note"), n) {
					t.Errorf("note %q missing: %s", n, r.Value("note"))
				}
			}
			if strings.Contains(r.Value("note"), "stash") || strings.Contains(r.Value("note"), "Hidden in") {
				t.Errorf("told about a hidden stat: %s", r.Value("note"))
			}
		})
	}
}

func TestInventedItemIsKeptByName(t *testing.T) {
	p := ember(t)
	answer(t, p, items.GM, `[inventory: action="add" item="Ember lamp" category="gear" stats="bulk=1" carried="+1 Track"]`)
	r := answer(t, p, items.GM, `[inventory: action="add" item="ember LAMP" who="Orrin"]`)
	want(t, r, "item", "Ember lamp", "line", "Ember lamp [Gear, Common; Bulk 1]; carried: +1 on checks (Track)")
	r = roll(t, p, 1, `[skill_check: skill="Track"]`, 2, 2)
	want(t, r, "effects", "+1", "from", "Ember lamp")
	// A name that is one of the ruleset's items is that item.
	r = answer(t, p, items.GM, `[inventory: action="add" item="Rope" category="charm" stats="bulk=5"]`)
	want(t, r, "line", "Rope [Gear; Bulk 1]; costs 5 bits")
	// propose false: nothing is invented.
	rs := load(t, "../../rulesets/ember-roads/ruleset.json")
	rs.Items.Propose = false
	q := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada")})
	r = answer(t, q, items.GM, `[inventory: action="add" item="Ember lamp" category="gear"]`)
	if r.Has("line") || len(q.Invented) != 0 {
		t.Errorf("propose false invents nothing: %s", r)
	}
}

// FuzzInventoryTag answers arbitrary inventory tags against the Ember
// Roads party: whatever the tag, the engine answers with a record that
// passes the schema, and never panics.
func FuzzInventoryTag(f *testing.F) {
	for _, s := range []string{
		`[inventory: action="add" item="Rope" count="3"]`,
		`[inventory: action="add" item="Lantern" like="Guide stone" rarity="storied" stats="bulk=1, guard=5, worn=+1 Guard; summary=x" carried="+3 Sway; advantage on Track checks; fails saves" slots="body=3, hands" binds="cursed" tags="none"]`,
		`[inventory: action="equip" item="Hand axe" who="Orrin"]`,
		`[inventory: action="give" item="Arrows" count="99999999" who="Orrin" to="Wren"]`,
		`[inventory: action="remove" item="Leather coat" count="-1"]`,
		`[inventory: action="unbind" item="x" curse="end"]`,
		`[inventory: action="inspect" item=""]`,
		`[inventory: action="sell"]`,
		// invented weapons (issue 19): like= a weapon, a weapons category
		// with nothing to start from, hostile dice and slots
		`[inventory: action="add" item="Huge axe" like="Hand axe" stats="damage=999d999, swing=nope" slots="hands=99"]`,
		`[inventory: action="add" item="Crossbow" category="weapon" stats="damage=1d10"]`,
		`[inventory: action="add" item="Pocket axe" like="Hand axe" slots="none" binds="true"]`,
	} {
		f.Add(s)
	}
	p0 := ember(f)
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := tag.Parse(s)
		if err != nil {
			return
		}
		tg.Name = "inventory"
		p := p0.Clone()
		for _, actor := range []items.Actor{items.GM, items.Player} {
			r := p.Answer(tg, actor)
			if err := recordCheck(r); err != nil {
				t.Fatalf("%s: %v", r, err)
			}
		}
		_ = p.Block()
	})
}

// An invented item with neither rarity= nor like= is of the lowest rarity,
// so rarityCaps hold: Ember Roads' common items grant at most guard 1 and
// a bonus of 1.
func TestInventedItemWithoutRarityIsCapped(t *testing.T) {
	p := ember(t)
	r := answer(t, p, items.GM, `[inventory: action="add" item="Tower shield" category="armor" stats="guard=4" worn="+3 Sneak"]`)
	line := r.Value("line")
	if !strings.Contains(line, "Common") || !strings.Contains(line, "Guard 1") || !strings.Contains(line, "+1 on checks (Sneak)") {
		t.Fatalf("not capped at the lowest rarity: %s", r)
	}
}

// A stats= with a byte that is not UTF-8 before summary= (or worn=,
// carried=) is cut at the right place: it panicked, since the key was
// found in strings.ToLower's copy, whose length differs.
func TestInventedStatsWithInvalidUTF8(t *testing.T) {
	for _, s := range []string{
		"[inventory: action=\"add\" item=\"0\" stats=\"\x8e summary=\"]",
		"[inventory: action=\"add\" item=\"Odd\" stats=\"\xff\xfe\xfd, worn=+1 Guard; summary=odd\"]",
	} {
		p := ember(t)
		_ = answer(t, p, items.GM, s)
	}
}
