package ruleset

import (
	"slices"

	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// DicePool is the dice-pool kind: the sheet number is how many dice are
// thrown, and each die that reaches the target counts (spec/checks.md,
// "dice-pool: roll the dice and count them").
type DicePool struct {
	Sides int
	// PoolMin and PoolMax bound the starting pool (sheet number, bonus
	// dice, effects and bought dice). A PoolMin of 0 lets an empty pool
	// fail without a roll.
	PoolMin, PoolMax int
	// AbilityPlusAbility lets an ability check add a second ability with with=.
	AbilityPlusAbility bool
	Target             PoolTarget
	// Double and Explode are nil when the ruleset leaves them out.
	Double, Explode *FaceRule
	Cancel          *UpTo
	Botch           *Botch
	// Exceptional is the net successes that make a successful check a
	// critical success; 0 when not declared.
	Exceptional int
	// Situational bounds bonus=; nil when bonus= is not offered.
	Situational *Range
	Rerolls     []Reroll
	Ladder      []Rung
	Stances     []Stance
	Exact       *Exact
}

// PoolTarget is the face a die must reach to count.
type PoolTarget struct {
	Default, Min, Max int
	// From reads each character's own target from the sheet (Lasers &
	// Feelings' Number); nil when the target is the ruleset's.
	From *valueref.Ref
}

// Adjustable reports whether a check may move the target (threshold=, a
// rung's target, a charm's threshold).
func (t PoolTarget) Adjustable() bool { return t.Min < t.Max }

// FaceRule is explode or double: faces at or above From trigger it. From
// is 0 when the rule fires only on a check that asks for it; Min is 0 when
// a check cannot move the face.
type FaceRule struct {
	From, Min int
}

// UpTo is cancel: faces at or below UpTo remove a success.
type UpTo struct {
	UpTo int
}

// Botch is the critical failure of a pool.
type Botch struct {
	UpTo int
	Rule string // noSuccesses (default), halfOrMore
}

// Stance counts the dice below or above the target instead of at or above
// it, on the skills it covers.
type Stance struct {
	ID     string
	Label  string
	Count  string // below, above
	Skills []string
}

// Exact is a die that shows exactly the target.
type Exact struct {
	Label  string
	Text   string
	Counts bool
}

// MaxCount is the most successes one roll can count: the pool maximum,
// doubled if dice explode, doubled again if faces count twice. dc= and a
// rung's successes run from 1 to it.
func (p *DicePool) MaxCount() int {
	n := p.PoolMax
	if p.Explode != nil {
		n *= 2
	}
	if p.Double != nil {
		n *= 2
	}
	return n
}

// StanceFor returns the stance covering a skill, or nil.
func (p *DicePool) StanceFor(skill string) *Stance {
	for i := range p.Stances {
		if slices.Contains(p.Stances[i].Skills, skill) {
			return &p.Stances[i]
		}
	}
	return nil
}

// MaxPoolDice is the ceiling of pool.max and of die.sides.
const MaxPoolDice = 100

type dicePoolKind struct{}

func (dicePoolKind) Keys() []string {
	return vocab.Keys("resolution.dice-pool")
}

// Locked is empty: the spec locks only the shared sheet math and the
// ladder for every kind (and symbols and dice for a symbol pool), so an
// override may change any of a pool's own rules ("cancel": null).
func (dicePoolKind) Locked() []string { return nil }

func (dicePoolKind) Validate(v *Validator, o validate.Obj, res *Resolution) {
	dp := &DicePool{Sides: 10, PoolMin: 0, PoolMax: 20}
	res.DicePool = dp
	dp.Sides = dieSides(o, MaxPoolDice, 10, `missing "die": { "sides": S } (2 to 100 faces)`)
	dp.poolSize(o)
	v.poolTarget(o, dp)
	dp.Double = dp.faceRule(o, "double")
	dp.Explode = dp.faceRule(o, "explode")
	dp.cancel(o)
	dp.botch(o)
	dp.exceptional(o)
	dp.situationalDice(o)
	dp.rerolls(v, o)
	dp.Ladder = v.ladder(o, dp.rung)
	v.stances(o, dp)
	dp.exact(o)

	v.Spends(o, res, SpendBuys{Successes: true, Dice: true, Reroll: true})
	res.Outcomes = v.Outcomes(o, OutcomeRules{By: []string{"margin", "total"}})
}

// face reads a face some rule names and refuses one the die lacks.
func (dp *DicePool) face(x validate.Obj, key string, def int) (int, bool) {
	n, ok := x.Int(key, 1, MaxPoolDice, def)
	if ok && n > dp.Sides {
		x.Addf(key, "face %d does not exist on a d%d; name a face from 1 to %d", n, dp.Sides, dp.Sides)
		return def, false
	}
	return n, ok
}

// poolSize reads pool: min, max and abilityPlusAbility.
func (dp *DicePool) poolSize(o validate.Obj) {
	p, ok := o.Object("pool")
	if !ok {
		return
	}
	p.Known(vocab.Keys("dice-pool.pool")...)
	r, _ := minMax(p, Range{0, MaxPoolDice}, Range{1, MaxPoolDice}, Range{0, 20})
	dp.PoolMin, dp.PoolMax = r.Min, r.Max
	dp.AbilityPlusAbility, _ = p.Bool("abilityPlusAbility", false)
}

// cancel reads cancel.upTo, a face below every target: a face that
// cancels cannot also succeed.
func (dp *DicePool) cancel(o validate.Obj) {
	c, ok := o.Object("cancel")
	if !ok {
		return
	}
	c.Known(vocab.Keys("dice-pool.cancel")...)
	if !c.Require("upTo") {
		return
	}
	if n, ok := dp.face(c, "upTo", 0); ok {
		if n >= dp.Target.Min {
			c.Addf("upTo", "cancel.upTo %d must be below the minimum target %d: a face that cancels cannot also succeed", n, dp.Target.Min)
		}
		dp.Cancel = &UpTo{UpTo: n}
	}
}

// botch reads botch: its rule and upTo, a face below every target, since
// a botch needs a face that did not succeed.
func (dp *DicePool) botch(o validate.Obj) {
	b, ok := o.Object("botch")
	if !ok {
		return
	}
	b.Known(vocab.Keys("dice-pool.botch")...)
	bt := &Botch{}
	bt.Rule, _ = b.Enum("rule", "noSuccesses", "noSuccesses", "halfOrMore")
	if !b.Require("upTo") {
		return
	}
	if n, ok := dp.face(b, "upTo", 0); ok {
		if n >= dp.Target.Min {
			b.Addf("upTo", "botch.upTo %d must be below the minimum target %d: a botch needs a face that did not succeed", n, dp.Target.Min)
		}
		bt.UpTo = n
		dp.Botch = bt
	}
}

// exceptional reads exceptional.successes, refusing a number of net
// successes the pool can never count.
func (dp *DicePool) exceptional(o validate.Obj) {
	e, ok := o.Object("exceptional")
	if !ok {
		return
	}
	e.Known(vocab.Keys("dice-pool.exceptional")...)
	if !e.Require("successes") {
		return
	}
	if n, ok := e.Int("successes", 1, 4*MaxPoolDice, 0); ok {
		if max := dp.MaxCount(); n > max {
			e.Addf("successes", "%d net successes can never be rolled: this pool counts at most %d (pool.max, doubled if dice explode, doubled again if faces count twice)", n, max)
		} else {
			dp.Exceptional = n
		}
	}
}

// situationalDice reads the bounds of bonus=, refusing bounds that offer
// nothing.
func (dp *DicePool) situationalDice(o validate.Obj) {
	s, ok := o.Object("situationalDice")
	if !ok {
		return
	}
	s.Known(vocab.Keys("dice-pool.situationalDice")...)
	r, ordered := minMax(s, Range{-MaxPoolDice, MaxPoolDice}, Range{-MaxPoolDice, MaxPoolDice}, Range{0, 0})
	switch {
	case !ordered:
	case r.Min == 0 && r.Max == 0:
		s.Addf("", "situationalDice from 0 to 0 never adds or removes a die; give min below 0, max above 0, or both")
	default:
		dp.Situational = &r
	}
}

// rerolls reads resolution.reroll: the rerolls a check names with reroll=.
func (dp *DicePool) rerolls(v *Validator, o validate.Obj) {
	arr, ok := o.Arr("reroll", 1, 6)
	if !ok {
		return
	}
	ids := validate.IDs(v.P, o.Ptr("reroll"), arr)
	for i, raw := range arr {
		r, ok := validate.AsObj(v.P, o.Ptr("reroll", i), raw)
		if !ok || ids[i] == "" {
			continue
		}
		r.Known(vocab.Keys("dice-pool.reroll")...)
		if rr, ok := v.reroll(r, dp.Sides); ok {
			rr.ID = ids[i]
			dp.Rerolls = append(dp.Rerolls, *rr)
		}
	}
}

// rung reads a pool rung's successes (ones the pool can count) and its
// target, which only an adjustable ruleset target lets a rung move.
func (dp *DicePool) rung(r validate.Obj, rg *Rung) {
	r.Known(vocab.Keys("dice-pool.ladder")...)
	if r.Require("successes") {
		if n, ok := r.Int("successes", 1, 4*MaxPoolDice, 1); ok {
			if max := dp.MaxCount(); n > max {
				r.Addf("successes", "%d successes can never be rolled: this pool counts at most %d", n, max)
			}
			rg.Successes = n
		}
	}
	if !r.Has("target") {
		return
	}
	n, ok := dp.face(r, "target", 0)
	switch {
	case !ok:
	case dp.Target.From != nil:
		r.Addf("target", "a rung's target never applies here: target.from reads each character's own target, which only a charm's threshold moves")
	case !dp.Target.Adjustable():
		r.Addf("target", "a rung can name a target only if the target is adjustable (target.min below target.max); the target is fixed at %d", dp.Target.Default)
	case n < dp.Target.Min || n > dp.Target.Max:
		r.Addf("target", "%d is outside the target's bounds %d to %d", n, dp.Target.Min, dp.Target.Max)
	default:
		rg.Target = n
	}
}

// exact reads exact: the label and text of a die exactly on the target,
// and whether it counts.
func (dp *DicePool) exact(o validate.Obj) {
	e, ok := o.Object("exact")
	if !ok {
		return
	}
	e.Known(vocab.Keys("dice-pool.exact")...)
	x := &Exact{Counts: true}
	if e.Require("label") {
		x.Label, _ = e.Str("label", 80, true)
	}
	x.Text, _ = e.Str("text", 500, false)
	x.Counts, _ = e.Bool("counts", true)
	dp.Exact = x
}

// poolTarget reads target: default, min, max and from. Without from the
// default is required and min and max default to it (a fixed target);
// with from, min and max bound the character's number.
func (v *Validator) poolTarget(o validate.Obj, dp *DicePool) {
	t := &dp.Target
	t.Default, t.Min, t.Max = 1, 1, dp.Sides
	to, ok := o.Object("target")
	if !ok {
		if !o.Has("target") {
			o.Addf("", `missing "target": { "default": N } (the face a die must reach to count)`)
		}
		return
	}
	to.Known(vocab.Keys("dice-pool.target")...)
	if raw, has := to.M["from"]; has {
		if ref, ok := v.ValueRef(to.Ptr("from"), raw, valueref.AnyRead, "target.from"); ok {
			t.From = &ref
		}
	}
	if !to.Has("default") && t.From == nil {
		to.Addf("", `missing required key "default" (the target a check counts with, unless target.from reads it from the sheet)`)
		return
	}
	def, hasDef := 0, false
	if to.Has("default") {
		def, hasDef = dp.face(to, "default", 0)
	}
	if t.From == nil && hasDef {
		t.Min, t.Max = def, def
	}
	t.Min, _ = dp.face(to, "min", t.Min)
	t.Max, _ = dp.face(to, "max", t.Max)
	if t.Min > t.Max {
		// Read the other way round (the widest meaning), so the default
		// and the ladder's targets raise no knock-on problems.
		to.Addf("min", "min %d is above max %d", t.Min, t.Max)
		t.Min, t.Max = t.Max, t.Min
	}
	switch {
	case !hasDef:
		def = t.Min
	case def < t.Min || def > t.Max:
		to.Addf("default", "default %d is outside min %d to max %d", def, t.Min, t.Max)
		def = clampInt(def, t.Min, t.Max)
	}
	t.Default = def
}

// faceRule reads double or explode: from, min, or both, each a face of
// the die, from never below min.
func (dp *DicePool) faceRule(o validate.Obj, key string) *FaceRule {
	x, ok := o.Object(key)
	if !ok {
		return nil
	}
	x.Known(vocab.Keys("resolution.faceRule")...)
	if !x.Has("from") && !x.Has("min") {
		x.Addf("", "%s names \"from\" (the faces that trigger it), \"min\" (the lowest face a check can move it to), or both", key)
		return nil
	}
	r := &FaceRule{}
	fromOK, minOK := true, true
	if x.Has("from") {
		r.From, fromOK = dp.face(x, "from", 0)
	}
	if x.Has("min") {
		r.Min, minOK = dp.face(x, "min", 0)
	}
	if !fromOK || !minOK {
		return nil
	}
	if r.Min != 0 && r.From != 0 && r.From < r.Min {
		x.Addf("from", "from %d cannot be lower than min %d", r.From, r.Min)
		return nil
	}
	return r
}

// reroll reads a reroll rule (resolution.reroll entries, a spend's reroll,
// a charm's reroll): upTo from 1 to the die's faces minus one, since
// rerolling every face would never stop; mode once (default) or until.
func (v *Validator) reroll(r validate.Obj, sides int) (*Reroll, bool) {
	rr := &Reroll{}
	rr.Mode, _ = r.Enum("mode", "once", "once", "until")
	if !r.Require("upTo") {
		return nil, false
	}
	n, ok := r.Int("upTo", 1, MaxPoolDice-1, 1)
	if !ok {
		return nil, false
	}
	if n > sides-1 {
		r.Addf("upTo", "upTo %d would reroll every face of a d%d forever; allowed 1 to %d", n, sides, sides-1)
		return nil, false
	}
	rr.UpTo = n
	return rr, true
}

func (v *Validator) stances(o validate.Obj, dp *DicePool) {
	arr, ok := o.Arr("stances", 1, 6)
	if !ok {
		return
	}
	ids := validate.IDs(v.P, o.Ptr("stances"), arr)
	owner := map[string]string{}
	for i, raw := range arr {
		s, ok := validate.AsObj(v.P, o.Ptr("stances", i), raw)
		if !ok || ids[i] == "" {
			continue
		}
		s.Known(vocab.Keys("dice-pool.stances")...)
		st := Stance{ID: ids[i]}
		if s.Require("label") {
			st.Label, _ = s.Str("label", 80, true)
		}
		if s.Require("count") {
			st.Count, _ = s.Enum("count", "above", "below", "above")
		}
		switch {
		case st.Count == "below" && dp.Target.Max <= 1:
			s.Addf("count", "no face is below a target of 1: this stance could never count a die")
		case st.Count == "above" && dp.Target.Min >= dp.Sides:
			s.Addf("count", "no face of a d%d is above a target of %d: this stance could never count a die", dp.Sides, dp.Sides)
		}
		if s.Require("skills") {
			st.Skills = v.idList(s, "skills", v.skills, "skill")
		}
		for j, sk := range st.Skills {
			if prev, dup := owner[sk]; dup {
				v.P.Addf(s.Ptr("skills", j), "skill %q is already in stance %q; a skill can belong to only one stance", sk, prev)
				continue
			}
			owner[sk] = st.ID
		}
		dp.Stances = append(dp.Stances, st)
	}
}

// clampInt brings n into [lo, hi].
func clampInt(n, lo, hi int) int {
	if n < lo {
		return lo
	}
	if n > hi {
		return hi
	}
	return n
}
