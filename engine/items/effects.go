package items

import (
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// source is one thing acting on a character: a condition, a level, an
// item while worn or carried, or an unmet requirement's otherwise.
type source struct {
	label  string
	effect *ruleset.Effect
}

// sources lists what acts on member i, in a fixed order: conditions, then
// levels (as the sheet lists them), then items in bag order, each item's
// unmet requirements right after it. A requirement reads the ability as
// the wearer's items leave it.
func (p *Party) sources(i int, ch *sheet.Character) []source {
	m := p.Members[i]
	var out []source
	for _, id := range m.Sheet.Conditions {
		for _, c := range p.RS.Conditions {
			if c.ID == id && len(c.Check) > 0 {
				out = append(out, source{label: labelOr(c.Label, c.ID), effect: ruleset.ParseEffect(c.Check)})
			}
		}
	}
	for _, id := range m.Sheet.Levels {
		for _, l := range p.RS.Levels {
			if l.ID == id && len(l.Check) > 0 {
				out = append(out, source{label: labelOr(l.Label, l.ID), effect: ruleset.ParseEffect(l.Check)})
			}
		}
	}
	for _, a := range p.appliedItems(m) {
		if e := a.effect(); e != nil {
			out = append(out, source{label: a.label, effect: e})
		}
		if !a.worn {
			continue
		}
		for _, rq := range a.def.Requires {
			if rq.Otherwise != nil && ch.Value(rq.Value) < rq.AtLeast {
				out = append(out, source{label: a.label, effect: rq.Otherwise})
			}
		}
	}
	return out
}

func labelOr(label, id string) string {
	if label != "" {
		return label
	}
	return id
}

// Effects is what member i's conditions, levels and items do to a check
// (spec/items.md "Checks outside a fight"), for check.Env.Effects: every
// modifier that refers to the check adds its number and its dice; an
// ability check (or one the ruleset cannot name) reads only what is not
// restricted to skills, and a save only what refers to saves; advantage
// and disadvantage are both reported and cancel in the check; a save that
// something fails is failed without a roll. from= names each source once.
func (p *Party) Effects(i int) func(c *check.Check) check.Effects {
	return func(c *check.Check) check.Effects {
		return p.effectsFor(i, c.Env.Char, c.Target)
	}
}

func (p *Party) effectsFor(i int, ch *sheet.Character, t check.Target) check.Effects {
	var out check.Effects
	isSave := t.Type == "save"
	applies := func(to string, skills, saves []string) bool {
		switch to {
		case "checks":
			if isSave {
				return false
			}
			if len(skills) == 0 {
				return true
			}
			return t.Type == "skill" && containsStr(skills, t.ID)
		case "saves":
			if !isSave {
				return false
			}
			return len(saves) == 0 || containsStr(saves, t.ID)
		}
		return false
	}
	for _, src := range p.sources(i, ch) {
		e := src.effect
		used := false
		for _, name := range e.Effects {
			switch name {
			case ruleset.OwnChecksAdvantage, ruleset.OwnChecksDisadvantage:
				if !applies("checks", e.Skills, nil) {
					continue
				}
			case ruleset.OwnSavesAdvantage, ruleset.OwnSavesDisadvantage:
				if !applies("saves", nil, e.Saves) {
					continue
				}
			default:
				continue // a fight's effect
			}
			if strings.HasSuffix(name, "-advantage") {
				out.Advantage = true
			} else {
				out.Disadvantage = true
			}
			used = true
		}
		for _, m := range e.Modifiers {
			skills, saves := m.Skills, m.Saves
			if len(skills) == 0 && len(saves) == 0 {
				skills, saves = e.Skills, e.Saves
			}
			if !applies(m.To, skills, saves) {
				continue
			}
			out.Flat += m.Flat
			if m.Dice != "" {
				if n, err := dice.ParseNotation(m.Dice); err == nil {
					if m.Minus {
						out.MinusDice = append(out.MinusDice, n)
					} else {
						out.Dice = append(out.Dice, n)
					}
				}
			}
			switch m.Mode {
			case "advantage":
				out.Advantage = true
			case "disadvantage":
				out.Disadvantage = true
			}
			used = true
		}
		if isSave && containsStr(e.FailsSaves, t.ID) {
			out.FailsSave = true
			used = true
		}
		if used && !containsStr(out.From, src.label) {
			out.From = append(out.From, src.label)
		}
	}
	return out
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Defenses are a character's typed defenses from every source, combined:
// immunity wins over resistance, resistance and vulnerability cancel, and
// several resistances never halve twice (a word is listed once).
type Defenses struct {
	Resist              []ruleset.DamageEntry
	Immune              []ruleset.DamageEntry
	Vulnerable          []string
	ConditionImmunities []string
}

// Defenses gathers member i's typed defenses from their conditions,
// levels and items (spec/items.md "Typed defenses").
func (p *Party) Defenses(i int) Defenses {
	ch := p.Character(i)
	resist := map[string]ruleset.DamageEntry{}
	immune := map[string]ruleset.DamageEntry{}
	vuln := map[string]bool{}
	conds := map[string]bool{}
	for _, src := range p.sources(i, ch) {
		e := src.effect
		for _, d := range e.Resist {
			resist[strings.ToLower(d.Type)] = widest(resist[strings.ToLower(d.Type)], d)
		}
		for _, d := range e.Immune {
			immune[strings.ToLower(d.Type)] = widest(immune[strings.ToLower(d.Type)], d)
		}
		for _, w := range e.Vulnerable {
			vuln[strings.ToLower(w)] = true
		}
		for _, c := range e.ConditionImmunities {
			conds[c] = true
		}
	}
	var out Defenses
	for _, w := range sortedKeys(immune) {
		out.Immune = append(out.Immune, immune[w])
	}
	for _, w := range sortedKeys(resist) {
		if _, imm := immune[w]; imm {
			continue
		}
		if vuln[w] {
			continue // resistance and vulnerability cancel out
		}
		out.Resist = append(out.Resist, resist[w])
	}
	for _, w := range sortedKeys(vuln) {
		_, imm := immune[w]
		_, res := resist[w]
		if !imm && !res {
			out.Vulnerable = append(out.Vulnerable, w)
		}
	}
	for _, c := range p.RS.Conditions {
		if conds[c.ID] {
			out.ConditionImmunities = append(out.ConditionImmunities, c.ID)
		}
	}
	return out
}

// widest keeps the entry with fewer exceptions: an unconditional entry
// covers everything a conditional one does.
func widest(have, d ruleset.DamageEntry) ruleset.DamageEntry {
	if have.Type == "" || len(d.Except) < len(have.Except) {
		return d
	}
	return have
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// DefensesText is the summary line: `resists cold; immune to poison;
// vulnerable to fire; immune to Rattled`; "" when there are none.
func (p *Party) DefensesText(d Defenses) string {
	var parts []string
	if len(d.Resist) > 0 {
		parts = append(parts, "resists "+damageList(d.Resist))
	}
	if len(d.Immune) > 0 {
		parts = append(parts, "immune to "+damageList(d.Immune))
	}
	if len(d.Vulnerable) > 0 {
		parts = append(parts, "vulnerable to "+strings.Join(d.Vulnerable, ", "))
	}
	if len(d.ConditionImmunities) > 0 {
		var names []string
		for _, c := range d.ConditionImmunities {
			names = append(names, p.conditionLabel(c))
		}
		parts = append(parts, "immune to "+strings.Join(names, ", "))
	}
	return strings.Join(parts, "; ")
}
