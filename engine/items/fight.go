package items

import "strings"

// FightModifier is what member i's conditions, levels, worn and carried
// items and unmet requirements add to one part of a fight (spec/items.md
// "Armor and worn-item effects in a fight"): to is "attacks", "defense"
// or "speed". Flat is a number in a summed fight and a flat number of
// dice in a pool fight; From names each source once, a stack by its own
// name (`Widow's ring`), so the log can say it next to the roll.
type FightModifier struct {
	Flat int
	From []string
	// Advantage and Disadvantage name the sources whose modifier gives
	// that mode (`advantage on attacks`).
	Advantage, Disadvantage []string
}

// FightModifiers sums every modifier with this to for member i. Dice
// modifiers are not a fight's: docs/fight.md reads only flat numbers.
func (p *Party) FightModifiers(i int, to string) FightModifier {
	return fightModifiers(p.sources(i, nil), to)
}

// fightModifiers sums what the sources add to one part of a fight (see
// FightModifiers); a member's and a creature's conditions are read alike.
func fightModifiers(srcs []source, to string) FightModifier {
	var out FightModifier
	for _, src := range srcs {
		if src.effect == nil {
			continue
		}
		n, named := 0, false
		for _, m := range src.effect.Modifiers {
			if !strings.EqualFold(m.To, to) {
				continue
			}
			n += m.Flat
			named = true
			switch m.Mode {
			case "advantage":
				out.Advantage = appendNew(out.Advantage, src.label)
			case "disadvantage":
				out.Disadvantage = appendNew(out.Disadvantage, src.label)
			}
		}
		if !named || n == 0 {
			continue
		}
		out.Flat += n
		if !containsStr(out.From, src.label) {
			out.From = append(out.From, src.label)
		}
	}
	return out
}

// FightEffects are the effects member i's conditions, levels, worn and
// carried items and unmet requirements give that a fight reads
// (own-attacks-advantage, attacks-against-disadvantage, resist-all, ...),
// each with the sources that give it, by their (stack) names.
// Nil for no such member.
func (p *Party) FightEffects(i int) map[string][]string {
	if i < 0 || i >= len(p.Members) {
		return nil
	}
	return fightEffects(p.sources(i, nil))
}

// fightEffects are the effects the sources give, each with the sources
// that give it (see FightEffects).
func fightEffects(srcs []source) map[string][]string {
	var out map[string][]string
	for _, src := range srcs {
		if src.effect == nil {
			continue
		}
		for _, e := range src.effect.Effects {
			if out == nil {
				out = map[string][]string{}
			}
			if !containsStr(out[e], src.label) {
				out[e] = append(out[e], src.label)
			}
		}
	}
	return out
}

func appendNew(list []string, s string) []string {
	if containsStr(list, s) {
		return list
	}
	return append(list, s)
}
