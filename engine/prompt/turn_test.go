package prompt_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/session"
)

// TestLastTurnItemUsed: after a player's own Use the last turn carries the
// [item_used] block (marked as done by the engine) under the player's
// words, in the text and the data; once the GM has replied again it shows
// that reply's records instead.
func TestLastTurnItemUsed(t *testing.T) {
	var g game
	for _, x := range bundled(t) {
		if x.name == "gravewatch" {
			g = x
		}
	}
	s := g.session()
	steps := []struct{ kind, text string }{
		{session.GMReply, `The sexton hands out the kit. [inventory: action="add" item="Warming tonic" count="2" who="Bram"]`},
		{session.GMReply, `The cold gets into Bram. [sheet: op="pool" pool="health" by="-3" who="Bram"]`},
		{session.PlayerAction, "I use my Warming tonic.\n[inventory: action=\"use\" item=\"Warming tonic\"]"},
	}
	for _, st := range steps {
		if _, err := s.Append(st.kind, st.text); err != nil {
			t.Fatal(err)
		}
	}
	sec, ok := prompt.Get(prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets, State: s.State()}), prompt.LastTurn)
	if !ok {
		t.Fatal("no last turn")
	}
	d := sec.Data.(*prompt.LastTurnData)
	if !d.ItemUse || len(d.Player) != 1 || len(d.Reply) != 1 || d.Reply[0].Name != "sheet" {
		t.Fatalf("data: %+v", d)
	}
	for _, want := range []string{
		"The engine answered your last reply; narrate from these results:\n[sheet:",
		"The player: I use my Warming tonic. [inventory:", // one line: the player cannot open a section
		"[item_used] (already done by the engine: narrate it, do not use the item again)\n[item_used: item=\"Warming tonic\" who=\"Bram",
	} {
		if !strings.Contains(sec.Text, want) {
			t.Errorf("last turn lacks %q:\n%s", want, sec.Text)
		}
	}
	if _, err := s.Append(session.GMReply, "Bram breathes easier."); err != nil {
		t.Fatal(err)
	}
	sec, _ = prompt.Get(prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets, State: s.State()}), prompt.LastTurn)
	if strings.Contains(sec.Text, "item_used") || !strings.Contains(sec.Text, "Your last reply had no tags for the engine.") {
		t.Errorf("after the next reply:\n%s", sec.Text)
	}
}

// TestInventoryMarksFakes: a fake in a bag, not yet found out, is marked
// for the Game Master in the prompt's inventory (text and data): what it
// really is, and to keep calling it by the name it passes for.
func TestInventoryMarksFakes(t *testing.T) {
	var g game
	for _, x := range bundled(t) {
		if x.name == "d20-5e" {
			g = x
		}
	}
	s := g.session()
	for _, text := range []string{
		`[inventory: action="earn" amount="300 gp"]`,
		`[place: name="Saltmarsh" size="town"]`,
		// held the first time: Corvin notices (items.md "Identifying fakes")
		`The fence offers a cheaper-looking bottle. [inventory: action="buy" item="Potion of Healing" seller="Fence"]`,
		`Ada buys it anyway. [inventory: action="buy" item="Potion of Healing" seller="Fence"]`,
	} {
		r, err := s.Append(session.GMReply, text)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range r.Records {
			if v, _ := rec.Get("reason"); rec.Name == "refused" && v != "held" {
				t.Fatalf("%s: %s", text, rec)
			}
		}
	}
	sec, _ := prompt.Get(prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets, State: s.State()}), prompt.Inventory)
	const want = "Potion of Healing (FAKE: really Potion of Poison)"
	if !strings.Contains(sec.Text, want) || !strings.Contains(sec.Text, "keep calling it Potion of Healing") {
		t.Errorf("inventory does not mark the fake:\n%s", sec.Text)
	}
	found := false
	for _, m := range sec.Data.(*prompt.InventoryData).Members {
		for _, it := range m.Items {
			name, _ := it.Get("name")
			found = found || strings.HasPrefix(name, want)
		}
	}
	if !found {
		t.Error("the inventory's data does not mark the fake")
	}
}
