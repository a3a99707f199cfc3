package battle

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/use"
)

// Unit is who uses an item in a battle: a unit of the Game Mode's board.
type Unit struct {
	Name string
	// Member is the party member whose card (sheet) the unit is; -1 for a
	// unit without a card of its own.
	Member int
	// Player is the player's own unit: without a card of its own it falls
	// back on the player's (the party's first); any other unit without a
	// card rolls on a blank sheet.
	Player bool
}

// Outcome is one use in a battle. When Refused is set nothing changed.
type Outcome struct {
	Refused *record.Record `json:"refused,omitempty"`
	Unit    string         `json:"unit"`
	Item    string         `json:"item"`
	// Gate is "", "skipped", "passed" or "failed".
	Gate string `json:"gate,omitempty"`
	// Worked is false when a failed gate spent it for nothing; Does is
	// then what it would have done.
	Worked bool   `json:"worked"`
	Does   Option `json:"does"`
	// Left is the uses the party has left; Broke and BreakRoll when the
	// last charge rolled breaksOn; Lost names what the journal counts as
	// lost.
	Left      int      `json:"left"`
	Broke     bool     `json:"broke,omitempty"`
	BreakRoll int      `json:"breakRoll,omitempty"`
	Lost      []string `json:"lost,omitempty"`
	Lines     []string `json:"lines"`
}

// Use spends an item for a unit on the server: the first usable stack,
// the player's own first (an item that is worn from what is worn, never a
// spare in the bag); the gate rolled on the unit's sheet, skipped when
// `unless` holds; a failed gate spends it for nothing. Dice: the gate's
// check, then the breaksOn die.
func Use(p *items.Party, u Unit, item string, s dice.Stream) Outcome {
	out := Outcome{Unit: u.Name, Item: strings.TrimSpace(item)}
	mi, si, refusal := find(p, out.Item)
	if refusal != nil {
		out.Refused = refusal
		return out
	}
	def := p.Def(&p.Members[mi].Bag[si])
	out.Item = def.Label
	out.Does = Read(p, def)
	out.Worked = gate(p, u, def, s, &out)
	if out.Worked {
		out.Lines = append(out.Lines, fmt.Sprintf("%s uses %s: %s.", u.Name, def.Label, Effect(out.Does)))
	}
	pay(p, mi, si, def, s, &out)
	out.Left = usesLeft(p, def)
	return out
}

// find is the stack a use spends: the first usable one, member by member
// from the player's.
func find(p *items.Party, name string) (int, int, *record.Record) {
	var why *record.Record
	for mi, m := range p.Members {
		for si := range m.Bag {
			st := &m.Bag[si]
			def := p.Def(st)
			if def == nil || !(strings.EqualFold(st.Name, name) || strings.EqualFold(def.Label, name)) {
				continue
			}
			if w := offered(def); w != "" {
				r := record.Refused("use", "not-offered", "item", def.Label, "note", "not offered in these battles: "+w)
				return 0, 0, &r
			}
			r, ok := use.Usable(p, m, st)
			if ok {
				return mi, si, nil
			}
			if why == nil {
				why = &r
			}
		}
	}
	if why != nil {
		return 0, 0, why
	}
	r := record.Refused("use", "not-held", "item", name)
	return 0, 0, &r
}

// character is the sheet a unit rolls on, with what it wears: its own
// card, the player's for the player's unit without one, else a blank
// sheet with nothing on it.
func character(p *items.Party, u Unit) (*sheet.Character, func(*check.Check) check.Effects) {
	i := u.Member
	if (i < 0 || i >= len(p.Members)) && u.Player && len(p.Members) > 0 {
		i = 0
	}
	if i < 0 || i >= len(p.Members) {
		return sheet.New(p.RS, sheet.Blank(u.Name)), nil
	}
	return p.CheckEnv(i)
}

// gate rolls the item's gate, if any; true when the item works.
func gate(p *items.Party, u Unit, def *itemrules.Item, s dice.Stream, out *Outcome) bool {
	g := def.UseDef.Gate
	if g == nil {
		return true
	}
	ch, effects := character(p, u)
	if g.Unless != nil && ch.Value(g.Unless.Value) >= g.Unless.AtLeast {
		out.Gate = "skipped"
		return true
	}
	diff, _ := def.GateDifficulty()
	r := use.RollGateAs(p, ch, effects, g, diff, s)
	head := fmt.Sprintf("%s rolls %s to use %s: %d against %d", u.Name, r.Label, def.Label, r.Number, diff)
	if r.Record.Name == "check" && r.Passed {
		out.Gate = "passed"
		out.Lines = append(out.Lines, head+", passed.")
		return true
	}
	out.Gate = "failed"
	what := "it is used up for nothing"
	switch {
	case def.UseDef.Charges > 0:
		what = "its charges are spent for nothing"
	case !def.UseDef.Consumes:
		what = "it does nothing"
	}
	out.Lines = append(out.Lines, head+", failed, and "+what+".")
	return false
}

// pay takes one from the stack or spends its charges; the last charge
// spent rolls breaksOn, and a broken item leaves the bag, counted as lost.
func pay(p *items.Party, mi, si int, def *itemrules.Item, s dice.Stream, out *Outcome) {
	sp := use.Spend(p, p.Members[mi], si, def, s)
	switch u := def.UseDef; {
	case u.Consumes:
		out.Lines = append(out.Lines, fmt.Sprintf("%s: %s left.", def.Label, countLeft(p, def)))
	case u.Charges > 0:
		out.Lines = append(out.Lines, fmt.Sprintf("%s: %d of %d left.", def.Label, sp.Left, sp.Of))
		if sp.Rolled {
			out.BreakRoll = sp.BreakRoll
		}
		if sp.Broke {
			out.Broke = true
			out.Lost = append(out.Lost, def.Label)
			out.Lines = append(out.Lines, fmt.Sprintf("%s breaks (a %d on its die).", def.Label, sp.BreakRoll))
		}
	}
}

// usesLeft is how many uses of def the party still has: over its usable
// stacks, units or the uses their charges buy.
func usesLeft(p *items.Party, def *itemrules.Item) int {
	n := 0
	for _, m := range p.Members {
		for j := range m.Bag {
			st := &m.Bag[j]
			if p.Def(st) != def {
				continue
			}
			if _, ok := use.Usable(p, m, st); ok {
				n += usesOf(p, def, st)
			}
		}
	}
	return n
}

// countLeft says how many of a consumed item the party still has to use.
func countLeft(p *items.Party, def *itemrules.Item) string {
	if n := usesLeft(p, def); n > 0 {
		return fmt.Sprint(n)
	}
	return "none"
}
