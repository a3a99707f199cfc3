package itemrules_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// weaponsBase is testdata/items/weapons_base.json, the ruleset every
// refused weapon (testdata/refused/weapons) is one change away from.
func weaponsBase(t testing.TB) map[string]any {
	t.Helper()
	data, err := os.ReadFile("../../../testdata/items/weapons_base.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// withAttack loads the base with the axe's attack replaced by attack
// (JSON), and more entries' items appended.
func withAttack(t testing.TB, attack string, edit func(m map[string]any)) (*ruleset.Ruleset, error) {
	t.Helper()
	m := weaponsBase(t)
	var a any
	if err := json.Unmarshal([]byte(attack), &a); err != nil {
		t.Fatal(err)
	}
	item := m["catalogs"].([]any)[0].(map[string]any)["entries"].([]any)[0].(map[string]any)["item"].(map[string]any)
	item["attack"] = a
	if edit != nil {
		edit(m)
	}
	data, _ := json.Marshal(m)
	return ruleset.Load("weapons.json", data, ruleset.Options{})
}

func TestWeaponsBaseLoads(t *testing.T) {
	rs, err := withAttack(t, `{"budget": "act", "toHit": {"abilities": {"stat": "swing"}}, "damage": {"dice": {"stat": "damage"}, "type": "cut"}}`, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := rs.Items.Items[0].AttackDef
	if a == nil || a.Budget != "act" || a.ToHit.Abilities.Stat != "swing" || a.Damage.Dice.Stat != "damage" || a.Damage.Type.Value != "cut" {
		t.Fatalf("attack = %+v", a)
	}
	ci := rs.CombatItems
	if ci == nil || len(ci.Budgets) != 2 || ci.BudgetLabel("act") != "Action" || ci.BudgetLabel("quick") != "Quick" {
		t.Fatalf("budgets = %+v", ci)
	}
	if ci.PerRound("act") != 1 || ci.PerRound("none") != 1 {
		t.Errorf("perRound = %d", ci.PerRound("act"))
	}
	if ci.Paces(1) != "1 pace" || ci.Paces(2.5) != "2.5 paces" || ci.OffHand.Budget != "quick" || ci.OffHand.Ability != fightrules.OffHandFull {
		t.Errorf("distance or off hand = %+v %+v", ci.Distance, ci.OffHand)
	}
}

// Every key of an attack, typed, as spec/items.md writes them: the
// hunting bow's volley, the coffin nail's mark, 5e's sword of wounding
// (saveEnds), a dragon slayer (targetIs) and a flame tongue (toggled).
func TestAttackEveryKeyTyped(t *testing.T) {
	rs, err := withAttack(t, `{
		"budget": "act",
		"toHit": {"abilities": ["brawn", "wits"], "skill": "sneak", "proficiency": {"const": 1}, "bonus": 1, "sheetBonus": {"field": "archery"}},
		"damage": {"dice": "1d6", "abilities": {"stat": "swing"}, "bonus": {"stat": "bulk"}, "type": "cut", "sheetBonus": {"field": "archery"}, "oneHanded": true, "rerollUpTo": {"const": 2}},
		"reach": 2, "range": {"normal": 10, "long": 20},
		"versatile": "1d8",
		"strikes": {"const": 2},
		"ammo": {"tag": "arrow", "perAttack": 2, "recover": 0.5},
		"clip": {"max": {"stat": "bulk"}, "reload": "act"},
		"modes": [{"id": "volley", "label": "Volley", "ammo": 2, "toHit": -2, "targets": 2}],
		"offHand": true,
		"floor": 1,
		"onHit": [{"condition": "rattled", "atLeast": 2, "rounds": 2},
		          {"condition": "rattled", "atLeast": 1, "saveEnds": {"save": "endure", "difficulty": 15, "at": "turn-start"}},
		          {"condition": "rattled", "save": {"save": "endure", "difficulty": 12}}],
		"plus": [{"dice": "3d6", "type": "slashing", "targetIs": {"types": ["dragon"]}},
		         {"flat": 14, "type": "slashing", "when": "critical"},
		         {"dice": "2d6", "type": "fire", "when": "toggled", "save": {"save": "endure", "difficulty": 12, "onSuccess": "none"}}]
	}`, func(m map[string]any) {
		item := m["catalogs"].([]any)[0].(map[string]any)["entries"].([]any)[0].(map[string]any)["item"].(map[string]any)
		item["toggle"] = map[string]any{"label": "Flames", "budget": "quick"}
	})
	if err != nil {
		t.Fatal(err)
	}
	it := rs.Items.Items[0]
	a := it.AttackDef
	b := rs.Items
	if got, _ := a.ToHit.Abilities.Of(b, it); !reflect.DeepEqual(got, []string{"brawn", "wits"}) {
		t.Errorf("toHit abilities %v", got)
	}
	if got, _ := a.Damage.Abilities.Of(b, it); !reflect.DeepEqual(got, []string{"brawn"}) {
		t.Errorf("damage abilities from swing %v", got)
	}
	if got, ok := a.Damage.Bonus.Of(b, it); !ok || got != 1 {
		t.Errorf("damage bonus from bulk %v %v", got, ok)
	}
	if got, ok := a.Clip.Max.Of(b, it); !ok || got != 1 || a.Clip.Reload != "act" {
		t.Errorf("clip %v %v %+v", got, ok, a.Clip)
	}
	if *a.Ammo != (itemrules.Ammo{Tag: "arrow", PerAttack: 2, Recover: 0.5}) {
		t.Errorf("ammo %+v", a.Ammo)
	}
	if !reflect.DeepEqual(a.Modes, []itemrules.AttackMode{{ID: "volley", Label: "Volley", Ammo: 2, ToHit: -2, Targets: 2}}) {
		t.Errorf("modes %+v", a.Modes)
	}
	if !a.OffHand || a.Floor.Value != 1 || a.Reach.Value != 2 || a.Range.Normal.Value != 10 || a.Range.Long.Value != 20 || a.Versatile.Value != "1d8" {
		t.Errorf("offHand/floor/reach/range/versatile %+v", a)
	}
	wantHits := []itemrules.OnHit{
		{Condition: "rattled", AtLeast: 2, Rounds: 2},
		{Condition: "rattled", AtLeast: 1, SaveEnds: &itemrules.SaveEnds{Save: "endure", Difficulty: 15, At: "turn-start"}},
		{Condition: "rattled", AtLeast: 1, Save: &itemrules.HitSave{Save: "endure", Difficulty: 12}},
	}
	if !reflect.DeepEqual(a.OnHit, wantHits) {
		t.Errorf("onHit %+v", a.OnHit)
	}
	wantPlus := []itemrules.PlusClause{
		{Dice: "3d6", Type: "slashing", TargetIs: &itemrules.TargetIs{Types: []string{"dragon"}}},
		{Flat: 14, Type: "slashing", When: "critical"},
		{Dice: "2d6", Type: "fire", When: "toggled", Save: &itemrules.PlusSave{Save: "endure", Difficulty: 12, OnSuccess: "none"}},
	}
	if !reflect.DeepEqual(a.Plus, wantPlus) {
		t.Errorf("plus %+v", a.Plus)
	}
	if a.Strikes == nil || a.Damage.RerollUpTo == nil || !a.Damage.OneHanded || a.ToHit.Proficiency == nil || a.ToHit.SheetBonus == nil {
		t.Errorf("sheet references %+v", a)
	}
}

// A stat the item gives no value to is as if not written; a stat with a
// declared default reads the default (the hand axe rolls with Brawn).
func TestAttackStatDefaultAndAbsent(t *testing.T) {
	rs, err := withAttack(t, `{"budget": "act", "toHit": {"abilities": {"stat": "swing"}, "bonus": {"stat": "bulk"}}, "damage": {"dice": "1d6", "type": {"stat": "note"}}}`, func(m map[string]any) {
		st := m["items"].(map[string]any)["stats"].([]any)
		st[2].(map[string]any)["default"] = "wits"
		item := m["catalogs"].([]any)[0].(map[string]any)["entries"].([]any)[0].(map[string]any)["item"].(map[string]any)
		item["stats"] = map[string]any{"damage": "1d6"}
	})
	if err != nil {
		t.Fatal(err)
	}
	it, b := rs.Items.Items[0], rs.Items
	a := it.AttackDef
	if got, ok := a.ToHit.Abilities.Of(b, it); !ok || !reflect.DeepEqual(got, []string{"wits"}) {
		t.Errorf("swing's default: %v %v", got, ok)
	}
	if _, ok := a.ToHit.Bonus.Of(b, it); ok {
		t.Error("bulk has no value and no default: the bonus is as if not written")
	}
	if _, ok := a.Damage.Type.Of(b, it); ok {
		t.Error("note has no value: the type is as if not written")
	}
}

// A pool weapon: its own per-die target where the pool's target moves, a
// mode that moves it, and no damage dice needed.
func TestAttackPoolTarget(t *testing.T) {
	rs, err := withAttack(t, `{"budget": "act", "toHit": {"abilities": ["brawn"], "target": 6}, "damage": {"type": "blunt"}, "modes": [{"id": "careful", "label": "Careful", "target": -1}]}`, func(m map[string]any) {
		m["resolution"] = map[string]any{"kind": "dice-pool", "die": map[string]any{"sides": 10}, "proficiencyTiers": []any{map[string]any{"id": "untrained"}},
			"pool": map[string]any{"min": 0, "max": 10}, "target": map[string]any{"default": 7, "min": 5, "max": 9}}
		m["combat"].(map[string]any)["pool"] = map[string]any{"hardness": map[string]any{"itemStat": map[string]any{"stat": "bulk", "from": "worn", "pick": "max"}}}
	})
	if err != nil {
		t.Fatal(err)
	}
	a := rs.Items.Items[0].AttackDef
	if a.ToHit.Target.Value != 6 || a.Modes[0].Target != -1 || a.Damage.Dice != nil {
		t.Errorf("pool attack %+v", a)
	}
	if rs.CombatItems.Hardness == nil || rs.CombatItems.Hardness.ItemStat == nil {
		t.Errorf("hardness %+v", rs.CombatItems.Hardness)
	}
}

// The weapons effect (1.70) of a worn or carried item, typed.
func TestWeaponsEffectTyped(t *testing.T) {
	rs, err := withAttack(t, `{"budget": "act", "damage": {"dice": "1d6"}}`, func(m map[string]any) {
		item := m["catalogs"].([]any)[0].(map[string]any)["entries"].([]any)[0].(map[string]any)["item"].(map[string]any)
		item["worn"] = map[string]any{"weapons": map[string]any{"tags": []any{"thrown"}, "modifiers": []any{
			map[string]any{"to": "attacks", "flat": 1, "mode": "advantage"}, map[string]any{"to": "damage", "dice": "1d4"}}}}
	})
	if err != nil {
		t.Fatal(err)
	}
	w := rs.Items.Items[0].Worn.Weapons
	want := &effectrules.WeaponsEffect{Tags: []string{"thrown"}, Modifiers: []effectrules.WeaponModifier{{To: "attacks", Flat: 1, Mode: "advantage"}, {To: "damage", Dice: "1d4"}}}
	if !reflect.DeepEqual(w, want) {
		t.Errorf("weapons = %+v", w)
	}
	if !w.Applies([]string{"arrow", "thrown"}) || w.Applies([]string{"arrow"}) || !(&effectrules.WeaponsEffect{}).Applies(nil) {
		t.Error("Applies")
	}
}

// Every bundled weapon loads typed, and every attack the bundled
// rulesets write reads what it needs (a summed fight's dice).
func TestBundledWeapons(t *testing.T) {
	files, _ := filepath.Glob("../../../rulesets/*/ruleset.json")
	n := 0
	for _, f := range files {
		rs, err := ruleset.LoadFile(f, ruleset.Options{})
		if err != nil {
			continue // a plugin's kind: the plugin tests load it
		}
		if rs.Items == nil {
			continue
		}
		for _, it := range rs.Items.Items {
			if (it.Attack != nil) != (it.AttackDef != nil) {
				t.Errorf("%s %s: raw and typed attack disagree", f, it.Label)
			}
			if it.AttackDef != nil {
				n++
				if rs.Resolution.Kind == "dice-sum" {
					if d, ok := it.AttackDef.Damage.Dice.Of(rs.Items, it); !ok || d == "" {
						t.Errorf("%s %s: no damage dice", f, it.Label)
					}
				}
			}
		}
	}
	if n < 6 {
		t.Errorf("%d bundled weapons; want the six of issue 19", n)
	}
}

// FuzzAttack: no attack, however malformed, panics the validator; one
// that loads is typed, and a refusal names a pointer inside the file.
func FuzzAttack(f *testing.F) {
	refused, _ := filepath.Glob("../../../testdata/refused/weapons/*.json")
	for _, p := range refused {
		if strings.HasSuffix(p, ".want.json") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		var m map[string]any
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		item := m["catalogs"].([]any)[0].(map[string]any)["entries"].([]any)[0].(map[string]any)["item"].(map[string]any)
		if a, err := json.Marshal(item["attack"]); err == nil {
			f.Add(string(a))
		}
	}
	f.Add(`{"budget":"act","damage":{"dice":{"stat":"damage"}},"modes":[{"id":"a","label":"A","ammo":2}],"clip":{"max":{"stat":"bulk"},"reload":"act"}}`)
	f.Add(`{"budget":"act","damage":{"dice":"1d6"},"onHit":[{"condition":"rattled","saveEnds":{"save":"endure","difficulty":1,"at":"damaged"}}]}`)
	f.Add(`null`)
	f.Fuzz(func(t *testing.T, attack string) {
		var a any
		if json.Unmarshal([]byte(attack), &a) != nil {
			return
		}
		rs, err := withAttack(t, attack, nil)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		if rs.Items.Items[0].AttackDef == nil {
			t.Fatal("an attack that loads is not typed")
		}
	})
}

// rerollUpTo rerolls damage dice only in a summed fight: in a pool
// ruleset it is legal and does nothing, so it is a warning at its pointer.
func TestRerollUpToWarnsOutsideASummedFight(t *testing.T) {
	rs, err := withAttack(t, `{"budget": "act", "damage": {"dice": "2d6", "rerollUpTo": {"const": 2}}}`, func(m map[string]any) {
		m["resolution"] = map[string]any{"kind": "dice-pool", "die": map[string]any{"sides": 10}, "proficiencyTiers": []any{map[string]any{"id": "untrained"}},
			"pool": map[string]any{"min": 0, "max": 10}, "target": map[string]any{"default": 7, "min": 5, "max": 9}}
	})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range rs.Warnings {
		if w.Pointer == "/catalogs/0/entries/0/item/attack/damage/rerollUpTo" && strings.Contains(w.Message, "only in a summed fight") {
			found = true
		}
	}
	if !found {
		t.Errorf("no warning: %v", rs.Warnings)
	}
	summed, err := withAttack(t, `{"budget": "act", "damage": {"dice": "2d6", "rerollUpTo": {"const": 2}}}`, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range summed.Warnings {
		if strings.Contains(w.Pointer, "rerollUpTo") {
			t.Errorf("a summed fight warns: %v", w)
		}
	}
}
