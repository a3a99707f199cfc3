package items

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

// Actor says who wrote an inventory action: the Game Master's tag or the
// player's own action. They differ where the spec says so (freeform, the
// curse only the Game Master ends).
type Actor int

const (
	// GM is a Game Master's [inventory: ...] tag.
	GM Actor = iota
	// Player is the player's own inventory action.
	Player
)

// laterActions are inventory actions this engine does not answer yet,
// with the feature that brings them.
var laterActions = map[string]string{
	"use": "using items (spec/items.md \"Using items outside a fight\")",
}

// maxCount bounds a count= so that a typo cannot fill a bag with millions of stacks.
const maxCount = itemrules.MaxStack

// coreActions are the inventory actions the bag core answers itself.
var coreActions = map[string]bool{"add": true, "remove": true, "equip": true, "unequip": true,
	"bind": true, "unbind": true, "give": true, "inspect": true}

// Answer applies one [inventory: action=...] outside a session's turn (the
// dice, for an action that rolls, are seeded from zero). A refused action
// changes nothing.
func (p *Party) Answer(t tag.Tag, actor Actor) record.Record {
	return p.AnswerTurn(t, Turn{Actor: actor, Dice: dice.New(0, 0, 0)})
}

// AnswerTurn applies one [inventory: action=...] in a turn and returns its
// record. A refused action changes nothing.
func (p *Party) AnswerTurn(t tag.Tag, turn Turn) record.Record {
	actor := turn.Actor
	action := strings.ToLower(strings.TrimSpace(t.Value("action")))
	if fn, ok := registeredAction(action); ok {
		return fn(p, t, turn)
	}
	switch action {
	case "add":
		return p.add(t, actor)
	case "remove":
		return p.remove(t, actor)
	case "equip", "unequip":
		return p.equip(t, action == "equip")
	case "bind":
		return p.bind(t)
	case "unbind":
		return p.unbind(t, actor)
	case "give":
		return p.give(t)
	case "inspect":
		if fn := inspectAnswerer(); fn != nil {
			if rec, ok := fn(p, t, turn); ok {
				return rec
			}
		}
		return p.inspect(t)
	case "":
		return record.Refused("inventory", "no-action", "note", `say what to do: action="add", "remove", "equip", "unequip", "bind", "unbind", "give" or "inspect"`)
	}
	if feature, ok := laterActions[action]; ok {
		return record.Refused(action, "not-available", "note", "this engine does not answer action=\""+action+"\" yet; it comes with "+feature)
	}
	return record.Refused(action, "unknown-action", "note", `inventory actions: add, remove, equip, unequip, bind, unbind, give, inspect`)
}

// count reads count= (1 by default); the bool is false when it is unreadable.
func count(t tag.Tag) (int, bool) {
	v, ok := t.Get("count")
	if !ok || strings.TrimSpace(v) == "" {
		return 1, true
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(v), "+"))
	if err != nil || n < 1 {
		return 0, false
	}
	return min(n, maxCount), true
}

func itemName(t tag.Tag) string {
	if v, ok := t.Get("item"); ok {
		return strings.TrimSpace(v)
	}
	return strings.TrimSpace(t.Value("name"))
}

func (p *Party) who(t tag.Tag, action string) (int, bool, record.Record) {
	name, given := t.Get("who")
	if !given {
		return 0, false, record.Record{}
	}
	i, ok := p.Member(name)
	if !ok {
		return -1, true, record.Refused(action, "unknown-who", "who", name, "note", "who= names a character of the party: "+p.names())
	}
	return i, true, record.Record{}
}

func (p *Party) names() string {
	var out []string
	for _, m := range p.Members {
		out = append(out, m.Name)
	}
	return strings.Join(out, ", ")
}

// holder reads who= for an action on an item already in a bag: the named
// member, or -1 when who= is absent (the first bag that holds the item).
// False with the refusal when who= names no one of the party.
func (p *Party) holder(t tag.Tag, action string) (int, record.Record, bool) {
	who, named, refusal := p.who(t, action)
	if who < 0 {
		return -1, refusal, false
	}
	if !named {
		return -1, record.Record{}, true
	}
	return who, record.Record{}, true
}

// badCount refuses an unreadable count=.
func badCount(action, name string) record.Record {
	return record.Refused(action, "bad-count", "item", name, "note", "count= is a whole number from 1 to 999999")
}

// taking is what remove and give read first: the item, how many, and
// whose bag it comes from (-1: the first that holds it).
type taking struct {
	name  string
	count int
	from  int
}

// readTaking reads item=, count= and who=; false with the refusal when
// count= or who= is unreadable.
func (p *Party) readTaking(t tag.Tag, action string) (taking, record.Record, bool) {
	tk := taking{name: itemName(t), from: -1}
	n, ok := count(t)
	if !ok {
		return tk, badCount(action, tk.name), false
	}
	tk.count = n
	from, refusal, ok := p.holder(t, action)
	if !ok {
		return tk, refusal, false
	}
	tk.from = from
	return tk, record.Record{}, true
}

// takeOut takes k off stack si of m's bag, dropping the stack once empty.
func takeOut(m *Member, si, k int) {
	m.Bag[si].Count -= k
	if m.Bag[si].Count == 0 {
		m.Bag = append(m.Bag[:si], m.Bag[si+1:]...)
	}
}

// heldBy is what a name means in the party's bags: the stacks whose name
// or item label matches, any case.
func (p *Party) held(name string) (def *itemrules.Item, ref string, ok bool) {
	for _, m := range p.Members {
		for i := range m.Bag {
			s := &m.Bag[i]
			if strings.EqualFold(s.Name, name) {
				return p.Def(s), s.Name, true
			}
		}
	}
	return nil, "", false
}

func (p *Party) add(t tag.Tag, actor Actor) record.Record {
	name := itemName(t)
	if name == "" {
		return record.Refused("add", "no-item", "note", `name the item: item="Hand axe"`)
	}
	n, ok := count(t)
	if !ok {
		return badCount("add", name)
	}
	who, named, refusal := p.who(t, "add")
	if who < 0 {
		return refusal
	}
	def, stackName, notes, refused := p.addedItem(t, name, actor)
	if refused != nil {
		return *refused
	}
	var placed []Placement
	var left int
	if named {
		placed, left = p.placeWith(who, def, n)
	} else {
		placed, left = p.place(def, n)
	}
	if refusal, full := p.bagFullRefusal(placed, def, stackName); full {
		return refusal
	}
	rec := record.New("inventory")
	rec.Add("action", "add")
	rec.Add("item", stackName)
	rec.AddInt("count", n-left)
	if where := p.putPlaced(placed, def, stackName); where != "" {
		rec.Add("placed", where)
	}
	if left > 0 {
		rec.AddInt("left", left)
		notes = append(notes, fmt.Sprintf("%d left behind: no one can carry more", left))
	}
	if def != nil {
		rec.Add("line", p.Line(def, stackName, true))
	}
	if len(notes) > 0 {
		rec.Add("note", strings.Join(notes, "; "))
	}
	return rec
}

// addedItem is what an add puts in the bags: the ruleset's item by label,
// one the Game Master invents, more of what the party already has, or a
// plain untyped item (nil) where the block allows one. It returns the
// item, its stack's name and the invention's notes, or the refusal.
func (p *Party) addedItem(t tag.Tag, name string, actor Actor) (*itemrules.Item, string, []string, *record.Record) {
	var notes []string
	def := p.lookupName(name)
	stackName := name
	if def == nil && actor == GM && wantsInvention(t) {
		var refused *record.Record
		def, notes, refused = p.invent(t, name)
		if refused != nil {
			return nil, "", nil, refused
		}
	}
	if def == nil {
		d, heldName, isHeld := p.held(name)
		if b := p.block(); isHeld && (d != nil || actor != Player || b == nil || b.Freeform != "refuse") {
			def, stackName = d, heldName // more of something the party already has
		} else if b != nil {
			if refusal, refused := refuseUntyped(b, name, actor); refused {
				return nil, "", nil, &refusal
			}
		}
	} else {
		stackName = def.Label
	}
	if def != nil && def.Service {
		refusal := record.Refused("add", "service", "item", def.Label, "note", "a service is bought, never carried: nothing puts it in a bag")
		return nil, "", nil, &refusal
	}
	return def, stackName, notes, nil
}

// refuseUntyped refuses a plain untyped item where the block says so:
// the Game Master's when native items are off, the player's when
// freeform is "refuse".
func refuseUntyped(b *itemrules.ItemsBlock, name string, actor Actor) (record.Record, bool) {
	if actor == GM && !b.Native {
		return record.Refused("add", "not-ruleset-item", "item", name, "note",
			"this ruleset has no native items: add one of its items by label, invent one in its vocabulary, or add more of something the party has"), true
	}
	if actor == Player && b.Freeform == "refuse" {
		return record.Refused("add", "not-ruleset-item", "item", name, "note", "this ruleset allows only its own items"), true
	}
	return record.Record{}, false
}

// putPlaced puts each placement in its member's bag and says where the
// items went: "Ada 2; Orrin 1" ("" when nowhere).
func (p *Party) putPlaced(placed []Placement, def *itemrules.Item, stackName string) string {
	var parts []string
	for _, pl := range placed {
		m := p.Members[pl.Member]
		p.put(m, def, stackName, pl.Count)
		parts = append(parts, fmt.Sprintf("%s %d", m.Name, pl.Count))
	}
	return strings.Join(parts, "; ")
}

// find returns the first stack matching name in member i's bag (or, when
// i < 0, in the party's bags, the player's first) that keep accepts.
func (p *Party) find(i int, name string, keep func(*Stack) bool) (int, int, bool) {
	for mi, m := range p.Members {
		if i >= 0 && mi != i {
			continue
		}
		for si := range m.Bag {
			s := &m.Bag[si]
			if !matches(p, s, name) || (keep != nil && !keep(s)) {
				continue
			}
			return mi, si, true
		}
	}
	return 0, 0, false
}

func matches(p *Party, s *Stack, name string) bool {
	if strings.EqualFold(s.Name, name) {
		return true
	}
	if def := p.Def(s); def != nil && strings.EqualFold(def.Label, name) {
		return true
	}
	return false
}

// cursedBound is a stack that cannot come off: cursed, bound, curse not ended.
func (p *Party) cursedBound(s *Stack) bool {
	def := p.Def(s)
	return def != nil && def.Cursed && s.Bound && !s.CurseEnded
}

func (p *Party) remove(t tag.Tag, actor Actor) record.Record {
	tk, refusal, ok := p.readTaking(t, "remove")
	if !ok {
		return refusal
	}
	name, n, who := tk.name, tk.count, tk.from
	removed := 0
	cursed := false
	for removed < n {
		mi, si, found := p.find(who, name, func(s *Stack) bool {
			if p.cursedBound(s) {
				cursed = true
				return false
			}
			return true
		})
		if !found {
			break
		}
		if who < 0 {
			who = mi // take from one bag: the first that has it
		}
		m := p.Members[mi]
		k := min(m.Bag[si].Count, n-removed)
		takeOut(m, si, k)
		removed += k
	}
	if removed == 0 {
		if cursed {
			return record.Refused("remove", "cursed", "item", name, "note", "a bound cursed item stays: only the Game Master can end the curse")
		}
		return record.Refused("remove", "not-held", "item", name)
	}
	rec := record.New("inventory")
	rec.Add("action", "remove")
	rec.Add("item", name)
	rec.AddInt("count", removed)
	rec.Add("who", p.Members[who].Name)
	return rec
}

// splitOne takes one unit off a larger stack into a stack of its own,
// returning the index of the single stack.
func splitOne(m *Member, si int) int {
	s := &m.Bag[si]
	if s.Count == 1 {
		return si
	}
	s.Count--
	one := *s
	one.Count = 1
	m.Bag = append(m.Bag, one)
	return len(m.Bag) - 1
}

// freeSlots is how many of each slot a member has free.
func (p *Party) freeSlots(m *Member) map[string]int {
	free := map[string]int{}
	b := p.block()
	if b == nil {
		return free
	}
	for _, sd := range b.Slots {
		free[sd.ID] = sd.Count
	}
	for i := range m.Bag {
		s := &m.Bag[i]
		if !s.Equipped {
			continue
		}
		if def := p.Def(s); def != nil {
			for _, u := range def.Slots {
				free[u.Slot] -= u.Count * s.Count
			}
		}
	}
	return free
}

func (p *Party) equip(t tag.Tag, on bool) record.Record {
	action := "unequip"
	if on {
		action = "equip"
	}
	name := itemName(t)
	b := p.block()
	if b == nil || len(b.Slots) == 0 {
		return record.Refused(action, "no-slots", "item", name, "note", "this ruleset's items take up no slots")
	}
	who, refusal, ok := p.holder(t, action)
	if !ok {
		return refusal
	}
	if on {
		return p.putOn(b, who, name)
	}
	return p.takeOff(who, name)
}

// putOn equips one of the item from who's bag (-1: the first that holds
// one not yet equipped), when its slots are free.
func (p *Party) putOn(b *itemrules.ItemsBlock, who int, name string) record.Record {
	const action = "equip"
	mi, si, found := p.find(who, name, func(s *Stack) bool { return !s.Equipped })
	if !found {
		if _, _, any := p.find(who, name, nil); any {
			return record.Refused(action, "already-equipped", "item", name)
		}
		return record.Refused(action, "not-held", "item", name)
	}
	m := p.Members[mi]
	def := p.Def(&m.Bag[si])
	if def == nil || len(def.Slots) == 0 {
		return record.Refused(action, "no-slots", "item", name, "note", "this item takes up no slot, so it is not equipped")
	}
	free := p.freeSlots(m)
	for _, u := range def.Slots {
		if free[u.Slot] < u.Count {
			sd := b.Slot(u.Slot)
			return record.Refused(action, "no-free-slot", "item", name, "who", m.Name,
				"note", fmt.Sprintf("%s needs %d %s free; %d free (unequip something first)", def.Label, u.Count, sd.Label, max(free[u.Slot], 0)))
		}
	}
	si = splitOne(m, si)
	m.Bag[si].Equipped = true
	return p.slotRecord(action, m, m.Bag[si].Name)
}

// takeOff unequips the item, unless it is bound and cursed, and puts it
// back with the rest of its kind.
func (p *Party) takeOff(who int, name string) record.Record {
	const action = "unequip"
	mi, si, found := p.find(who, name, func(s *Stack) bool { return s.Equipped })
	if !found {
		return record.Refused(action, "not-equipped", "item", name)
	}
	m := p.Members[mi]
	if p.cursedBound(&m.Bag[si]) {
		return record.Refused(action, "cursed", "item", name, "note", "a bound cursed item cannot be taken off: only the Game Master can end the curse")
	}
	s := m.Bag[si]
	s.Equipped = false
	m.Bag = append(m.Bag[:si], m.Bag[si+1:]...)
	p.merge(m, s)
	return p.slotRecord(action, m, s.Name)
}

// merge puts a loose stack back, joining an open stack of the same item
// when it is neither worn nor bound.
func (p *Party) merge(m *Member, s Stack) {
	if s.Equipped || s.Bound || s.On || s.Spent > 0 {
		m.Bag = append(m.Bag, s)
		return
	}
	if def := p.Def(&s); def != nil {
		p.putEnded(m, def, s.Name, s.Count, s.CurseEnded)
		return
	}
	p.put(m, nil, s.Name, s.Count)
}

func (p *Party) slotRecord(action string, m *Member, name string) record.Record {
	rec := record.New("inventory")
	rec.Add("action", action)
	rec.Add("item", name)
	rec.Add("who", m.Name)
	rec.Add("slots", p.SlotsLine(m))
	return rec
}

// BindingMax is how many items member i can have bound: binding.max read
// from their own sheet alone.
func (p *Party) BindingMax(i int) int {
	b := p.block()
	if b == nil || b.Binding == nil {
		return 0
	}
	return int(p.base(p.Members[i]).Value(b.Binding.Max))
}

func boundCount(m *Member) int {
	n := 0
	for i := range m.Bag {
		if m.Bag[i].Bound {
			n += m.Bag[i].Count
		}
	}
	return n
}

func (p *Party) bind(t tag.Tag) record.Record {
	name := itemName(t)
	b := p.block()
	if b == nil || b.Binding == nil {
		return record.Refused("bind", "no-binding", "item", name, "note", "this ruleset has no binding")
	}
	who, refusal, ok := p.holder(t, "bind")
	if !ok {
		return refusal
	}
	mi, si, found := p.find(who, name, func(s *Stack) bool { return !s.Bound })
	if !found {
		return record.Refused("bind", "not-held", "item", name)
	}
	m := p.Members[mi]
	def := p.Def(&m.Bag[si])
	if def == nil || !def.Binds {
		return record.Refused("bind", "does-not-bind", "item", name, "note", "only an item with binds can be bound")
	}
	if max := p.BindingMax(mi); boundCount(m) >= max {
		return record.Refused("bind", "binding-full", "item", name, "who", m.Name,
			"note", fmt.Sprintf("%s has %d of %d %s bound; unbind one first", m.Name, boundCount(m), max, bindingLabel(b)))
	}
	si = splitOne(m, si)
	m.Bag[si].Bound = true
	shown := m.Bag[si].Name
	revealed := p.unmask(&m.Bag[si])
	rec := record.New("inventory")
	rec.Add("action", "bind")
	rec.Add("item", shown)
	rec.Add("who", m.Name)
	rec.Add("bound", fmt.Sprintf("%d of %d", boundCount(m), p.BindingMax(mi)))
	if revealed != "" {
		rec.Add("revealed", revealed) // binding a fake finds it out
	}
	return rec
}

func bindingLabel(b *itemrules.ItemsBlock) string {
	if b.Binding.Label != "" {
		return b.Binding.Label
	}
	return "binding"
}

// unbind: the player cannot unbind a bound cursed item; the Game Master
// ends the curse with curse="end", which unbinds it for good.
func (p *Party) unbind(t tag.Tag, actor Actor) record.Record {
	name := itemName(t)
	b := p.block()
	if b == nil || b.Binding == nil {
		return record.Refused("unbind", "no-binding", "item", name, "note", "this ruleset has no binding")
	}
	who, refusal, ok := p.holder(t, "unbind")
	if !ok {
		return refusal
	}
	mi, si, found := p.find(who, name, func(s *Stack) bool { return s.Bound })
	if !found {
		return record.Refused("unbind", "not-bound", "item", name)
	}
	m := p.Members[mi]
	ended := false
	if p.cursedBound(&m.Bag[si]) {
		if actor != GM || !strings.EqualFold(t.Value("curse"), "end") {
			return record.Refused("unbind", "cursed", "item", name, "note", `a bound cursed item stays bound; only the Game Master can end the curse (curse="end")`)
		}
		ended = true
	}
	s := m.Bag[si]
	s.Bound = false
	s.CurseEnded = s.CurseEnded || ended
	m.Bag = append(m.Bag[:si], m.Bag[si+1:]...)
	if s.CurseEnded || s.Equipped {
		m.Bag = append(m.Bag, s) // keeps its own stack: its curse is over, or it is still worn
	} else {
		p.merge(m, s)
	}
	rec := record.New("inventory")
	rec.Add("action", "unbind")
	rec.Add("item", s.Name)
	rec.Add("who", m.Name)
	if ended {
		rec.AddBool("curseEnded", true)
	}
	return rec
}

func (p *Party) give(t tag.Tag) record.Record {
	tk, refusal, ok := p.readTaking(t, "give")
	if !ok {
		return refusal
	}
	to, refusal, ok := p.recipient(t, tk.name)
	if !ok {
		return refusal
	}
	g := &gift{taking: tk, to: to}
	givable := p.givable(g)
	if g.from < 0 {
		g.from = p.firstGiver(g, givable)
	}
	p.hand(g, givable)
	if g.given == 0 {
		return p.giveRefusal(g)
	}
	rec := record.New("inventory")
	rec.Add("action", "give")
	rec.Add("item", g.stackName)
	rec.AddInt("count", g.given)
	rec.Add("who", p.Members[g.from].Name)
	rec.Add("to", p.Members[g.to].Name)
	if g.given < g.count {
		rec.AddInt("left", g.count-g.given)
	}
	return rec
}

// gift is a give in progress: what was asked, to whom, and so far how
// much was given, of which item and stack, and whether a bound cursed
// stack was passed over (the refusal then says why).
type gift struct {
	taking
	to        int
	given     int
	def       *itemrules.Item
	stackName string
	cursed    bool
}

// recipient reads to=, a member of the party.
func (p *Party) recipient(t tag.Tag, name string) (int, record.Record, bool) {
	toName, hasTo := t.Get("to")
	if !hasTo {
		return -1, record.Refused("give", "no-recipient", "item", name, "note", `say who gets it: to="Orrin"`), false
	}
	to, ok := p.Member(toName)
	if !ok {
		return -1, record.Refused("give", "unknown-who", "who", toName, "note", "to= names a character of the party: "+p.names()), false
	}
	return to, record.Record{}, true
}

// givable accepts a stack that can be given: neither worn nor bound. It
// notes a bound cursed stack in g.
func (p *Party) givable(g *gift) func(*Stack) bool {
	return func(s *Stack) bool {
		if p.cursedBound(s) {
			g.cursed = true
			return false
		}
		return !s.Equipped && !s.Bound
	}
}

// firstGiver is the giver when who= is absent: the first character
// other than the recipient who has some to give, since the recipient may
// come first in the party's order and giving to oneself is no give. -1
// when no one has any.
func (p *Party) firstGiver(g *gift, givable func(*Stack) bool) int {
	for mi := range p.Members {
		if mi == g.to {
			continue
		}
		if _, _, ok := p.find(mi, g.name, givable); ok {
			return mi
		}
	}
	return -1
}

// hand moves stacks from the giver to the recipient until the count is
// given, the giver has no more, or the recipient can carry no more.
func (p *Party) hand(g *gift, givable func(*Stack) bool) {
	for g.given < g.count {
		mi, si, found := p.find(g.from, g.name, givable)
		if !found || mi == g.to {
			break
		}
		if g.from < 0 {
			g.from = mi
		}
		m := p.Members[mi]
		s := &m.Bag[si]
		g.def, g.stackName = p.Def(s), s.Name
		ended := s.CurseEnded
		_, lim := p.Capacity(g.to)
		k := fits(lim-p.Load(g.to), p.Weight(g.def), min(s.Count, g.count-g.given))
		k = min(k, p.stackRoom(p.Members[g.to], g.def, g.stackName, ended)) // a full bag takes no more
		if k == 0 {
			break
		}
		moved := *s
		takeOut(m, si, k)
		if moved.On || moved.Spent > 0 { // its switch and charges go with it
			moved.Count = k
			p.Members[g.to].Bag = append(p.Members[g.to].Bag, moved)
		} else {
			p.putEnded(p.Members[g.to], g.def, g.stackName, k, ended)
		}
		g.given += k
	}
}

// giveRefusal says why nothing was given, the likeliest cause first.
func (p *Party) giveRefusal(g *gift) record.Record {
	switch {
	case g.cursed:
		return record.Refused("give", "cursed", "item", g.name, "note", "a bound cursed item cannot be given away")
	case g.from >= 0 && g.from == g.to:
		return record.Refused("give", "same-bearer", "item", g.name)
	case g.stackName != "":
		return record.Refused("give", "over-limit", "item", g.name, "who", p.Members[g.to].Name, "note", "they cannot carry any more")
	}
	return record.Refused("give", "not-held", "item", g.name, "note", "only what is neither worn nor bound can be given; unequip or unbind it first")
}

func (p *Party) inspect(t tag.Tag) record.Record {
	name := itemName(t)
	def := p.lookupName(name)
	if def == nil {
		if d, _, ok := p.held(name); ok {
			def = d
		}
	}
	if def == nil {
		return record.Refused("inspect", "unknown-item", "item", name)
	}
	rec := record.New("inventory")
	rec.Add("action", "inspect")
	rec.Add("item", def.Label)
	rec.Add("line", p.Line(def, def.Label, true))
	return rec
}
