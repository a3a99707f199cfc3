package ruleset

import (
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// RollAgainst is the roll-against kind (Call of Cthulhu, GURPS, an
// old-school thief's percentages): the dice are added up and compared to
// the sheet number, which is the target rather than a bonus.
type RollAgainst struct {
	Count, Sides int
	// Against is "at-most" (succeeds at or below the target) or "at-least".
	Against         string
	CriticalSuccess []AgainstRule
	CriticalFailure []AgainstRule
	// Tens is the most bonus or penalty tens dice a check may roll; 0
	// means tens dice are not offered (they need a single d100).
	Tens   int
	Ladder []Rung
}

// AgainstRule is one critical rule: a range of rolled totals (From, To,
// either open) or, for a failure, PastTarget (a roll at least that far
// onto the failing side), limited to some targets by WhenTarget.
type AgainstRule struct {
	From, To   *int
	PastTarget int // 0: the rule names faces
	// WhenAtLeast and WhenBelow limit the rule to targets >= WhenAtLeast
	// and < WhenBelow (the target the roll is read against, after difficulty).
	WhenAtLeast, WhenBelow *int
}

// Matches reports whether the rule fires for a roll read against target.
func (r AgainstRule) Matches(roll, target int, atMost bool) bool {
	if r.WhenAtLeast != nil && target < *r.WhenAtLeast {
		return false
	}
	if r.WhenBelow != nil && target >= *r.WhenBelow {
		return false
	}
	if r.PastTarget > 0 {
		if atMost {
			return roll >= target+r.PastTarget
		}
		return roll <= target-r.PastTarget
	}
	if r.From != nil && roll < *r.From {
		return false
	}
	if r.To != nil && roll > *r.To {
		return false
	}
	return true
}

// MaxAgainstRules is the most rules criticalSuccess or criticalFailure holds.
const MaxAgainstRules = 6

type rollAgainstKind struct{}

func (rollAgainstKind) Keys() []string {
	return vocab.Keys("resolution.roll-against")
}

func (rollAgainstKind) Locked() []string { return nil }

func (rollAgainstKind) Validate(v *Validator, o validate.Obj, res *Resolution) {
	ra := &RollAgainst{Count: 1, Sides: 100, Against: "at-most"}
	res.RollAgainst = ra
	if d, ok := o.Object("dice"); ok {
		d.Known(vocab.Keys("roll-against.dice")...)
		ra.Count, _ = d.Int("count", 1, 20, 1)
		ra.Sides, _ = d.Int("sides", 2, 1000, 100)
	}
	ra.Against, _ = o.Enum("against", "at-most", "at-most", "at-least")
	lo, hi := ra.Count, ra.Count*ra.Sides
	ra.CriticalSuccess = v.againstRules(o, "criticalSuccess", lo, hi, false)
	ra.CriticalFailure = v.againstRules(o, "criticalFailure", lo, hi, true)
	ra.tens(o)
	ra.Ladder = v.ladder(o, func(r validate.Obj, rg *Rung) {
		r.Known(vocab.Keys("roll-against.ladder")...)
		rg.DC, _ = r.Int("dc", -100, 100, 0)
		rg.Divide, _ = r.Int("divide", 2, 10, 1)
	})
	if o.Has("spend") {
		o.Addf("spend", "roll-against cannot declare spend; only dice-pool (successes, dice, rerolls), dice-highest and symbol-pool (dice) can")
	}
	res.Outcomes = v.Outcomes(o, OutcomeRules{By: []string{"margin", "total", "fraction"}})
	if res.Outcomes != nil && res.Outcomes.By == "fraction" {
		v.fractionOutcomes(o, ra, res.Outcomes)
	}
}

// tens reads tens.max, the most bonus or penalty tens dice, which replace
// the tens of a single d100 only.
func (ra *RollAgainst) tens(o validate.Obj) {
	t, ok := o.Object("tens")
	if !ok {
		return
	}
	t.Known(vocab.Keys("roll-against.tens")...)
	if t.Require("max") {
		ra.Tens, _ = t.Int("max", 1, 9, 1)
	}
	if ra.Count != 1 || ra.Sides != 100 {
		t.Addf("", "tens dice replace the tens of a single d100; dice is %dd%d", ra.Count, ra.Sides)
	}
}

// fractionOutcomes refuses what "by": "fraction" cannot read: a roll that
// is not "at-most", and a band whose atLeast does not divide the target.
func (v *Validator) fractionOutcomes(o validate.Obj, ra *RollAgainst, out *Outcomes) {
	if ra.Against != "at-most" {
		o.Addf("outcomes", `"by": "fraction" divides the target for an "at-most" roll; this ruleset rolls %q`, ra.Against)
	}
	for i, t := range out.Tiers {
		if t.AtLeast != nil && *t.AtLeast < 1 {
			v.P.Addf(validate.Ptr(o.Ptr("outcomes"), "tiers", i, "atLeast"),
				"with \"by\": \"fraction\" atLeast divides the target (1 is the whole target, 2 half, 5 a fifth); %d cannot, use 1 or more", *t.AtLeast)
		}
	}
}

// againstRules reads criticalSuccess or criticalFailure: up to six rules,
// each naming faces within the dice's totals or (failures only) pastTarget.
func (v *Validator) againstRules(o validate.Obj, key string, lo, hi int, failure bool) []AgainstRule {
	arr, ok := o.Arr(key, 0, MaxAgainstRules)
	if !ok {
		return nil
	}
	var out []AgainstRule
	for i, raw := range arr {
		r, ok := validate.AsObj(v.P, o.Ptr(key, i), raw)
		if !ok {
			continue
		}
		if failure {
			r.Known(vocab.Keys("roll-against.criticalFailure")...)
		} else {
			r.Known(vocab.Keys("roll-against.criticalSuccess")...)
		}
		var rule AgainstRule
		if n, ok := r.Int("from", lo, hi, 0); ok {
			rule.From = &n
		}
		if n, ok := r.Int("to", lo, hi, 0); ok {
			rule.To = &n
		}
		faces := r.Has("from") || r.Has("to")
		if failure {
			rule.PastTarget, _ = r.Int("pastTarget", 1, hi, 0)
		}
		switch {
		case faces && r.Has("pastTarget"):
			r.Addf("", `a rule names faces ("from", "to") or "pastTarget", not both; write two rules`)
		case !faces && !r.Has("pastTarget"):
			if failure {
				r.Addf("", `a rule names faces ("from", "to", either may be left open) or "pastTarget"`)
			} else {
				r.Addf("", `a rule names faces: "from", "to" or both (either may be left open)`)
			}
		}
		if rule.From != nil && rule.To != nil && *rule.From > *rule.To {
			r.Addf("to", "to %d is below from %d; the rule could never trigger", *rule.To, *rule.From)
		}
		whenTarget(r, &rule)
		out = append(out, rule)
	}
	return out
}

// whenTarget reads a rule's whenTarget: atLeast, below or both, limiting
// the rule to the targets some rolls are read against.
func whenTarget(r validate.Obj, rule *AgainstRule) {
	w, ok := r.Object("whenTarget")
	if !ok {
		return
	}
	w.Known(vocab.Keys("roll-against.whenTarget")...)
	if n, ok := w.Int("atLeast", -10000, 10000, 0); ok {
		rule.WhenAtLeast = &n
	}
	if n, ok := w.Int("below", -10000, 10000, 0); ok {
		rule.WhenBelow = &n
	}
	if !w.Has("atLeast") && !w.Has("below") {
		w.Addf("", `whenTarget names "atLeast", "below" or both`)
	}
	if rule.WhenAtLeast != nil && rule.WhenBelow != nil && *rule.WhenAtLeast >= *rule.WhenBelow {
		w.Addf("below", "no target is at least %d and below %d; the rule could never trigger", *rule.WhenAtLeast, *rule.WhenBelow)
	}
}
