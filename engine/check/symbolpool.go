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
	c.Rec.Attrs = slices.Grow(c.Rec.Attrs, 14) // room for the whole record (a no-op when record.New made it)
	c.Rec.Add("resolution", "sum")
	c.ignoreGiven(keyMode)
	if c.failsWithoutRoll("", 0, false) {
		return
	}
	sc := c.setupSymbols()
	sc.throw()
	sc.addThrow()
	sc.th.addSymbols(&c.Rec, c.texts(), sc.sp)
	c.writeVerdict(symbolDecide(sc.sp, c.Res.Outcomes, &sc.th.raw))
}

// setupSymbols sizes every part of a symbol pool, for the roller and Odds
// alike.
func (c *Check) setupSymbols() *symbolCheck {
	sc := kindState(c, func(s *scratch) *symbolCheck { return &s.symbols })
	*sc = symbolCheck{c: c, sp: c.Res.SymbolPool}
	skillBonus := sc.ownDice()
	sc.boostAndSetback(skillBonus)
	sc.opposingDice()
	return sc
}

// symbolDecide is what a throw's symbols (each as shown on the faces)
// decide, for the roller and Odds alike: the net successes against
// success.needed and the bands, and whether the critical symbols showed.
func symbolDecide(sp *ruleset.SymbolPool, o *ruleset.Outcomes, raw *[10]int) Verdict {
	t := symbolThrow{raw: *raw}
	net := t.count(sp)
	v := bandVerdict(o, net, net-sp.Needed+1, net >= sp.Needed, NoCritical)
	v.Triumph = sp.CriticalSuccess >= 0 && raw[sp.CriticalSuccess] > 0
	v.Despair = sp.CriticalFailure >= 0 && raw[sp.CriticalFailure] > 0
	return v
}

// symbolReducer makes symbol counts that decide exactly as the raw ones
// do, so that Odds can merge throws: symbolDecide reads the success
// symbol and its partner (after counts, so the symbols counting as
// either), and whether the critical symbols showed; every other symbol is
// dropped, and success and its partner shown on the faces cancel one for
// one, which leaves the net unchanged. A test holds symbolDecide to it
// (TestSymbolReduceDecidesAlike); keep the two in step.
type symbolReducer struct {
	keep             [10]bool
	success, partner int
}

func newSymbolReducer(sp *ruleset.SymbolPool) symbolReducer {
	r := symbolReducer{success: sp.Success, partner: sp.Symbols[sp.Success].Partner}
	for i, sym := range sp.Symbols {
		r.keep[i] = i == r.success || (r.partner >= 0 && i == r.partner) ||
			(sym.CountsIdx >= 0 && (sym.CountsIdx == r.success || sym.CountsIdx == r.partner)) ||
			i == sp.CriticalSuccess || i == sp.CriticalFailure
	}
	return r
}

func (r symbolReducer) reduce(raw [10]int) [10]int {
	for i := range raw {
		if !r.keep[i] {
			raw[i] = 0
		}
	}
	if r.partner >= 0 {
		m := min(raw[r.success], raw[r.partner])
		raw[r.success] -= m
		raw[r.partner] -= m
	}
	return raw
}

// symbolGroup is n dice of one die (an index into SymbolPool.Dice, -1
// for none).
type symbolGroup struct{ die, n int }

// groups are the dice a check throws, in the draw order resolveSymbolPool
// gives.
func (sc *symbolCheck) groups() []symbolGroup {
	sp := sc.sp
	g := append(sc.groupsArr[:0], symbolGroup{sp.Pool.Upgrade, sc.upgraded}, symbolGroup{sp.Pool.Die, sc.own - sc.upgraded})
	if sp.Boost != nil {
		g = append(g, symbolGroup{sp.Boost.Die, sc.boost})
	}
	g = append(g, symbolGroup{sp.Difficulty.Upgrade, sc.oppUpgraded}, symbolGroup{sp.Difficulty.Die, sc.opposing - sc.oppUpgraded})
	if sp.Setback != nil {
		g = append(g, symbolGroup{sp.Setback.Die, sc.setback})
	}
	return g
}

// symbolCheck is one symbol-pool check between its phases: how many dice
// of each part of the pool it throws, what the tag added, and the throw.
type symbolCheck struct {
	c  *Check
	sp *ruleset.SymbolPool

	own, upgraded         int // the character's dice; upgraded ones among them
	ownUpgrades           int // upgrades upgradeOwn= made
	boost, setback        int
	addedSetback          int // setback dice setback= added
	dc                    int
	haveDC                bool
	rung                  string
	opposing, oppUpgraded int // opposing dice; upgraded ones among them
	th                    symbolThrow
	groupsArr             [6]symbolGroup // storage for groups
}

// ownDice sizes the character's dice from the ability and the rank, then
// adds spent dice and upgradeOwn= upgrades. It returns the per-skill
// bonus, which boost and setback dice read.
func (sc *symbolCheck) ownDice() (skillBonus int) {
	c := sc.c
	ch := c.Env.Char
	ability := max(0, ch.AbilityMod(c.Target.Ability))
	rank := 0
	if c.Target.Type != "ability" {
		tr := ch.Training(c.Target.ID, c.Target.Type == "save")
		rank, skillBonus = max(0, ch.TierBonus(tr.Tier)), tr.Bonus
	}
	sc.build(ability, rank)
	spent := c.spentDice(sc.own)
	sc.own = min(sc.own+spent, sc.sp.Pool.Max)
	sc.upgradeOwn()
	return skillBonus
}

// build reads pool.build: "larger-upgraded" throws the larger of ability
// and rank, upgrading as many as the smaller when pool.upgrade is
// declared; "sum" throws the two added, none upgraded. Either is kept
// within pool.max.
func (sc *symbolCheck) build(ability, rank int) {
	sp := sc.sp
	if sp.Build == "sum" {
		sc.own = ability + rank
	} else {
		sc.own = max(ability, rank)
		if sp.Pool.Upgrade >= 0 {
			sc.upgraded = min(ability, rank)
		}
	}
	sc.own = min(sc.own, sp.Pool.Max)
	sc.upgraded = min(sc.upgraded, sc.own)
}

// upgradeOwn applies upgradeOwn= (when allowOwnUpgrade offers it): each
// upgrade upgrades one of the character's dice, or adds an upgraded die
// once all are upgraded, until pool.max is reached.
func (sc *symbolCheck) upgradeOwn() {
	n, ok := sc.c.offeredCount(keyUpgradeOwn, sc.sp.AllowOwnUpgrade)
	if !ok {
		return
	}
	for ; sc.ownUpgrades < n; sc.ownUpgrades++ {
		if sc.upgraded < sc.own {
			sc.upgraded++
		} else if sc.own < sc.sp.Pool.Max {
			sc.own++
			sc.upgraded++
		} else {
			break
		}
	}
}

// boostAndSetback turns the per-skill bonus, adjustments, effects and
// bonus= into one signed number: above zero boost dice, below zero
// setback dice, each within its max; then setback= adds setback dice
// within the same setback.max.
func (sc *symbolCheck) boostAndSetback(skillBonus int) {
	c, sp := sc.c, sc.sp
	signedBonus := skillBonus + c.Adjustments() + c.Effects.Flat
	if b, ok := c.intK(keyBonus); ok {
		if (b > 0 && sp.Boost == nil) || (b < 0 && sp.Setback == nil) {
			c.ignore("bonus")
		} else {
			signedBonus += b
		}
	}
	if signedBonus > 0 && sp.Boost != nil {
		sc.boost = min(signedBonus, sp.Boost.Max)
	}
	if signedBonus < 0 && sp.Setback != nil {
		sc.setback = min(-signedBonus, sp.Setback.Max)
	}
	// setback= on its own is Capability API 1.150: a ruleset that declares
	// less is offered only the signed bonus= (checks.md symbol-pool).
	// (AtLeast reads two version strings: only when the tag gives setback=.)
	if n, ok := c.offeredCount(keySetback, sp.Setback != nil && c.has(keySetback) && c.Env.RS.AtLeast("1.150")); ok {
		shared := sc.setback
		sc.setback = min(shared+n, sp.Setback.Max)
		sc.addedSetback = sc.setback - shared
	}
}

// opposingDice reads dc= (or a rung), the number of opposing dice within
// difficulty.max, and upgrade=, how many of them are upgraded.
func (sc *symbolCheck) opposingDice() {
	c, sp := sc.c, sc.sp
	dc, haveDC, rung := c.sumDifficulty(sp.Ladder)
	sc.dc, sc.haveDC, sc.rung = Clamp(dc, 0, sp.Difficulty.Max), haveDC, rung
	if sc.haveDC {
		sc.opposing = sc.dc
	}
	if n, ok := c.offeredCount(keyUpgrade, sp.Difficulty.Upgrade >= 0); ok {
		sc.oppUpgraded = min(n, sc.opposing)
	}
}

// throw draws the dice in the order resolveSymbolPool gives.
func (sc *symbolCheck) throw() {
	for _, g := range sc.groups() {
		sc.th.throw(sc.c.Env.Dice, sc.sp, g.die, g.n)
	}
}

// addThrow writes what was thrown, what the tag added, the effects and
// the difficulty.
func (sc *symbolCheck) addThrow() {
	c := sc.c
	c.addInt("dice", sc.th.n)
	sc.th.addThrown(&c.Rec, c.texts(), sc.sp)
	if sc.ownUpgrades > 0 {
		c.addInt("upgradeOwn", sc.ownUpgrades)
	}
	if sc.addedSetback > 0 {
		c.addInt("setback", sc.addedSetback)
	}
	c.addEffects(c.Effects.Flat)
	c.addDifficulty(sc.rung, sc.dc, sc.haveDC)
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

// addThrown writes thrown= (die ids) and rolls= (faces from 1) into r,
// the texts in x (see texts).
func (t *symbolThrow) addThrown(r *record.Record, x *texts, sp *ruleset.SymbolPool) {
	b := x.bytes()
	start := len(b)
	for i := 0; i < t.n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, sp.Dice[t.die[i]].ID...)
	}
	x.put(r, "thrown", b, start)
	b = x.bytes()
	start = len(b)
	for i := 0; i < t.n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(t.face[i]), 10)
	}
	x.put(r, "rolls", b, start)
}

// addSymbols counts the throw and writes symbols=, summary=,
// symbolDetails= and total= (the net successes), returning the net.
func (t *symbolThrow) addSymbols(r *record.Record, x *texts, sp *ruleset.SymbolPool) int {
	net := t.count(sp)
	b := x.bytes()
	start := len(b)
	for i, sym := range sp.Symbols {
		if n := t.total[i]; n > 0 {
			if len(b) > start {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(n), 10)
			b = append(b, sym.ID...)
		}
	}
	x.put(r, "symbols", b, start)
	b = x.bytes()
	start = len(b)
	for i, sym := range sp.Symbols {
		if n := t.total[i]; n > 0 {
			if len(b) > start {
				b = append(b, ", "...)
			}
			b = strconv.AppendInt(b, int64(n), 10)
			b = append(b, ' ')
			b = append(b, sym.Label...)
		}
	}
	if len(b) == start {
		r.Add("summary", "blank: no symbols left")
	} else {
		x.put(r, "summary", b, start)
	}
	b = x.bytes()
	start = len(b)
	x.put(r, "symbolDetails", t.appendDetails(b, sp), start)
	if net >= 0 && net < 100 {
		r.AddInt("total", net)
	} else {
		b = x.bytes()
		start = len(b)
		x.put(r, "total", strconv.AppendInt(b, int64(net), 10), start)
	}
	return net
}

// appendDetails appends to b, encoded, each thrown die's label and its face's symbols (by
// label), in throw order, then both critical markers with how many times
// their symbol showed on the faces (see docs/kinds.md):
//
//	Proficiency:Triumph|Ability:Success+Advantage|Ability:;criticalSuccess:Triumph=1;criticalFailure:Despair=0
//
// Labels are escaped with ruleset.DetailEscape.
func (t *symbolThrow) appendDetails(b []byte, sp *ruleset.SymbolPool) []byte {
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
	b = t.appendMarker(b, sp, "criticalSuccess", sp.CriticalSuccess)
	return t.appendMarker(b, sp, "criticalFailure", sp.CriticalFailure)
}

// appendMarker appends ";key:Label=n" for a critical symbol (nothing
// when the pool has none): how many times it showed on the faces.
func (t *symbolThrow) appendMarker(b []byte, sp *ruleset.SymbolPool, key string, sym int) []byte {
	if sym < 0 {
		return b
	}
	b = append(b, ';')
	b = append(b, key...)
	b = append(b, ':')
	b = append(b, sp.Symbols[sym].EncLabel...)
	b = append(b, '=')
	return strconv.AppendInt(b, int64(t.raw[sym]), 10)
}
