package use_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
)

// The spec's lines (spec/items.md "Using items outside a fight" and
// "Using items in a fight"), verbatim.
const (
	junoLine  = "Juno uses Poultice: heals 4 (Grit 6/11). 1 left."
	adaLine   = "Ada uses Page of the vigil litany: Ward check 1 against 2, failed; it is used up for nothing. 1 left."
	breakLine = "Its last charge spent, it breaks."
	ropeLine  = "I use my rope."
	bellBack  = "Dawn bell 3/3 charges"
	bellLeft  = "2 of 3 charges left"
)

func has(t *testing.T, r record.Record, kv ...string) {
	t.Helper()
	for i := 0; i+1 < len(kv); i += 2 {
		if got := r.Value(kv[i]); got != kv[i+1] {
			t.Errorf("%s=%q, want %q in %s", kv[i], got, kv[i+1], r)
		}
	}
}

// TestSpecUseLines reproduces the spec's two use lines for fixed seeds.
func TestSpecUseLines(t *testing.T) {
	s := ember(t, 9)
	r := one(t, s, "gm", `[inventory: action="use" item="Poultice" who="Juno"]`)
	has(t, r, "action", "use", "item", "Poultice", "who", "Juno", "said", junoLine, "heals", "4", "health", "Grit 6/11", "remaining", "1")
	g := grave(t, 9)
	r = one(t, g, "gm", `[inventory: action="use" item="Page of the vigil litany" who="Ada"]`)
	has(t, r, "said", adaLine, "gate", "Ward 1 against 2, failed", "remaining", "1")
	if strings.Contains(g.State().Party.LiveBlock(), "Warded") {
		t.Error("a failed gate imposed the page's condition")
	}
}

// TestSpecBellBreaks rings the dawn bell three times: the last charge
// spent rolls breaksOn, and on a 1 the bell leaves the bag.
func TestSpecBellBreaks(t *testing.T) {
	var broke, held bool
	for seed := uint64(1); seed < 400 && !(broke && held); seed++ {
		g := grave(t, seed)
		say(t, g, "gm", `[inventory: action="bind" item="Dawn bell" who="Maud"]`)
		r1 := one(t, g, "gm", `[inventory: action="use" item="Dawn bell" who="Maud"]`)
		has(t, r1, "charges", "2 of 3", "said", "Maud Hollin uses Dawn bell: it hits no one out of a fight. 2 of 3 charges left.")
		if !strings.Contains(g.State().Party.Block(), "(bound, worn, "+bellLeft+")") {
			t.Fatalf("the GM's inventory does not show %q:\n%s", bellLeft, g.State().Party.Block())
		}
		say(t, g, "gm", `[inventory: action="use" item="Dawn bell" who="Maud"]`)
		r3 := one(t, g, "gm", `[inventory: action="use" item="Dawn bell" who="Maud"]`)
		roll, _ := r3.Int("breakRoll")
		if roll < 1 || roll > 20 {
			t.Fatalf("breakRoll %d outside a d20", roll)
		}
		inBag := strings.Contains(g.State().Party.Block(), "Dawn bell")
		if roll == 1 {
			broke = true
			has(t, r3, "broke", "true", "said", "Maud Hollin uses Dawn bell: it hits no one out of a fight. "+breakLine)
			if inBag {
				t.Error("a broken bell is still in the bag")
			}
		} else {
			held = true
			has(t, r3, "broke", "false", "charges", "0 of 3")
			if !inBag {
				t.Error("a bell that held left the bag")
			}
			r := one(t, g, "gm", `[inventory: action="use" item="Dawn bell" who="Maud"]`)
			has(t, r, "reason", "no-charges")
			r = one(t, g, "gm", `[sheet: op="rest" rest="vigil" who="Maud"]`)
			has(t, r, "op", "rest", "rest", "Vigil", "recharged", bellBack, "refilled", "Resolve")
		}
	}
	if !broke || !held {
		t.Fatalf("no seed below 400 both broke (%v) and held (%v) the bell", broke, held)
	}
}

// TestSpecRope: an item without a use is still said, by the player.
func TestSpecRope(t *testing.T) {
	s := grave(t, 1) // Gravewatch has no rope: the player's is a plain item
	say(t, s, "player", `[inventory: action="add" item="rope"]`)
	r := one(t, s, "player", `[inventory: action="use" item="rope"]`)
	if r.Name != "item_used" {
		t.Fatalf("the player's use answers %s, want an item_used block", r)
	}
	has(t, r, "said", ropeLine)
}

// TestPlayerUse: the player's own Use gives the same line as the Game
// Master's tag on the same seed and turn, as an [item_used] block.
func TestPlayerUse(t *testing.T) {
	gm := one(t, ember(t, 9), "gm", `[inventory: action="use" item="Poultice" who="Juno"]`)
	pl := one(t, ember(t, 9), "player", `I use my Poultice. [inventory: action="use" item="Poultice"]`)
	if pl.Name != "item_used" || pl.Value("said") != gm.Value("said") || gm.Value("said") != junoLine {
		t.Errorf("player %s\nGM %s", pl, gm)
	}
}

// TestRegenerateUsesOnce: a regenerated reply re-derives the use from the
// party before it: one poultice is gone, not two; a rest recharges once.
func TestRegenerateUsesOnce(t *testing.T) {
	s := ember(t, 9)
	one(t, s, "gm", `[inventory: action="use" item="Poultice" who="Juno"]`)
	r := one(t, s, "regenerate", `Again. [inventory: action="use" item="Poultice" who="Juno"]`)
	has(t, r, "said", junoLine)
	r = one(t, s, "regenerate", `Again. [inventory: action="use" item="Poultice" who="Juno"]`)
	has(t, r, "remaining", "1", "health", "Grit 6/11")

	g := grave(t, 3)
	say(t, g, "gm", `[inventory: action="bind" item="Dawn bell" who="Maud"]`)
	one(t, g, "gm", `[inventory: action="use" item="Dawn bell" who="Maud"]`)
	say(t, g, "gm", `[inventory: action="use" item="Dawn bell" who="Maud"] [sheet: op="rest" rest="vigil" who="Maud"]`)
	for i := 0; i < 3; i++ {
		recs := say(t, g, "regenerate", `[inventory: action="use" item="Dawn bell" who="Maud"] [sheet: op="rest" rest="vigil" who="Maud"]`)
		has(t, recs[0], "charges", "1 of 3")
		has(t, recs[1], "recharged", bellBack)
	}
	r = one(t, g, "gm", `[inventory: action="use" item="Dawn bell" who="Maud"]`)
	has(t, r, "charges", "2 of 3")
	// The same log folded again gives the same state.
	again := session.Fold(g.RS, g.Sheets, 3, g.Events())
	a, _ := json.Marshal(g.State().Party)
	b, _ := json.Marshal(again.State().Party)
	if string(a) != string(b) {
		t.Errorf("refold differs:\n%s\n%s", a, b)
	}
}
