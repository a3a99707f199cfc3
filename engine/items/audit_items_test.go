package items_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/sheet"
)

// TestAuditFreeformRefuseHeldPlainItem: `freeform: "refuse"` leaves the
// player only the ruleset's items (spec/items.md "What reads the items":
// "`"refuse"` allows only your ruleset's items"), even a plain item the
// party already holds; "more units of something the party already has"
// is the Game Master's allowance under `native: false`, not the player's.
func TestAuditFreeformRefuseHeldPlainItem(t *testing.T) {
	rs := load(t, "../../rulesets/ember-roads/ruleset.json")
	rs.Items.Freeform = "refuse"
	rs.Items.Native = false
	p := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada")})
	p.Members[0].Bag = append(p.Members[0].Bag, items.Stack{Name: "Old map", Count: 1})
	r := answer(t, p, items.Player, `[inventory: action="add" item="old map"]`)
	want(t, r, "reason", "not-ruleset-item")
	if got := bag(p, 0); got != "Old map×1" {
		t.Errorf("a refused add changes nothing: %s", got)
	}
	// The GM may still add more of it (native: false), and the player
	// still adds the ruleset's items by label.
	want(t, answer(t, p, items.GM, `[inventory: action="add" item="old map"]`), "item", "Old map", "count", "1")
	want(t, answer(t, p, items.Player, `[inventory: action="add" item="ROPE"]`), "item", "Rope")
}

// TestAuditGiveWithoutWhoSkipsTheRecipient: a give without who= is given
// by whoever else has it, even when the recipient (first in the party's
// order) holds some too.
func TestAuditGiveWithoutWhoSkipsTheRecipient(t *testing.T) {
	p := ember(t) // Tamsin holds one rope
	answer(t, p, items.GM, `[inventory: action="add" item="Rope" who="Orrin"]`)
	r := answer(t, p, items.GM, `[inventory: action="give" item="Rope" to="Tamsin"]`)
	want(t, r, "action", "give", "who", "Orrin", "to", "Tamsin", "count", "1")
	if got := bag(p, 0); !strings.Contains(got, "Rope×2") {
		t.Errorf("Tamsin: %s", got)
	}
	if got := bag(p, 1); strings.Contains(got, "Rope") {
		t.Errorf("Orrin: %s", got)
	}
	// Only the recipient has it: nothing to give.
	r = answer(t, p, items.GM, `[inventory: action="give" item="Rope" to="Tamsin"]`)
	want(t, r, "reason", "not-held")
}

// TestAuditHiddenDefenseStatNeverMentioned: "The reply tells the Game
// Master what was changed (never about a stat you don't show it)", also
// when the dropped defense change names the hidden stat that counts it.
func TestAuditHiddenDefenseStatNeverMentioned(t *testing.T) {
	rs := load(t, "../../rulesets/ember-roads/ruleset.json")
	for i := range rs.Items.Stats {
		if rs.Items.Stats[i].ID == "guard" {
			rs.Items.Stats[i].PromptVisible = false
		}
	}
	p := items.New(rs, []*sheet.Sheet{sheet.Blank("Ada")})
	r := answer(t, p, items.GM, `[inventory: action="add" item="Hide coat" like="Leather coat" stats="guard=1" worn="+1 Guard"]`)
	note := r.Value("note")
	if !strings.Contains(note, "the worn change to defense was dropped") {
		t.Errorf("the GM is told the change was dropped: %s", r)
	}
	if strings.Contains(note, "Guard") || strings.Contains(note, "guard") {
		t.Errorf("told about a hidden stat: %s", note)
	}
}

// TestAuditRefusalsLeaveStateUntouched: a refused inventory action
// changes nothing, whatever the refusal.
func TestAuditRefusalsLeaveStateUntouched(t *testing.T) {
	ada := sheet.Blank("Ada")
	ada.Abilities["nerve"] = 1
	g := gw(t, ada, sheet.Blank("Bo"))
	answer(t, g, items.GM, `[inventory: action="add" item="Widow's ring" who="Ada"]`)
	answer(t, g, items.GM, `[inventory: action="add" item="Dawn bell" who="Ada"]`)
	answer(t, g, items.GM, `[inventory: action="bind" item="Widow's ring"]`)
	p := ember(t)
	answer(t, p, items.GM, `[inventory: action="add" item="Hand axe" count="2"]`)
	answer(t, p, items.GM, `[inventory: action="equip" item="Hand axe"]`)
	answer(t, p, items.GM, `[inventory: action="equip" item="Hand axe"]`)
	cases := []struct {
		p   *items.Party
		who items.Actor
		tag string
	}{
		{p, items.GM, `[inventory: action="equip" item="Hand axe"]`},
		{p, items.GM, `[inventory: action="equip" item="Rope"]`},
		{p, items.GM, `[inventory: action="unequip" item="Rope"]`},
		{p, items.GM, `[inventory: action="give" item="Rope" to="Nobody"]`},
		{p, items.GM, `[inventory: action="give" item="Rope" who="Tamsin" to="Tamsin"]`},
		{p, items.GM, `[inventory: action="give" item="Millstone" to="Orrin"]`},
		{p, items.GM, `[inventory: action="remove" item="Lantern"]`},
		{p, items.GM, `[inventory: action="add" item="Rope" count="many"]`},
		{p, items.GM, `[inventory: action="add" item="Rope" who="Nobody"]`},
		{p, items.GM, `[inventory: action="bind" item="Rope"]`},
		{p, items.GM, `[inventory: action="use" item="Rope"]`},
		{g, items.GM, `[inventory: action="bind" item="Dawn bell"]`},
		{g, items.GM, `[inventory: action="unbind" item="Widow's ring"]`},
		{g, items.Player, `[inventory: action="unbind" item="Widow's ring" curse="end"]`},
		{g, items.Player, `[inventory: action="remove" item="Widow's ring"]`},
		{g, items.Player, `[inventory: action="give" item="Widow's ring" to="Bo"]`},
		{g, items.GM, `[inventory: action="bind" item="Grave spade"]`},
	}
	for _, c := range cases {
		before, _ := json.Marshal(c.p)
		r := answer(t, c.p, c.who, c.tag)
		if r.Name != "refused" {
			t.Errorf("%s: want a refusal, got %s", c.tag, r)
			continue
		}
		if after, _ := json.Marshal(c.p); string(after) != string(before) {
			t.Errorf("%s: refused (%s) but changed the party", c.tag, r.Value("reason"))
		}
	}
}
