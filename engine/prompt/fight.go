package prompt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
)

// FightData is the fight section's facts: the creatures a start accepts,
// the steps this ruleset's fight offers, and the fight going on, if any.
type FightData struct {
	// Pool is true for a pool fight (dice-pool), false for a summed one.
	Pool bool      `json:"pool,omitempty"`
	Foes []FoeInfo `json:"foes"`
	// Budgets are combat.economy.budgets' labels: what a step spends, once
	// per round each.
	Budgets []string `json:"budgets,omitempty"`
	// Modes, OffHand and Spend say which attack attributes apply here:
	// a weapon with modes, combat.offHand, strikes that spend or take
	// (hardness: fighters have a number).
	Modes   bool `json:"modes,omitempty"`
	OffHand bool `json:"offHand,omitempty"`
	Spend   bool `json:"spend,omitempty"`
	// Now is the fight going on in the session, nil when there is none.
	Now      *fight.Board `json:"now,omitempty"`
	Examples []string     `json:"examples"`
}

// FoeInfo is one creature of the bestiary as the GM names it.
type FoeInfo struct {
	ID      string   `json:"id"`
	Label   string   `json:"label"`
	Attacks []string `json:"attacks"`
}

// fightSection exists only where the engine resolves the ruleset's fights
// (fight.Resolves, the start's own predicate): a ruleset whose fights the
// GM narrates is never taught [fight:].
func fightSection(rs *ruleset.Ruleset, p *items.Party) (Section, bool) {
	foes := fight.Foes(rs)
	if len(foes) == 0 {
		return Section{}, false
	}
	d := &FightData{Pool: rs.Resolution.Kind == "dice-pool", Now: fight.Now(p)}
	for _, c := range foes {
		fi := FoeInfo{ID: c.ID, Label: c.Label}
		for _, a := range c.Attacks {
			fi.Attacks = append(fi.Attacks, a.ID)
		}
		d.Foes = append(d.Foes, fi)
	}
	if ci := rs.CombatItems; ci != nil {
		for _, b := range ci.Budgets {
			d.Budgets = append(d.Budgets, labelOr(b.Label, b.ID))
		}
		d.OffHand = ci.OffHand != nil
	}
	d.Spend = d.Pool && rs.CombatItems != nil && rs.CombatItems.Hardness != nil
	if rs.Items != nil {
		for _, it := range rs.Items.Items {
			d.Modes = d.Modes || (it.AttackDef != nil && len(it.AttackDef.Modes) > 0)
		}
	}
	d.Examples = fightExamples(foes[0], p)
	return Section{Name: Fight, Data: d, Text: fightText(d)}, true
}

// fightExamples are one short fight the engine answers on the party as
// it stands: two of the first creature, the first attacks a member, a
// member who wields a weapon ready to strike (fight.Ready) reloads it if
// it must, the round ends, and strikes the second; the round ends and
// the party flees (a won fight would roll loot the GM has not asked for).
func fightExamples(c *fightrules.Creature, p *items.Party) []string {
	ex := []string{fmt.Sprintf(`[fight: op="start" foes="2 %s"]`, c.Label)}
	attacker, weapon, reload := -1, "", false
	for i := range p.Members {
		if w, r, ok := fight.Ready(p, i); ok {
			attacker, weapon, reload = i, w, r
			break
		}
	}
	if len(p.Members) > 0 && len(c.Attacks) > 0 {
		// The creature strikes someone other than the attacker where it can,
		// so the member's attack example is not made by someone it downed.
		target := len(p.Members) - 1
		if target == attacker && target > 0 {
			target = 0
		}
		ex = append(ex, fmt.Sprintf(`[fight: op="attack" who="%s 1" attack="%s" target="%s"]`, c.Label, c.Attacks[0].ID, p.Members[target].Name))
	}
	if attacker >= 0 {
		who := p.Members[attacker].Name
		if reload {
			ex = append(ex, fmt.Sprintf(`[fight: op="reload" who="%s" weapon="%s"]`, who, weapon), `[fight: op="round"]`)
		}
		ex = append(ex, fmt.Sprintf(`[fight: op="attack" who="%s" weapon="%s" target="%s 2"]`, who, weapon, c.Label))
	}
	return append(ex, `[fight: op="round"]`, `[fight: op="end" outcome="fled"]`)
}

func fightText(d *FightData) string {
	var b strings.Builder
	b.WriteString("FIGHT\n")
	b.WriteString("The engine resolves fights against this ruleset's creatures, one [fight: op=\"...\"] tag per step, and only you write them. It rolls every die (attacks, damage, saves, loot) and applies what weapons, armor and worn, carried or used items do (to hit, damage, defense, soak, resistances, ammunition, clips, charges): never add them yourself and never write a result; narrate the log it returns.\n")
	b.WriteString("- start: foes=\"2 Label, Label\" by label or id; several of one kind are numbered (\"Label 1\", \"Label 2\"). Creatures: ")
	for i, f := range d.Foes {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s (%s; attacks: %s)", f.Label, f.ID, strings.Join(f.Attacks, ", "))
	}
	b.WriteString("\n- attack: who=\"Name\" weapon=\"a weapon they wield\" target=\"a foe\"; a creature attacks with who=\"Label 1\" attack=\"one of its attacks\" target=\"Name\"")
	if d.Modes {
		b.WriteString("; mode=\"...\" for one of the weapon's modes (target=\"A, B\" for several)")
	}
	if d.OffHand {
		b.WriteString("; hand=\"off\" for the off hand's second attack")
	}
	if d.Spend {
		b.WriteString("; style=\"spend\" for a strike that spends (it rolls the attacker's number); style=\"take\" for a strike that takes (what it would deal comes off the target's number instead of its health)")
	}
	b.WriteString("; distance=\"N\" when the target is far\n")
	b.WriteString("- move: who=\"Name\" distance=\"N\" moves that far, up to what is left of their speed this round; it spends no budget\n")
	b.WriteString("- reload: who= weapon=; use: who= item= target=; toggle: who= item= (on=\"true\" or \"false\")\n")
	b.WriteString("- round: ends the round; end: outcome=\"won\", \"lost\" or \"fled\" (a won fight recovers ammunition and puts the defeated creatures' loot in the bags)\n")
	if len(d.Budgets) > 0 {
		b.WriteString("Each fighter has each of " + strings.Join(d.Budgets, ", ") + " once per round; a step whose budget is spent is refused.\n")
	}
	if d.Now != nil {
		writeBoard(&b, d.Now)
	}
	writeExamples(&b, d.Examples)
	return strings.TrimRight(b.String(), "\n")
}

// writeBoard says the fight going on: round, and each combatant's health,
// conditions and loaded weapons.
func writeBoard(b *strings.Builder, n *fight.Board) {
	b.WriteString("A fight is on, round " + strconv.Itoa(n.Round) + ":\n")
	for _, list := range [][]fight.Combatant{n.Members, n.Foes} {
		for _, c := range list {
			parts := []string{}
			if c.Health != "" {
				parts = append(parts, c.Health)
			}
			if c.Down {
				parts = append(parts, "down")
			}
			parts = append(parts, c.Conditions...)
			for _, l := range c.Loaded {
				parts = append(parts, fmt.Sprintf("%s %d of %d loaded", l.Weapon, l.Loaded, l.Max))
			}
			b.WriteString("- " + c.Name + ": " + strings.Join(parts, "; ") + "\n")
		}
	}
}
