package fight

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// Option is one choice of the fight menu offered now, with what it is
// expected to do at each target it can be aimed at.
type Option struct {
	// Kind is "attack", "move", "reload", "use" or "toggle".
	Kind string `json:"kind"`
	// Label is how the menu names it: `Hunting bow`, `Hunting bow:
	// Volley`, `Silver coffin nail, off hand`, `Reload Watch pistol`,
	// `Poultice`.
	Label  string `json:"label"`
	Budget string `json:"budget,omitempty"`
	// Note says what it has left (`20 left to shoot`, `1 of 1 loaded`).
	Note      string     `json:"note,omitempty"`
	Forecasts []Expected `json:"forecasts,omitempty"`
}

// Expected is an attack's exact forecast at one target.
type Expected struct {
	Target   string  `json:"target"`
	Hit      float64 `json:"hit"`
	Critical float64 `json:"critical"`
	Damage   float64 `json:"damage"`
}

// Menu is the fight menu of member i now: each attack they can make (a
// weapon they wield with the shots for it, each of its modes they have
// shots for, an off hand's second attack once offered), each reload,
// each item they can use and each switch they can flip, whose budget is
// not spent this round. nil when no fight is going on or i is down.
func Menu(p *items.Party, i int) []Option {
	st := Of(p)
	if st == nil || i < 0 || i >= len(p.Members) {
		return nil
	}
	f := &fight{p: p, st: st}
	w := memberWho(i)
	if f.down(w) {
		return nil
	}
	var out []Option
	if o, ok := f.moveOption(w); ok {
		out = append(out, o)
	}
	for _, a := range f.memberArms(i) {
		out = append(out, f.armOptions(w, a)...)
		if a.ClipMax > 0 && f.loaded(p.Members[i], a) < a.ClipMax && f.free(w, a.Reload) && (a.Ammo == nil || f.carried(i, a) > 0) {
			out = append(out, Option{Kind: "reload", Label: "Reload " + a.Label, Budget: f.budgetLabel(a.Reload),
				Note: fmt.Sprintf("%d of %d loaded", f.loaded(p.Members[i], a), a.ClipMax)})
		}
	}
	out = append(out, f.itemOptions(i)...)
	return out
}

// armOptions are one weapon's attacks offered now: as it is, in each
// mode with shots for it, and its off-hand attack when offered.
func (f *fight) armOptions(w who, a *arm) []Option {
	var out []Option
	for _, c := range f.armChoices(w, a) {
		o := Option{Kind: "attack", Label: c.label, Budget: f.budgetLabel(c.a.Budget), Note: f.shotsNote(w, c.a)}
		for fi := range f.st.Foes {
			tg := foeWho(fi)
			if f.down(tg) {
				continue
			}
			fc := f.forecast(w, c.a, c.md, tg)
			o.Forecasts = append(o.Forecasts, Expected{Target: f.name(tg), Hit: fc.Hit, Critical: fc.Critical, Damage: fc.Damage})
		}
		out = append(out, o)
	}
	return out
}

// armChoice is one attack the menu offers: its label, the arm as it
// strikes (off hand, spending or taking made), its mode, and what an
// explicit attack tag says to make it (hand="off", style=).
type armChoice struct {
	label string
	a     *arm
	md    *mode
	off   bool
	style string
}

// armChoices are one weapon's attacks offered now, in menu order: the
// menu and op="auto" both read them, so auto chooses only what is offered.
func (f *fight) armChoices(w who, a *arm) []armChoice {
	var out []armChoice
	add := func(c armChoice) {
		if !f.free(w, c.a.Budget) {
			return
		}
		if n := c.a.shots(c.md); n > 0 {
			if _, _, ok := f.planShots(w, c.a, n); !ok {
				return
			}
		}
		out = append(out, c)
	}
	fr := f.st.Members[w.Member]
	if a.OffHand && fr.OffHandFrom != 0 && fr.OffHandFrom != a.Stack+1 && !fr.OffHandDone {
		if o, _, ok := f.offHand(w, a); ok {
			add(armChoice{label: o.Label, a: o, off: true})
		}
	}
	add(armChoice{label: a.Label, a: a})
	if f.hardnessFight() && f.number(w) > 0 {
		if s, _, ok := f.spending(w, a); ok {
			add(armChoice{label: fmt.Sprintf("%s, spending %d", a.Label, f.number(w)), a: s, style: "spend"})
		}
	}
	if f.hardnessFight() {
		if s, _, ok := f.taking(w, a); ok {
			// Its forecast's damage is the number expected taken.
			add(armChoice{label: a.Label + ", taking", a: s, style: "take"})
		}
	}
	for k := range a.Modes {
		md := &a.Modes[k]
		add(armChoice{label: a.Label + ": " + md.Label, a: a, md: md})
	}
	return out
}

// free reports a budget w can still spend this round.
func (f *fight) free(w who, budget string) bool {
	_, ok := f.canSpend(w, budget, "")
	return ok
}

// shotsNote is what an arm has left to shoot, "" for one that shoots nothing.
func (f *fight) shotsNote(w who, a *arm) string {
	switch {
	case a.ClipMax > 0:
		return fmt.Sprintf("%d of %d loaded", f.loaded(f.p.Members[w.Member], a), a.ClipMax)
	case a.Ammo != nil:
		return fmt.Sprintf("%d left to shoot", f.carried(w.Member, a))
	}
	return ""
}

// itemOptions are the items member i can use or switch now.
func (f *fight) itemOptions(i int) []Option {
	var out []Option
	m := f.p.Members[i]
	seen := map[string]bool{}
	for si := range m.Bag {
		def := f.p.Def(&m.Bag[si])
		if def == nil || seen[def.Label] {
			continue
		}
		seen[def.Label] = true
		// An item whose gate reads a difficulty it does not give stays
		// out of the menu (items.md; its Use button says why).
		if def.UseDef != nil && (def.UseDef.Gate == nil || gateGiven(def)) {
			b := def.UseDef.Budget
			if def.UseDef.Free {
				b = ""
			}
			if f.free(memberWho(i), b) {
				o := Option{Kind: "use", Label: def.Label, Budget: f.budgetLabel(b)}
				if def.UseDef.Consumes {
					// items.md: "the menu says how many are left".
					o.Note = fmt.Sprintf("%d left", heldOf(m, f.p, def))
				}
				out = append(out, o)
			}
		}
		if def.Toggle != nil && f.free(memberWho(i), def.Toggle.Budget) {
			out = append(out, Option{Kind: "toggle", Label: "Switch " + def.Label, Budget: f.budgetLabel(def.Toggle.Budget)})
		}
	}
	return out
}

// gateGiven reports whether an item gives the difficulty its gate reads.
func gateGiven(def *itemrules.Item) bool {
	_, ok := def.GateDifficulty()
	return ok
}

// heldOf is how many of an item member m holds, all stacks together.
func heldOf(m *items.Member, p *items.Party, def *itemrules.Item) int {
	n := 0
	for si := range m.Bag {
		if d := p.Def(&m.Bag[si]); d == def {
			n += m.Bag[si].Count
		}
	}
	return n
}

// MenuText is the menu as `rulehost fight` prints it.
func MenuText(p *items.Party, i int) string {
	st := Of(p)
	if st == nil {
		return "No fight is going on.\n"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, round %d. Foes: %s.\n", p.Members[i].Name, st.Round, foeStanding(st))
	f := &fight{p: p, st: st}
	fmt.Fprintf(&b, "Speed %s, %s moved this round.\n", f.speedText(f.speedOf(memberWho(i))), f.amount(f.moved(memberWho(i))))
	opts := Menu(p, i)
	if len(opts) == 0 {
		b.WriteString("Nothing is offered now.\n")
	}
	for _, o := range opts {
		line := "- " + o.Label
		if o.Budget != "" {
			line += " (" + o.Budget + ")"
		}
		if o.Note != "" {
			line += ": " + o.Note
		}
		b.WriteString(line + "\n")
		for _, e := range o.Forecasts {
			fmt.Fprintf(&b, "    at %s: %.1f%% to hit (%.1f%% critical), %.2f damage expected\n", e.Target, 100*e.Hit, 100*e.Critical, e.Damage)
		}
	}
	return b.String()
}

func foeStanding(st *State) string {
	var parts []string
	for _, f := range st.Foes {
		if f.Health > 0 {
			parts = append(parts, fmt.Sprintf("%s %d/%d", f.Name, f.Health, f.Max))
		} else {
			parts = append(parts, f.Name+" down")
		}
	}
	return strings.Join(parts, ", ")
}
