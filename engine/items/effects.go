package items

import (
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	"github.com/rulehost/rulehost/engine/sheet"
)

// source is one thing acting on a character: a condition, a level, an
// item while worn or carried, an unmet requirement's otherwise, or the
// rows of a sheet list that combat.sheetHides reads.
type source struct {
	label  string
	effect *effectrules.Effect
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
		return p.effectsFor(i, c.Env.Char, c.Target, c.Res == nil || c.Res.ReadsAdvantage())
	}
}

// effectsFor gathers what member i's sources do to the check t. modes is
// false on a kind that has no advantage: advantage and disadvantage
// then change nothing, so a source that only gives them is not named in
// from= (an item that changes nothing on a check is never there).
func (p *Party) effectsFor(i int, ch *sheet.Character, t check.Target, modes bool) check.Effects {
	return gather(p.sources(i, ch), t, modes)
}

// gather sums what the sources do to the check t (see effectsFor).
func gather(srcs []source, t check.Target, modes bool) check.Effects {
	var out check.Effects
	for _, src := range srcs {
		e := src.effect
		used := addEffectModes(&out, e, t) && modes
		if addModifiers(&out, e, t, modes) {
			used = true
		}
		if t.Type == "save" && containsStr(e.FailsSaves, t.ID) {
			out.FailsSave = true
			used = true
		}
		if used && !containsStr(out.From, src.label) {
			out.From = append(out.From, src.label)
		}
	}
	return out
}

// refersTo reports whether something "to" checks or saves, restricted to
// skills or saves (none: all), refers to the check t. A check with no
// skill (an ability check, or one the ruleset cannot name) reads only
// what is not restricted to skills.
func refersTo(t check.Target, to string, skills, saves []string) bool {
	isSave := t.Type == "save"
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

// addEffectModes adds the advantage and disadvantage of e's own-checks
// and own-saves effects that refer to t (the rest are a fight's); true
// when any did.
func addEffectModes(out *check.Effects, e *effectrules.Effect, t check.Target) bool {
	used := false
	for _, name := range e.Effects {
		switch name {
		case effectrules.OwnChecksAdvantage, effectrules.OwnChecksDisadvantage:
			if !refersTo(t, "checks", e.Skills, nil) {
				continue
			}
		case effectrules.OwnSavesAdvantage, effectrules.OwnSavesDisadvantage:
			if !refersTo(t, "saves", nil, e.Saves) {
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
	return used
}

// addModifiers adds the number, dice and mode of each of e's modifiers
// that refers to t; true when any changed something (a mode counts only
// where the kind reads modes).
func addModifiers(out *check.Effects, e *effectrules.Effect, t check.Target, modes bool) bool {
	used := false
	for _, m := range e.Modifiers {
		skills, saves := modifierScope(e, m)
		if !refersTo(t, m.To, skills, saves) {
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
		if m.Flat != 0 || m.Dice != "" || (m.Mode != "" && modes) {
			used = true
		}
	}
	return used
}

// modifierScope is what a modifier refers to: its own skills and saves,
// or, when it names none, its effect's.
func modifierScope(e *effectrules.Effect, m effectrules.Modifier) (skills, saves []string) {
	if len(m.Skills) == 0 && len(m.Saves) == 0 {
		return e.Skills, e.Saves
	}
	return m.Skills, m.Saves
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
