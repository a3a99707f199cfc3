package items

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
)

// Line is an item as the Game Master sees it (forGM) or as the player's
// details show it: `Hand axe [Weapon, Common, Thrown; Damage 1d6, Reach
// close]`, then what it does while worn or carried (`worn: -1 on checks
// (Sneak)` for the GM, `While worn: -1 on checks (Sneak)` for the player),
// what it requires and what it costs. The GM never sees a stat that is not
// promptVisible.
func (p *Party) Line(def *itemrules.Item, name string, forGM bool) string {
	if def.Coin != "" {
		return p.coinLine(def, name)
	}
	b := p.block()
	if def.IsFake() && name != "" && !strings.EqualFold(name, def.Label) {
		return p.fakeLine(def, name, forGM)
	}
	var sb strings.Builder
	if name == "" {
		name = def.Label
	}
	sb.WriteString(name)
	var heads []string
	if c := b.Category(def.Category); c != nil {
		heads = append(heads, c.Label)
	}
	if r := b.Rarity(def.Rarity); r != nil {
		heads = append(heads, r.Label)
	}
	for _, t := range def.Tags {
		if n := b.Tag(t); n != nil {
			heads = append(heads, n.Label)
		}
	}
	var stats []string
	for _, sd := range b.Stats {
		v, ok := def.Stats[sd.ID]
		if !ok || (forGM && !sd.PromptVisible) {
			continue
		}
		stats = append(stats, sd.Label+" "+statText(v))
	}
	sb.WriteString(" [")
	sb.WriteString(strings.Join(heads, ", "))
	if len(stats) > 0 {
		sb.WriteString("; ")
		sb.WriteString(strings.Join(stats, ", "))
	}
	sb.WriteString("]")
	p.writeExtras(&sb, def, forGM)
	return sb.String()
}

// fakeLine is a fake not yet found out (spec/items.md "Honest and
// dishonest sellers"): the player sees the item it passes for; the Game
// Master sees what it really is, marked, and is asked to keep its name.
func (p *Party) fakeLine(def *itemrules.Item, name string, forGM bool) string {
	real := p.block().ItemByRef(def.Market.PassesFor)
	if !forGM && real != nil {
		return p.Line(real, name, false)
	}
	line := strings.TrimPrefix(p.Line(def, def.Label, true), def.Label)
	return name + " (FAKE: really " + def.Label + ")" + line + "; keep calling it " + name
}

// writeExtras writes what follows the brackets, each after "; ": what
// the item does while worn or carried, what it requires, its binding,
// its cost and, for the player, its stack. They are written straight
// into the line, since the line is built for every inventory answer.
func (p *Party) writeExtras(sb *strings.Builder, def *itemrules.Item, forGM bool) {
	worn, carried := "worn: ", "carried: "
	if !forGM {
		worn, carried = "While worn: ", "While carried: "
	}
	if s := p.EffectText(def.Worn); s != "" {
		sb.WriteString("; " + worn + s)
	}
	if s := p.EffectText(def.Carried); s != "" {
		sb.WriteString("; " + carried + s)
	}
	for _, rq := range def.Requires {
		sb.WriteString("; requires " + p.refText(rq.Value) + " " + num(rq.AtLeast))
		if o := p.EffectText(rq.Otherwise); o != "" {
			sb.WriteString(" (otherwise " + o + ")")
		}
	}
	if def.Binds {
		writeBinding(sb, def)
	}
	if def.AttackDef != nil {
		sb.WriteString("; " + p.AttackText(def, forGM))
	}
	if def.UseDef != nil && UseText != nil {
		sb.WriteString("; " + UseText(p, def, forGM))
	}
	if def.Cost != nil {
		sb.WriteString("; costs " + p.CoinText(def.Cost.Amount, def.Cost.Unit))
	}
	if def.Stack > 0 && !forGM {
		fmt.Fprintf(sb, "; a stack holds %d", def.StackLimit())
	}
}

// writeBinding writes "; binds" or "; binds, cursed", then the restriction.
func writeBinding(sb *strings.Builder, def *itemrules.Item) {
	sb.WriteString("; binds")
	if def.Cursed {
		sb.WriteString(", cursed")
	}
	if def.Restriction != "" {
		sb.WriteString(" (" + def.Restriction + ")")
	}
}

// CoinText names an amount of a coin: its `one` for exactly one, its label otherwise.
func (p *Party) CoinText(amount int, unit string) string {
	c, _ := p.block().Coin(unit)
	if c == nil {
		return fmt.Sprintf("%d %s", amount, unit)
	}
	if amount == 1 && c.One != "" {
		return "1 " + c.One
	}
	return fmt.Sprintf("%d %s", amount, c.Label)
}

func statText(v any) string {
	switch x := v.(type) {
	case float64:
		return num(x)
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case string:
		return x
	}
	return fmt.Sprint(v)
}

func num(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func signedNum(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func (p *Party) refText(r valueref.Ref) string {
	switch {
	case r.AbilityScore != "":
		return p.abilityLabel(r.AbilityScore)
	case r.AbilityMod != "":
		return p.abilityLabel(r.AbilityMod) + " modifier"
	case r.Derived != "":
		for _, d := range p.RS.Derived {
			if d.ID == r.Derived && d.Label != "" {
				return d.Label
			}
		}
		return r.Derived
	case r.Field != "":
		for _, f := range p.RS.Fields {
			if f.ID == r.Field && f.Label != "" {
				return f.Label
			}
		}
		return r.Field
	}
	return r.String()
}

func (p *Party) abilityLabel(id string) string {
	if a, ok := p.RS.Ability(id); ok && a.Label != "" {
		return a.Label
	}
	return id
}

func (p *Party) skillLabels(ids []string, saves bool) string {
	list := p.RS.Skills
	if saves {
		list = p.RS.Saves
	}
	var out []string
	for _, id := range ids {
		label := id
		for _, s := range list {
			if s.ID == id {
				label = s.Label
			}
		}
		out = append(out, label)
	}
	return strings.Join(out, ", ")
}

func (p *Party) conditionLabel(id string) string {
	for _, c := range p.RS.Conditions {
		if c.ID == id && c.Label != "" {
			return c.Label
		}
	}
	return id
}

// EffectText says what an effect does, in the words of the spec's lines:
// `-1 on checks (Sneak)`, `+1 on checks (Ward), immune to Rattled`.
func (p *Party) EffectText(e *effectrules.Effect) string {
	if e == nil {
		return ""
	}
	parts := p.appendEffectNames(nil, e)
	parts = p.appendModifiers(parts, e)
	if len(e.FailsSaves) > 0 {
		parts = append(parts, "fails saves ("+p.skillLabels(e.FailsSaves, true)+")")
	}
	for _, ch := range e.Abilities {
		if ch.Set != nil {
			parts = append(parts, fmt.Sprintf("%s at least %d", p.abilityLabel(ch.Ability), *ch.Set))
		} else {
			parts = append(parts, signedNum(ch.Add)+" "+p.abilityLabel(ch.Ability))
		}
	}
	parts = damageParts(parts, e.Resist, e.Immune, e.Vulnerable)
	for _, c := range e.ConditionImmunities {
		parts = append(parts, "immune to "+p.conditionLabel(c))
	}
	if w := p.WeaponsEffectText(e.Weapons); w != "" {
		parts = append(parts, w)
	}
	return strings.Join(parts, ", ")
}

// scopeText names the skills or saves something on checks or saves is
// restricted to: " (Sneak)"; "" when it is not restricted.
func (p *Party) scopeText(to string, skills, saves []string) string {
	switch {
	case to == "checks" && len(skills) > 0:
		return " (" + p.skillLabels(skills, false) + ")"
	case to == "saves" && len(saves) > 0:
		return " (" + p.skillLabels(saves, true) + ")"
	}
	return ""
}

// appendEffectNames words e's effects: "advantage on checks (Sneak)" for
// the check effects, the effect's own words for a fight's.
func (p *Party) appendEffectNames(parts []string, e *effectrules.Effect) []string {
	for _, name := range e.Effects {
		to, what := "", ""
		switch name {
		case effectrules.OwnChecksAdvantage:
			to, what = "checks", "advantage on checks"
		case effectrules.OwnChecksDisadvantage:
			to, what = "checks", "disadvantage on checks"
		case effectrules.OwnSavesAdvantage:
			to, what = "saves", "advantage on saves"
		case effectrules.OwnSavesDisadvantage:
			to, what = "saves", "disadvantage on saves"
		default:
			what = strings.ReplaceAll(name, "-", " ")
		}
		parts = append(parts, what+p.scopeText(to, e.Skills, e.Saves))
	}
	return parts
}

// modifierWords words one modifier's change, as both a check modifier and
// a weapons effect write it: "-1", "+1d4", "advantage", in that order.
func modifierWords(flat int, dice string, minus bool, mode string) []string {
	var what []string
	if flat != 0 {
		what = append(what, signedNum(flat))
	}
	if dice != "" {
		sign := "+"
		if minus {
			sign = "-"
		}
		what = append(what, sign+dice)
	}
	if mode != "" {
		what = append(what, mode)
	}
	return what
}

// appendModifiers words e's modifiers: "-1 +1d4 advantage on checks (Sneak)".
func (p *Party) appendModifiers(parts []string, e *effectrules.Effect) []string {
	for _, m := range e.Modifiers {
		skills, saves := modifierScope(e, m)
		what := modifierWords(m.Flat, m.Dice, m.Minus, m.Mode)
		if len(what) == 0 {
			continue // a +0 changes nothing and has no words ("carried: +0 Sneak")
		}
		parts = append(parts, strings.Join(what, " ")+" on "+m.To+p.scopeText(m.To, skills, saves))
	}
	return parts
}

// damageParts appends the damage defenses in the words an effect's line
// and the defenses summary share: "resists ...", "immune to ...",
// "vulnerable to ...", each only when there is one.
func damageParts(parts []string, resist, immune []effectrules.DamageEntry, vulnerable []string) []string {
	if len(resist) > 0 {
		parts = append(parts, "resists "+damageList(resist))
	}
	if len(immune) > 0 {
		parts = append(parts, "immune to "+damageList(immune))
	}
	if len(vulnerable) > 0 {
		parts = append(parts, "vulnerable to "+strings.Join(vulnerable, ", "))
	}
	return parts
}

func damageList(list []effectrules.DamageEntry) string {
	var out []string
	for _, d := range list {
		out = append(out, d.String())
	}
	return strings.Join(out, ", ")
}

// SlotsLine shows each slot in use: `Body 1/1, Hands 2/2`.
func (p *Party) SlotsLine(m *Member) string {
	b := p.block()
	if b == nil || len(b.Slots) == 0 {
		return ""
	}
	free := p.freeSlots(m)
	var out []string
	for _, sd := range b.Slots {
		out = append(out, fmt.Sprintf("%s %d/%d", sd.Label, sd.Count-free[sd.ID], sd.Count))
	}
	return strings.Join(out, ", ")
}

// LoadLine is a member's load against their numbers: `load 4.25 of 6
// bulk (limit 12)`, with `encumbered` when above.
func (p *Party) LoadLine(i int) string {
	b := p.block()
	if b == nil || b.Carry == nil {
		return ""
	}
	enc, lim := p.Capacity(i)
	unit := ""
	if b.Carry.Unit != "" {
		unit = " " + b.Carry.Unit
	}
	s := fmt.Sprintf("load %s of %s%s", num(round2(p.Load(i))), num(enc), unit)
	if !math.IsInf(lim, 1) {
		s += fmt.Sprintf(" (limit %s)", num(lim))
	}
	if p.Encumbered(i) {
		s += ", encumbered"
	}
	return s
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// Block is the inventory block the Game Master reads: each character's
// load, slots and bound items, their typed defenses when they have any,
// and each stack with its line and whether it is worn or bound.
func (p *Party) Block() string {
	var sb strings.Builder
	sb.WriteString("INVENTORY\n")
	for i, m := range p.Members {
		sb.WriteString(p.memberHeading(i))
		sb.WriteString(":\n")
		if d := p.DefensesLine(i); d != "" {
			sb.WriteString(d + "\n")
		}
		if len(m.Bag) == 0 {
			sb.WriteString("- nothing\n")
		}
		for j := range m.Bag {
			s := &m.Bag[j]
			sb.WriteString("- ")
			if def := p.Def(s); def != nil && def.Coin != "" {
				sb.WriteString(p.CoinText(s.Count, def.Coin) + "\n") // "432 pennies", "1 penny"
				continue
			}
			if s.Count != 1 {
				sb.WriteString(fmt.Sprintf("%d× ", s.Count))
			}
			if def := p.Def(s); def != nil {
				sb.WriteString(p.Line(def, s.Name, true))
			} else {
				sb.WriteString(s.Name)
			}
			var state []string
			if s.Equipped {
				state = append(state, "equipped")
			}
			if s.Bound {
				state = append(state, "bound")
			}
			if p.Worn(s) {
				state = append(state, "worn")
			}
			state = append(state, p.stackExtras(s)...)
			if note := stackNote(p, i, s); note != "" {
				state = append(state, note)
			}
			if len(state) > 0 {
				sb.WriteString(" (" + strings.Join(state, ", ") + ")")
			}
			sb.WriteString("\n")
		}
	}
	return sb.String()
}
