package items

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/ruleset"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Live state is what changes in play besides the bags: the live pools
// (Member.Pools, also paid by checks), the marks on live tracks, the
// temporary points on the health pool, the conditions imposed and removed
// in play, and on each stack its spent charges and its on/off switch. It
// lives on the party, so the session folds it from the log with the bags
// and a regenerated reply starts from the party as it was
// (docs/sheet.md "Live state").

// UseText says what using an item does, for its line: the Game Master's
// (forGM, `use (Act): Steel 7 save negates it, Rattled, 1 of 3 charges`)
// or the player's details (`Use (Action): heals 1d4 + 1, range 0 paces,
// used up`); package use sets it, since the use vocabulary lives there.
var UseText func(p *Party, def *itemrules.Item, forGM bool) string

// ConditionIDs are the member's conditions as they stand, in the order
// they were gained: the sheet's until play changes them.
func (m *Member) ConditionIDs() []string {
	if m.Conditions == nil && m.Sheet != nil {
		return m.Sheet.Conditions
	}
	return m.Conditions
}

// baseChar is member i as the sheet alone has them, with the live pools:
// pool and track maxima read it, never items or live state.
func (p *Party) baseChar(i int) *sheet.Character {
	m := p.Members[i]
	ch := sheet.New(p.RS, m.Sheet)
	ch.Pools = m.Pools
	return ch
}

// CheckEnv is member i as one check reads them, from a single view: the
// character (Character) and what their sources do to the check (Effects),
// without computing the view twice. An item's gate rolls through it.
func (p *Party) CheckEnv(i int) (*sheet.Character, func(c *check.Check) check.Effects) {
	v := p.view(i, nil)
	return v.ch, func(c *check.Check) check.Effects {
		return gather(v.sources, c.Target, c.Res == nil || c.Res.ReadsAdvantage())
	}
}

// PoolMax is a live pool's max for member i, read from the sheet alone.
func (p *Party) PoolMax(i int, id string) int {
	pl, ok := p.RS.PoolDecl(id)
	if !ok {
		return 0
	}
	return max(0, floorInt(p.baseChar(i).Value(pl.Max)))
}

// PoolValue is a live pool's current value for member i.
func (p *Party) PoolValue(i int, id string) int { return p.baseChar(i).Pool(id) }

// SetPool sets a live pool, kept between 0 and its max.
func (p *Party) SetPool(i int, id string, v int) {
	m := p.Members[i]
	next := maps.Clone(m.Pools)
	if next == nil {
		next = map[string]int{}
	}
	next[id] = max(0, min(v, p.PoolMax(i, id)))
	m.Pools = next
}

// TrackSize is how many boxes (or marks) a live track has for member i.
func (p *Party) TrackSize(i int, t *ruleset.Track) int {
	return t.TrackSize(p.baseChar(i).Value)
}

// TrackMarks is how many marks member i's track carries.
func (p *Party) TrackMarks(i int, id string) int { return p.Members[i].Marks[id] }

// SetMarks sets a track's marks, kept between 0 and its size.
func (p *Party) SetMarks(i int, t *ruleset.Track, n int) {
	m := p.Members[i]
	next := maps.Clone(m.Marks)
	if next == nil {
		next = map[string]int{}
	}
	next[t.ID] = max(0, min(n, p.TrackSize(i, t)))
	m.Marks = next
}

// WoundPenalty is the penalty of the worst mark filled on a wound track
// (0 when none is filled), and that mark's label.
func (p *Party) WoundPenalty(m *Member, t *ruleset.Track) (int, string) {
	n := min(m.Marks[t.ID], len(t.Marks))
	if !t.IsWounds() || n == 0 {
		return 0, ""
	}
	mk := t.Marks[n-1]
	return mk.Penalty, mk.Label
}

// woundSources are the wound penalties the member's wound tracks impose:
// every check and save takes the worst filled mark's penalty (a flat
// number in a summed check, dice in a pool), named by the mark's label.
func (p *Party) woundSources(m *Member) []source {
	if p.RS == nil {
		return nil
	}
	var out []source
	for k := range p.RS.Live.Tracks {
		pen, label := p.WoundPenalty(m, &p.RS.Live.Tracks[k])
		if pen == 0 {
			continue
		}
		out = append(out, source{label: label, effect: &effectrules.Effect{Modifiers: []effectrules.Modifier{
			{To: "checks", Flat: pen}, {To: "saves", Flat: pen}}}})
	}
	return out
}

// ConditionState says what imposing a condition did.
type ConditionState int

// The outcomes of imposing a condition.
const (
	Imposed ConditionState = iota
	AlreadyHeld
	Immune
)

// Impose gives member i a condition until something removes it, unless a
// condition immunity keeps it off (spec/items.md "Typed defenses") or they
// already hold it.
func (p *Party) Impose(i int, id string) ConditionState {
	m := p.Members[i]
	held := m.ConditionIDs()
	if containsStr(held, id) {
		return AlreadyHeld
	}
	trial := append(slices.Clone(held), id)
	m0 := *m
	m0.Conditions = trial
	p.Members[i] = &m0
	v := p.view(i, nil)
	p.Members[i] = m
	if !containsStr(v.active, id) {
		return Immune
	}
	// Imposed: what it ends (an immunity it grants) ends for good, as
	// Settle would, from the same view.
	next := make([]string, 0, len(trial))
	for _, c := range trial {
		if !containsStr(v.ended, c) {
			next = append(next, c)
		}
	}
	m.Conditions = next
	return Imposed
}

// Lift removes a condition from member i; false when they do not hold it.
func (p *Party) Lift(i int, id string) bool {
	m := p.Members[i]
	held := m.ConditionIDs()
	if !containsStr(held, id) {
		return false
	}
	next := make([]string, 0, len(held))
	for _, c := range held {
		if c != id {
			next = append(next, c)
		}
	}
	m.Conditions = next
	return true
}

// Settle ends for good the conditions a condition immunity has ended:
// a newly gained immunity ends the condition, so it does not come back
// when the immunity goes (spec/items.md "Typed defenses"). It returns the
// conditions it ended.
func (p *Party) Settle(i int) []string {
	if p.RS == nil || len(p.RS.Conditions) == 0 {
		return nil
	}
	m := p.Members[i]
	if len(m.ConditionIDs()) == 0 {
		return nil
	}
	ended := p.view(i, nil).ended
	if len(ended) == 0 {
		return nil
	}
	var next []string
	for _, c := range m.ConditionIDs() {
		if !containsStr(ended, c) {
			next = append(next, c)
		}
	}
	if next == nil {
		next = []string{}
	}
	m.Conditions = next
	return ended
}

// SettleAll settles every member's conditions (see Settle) and says
// what ended: `Rattled (Maud Hollin)`, "" when nothing did.
func (p *Party) SettleAll() string {
	var out []string
	for i, m := range p.Members {
		for _, c := range p.Settle(i) {
			out = append(out, p.conditionLabel(c)+" ("+m.Name+")")
		}
	}
	return strings.Join(out, ", ")
}

// SettleFor is SettleAll that reports an ended condition only where it
// belongs: the conditions ended for the members concerns says (the
// characters a record names) are returned with any each still had to be
// told, and the others wait in Member.Lifted for a record of theirs.
func (p *Party) SettleFor(concerns func(name string) bool) string {
	for i, m := range p.Members {
		for _, c := range p.Settle(i) {
			m.Lifted = append(m.Lifted, p.conditionLabel(c)+" ("+m.Name+")")
		}
	}
	return p.TellLifted(concerns)
}

// TellLifted is SettleFor's report without settling: the ended
// conditions still to be told of the members concerns says, which are
// told now. A caller that knows the party has not changed since it last
// settled (so settling would end nothing) calls it alone.
func (p *Party) TellLifted(concerns func(name string) bool) string {
	var out []string
	for _, m := range p.Members {
		if len(m.Lifted) > 0 && concerns(m.Name) {
			out = append(out, m.Lifted...)
			m.Lifted = nil
		}
	}
	return strings.Join(out, ", ")
}

// ActiveConditions are the conditions that hold for member i.
func (p *Party) ActiveConditions(i int) []string { return p.view(i, nil).active }

// ConditionLabel is a condition's label.
func (p *Party) ConditionLabel(id string) string { return p.conditionLabel(id) }

// ChargesLeft is how many charges a stack of an item with charges has
// left, and its max; ok is false for an item without charges.
func (p *Party) ChargesLeft(s *Stack) (left, maxN int, ok bool) {
	def := p.Def(s)
	if def == nil || def.ChargeDef == nil {
		return 0, 0, false
	}
	maxN = def.ChargesMax()
	return max(0, maxN-s.Spent), maxN, true
}

// HealthLine is member i's health as a line shows it: `Grit 6/11` for a
// pool (with `, 3 temporary`), `Harm 2 of 6 marked` for a plain track,
// `Wounds: Hurt` (or `Wounds: unmarked`) for a wound track; "" without.
func (p *Party) HealthLine(i int) string {
	if p.RS == nil || p.RS.Live.Health == nil {
		return ""
	}
	if id := p.RS.HealthPool(); id != "" {
		pl, _ := p.RS.PoolDecl(id)
		s := fmt.Sprintf("%s %d/%d", labelOr(pl.Label, pl.ID), p.PoolValue(i, id), p.PoolMax(i, id))
		if t := p.Members[i].Temporary; t > 0 {
			s += fmt.Sprintf(", %d temporary", t)
		}
		return s
	}
	if t := p.RS.HealthTrack(); t != nil {
		return p.TrackLine(i, t)
	}
	return ""
}

// TrackLine is a track as a line shows it.
func (p *Party) TrackLine(i int, t *ruleset.Track) string {
	m := p.Members[i]
	if t.IsWounds() {
		if _, label := p.WoundPenalty(m, t); label != "" || m.Marks[t.ID] > 0 {
			return fmt.Sprintf("%s: %s", t.Label, t.Marks[min(m.Marks[t.ID], len(t.Marks))-1].Label)
		}
		return t.Label + ": unmarked"
	}
	return fmt.Sprintf("%s %d of %d marked", t.Label, m.Marks[t.ID], p.TrackSize(i, t))
}

// LiveBlock is each character's live state, as `session show` prints it:
// health, pools, tracks, conditions, and the items' charges and switches.
func (p *Party) LiveBlock() string {
	if p.RS == nil {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("LIVE\n")
	for i, m := range p.Members {
		var parts []string
		if h := p.HealthLine(i); h != "" {
			parts = append(parts, "health "+h)
		}
		for _, pl := range p.RS.Live.Pools {
			if pl.ID == p.RS.HealthPool() {
				continue
			}
			parts = append(parts, fmt.Sprintf("%s %d/%d", labelOr(pl.Label, pl.ID), p.PoolValue(i, pl.ID), p.PoolMax(i, pl.ID)))
		}
		for k := range p.RS.Live.Tracks {
			t := &p.RS.Live.Tracks[k]
			if h := p.RS.HealthTrack(); h != nil && h.ID == t.ID {
				continue
			}
			parts = append(parts, p.TrackLine(i, t))
		}
		var conds []string
		for _, c := range p.ActiveConditions(i) {
			conds = append(conds, p.conditionLabel(c))
		}
		if len(conds) == 0 {
			conds = []string{"none"}
		}
		parts = append(parts, "conditions "+strings.Join(conds, ", "))
		for j := range m.Bag {
			if extra := p.stackExtras(&m.Bag[j]); len(extra) > 0 {
				parts = append(parts, m.Bag[j].Name+" "+strings.Join(extra, ", "))
			}
		}
		sb.WriteString(m.Name + ": " + strings.Join(parts, "; ") + "\n")
	}
	return sb.String()
}

// stackExtras are the live facts of a stack the GM's line shows beside
// it: `2 of 3 charges left` and the switch (`Flames on`).
func (p *Party) stackExtras(s *Stack) []string {
	var out []string
	if left, maxN, ok := p.ChargesLeft(s); ok {
		out = append(out, fmt.Sprintf("%d of %d charges left", left, maxN))
	}
	if def := p.Def(s); def != nil && def.Toggle != nil {
		pos := "off"
		if s.On {
			pos = "on"
		}
		out = append(out, labelOr(def.Toggle.Label, "switch")+" "+pos)
	}
	return out
}

func floorInt(f float64) int {
	i := int(f)
	if float64(i) > f {
		i--
	}
	return i
}
