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
