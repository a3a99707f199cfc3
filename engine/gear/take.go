// Package gear is spec/items.md "Starting gear": the player takes a set
// of the ruleset's items.startingGear into their bag or a party member's,
// with an option for each of its choices and an item from each list, all
// or nothing; and the list of gear a character is offered, in the
// spec's order.
//
// Taking gear is a player action recorded in the session log as a tag
// the engine answers, written by the player:
//
//	[gear: take="fighter" choice1="Chain mail" choice2="Pick one" pick1="Longsword" who="Ada"]
//
// so the log stays one kind of event and a replay takes the same gear
// (docs/session.md, docs/tags.md).
package gear

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

func init() { items.RegisterTag("gear", Answer) }

// Refusal reasons of [gear:] (docs/tags.md; the spec names none).
const (
	PlayerOnly     = "player-only"      // the Game Master wrote it: gear is never given on its own
	NoStartingGear = "no-starting-gear" // the ruleset declares none
	NoGear         = "no-gear"          // take= is missing or empty
	UnknownGear    = "unknown-gear"     // take= names no set
	MissingChoice  = "missing-choice"   // a choice without choiceN=
	UnknownOption  = "unknown-option"   // choiceN= names no option of that choice
	MissingPick    = "missing-pick"     // a list without pickN=
	NotInList      = "not-in-list"      // pickN= names no item of that list
	GroupTaken     = "group-taken"      // the character took gear of this group; again="true" adds it anyway
	TooHeavy       = "too-heavy"        // more than the bearer can still carry
	BagFull        = "bag-full"         // more stacks than the bag accepts
	NothingToTake  = "nothing-to-take"  // the set, with the options chosen, holds nothing
)

// Part is the section's session state: the groups each character took
// (by GroupKey), by their index in the party.
type Part struct {
	Taken map[int][]string `json:"taken"`
}

// ClonePart copies the groups taken.
func (g *Part) ClonePart() items.Part {
	out := &Part{Taken: make(map[int][]string, len(g.Taken))}
	for k, v := range g.Taken {
		out.Taken[k] = append([]string(nil), v...)
	}
	return out
}

// partOf is the party's gear state (an empty one before any take).
func partOf(p *items.Party) *Part {
	if g, ok := p.PartOf("gear").(*Part); ok {
		return g
	}
	return &Part{Taken: map[int][]string{}}
}

// Took reports whether member i took gear of the set's group.
func Took(p *items.Party, i int, set *itemrules.GearSet) bool {
	for _, k := range partOf(p).Taken[i] {
		if k == set.GroupKey() {
			return true
		}
	}
	return false
}

// unit is one resolved line: what goes in the bag, how many, and whether
// it is put on.
type unit struct {
	def   *itemrules.Item // nil for a plain item
	name  string
	count int
	equip bool
}

// Answer answers the player's [gear: take=...]: all of it or nothing.
func Answer(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	set, refusal, ok := readSet(p, t, turn.Actor)
	if !ok {
		return refusal
	}
	who, _, refused := p.Who(t, "gear")
	if who < 0 {
		return refused
	}
	again := strings.EqualFold(strings.TrimSpace(t.Value("again")), "true")
	if Took(p, who, set) && !again {
		return record.Refused("gear", GroupTaken, "gear", set.Label, "who", p.Members[who].Name,
			"note", p.Members[who].Name+" already took gear of this group; take it again on purpose with again=\"true\", which adds to the bag")
	}
	lines, refusal, ok := chosenLines(set, t)
	if !ok {
		return refusal
	}
	units, refusal, ok := resolve(p, set, lines, t)
	if !ok {
		return refusal
	}
	if refusal, ok := fits(p, who, set, units); !ok {
		return refusal
	}
	return take(p, who, set, units, again)
}

// readSet reads take= against the ruleset's starting gear.
func readSet(p *items.Party, t tag.Tag, actor items.Actor) (*itemrules.GearSet, record.Record, bool) {
	var b *itemrules.ItemsBlock
	if p.RS != nil {
		b = p.RS.Items
	}
	name := strings.TrimSpace(t.Value("take"))
	switch {
	case actor != items.Player:
		return nil, record.Refused("gear", PlayerOnly, "note", "starting gear is the player's to take; it is never given on its own"), false
	case b == nil || len(b.StartingGear) == 0:
		return nil, record.Refused("gear", NoStartingGear, "note", "this ruleset declares no starting gear"), false
	case name == "":
		return nil, record.Refused("gear", NoGear, "note", `name the gear: take="`+b.StartingGear[0].ID+`"; gear: `+setIDs(b)), false
	}
	set := b.Gear(name)
	if set == nil {
		return nil, record.Refused("gear", UnknownGear, "gear", name, "note", "gear: "+setIDs(b)), false
	}
	return set, record.Record{}, true
}

func setIDs(b *itemrules.ItemsBlock) string {
	ids := make([]string, len(b.StartingGear))
	for i, g := range b.StartingGear {
		ids[i] = g.ID
	}
	return strings.Join(ids, ", ")
}

// chosenLines is the set's lines, then the lines of the option chosen
// for each choice (choice1=, choice2=, ... by label in any case or by
// number), in order.
func chosenLines(set *itemrules.GearSet, t tag.Tag) ([]itemrules.GearLine, record.Record, bool) {
	lines := append([]itemrules.GearLine(nil), set.Lines...)
	for ci, c := range set.Choices {
		key := "choice" + strconv.Itoa(ci+1)
		v, given := t.Get(key)
		v = strings.TrimSpace(v)
		if !given || v == "" {
			return nil, record.Refused("gear", MissingChoice, "gear", set.Label,
				"note", fmt.Sprintf("choose %s with %s=: %s", c.Label, key, optionLabels(c))), false
		}
		oi := option(c, v)
		if oi < 0 {
			return nil, record.Refused("gear", UnknownOption, "gear", set.Label,
				"note", fmt.Sprintf("%s=%q is not an option of %s: %s", key, v, c.Label, optionLabels(c))), false
		}
		lines = append(lines, c.Options[oi].Lines...)
	}
	return lines, record.Record{}, true
}

func option(c itemrules.GearChoice, v string) int {
	for i, o := range c.Options {
		if strings.EqualFold(o.Label, v) {
			return i
		}
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 1 && n <= len(c.Options) {
		return n - 1
	}
	return -1
}

func optionLabels(c itemrules.GearChoice) string {
	out := make([]string, len(c.Options))
	for i, o := range c.Options {
		out[i] = strconv.Itoa(i+1) + " " + strconv.Quote(o.Label)
	}
	return strings.Join(out, ", ")
}

// resolve turns lines into units: an item, coins as their coin's item,
// the item picked from each list (pick1=, pick2=, ... in order, by label
// or "catalog/entry" in any case), a plain item by name.
func resolve(p *items.Party, set *itemrules.GearSet, lines []itemrules.GearLine, t tag.Tag) ([]unit, record.Record, bool) {
	b := p.RS.Items
	var units []unit
	lists := 0
	for _, l := range lines {
		u := unit{count: l.Count, equip: l.Equip}
		switch {
		case l.Item != "":
			u.def = b.ItemByRef(l.Item)
		case l.Coins != "":
			u.def = b.CoinItem(l.Coins)
		case l.Name != "":
			u.name = l.Name
		case len(l.OneOf) > 0:
			lists++
			def, refusal, ok := picked(b, set, l.OneOf, lists, t)
			if !ok {
				return nil, refusal, false
			}
			u.def = def
		}
		if u.def == nil && u.name == "" {
			return nil, record.Refused("gear", NothingToTake, "gear", set.Label, "note", "a line names an item this ruleset no longer has"), false
		}
		if u.def != nil {
			u.name = u.def.Label
		}
		units = append(units, u)
	}
	if len(units) == 0 {
		return nil, record.Refused("gear", NothingToTake, "gear", set.Label, "note", "with the options chosen, this gear holds nothing; it is not marked as taken"), false
	}
	return units, record.Record{}, true
}

// picked reads pickN= for the n-th list.
func picked(b *itemrules.ItemsBlock, set *itemrules.GearSet, list []string, n int, t tag.Tag) (*itemrules.Item, record.Record, bool) {
	key := "pick" + strconv.Itoa(n)
	v, given := t.Get(key)
	v = strings.TrimSpace(v)
	var labels []string
	for _, ref := range list {
		it := b.ItemByRef(ref)
		if it == nil {
			continue
		}
		if v != "" && (strings.EqualFold(it.Label, v) || strings.EqualFold(ref, v)) {
			return it, record.Record{}, true
		}
		labels = append(labels, strconv.Quote(it.Label))
	}
	if !given || v == "" {
		return nil, record.Refused("gear", MissingPick, "gear", set.Label, "note", "pick one with "+key+"=: "+strings.Join(labels, ", ")), false
	}
	return nil, record.Refused("gear", NotInList, "gear", set.Label, "note", fmt.Sprintf("%s=%q is not in the list: %s", key, v, strings.Join(labels, ", "))), false
}

// weightOf is what the units weigh in the carry stat.
func weightOf(p *items.Party, units []unit) float64 {
	w := 0.0
	for _, u := range units {
		w += p.Weight(u.def) * float64(u.count)
	}
	return w
}

// fits refuses gear too heavy for its bearer (saying what it weighs
// against what they can still carry) or needing more stacks than their
// bag accepts.
func fits(p *items.Party, who int, set *itemrules.GearSet, units []unit) (record.Record, bool) {
	m := p.Members[who]
	w := weightOf(p, units)
	_, limit := p.Capacity(who)
	room := limit - p.Load(who)
	if w > room+1e-9 {
		unit := carryUnit(p)
		return record.Refused("gear", TooHeavy, "gear", set.Label, "who", m.Name,
			"weight", num(w), "canCarry", num(math.Max(room, 0)),
			"note", fmt.Sprintf("%s weighs %s%s; %s can still carry %s%s", set.Label, num(w), unit, m.Name, num(math.Max(room, 0)), unit)), false
	}
	need := 0
	for _, u := range units {
		need += stacksNeeded(u)
	}
	if p.Stacks(who)+need > items.MaxStacksPerBag {
		return record.Refused("gear", BagFull, "gear", set.Label, "who", m.Name,
			"note", fmt.Sprintf("%s's bag holds %d stacks; this gear can need %d more, past the %d a bag accepts", m.Name, p.Stacks(who), need, items.MaxStacksPerBag)), false
	}
	return record.Record{}, true
}

// stacksNeeded is the most new stacks a unit can start: one per stack
// limit, and one per unit put on.
func stacksNeeded(u unit) int {
	if u.def == nil {
		return 1
	}
	if u.equip && len(u.def.Slots) > 0 {
		return u.count
	}
	lim := u.def.StackLimit()
	return (u.count + lim - 1) / lim
}

// take puts every unit in the bag, puts on what equips where slots are
// free, marks the group taken and says what it did.
func take(p *items.Party, who int, set *itemrules.GearSet, units []unit, again bool) record.Record {
	var took, on, off []string
	for _, u := range units {
		p.Put(who, u.def, u.name, u.count)
		took = append(took, u.name+" ×"+strconv.Itoa(u.count))
	}
	for _, u := range units {
		if !u.equip || u.def == nil || len(u.def.Slots) == 0 {
			continue
		}
		for k := 0; k < u.count; k++ {
			if !p.EquipUnit(who, u.def.Ref()) {
				off = append(off, u.name)
				break
			}
			on = append(on, u.name)
		}
	}
	g := partOf(p).ClonePart().(*Part)
	if !Took(p, who, set) {
		g.Taken[who] = append(g.Taken[who], set.GroupKey())
	}
	p.SetPart("gear", g)
	rec := record.New("gear")
	rec.Add("gear", set.Label)
	rec.Add("who", p.Members[who].Name)
	rec.Add("took", strings.Join(took, ", "))
	if len(on) > 0 {
		rec.Add("equippedNow", strings.Join(on, ", "))
	}
	if p.RS.Items.Carry != nil {
		rec.Add("weight", num(weightOf(p, units)))
	}
	if again {
		rec.AddBool("again", true)
	}
	if len(off) > 0 {
		rec.Add("note", "no free slots to put on "+strings.Join(off, ", ")+": it stays in the bag")
	}
	return rec
}

func carryUnit(p *items.Party) string {
	if c := p.RS.Items.Carry; c != nil && c.Unit != "" {
		return " " + c.Unit
	}
	return ""
}

func num(f float64) string {
	f = math.Round(f*100) / 100
	return strconv.FormatFloat(f, 'f', -1, 64)
}
