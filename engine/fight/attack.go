package fight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
)

// attack answers [fight: op="attack" who= weapon= target= mode= hand=]:
// who attacks with a weapon they wield (or a creature with one of its
// attack rows, attack=), at one target, or at up to a mode's targets.
// Refusals change nothing; otherwise the budget is spent, the shots are
// taken from the bag or the clip, and each target gets its own roll.
func (f *fight) attack(t tag.Tag) record.Record {
	rec := head("attack")
	w, refusal, ok := f.actor(t, "attack", false)
	if !ok {
		return refusal
	}
	a, refusal, ok := f.pickArm(w, t)
	if !ok {
		return refusal
	}
	switch strings.ToLower(strings.TrimSpace(t.Value("style"))) {
	case "spend":
		if a, refusal, ok = f.spending(w, a); !ok {
			return refusal
		}
	case "take":
		if a, refusal, ok = f.taking(w, a); !ok {
			return refusal
		}
	}
	md, refusal, ok := f.pickMode(w, a, t)
	if !ok {
		return refusal
	}
	targets, refusal, ok := f.pickTargets(w, a, md, t)
	if !ok {
		return refusal
	}
	if refusal, ok := f.inRange(w, a, t); !ok {
		return refusal
	}
	if refusal, ok := f.canSpend(w, a.Budget, "attack"); !ok {
		return refusal
	}
	shots := a.shots(md)
	var spend *shotPlan
	if shots > 0 {
		if spend, refusal, ok = f.planShots(w, a, shots); !ok {
			return refusal
		}
	}
	// From here on the step happens: nothing below refuses.
	f.spend(w, a.Budget)
	rec.Add("who", f.name(w))
	rec.Add("weapon", a.Label)
	if md != nil {
		rec.Add("mode", md.ID)
	}
	names := make([]string, len(targets))
	for i, tg := range targets {
		names[i] = f.name(tg)
	}
	rec.Add("foe", strings.Join(names, ", "))
	if spend != nil {
		f.shoot(w, a, spend)
	}
	hits, dealt := 0, 0
	strikes := 1
	if a.Strikes > 1 && !a.offHandStrike && !a.spends {
		strikes = a.Strikes // an off-hand attack is a single strike
	}
	for _, tg := range targets {
		for range strikes {
			if f.down(tg) {
				break
			}
			res := f.strike(w, a, md, tg)
			if res.hit {
				hits++
			}
			dealt += res.dealt
		}
	}
	if spend != nil {
		f.sayShotsLeft(w, a)
	}
	if !w.IsFoe() {
		fr := f.st.Members[w.Member]
		switch {
		case a.offHandStrike:
			fr.OffHandDone = true
		case a.OffHand && fr.OffHandFrom == 0:
			fr.OffHandFrom = a.Stack + 1
		}
	}
	f.moveNumber(w, a)
	rec.AddInt("landed", hits)
	rec.AddInt("dealt", dealt)
	if f.allDown() {
		rec.Add("note", `every foe is down: end the fight with [fight: op="end" outcome="won"]`)
	}
	return f.finish(rec)
}

// strikeResult is what one roll against one target did.
type strikeResult struct {
	hit   bool
	dealt int
}

// strike rolls one attack at one target and applies what it deals.
func (f *fight) strike(w who, a *arm, md *mode, tg who) strikeResult {
	var res strikeResult
	var crit bool
	var rollText string
	var net, target int
	if a.spends {
		if n, h := f.number(w), f.hardness(tg); n < h {
			f.say(fmt.Sprintf("%s's %s lands on %s with %s, below a hardness of %d, and does nothing.", f.name(w), a.Label, f.name(tg), plural(n, "die", "dice"), h))
			return strikeResult{hit: true}
		}
	}
	if f.st.Symbol {
		res.hit, crit, net, rollText = f.symbolStrike(w, a, md, tg)
	} else if f.st.Pool {
		dp := f.p.RS.Resolution.DicePool
		n, from := f.attackDice(w, a, md)
		target = f.dieTarget(a, md)
		r := rollPool(f.turn.Dice, dp, n, target)
		net = r.Net
		res.hit = r.Net >= 1
		crit = res.hit && dp.Exceptional > 0 && r.Net >= dp.Exceptional
		rollText = poolText(r, target) + fromText(from)
	} else {
		add, from := f.attackAdd(w, a, md)
		def, defFrom := f.defense(tg)
		ds := f.p.RS.Resolution.DiceSum
		keep, why := f.keep(w, tg, a)
		r := rollSum(f.turn.Dice, ds, add)
		rollText = sumText(ds.Sides, r, add)
		if keep != 0 {
			r2 := rollSum(f.turn.Dice, ds, add)
			rollText += " and " + sumText(ds.Sides, r2, add) + ", " + why
			if keep > 0 && r2.Total > r.Total || keep < 0 && r2.Total < r.Total {
				r = r2
			}
		}
		if b := a.Bonus; b != nil && len(b.HitDice)+len(b.HitMinus) > 0 {
			// Thrown once, after the kept throw (docs/fight.md **Choice**).
			extra, text := rollBonusDice(f.turn.Dice, b.HitDice, b.HitMinus, 1)
			r.Total += extra
			rollText += text + " = " + strconv.Itoa(r.Total)
		}
		res.hit = sumHits(r, def)
		crit = r.Critical
		rollText += fromText(from) + fmt.Sprintf(" against a defense of %d", def) + fromText(defFrom)
	}
	verdict := "a miss"
	switch {
	case res.hit && crit:
		verdict = "a critical hit"
	case res.hit:
		verdict = "a hit"
	}
	f.say(fmt.Sprintf("%s attacks %s with %s: %s, %s.", f.name(w), f.name(tg), a.Label, rollText, verdict))
	if !res.hit {
		return res
	}
	res.dealt = f.damage(w, a, tg, crit, net, target)
	return res
}

// attackAdd is what a summed attack adds: the arm's toHit, the mode's,
// and every attacks modifier of a member's conditions and items; from
// says each part after the arm's own (`-2 (Volley)`, `-1 (Widow's ring)`).
func (f *fight) attackAdd(w who, a *arm, md *mode) (int, []string) {
	n := a.ToHit
	var from []string
	if md != nil && md.ToHit != 0 {
		n += md.ToHit
		from = append(from, signedWord(md.ToHit)+" "+md.Label)
	}
	if m := f.fightModifiers(w, "attacks"); m.Flat != 0 {
		n += m.Flat
		from = append(from, signedWord(m.Flat)+" "+strings.Join(m.From, ", "))
	}
	if s := a.Bonus.hitFrom(); s != "" {
		from = append(from, s) // its number is already in a.ToHit
	}
	return n, from
}

// attackDice is a pool attack's dice: the arm's, the mode's, and the
// attacks modifiers as a flat number of dice, within the pool's bounds.
func (f *fight) attackDice(w who, a *arm, md *mode) (int, []string) {
	if a.spends {
		return min(f.number(w), MaxPoolDice), nil
	}
	n, from := f.attackAdd(w, a, md)
	return poolSize(f.p.RS.Resolution.DicePool, n), from
}

// dieTarget is a pool attack's per-die target: the weapon's own or the
// pool's, moved by the mode's, within bounds when the target can move.
func (f *fight) dieTarget(a *arm, md *mode) int {
	dp := f.p.RS.Resolution.DicePool
	t := dp.Target.Default
	if !dp.Target.Adjustable() {
		return t
	}
	if a.Target > 0 {
		t = a.Target
	}
	if md != nil {
		t += md.Target
	}
	return poolTarget(dp, t)
}

// sumText says a summed roll: `2d6 (4, 5) + 3 = 12`.
func sumText(sides int, r sumRoll, add int) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(r.Faces)) + "d" + strconv.Itoa(sides) + " (")
	for i, x := range r.Faces {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(x))
	}
	b.WriteString(")")
	if add != 0 {
		b.WriteString(signed(add))
	}
	b.WriteString(" = " + strconv.Itoa(r.Total))
	return b.String()
}

// poolText says a pool's throw: `5 dice at 6 or more (8, 3, 6, 1, 9): 2 successes`.
func poolText(r poolRoll, target int) string {
	faces := make([]string, len(r.Faces))
	for i, x := range r.Faces {
		faces[i] = strconv.Itoa(x)
	}
	s := fmt.Sprintf("%s at %d or more (%s): %s", plural(len(r.Faces), "die", "dice"), target, strings.Join(faces, ", "), plural(r.Net, "success", "successes"))
	if r.Cancelled > 0 && r.Successes > 0 {
		s += fmt.Sprintf(" (%d cancelled)", min(r.Cancelled, r.Successes))
	}
	return s
}

// fromText names what changed a roll: ` (-2 Volley; -1 Widow's ring)`.
func fromText(from []string) string {
	if len(from) == 0 {
		return ""
	}
	return " (" + strings.Join(from, "; ") + ")"
}

func signed(n int) string {
	if n < 0 {
		return " - " + strconv.Itoa(-n)
	}
	return " + " + strconv.Itoa(n)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// allDown reports every foe down.
func (f *fight) allDown() bool {
	for _, fo := range f.st.Foes {
		if fo.Health > 0 {
			return false
		}
	}
	return true
}

// fighterNames lists who can act, for a refusal's note.
func (f *fight) fighterNames() string {
	names := []string{}
	for _, m := range f.p.Members {
		names = append(names, m.Name)
	}
	for _, fo := range f.st.Foes {
		names = append(names, fo.Name)
	}
	return strings.Join(names, ", ")
}

// inRange reads distance= (how far the target is, in combat.distance's
// unit; the fight has no map): a weapon reaches up to its reach (one
// cell without reach or range) and shoots or throws up to its long
// range; beyond that the attack is refused. Without distance= the target
// is where the weapon reaches it.
func (f *fight) inRange(w who, a *arm, t tag.Tag) (record.Record, bool) {
	raw := strings.TrimSpace(t.Value("distance"))
	if raw == "" || a.Stack < 0 {
		return record.Record{}, true
	}
	d, err := strconv.ParseFloat(raw, 64)
	if err != nil || !(d >= 0) || d > 1e6 { // !(d >= 0) also holds for NaN
		return record.Refused("fight", OutOfRange, "op", "attack", "who", f.name(w), "note", "distance is a number of "+f.unit()+", 0 or more"), false
	}
	reach := a.Reach
	if !a.HasReach && !a.HasRange {
		reach = f.cell()
	}
	switch {
	case (a.HasReach || !a.HasRange) && d <= reach:
		return record.Record{}, true
	case a.HasRange && d <= a.RangeLong:
		return record.Record{}, true
	}
	most := reach
	if a.HasRange {
		most = max(most, a.RangeLong)
	}
	return record.Refused("fight", OutOfRange, "op", "attack", "who", f.name(w), "weapon", a.Label, "note",
		fmt.Sprintf("%s reaches %s at most", a.Label, strconv.FormatFloat(most, 'f', -1, 64)+" "+f.unit())), false
}

// unit and cell are combat.distance's unit and one cell in it.
func (f *fight) unit() string {
	if ci := f.p.RS.CombatItems; ci != nil && ci.Distance != nil {
		return ci.Distance.Unit
	}
	return "cells"
}

func (f *fight) cell() float64 {
	if ci := f.p.RS.CombatItems; ci != nil && ci.Distance != nil && ci.Distance.Cell > 0 {
		return ci.Distance.Cell
	}
	return 1
}

// hardnessFight reports a pool fight whose combat block has
// combat.pool.hardness: the only fight with strikes that spend.
func (f *fight) hardnessFight() bool {
	ci := f.p.RS.CombatItems
	return f.st.Pool && ci != nil && ci.Hardness != nil
}

// spending makes a's strike one that spends (style="spend"): it rolls
// its maker's number instead of the weapon's dice, is never raised to a
// floor, and is a single strike without a mode.
func (f *fight) spending(w who, a *arm) (*arm, record.Record, bool) {
	if !f.hardnessFight() {
		return nil, record.Refused("fight", NoStyle, "op", "attack", "who", f.name(w), "note",
			"a strike that spends needs a pool fight with combat.pool.hardness (docs/fight.md)"), false
	}
	s := *a
	s.spends, s.HasFloor, s.Modes = true, false, nil
	return &s, record.Record{}, true
}

// taking makes a's strike one that takes (style="take"): the attack is
// made as usual, and what it would deal (after soak and typed defenses,
// plus clauses too) comes off the target's number instead of its health,
// imposing no condition (spec/items.md: "a strike that takes removes
// initiative instead of dealing damage").
func (f *fight) taking(w who, a *arm) (*arm, record.Record, bool) {
	if !f.hardnessFight() {
		return nil, record.Refused("fight", NoStyle, "op", "attack", "who", f.name(w), "note",
			"a strike that takes needs a pool fight with combat.pool.hardness, where fighters have a number (docs/fight.md)"), false
	}
	s := *a
	s.takes = true
	return &s, record.Record{}, true
}

// takeNumber takes n from tg's number, never below 0, and returns what
// it took.
func (f *fight) takeNumber(tg who, n int) int {
	took := min(max(0, n), f.number(tg))
	f.setNumber(tg, f.number(tg)-took)
	return took
}

// setNumber sets w's number.
func (f *fight) setNumber(w who, n int) {
	if w.IsFoe() {
		f.st.Foes[w.Foe].Number = n
	} else {
		f.st.Members[w.Member].Number = n
	}
}

// number is w's number now.
func (f *fight) number(w who) int {
	if w.IsFoe() {
		return f.st.Foes[w.Foe].Number
	}
	return f.st.Members[w.Member].Number
}

// hardness is w's hardness: a member's read from the sheet at the start,
// a creature's own.
func (f *fight) hardness(w who) int {
	if w.IsFoe() {
		return f.creature(w.Foe).Hardness
	}
	return f.st.Members[w.Member].Hardness
}

// moveNumber moves w's number after an attack, in a fight with hardness:
// an ordinary attack (a strike that takes too) adds 1, a strike that
// spends returns it to base.
func (f *fight) moveNumber(w who, a *arm) {
	if !f.hardnessFight() {
		return
	}
	base := 0
	if w.IsFoe() {
		base = f.creature(w.Foe).Initiative
	} else {
		base = f.st.Members[w.Member].Base
	}
	n := f.number(w) + 1
	if a.spends {
		n = base
	}
	f.setNumber(w, n)
}

// keep is whether a summed attack by w with a at tg is thrown twice: 1 keeping
// the better (advantage), -1 the worse (disadvantage), 0 once (neither,
// or both, which cancel), from the effects of the attacker's and the
// target's conditions and items (own-attacks-*, attacks-against-*) and
// the weapons effects on a (mode advantage or disadvantage), only
// where the resolution has advantage. why says it: `advantage (Lucky
// charm)`.
func (f *fight) keep(w, tg who, a *arm) (int, string) {
	if f.st.Pool || f.st.Symbol || !f.p.RS.Resolution.DiceSum.Advantage {
		return 0, ""
	}
	var adv, dis []string
	if b := a.Bonus; b != nil {
		if b.Adv {
			adv = append(adv, b.From...)
		}
		if b.Dis {
			dis = append(dis, b.From...)
		}
	}
	e := f.fightEffects(w)
	m := f.fightModifiers(w, "attacks")
	adv = append(append(adv, e["own-attacks-advantage"]...), m.Advantage...)
	dis = append(append(dis, e["own-attacks-disadvantage"]...), m.Disadvantage...)
	e = f.fightEffects(tg)
	adv = append(adv, e["attacks-against-advantage"]...)
	dis = append(dis, e["attacks-against-disadvantage"]...)
	switch {
	case len(adv) > 0 && len(dis) == 0:
		return 1, "the better kept, advantage (" + strings.Join(adv, ", ") + ")"
	case len(dis) > 0 && len(adv) == 0:
		return -1, "the worse kept, disadvantage (" + strings.Join(dis, ", ") + ")"
	}
	return 0, ""
}
