package use

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

func init() {
	items.UseText = func(p *items.Party, def *itemrules.Item, forGM bool) string {
		if forGM {
			return Describe(p, def)
		}
		return Details(p, def)
	}
}

// Describe is what using an item does, as the Game Master's line says it
// (spec/items.md "Using items in a fight"): `use (Act): Steel 7 save
// negates it, Rattled, 1 of 3 charges`.
func Describe(p *items.Party, def *itemrules.Item) string {
	if def.UseDef == nil {
		return ""
	}
	return "use (" + budgetText(p.RS, def.UseDef) + "): " + strings.Join(useParts(p, def, false), ", ")
}

// Details is what using an item does as its details show it to the
// player: `Use (Action): heals 1d4 + 1, range 0 paces, used up`, with how
// long each condition lasts and what brings the charges back.
func Details(p *items.Party, def *itemrules.Item) string {
	if def.UseDef == nil {
		return ""
	}
	parts := useParts(p, def, true)
	if c := def.ChargeDef; c != nil {
		parts = append(parts, chargesText(p, c)...)
	}
	return "Use (" + budgetText(p.RS, def.UseDef) + "): " + strings.Join(parts, ", ")
}

// StackDetails is Details for one stack, with the charges it has left
// (`2 of 3 charges left`), as the item's details show them.
func StackDetails(p *items.Party, s *items.Stack) string {
	def := p.Def(s)
	if def == nil || def.UseDef == nil {
		return ""
	}
	d := Details(p, def)
	if left, maxN, ok := p.ChargesLeft(s); ok {
		d += fmt.Sprintf(", %d of %d charges left", left, maxN)
	}
	return d
}

// useParts are the clauses both lines share, in this order: what it
// deals or heals, temporary points, a restore, the save, the conditions,
// the plus clauses, the attack roll, the range and area, whom it is used
// on when that is not its kind's default, the gate, and what it costs.
// A condition's rounds are left to the details (the line is read every
// turn; the fight says when a condition ends).
func useParts(p *items.Party, def *itemrules.Item, details bool) []string {
	u := def.UseDef
	var parts []string
	switch {
	case u.Kind == "heal" && u.Amount != nil:
		parts = append(parts, "heals "+amountText(*u.Amount))
	case (u.Kind == "attack" || u.Kind == "debuff") && u.Amount != nil:
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
		if details && a.Rounds > 0 {
			s += " for " + plural(a.Rounds, "round")
		}
		parts = append(parts, s)
	}
	for _, c := range u.Plus {
		parts = append(parts, plusText(c))
	}
	if u.AttackRoll {
		parts = append(parts, toHitText(p, def))
	}
	if u.Range != nil {
		parts = append(parts, "range "+distanceText(p.RS, *u.Range))
	}
	if a := u.Area; a != nil {
		parts = append(parts, fmt.Sprintf("a %s of %s", a.Shape, distanceText(p.RS, a.Size)))
		if u.FriendlyFire {
			parts = append(parts, "friendly fire")
		}
	}
	if u.TargetCount > 1 {
		parts = append(parts, fmt.Sprintf("up to %d targets", u.TargetCount))
	}
	if z := u.Zone; z != nil {
		parts = append(parts, fmt.Sprintf("leaves a zone for %s", plural(z.Rounds, "round")))
	}
	if u.Targets != "" && u.Targets != TargetsOf(&itemrules.Use{Kind: u.Kind}) {
		parts = append(parts, "on "+TargetWord(u.Targets))
	}
	if u.Gate != nil {
		parts = append(parts, gateText(p, def))
	}
	switch {
	case u.Consumes:
		parts = append(parts, "used up")
	case u.Charges > 0:
		parts = append(parts, fmt.Sprintf("%d of %d charges", u.Charges, def.ChargesMax()))
	}
	return parts
}

// budgetText is the budget's label in combat.economy.budgets, or its id
// capitalized (`Act`); `Free` for a free use.
func budgetText(rs *ruleset.Ruleset, u *itemrules.Use) string {
	if u.Free {
		return "Free"
	}
	if u.Budget == "" {
		return "?"
	}
	if l := budgetLabel(rs, u.Budget); l != "" {
		return l
	}
	return capitalize(u.Budget)
}

// capitalize upper-cases the first letter of a word, whatever its script.
func capitalize(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	if n == 0 || r == utf8.RuneError {
		return w
	}
	return string(unicode.ToUpper(r)) + w[n:]
}

// combatRaw is the combat block as written, nil without one.
func combatRaw(rs *ruleset.Ruleset) map[string]any {
	if rs == nil {
		return nil
	}
	c, _ := rs.Raw["combat"].(map[string]any)
	return c
}

// budgetLabel reads a budget's label from combat.economy.budgets.
func budgetLabel(rs *ruleset.Ruleset, id string) string {
	e, _ := combatRaw(rs)["economy"].(map[string]any)
	arr, _ := e["budgets"].([]any)
	for _, raw := range arr {
		if b, ok := raw.(map[string]any); ok && b["id"] == id {
			l, _ := b["label"].(string)
			return l
		}
	}
	return ""
}

// distanceText is a distance in combat.distance's unit (`0 paces`, `1
// pace`), the bare number without a unit.
func distanceText(rs *ruleset.Ruleset, n float64) string {
	num := strconv.FormatFloat(n, 'f', -1, 64)
	d, _ := combatRaw(rs)["distance"].(map[string]any)
	unit, _ := d["unit"].(string)
	if one, _ := d["one"].(string); n == 1 && one != "" {
		unit = one
	}
	if unit == "" {
		return num
	}
	return num + " " + unit
}

// plusText is a plus clause: `+3d6 slashing against Dragon`, `+14
// slashing on a critical hit`.
func plusText(c itemrules.UsePlus) string {
	s := "+" + amountText(itemrules.UseAmount{Dice: c.Dice, Flat: c.Flat})
	if c.Type != "" {
		s += " " + c.Type
	}
	var who []string
	if c.TargetIs != nil {
		who = append(append(who, c.TargetIs.Types...), c.TargetIs.Tags...)
	}
	if len(who) > 0 {
		for i, w := range who {
			who[i] = capitalize(w)
		}
		s += " against " + strings.Join(who, " or ")
	}
	switch c.When {
	case "critical":
		s += " on a critical hit"
	case "toggled":
		s += " while on"
	}
	if c.Save != nil {
		s += " (" + c.Save.Save
		if c.Save.Difficulty > 0 {
			s += " " + strconv.Itoa(c.Save.Difficulty)
		}
		if c.Save.OnSuccess == "none" {
			s += " save negates it)"
		} else {
			s += " save halves it)"
		}
	}
	return s
}

// toHitText says what the attack roll of def's use adds, with the item's
// own stats read in as the roll reads them: `Brawn to hit`, `+2 to hit`,
// `Brawn + 1 to hit at 6`.
func toHitText(p *items.Party, def *itemrules.Item) string {
	th, ok := p.UseToHit(def)
	if !ok {
		return "an attack roll"
	}
	rs := p.RS
	var adds []string
	var abil []string
	for _, id := range th.Abilities {
		if a, ok := rs.Ability(id); ok {
			abil = append(abil, a.Label)
		}
	}
	if len(abil) > 0 {
		adds = append(adds, strings.Join(abil, " or "))
	}
	if th.Skill != "" {
		adds = append(adds, skillLabel(rs, th.Skill))
	}
	if th.Proficiency != nil {
		adds = append(adds, "proficiency")
	}
	if th.SheetBonus != nil {
		adds = append(adds, refLabel(rs, *th.SheetBonus))
	}
	s := strings.Join(adds, " + ")
	switch {
	case s == "" && th.Bonus == 0:
		s = "an attack roll"
	case s == "":
		s = signedText(th.Bonus) + " to hit"
	case th.Bonus != 0:
		s += " " + strings.Replace(signedText(th.Bonus), "+", "+ ", 1) + " to hit"
	default:
		s += " to hit"
	}
	s = strings.Replace(s, " -", " - ", 1)
	if th.Target > 0 {
		s += " at " + strconv.Itoa(th.Target)
	}
	return s
}

func amountText(a itemrules.UseAmount) string {
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

// TargetWord words a use's `targets` as its lines say it ("an ally");
// the Classic and Tactical bridge says it the same way.
func TargetWord(t string) string {
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

func saveText(p *items.Party, def *itemrules.Item, u *itemrules.Use) string {
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

func gateText(p *items.Party, def *itemrules.Item) string {
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

func chargesText(p *items.Party, c *itemrules.ItemCharges) []string {
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
