package items

import (
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
)

// A creature in a fight holds conditions too (an onHit entry, a use's
// applies). What they do is read as a member's conditions are, from the
// same sources (docs/fight.md "Conditions on creatures"): the functions
// here take the condition ids a creature holds instead of a member.

// heldSources are the sources of the conditions in conds, in order, each
// condition once.
func (p *Party) heldSources(conds []string) []source {
	var out []source
	seen := map[string]bool{}
	for _, c := range conds {
		if seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, p.conditionSources(c)...)
	}
	return out
}

// HeldFightModifiers is FightModifiers for a creature holding conds.
func (p *Party) HeldFightModifiers(conds []string, to string) FightModifier {
	return fightModifiers(p.heldSources(conds), to)
}

// HeldFightEffects is FightEffects for a creature holding conds.
func (p *Party) HeldFightEffects(conds []string) map[string][]string {
	return fightEffects(p.heldSources(conds))
}

// HeldDefenses are the typed defenses of a creature whose own are own
// (its bestiary entry's, labelled by name) while it holds conds: the
// creature's own unchanged when its conditions give none, else both met
// as a member's sources meet.
func (p *Party) HeldDefenses(name string, own *effectrules.Effect, conds []string) (Defenses, bool) {
	var held []source
	for _, s := range p.heldSources(conds) {
		if e := s.effect; e != nil && len(e.Resist)+len(e.Immune)+len(e.Vulnerable)+len(e.ConditionImmunities) > 0 {
			held = append(held, s)
		}
	}
	if len(held) == 0 {
		return Defenses{}, false
	}
	srcs := append([]source{{label: name, effect: own}}, held...)
	return p.meetDefenses(srcs), true
}
