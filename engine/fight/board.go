package fight

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/use"
)

// board is what engine/use asks of the fight for a use in it
// (use.Board): attack rolls against the fight's defenses, a creature's
// saves, damage through typed defenses, a creature's health and
// conditions that last some rounds.
type board struct{ f *fight }

var _ use.Board = board{}

func (b board) who(t use.Target) who {
	if t.IsCreature() {
		return foeWho(t.Ref)
	}
	return memberWho(t.Member)
}

// AttackRoll rolls the user's attack with the use's toHit (read with the
// item's stats; the zero ToHit adds nothing) against t with the fight's
// dice, as a weapon's attack is rolled: the same addToHit.
func (b board) AttackRoll(user int, th items.ToHit, t use.Target, s dice.Stream) use.Roll {
	f := b.f
	a := &arm{Label: "", Stack: -1}
	f.addToHit(a, f.p.Character(user), th)
	w, tg := memberWho(user), b.who(t)
	saved := f.turn.Dice
	f.turn.Dice = s
	defer func() { f.turn.Dice = saved }()
	if f.st.Symbol {
		hit, crit, _, text := f.symbolStrike(w, a, nil, tg)
		return use.Roll{Success: hit, Critical: crit,
			Line: fmt.Sprintf("%s rolls to hit %s: %s, %s.", f.name(w), t.Name, text, hitWord(hit))}
	}
	if f.st.Pool {
		dp := f.p.RS.Resolution.DicePool
		n, from := f.attackDice(w, a, nil)
		target := f.dieTarget(a, nil)
		r := rollPool(s, dp, n, target)
		hit := r.Net >= 1
		return use.Roll{Success: hit, Critical: hit && dp.Exceptional > 0 && r.Net >= dp.Exceptional,
			Line: fmt.Sprintf("%s rolls to hit %s: %s%s, %s.", f.name(w), t.Name, poolText(r, target), fromText(from), hitWord(hit))}
	}
	add, from := f.attackAdd(w, a, nil)
	def, _ := f.defense(tg)
	r := rollSum(s, f.p.RS.Resolution.DiceSum, add)
	hit := sumHits(r, def)
	return use.Roll{Success: hit, Critical: r.Critical,
		Line: fmt.Sprintf("%s rolls to hit %s: %s%s against a defense of %d, %s.", f.name(w), t.Name, sumText(f.p.RS.Resolution.DiceSum.Sides, r, add), fromText(from), def, hitWord(hit))}
}

func hitWord(hit bool) string {
	if hit {
		return "a hit"
	}
	return "a miss"
}

// Save has t roll a save with the fight's dice (rollSave).
func (b board) Save(t use.Target, save string, dc int, s dice.Stream) use.Roll {
	f := b.f
	saved := f.turn.Dice
	f.turn.Dice = s
	defer func() { f.turn.Dice = saved }()
	ok, line := f.rollSave(b.who(t), save, dc)
	return use.Roll{Success: ok, Line: line + "."}
}

// Hurt deals n of damageType to t through its typed defenses.
func (b board) Hurt(t use.Target, n int, damageType string, qualities []string) use.Landed {
	f := b.f
	w := b.who(t)
	got, said := f.typed(w, n, damageType, qualities)
	line := fmt.Sprintf("%s takes %d%s%s. %s", t.Name, n, typeWord(damageType), said, f.hurt(w, got))
	if got > 0 {
		f.damaged(w)
	}
	return use.Landed{Amount: got, Line: line}
}

// HealCreature gives a creature back up to n health.
func (b board) HealCreature(t use.Target, n int) use.Landed {
	fo := b.f.st.Foes[t.Ref]
	got := min(n, fo.Max-fo.Health)
	fo.Health += got
	return use.Landed{Amount: got, Line: fmt.Sprintf("%s gets back %d, and is on %d of %d.", fo.Name, got, fo.Health, fo.Max)}
}

// Impose puts a condition on t for rounds of its turns (0: until removed).
func (b board) Impose(t use.Target, condition string, rounds int) use.Roll {
	f := b.f
	w := b.who(t)
	before := len(f.log)
	if !f.holdCondition(w, condition) {
		line := strings.Join(f.log[before:], " ")
		f.log = f.log[:before]
		return use.Roll{Success: false, Line: line}
	}
	label := f.p.ConditionLabel(condition)
	if rounds > 0 {
		f.dropTimed(w, condition)
		f.st.Timed = append(f.st.Timed, Timed{Foe: w.Foe, Member: w.Member, Condition: condition, Rounds: rounds})
		return use.Roll{Success: true, Line: fmt.Sprintf("%s is %s for %s.", t.Name, label, plural(rounds, "round", "rounds"))}
	}
	return use.Roll{Success: true, Line: fmt.Sprintf("%s is %s.", t.Name, label)}
}

// target is a fighter as engine/use names it.
func (f *fight) target(w who) use.Target {
	if w.IsFoe() {
		types, tags := f.typesTags(w)
		return use.Target{Name: f.name(w), Member: -1, Enemy: true, Types: types, Tags: tags, Ref: w.Foe}
	}
	return use.Target{Name: f.name(w), Member: w.Member, Ref: w.Member}
}

// use answers [fight: op="use" who= item= target=]: the item's use in
// the fight through engine/use's fight API, aimed at the targets named
// (comma-separated; none for a use on oneself), spending its budget or
// nothing when it is free. The fight log says what happened, in the
// spec's words (`Poultice: 1 of 2 left.`, `Dawn bell breaks (a 1 on its
// die).`, `Ada gets back 1 Resolve, and is on 3 of 4.`).
func (f *fight) use(t tag.Tag) record.Record {
	w, refusal, ok := f.actor(t, "use", true)
	if !ok {
		return refusal
	}
	name := strings.TrimSpace(t.Value("item"))
	def := f.heldDef(w.Member, name)
	if def == nil || def.UseDef == nil {
		return record.Refused("fight", UnknownItem, "op", "use", "who", f.name(w), "item", name, "note", f.name(w)+" carries no "+name+" that can be used")
	}
	b := def.UseDef.Budget
	if def.UseDef.Free {
		b = ""
	}
	if refusal, ok := f.canSpend(w, b, "use"); !ok {
		return refusal
	}
	var targets []use.Target
	var seen []who
	for _, n := range strings.Split(t.Value("target"), ",") {
		if strings.TrimSpace(n) == "" {
			continue
		}
		tg, ok := f.find(n)
		if !ok {
			return record.Refused("fight", BadTarget, "op", "use", "foe", strings.TrimSpace(n), "note", "fighters: "+f.fighterNames())
		}
		// Each target once, as an attack's: an area use has no limit on
		// its targets, and a name said twice would strike twice.
		if slices.Contains(seen, tg) {
			return record.Refused("fight", BadTarget, "op", "use", "foe", f.name(tg), "note", "each target once")
		}
		seen = append(seen, tg)
		targets = append(targets, f.target(tg))
	}
	res := use.InFight(use.Request{Party: f.p, User: w.Member, Item: name, Targets: targets, Board: board{f}, Dice: f.turn.Dice, Start: f.st.start})
	if res.Refused != nil {
		return *res.Refused
	}
	f.spend(w, b)
	rec := head("use")
	rec.Add("who", f.name(w))
	rec.Add("item", res.Item)
	if len(targets) > 0 {
		names := make([]string, len(targets))
		for i, tg := range targets {
			names[i] = tg.Name
		}
		rec.Add("foe", strings.Join(names, ", "))
	}
	f.log = append(f.log, res.Lines...)
	return f.finish(rec)
}
