package fight

import (
	"encoding/json"
	"math"
	"path/filepath"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// heldParty is the Ember Roads party with fixture conditions added to the
// ruleset (no bundled ruleset has a condition with these fight effects).
func heldParty(t *testing.T, conds ...ruleset.Condition) *items.Party {
	t.Helper()
	rs, err := ruleset.LoadFile(filepath.Join("..", "..", "rulesets", "ember-roads", "ruleset.json"), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rs.Conditions = append(rs.Conditions, conds...)
	files, _ := filepath.Glob(filepath.Join("..", "..", "rulesets", "ember-roads", "sheets", "*.json"))
	var sheets []*sheet.Sheet
	for _, f := range files {
		sh, err := sheet.LoadFile(f, rs)
		if err != nil {
			t.Fatal(err)
		}
		sheets = append(sheets, sh)
	}
	return items.New(rs, sheets)
}

func cond(id, label, check string) ruleset.Condition {
	return ruleset.Condition{ID: id, Label: label, Check: json.RawMessage(check)}
}

var (
	exposed = cond("exposed", "Exposed", `{"effects":["attacks-against-advantage"],"modifiers":[{"to":"defense","flat":-2}]}`)
	shaken  = cond("shaken", "Shaken", `{"effects":["own-attacks-disadvantage","speed-zero"],"modifiers":[{"to":"attacks","flat":-1}]}`)
	warded  = cond("warded", "Warded", `{"effects":["resist-all"],"conditionImmunities":["winded"]}`)
)

// A condition an onHit entry imposes on a creature counts at the next
// attack against it: advantage and a lower defense, named after it.
func TestHeldAgainstCreature(t *testing.T) {
	f := started(t, heldParty(t, exposed), "Road bandit")
	a := &arm{Label: "Net", Dice: d(1, 4), HasDice: true, Stack: -1, OnHit: []onHit{{Condition: "exposed", AtLeast: 1}}}
	// Before: 2d6 against 8, 15 of 36.
	exact(t, "before", f.forecast(memberWho(0), a, nil, foeWho(0)).Hit, 15.0/36)
	_, log := strikeWith(t, f, memberWho(0), a, foeWho(0), 6, 5, 3)
	want(t, log, "Tamsin attacks Road bandit with Net: 2d6 (6, 5) = 11 against a defense of 8, a hit. Net deals 1d4 (3) = 3. Road bandit is on 4 of 7. Road bandit is Exposed.")
	_, log = strikeWith(t, f, memberWho(0), a, foeWho(0), 2, 1, 6, 5, 2)
	want(t, log, "Tamsin attacks Road bandit with Net: 2d6 (2, 1) = 3 and 2d6 (6, 5) = 11, the better kept, advantage (Exposed) against a defense of 6 (Exposed), a hit. Net deals 1d4 (2) = 2. Road bandit is on 2 of 7. Road bandit is Exposed.")
	// After: the better of two 2d6 against 6, 1 - (10/36)²; a critical
	// (double six) 1 - (35/36)².
	fc := f.forecast(memberWho(0), a, nil, foeWho(0))
	exact(t, "after", fc.Hit, 1-100.0/1296)
	exact(t, "critical", fc.Critical, 1-1225.0/1296)
	// The menu's forecast is the same one.
	f.lift(foeWho(0), "exposed")
	exact(t, "lifted", f.forecast(memberWho(0), a, nil, foeWho(0)).Hit, 15.0/36)
}

func exact(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 {
		t.Fatalf("%s: %.15f, want %.15f", what, got, want)
	}
}

func want(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Fatalf("log\n got %s\nwant %s", got, want)
	}
}

// A creature's own conditions count on its attacks (disadvantage, the
// flat modifier) and its move (speed zero).
func TestHeldByAttacker(t *testing.T) {
	f := started(t, heldParty(t, shaken), "Road bandit")
	if !f.holdCondition(foeWho(0), "shaken") {
		t.Fatal("not held")
	}
	a := &arm{Label: "Club", Dice: d(1, 4), HasDice: true, Stack: -1}
	_, log := strikeWith(t, f, foeWho(0), a, memberWho(0), 6, 5, 2, 1)
	want(t, log, "Road bandit attacks Tamsin with Club: 2d6 (6, 5) - 1 = 10 and 2d6 (2, 1) - 1 = 2, the worse kept, disadvantage (Shaken) (-1 Shaken) against a defense of 9, a miss.")
	if got := f.speedText(f.speedOf(foeWho(0))); got != "0 (speed zero: Shaken)" {
		t.Fatalf("speed %s", got)
	}
}

// A creature's conditions' typed defenses: resist-all halves, and its
// condition immunity keeps another condition off.
func TestHeldDefenses(t *testing.T) {
	f := started(t, heldParty(t, warded), "Road bandit")
	f.holdCondition(foeWho(0), "warded")
	a := &arm{Label: "Choke rope", Dice: d(1, 6), HasDice: true, Stack: -1, OnHit: []onHit{{Condition: "winded", AtLeast: 1}}}
	_, log := strikeWith(t, f, memberWho(0), a, foeWho(0), 6, 5, 4)
	want(t, log, "Tamsin attacks Road bandit with Choke rope: 2d6 (6, 5) = 11 against a defense of 8, a hit. Choke rope deals 1d6 (4) = 4, halved to 2 (resists all: Warded). Road bandit is on 5 of 7. Road bandit is immune to Winded.")
	// Its forecast: 14 of 36 hit, each dealing half of 1d6 rounded down
	// (0, 1, 1, 2, 2, 3: 9/6), 1 of 36 critical, half of 2d6 (117/36).
	exact(t, "damage", f.forecast(memberWho(0), a, nil, foeWho(0)).Damage, (14.0*9/6+117.0/36)/36)
}

// The menu's exact forecast at a creature reads its conditions: with
// Exposed (advantage, defense -2) the hand axe's hit chance is the one
// the fight computes for that strike, higher than without.
func TestHeldMenuForecast(t *testing.T) {
	p := heldParty(t, exposed)
	wield(t, p, "Tamsin", "Hand axe")
	f := started(t, p, "Road bandit")
	tamsin, _ := p.Member("Tamsin")
	hit := func() float64 {
		for _, o := range Menu(p, tamsin) {
			if o.Kind == "attack" && o.Label == "Hand axe" {
				return o.Forecasts[0].Hit
			}
		}
		t.Fatal("no hand axe in the menu")
		return 0
	}
	a := f.memberArms(tamsin)[0]
	plain := hit()
	exact(t, "plain", plain, f.forecast(memberWho(tamsin), a, nil, foeWho(0)).Hit)
	f.holdCondition(foeWho(0), "exposed")
	held := hit()
	exact(t, "exposed", held, f.forecast(memberWho(tamsin), a, nil, foeWho(0)).Hit)
	if held <= plain {
		t.Fatalf("exposed %.4f not above plain %.4f", held, plain)
	}
	// Tamsin's axe adds its own toHit: the better of two 2d6 plus it
	// against 6, exactly.
	add, _ := f.attackAdd(memberWho(tamsin), a, nil)
	miss := 0.0
	for s := 2; s <= 12; s++ {
		if s+add < 6 && s != 12 || s == 2 {
			miss += float64(6-abs(s-7)) / 36
		}
	}
	exact(t, "exposed by hand", held, 1-miss*miss)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
