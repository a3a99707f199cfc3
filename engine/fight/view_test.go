package fight_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
)

// TestResolves: the fight is taught and started exactly in the bundled
// rulesets whose kind it rolls and whose bestiary it accepts.
func TestResolves(t *testing.T) {
	for name, want := range map[string]bool{"ember-roads": true, "gravewatch": true, "d20-5e": false, "genesys": true, "shadowrun": false} {
		s := game(t, name, 1)
		if got := fight.Resolves(s.State().Party.RS); got != want {
			t.Errorf("%s: Resolves %v, want %v", name, got, want)
		}
	}
}

// TestReady follows the Watch pistol's clip: not wielded, no weapon;
// wielded and loaded, ready as it is; fired with shot in the bag, ready
// after a reload; fired with nothing to load, not ready.
func TestReady(t *testing.T) {
	s := game(t, "gravewatch", 1)
	maud := 1
	step := func(tag string) {
		t.Helper()
		if rec := one(t, s, tag); rec.Name == "refused" {
			t.Fatalf("%s: %s", tag, rec)
		}
	}
	ready := func() (string, bool, bool) { return fight.Ready(s.State().Party, maud) }
	if w, _, ok := ready(); ok && w == "Watch pistol" {
		t.Fatalf("ready with a pistol not wielded")
	}
	gm(t, s, `[inventory: action="add" item="Watch pistol" who="Maud"] [inventory: action="equip" item="Watch pistol" who="Maud"]`)
	if w, reload, ok := ready(); !ok || w != "Watch pistol" || reload {
		t.Fatalf("loaded pistol: %q %v %v", w, reload, ok)
	}
	gm(t, s, `[inventory: action="add" item="Shot and powder" count="1" who="Maud"]`)
	step(`[fight: op="start" foes="Marsh hound"]`)
	step(`[fight: op="attack" who="Maud" weapon="Watch pistol" target="Marsh hound"]`)
	if w, reload, ok := ready(); !ok || w != "Watch pistol" || !reload {
		t.Fatalf("fired, shot in the bag: %q %v %v", w, reload, ok)
	}
	step(`[fight: op="round"]`)
	step(`[fight: op="reload" who="Maud" weapon="Watch pistol"]`)
	step(`[fight: op="round"]`)
	step(`[fight: op="attack" who="Maud" weapon="Watch pistol" target="Marsh hound"]`)
	if w, _, ok := ready(); ok && w == "Watch pistol" {
		t.Fatalf("fired with nothing to load, yet ready")
	}
	if b := fight.Now(s.State().Party); b == nil || len(b.Members) == 0 || len(b.Members[maud].Loaded) != 1 || b.Members[maud].Loaded[0].Loaded != 0 {
		t.Fatalf("the board: %+v", b)
	}
}
