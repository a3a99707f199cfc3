// Package use answers spec/items.md "Using items outside a fight": the
// Game Master's [inventory: action="use" item= who=] and the player's own
// Use (the same tag in a player action, answered as an [item_used]
// block), the item's on/off switch ([inventory: action="toggle"]), and
// the [sheet: op=...] tag that rests and changes live state (sheet.go).
//
// A use reads the item's use block (validated at import in
// engine/ruleset/items/use.go) and changes the party's live state
// (engine/items/live.go), so a regenerated reply, which starts again from
// the party before it, never uses, rests or recharges twice.
//
// Dice are drawn from the tag's own stream in a fixed order, part of the
// contract: the gate's check (as the ruleset's kind draws it), then the
// heal's amount, the temporary points, the restore's amount, and last the
// breaksOn die when the last charge is spent.
package use

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

func init() {
	items.RegisterAction("use", Answer)
	items.RegisterAction("toggle", Toggle)
	items.RegisterTag("sheet", Sheet)
}

// use is one use in progress: who, which stack, what it does, and the
// line and record being built.
type use struct {
	p    *items.Party
	turn items.Turn
	who  int
	m    *items.Member
	si   int
	def  *itemrules.Item
	u    *itemrules.Use
	rec  record.Record
	// parts are the line's clauses after "Juno uses Poultice: ".
	parts []string
	notes []string
	// gateText is how the gate went, said before the rest.
	gateText string
}

// Answer uses an item: [inventory: action="use" item= who=].
func Answer(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	name := itemName(t)
	if name == "" {
		return record.Refused("use", "no-item", "note", `name the item: item="Poultice"`)
	}
	who, named, refusal, ok := member(p, t, "use")
	if !ok {
		return refusal
	}
	mi, si, refusal, ok := pick(p, who, named, name)
	if !ok {
		return refusal
	}
	m := p.Members[mi]
	def := p.Def(&m.Bag[si])
	shown := m.Bag[si].Name
	var rec record.Record
	if def == nil || def.UseDef == nil {
		rec = said(p, t, turn, m, shown)
	} else {
		x := &use{p: p, turn: turn, who: mi, m: m, si: si, def: def, u: def.UseDef}
		rec = x.run()
	}
	if rec.Name != "refused" && def != nil && def.IsFake() && !strings.EqualFold(shown, def.Label) {
		foundOut(p, mi, def, shown, &rec)
	}
	return rec
}

// foundOut: using a fake finds it out (spec/items.md "Honest and
// dishonest sellers"): what it really does has happened, its stacks
// shown under the name it passed by take its own label, and the answer
// says what it was; an item without a use in the rules is narrated.
func foundOut(p *items.Party, mi int, def *itemrules.Item, shown string, rec *record.Record) {
	p.RenameStacks(mi, def.Ref(), shown, def.Label)
	rec.Add("revealed", def.Label)
	if def.UseDef == nil {
		for k := range rec.Attrs {
			if rec.Attrs[k].Key == "note" {
				rec.Attrs[k].Value = shown + " is really " + def.Label + ": narrate what that does"
			}
		}
	}
}

// said answers a use of an item without a use block: nothing changes,
// and the use is still said (`I use my rope.`).
func said(p *items.Party, t tag.Tag, turn items.Turn, m *items.Member, name string) record.Record {
	rec := head(turn.Actor, name, m.Name)
	rec.Add("said", fmt.Sprintf("I use my %s.", name))
	rec.Add("note", name+" has no use in the rules: nothing changes; narrate it")
	return rec
}

// head starts the record: [inventory: action="use" ...] for the Game
// Master's tag, [item_used: ...] for the player's own Use.
func head(actor items.Actor, item, who string) record.Record {
	var rec record.Record
	if actor == items.Player {
		rec = record.New("item_used")
	} else {
		rec = record.New("inventory")
		rec.Add("action", "use")
	}
	rec.Add("item", item)
	rec.Add("who", who)
	return rec
}

// run performs the use: refusals first (nothing changes), then the gate,
// then what the item does, then what it costs.
func (x *use) run() record.Record {
	if x.def.UseDef.Gate != nil {
		if _, ok := x.def.GateDifficulty(); !ok {
			return record.Refused("use", "no-difficulty", "item", x.def.Label, "who", x.m.Name, "note",
				fmt.Sprintf("%s cannot be used: its gate reads its difficulty from stat %q, which this item does not give", x.def.Label, x.def.UseDef.Gate.DifficultyStat))
		}
	}
	x.rec = head(x.turn.Actor, x.def.Label, x.m.Name)
	passed, refusal := x.gate()
	if refusal != nil {
		return *refusal
	}
	if passed {
		x.effects()
	}
	cost := x.pay()
	body := strings.Join(x.parts, ", ")
	if x.gateText != "" {
		body = x.gateText + "; " + body
	}
	line := fmt.Sprintf("%s uses %s: %s.", x.m.Name, x.def.Label, body)
	if cost != "" {
		line += " " + cost
	}
	x.rec.Add("said", line)
	if len(x.notes) > 0 {
		x.rec.Add("note", strings.Join(x.notes, "; "))
	}
	return x.rec
}

// gate rolls the item's gate, if any, and says how it went; true when the
// item works (no gate, unless held, or the check passed). A check the
// engine cannot roll here (a plugin's resolution kind, which a use does
// not reach) refuses the use, changing nothing.
func (x *use) gate() (bool, *record.Record) {
	g := x.u.Gate
	if g == nil {
		return true, nil
	}
	ch, effects := x.p.CheckEnv(x.who)
	if g.Unless != nil && ch.Value(g.Unless.Value) >= g.Unless.AtLeast {
		x.rec.Add("gate", "skipped")
		return true, nil
	}
	diff, _ := x.def.GateDifficulty()
	res := rollGate(x.p, ch, effects, g, diff, x.turn.Dice)
	if res.Record.Name != "check" {
		r := record.Refused("use", "gate-unrollable", "item", x.def.Label, "who", x.m.Name,
			"note", "its gate cannot be rolled here: "+res.Record.Value("reason"))
		return false, &r
	}
	verdict := "failed"
	if res.Passed {
		verdict = "passed"
	}
	tail := " " + strconv.Itoa(res.Number) + " against " + strconv.Itoa(diff) + ", " + verdict
	text := res.Label + " check" + tail
	x.rec.Add("gate", res.Label+tail)
	if !res.Passed {
		what := "it is used up for nothing"
		if x.u.Charges > 0 {
			what = "its charges are spent for nothing"
		}
		if !x.u.Consumes && x.u.Charges == 0 {
			what = "it does nothing"
		}
		x.gateText = text
		x.parts = append(x.parts, what)
		return false, nil
	}
	x.gateText = text
	return true, nil
}

// effects does what the item does to whoever carries it. A use that
// wounds or aims at the other side hits no one out of a fight: the item
// is still used and the Game Master is told what it does.
func (x *use) effects() {
	u := x.u
	if u.Kind == "attack" || u.Kind == "debuff" || u.Targets == "enemy" {
		x.parts = append(x.parts, "it hits no one out of a fight")
		x.notes = append(x.notes, "outside a fight there is nobody on the board to hit; narrate what it does: "+Describe(x.p, x.def))
		return
	}
	before := len(x.parts)
	if u.Kind == "heal" && u.Amount != nil {
		x.heal(roll(x.turn.Dice, *u.Amount))
	}
	if u.Temporary != nil {
		x.temporary(roll(x.turn.Dice, *u.Temporary))
	}
	if u.Restore != nil {
		x.restore(roll(x.turn.Dice, u.Restore.Amount))
	}
	x.apply()
	if len(x.parts) == before {
		x.parts = append(x.parts, "nothing else happens")
	}
}

// roll throws an amount: its dice and its flat number, never below 0.
func roll(s dice.Stream, a itemrules.UseAmount) int {
	n := a.Flat
	if a.Dice != "" {
		if nt, err := dice.ParseNotation(a.Dice); err == nil {
			_, total := nt.Roll(s)
			n += total
		}
	}
	return max(0, n)
}

// heal gives back health: points on a health pool, marks cleared on a
// plain track, one mark cleared on a wound track.
func (x *use) heal(n int) {
	got, text := healMember(x.p, x.who, n)
	x.parts = append(x.parts, text)
	if x.p.RS.HealthPool() == "" && x.p.RS.HealthTrack() == nil {
		return
	}
	x.rec.AddInt("heals", got)
	x.rec.Add("health", x.p.HealthLine(x.who))
}

// temporary gives temporary points to a health pool: they do not add up,
// the larger stays.
func (x *use) temporary(n int) {
	if x.p.RS.HealthPool() == "" {
		x.parts = append(x.parts, fmt.Sprintf("%d temporary points with no health pool to hold them", n))
		return
	}
	if n > x.m.Temporary {
		x.m.Temporary = n
	}
	x.rec.AddInt("temporary", n)
	x.parts = append(x.parts, fmt.Sprintf("gains %d temporary (%s)", n, x.p.HealthLine(x.who)))
}

// restore gives back part of a live pool, never beyond its max.
func (x *use) restore(n int) {
	id := x.u.Restore.Pool
	before := x.p.PoolValue(x.who, id)
	x.p.SetPool(x.who, id, before+n)
	now := x.p.PoolValue(x.who, id)
	label := poolLabel(x.p.RS, id)
	text := fmt.Sprintf("%d %s (%d/%d)", now-before, label, now, x.p.PoolMax(x.who, id))
	x.rec.Add("restored", text)
	x.parts = append(x.parts, "gets back "+text)
}

// apply imposes each condition the use applies, until something removes
// it; an immunity keeps it off.
func (x *use) apply() {
	var imposed []string
	for _, a := range x.u.Applies {
		label := x.p.ConditionLabel(a.Condition)
		switch x.p.Impose(x.who, a.Condition) {
		case items.Imposed:
			imposed = append(imposed, label)
			x.parts = append(x.parts, label+" until something removes it")
		case items.AlreadyHeld:
			x.parts = append(x.parts, "already "+label)
		case items.Immune:
			x.parts = append(x.parts, "immune to "+label)
		}
	}
	if len(imposed) > 0 {
		x.rec.Add("imposed", strings.Join(imposed, ", "))
	}
}

// pay takes one from the stack or spends the charges (Spend), and says
// what is left; the last charge spent rolls breaksOn.
func (x *use) pay() string {
	sp := Spend(x.p, x.m, x.si, x.def, x.turn.Dice)
	switch {
	case x.u.Consumes:
		left := carried(x.p, x.m, x.def)
		x.rec.AddInt("remaining", left)
		if left == 0 {
			return "None left."
		}
		return fmt.Sprintf("%d left.", left)
	case x.u.Charges > 0:
		x.rec.Add("charges", fmt.Sprintf("%d of %d", sp.Left, sp.Of))
		if sp.Rolled {
			x.rec.AddInt("breakRoll", sp.BreakRoll)
			x.rec.AddBool("broke", sp.Broke)
			if sp.Broke {
				return "Its last charge spent, it breaks."
			}
		}
		return fmt.Sprintf("%d of %d charges left.", sp.Left, sp.Of)
	}
	return ""
}

// carried counts the units of def in m's bag.
func carried(p *items.Party, m *items.Member, def *itemrules.Item) int {
	n := 0
	for i := range m.Bag {
		if p.Def(&m.Bag[i]) == def {
			n += m.Bag[i].Count
		}
	}
	return n
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func poolLabel(rs *ruleset.Ruleset, id string) string {
	if pl, ok := rs.PoolDecl(id); ok && pl.Label != "" {
		return pl.Label
	}
	return id
}

func itemName(t tag.Tag) string {
	if v, ok := t.Get("item"); ok {
		return strings.TrimSpace(v)
	}
	return strings.TrimSpace(t.Value("name"))
}

// member reads who=: the member it names (named true), or the player's
// side when it is absent. False with the refusal when it names no one.
func member(p *items.Party, t tag.Tag, action string) (int, bool, record.Record, bool) {
	name, given := t.Get("who")
	if !given {
		return -1, false, record.Record{}, true
	}
	i, ok := p.Member(name)
	if !ok {
		var names []string
		for _, m := range p.Members {
			names = append(names, m.Name)
		}
		return 0, true, record.Refused(action, "unknown-who", "who", name, "note", "who= names a character of the party: "+strings.Join(names, ", ")), false
	}
	return i, true, record.Record{}, true
}

func matches(p *items.Party, s *items.Stack, name string) bool {
	if strings.EqualFold(s.Name, name) {
		return true
	}
	def := p.Def(s)
	return def != nil && strings.EqualFold(def.Label, name)
}

// pick finds the stack a use takes: in who's bag (the party's, player
// first, when who= is absent), the first matching stack that can be used
// now. When none can, the refusal says why for the first one found:
// nothing left, or not worn (and bound) as its slots or binding require.
func pick(p *items.Party, who int, named bool, name string) (int, int, record.Record, bool) {
	var why record.Record
	found := false
	for mi, m := range p.Members {
		if named && mi != who {
			continue
		}
		for si := range m.Bag {
			s := &m.Bag[si]
			if !matches(p, s, name) {
				continue
			}
			refusal, ok := usable(p, m, s)
			if ok {
				return mi, si, record.Record{}, true
			}
			if !found {
				why, found = refusal, true
			}
		}
	}
	if found {
		return 0, 0, why, false
	}
	return 0, 0, record.Refused("use", "not-held", "item", name), false
}

// usable says whether a stack can be used now: an item that takes slots
// or binds only while worn (and bound), one with charges only while its
// use can spend them.
func usable(p *items.Party, m *items.Member, s *items.Stack) (record.Record, bool) {
	def := p.Def(s)
	if def == nil || def.UseDef == nil {
		return record.Record{}, true
	}
	if (len(def.Slots) > 0 || def.Binds) && !p.Worn(s) {
		how := "worn"
		switch {
		case def.Binds && len(def.Slots) > 0:
			how = "equipped and bound"
		case def.Binds:
			how = "bound"
		case len(def.Slots) > 0:
			how = "equipped"
		}
		return record.Refused("use", "not-worn", "item", def.Label, "who", m.Name, "note",
			fmt.Sprintf("%s is used while it is %s", def.Label, how)), false
	}
	if def.UseDef.Charges > 0 {
		left, maxN, _ := p.ChargesLeft(s)
		if left < def.UseDef.Charges {
			return record.Refused("use", "no-charges", "item", def.Label, "who", m.Name, "charges", fmt.Sprintf("%d of %d", left, maxN),
				"note", "it has nothing left to spend until a rest brings its charges back"), false
		}
	}
	return record.Record{}, true
}
