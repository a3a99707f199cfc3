package fight

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/items"
)

// bracer is an arm with what an archer's bracer's weapons effect adds:
// +1 (already folded into ToHit) and +1d4 to hit, +1d6 damage.
func bracer(f *fight) *arm {
	a := &arm{Label: "Hunting bow", Dice: d(1, 6), HasDice: true, ToHit: 1, Type: "pierce", Stack: -1}
	f.readBonus(a, items.WeaponBonus{ToHit: 1, ToHitDice: []string{"1d4"}, DamageDice: []string{"1d6"}, From: []string{"Archer's bracer"}})
	return a
}

// The weapons effect's dice join the summed attack and damage rolls, with
// the item's name next to each roll; the damage dice are doubled on a
// critical like the weapon's.
func TestWeaponsEffectDiceSummed(t *testing.T) {
	f := emberFight(t)
	a := bracer(f)
	res, log := strikeWith(t, f, memberWho(0), a, foeWho(0), 3, 2, 4, 5, 6)
	want := "2d6 (3, 2) + 1 = 6 + 1d4 (4) = 10 (+1, +1d4 Archer's bracer) against a defense of"
	if !strings.Contains(log, want) || !strings.Contains(log, "1d6 (5) + 1d6 (6) (+1d6 Archer's bracer) = 11") || res.dealt != 11 {
		t.Fatalf("dealt %d:\n%s", res.dealt, log)
	}
	// A critical: 2d6 and 2d6 more.
	res, log = strikeWith(t, f, memberWho(0), a, foeWho(0), 6, 6, 1, 1, 2, 3, 4)
	if !strings.Contains(log, "a critical hit") || !strings.Contains(log, "2d6 (1, 2) + 2d6 (3, 4)") || res.dealt != 10 {
		t.Fatalf("dealt %d:\n%s", res.dealt, log)
	}
	// Minus dice take away.
	b := &arm{Label: "Heavy bow", Dice: d(1, 6), HasDice: true, Stack: -1}
	f.readBonus(b, items.WeaponBonus{ToHitMinus: []string{"1d4"}, From: []string{"Cursed glove"}})
	_, log = strikeWith(t, f, memberWho(0), b, foeWho(0), 5, 5, 3, 2)
	if !strings.Contains(log, "2d6 (5, 5) = 10 - 1d4 (3) = 7 (-1d4 Cursed glove)") {
		t.Fatalf("%s", log)
	}
}

// The weapons effect's mode throws the attack twice where the resolution
// has advantage, naming the item.
func TestWeaponsEffectAdvantage(t *testing.T) {
	f := emberFight(t)
	if !f.p.RS.Resolution.DiceSum.Advantage {
		t.Skip("Ember Roads has no advantage")
	}
	a := &arm{Label: "Hand axe", Dice: d(1, 6), HasDice: true, Stack: -1}
	f.readBonus(a, items.WeaponBonus{Advantage: true, From: []string{"Lucky strap"}})
	_, log := strikeWith(t, f, memberWho(0), a, foeWho(0), 1, 2, 6, 5, 3)
	if !strings.Contains(log, "2d6 (1, 2) = 3 and 2d6 (6, 5) = 11, the better kept, advantage (Lucky strap)") {
		t.Fatalf("%s", log)
	}
}

// In a pool fight a notation's count is that many more dice: in the
// attack pool and in the damage's extra dice.
func TestWeaponsEffectPool(t *testing.T) {
	p := bundledParty(t, "gravewatch")
	f := started(t, p, "Grave wight")
	a := &arm{Label: "Grave spade", ToHit: 3, PoolDice: 1, Stack: -1}
	f.readBonus(a, items.WeaponBonus{ToHitDice: []string{"2d10"}, DamageDice: []string{"1d10"}, DamageMinus: []string{"1d10"}, Advantage: true, From: []string{"Sexton's ring"}})
	if a.ToHit != 5 || a.PoolDice != 1 || a.Bonus.Adv {
		t.Fatalf("pool arm %+v %+v", a, a.Bonus)
	}
	if got := a.Bonus.hitFrom(); got != "+2 Sexton's ring" {
		t.Fatalf("hitFrom %q", got)
	}
}

// The forecast counts the dice exactly: sampled frequencies agree.
func TestWeaponsEffectFrequencies(t *testing.T) {
	f := emberFight(t)
	a := bracer(f)
	sample(t, f, memberWho(0), a, foeWho(0), 20000)
	b := &arm{Label: "Heavy bow", Dice: d(1, 8), HasDice: true, Stack: -1}
	f.readBonus(b, items.WeaponBonus{ToHitMinus: []string{"1d4"}, DamageMinus: []string{"1d4"}, Disadvantage: true, From: []string{"Cursed glove"}})
	sample(t, f, memberWho(0), b, foeWho(0), 20000)
	plain := f.forecast(memberWho(0), &arm{Label: "Hunting bow", Dice: d(1, 6), HasDice: true, ToHit: 1, Stack: -1}, nil, foeWho(0))
	if fc := f.forecast(memberWho(0), a, nil, foeWho(0)); fc.Hit <= plain.Hit || fc.Damage <= plain.Damage {
		t.Fatalf("bracer %+v, plain %+v", fc, plain)
	}
}

// weaponArm reads a wielded weapon's Bonus (items.WeaponOf).
func TestWeaponArmReadsBonus(t *testing.T) {
	f := emberFight(t)
	w := &items.Weapon{Name: "Hunting bow", Def: f.p.RS.Items.Items[0], Dice: "1d6",
		Bonus: items.WeaponBonus{DamageDice: []string{"1d4"}, Advantage: true, From: []string{"Archer's bracer"}}}
	a := f.weaponArm(f.p.Character(0), 0, w, &items.Stack{})
	if a.Bonus == nil || len(a.Bonus.DmgDice) != 1 || !a.Bonus.Adv || a.Bonus.dmgFrom() != "+1d4 Archer's bracer" {
		t.Fatalf("%+v", a.Bonus)
	}
}
