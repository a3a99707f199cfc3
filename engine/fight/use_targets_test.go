package fight_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/fight"
)

// A use names each target once: an area use has no limit on how many it
// reaches, so target="Ash wolf 1, ash wolf 1, ..." would otherwise deal
// its damage to one wolf once per name. Refused bad-target, nothing spent.
func TestUseTargetsOnce(t *testing.T) {
	entry := map[string]any{"id": "fire-jar", "label": "Fire jar", "item": map[string]any{
		"category": "gear",
		"use": map[string]any{"kind": "attack", "budget": "act", "targets": "enemy", "range": 10,
			"area": map[string]any{"shape": "burst", "size": 2}, "amount": map[string]any{"flat": 1}, "consumes": true},
	}}
	s := withItems(t, "ember-roads", 3, nil, entry)
	gm(t, s, `[inventory: action="add" item="Fire jar" count="2" who="Tamsin"] [fight: op="start" foes="2 Ash wolf"]`)
	many := strings.Repeat("Ash wolf 1, ", 1000) + "ash wolf 1"
	for _, tg := range []string{"Ash wolf 1, ash wolf 1", "Ash wolf 2, Ash wolf 1, Ash wolf 2", many} {
		rec := one(t, s, `[fight: op="use" who="Tamsin" item="Fire jar" target="`+tg+`"]`)
		refused(t, rec, fight.BadTarget)
		has(t, rec, "note", "each target once")
	}
	st := fight.Of(s.State().Party)
	if st.Foes[0].Health != st.Foes[0].Max || count(s.State().Party, "Tamsin", "Fire jar") != 2 {
		t.Fatalf("a refused use changed the fight: %+v", st.Foes[0])
	}
	has(t, one(t, s, `[fight: op="use" who="Tamsin" item="Fire jar" target="Ash wolf 1, Ash wolf 2"]`), "log", "Fire jar: 1 of 2 left.")
}
