package items

import (
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// source is one thing acting on a character: a condition, a level, an
// item while worn or carried, an unmet requirement's otherwise, or the
// rows of a sheet list that combat.sheetHides reads.
type source struct {
	label  string
	effect *ruleset.Effect
}

// sources lists what acts on member i, in a fixed order: the conditions
// that hold, then levels (as the sheet lists them), then items in bag
// order, each item's unmet requirements right after it, then the sheet
// lists. ch is the character the requirements read; nil computes it.
func (p *Party) sources(i int, ch *sheet.Character) []source {
	return p.view(i, ch).sources
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
