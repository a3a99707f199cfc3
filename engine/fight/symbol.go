package fight

import (
	"fmt"
	"math"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// The symbol fight (docs/fight.md "The symbol fight"): for a symbol-pool
// ruleset, an attack is the ruleset's own symbol pool built from the
// weapon's ability and skill rank (pool.build), with boost or setback
// dice for what the attack adds, against as many difficulty dice as the
// target's defense; a hit on the success symbol's net count reaching
// success.needed, a critical on a hit that shows the critical success
// symbol. Damage is the weapon's damage plus the net successes less soak.

// symbolPool is the dice one symbol throw holds.
type symbolPool struct {
	Own, Upgraded, Boost, Setback, Opposing int
}

// buildSymbols sizes a throw as a check of the kind does (checks.md
// symbol-pool): with larger-upgraded the larger of ability and rank,
// as many upgraded as the smaller when pool.upgrade is declared; with
// sum the two added, none upgraded; within pool.max. add above zero is
// boost dice, below zero setback dice, each within its max; opposing
// is the difficulty dice, within difficulty.max, none upgraded.
func buildSymbols(sp *ruleset.SymbolPool, ability, rank, add, opposing int) symbolPool {
	ability, rank = max(0, ability), max(0, rank)
	var p symbolPool
	if sp.Build == "sum" {
		p.Own = ability + rank
	} else {
		p.Own = max(ability, rank)
		if sp.Pool.Upgrade >= 0 {
			p.Upgraded = min(ability, rank)
		}
	}
	if sp.Pool.Max > 0 {
		p.Own = min(p.Own, sp.Pool.Max)
	}
	p.Upgraded = min(p.Upgraded, p.Own)
	switch {
	case add > 0 && sp.Boost != nil:
		p.Boost = min(add, sp.Boost.Max)
	case add < 0 && sp.Setback != nil:
		p.Setback = min(-add, sp.Setback.Max)
	}
	p.Opposing = max(0, opposing)
	if sp.Difficulty.Max > 0 {
		p.Opposing = min(p.Opposing, sp.Difficulty.Max)
	}
	return p
}

// groups are the throw's dice in the check's draw order: upgraded own,
// own, boost, difficulty, setback.
func (p symbolPool) groups(sp *ruleset.SymbolPool) [5]symbolGroup {
	g := [5]symbolGroup{{sp.Pool.Upgrade, p.Upgraded}, {sp.Pool.Die, p.Own - p.Upgraded}, {-1, 0}, {sp.Difficulty.Die, p.Opposing}, {-1, 0}}
	if sp.Boost != nil {
		g[2] = symbolGroup{sp.Boost.Die, p.Boost}
	}
	if sp.Setback != nil {
		g[4] = symbolGroup{sp.Setback.Die, p.Setback}
	}
	return g
}

type symbolGroup struct{ die, n int }

// symbolRoll is one symbol throw: the faces said, the net successes (0
// at least), and whether the critical success symbol showed.
type symbolRoll struct {
	Text    string
	Net     int
	Triumph bool
}

// faceValue is what one face adds to the net successes (successes and
// what counts as one, less the success's partner and what counts as it)
// and whether it shows the critical success symbol.
func symbolFace(sp *ruleset.SymbolPool, face []int) (int, bool) {
	partner := sp.Symbols[sp.Success].Partner
	d, crit := 0, false
	for _, s := range face {
		for _, x := range []int{s, sp.Symbols[s].CountsIdx} {
			switch {
			case x < 0:
			case x == sp.Success:
				d++
			case x == partner:
				d--
			}
		}
		crit = crit || s == sp.CriticalSuccess
	}
	return d, crit
}

// rollSymbols throws p, one draw per die in the groups' order.
func rollSymbols(s dice.Stream, sp *ruleset.SymbolPool, p symbolPool) symbolRoll {
	var r symbolRoll
	var parts []string
	d := 0
	for _, g := range p.groups(sp) {
		if g.die < 0 || g.n <= 0 {
			continue
		}
		die := sp.Dice[g.die]
		for range g.n {
			face := die.Faces[s.Roll(len(die.Faces))-1]
			v, crit := symbolFace(sp, face)
			d += v
			r.Triumph = r.Triumph || crit
			parts = append(parts, die.Label+" "+faceText(sp, face))
		}
	}
	r.Net = max(0, d)
	r.Text = strings.Join(parts, ", ") + ": " + plural(r.Net, "net success", "net successes")
	if r.Triumph && sp.CriticalSuccess >= 0 {
		r.Text += ", " + sp.Symbols[sp.CriticalSuccess].Label
	}
	return r
}

// faceText says a face by its symbols' labels: `(Success, Advantage)`,
// `(blank)`.
func faceText(sp *ruleset.SymbolPool, face []int) string {
	if len(face) == 0 {
		return "(blank)"
	}
	names := make([]string, len(face))
	for i, s := range face {
		names[i] = sp.Symbols[s].Label
	}
	return "(" + strings.Join(names, ", ") + ")"
}

// symbolDist is the exact distribution of a throw of p: for each net
// before the floor at 0 (Offset+k), the chance without the critical
// symbol (Plain) and with it (Crit).
type symbolDist struct {
	Offset      int
	Plain, Crit []float64
}

func symbolOdds(sp *ruleset.SymbolPool, p symbolPool) symbolDist {
	out := symbolDist{Plain: []float64{1}, Crit: []float64{0}}
	for _, g := range p.groups(sp) {
		if g.die < 0 {
			continue
		}
		faces := sp.Dice[g.die].Faces
		for range g.n {
			out = out.add(faces, sp)
		}
	}
	return out
}

// add is the distribution after one more die with these faces.
func (d symbolDist) add(faces [][]int, sp *ruleset.SymbolPool) symbolDist {
	lo, hi := 0, 0
	vals := make([]int, len(faces))
	crits := make([]bool, len(faces))
	for i, f := range faces {
		vals[i], crits[i] = symbolFace(sp, f)
		lo, hi = min(lo, vals[i]), max(hi, vals[i])
	}
	n := len(d.Plain) + hi - lo
	out := symbolDist{Offset: d.Offset + lo, Plain: make([]float64, n), Crit: make([]float64, n)}
	q := 1 / float64(len(faces))
	for k := range d.Plain {
		for i, v := range vals {
			j := k + v - lo
			if crits[i] {
				out.Crit[j] += (d.Plain[k] + d.Crit[k]) * q
			} else {
				out.Plain[j] += d.Plain[k] * q
				out.Crit[j] += d.Crit[k] * q
			}
		}
	}
	return out
}

// symbolAttackPool is w's throw with a (in mode md) at tg: the arm's
// ability and rank, what it adds as boost or setback dice (from says
// what), and the target's defense as difficulty dice.
func (f *fight) symbolAttackPool(w who, a *arm, md *mode, tg who) (symbolPool, []string, int) {
	ability, rank := a.SymAbility, a.SymRank
	add, from := f.attackAdd(w, a, md)
	if w.IsFoe() {
		// A creature's row: its toHit is its ability dice (docs/fight.md).
		ability, rank, add = a.ToHit, 0, 0
	}
	def, defFrom := f.defense(tg)
	sp := f.p.RS.Resolution.SymbolPool
	return buildSymbols(sp, ability, rank, add, def), append(from, defFrom...), def
}

// symbolStrike rolls a symbol attack; it returns whether it hit, was a
// critical, its net successes and the log's text.
func (f *fight) symbolStrike(w who, a *arm, md *mode, tg who) (hit, crit bool, net int, text string) {
	sp := f.p.RS.Resolution.SymbolPool
	p, from, def := f.symbolAttackPool(w, a, md, tg)
	r := rollSymbols(f.turn.Dice, sp, p)
	hit = r.Net >= max(1, sp.Needed)
	text = r.Text + fromText(from) + fmt.Sprintf(" against %s", plural(def, "difficulty die", "difficulty dice"))
	return hit, hit && r.Triumph, r.Net, text
}

// symbolForecast is a symbol attack's exact forecast: each net count
// that hits, with and without the critical symbol; the damage is the
// weapon's (its dice doubled on a critical) plus the net successes and
// what it adds, less soak, raised to the floor, met by the defenses.
func (f *fight) symbolForecast(w who, a *arm, md *mode, tg who, m, plus1, plus2 float64) Forecast {
	sp := f.p.RS.Resolution.SymbolPool
	p, _, _ := f.symbolAttackPool(w, a, md, tg)
	d := symbolOdds(sp, p)
	soak := f.soak(tg)
	var dmg [3]odds.Dist
	for mult := 1; mult <= 2; mult++ {
		dmg[mult] = odds.Dist{P: []float64{1}}
		if a.HasDice {
			dmg[mult] = odds.Notation(a.Dice, mult)
		}
		if b := a.Bonus; b != nil && len(b.DmgDice)+len(b.DmgMinus) > 0 {
			dmg[mult] = dmg[mult].Plus(bonusDist(b.DmgDice, b.DmgMinus, mult))
		}
	}
	var fc Forecast
	need := max(1, sp.Needed)
	for k := range d.Plain {
		net := d.Offset + k
		if net < need {
			continue
		}
		for crit, pr := range []float64{d.Plain[k], d.Crit[k]} {
			if pr == 0 {
				continue
			}
			mult, plus := 1, plus1
			if crit == 1 {
				mult, plus = 2, plus2
				fc.Critical += pr
			}
			fc.Hit += pr
			e := f.meanAfterHit(a, dmg[mult], net+a.Add-soak, m, math.MaxInt)
			fc.Damage += pr * (e + plus)
		}
	}
	return fc
}

// symbolSave rolls a save in a symbol fight: the saver's number as
// ability dice (at least one, none upgraded) against as many difficulty
// dice as the save's difficulty, passed on success.needed net successes.
func (f *fight) symbolSave(n, dc int) (bool, string) {
	sp := f.p.RS.Resolution.SymbolPool
	r := rollSymbols(f.turn.Dice, sp, buildSymbols(sp, max(1, n), 0, 0, dc))
	return r.Net >= max(1, sp.Needed), r.Text
}

// symbolSaveChance is the exact chance that symbolSave passes.
func (f *fight) symbolSaveChance(n, dc int) float64 {
	sp := f.p.RS.Resolution.SymbolPool
	d := symbolOdds(sp, buildSymbols(sp, max(1, n), 0, 0, dc))
	p := 0.0
	for k := range d.Plain {
		if d.Offset+k >= max(1, sp.Needed) {
			p += d.Plain[k] + d.Crit[k]
		}
	}
	return p
}

// symbolDamage is a symbol hit's damage before the floor and the typed
// defenses: the weapon's dice (doubled on a critical) and the weapons
// effects' dice, what it adds, the net successes, less soak.
func (f *fight) symbolDamage(a *arm, tg who, mult, net int) (int, string) {
	n, line := 0, ""
	if a.HasDice {
		faces, total := rollDamage(f.turn.Dice, a.Dice, mult)
		n, line = total, diceText(a, faces, mult)+" + "
	}
	if b := a.Bonus; b != nil && len(b.DmgDice)+len(b.DmgMinus) > 0 {
		extra, text := rollBonusDice(f.turn.Dice, b.DmgDice, b.DmgMinus, mult)
		n += extra
		line += strings.TrimPrefix(text, " + ") + " + "
	}
	n += a.Add + net
	line += fmt.Sprintf("%d + %s", a.Add, plural(net, "net success", "net successes"))
	line += fromText(nonEmpty(a.Bonus.dmgFrom()))
	if s := f.soak(tg); s > 0 {
		n -= s
		line += fmt.Sprintf(" - %d soak", s)
	}
	return n, line
}
