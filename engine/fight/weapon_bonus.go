package fight

import (
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/odds"
)

// weaponBonus is what the wielder's weapons effects (docs/items.md "The
// weapons effect") add to an arm beyond what is already folded into its
// numbers: the flat parts (for the names next to the roll), the dice
// thrown with a summed fight's attack and damage rolls, advantage or
// disadvantage, and the items' names. In a pool fight the dice became
// dice of the pool (weaponArm), so only the names are left here.
type weaponBonus struct {
	HitFlat, DmgFlat int
	// HitDice and DmgDice are thrown and added; HitMinus and DmgMinus
	// thrown and taken away (summed fight only).
	HitDice, HitMinus, DmgDice, DmgMinus []dice.Notation
	Adv, Dis                             bool
	From                                 []string
}

// readBonus turns items' WeaponBonus into the fight's: in a pool fight a
// notation's count is that many dice more (or fewer) in the attack pool
// or the damage's extra dice (docs/fight.md **Choice**), and advantage is
// not read (a pool has none); in a summed fight the dice are thrown.
func (f *fight) readBonus(a *arm, b items.WeaponBonus) {
	if b.IsZero() {
		return
	}
	wb := &weaponBonus{HitFlat: b.ToHit, DmgFlat: b.Damage, From: b.From}
	hit, hitMinus := notations(b.ToHitDice), notations(b.ToHitMinus)
	dmg, dmgMinus := notations(b.DamageDice), notations(b.DamageMinus)
	switch {
	case f.st.Pool:
		a.ToHit += diceCount(hit) - diceCount(hitMinus)
		wb.HitFlat += diceCount(hit) - diceCount(hitMinus)
		a.PoolDice = max(0, a.PoolDice+diceCount(dmg)-diceCount(dmgMinus))
	case f.st.Symbol:
		// Boost (or setback) dice for the attack's dice; the damage's
		// are thrown as numbers, as a summed fight's.
		a.ToHit += diceCount(hit) - diceCount(hitMinus)
		wb.HitFlat += diceCount(hit) - diceCount(hitMinus)
		wb.DmgDice, wb.DmgMinus = dmg, dmgMinus
	default:
		wb.HitDice, wb.HitMinus, wb.DmgDice, wb.DmgMinus = hit, hitMinus, dmg, dmgMinus
		wb.Adv, wb.Dis = b.Advantage, b.Disadvantage
	}
	a.Bonus = wb
}

func notations(list []string) []dice.Notation {
	var out []dice.Notation
	for _, s := range list {
		if n, ok := dice.ReadNotation(s); ok {
			out = append(out, n)
		}
	}
	return out
}

func diceCount(list []dice.Notation) int {
	n := 0
	for _, d := range list {
		n += d.Count
	}
	return n
}

// hitFrom names what the weapons effects added to the attack roll, next
// to it: `+1, +1d4 Archer's bracer`; "" when they added nothing to it.
func (b *weaponBonus) hitFrom() string {
	if b == nil {
		return ""
	}
	return b.partsFrom(b.HitFlat, b.HitDice, b.HitMinus)
}

// dmgFrom names what they added to the damage: `+1d6 Archer's bracer`.
func (b *weaponBonus) dmgFrom() string {
	if b == nil {
		return ""
	}
	return b.partsFrom(b.DmgFlat, b.DmgDice, b.DmgMinus)
}

func (b *weaponBonus) partsFrom(flat int, plus, minus []dice.Notation) string {
	var parts []string
	if flat != 0 {
		parts = append(parts, signedWord(flat))
	}
	for _, n := range plus {
		parts = append(parts, "+"+n.String())
	}
	for _, n := range minus {
		parts = append(parts, "-"+n.String())
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, ", ") + " " + strings.Join(b.From, ", ")
}

// rollBonusDice throws the dice (each notation's count times mult, its
// modifier once) and takes away the minus ones; text says each throw:
// ` + 1d4 (3) - 1d6 (2)`.
func rollBonusDice(s dice.Stream, plus, minus []dice.Notation, mult int) (int, string) {
	total := 0
	var b strings.Builder
	for i, list := range [][]dice.Notation{plus, minus} {
		for _, n := range list {
			faces, sum := rollDamage(s, n, mult)
			sign := " + "
			if i == 1 {
				sign, sum = " - ", -sum
			}
			total += sum
			b.WriteString(sign + strconv.Itoa(len(faces)) + "d" + strconv.Itoa(n.Sides) + " (" + joinInts(faces) + ")")
			if n.Modifier != 0 {
				b.WriteString(signedWord(n.Modifier))
			}
		}
	}
	return total, b.String()
}

// bonusDist is the exact distribution of rollBonusDice: the plus dice's
// sum less the minus dice's.
func bonusDist(plus, minus []dice.Notation, mult int) odds.Dist {
	d := odds.Dist{P: []float64{1}}
	for _, n := range plus {
		d = d.Plus(odds.Notation(n, mult))
	}
	for _, n := range minus {
		d = d.Plus(negDist(odds.Notation(n, mult)))
	}
	return d
}

// negDist is the distribution of -a.
func negDist(a odds.Dist) odds.Dist {
	out := odds.Dist{Offset: -(a.Offset + len(a.P) - 1), P: make([]float64, len(a.P))}
	for i, p := range a.P {
		out.P[len(a.P)-1-i] = p
	}
	return out
}

// atLeast is the chance that d + add is at least v.
func atLeast(d odds.Dist, add, v int) float64 {
	p := 0.0
	for k, q := range d.P {
		if d.Offset+k+add >= v {
			p += q
		}
	}
	return p
}
