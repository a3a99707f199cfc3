package use

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
)

func init() { items.UseText = Describe }

// Describe is what using an item does, as the Game Master's line says it:
// `use (Act): heals 1d4 + 1, range 0, used up`, `use (Act): Steel 7 save
// negates it, Rattled for 2 rounds, 1 of 3 charges a use`.
func Describe(p *items.Party, def *ruleset.Item) string {
	u := def.UseDef
	if u == nil {
		return ""
	}
	var parts []string
	switch {
	case u.Kind == "heal" && u.Amount != nil:
		parts = append(parts, "heals "+amountText(*u.Amount))
	case u.Kind == "attack" && u.Amount != nil:
		dmg := amountText(*u.Amount)
		if u.DamageType != "" {
			dmg += " " + u.DamageType
		}
		parts = append(parts, dmg+" damage")
	}
	if u.Temporary != nil {
		parts = append(parts, amountText(*u.Temporary)+" temporary")
	}
	if u.Restore != nil {
		parts = append(parts, "restores "+amountText(u.Restore.Amount)+" "+poolLabel(p.RS, u.Restore.Pool))
	}
	if u.Save != nil {
		parts = append(parts, saveText(p, def, u))
	}
	for _, a := range u.Applies {
		s := p.ConditionLabel(a.Condition)
		if a.Rounds > 0 {
			s += fmt.Sprintf(" for %s", plural(a.Rounds, "round"))
		}
		parts = append(parts, s)
	}
	if u.Range != nil {
		parts = append(parts, fmt.Sprintf("range %g", *u.Range))
	}
	if u.Targets != "" {
		parts = append(parts, "on "+targetWord(u.Targets))
	}
	if u.Gate != nil {
		parts = append(parts, gateText(p, def))
	}
	switch {
	case u.Consumes:
		parts = append(parts, "used up")
	case u.Charges > 0:
		parts = append(parts, fmt.Sprintf("%d of %d charges a use", u.Charges, def.ChargesMax()))
	}
	if c := def.ChargeDef; c != nil {
		parts = append(parts, chargesText(p, c)...)
	}
	return fmt.Sprintf("use (%s): %s", budgetText(u), strings.Join(parts, ", "))
}

func budgetText(u *ruleset.Use) string {
	if u.Free {
		return "Free"
	}
	if u.Budget == "" {
		return "?"
	}
	return strings.ToUpper(u.Budget[:1]) + u.Budget[1:]
}

func amountText(a ruleset.UseAmount) string {
	switch {
	case a.Dice != "" && a.Flat > 0:
		return fmt.Sprintf("%s + %d", a.Dice, a.Flat)
	case a.Dice != "" && a.Flat < 0:
		return fmt.Sprintf("%s - %d", a.Dice, -a.Flat)
	case a.Dice != "":
		return a.Dice
	}
	return fmt.Sprint(a.Flat)
}

func targetWord(t string) string {
	switch t {
	case "self":
		return "oneself"
	case "ally":
		return "an ally"
	case "enemy":
		return "an enemy"
	}
	return "anyone"
}

func saveText(p *items.Party, def *ruleset.Item, u *ruleset.Use) string {
	label := u.Save.Save
	for _, s := range p.RS.Saves {
		if s.ID == u.Save.Save {
			label = s.Label
		}
	}
	dc := u.SaveDifficulty
	if u.SaveDifficultyStat != "" {
		if f, ok := def.Number(u.SaveDifficultyStat); ok {
			dc = int(f)
		}
	}
	what := "negates it"
	switch u.Save.OnSuccess {
	case "half":
		what = "halves it"
	case "none":
		what = "does not stop it"
	}
	return fmt.Sprintf("%s %d save %s", label, dc, what)
}

func gateText(p *items.Party, def *ruleset.Item) string {
	g := def.UseDef.Gate
	what := ""
	switch {
	case g.Skill != "":
		what = skillLabel(p.RS, g.Skill)
	case g.Ability != "":
		if a, ok := p.RS.Ability(g.Ability); ok {
			what = a.Label
		}
	case g.Value != nil:
		what = refLabel(p.RS, *g.Value)
	}
	s := what + " check first"
	if d, ok := def.GateDifficulty(); ok {
		s = fmt.Sprintf("%s check against %d first", what, d)
	} else {
		s += " (no difficulty: cannot be used)"
	}
	if g.Unless != nil {
		s += fmt.Sprintf(", skipped at %s %g", refLabel(p.RS, g.Unless.Value), g.Unless.AtLeast)
	}
	return s
}

func chargesText(p *items.Party, c *ruleset.ItemCharges) []string {
	var out []string
	if r := c.Recharge; r != nil {
		var rests []string
		for _, id := range r.Rests {
			if rd, ok := p.RS.RestDecl(id); ok {
				rests = append(rests, rd.Label)
			}
		}
		amt := "all"
		if !r.Full {
			amt = amountText(r.Amount)
		}
		out = append(out, fmt.Sprintf("recharges %s on a %s", amt, strings.Join(rests, " or ")))
	}
	if b := c.BreaksOn; b != nil {
		out = append(out, fmt.Sprintf("breaks on %d or less on a d%d when emptied", b.AtMost, b.Die))
	}
	return out
}
