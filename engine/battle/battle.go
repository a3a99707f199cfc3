// Package battle is spec/items.md "Items in Classic and Tactical
// battles": for a ruleset that does not resolve its own fights, the Game
// Mode's own Classic and Tactical battles read what each of the ruleset's
// items with a `use` does, in the Engine's own numbers, instead of asking
// a model to guess. Menu says what the party's items do there; Use spends
// one on the server (its gate, its stack or charges, its breaksOn) and
// says what it does. Nothing the screen sends decides an item's effect:
// both read only the ruleset and the party.
//
// The scale (docs/battle.md): a heal heals and an attack wounds by a
// fraction of the target's maximum health, Fraction(average of amount) =
// average / 32, never below 1/20 and at most 1: an average of 7 (a basic
// weapon's 1d8+3) is 7/32, a little more than a fifth.
package battle

import (
	"fmt"
	"math"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/use"
)

// The scale of Fraction: an average of Scale is all of the target's
// health, and no use moves less than Least of it.
const (
	Scale = 32.0
	Least = 1.0 / 20
	// DefaultRounds is how long a status lasts when its condition says no
	// rounds.
	DefaultRounds = 2
)

// Fraction is the part of the target's maximum health an amount with this
// average heals or takes: average/32, at least a twentieth, at most all.
func Fraction(average float64) float64 {
	if math.IsNaN(average) {
		return Least
	}
	return min(1, max(Least, average/Scale))
}

// Average is an amount's average: each die's (sides+1)/2, plus the flat
// number and the notation's own modifier.
func Average(a itemrules.UseAmount) float64 {
	avg := float64(a.Flat)
	if a.Dice != "" {
		if n, err := dice.ParseNotation(a.Dice); err == nil {
			avg += float64(n.Count)*float64(n.Sides+1)/2 + float64(n.Modifier)
		}
	}
	return avg
}

// Status is the first condition a use applies, as those battles hold it:
// under its own name, for its rounds (2 without them), raising (+1) or
// lowering (-1) defense as the Engine's own statuses do: a heal's or a
// buff's raises it, an attack's or a debuff's lowers it.
type Status struct {
	Name      string `json:"name"`
	Condition string `json:"condition"`
	Rounds    int    `json:"rounds"`
	Defense   int    `json:"defense"`
}

// Option is one of the party's items as the battles read it.
type Option struct {
	// Item is the item's name (never a stack's).
	Item string `json:"item"`
	Kind string `json:"kind"`
	// Targets is who it is used on: its targets, or an ally for a heal
	// or a buff and an enemy for an attack or a debuff.
	Targets string `json:"targets"`
	// Average is its amount's average and Fraction the part of the
	// target's maximum health it heals (heal) or takes (attack); both 0
	// for a buff or a debuff, which is only its status.
	Average  float64 `json:"average,omitempty"`
	Fraction float64 `json:"fraction,omitempty"`
	// Element is its damageType.
	Element string  `json:"element,omitempty"`
	Status  *Status `json:"status,omitempty"`
	// Consumes takes one from the stack a use; Charges is how many of
	// its charges one use spends.
	Consumes bool `json:"consumes,omitempty"`
	Charges  int  `json:"charges,omitempty"`
	// Uses is how many times the party can use it now: the units worn or
	// carried (never a spare of an item that is worn), or the uses its
	// stacks' charges still buy.
	Uses int `json:"uses"`
	// Gate is the check it calls for first, as its line says it.
	Gate string `json:"gate,omitempty"`
	// Unread are the parts of the use those battles have no place for;
	// Description, the item's details, still mentions them.
	Unread      []string `json:"unread,omitempty"`
	Description string   `json:"description"`
}

// Skip is one of the party's items of the ruleset that is not offered,
// and why.
type Skip struct {
	Item string `json:"item"`
	Why  string `json:"why"`
}

// Menu is what the battles read from the party's items.
type Menu struct {
	Ruleset string `json:"ruleset"`
	// ResolvesOwn is true for a ruleset that resolves its own fights
	// (docs/fight.md): its items fight there, and the bridge is shown only
	// for what a Classic or Tactical battle would read.
	ResolvesOwn bool     `json:"resolvesOwn"`
	Options     []Option `json:"options"`
	Skipped     []Skip   `json:"skipped,omitempty"`
	// Guessed are the items that are not the ruleset's, for which the
	// Game Master's guess is asked (none with native: false).
	Guessed []string `json:"guessed,omitempty"`
}

// ResolvesOwn is true when the ruleset resolves its own fights
// (docs/fight.md "Which fight"): a combat block over a pool resolution,
// or over a summed one with the combat.defense a summed fight requires. A
// combat block that only maps typed defenses does not make a fight.
func ResolvesOwn(rs *ruleset.Ruleset) bool {
	if rs == nil || rs.Resolution == nil {
		return false
	}
	c, ok := rs.Raw["combat"].(map[string]any)
	if !ok {
		return false
	}
	switch rs.Resolution.Kind {
	case "dice-pool":
		return true
	case "dice-sum":
		_, ok := c["defense"]
		return ok
	}
	return false
}

// Read is what an item's use does in those battles, without the party's
// counts (Uses 0).
func Read(p *items.Party, def *itemrules.Item) Option {
	u := def.UseDef
	o := Option{Item: def.Label, Kind: u.Kind, Targets: use.TargetsOf(u), Element: u.DamageType,
		Consumes: u.Consumes, Charges: u.Charges, Description: use.Details(p, def)}
	if (u.Kind == "heal" || u.Kind == "attack") && u.Amount != nil {
		o.Average = Average(*u.Amount)
		o.Fraction = Fraction(o.Average)
	}
	if len(u.Applies) > 0 {
		a := u.Applies[0]
		st := &Status{Name: p.ConditionLabel(a.Condition), Condition: a.Condition, Rounds: a.Rounds, Defense: 1}
		if st.Rounds == 0 {
			st.Rounds = DefaultRounds
		}
		if u.Kind == "attack" || u.Kind == "debuff" {
			st.Defense = -1
		}
		o.Status = st
	}
	if u.Gate != nil {
		o.Gate = gateLine(p, def)
	}
	o.Unread = unread(u)
	return o
}

// unread lists what those battles have no place for.
func unread(u *itemrules.Use) []string {
	var out []string
	if u.AttackRoll {
		out = append(out, "a roll to hit")
	}
	if u.Save != nil {
		out = append(out, "a save")
	}
	if u.Area != nil {
		out = append(out, "an area")
	}
	if u.Temporary != nil {
		out = append(out, "temporary points")
	}
	if u.Restore != nil {
		out = append(out, "a restored pool")
	}
	return out
}

// gateLine is the gate's clause of the item's details.
func gateLine(p *items.Party, def *itemrules.Item) string {
	for _, part := range strings.Split(use.Details(p, def), ", ") {
		if strings.Contains(part, " check") {
			return part
		}
	}
	return "a check first"
}

// offered says why one of the ruleset's items is not offered at all
// ("" when it is): no use, or a heal without an amount.
func offered(def *itemrules.Item) string {
	switch {
	case def.UseDef == nil:
		return "it has no use"
	case def.UseDef.Kind == "heal" && def.UseDef.Amount == nil:
		return "a heal without an amount"
	}
	return ""
}

// Bridge is the party's menu: each of the ruleset's items with a use
// that someone can use now, in the order the bags first hold them, with
// how many uses the party has.
func Bridge(p *items.Party) Menu {
	menu := Menu{ResolvesOwn: ResolvesOwn(p.RS)}
	if p.RS != nil {
		menu.Ruleset = p.RS.ID
	}
	seen := map[*itemrules.Item]int{}
	skipped := map[string]bool{}
	guessed := map[string]bool{}
	native := p.RS == nil || p.RS.Items == nil || p.RS.Items.Native
	for _, m := range p.Members {
		for j := range m.Bag {
			s := &m.Bag[j]
			def := p.Def(s)
			if def == nil {
				if native && !guessed[strings.ToLower(s.Name)] {
					guessed[strings.ToLower(s.Name)] = true
					menu.Guessed = append(menu.Guessed, s.Name)
				}
				continue
			}
			why := offered(def)
			if why == "" {
				if r, ok := use.Usable(p, m, s); !ok {
					why = r.Value("note")
				}
			}
			if why != "" {
				if !skipped[def.Label+why] {
					skipped[def.Label+why] = true
					menu.Skipped = append(menu.Skipped, Skip{Item: def.Label, Why: why})
				}
				continue
			}
			k, ok := seen[def]
			if !ok {
				k = len(menu.Options)
				seen[def] = k
				menu.Options = append(menu.Options, Read(p, def))
			}
			menu.Options[k].Uses += usesOf(p, def, s)
		}
	}
	menu.Skipped = dropOffered(menu)
	return menu
}

// dropOffered keeps a skipped item out of the list when another stack
// of it is offered (a spare in the bag beside a worn one).
func dropOffered(menu Menu) []Skip {
	var out []Skip
	for _, s := range menu.Skipped {
		found := false
		for _, o := range menu.Options {
			found = found || o.Item == s.Item
		}
		if !found {
			out = append(out, s)
		}
	}
	return out
}

// usesOf is how many uses a usable stack gives: its units (consumed or
// never spent) or the uses its charges buy.
func usesOf(p *items.Party, def *itemrules.Item, s *items.Stack) int {
	if def.UseDef.Charges > 0 {
		left, _, _ := p.ChargesLeft(s)
		return left / def.UseDef.Charges
	}
	return s.Count
}

// Text is the menu as `rulehost bridge` prints it.
func Text(m Menu) string {
	var sb strings.Builder
	if m.ResolvesOwn {
		fmt.Fprintf(&sb, "%s resolves its own fights (docs/fight.md): what follows is what a Classic or Tactical battle would read.\n", m.Ruleset)
	}
	if len(m.Options) == 0 {
		sb.WriteString("No item is offered.\n")
	}
	for _, o := range m.Options {
		fmt.Fprintf(&sb, "- %s: %s", o.Item, Effect(o))
		fmt.Fprintf(&sb, "; %s\n", usesText(o))
		fmt.Fprintf(&sb, "  %s\n", o.Description)
		if len(o.Unread) > 0 {
			fmt.Fprintf(&sb, "  no place in these battles: %s\n", strings.Join(o.Unread, ", "))
		}
	}
	for _, s := range m.Skipped {
		fmt.Fprintf(&sb, "not offered: %s (%s)\n", s.Item, s.Why)
	}
	if len(m.Guessed) > 0 {
		fmt.Fprintf(&sb, "left to the Game Master's guess: %s\n", strings.Join(m.Guessed, ", "))
	}
	return sb.String()
}

func usesText(o Option) string {
	switch {
	case o.Consumes:
		return fmt.Sprintf("%s left, each used up", plural(o.Uses, "use"))
	case o.Charges > 0:
		return fmt.Sprintf("%s left, %s each", plural(o.Uses, "use"), plural(o.Charges, "charge"))
	}
	return "not used up"
}

// Effect says what an option does in a battle: `heals an ally by 11% of
// their maximum health`, `wounds an enemy by 23% of their maximum health
// (fire), Rattled for 3 rounds (lowers defense)`, `Rattled for 2 rounds
// on an enemy (lowers defense)`.
func Effect(o Option) string {
	var parts []string
	who, whose := use.TargetWord(o.Targets), "their"
	if o.Targets == "self" {
		whose = "one's"
	}
	switch {
	case o.Kind == "heal" && o.Fraction > 0:
		parts = append(parts, fmt.Sprintf("heals %s by %s of %s maximum health", who, percent(o.Fraction), whose))
	case o.Kind == "attack" && o.Fraction > 0:
		s := fmt.Sprintf("wounds %s by %s of %s maximum health", who, percent(o.Fraction), whose)
		if o.Element != "" {
			s += " (" + o.Element + ")"
		}
		parts = append(parts, s)
	}
	if st := o.Status; st != nil {
		dir := "raises defense"
		if st.Defense < 0 {
			dir = "lowers defense"
		}
		s := st.Name + " for " + plural(st.Rounds, "round")
		if len(parts) == 0 {
			s += " on " + who
		}
		parts = append(parts, s+" ("+dir+")")
	}
	if len(parts) == 0 {
		return "does nothing in these battles"
	}
	return strings.Join(parts, ", ")
}

// percent is a fraction as a whole percent, never 0% for a part above 0.
func percent(f float64) string {
	n := int(math.Round(f * 100))
	if n == 0 && f > 0 {
		n = 1
	}
	return fmt.Sprintf("%d%%", n)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
