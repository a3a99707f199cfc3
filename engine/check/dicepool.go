package check

import (
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// MaxRerolls caps the reroll throws of one check, whatever the file says:
// an "until" reroll stops after a hundred rerolls, and no charm or spend
// can make a check reroll more dice than that.
const MaxRerolls = 100

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
	c.ignoreGiven(keyMode) // a pool has no advantage
	c.Rec.Add("resolution", "pool")
	c.addInt("sides", dp.Sides)

	pc, rolls := c.setupPool(dp)
	if !rolls {
		return
	}
	pc.pay()
	faces := pc.throw()
	cnt := pc.count(faces)
	pc.verdict(&cnt)
}

// setupPool reads everything a pool check settles before paying and
// throwing, for the roller and Odds alike. rolls is false when the check
// was answered without a roll (a save an effect fails, an empty pool).
func (c *Check) setupPool(dp *ruleset.DicePool) (pc *poolCheck, rolls bool) {
	pc = kindState(c, func(s *scratch) *poolCheck { return &s.pool })
	*pc = poolCheck{c: c, dp: dp, second: c.secondAbility(dp)}
	if c.Target.Type == "skill" {
		pc.stance = dp.StanceFor(c.Target.ID)
	}
	pc.needed, pc.rungTarget, pc.rungLabel = c.poolDifficulty(dp)
	if c.failsWithoutRoll(pc.rungLabel, pc.needed, true) {
		return pc, false
	}
	pc.planPurchases()
	pc.readFaces()
	pc.size()
	if pc.n == 0 {
		pc.emptyPool()
		return pc, false
	}
	return pc, true
}

// poolCheck is one dice-pool check between its phases: what the tag and
// the sheet ask for, what was bought, and the faces the check counts with.
type poolCheck struct {
	c  *Check
	dp *ruleset.DicePool

	second              int // a second ability's dice (abilityPlusAbility)
	stance              *ruleset.Stance
	needed, rungTarget  int
	rungLabel           string
	charm               *appliedCharm
	buys                spendBuys
	unpaid              string
	target              int
	explodeAt, doubleAt int
	explodeMoved        bool
	doubleMoved         bool
	bonus               int
	hasBonus            bool
	n, added            int // dice thrown at the start; dice bought among them
	boughtSuccesses     int
}

// secondAbility is the second ability's dice of an ability check with
// with= on a pool with abilityPlusAbility; without it, with= means nothing
// on an ability check and the record drops it.
func (c *Check) secondAbility(dp *ruleset.DicePool) int {
	if c.Target.Type != "ability" || c.Target.With == "" {
		return 0
	}
	if dp.AbilityPlusAbility {
		return c.Env.Char.AbilityMod(c.Target.With)
	}
	c.Rec.Delete("with")
	c.ignore("with")
	c.Target.With, c.Target.WithLabel = "", ""
	return 0
}

func (pc *poolCheck) addDifficulty() {
	pc.c.addDifficulty(pc.rungLabel, pc.needed, true)
}

// planPurchases works out the charm (use=) and resolution.spend purchases
// of spend=, without paying: the charm's price is planned first, so a
// spend cannot be planned on points the charm will take.
func (pc *poolCheck) planPurchases() {
	c := pc.c
	offers := c.spendOffers()
	charm, offers := c.charmPlan(offers)
	if charm != nil && charm.n == 0 {
		pc.unpaid, charm = charm.unpaid, nil
	}
	pc.charm = charm
	if len(offers) > 0 {
		var pending []payment
		if charm != nil {
			pending = charm.pay
		}
		pc.buys = c.spendPlan(offers, c.poolBase(pc.second), true, pending...)
	}
	if pc.buys.unpaid != "" {
		if pc.unpaid != "" {
			pc.unpaid += ","
		}
		pc.unpaid += pc.buys.unpaid
	}
}

// readFaces settles the target and the explode and double faces: the
// tag's, a rung's, or the charm's, within the ruleset's bounds.
func (pc *poolCheck) readFaces() {
	c, dp := pc.c, pc.dp
	pc.target = c.poolTarget(dp, pc.rungTarget, pc.charm)
	pc.explodeAt, pc.explodeMoved = c.poolFace(keyExplode, dp.Explode, dp.Sides, pc.stance, pc.charm)
	pc.doubleAt, pc.doubleMoved = c.poolFace(keyDouble, dp.Double, dp.Sides, pc.stance, pc.charm)
}

// size is how many dice are thrown at the start: the sheet number, the
// second ability, effects, bonus= within situationalDice and bought
// dice, kept within pool.min..pool.max. It writes dice=, bonus= and the
// effects.
func (pc *poolCheck) size() {
	c, dp := pc.c, pc.dp
	pc.bonus, pc.hasBonus = c.rangedInt(keyBonus, dp.Situational)
	boughtDice := pc.buys.dice
	pc.boughtSuccesses = pc.buys.successes
	if pc.charm != nil {
		boughtDice += pc.charm.n * pc.charm.c.Dice
		pc.boughtSuccesses += pc.charm.n * pc.charm.c.Successes
	}
	before := c.SheetNumber() + pc.second + c.Effects.Flat + pc.bonus
	pc.n = Clamp(before+boughtDice, dp.PoolMin, dp.PoolMax)
	pc.added = pc.n - Clamp(before, dp.PoolMin, dp.PoolMax)
	if pc.added < 0 {
		pc.added = 0
	}
	c.addInt("dice", pc.n)
	if pc.hasBonus {
		c.Rec.Add("bonus", signedDice(pc.bonus))
	}
	c.addEffects(c.Effects.Flat)
}

// emptyPool answers a pool of no dice: it fails without a roll, and
// nothing is bought or paid.
func (pc *poolCheck) emptyPool() {
	c := pc.c
	pc.addTarget()
	c.addInt("successes", 0)
	pc.addDifficulty()
	c.addOutcomeForAutoFail(c.Res.Outcomes)
}

// addTarget writes target= and, when the check moved it or the sheet
// chose it, threshold=.
func (pc *poolCheck) addTarget() {
	pc.c.addInt("target", pc.target)
	if pc.target != pc.dp.Target.Default || pc.dp.Target.From != nil {
		pc.c.addInt("threshold", pc.target)
	}
}

// pay debits the charm and the spends in the same step that rolls (the
// dice are thrown right after) and writes use=, paid= and unpaid=.
func (pc *poolCheck) pay() {
	c := pc.c
	if pc.added > 0 {
		c.addInt("boughtDice", pc.added)
	}
	paid := c.payCharm(pc.charm)
	paid = c.payBuys(pc.buys, paid)
	if pc.charm != nil {
		c.Rec.Add("use", pc.charm.label)
	}
	if paid != "" {
		c.Rec.Add("paid", paid)
	}
	if pc.unpaid != "" {
		c.Rec.Add("unpaid", pc.unpaid)
	}
}

// throw rolls the pool (see resolveDicePool for the order) and writes
// what was thrown and which faces the check moved. It returns the faces
// the check counts: the starting dice as the reroll left them, then the
// extra dice.
func (pc *poolCheck) throw() []int {
	c, dp := pc.c, pc.dp
	rr, named := c.pickReroll(dp, pc.buys.reroll, pc.charm)
	th := throwPool(c.Env.Dice, dp.Sides, pc.n, rr, pc.explodeAt, pc.maxExtra(), c.takeFaces(poolRoom(pc.n, pc.maxExtra())))
	c.addInts("rolls", th.rolls)
	if th.rerolled > 0 {
		c.addInts("faces", th.faces)
		if named != "" {
			c.Rec.Add("reroll", named)
		}
		c.addInt("rerolled", th.rerolled)
	}
	if th.exploded > 0 {
		c.addInt("exploded", th.exploded)
	}
	pc.addTarget()
	if pc.stance != nil {
		c.Rec.Add("stance", pc.stance.Label)
	}
	if pc.explodeMoved {
		c.addInt("explode", pc.explodeAt)
	}
	if pc.doubleMoved {
		c.addInt("double", pc.doubleAt)
	}
	return th.faces
}

// poolRoom is the room a pool's throw asks for: its n dice and, on
// average, more than the explosions and rerolls of most throws.
func poolRoom(n, maxExtra int) int { return n + maxExtra/2 + 4 }

// maxExtra caps the extra dice explosions throw: pool.max.
func (pc *poolCheck) maxExtra() int {
	if pc.explodeAt > 0 {
		return pc.dp.PoolMax
	}
	return 0
}

// count reads the faces: successes, cancels (never below zero), then the
// bought successes, which nobody rolled. It writes the counts and the
// difficulty and returns the counts.
func (pc *poolCheck) count(faces []int) poolCount {
	c := pc.c
	fc := pc.counter()
	cnt := c.countFaces(&fc, faces, pc.n)
	net, cancelled := pc.net(&cnt)
	c.addInt("successes", net)
	if cancelled > 0 {
		c.addInt("cancelled", cancelled)
	}
	if pc.boughtSuccesses > 0 {
		c.addInt("bought", pc.boughtSuccesses)
	}
	if cnt.exact > 0 {
		c.addInt("exact", cnt.exact)
	}
	pc.addDifficulty()
	return cnt
}

// net is the successes the counts come to: successes less cancels
// (never below zero), then the bought successes, which nobody rolled; and
// how many the cancels took.
func (pc *poolCheck) net(cnt *poolCount) (net, cancelled int) {
	net = max(cnt.gross-cnt.cancels, 0)
	return net + pc.boughtSuccesses, cnt.gross - net
}

// verdict writes the verdict of the counts (see decide) and the
// complication after it.
func (pc *poolCheck) verdict(cnt *poolCount) {
	v := pc.decide(cnt)
	pc.c.writeVerdict(v)
	if v.Complication {
		pc.c.Rec.Add("complication", "true")
	}
}

// decide reads the botch, then success, the exceptional critical (set
// aside when bands exist) and the band: what a pool's counts decide, for
// the roller and Odds alike.
func (pc *poolCheck) decide(cnt *poolCount) Verdict {
	dp := pc.dp
	net, _ := pc.net(cnt)
	crit, complication := pc.botch(cnt)
	success := net >= pc.needed && crit != CriticalFailure
	if pc.c.Res.Outcomes == nil && crit == NoCritical && success && dp.Exceptional > 0 && net >= dp.Exceptional {
		crit = CriticalSuccess
	}
	v := bandVerdict(pc.c.Res.Outcomes, net, net-pc.needed, success, crit)
	v.Complication = complication
	return v
}

// reduce is a count that decides exactly as cnt does, and that Odds can
// merge with others: decide reads successes less cancels (net, clamped
// at zero only at the end, so only the difference matters), whether any
// die succeeded, whether any face was low (noSuccesses) or how many
// starting faces were (halfOrMore: up to half the dice), and nothing else. A test holds decide
// to it (TestPoolReduceDecidesAlike); keep the two in step.
func (pc *poolCheck) reduce(cnt poolCount) poolCount {
	diff := cnt.gross - cnt.cancels
	r := poolCount{gross: max(diff, 0), cancels: max(-diff, 0), diceSucceeded: min(cnt.diceSucceeded, 1)}
	if b := pc.dp.Botch; b != nil && pc.stance == nil {
		if b.Rule == "halfOrMore" {
			r.lowStart = min(cnt.lowStart, (pc.n+1)/2) // 2*lowStart >= n is all decide asks
		} else {
			r.low = min(cnt.low, 1)
		}
	}
	return r
}

// counter is how this check counts faces.
func (pc *poolCheck) counter() faceCounter {
	return newFaceCounter(pc.dp, pc.target, pc.doubleAt, pc.stance)
}

// botch reads pool.botch (never on a stance check): noSuccesses is a
// critical failure when no die succeeded and a low face came up;
// halfOrMore, low faces on half the starting dice, is a critical failure
// with no success or else a complication.
func (pc *poolCheck) botch(cnt *poolCount) (crit Critical, complication bool) {
	b := pc.dp.Botch
	if b == nil || pc.stance != nil {
		return NoCritical, false
	}
	noSuccess := cnt.diceSucceeded == 0 && pc.boughtSuccesses == 0
	switch b.Rule {
	case "halfOrMore":
		if 2*cnt.lowStart >= pc.n {
			if noSuccess {
				return CriticalFailure, false
			}
			return NoCritical, true
		}
	default:
		if noSuccess && cnt.low > 0 {
			return CriticalFailure, false
		}
	}
	return NoCritical, false
}

// poolBase is the sheet number before wounds, bonus dice or modifiers:
// what perCheck "pool" reads.
func (c *Check) poolBase(second int) int {
	if c.number != nil {
		return *c.number + second
	}
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
	if name, has := c.get(keyDifficulty); has {
		if r, found := ruleset.FindRung(dp.Ladder, name); found {
			needed, rungTarget, label, named = r.Successes, r.Target, r.Label, true
		} else {
			c.ignore("difficulty")
		}
	}
	if n, has := c.intK(keyDc); has {
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
	tagN, hasTag := c.intK(keyThreshold)
	if (t.From != nil || !t.Adjustable()) && c.has(keyThreshold) {
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
func (c *Check) poolFace(key tagKey, rule *ruleset.FaceRule, sides int, stance *ruleset.Stance, charm *appliedCharm) (int, bool) {
	n, has := c.intK(key)
	if rule == nil || rule.Min == 0 || stance != nil {
		c.ignoreGiven(key)
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
		if key == keyDouble {
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
	if name, has := c.get(keyReroll); has {
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
// 0 means no explosion; maxExtra caps the extra dice. room is empty
// storage for the faces, for n of them at least (poolRoom of the check's
// scratch, see takeFaces); a pool that outgrows it goes on on the heap.
func throwPool(s dice.Stream, sides, n int, rr *ruleset.Reroll, explodeAt, maxExtra int, room []int) poolThrow {
	var th poolThrow
	th.rolls = room[:n] // takeFaces gives room for n at least
	dice.RollMany(s, th.rolls, sides)
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

// faceCounter counts a pool's faces (see resolveDicePool, "Counting"):
// one face at a time, so that Odds can count faces the way the roller
// does without a slice of them.
type faceCounter struct {
	dp                    *ruleset.DicePool
	target, doubleAt      int
	stance                *ruleset.Stance
	cancelUpTo, botchUpTo int
}

func newFaceCounter(dp *ruleset.DicePool, target, doubleAt int, stance *ruleset.Stance) faceCounter {
	fc := faceCounter{dp: dp, target: target, doubleAt: doubleAt, stance: stance}
	if stance == nil {
		if dp.Cancel != nil {
			fc.cancelUpTo = dp.Cancel.UpTo
		}
		if dp.Botch != nil {
			fc.botchUpTo = dp.Botch.UpTo
		}
	}
	return fc
}

// count reads every face; the first start faces are the starting dice.
func (fc *faceCounter) count(faces []int, start int) poolCount {
	var pc poolCount
	for i, f := range faces {
		fc.add(&pc, f, i < start)
	}
	return pc
}

// add counts one face, a starting die's or an extra die's.
func (fc *faceCounter) add(pc *poolCount, f int, start bool) {
	var ok bool
	switch {
	case fc.stance == nil:
		ok = f >= fc.target
	case fc.stance.Count == "below":
		ok = f < fc.target
	default:
		ok = f > fc.target
	}
	if f == fc.target && fc.dp.Exact != nil {
		pc.exact++
		ok = fc.dp.Exact.Counts
	}
	if ok {
		pc.diceSucceeded++
		pc.gross++
		if fc.doubleAt > 0 && f >= fc.doubleAt {
			pc.gross++
		}
	}
	if f <= fc.cancelUpTo {
		pc.cancels++
	}
	if f <= fc.botchUpTo {
		pc.low++
		if start {
			pc.lowStart++
		}
	}
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
