package fight_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/session"
)

func regen(t *testing.T, s *session.Session, text string) []string {
	t.Helper()
	r, err := s.Append(session.Regenerate, text)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(r.Records))
	for i, rec := range r.Records {
		out[i] = rec.String()
	}
	return out
}

func count(p *items.Party, who, item string) int {
	i, _ := p.Member(who)
	n := 0
	for _, s := range p.Members[i].Bag {
		if s.Name == item {
			n += s.Count
		}
	}
	return n
}

// A regenerated reply shoots, loads, uses and loots exactly once: it
// starts again from the state before the reply it replaces, and
// re-derives the same answer from the same seed.
func TestRegenerateOnce(t *testing.T) {
	s := game(t, "ember-roads", 7)
	gm(t, s, `[inventory: action="equip" item="Hunting bow" who="Wren"] [inventory: action="add" item="Arrows" count="10" who="Wren"] [inventory: action="add" item="Poultice" count="2" who="Tamsin"]`)
	gm(t, s, `[fight: op="start" foes="Ash wolf"]`)
	shoot := `[fight: op="attack" who="Wren" weapon="Hunting bow" target="Ash wolf"]`
	first := gm(t, s, shoot)
	p := s.State().Party
	if got := count(p, "Wren", "Arrows"); got != 9 {
		t.Fatalf("after one shot Wren has %d arrows, want 9", got)
	}
	for range 3 {
		again := regen(t, s, shoot)
		if len(again) != 1 || again[0] != first[0].String() {
			t.Fatalf("a regenerated shot differs:\n%v\n%v", again, first[0])
		}
		if got := count(s.State().Party, "Wren", "Arrows"); got != 9 {
			t.Fatalf("after a regenerated shot Wren has %d arrows, want 9", got)
		}
	}
	use := `[fight: op="use" who="Tamsin" item="Poultice" target="Tamsin"]`
	gm(t, s, use)
	for range 2 {
		regen(t, s, use)
		if got := count(s.State().Party, "Tamsin", "Poultice"); got != 1 {
			t.Fatalf("after a regenerated use Tamsin has %d poultices, want 1", got)
		}
	}
}

// A regenerated reply reloads once and a regenerated end loots once.
func TestRegenerateLoadsAndLootsOnce(t *testing.T) {
	s := game(t, "gravewatch", 5)
	gm(t, s, `[inventory: action="add" item="Watch pistol" who="Maud"] [inventory: action="add" item="Shot and powder" count="2" who="Maud"] [inventory: action="add" item="Silver coffin nail" who="Bram"]`)
	gm(t, s, `[inventory: action="equip" item="Watch pistol" who="Maud"] [inventory: action="equip" item="Silver coffin nail" who="Bram"] [fight: op="start" foes="Grave wight"]`)
	gm(t, s, `[fight: op="attack" who="Maud" weapon="Watch pistol" target="Grave wight"]`)
	reload := `[fight: op="round"] [fight: op="reload" who="Maud" weapon="Watch pistol"]`
	gm(t, s, reload)
	for range 2 {
		regen(t, s, reload)
		if got := count(s.State().Party, "Maud", "Shot and powder"); got != 1 {
			t.Fatalf("after a regenerated reload Maud has %d shot, want 1", got)
		}
	}
	// Bring the hound down, then end: the loot falls once however often
	// the end is regenerated.
	st := fight.Of(s.State().Party)
	if st == nil {
		t.Fatal("no fight")
	}
	for i := 0; i < 30 && st.Foes[0].Health > 0; i++ {
		gm(t, s, `[fight: op="round"] [fight: op="attack" who="Bram" weapon="Silver coffin nail" target="Grave wight"]`)
		st = fight.Of(s.State().Party)
	}
	if st.Foes[0].Health > 0 {
		t.Fatal("the wight stood thirty rounds")
	}
	end := `[fight: op="end" outcome="won"]`
	first := gm(t, s, end)
	if first[0].Value("dropped") == "" {
		t.Fatalf("the wight left nothing: %s", first[0])
	}
	bagsAfter := bags(s.State().Party)
	for range 2 {
		again := regen(t, s, end)
		if len(again) != len(first) || again[0] != first[0].String() || bags(s.State().Party) != bagsAfter {
			t.Fatalf("a regenerated end differs:\n%v\n%v", again, first)
		}
	}
	if fight.Of(s.State().Party) != nil {
		t.Fatal("the fight did not end")
	}
}

func bags(p *items.Party) string {
	out := ""
	for _, m := range p.Members {
		for _, s := range m.Bag {
			out += m.Name + ":" + s.Name + ":" + string(rune('0'+s.Count%10)) + ";"
		}
	}
	return out
}
