package fight_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// TestMenuCountsConsumables (issue 30 item 5): items.md, "consumes: true
// ... the menu says how many are left": two poultices read "2 left" in
// the text and in the JSON, one after a use.
func TestMenuCountsConsumables(t *testing.T) {
	s := game(t, "ember-roads", 1)
	gm(t, s, `[inventory: action="add" item="Poultice" count="2" who="Tamsin"] [fight: op="start" foes="Ash wolf"]`)
	p := s.State().Party
	i := member(t, s, "Tamsin")
	text := fight.MenuText(p, i)
	if !strings.Contains(text, "- Poultice (Action): 2 left\n") {
		t.Fatalf("menu:\n%s", text)
	}
	b, _ := json.Marshal(fight.Menu(p, i))
	if !strings.Contains(string(b), `{"kind":"use","label":"Poultice","budget":"Action","note":"2 left"}`) {
		t.Fatalf("menu JSON: %s", b)
	}
}

// TestMenuLeavesOutAnItemWithoutItsDifficulty (issue 30 item 5): an item
// whose gate reads its difficulty from a stat it does not give stays out
// of the menu; its use is refused no-difficulty, saying so.
func TestMenuLeavesOutAnItemWithoutItsDifficulty(t *testing.T) {
	rs, err := ruleset.LoadFile(filepath.Join("..", "..", "rulesets", "gravewatch", "ruleset.json"), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	page := rs.Items.ItemByRef("kit/litany-page")
	if page == nil || page.UseDef == nil || page.UseDef.Gate == nil {
		t.Fatal("no gated litany page")
	}
	party, err := session.LoadParty(filepath.Join("..", "..", "rulesets", "gravewatch", "sheets"), rs)
	if err != nil {
		t.Fatal(err)
	}
	s := session.New(rs, party, 1)
	gm(t, s, `[inventory: action="add" item="Page of the vigil litany" who="Maud"] [fight: op="start" foes="Grave wight"]`)
	i := member(t, s, "Maud")
	if !strings.Contains(fight.MenuText(s.State().Party, i), "- Page of the vigil") {
		t.Fatalf("the page with its difficulty is not offered:\n%s", fight.MenuText(s.State().Party, i))
	}
	page.UseDef.Gate.DifficultyStat = "heft" // a stat the page does not give
	if text := fight.MenuText(s.State().Party, i); strings.Contains(text, "Page of the vigil") {
		t.Fatalf("an item without its difficulty is offered:\n%s", text)
	}
	r := one(t, s, `[fight: op="use" who="Maud" item="Page of the vigil litany"]`)
	if r.Value("reason") != "no-difficulty" || !strings.Contains(r.Value("note"), `"heft"`) {
		t.Fatalf("use: %s", r)
	}
}

func member(t *testing.T, s *session.Session, name string) int {
	t.Helper()
	for i, m := range s.State().Party.Members {
		if strings.HasPrefix(m.Name, name) {
			return i
		}
	}
	t.Fatalf("no %s", name)
	return -1
}
