package items

import (
	"fmt"
	"strconv"
	"strings"

	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// AttackText says what a weapon does, in the spec's words (spec/items.md
// "Weapons in a fight" and the sections after it), with the item's own
// stats read in: for the Game Master `attack (Action): Brawn to hit, 1d6 +
// Brawn cut, reach 2 paces, range 10 to 20 paces`, and for the player's
// details the same with a capital and "damage" after the damage. ""
// when def has no attack.
func (p *Party) AttackText(def *itemrules.Item, forGM bool) string {
	w := ResolveWeapon(p.block(), def)
	if w == nil {
		return ""
	}
	wl := weaponLine{p: p, w: w, ci: p.RS.CombatItems, pool: p.RS.Resolution != nil && p.RS.Resolution.Kind == "dice-pool"}
	parts := []string{wl.toHit()}
	if w.ToHit.Target > 0 {
		parts = append(parts, "at "+strconv.Itoa(w.ToHit.Target))
	}
	dmg := wl.damage()
	if !forGM {
		dmg += " damage"
	}
	parts = append(parts, dmg)
	parts = append(parts, wl.extras(def)...)
	head := "attack"
	if !forGM {
		head = "Attack"
	}
	return head + " (" + wl.ci.BudgetLabel(w.Budget) + "): " + strings.Join(parts, ", ")
}

// weaponLine words one resolved weapon.
type weaponLine struct {
	p    *Party
	w    *Weapon
	ci   *fightrules.CombatItems
	pool bool
}

// toHit: "Brawn to hit", "Brawn or Wits + Sneak + proficiency +1 to hit".
func (wl weaponLine) toHit() string {
	th := wl.w.ToHit
	var terms []string
	if len(th.Abilities) > 0 {
		terms = append(terms, wl.abilities(th.Abilities))
	}
	if th.Skill != "" {
		terms = append(terms, wl.p.skillLabels([]string{th.Skill}, false))
	}
	if th.Proficiency != nil {
		terms = append(terms, "proficiency")
	}
	if th.SheetBonus != nil {
		terms = append(terms, wl.p.refText(*th.SheetBonus))
	}
	s := strings.Join(terms, " + ")
	switch {
	case th.Bonus != 0 && s != "":
		s += " " + signedNum(th.Bonus)
	case th.Bonus != 0 || s == "":
		s = signedNum(th.Bonus)
	}
	return s + " to hit"
}

func (wl weaponLine) abilities(ids []string) string {
	labels := make([]string, len(ids))
	for i, id := range ids {
		labels[i] = wl.p.abilityLabel(id)
	}
	return strings.Join(labels, " or ")
}

// damage: "1d6 + Brawn cut"; a pool fight's hit deals its successes and
// the dice's count more dice: "successes + 2 dice shot".
func (wl weaponLine) damage() string {
	w := wl.w
	var terms []string
	switch {
	case wl.pool:
		terms = append(terms, "successes")
		if w.Dice != "" {
			terms = append(terms, plural(diceCount(w.Dice), "die", "dice"))
		}
	case w.Dice != "":
		terms = append(terms, w.Dice)
	}
	if len(w.DamageAbilities) > 0 {
		terms = append(terms, wl.abilities(w.DamageAbilities))
	}
	if w.DamageSheet != nil {
		s := wl.p.refText(*w.DamageSheet)
		if w.OneHanded {
			s += " in one hand"
		}
		terms = append(terms, s)
	}
	s := strings.Join(terms, " + ")
	if w.DamageBonus != 0 {
		s = strings.TrimSpace(s + " " + signedNum(w.DamageBonus))
	}
	if w.DamageType != "" {
		s = strings.TrimSpace(s + " " + w.DamageType)
	}
	return s
}

// extras are the rest in the spec's order: versatile dice, reroll,
// reach and range, strikes, ammunition, clip, modes, off hand, floor,
// conditions on a hit and plus clauses.
func (wl weaponLine) extras(def *itemrules.Item) []string {
	w := wl.w
	var out []string
	if w.VersatileDice != "" {
		out = append(out, w.VersatileDice+" "+roomWords(wl.p.block(), def))
	}
	if w.RerollUpTo != nil {
		out = append(out, "damage dice at or below "+wl.p.refText(*w.RerollUpTo)+" rolled again with both hands")
	}
	if w.HasReach {
		out = append(out, "reach "+wl.ci.Paces(w.Reach))
	}
	if w.HasRange {
		out = append(out, "range "+wl.rangeText())
	}
	if w.Strikes != nil {
		out = append(out, wl.p.refText(*w.Strikes)+" strikes a spend")
	}
	if w.Ammo != nil {
		out = append(out, wl.ammoText())
	}
	if w.ClipMax > 0 {
		out = append(out, fmt.Sprintf("holds %d, reload (%s)", w.ClipMax, wl.ci.BudgetLabel(w.Reload)))
	}
	if len(w.Modes) > 0 {
		out = append(out, wl.modesText())
	}
	if w.OffHand && wl.ci != nil && wl.ci.OffHand != nil {
		out = append(out, "off hand ("+wl.ci.BudgetLabel(wl.ci.OffHand.Budget)+")")
	}
	if w.HasFloor {
		out = append(out, fmt.Sprintf("at least %d on a hit before resistance", w.Floor))
	}
	for _, h := range w.OnHit {
		out = append(out, wl.onHitText(h))
	}
	for _, c := range w.Plus {
		out = append(out, wl.plusText(def, c))
	}
	return out
}

// roomWords: "with a hand free" for one of two hands, otherwise "with
// room for as many again".
func roomWords(b *itemrules.ItemsBlock, def *itemrules.Item) string {
	if len(def.Slots) == 1 && def.Slots[0].Count == 1 && b != nil {
		if sd := b.Slot(def.Slots[0].Slot); sd != nil && strings.EqualFold(sd.Label, "hands") {
			return "with a hand free"
		}
	}
	return "with room for as many again"
}

// rangeText: "10 to 20 paces", or "10 paces" without a longer reach.
func (wl weaponLine) rangeText() string {
	w := wl.w
	if w.RangeLong > w.RangeNormal {
		return num(w.RangeNormal) + " to " + wl.ci.Paces(w.RangeLong)
	}
	return wl.ci.Paces(w.RangeNormal)
}

// ammoText: "ammunition Arrow (1 an attack, 50% picked up after a won fight)".
func (wl weaponLine) ammoText() string {
	a := wl.w.Ammo
	label := a.Tag
	if b := wl.p.block(); b != nil {
		if t := b.Tag(a.Tag); t != nil {
			label = t.Label
		}
	}
	s := fmt.Sprintf("ammunition %s (%d an attack", label, a.PerAttack)
	if a.Recover > 0 {
		s += ", " + num(round2(a.Recover*100)) + "% picked up after a won fight"
	}
	return s + ")"
}

// modesText: "modes Volley (2 shots, -2 to hit, up to 2 targets)".
func (wl weaponLine) modesText() string {
	var modes []string
	for _, m := range wl.w.Modes {
		var parts []string
		if m.Ammo > 0 {
			parts = append(parts, plural(m.Ammo, "shot", "shots"))
		}
		if m.ToHit != 0 {
			if wl.pool {
				parts = append(parts, signedNum(m.ToHit)+" dice to hit")
			} else {
				parts = append(parts, signedNum(m.ToHit)+" to hit")
			}
		}
		if m.Target != 0 {
			parts = append(parts, "target "+signedNum(m.Target))
		}
		if m.Targets > 1 {
			parts = append(parts, fmt.Sprintf("up to %d targets", m.Targets))
		}
		s := m.Label
		if len(parts) > 0 {
			s += " (" + strings.Join(parts, ", ") + ")"
		}
		modes = append(modes, s)
	}
	return "modes " + strings.Join(modes, ", ")
}

// onHitText: "Marked for 2 rounds when a hit deals 2 or more", with its
// save: "(Steel 12 save avoids it)" or "until a Steel 15 save at the
// start of their turn".
func (wl weaponLine) onHitText(h itemrules.OnHit) string {
	s := wl.p.conditionLabel(h.Condition)
	if h.Rounds > 0 {
		s += " for " + plural(h.Rounds, "round", "rounds")
	}
	if h.SaveEnds != nil {
		label := wl.saveLabel(h.SaveEnds.Save)
		s += fmt.Sprintf(" until %s %s %d save %s", article(label), label, h.SaveEnds.Difficulty, saveEndsWhen(h.SaveEnds.At))
	}
	s += fmt.Sprintf(" when a hit deals %d or more", h.AtLeast)
	if h.Save != nil {
		s += fmt.Sprintf(" (%s %d save avoids it)", wl.saveLabel(h.Save.Save), h.Save.Difficulty)
	}
	return s
}

// article is "an" before a vowel, "a" otherwise.
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

func saveEndsWhen(at string) string {
	switch at {
	case "turn-start":
		return "at the start of their turn"
	case "turn-end":
		return "at the end of their turn"
	}
	return "on taking damage"
}

func (wl weaponLine) saveLabel(id string) string {
	return wl.p.skillLabels([]string{id}, true)
}

// plusText: "+3d6 slashing against Dragon", "+14 slashing on a critical
// hit", "+2d6 fire while Flames is on".
func (wl weaponLine) plusText(def *itemrules.Item, c itemrules.PlusClause) string {
	var amt []string
	if c.Dice != "" {
		amt = append(amt, c.Dice)
	}
	if c.Flat != 0 || c.Dice == "" {
		amt = append(amt, strconv.Itoa(c.Flat))
	}
	s := "+" + strings.Join(amt, " + ")
	if c.Type != "" {
		s += " " + c.Type
	}
	if t := c.TargetIs; t != nil {
		var who []string
		for _, w := range append(append([]string(nil), t.Types...), t.Tags...) {
			who = append(who, capitalize(w))
		}
		s += " against " + strings.Join(who, " or ")
	}
	switch c.When {
	case "critical":
		s += " on a critical hit"
	case "toggled":
		label := "its switch"
		if def.Toggle != nil && def.Toggle.Label != "" {
			label = def.Toggle.Label
		}
		s += " while " + label + " is on"
	}
	if sv := c.Save; sv != nil {
		what := "halves it"
		if sv.OnSuccess == "none" {
			what = "avoids it"
		}
		if sv.Save == "" {
			s += fmt.Sprintf(" (a save against %d %s)", sv.Difficulty, what)
		} else {
			s += fmt.Sprintf(" (%s %d save %s)", wl.saveLabel(sv.Save), sv.Difficulty, what)
		}
	}
	return s
}

// WeaponsEffectText words an item's weapons effect: "with Thrown
// weapons: +1 on attacks, +1d4 on damage" ("with weapons: ..." without
// tags).
func (p *Party) WeaponsEffectText(w *effectrules.WeaponsEffect) string {
	if w == nil || len(w.Modifiers) == 0 {
		return ""
	}
	var parts []string
	for _, m := range w.Modifiers {
		what := modifierWords(m.Flat, m.Dice, m.Minus, m.Mode)
		parts = append(parts, strings.Join(what, " ")+" on "+m.To)
	}
	head := "with weapons"
	if len(w.Tags) > 0 {
		var labels []string
		for _, t := range w.Tags {
			label := t
			if b := p.block(); b != nil {
				if n := b.Tag(t); n != nil {
					label = n.Label
				}
			}
			labels = append(labels, label)
		}
		head = "with " + strings.Join(labels, " or ") + " weapons"
	}
	return head + ": " + strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// diceCount is how many dice a notation rolls ("2d10" is 2), the extra
// dice of the pool's own die a pool fight's hit adds.
func diceCount(notation string) int {
	head, _, _ := strings.Cut(strings.ToLower(notation), "d")
	n, err := strconv.Atoi(strings.TrimSpace(head))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
