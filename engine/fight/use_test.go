package fight_test

import (
	"strings"
	"testing"
)

// Using items in a fight, through engine/use's fight API: each use
// spends its budget and the log says it in the spec's words.
func TestUseLines(t *testing.T) {
	s := game(t, "ember-roads", 1)
	gm(t, s, `[inventory: action="add" item="Poultice" count="2" who="Tamsin"] [fight: op="start" foes="Ash wolf"]`)
	gm(t, s, `[fight: op="attack" who="Ash wolf" target="Tamsin"] [fight: op="round"] [fight: op="attack" who="Ash wolf" target="Tamsin"]`)
	rec := one(t, s, `[fight: op="use" who="Tamsin" item="Poultice" target="Tamsin"]`)
	has(t, rec, "log", "Poultice: 1 of 2 left.")
	refused(t, one(t, s, `[fight: op="use" who="Tamsin" item="Poultice" target="Tamsin"]`), "budget-spent")

	g := game(t, "gravewatch", 1)
	gm(t, g, `[inventory: action="bind" item="Dawn bell" who="Maud"] [inventory: action="add" item="Warming tonic" who="Bram"] [fight: op="start" foes="2 Grave wight"]`)
	rec = one(t, g, `[fight: op="use" who="Maud" item="Dawn bell" target="Grave wight 1"]`)
	has(t, rec, "log", "Dawn bell: 2 of 3 left.")
	rec = one(t, g, `[fight: op="use" who="Bram" item="Warming tonic"]`)
	has(t, rec, "log", "Bram the Quiet gets back 1 Resolve, and is on 4 of 4.")
}

// The dawn bell's last charge rolls its d20: on a 1 it breaks and leaves
// the bag (`Dawn bell breaks (a 1 on its die).`).
func TestBellBreaks(t *testing.T) {
	for seed := uint64(1); seed < 400; seed++ {
		g := game(t, "gravewatch", seed)
		gm(t, g, `[inventory: action="bind" item="Dawn bell" who="Maud"] [fight: op="start" foes="Grave wight"]`)
		var last string
		for i := 0; i < 3; i++ {
			recs := gm(t, g, `[fight: op="round"] [fight: op="use" who="Maud" item="Dawn bell" target="Grave wight"]`)
			last = recs[1].Value("log")
		}
		if strings.Contains(last, "Dawn bell breaks (a 1 on its die).") {
			if count(g.State().Party, "Maud", "Dawn bell") != 0 {
				t.Fatal("the broken bell is still in the bag")
			}
			return
		}
	}
	t.Fatal("the bell never broke in 400 seeds")
}
