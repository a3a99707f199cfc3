package use

import (
	"strconv"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// GateResult is how a gate's check went: what it rolled (by label), the
// number the line reports (successes in a pool, the total in a sum), and
// whether it passed. Record is the check as the ruleset's kind made it.
type GateResult struct {
	Label  string
	Number int
	Passed bool
	Record record.Record
}

// RollGate rolls a gate as a check of member i, with the ruleset's own
// dice and kind, the sheet's number, and what their wound penalty,
// conditions and worn or carried items do to that check (the party's
// Effects); difficulty is the check's dc= (successes needed in a pool).
func RollGate(p *items.Party, i int, g *itemrules.Gate, difficulty int, s dice.Stream) GateResult {
	ch, effects := p.CheckEnv(i)
	return rollGate(p, ch, effects, g, difficulty, s)
}

// rollGate is RollGate with member i's character and effects already
// computed (one view of them).
func rollGate(p *items.Party, ch *sheet.Character, effects func(*check.Check) check.Effects, g *itemrules.Gate, difficulty int, s dice.Stream) GateResult {
	env := &check.Env{RS: p.RS, Char: ch, Dice: s, Effects: effects}
	t := tag.Tag{Name: "skill_check", Attrs: []tag.Attr{{Key: "dc", Value: strconv.Itoa(difficulty)}}}
	var res check.Result
	label := ""
	switch {
	case g.Skill != "":
		t.Attrs = append(t.Attrs, tag.Attr{Key: "skill", Value: g.Skill})
		label = skillLabel(p.RS, g.Skill)
		res = check.Resolve(env, t)
	case g.Ability != "":
		t.Attrs = append(t.Attrs, tag.Attr{Key: "ability", Value: g.Ability})
		if a, ok := p.RS.Ability(g.Ability); ok {
			label = a.Label
		}
		res = check.Resolve(env, t)
	case g.Value != nil:
		label = refLabel(p.RS, *g.Value)
		res = check.ResolveValue(env, label, int(env.Char.Value(*g.Value)), t)
	}
	out := GateResult{Label: label, Record: res.Record}
	out.Passed, _ = res.Record.Bool("success")
	for _, k := range []string{"successes", "total", "net"} {
		if n, ok := res.Record.Int(k); ok {
			out.Number = n
			break
		}
	}
	return out
}

func skillLabel(rs *ruleset.Ruleset, id string) string {
	for _, s := range rs.Skills {
		if s.ID == id {
			return s.Label
		}
	}
	return id
}

// refLabel names what a sheet value reads: a derived value's or a
// field's label, an ability's, a pool's.
func refLabel(rs *ruleset.Ruleset, r valueref.Ref) string {
	switch {
	case r.Derived != "":
		for _, d := range rs.Derived {
			if d.ID == r.Derived && d.Label != "" {
				return d.Label
			}
		}
		return r.Derived
	case r.Field != "":
		for _, f := range rs.Fields {
			if f.ID == r.Field && f.Label != "" {
				return f.Label
			}
		}
		return r.Field
	case r.AbilityScore != "" || r.AbilityMod != "":
		id := r.AbilityScore + r.AbilityMod
		if a, ok := rs.Ability(id); ok {
			return a.Label
		}
		return id
	case r.Pool != "":
		return poolLabel(rs, r.Pool)
	case r.Const != nil:
		return strconv.FormatFloat(*r.Const, 'f', -1, 64)
	}
	return "sheet value"
}

// RollGateAs rolls a gate on a character the caller chose (the Classic and
// Tactical bridge's companion without a card rolls on a blank sheet), with
// effects the check gathers (nil: nothing changes it).
func RollGateAs(p *items.Party, ch *sheet.Character, effects func(*check.Check) check.Effects, g *itemrules.Gate, difficulty int, s dice.Stream) GateResult {
	return rollGate(p, ch, effects, g, difficulty, s)
}
