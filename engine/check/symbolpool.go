package check

import (
	"slices"
	"strconv"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// resolveSymbolPool rolls a symbol-pool check (Genesys).
//
// Draw order: one draw per die, faces numbered from 1, in this order: the
// character's upgraded dice (pool.upgrade), the character's other dice
// (pool.die), the boost dice, the upgraded opposing dice
// (difficulty.upgrade), the other opposing dice (difficulty.die), then the
// setback dice.
//
// The character's dice: with pool.build "larger-upgraded" the larger of the
// ability (through abilityModifier) and the rank (the tier's bonus),
// upgrading as many as the smaller when pool.upgrade is declared; with
// "sum" the two added, none upgraded; kept within pool.max; then spent
// dice, then upgradeOwn= upgrades (each adding an upgraded die once all
// are upgraded), all within pool.max. The per-skill bonus, adjustments,
// effects and bonus= make one signed number: above zero boost dice, below
// zero setback dice, each within its max; setback= adds setback dice
// within the same setback.max. dc= (or a rung) is the number of opposing
// dice, upgrade= upgrades that many of them.
func resolveSymbolPool(c *Check) {
	sp := c.Res.SymbolPool
	c.Rec.Attrs = slices.Grow(c.Rec.Attrs, 14) // room for the whole record (a no-op when record.New made it)
	c.Rec.Add("resolution", "sum")
	if c.Tag.Has("mode") {
		c.ignore("mode")
	}
	if c.failsWithoutRoll("", 0, false) {
		return
	}
	ch := c.Env.Char
	ability := max(0, ch.AbilityMod(c.Target.Ability))
	rank, skillBonus := 0, 0
	if c.Target.Type != "ability" {
		tr := ch.Training(c.Target.ID, c.Target.Type == "save")
		rank, skillBonus = max(0, ch.TierBonus(tr.Tier)), tr.Bonus
	}
	var own, upgraded int
	if sp.Build == "sum" {
		own = ability + rank
	} else {
		own = max(ability, rank)
		if sp.Pool.Upgrade >= 0 {
			upgraded = min(ability, rank)
		}
	}
	own = min(own, sp.Pool.Max)
	upgraded = min(upgraded, own)
	spent := 0
	if len(c.Res.Spend) > 0 {
		spent = c.SpendDice(own)
	} else if c.Tag.Has("spend") {
		c.ignore("spend")
	}
	own = min(own+spent, sp.Pool.Max)
	ownUpgrades := 0
	if n, ok := c.Int("upgradeOwn"); ok {
		if !sp.AllowOwnUpgrade || n < 0 {
			c.ignore("upgradeOwn")
		} else {
			for ; ownUpgrades < n; ownUpgrades++ {
				if upgraded < own {
					upgraded++
				} else if own < sp.Pool.Max {
					own++
					upgraded++
				} else {
					break
				}
			}
		}
	}

	signedBonus := skillBonus + c.Adjustments() + c.Effects.Flat
	if b, ok := c.Int("bonus"); ok {
		if (b > 0 && sp.Boost == nil) || (b < 0 && sp.Setback == nil) {
			c.ignore("bonus")
		} else {
			signedBonus += b
		}
	}
	boost, setback := 0, 0
	if signedBonus > 0 && sp.Boost != nil {
		boost = min(signedBonus, sp.Boost.Max)
	}
	if signedBonus < 0 && sp.Setback != nil {
		setback = min(-signedBonus, sp.Setback.Max)
	}
	addedSetback := 0
	if n, ok := c.Int("setback"); ok {
		if sp.Setback == nil || n < 0 {
			c.ignore("setback")
		} else {
			shared := setback
			setback = min(shared+n, sp.Setback.Max)
			addedSetback = setback - shared
		}
	}

	dc, haveDC, rung := c.sumDifficulty(sp.Ladder)
	dc = Clamp(dc, 0, sp.Difficulty.Max)
	opposing := 0
	if haveDC {
		opposing = dc
	}
	oppUpgraded := 0
	if n, ok := c.Int("upgrade"); ok {
		if sp.Difficulty.Upgrade < 0 || n < 0 {
			c.ignore("upgrade")
		} else {
			oppUpgraded = min(n, opposing)
		}
	}

	var th symbolThrow
	s := c.Env.Dice
	th.throw(s, sp, sp.Pool.Upgrade, upgraded)
	th.throw(s, sp, sp.Pool.Die, own-upgraded)
	if sp.Boost != nil {
		th.throw(s, sp, sp.Boost.Die, boost)
	}
	th.throw(s, sp, sp.Difficulty.Upgrade, oppUpgraded)
	th.throw(s, sp, sp.Difficulty.Die, opposing-oppUpgraded)
	if sp.Setback != nil {
		th.throw(s, sp, sp.Setback.Die, setback)
	}

	c.Rec.AddInt("dice", th.n)
	th.addThrown(&c.Rec, sp)
	if ownUpgrades > 0 {
		c.Rec.AddInt("upgradeOwn", ownUpgrades)
	}
	if addedSetback > 0 {
		c.Rec.AddInt("setback", addedSetback)
	}
	c.addEffects(c.Effects.Flat)
	if rung != "" {
		c.Rec.Add("difficulty", rung)
	}
	if haveDC {
		c.Rec.AddInt("dc", dc)
	}
	net := th.addSymbols(&c.Rec, sp)
	success := net >= sp.Needed
	o := c.Res.Outcomes
	if o == nil {
		c.addOutcome(nil, -1, success, NoCritical, true)
		return
	}
	n := net
	if o.By == "margin" {
		n = net - sp.Needed + 1
	}
	c.addOutcome(o, PickBand(o, n, NoCritical, 0), success, NoCritical, true)
}

// maxSymbolThrow bounds one throw: a check throws at most pool.max (12)
// + boost.max (6) + difficulty.max (12) + setback.max (6) dice; roll_dice
// at most MaxRollDice.
const maxSymbolThrow = 50

// symbolThrow is one throw of named symbol dice.
type symbolThrow struct {
	n     int
	die   [maxSymbolThrow]int8 // index into SymbolPool.Dice
	face  [maxSymbolThrow]int8 // face number, from 1
	raw   [10]int              // each symbol as shown on the faces
	total [10]int              // after counts and cancellation
}

// throw draws n dice of one die, one Roll each.
func (t *symbolThrow) throw(s dice.Stream, sp *ruleset.SymbolPool, die, n int) {
	if die < 0 {
		return
	}
	faces := sp.Dice[die].Faces
	for i := 0; i < n && t.n < maxSymbolThrow; i++ {
		f := s.Roll(len(faces))
		t.die[t.n], t.face[t.n] = int8(die), int8(f)
		t.n++
		for _, sym := range faces[f-1] {
			t.raw[sym]++
		}
	}
}

// count adds each counts symbol's extra before cancelling the pairs one
// for one, and returns the net successes: the success symbol left over,
// or minus its partner's when the partner won.
func (t *symbolThrow) count(sp *ruleset.SymbolPool) int {
	t.total = t.raw
	for i, sym := range sp.Symbols {
		if sym.CountsIdx >= 0 {
			t.total[sym.CountsIdx] += t.raw[i]
		}
	}
	for i, sym := range sp.Symbols {
		if j := sym.Partner; j > i {
			m := min(t.total[i], t.total[j])
			t.total[i] -= m
			t.total[j] -= m
		}
	}
	net := t.total[sp.Success]
	if p := sp.Symbols[sp.Success].Partner; p >= 0 {
		net -= t.total[p]
	}
	return net
}

// addThrown writes thrown= (die ids) and rolls= (faces from 1).
func (t *symbolThrow) addThrown(r *record.Record, sp *ruleset.SymbolPool) {
	var tb [256]byte
	var rb [128]byte
	thrown, rolls := tb[:0], rb[:0]
	for i := 0; i < t.n; i++ {
		if i > 0 {
			thrown = append(thrown, ',')
			rolls = append(rolls, ',')
		}
		thrown = append(thrown, sp.Dice[t.die[i]].ID...)
		rolls = strconv.AppendInt(rolls, int64(t.face[i]), 10)
	}
	r.Add("thrown", string(thrown))
	r.Add("rolls", string(rolls))
}

// addSymbols counts the throw and writes symbols=, summary=,
// symbolDetails= and total= (the net successes), returning the net.
func (t *symbolThrow) addSymbols(r *record.Record, sp *ruleset.SymbolPool) int {
	net := t.count(sp)
	var sb, lb [128]byte
	short, long := sb[:0], lb[:0]
	for i, sym := range sp.Symbols {
		n := t.total[i]
		if n <= 0 {
			continue
		}
		if len(short) > 0 {
			short = append(short, ' ')
			long = append(long, ", "...)
		}
		short = strconv.AppendInt(short, int64(n), 10)
		short = append(short, sym.ID...)
		long = strconv.AppendInt(long, int64(n), 10)
		long = append(long, ' ')
		long = append(long, sym.Label...)
	}
	r.Add("symbols", string(short))
	if len(long) == 0 {
		r.Add("summary", "blank: no symbols left")
	} else {
		r.Add("summary", string(long))
	}
	r.Add("symbolDetails", t.details(sp))
	r.AddInt("total", net)
	return net
}

// details encodes each thrown die's label and its face's symbols (by
// label), in throw order, then both critical markers with how many times
// their symbol showed on the faces (see docs/kinds.md):
//
//	Proficiency:Triumph|Ability:Success+Advantage|Ability:;criticalSuccess:Triumph=1;criticalFailure:Despair=0
//
// Labels are escaped with ruleset.DetailEscape.
func (t *symbolThrow) details(sp *ruleset.SymbolPool) string {
	var buf [640]byte
	b := buf[:0]
	for i := 0; i < t.n; i++ {
		if i > 0 {
			b = append(b, '|')
		}
		d := &sp.Dice[t.die[i]]
		b = append(b, d.EncLabel...)
		b = append(b, ':')
		for k, sym := range d.Faces[t.face[i]-1] {
			if k > 0 {
				b = append(b, '+')
			}
			b = append(b, sp.Symbols[sym].EncLabel...)
		}
	}
	marker := func(key string, sym int) {
		if sym < 0 {
			return
		}
		b = append(b, ';')
		b = append(b, key...)
		b = append(b, ':')
		b = append(b, sp.Symbols[sym].EncLabel...)
		b = append(b, '=')
		b = strconv.AppendInt(b, int64(t.raw[sym]), 10)
	}
	marker("criticalSuccess", sp.CriticalSuccess)
	marker("criticalFailure", sp.CriticalFailure)
	return string(b)
}
