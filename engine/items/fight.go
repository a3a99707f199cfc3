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
}

// FightModifiers sums every modifier with this to for member i. Dice
// modifiers are not a fight's: docs/fight.md reads only flat numbers.
func (p *Party) FightModifiers(i int, to string) FightModifier {
	var out FightModifier
	for _, src := range p.sources(i, nil) {
		if src.effect == nil {
			continue
		}
		n, named := 0, false
		for _, m := range src.effect.Modifiers {
			if strings.EqualFold(m.To, to) {
				n += m.Flat
				named = true
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
