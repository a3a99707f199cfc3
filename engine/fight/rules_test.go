package fight

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
)

// strikeWith rolls one strike with scripted faces and returns its log.
func strikeWith(t *testing.T, f *fight, w who, a *arm, tg who, faces ...int) (strikeResult, string) {
	t.Helper()
	s := dice.Script(faces...)
	f.turn = items.Turn{Actor: items.GM, Dice: s}
	f.log = nil
	res := f.strike(w, a, nil, tg)
	if s.Used() != len(faces) {
		t.Fatalf("the strike drew %d of %d faces: %s", s.Used(), len(faces), strings.Join(f.log, " "))
	}
	return res, strings.Join(f.log, " ")
}

func emberFight(t *testing.T) *fight {
	p := bundledParty(t, "ember-roads")
	return started(t, p, "Ash wolf, Cinder shade, Road bandit")
}

func d(n, sides int) dice.Notation { return dice.Notation{Count: n, Sides: sides} }

// floor: the least a hit deals, raised to before a resistance halves it,
// and the log says so.
func TestFloor(t *testing.T) {
	f := emberFight(t)
	a := &arm{Label: "Blunt knife", Dice: d(1, 4), HasDice: true, Add: -3, Floor: 2, HasFloor: true, Type: "cut", Stack: -1}
	res, log := strikeWith(t, f, memberWho(0), a, foeWho(0), 5, 4, 1)
	if res.dealt != 2 || !strings.Contains(log, "= 0, raised to 2 (at least 2 on a hit before resistance)") {
		t.Fatalf("dealt %d: %s", res.dealt, log)
	}
	// Against the shade, which resists cut: raised to 2, then halved to 1.
	res, log = strikeWith(t, f, memberWho(0), a, foeWho(1), 6, 5, 1)
	if res.dealt != 1 || !strings.Contains(log, "raised to 2") || !strings.Contains(log, "halved to 1 (resists cut except magical)") {
		t.Fatalf("dealt %d: %s", res.dealt, log)
	}
}

// A magical strike gets past the shade's except; immunity takes all.
func TestExceptAndImmune(t *testing.T) {
	f := emberFight(t)
	a := &arm{Label: "Charmed axe", Dice: d(1, 6), HasDice: true, Type: "cut", Tags: []string{"magical"}, Stack: -1}
	res, log := strikeWith(t, f, memberWho(0), a, foeWho(1), 6, 5, 4)
	if res.dealt != 4 || !strings.Contains(log, "taken in full (magical gets through)") {
		t.Fatalf("dealt %d: %s", res.dealt, log)
	}
	b := &arm{Label: "Torch", Dice: d(1, 6), HasDice: true, Type: "burn", Stack: -1}
	res, log = strikeWith(t, f, memberWho(0), b, foeWho(1), 6, 5, 4)
	if res.dealt != 0 || !strings.Contains(log, "none taken (immune to burn)") {
		t.Fatalf("dealt %d: %s", res.dealt, log)
	}
	res, log = strikeWith(t, f, memberWho(0), &arm{Label: "Frost knife", Dice: d(1, 6), HasDice: true, Type: "cold", Stack: -1}, foeWho(0), 6, 5, 3)
	if res.dealt != 6 || !strings.Contains(log, "doubled to 6 (vulnerable to cold)") {
		t.Fatalf("dealt %d: %s", res.dealt, log)
	}
}

// plus clauses: rolled, typed and resisted on their own; dice doubled
// on a critical hit like the weapon's; a critical-only clause only then;
// targetIs only at the creature types it names; a toggled one only while
// the switch is on; a clause's save halves it.
func TestPlus(t *testing.T) {
	f := emberFight(t)
	a := &arm{Label: "Wolfsbane spear", Dice: d(1, 6), HasDice: true, Type: "pierce", Stack: -1, Plus: []plus{
		{Dice: d(1, 6), HasDice: true, Type: "venom", targetTest: true, Types: []string{"beast"}},
		{Flat: 5, Type: "cut", When: "critical"},
		{Flat: 3, Type: "burn", When: "toggled"},
	}}
	// An ordinary hit on the wolf (a beast): the weapon and the beast clause.
	res, log := strikeWith(t, f, memberWho(0), a, foeWho(0), 5, 4, 3, 2)
	if res.dealt != 5 || !strings.Contains(log, "+1d6 (2) = 2 venom") || strings.Contains(log, "cut") {
		t.Fatalf("dealt %d: %s", res.dealt, log)
	}
	// A critical on the bandit (no beast): weapon dice doubled, the
	// critical clause, not the beast one.
	res, log = strikeWith(t, f, memberWho(0), a, foeWho(2), 6, 6, 3, 4)
	if res.dealt != 12 || !strings.Contains(log, "a critical hit") || !strings.Contains(log, "2d6 (3, 4)") || !strings.Contains(log, "+5 = 5 cut") {
		t.Fatalf("dealt %d: %s", res.dealt, log)
	}
	// A critical on the wolf doubles the clause's dice too.
	res, log = strikeWith(t, f, memberWho(0), a, foeWho(0), 6, 6, 1, 1, 2, 2)
	if !strings.Contains(log, "+2d6 (2, 2) = 4 venom") {
		t.Fatalf("dealt %d: %s", res.dealt, log)
	}
	a.Toggled = true
	_, log = strikeWith(t, f, memberWho(0), a, foeWho(2), 5, 4, 1)
	if !strings.Contains(log, "+3 = 3 burn") {
		t.Fatalf("toggled: %s", log)
	}
	// A save (the bandit's Endure 1 on 2d6 against 5) halves it.
	s := &arm{Label: "Thorn whip", Dice: d(1, 4), HasDice: true, Stack: -1, Plus: []plus{{Flat: 6, Type: "venom", HasSave: true, Save: "endure", SaveDC: 5, OnSuccess: "half"}}}
	res, log = strikeWith(t, f, memberWho(0), s, foeWho(2), 5, 4, 2, 3, 3)
	if res.dealt != 5 || !strings.Contains(log, "Road bandit rolls Endure: 2d6 (3, 3) + 1 = 7 against 5, saved, halved to 3") {
		t.Fatalf("dealt %d: %s", res.dealt, log)
	}
}

// onHit: a condition imposed when the strike dealt atLeast, kept off by
// a condition immunity, avoided by a passed save, ending on a saveEnds
// save at the turn's start.
func TestOnHit(t *testing.T) {
	f := emberFight(t)
	a := &arm{Label: "Choke rope", Dice: d(1, 6), HasDice: true, Stack: -1, OnHit: []onHit{{Condition: "winded", AtLeast: 3, EndsSave: "endure", EndsDC: 12, EndsAt: "turn-start"}}}
	_, log := strikeWith(t, f, memberWho(0), a, foeWho(2), 5, 4, 2)
	if strings.Contains(log, "Winded") {
		t.Fatalf("winded below atLeast: %s", log)
	}
	_, log = strikeWith(t, f, memberWho(0), a, foeWho(2), 5, 4, 3)
	if !strings.Contains(log, "Road bandit is Winded until a Endure save against 12 at the start of each of its turns.") {
		t.Fatalf("%s", log)
	}
	_, log = strikeWith(t, f, memberWho(0), a, foeWho(1), 6, 5, 4)
	if !strings.Contains(log, "Cinder shade is immune to Winded.") {
		t.Fatalf("%s", log)
	}
	// The round's end: the bandit rolls Endure at its turn's start.
	f.turn = items.Turn{Actor: items.GM, Dice: dice.Script(6, 5)}
	f.log = nil
	f.round()
	if got := strings.Join(f.log, " "); !strings.Contains(got, "Road bandit rolls Endure: 2d6 (6, 5) + 1 = 12 against 12, saved, and is no longer Winded.") {
		t.Fatalf("%s", got)
	}
	// A save on imposing: passed, the condition is avoided.
	b := &arm{Label: "Bola", Dice: d(1, 6), HasDice: true, Stack: -1, OnHit: []onHit{{Condition: "winded", Save: "endure", SaveDC: 4, Rounds: 1}}}
	_, log = strikeWith(t, f, memberWho(0), b, foeWho(2), 5, 4, 1, 2, 2)
	if !strings.Contains(log, "saved, and is not Winded.") {
		t.Fatalf("%s", log)
	}
}

// rerollUpTo: the weapon's own damage dice at or below it are rolled
// again once, the new face standing; the forecast counts it exactly.
func TestRerollUpTo(t *testing.T) {
	f := emberFight(t)
	a := &arm{Label: "Greataxe", Dice: d(2, 6), HasDice: true, RerollUpTo: 2, Stack: -1}
	res, _ := strikeWith(t, f, memberWho(0), a, foeWho(2), 5, 4, 1, 6, 2)
	if res.dealt != 8 {
		t.Fatalf("dealt %d, want 2 (rerolled from 1) + 6", res.dealt)
	}
	sample(t, f, memberWho(0), a, foeWho(2), 20000)
}

// strikes: one spend buys that many attacks at the target (read from
// the wielder's sheet), an off-hand attack still a single strike.
func TestStrikes(t *testing.T) {
	p := bundledParty(t, "ember-roads")
	two := 2.0
	axe := p.RS.Items.ItemByLabel("Hand axe")
	axe.AttackDef.Strikes = &valueref.Ref{Const: &two}
	wield(t, p, "Tamsin", "Hand axe")
	f := started(t, p, "Road bandit")
	f.turn = items.Turn{Actor: items.GM, Dice: dice.Script(1, 1, 1, 1)}
	rec := f.attack(tagOf("fight", "op", "attack", "who", "Tamsin", "weapon", "Hand axe"))
	if n := strings.Count(rec.Value("log"), "Tamsin attacks Road bandit"); n != 2 {
		t.Fatalf("%d strikes for one spend: %s", n, rec)
	}
}
