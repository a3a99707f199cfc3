package fight

import (
	"math"

	"github.com/rulehost/rulehost/engine/odds"
)

// Forecast is what one strike at one target is expected to do, exactly
// (engine/odds enumerates the rules the fight rolls): the chance to hit,
// of a critical hit, and the damage expected over every roll (misses
// counting 0), after soak, floor and typed defenses, with the plus
// clauses that reach the target (never a critical-only one).
type Forecast struct {
	Hit, Critical float64
	Damage        float64
}

// forecast is the exact forecast of w's attack with a (in mode md) at tg.
func (f *fight) forecast(w who, a *arm, md *mode, tg who) Forecast {
	if a.spends && f.number(w) < f.hardness(tg) {
		return Forecast{Hit: 1} // it lands and does nothing
	}
	mult := f.multiplier(tg, f.defenses(tg), a.Type, a.Tags)
	plus1, plus2 := f.plusMeans(a, tg)
	if f.st.Symbol {
		return f.symbolForecast(w, a, md, tg, mult, plus1, plus2)
	}
	if f.st.Pool {
		return f.poolForecast(w, a, md, tg, mult, plus1, plus2)
	}
	add, _ := f.attackAdd(w, a, md)
	def, _ := f.defense(tg)
	ds := f.p.RS.Resolution.DiceSum
	keep, _ := f.keep(w, tg, a)
	sa := odds.SummedAttack(ds).Keep(keep)
	// The weapons effects' dice, thrown once after the kept throw.
	extra := odds.Dist{P: []float64{1}}
	if b := a.Bonus; b != nil {
		extra = bonusDist(b.HitDice, b.HitMinus, 1)
	}
	hit := 0.0
	for k, p := range sa.Dice.P {
		if p != 0 {
			hit += p * atLeast(extra, sa.Dice.Offset+k+add, def)
		}
	}
	critVal, fumbleVal := ds.Count*faceValue(ds, ds.Sides), ds.Count*faceValue(ds, 1)
	hit -= sa.Critical * atLeast(extra, critVal+add, def)
	hit -= sa.Fumble * atLeast(extra, fumbleVal+add, def)
	hit = max(0, hit)
	fc := Forecast{Hit: hit + sa.Critical, Critical: sa.Critical}
	if a.HasDice {
		fc.Damage = hit*(f.sumDamageMean(a, 1, mult)+plus1) + sa.Critical*(f.sumDamageMean(a, 2, mult)+plus2)
	}
	return fc
}

// sumDamageMean is the expected weapon damage of a summed hit, its dice
// rolled mult times as many: what it adds, at least 0, raised to its
// floor, then met by the typed defenses.
func (f *fight) sumDamageMean(a *arm, mult int, m float64) float64 {
	d := odds.Notation(a.Dice, mult)
	if a.RerollUpTo > 0 {
		d = odds.NotationReroll(a.Dice, mult, a.RerollUpTo)
	}
	if b := a.Bonus; b != nil && len(b.DmgDice)+len(b.DmgMinus) > 0 {
		d = d.Plus(bonusDist(b.DmgDice, b.DmgMinus, mult))
	}
	return f.meanAfterHit(a, d, a.Add, m, math.MaxInt)
}

// meanAfterHit is the expected afterHit of base plus what x rolls, at
// least 0, and held to limit (a strike that takes is held to what the
// target's number has; math.MaxInt holds nothing): the one sum the
// summed, pool and symbol forecasts each make over their damage dice.
func (f *fight) meanAfterHit(a *arm, x odds.Dist, base int, m float64, limit int) float64 {
	e := 0.0
	for j, q := range x.P {
		e += q * float64(min(f.afterHit(a, max(0, base+x.Offset+j), m), limit))
	}
	return e
}

// afterHit is a hit's weapon damage raised to the floor and met by the
// typed defenses' multiplier, as damage and typed deal it.
func (f *fight) afterHit(a *arm, n int, m float64) int {
	if a.HasFloor && n < a.Floor {
		n = a.Floor
	}
	return applyMult(n, m)
}

// applyMult is a typed defense's multiplier on n: halved rounded down.
func applyMult(n int, m float64) int {
	switch m {
	case 0:
		return 0
	case 0.5, halvedAll:
		return n / 2
	case 2:
		return n * 2
	}
	return n
}

// poolForecast is a pool attack's forecast: each net success count from
// one up hits; the damage is the net successes, the extra dice's, what
// the arm adds, less soak, raised to the floor, met by the defenses. For
// a strike that takes it is the number expected taken from tg, each
// outcome held to what tg's number has.
func (f *fight) poolForecast(w who, a *arm, md *mode, tg who, m, plus1, plus2 float64) Forecast {
	dp := f.p.RS.Resolution.DicePool
	n, _ := f.attackDice(w, a, md)
	target := f.dieTarget(a, md)
	net := odds.PoolNet(dp, n, target)
	extra := [3]odds.Dist{}
	for mult := 1; mult <= 2; mult++ {
		extra[mult] = odds.PoolNet(dp, a.PoolDice*mult, target)
	}
	soak := f.soak(tg)
	var fc Forecast
	for k := 1; k < len(net.P); k++ {
		p := net.P[k]
		if p == 0 {
			continue
		}
		crit := dp.Exceptional > 0 && k >= dp.Exceptional
		mult, plus := 1, plus1
		if crit {
			mult, plus = 2, plus2
			fc.Critical += p
		}
		fc.Hit += p
		limit := math.MaxInt
		if a.takes {
			limit = f.number(tg)
		}
		e := f.meanAfterHit(a, extra[mult], k+a.Add-soak, m, limit)
		if a.takes {
			// The number taken: exact without plus clauses, whose mean is
			// added within what the number has left.
			fc.Damage += p * min(e+plus, float64(f.number(tg)))
			continue
		}
		fc.Damage += p * (e + plus)
	}
	return fc
}

// plusMeans are the expected plus clause damage on an ordinary hit and
// on a critical one, counting only clauses that reach tg and never a
// critical-only one.
func (f *fight) plusMeans(a *arm, tg who) (float64, float64) {
	types, tags := f.typesTags(tg)
	d := f.defenses(tg)
	var e1, e2 float64
	for i := range a.Plus {
		c := &a.Plus[i]
		if c.When == "critical" || c.When == "toggled" && !a.Toggled || !c.reaches(types, tags) {
			continue
		}
		saves := 0.0
		if c.HasSave {
			saves = f.saveChance(tg, c.Save, c.SaveDC)
		}
		m := f.multiplier(tg, d, c.Type, a.Tags)
		e1 += f.plusMean(c, 1, m, saves)
		e2 += f.plusMean(c, 2, m, saves)
	}
	return e1, e2
}

// plusMean is one clause's expected damage: its dice and flat; a passed
// save (with chance saves) halves or negates it; then its type meets the
// defenses, as plusClause deals it.
func (f *fight) plusMean(c *plus, mult int, m, saves float64) float64 {
	dist := odds.Dist{Offset: 0, P: []float64{1}}
	if c.HasDice {
		dist = odds.Notation(c.Dice, mult)
	}
	e := 0.0
	for k, p := range dist.P {
		n := max(0, dist.Offset+k+c.Flat)
		saved := 0
		if c.OnSuccess == "half" {
			saved = n / 2
		}
		e += p * ((1-saves)*float64(applyMult(n, m)) + saves*float64(applyMult(saved, m)))
	}
	return e
}

// saveChance is the exact chance that w passes save against dc, as
// rollSave rolls it.
func (f *fight) saveChance(w who, save string, dc int) float64 {
	n := f.saveNumber(w, save)
	if f.st.Symbol {
		return f.symbolSaveChance(n, dc)
	}
	if f.st.Pool {
		dp := f.p.RS.Resolution.DicePool
		net := odds.PoolNet(dp, max(1, n), poolTarget(dp, dc))
		return 1 - net.At(0)
	}
	sa := odds.SummedAttack(f.p.RS.Resolution.DiceSum)
	p := 0.0
	for k, q := range sa.Dice.P {
		if sa.Dice.Offset+k+n >= dc {
			p += q
		}
	}
	return p
}
