package check

import (
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// MaxRerolls caps the reroll throws of one check, whatever the file says:
// an "until" reroll stops after a hundred rerolls, and no charm or spend
// can make a check reroll more dice than that.
const MaxRerolls = 100

// poolTagKeys are the tag attributes a pool check reads. Any other
// attribute (a result the model wrote, rolls=, successes=) is ignored and
// listed in ignored=: the Engine always rolls.
var poolTagKeys = []string{"skill", "save", "ability", "who", "with", "dc", "difficulty", "threshold",
	"bonus", "explode", "double", "reroll", "spend", "use"}

// resolveDicePool rolls a dice-pool check.
//
// Draw order: the starting pool's dice, one after the other; then the one
// reroll the check rolls (named with reroll=, bought by a spend or by a
// charm: the one reaching the most faces, "until" winning ties), which
// takes the starting dice in order and throws each die at or below its
// upTo again, once, or until it shows higher (at most MaxRerolls throws
// in all); then the explosions, scanning the dice in order (the starting
// dice as the rerolls left them, then each extra die as it is added), one
// extra die for each face at or above the explode face, until pool.max
// extra dice have been thrown. Extra dice are never rerolled. Nothing
// else is drawn: effect dice mean nothing to a pool (an effect's flat
// number is dice), and a save that an effect fails, or an empty pool,
// draws nothing at all.
//
// Counting: a counted face (the starting dice after the reroll, then the
// extra dice) succeeds at or above the target, or on a stance check
// strictly below or above it; a face exactly on the target is an exact
// die, a success unless exact.counts is false. A success at or above the
// double face counts twice. Each face at or below cancel.upTo removes one
// success, never below zero; bought successes are added after that.
// Stance checks leave out explode, double, cancel and botch.
func resolveDicePool(c *Check) {
	dp := c.Res.DicePool
	c.ignoreUnread()
	if c.Tag.Has("mode") {
		c.ignore("mode") // a pool has no advantage
	}
	c.Rec.Add("resolution", "pool")
	c.Rec.AddInt("sides", dp.Sides)

	second := 0
	if c.Target.Type == "ability" && c.Target.With != "" {
		if dp.AbilityPlusAbility {
			second = c.Env.Char.AbilityMod(c.Target.With)
		} else {
			// Without abilityPlusAbility, with= means nothing on an
			// ability check, and the record shows with= only when used.
			c.Rec.Delete("with")
			c.ignore("with")
			c.Target.With, c.Target.WithLabel = "", ""
		}
	}
	var stance *ruleset.Stance
	if c.Target.Type == "skill" {
		stance = dp.StanceFor(c.Target.ID)
	}
	needed, rungTarget, rungLabel := c.poolDifficulty(dp)

	if c.Target.Type == "save" && c.Effects.FailsSave {
		c.Rec.Add("automatic", "true")
		c.Rec.Add("from", joinFrom(c.Effects.From))
		if rungLabel != "" {
			c.Rec.Add("difficulty", rungLabel)
		}
		c.Rec.AddInt("dc", needed)
		c.addOutcomeForAutoFail(c.Res.Outcomes)
		return
	}

	offers := c.spendOffers()
	charm, offers := c.charmPlan(offers)
	unpaid := ""
	if charm != nil && charm.n == 0 {
		unpaid, charm = charm.unpaid, nil
	}
	var buys spendBuys
	if len(offers) > 0 {
		var pending []payment
		if charm != nil {
			// The charm's price comes out of the same pools first, so a
			// spend cannot be planned on points the charm will take.
			pending = charm.pay
		}
		buys = c.spendPlan(offers, c.poolBase(second), true, pending...)
	}
	if buys.unpaid != "" {
		if unpaid != "" {
			unpaid += ","
		}
		unpaid += buys.unpaid
	}

	target := c.poolTarget(dp, rungTarget, charm)
	explodeAt, explodeMoved := c.poolFace("explode", dp.Explode, dp.Sides, stance, charm)
	doubleAt, doubleMoved := c.poolFace("double", dp.Double, dp.Sides, stance, charm)

	bonus, hasBonus := 0, false
	if n, ok := c.Int("bonus"); ok {
		if dp.Situational == nil {
			c.ignore("bonus")
		} else {
			bonus, hasBonus = Clamp(n, dp.Situational.Min, dp.Situational.Max), true
		}
	} else if c.Tag.Has("bonus") && dp.Situational == nil {
		c.ignore("bonus")
	}
	boughtDice, boughtSuccesses := buys.dice, buys.successes
	if charm != nil {
		boughtDice += charm.n * charm.c.Dice
		boughtSuccesses += charm.n * charm.c.Successes
	}
	before := c.SheetNumber() + second + c.Effects.Flat + bonus
	n := Clamp(before+boughtDice, dp.PoolMin, dp.PoolMax)
	added := n - Clamp(before, dp.PoolMin, dp.PoolMax)
	if added < 0 {
		added = 0
	}

	c.Rec.AddInt("dice", n)
	if hasBonus {
		c.Rec.Add("bonus", signedDice(bonus))
	}
	c.addEffects(c.Effects.Flat)
	if n == 0 {
		// An empty pool fails without a roll; nothing is bought or paid.
		c.Rec.AddInt("target", target)
		if target != dp.Target.Default || dp.Target.From != nil {
			c.Rec.AddInt("threshold", target)
		}
		c.Rec.AddInt("successes", 0)
		if rungLabel != "" {
			c.Rec.Add("difficulty", rungLabel)
		}
		c.Rec.AddInt("dc", needed)
		c.addOutcomeForAutoFail(c.Res.Outcomes)
		return
	}
	if added > 0 {
		c.Rec.AddInt("boughtDice", added)
	}
	// Pay in the same step that rolls: the dice are thrown right after.
	paid := c.payCharm(charm)
	paid = c.payBuys(buys, paid)
	if charm != nil {
		c.Rec.Add("use", charm.label)
	}
	if paid != "" {
		c.Rec.Add("paid", paid)
	}
	if unpaid != "" {
		c.Rec.Add("unpaid", unpaid)
	}

	rr, named := c.pickReroll(dp, buys.reroll, charm)
	maxExtra := 0
	if explodeAt > 0 {
		maxExtra = dp.PoolMax
	}
	th := throwPool(c.Env.Dice, dp.Sides, n, rr, explodeAt, maxExtra)
	c.Rec.Add("rolls", intList(th.rolls))
	if th.rerolled > 0 {
		c.Rec.Add("faces", intList(th.faces))
		if named != "" {
			c.Rec.Add("reroll", named)
		}
		c.Rec.AddInt("rerolled", th.rerolled)
	}
	if th.exploded > 0 {
		c.Rec.AddInt("exploded", th.exploded)
	}
	c.Rec.AddInt("target", target)
	if target != dp.Target.Default || dp.Target.From != nil {
		c.Rec.AddInt("threshold", target)
	}
	if stance != nil {
		c.Rec.Add("stance", stance.Label)
	}
	if explodeMoved {
		c.Rec.AddInt("explode", explodeAt)
	}
	if doubleMoved {
		c.Rec.AddInt("double", doubleAt)
	}

	cnt := countPool(dp, th.faces, n, target, doubleAt, stance)
	net := cnt.gross - cnt.cancels
	if net < 0 {
		net = 0
	}
	cancelled := cnt.gross - net
	net += boughtSuccesses
	c.Rec.AddInt("successes", net)
	if cancelled > 0 {
		c.Rec.AddInt("cancelled", cancelled)
	}
	if boughtSuccesses > 0 {
		c.Rec.AddInt("bought", boughtSuccesses)
	}
	if cnt.exact > 0 {
		c.Rec.AddInt("exact", cnt.exact)
	}
	if rungLabel != "" {
		c.Rec.Add("difficulty", rungLabel)
	}
	c.Rec.AddInt("dc", needed)

	crit, complication := NoCritical, false
	if b := dp.Botch; b != nil && stance == nil {
		noSuccess := cnt.diceSucceeded == 0 && boughtSuccesses == 0
		switch b.Rule {
		case "halfOrMore":
			if 2*cnt.lowStart >= n {
				if noSuccess {
					crit = CriticalFailure
				} else {
					complication = true
				}
			}
		default:
			if noSuccess && cnt.low > 0 {
				crit = CriticalFailure
			}
		}
	}
	success := net >= needed && crit != CriticalFailure
	o := c.Res.Outcomes
	if o == nil {
		if crit == NoCritical && success && dp.Exceptional > 0 && net >= dp.Exceptional {
			crit = CriticalSuccess
		}
		c.addOutcome(nil, -1, success, crit, true)
	} else {
		// Bands say what a critical success is: exceptional is set aside.
		m := net
		if o.By == "margin" {
			m = net - needed
		}
		c.addOutcome(o, PickBand(o, m, crit, 0), success, crit, true)
	}
	if complication {
		c.Rec.Add("complication", "true")
	}
}

// ignoreUnread lists in ignored= every tag attribute a pool check does not
// read, so a result written by the model is visibly replaced.
func (c *Check) ignoreUnread() {
	for _, a := range c.Tag.Attrs {
		switch a.Key { // the usual spelling, without folding case
		case "skill", "save", "ability", "who", "with", "dc", "difficulty", "threshold",
			"bonus", "explode", "double", "reroll", "spend", "use", "mode":
			continue
		}
		known := strings.EqualFold(a.Key, "mode")
		for _, k := range poolTagKeys {
			if strings.EqualFold(a.Key, k) {
				known = true
				break
			}
		}
		if !known {
			c.ignore(a.Key)
		}
	}
}

// poolBase is the sheet number before wounds, bonus dice or modifiers:
// what perCheck "pool" reads.
func (c *Check) poolBase(second int) int {
	ch := c.Env.Char
	n := ch.AbilityMod(c.Target.Ability) + second
	if c.Target.Type != "ability" {
		tr := ch.Training(c.Target.ID, c.Target.Type == "save")
		n += ch.TierBonus(tr.Tier) + tr.Bonus
	}
	return n
}

// poolDifficulty reads dc= and difficulty=: the successes needed (1 when
// neither is given), the target of the rung the check is at (0 for
// none) and the label of a rung named with difficulty=. A dc= wins for
// the number; a dc= alone is at a rung only when exactly one rung asks
// for that many successes.
func (c *Check) poolDifficulty(dp *ruleset.DicePool) (needed, rungTarget int, label string) {
	needed = 1
	named := false
	if name, has := c.Tag.Get("difficulty"); has {
		if r, found := ruleset.FindRung(dp.Ladder, name); found {
			needed, rungTarget, label, named = r.Successes, r.Target, r.Label, true
		} else {
			c.ignore("difficulty")
		}
	}
	if n, has := c.Int("dc"); has {
		needed = Clamp(n, 1, dp.MaxCount())
		if !named {
			var at *ruleset.Rung
			for i := range dp.Ladder {
				if dp.Ladder[i].Successes == needed {
					if at != nil {
						at = nil // several rungs: dc= alone cannot say which
						break
					}
					at = &dp.Ladder[i]
				}
			}
			if at != nil {
				rungTarget = at.Target
			}
		}
	}
	return needed, rungTarget, label
}

// poolTarget is the per-die target: a charm's threshold wins, then the
// character's own number (target.from), then threshold=, then the rung's
// target, then the default; each kept within target.min..max.
func (c *Check) poolTarget(dp *ruleset.DicePool, rungTarget int, charm *appliedCharm) int {
	t := dp.Target
	tagN, hasTag := c.Int("threshold")
	if (t.From != nil || !t.Adjustable()) && c.Tag.Has("threshold") {
		// Not offered: the target is fixed, or it is the character's own.
		c.ignore("threshold")
		hasTag = false
	}
	switch {
	case charm != nil && charm.c.Threshold != 0 && t.Adjustable():
		return Clamp(charm.c.Threshold, t.Min, t.Max)
	case t.From != nil:
		return Clamp(floor(c.Env.Char.Value(*t.From)), t.Min, t.Max)
	case hasTag:
		return Clamp(tagN, t.Min, t.Max)
	case rungTarget != 0 && t.Adjustable():
		return Clamp(rungTarget, t.Min, t.Max)
	}
	return t.Default
}

// poolFace is the face at which explode (or double) triggers on this
// check, 0 for never, and whether the check moved it. explode= and
// double= are offered only when the rule has a min; a charm's face wins
// over the tag's; neither goes below the min.
func (c *Check) poolFace(key string, rule *ruleset.FaceRule, sides int, stance *ruleset.Stance, charm *appliedCharm) (int, bool) {
	n, has := c.Int(key)
	if rule == nil || rule.Min == 0 || stance != nil {
		if has || c.Tag.Has(key) {
			c.ignore(key)
		}
		if rule == nil || stance != nil {
			return 0, false
		}
		return rule.From, false
	}
	face := rule.From
	if has {
		face = Clamp(n, rule.Min, sides)
	}
	if charm != nil {
		cf := charm.c.Explode
		if key == "double" {
			cf = charm.c.Double
		}
		if cf != 0 {
			face = Clamp(cf, rule.Min, sides)
		}
	}
	return face, face != rule.From
}

// pickReroll chooses the one reroll a check rolls among the one named
// with reroll=, the one a spend bought and the one a charm bought: the
// one reaching the most faces, "until" winning over "once" at the same
// faces, the named one first among equals. named is the reroll= id when
// that is the one rolled.
func (c *Check) pickReroll(dp *ruleset.DicePool, bought *ruleset.Reroll, charm *appliedCharm) (rr *ruleset.Reroll, named string) {
	if name, has := c.Tag.Get("reroll"); has {
		for i := range dp.Rerolls {
			if strings.EqualFold(dp.Rerolls[i].ID, name) {
				rr = &dp.Rerolls[i]
				named = rr.ID
				break
			}
		}
		if rr == nil {
			c.ignore("reroll")
		}
	}
	better := func(x *ruleset.Reroll) {
		if x == nil {
			return
		}
		if rr == nil || x.UpTo > rr.UpTo || (x.UpTo == rr.UpTo && x.Mode == "until" && rr.Mode != "until") {
			rr, named = x, ""
		}
	}
	better(bought)
	if charm != nil {
		better(charm.c.Reroll)
	}
	return rr, named
}

// poolThrow is what a pool's dice showed.
type poolThrow struct {
	rolls    []int // every face thrown, in the order thrown
	faces    []int // the counted faces: starting dice after the reroll, then extra dice
	rerolled int   // starting dice the reroll threw again
	exploded int   // extra dice thrown by explosions
}

// throwPool draws a pool in the order resolveDicePool documents. explodeAt
// 0 means no explosion; maxExtra caps the extra dice.
func throwPool(s dice.Stream, sides, n int, rr *ruleset.Reroll, explodeAt, maxExtra int) poolThrow {
	var th poolThrow
	th.rolls = make([]int, n, n+maxExtra/2+4)
	for i := range th.rolls {
		th.rolls[i] = s.Roll(sides)
	}
	th.faces = th.rolls
	if rr != nil {
		var cur []int
		throws := 0
		for i := 0; i < n && throws < MaxRerolls; i++ {
			if th.rolls[i] > rr.UpTo {
				continue
			}
			if cur == nil {
				cur = make([]int, n, n+maxExtra)
				copy(cur, th.rolls[:n])
			}
			th.rerolled++
			for throws < MaxRerolls {
				f := s.Roll(sides)
				th.rolls = append(th.rolls, f)
				throws++
				cur[i] = f
				if rr.Mode != "until" || f > rr.UpTo {
					break
				}
			}
		}
		if cur != nil {
			th.faces = cur
		}
	}
	if explodeAt <= 0 {
		return th
	}
	separate := th.rerolled > 0
	for j := 0; j < len(th.faces) && th.exploded < maxExtra; j++ {
		if th.faces[j] < explodeAt {
			continue
		}
		f := s.Roll(sides)
		th.exploded++
		if separate {
			th.faces = append(th.faces, f)
		}
		th.rolls = append(th.rolls, f)
		if !separate {
			th.faces = th.rolls
		}
	}
	return th
}

// poolCount is what the counted faces say.
type poolCount struct {
	gross         int // successes before cancelling (doubles counted twice)
	diceSucceeded int // dice that succeeded
	cancels       int // faces at or below cancel.upTo
	low           int // faces at or below botch.upTo
	lowStart      int // of those, among the starting dice
	exact         int // dice exactly on the target
}

func countPool(dp *ruleset.DicePool, faces []int, start, target, doubleAt int, stance *ruleset.Stance) poolCount {
	var pc poolCount
	cancelUpTo, botchUpTo := 0, 0
	if stance == nil {
		if dp.Cancel != nil {
			cancelUpTo = dp.Cancel.UpTo
		}
		if dp.Botch != nil {
			botchUpTo = dp.Botch.UpTo
		}
	}
	for i, f := range faces {
		var ok bool
		switch {
		case stance == nil:
			ok = f >= target
		case stance.Count == "below":
			ok = f < target
		default:
			ok = f > target
		}
		if f == target && dp.Exact != nil {
			pc.exact++
			ok = dp.Exact.Counts
		}
		if ok {
			pc.diceSucceeded++
			pc.gross++
			if doubleAt > 0 && f >= doubleAt {
				pc.gross++
			}
		}
		if f <= cancelUpTo {
			pc.cancels++
		}
		if f <= botchUpTo {
			pc.low++
			if i < start {
				pc.lowStart++
			}
		}
	}
	return pc
}

// intList writes faces as "8,3,10" in one allocation: a pool check's
// hot path (record.AddInts grows its buffer as it goes).
func intList(vs []int) string {
	var b strings.Builder
	b.Grow(3 * len(vs))
	var buf [20]byte
	for i, v := range vs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(strconv.AppendInt(buf[:0], int64(v), 10))
	}
	return b.String()
}

// signedTable holds "+N" and "-N" for every number of situational dice,
// so writing bonus= allocates nothing.
var signedTable = func() []string {
	t := make([]string, 2*ruleset.MaxPoolDice+1)
	for n := -ruleset.MaxPoolDice; n <= ruleset.MaxPoolDice; n++ {
		t[n+ruleset.MaxPoolDice] = signed(n)
	}
	return t
}()

func signedDice(n int) string {
	if n < -ruleset.MaxPoolDice || n > ruleset.MaxPoolDice {
		return signed(n)
	}
	return signedTable[n+ruleset.MaxPoolDice]
}
