package fightrules_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

func loadBundled(t testing.TB, name string) *ruleset.Ruleset {
	t.Helper()
	data, err := os.ReadFile("../../../rulesets/" + name + "/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := ruleset.Load(name, data, ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// The bundled grave wight resists tearing except from silver, carries the
// grave goods and fights with a pool of 4; Ember Roads' creatures have
// the defense a summed fight needs.
func TestBundledBestiary(t *testing.T) {
	gw := loadBundled(t, "gravewatch")
	w := gw.Creature("Grave wight")
	if w == nil {
		t.Fatal("no grave wight")
	}
	if w.Ref() != "the-drowned/grave-wight" || w.Health != 6 || w.Soak != 1 || w.Loot != "grave_goods" {
		t.Errorf("wight = %+v", w)
	}
	if len(w.Defenses.Resist) != 4 || w.Defenses.Resist[0].Type != "tearing" || strings.Join(w.Defenses.Resist[0].Except, ",") != "silver" {
		t.Errorf("wight resists %+v", w.Defenses.Resist)
	}
	if a := w.Attacks[0]; a.ToHit != 4 || a.PoolDice != 1 || a.Type != "tearing" || a.Label != "Grasping claws" {
		t.Errorf("claws = %+v", a)
	}
	if gw.Creature("the-drowned/grave-wight") != w || gw.Creature("GRAVE-WIGHT") != w || gw.Creature("ghoul") != nil {
		t.Error("lookup by ref, id and label")
	}
	er := loadBundled(t, "ember-roads")
	if er.Fight == nil || er.Fight.Defense == nil {
		t.Fatal("Ember Roads has no combat.defense")
	}
	for _, c := range er.Bestiary {
		if !c.HasDefense {
			t.Errorf("%s has no defense", c.Label)
		}
		for _, a := range c.Attacks {
			if !a.HasDice {
				t.Errorf("%s %s has no damage dice", c.Label, a.ID)
			}
		}
	}
	shade := er.Creature("Cinder shade")
	if shade == nil || len(shade.Defenses.Immune) != 1 || shade.Defenses.ConditionImmunities[0] != "winded" {
		t.Errorf("shade = %+v", shade)
	}
}

// FuzzBestiary: any creature block, put into Gravewatch's and Ember
// Roads' bestiaries, loads or is refused with problems, never a panic;
// one that loads gives a creature with health and actions.
func FuzzBestiary(f *testing.F) {
	files, _ := filepath.Glob("../../../testdata/refused/bestiary/*.json")
	for _, p := range files {
		if strings.HasSuffix(p, ".want.json") {
			continue
		}
		var rs map[string]any
		data, _ := os.ReadFile(p)
		if json.Unmarshal(data, &rs) != nil {
			continue
		}
		cats, _ := rs["catalogs"].([]any)
		if len(cats) < 2 {
			continue
		}
		entries, _ := cats[1].(map[string]any)["entries"].([]any)
		if len(entries) == 0 {
			continue
		}
		b, _ := json.Marshal(entries[0].(map[string]any)["creature"])
		f.Add(b, false)
		f.Add(b, true)
	}
	f.Add([]byte(`{"health":3,"actions":[{"id":"a","damage":{"dice":"1d4"}}],"resist":[{"type":"x","except":["silver","silver"]}]}`), true)
	bases := map[bool][]byte{}
	for pool, name := range map[bool]string{false: "ember-roads", true: "gravewatch"} {
		data, err := os.ReadFile("../../../rulesets/" + name + "/ruleset.json")
		if err != nil {
			f.Fatal(err)
		}
		bases[pool] = data
	}
	f.Fuzz(func(t *testing.T, creature []byte, pool bool) {
		var c any
		if json.Unmarshal(creature, &c) != nil {
			return
		}
		var rs map[string]any
		if err := json.Unmarshal(bases[pool], &rs); err != nil {
			t.Fatal(err)
		}
		cats := rs["catalogs"].([]any)
		cats = append(cats, map[string]any{"id": "fuzzed", "label": "Fuzzed", "holds": "creatures",
			"entries": []any{map[string]any{"id": "it", "label": "It", "creature": c}}})
		rs["catalogs"] = cats
		data, _ := json.Marshal(rs)
		got, err := ruleset.Load("fuzz.json", data, ruleset.Options{})
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		cr := got.Creature("fuzzed/it")
		if cr == nil || cr.Health < 1 || len(cr.Attacks) == 0 {
			t.Fatalf("loaded creature %+v", cr)
		}
	})
}
