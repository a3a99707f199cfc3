package fight_test

import (
	"reflect"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
)

// Hostile foes= counts are refused before any foe is made: a count far
// beyond MaxFoes, one near the largest int after another foe (whose sum
// with the foes before would wrap below the bound), zero and negative
// counts. A count too large to be a number reads as part of the name.
func TestHostileFoeCounts(t *testing.T) {
	s := game(t, "gravewatch", 1)
	for _, foes := range []string{
		"1000000 Grave wight",
		"Marsh hound, 9223372036854775807 Grave wight",
		"49 Marsh hound, 2 Grave wight",
		"0 Grave wight",
		"-3 Grave wight",
	} {
		refused(t, one(t, s, `[fight: op="start" foes="`+foes+`"]`), fight.TooManyFoes)
	}
	refused(t, one(t, s, `[fight: op="start" foes="99999999999999999999 Grave wight"]`), fight.UnknownFoe)
	refused(t, one(t, s, `[fight: op="start" foes=" , ,"]`), fight.NoFoes)
	if fight.Of(s.State().Party) != nil {
		t.Fatal("a refused start began a fight")
	}
	rec := one(t, s, `[fight: op="start" foes="50 Marsh hound"]`)
	if got := len(fight.Of(s.State().Party).Foes); got != fight.MaxFoes || rec.Name != "fight" {
		t.Fatalf("50 Marsh hound: %d foes, record %s", got, rec)
	}
}

// A creature named twice is one kind counted twice: its foes are numbered
// apart, so each can be a target (two foes both called "Grave wight"
// would leave the second out of reach).
func TestDuplicatedFoeNames(t *testing.T) {
	s := game(t, "gravewatch", 1)
	has(t, one(t, s, `[fight: op="start" foes="Grave wight, Marsh hound, grave WIGHT, 2 Grave wight"]`), "foes",
		"Grave wight 1 (")
	var names []string
	for _, f := range fight.Of(s.State().Party).Foes {
		names = append(names, f.Name)
	}
	want := []string{"Grave wight 1", "Grave wight 2", "Grave wight 3", "Grave wight 4", "Marsh hound"}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("foes %q, want %q", names, want)
	}
}

// A regenerated step of a symbol fight stays a symbol fight: the clone a
// regenerated reply starts from keeps every field of the fight.
func TestRegenerateSymbolFight(t *testing.T) {
	s := game(t, "genesys", 7)
	gm(t, s, `[inventory: action="add" item="Blaster pistol" who="Kira"] [inventory: action="equip" item="Blaster pistol" who="Kira"] [fight: op="start" foes="2 Street thug"]`)
	first := one(t, s, `[fight: op="attack" who="Kira" target="Street thug 1"]`).String()
	again := regen(t, s, `[fight: op="attack" who="Kira" target="Street thug 1"]`)
	if len(again) != 1 || again[0] != first {
		t.Fatalf("a regenerated symbol attack differs:\n%v\n%v", again, first)
	}
	if st := fight.Of(s.State().Party); !st.Symbol {
		t.Fatal("the regenerated fight is no longer a symbol fight")
	}
}

// ClonePart copies every exported field, so a field added later cannot be
// forgotten by the clone a regenerated reply starts from.
func TestClonePartKeepsEveryField(t *testing.T) {
	st := &fight.State{Pool: true, Symbol: true, Round: 3, Fallen: []int{1}, Shots: []fight.Shot{{Item: "a", Count: 2}},
		Timed:   []fight.Timed{{Foe: -1, Condition: "prone", Rounds: 1}},
		Foes:    []*fight.Foe{{Name: "x", Health: 2, Max: 3, Conditions: []string{"prone"}, Spent: map[string]int{"a": 1}, Number: 2, Moved: 1}},
		Members: []*fight.Fighter{{Defense: 1, Soak: 2, Hardness: 3, Base: 4, Number: 5, Spent: map[string]int{"b": 1}, OffHandFrom: 1, OffHandDone: true, Speed: 6, HasSpeed: true, Moved: 2}}}
	v := reflect.ValueOf(*st)
	for i := 0; i < v.NumField(); i++ {
		if v.Type().Field(i).IsExported() && v.Field(i).IsZero() {
			t.Fatalf("the test leaves State.%s zero: set it", v.Type().Field(i).Name)
		}
	}
	c := st.ClonePart().(*fight.State)
	if !reflect.DeepEqual(c, st) {
		t.Fatalf("clone differs:\n%+v\n%+v", c, st)
	}
	c.Foes[0].Spent["a"] = 9
	c.Members[0].Spent["b"] = 9
	if st.Foes[0].Spent["a"] != 1 || st.Members[0].Spent["b"] != 1 {
		t.Fatal("the clone shares its spent budgets with the fight")
	}
}
