package items_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
)

// TestGiveNotHeldSaysWhy (issue 30 item 9): giving an item the giver does
// not hold at all names the giver and says so; the note about worn or
// bound items is only for an item that is worn or bound, and names whose.
func TestGiveNotHeldSaysWhy(t *testing.T) {
	p := ember(t)
	r := answer(t, p, items.GM, `[inventory: action="give" item="Rope" who="Orrin" to="Tamsin"]`)
	want(t, r, "reason", "not-held", "who", "Orrin")
	if n := r.Value("note"); !strings.Contains(n, "does not hold Rope") || strings.Contains(n, "unequip") {
		t.Errorf("not held at all: %s", r)
	}
	r = answer(t, p, items.GM, `[inventory: action="give" item="Lantern of the deep" to="Tamsin"]`)
	want(t, r, "reason", "not-held")
	if n := r.Value("note"); !strings.Contains(n, "nobody but Tamsin") || strings.Contains(n, "unequip") {
		t.Errorf("nobody holds it: %s", r)
	}
	// Worn: the note says so, naming the wearer.
	answer(t, p, items.GM, `[inventory: action="add" item="Rope" who="Orrin"]`)
	p.Members[1].Bag[len(p.Members[1].Bag)-1].Bound = true
	r = answer(t, p, items.GM, `[inventory: action="give" item="Rope" who="Orrin" to="Tamsin"]`)
	want(t, r, "reason", "not-held", "who", "Orrin")
	if n := r.Value("note"); !strings.Contains(n, "worn or bound") || !strings.Contains(n, "unequip") {
		t.Errorf("bound: %s", r)
	}
}
