// Package items is a party's inventory under a ruleset's items block
// (spec/items.md "What reads the items", "Items on the sheet" and "Checks
// outside a fight"): one bag per character, the player's first, stacks of
// the ruleset's items (or plain ones), carry placement, slots, binding,
// what items do to the sheet (itemStat, abilities) and to checks, the
// items the Game Master invents, and the lines the Game Master reads.
//
// A Party is plain data plus the ruleset; the session folds its log into
// one, so every change goes through Answer and is deterministic.
package items

import (
	"maps"
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Stack is one stack in a bag.
type Stack struct {
	// Item is the ruleset item's "catalog/entry", an invented item's
	// label, or "" for a plain item without rules.
	Item string `json:"item,omitempty"`
	// Name is what the stack is called (the item's label unless renamed).
	Name     string `json:"name"`
	Count    int    `json:"count"`
	Equipped bool   `json:"equipped,omitempty"`
	Bound    bool   `json:"bound,omitempty"`
	// CurseEnded is set when the Game Master ended a cursed item's curse.
	CurseEnded bool `json:"curseEnded,omitempty"`
	// Spent is how many of the item's charges are spent: 0 is full, as
	// an item nobody has used is. On is its on/off switch (live.go).
	Spent int  `json:"spent,omitempty"`
	On    bool `json:"on,omitempty"`
	// Shot is how many of a clip's loaded count a weapon has fired (0 is
	// loaded, as a weapon no one has fired is); the count belongs to a
	// single weapon, so a stack of several reads as loaded (engine/fight).
	Shot int `json:"shot,omitempty"`
}

// Member is one character and their bag.
type Member struct {
	// Sheet is the character's sheet; a character without one reads a
	// blank sheet (sheet.Blank).
	Sheet *sheet.Sheet `json:"-"`
	Name  string       `json:"name"`
	Bag   []Stack      `json:"bag"`
	// Pools are the live pools a check has paid from (spend, charms);
	// a pool not listed still stands where the sheet starts it.
	Pools map[string]int `json:"pools,omitempty"`
	// Conditions are the conditions as they stand in play, in the order
	// they were gained (nil: the sheet's); Marks are each live track's
	// marks and Temporary the temporary points on the health pool
	// (live.go).
	Conditions []string       `json:"conditions"`
	Marks      map[string]int `json:"marks,omitempty"`
	Temporary  int            `json:"temporary,omitempty"`
}

// Party is the inventory state: the bags, the player's first, and the
// items the Game Master invented (kept by name for the rest of the game).
type Party struct {
	RS       *ruleset.Ruleset  `json:"-"`
	Members  []*Member         `json:"members"`
	Invented []*itemrules.Item `json:"invented,omitempty"`
	// Parts are the later sections' own state (the starting gear groups
	// taken, ...), by section name; see Part.
	Parts map[string]Part `json:"parts,omitempty"`

	defs map[string]*itemrules.Item // ref -> catalog item
	// condSrc and levelSrc are each condition's and level's parsed
	// effects (view.go), read-only once built and shared by clones.
	condSrc, levelSrc map[string][]source
}

// MaxStacksPerBag keeps a hostile transcript from growing a bag forever.
const MaxStacksPerBag = itemrules.MaxStacksPerBag

// New makes a party from sheets (the player first) and fills each bag
// from the sheet's starting bag lines ("catalog/entry" or an item's label).
func New(rs *ruleset.Ruleset, sheets []*sheet.Sheet) *Party {
	p := &Party{RS: rs}
	p.index()
	for _, s := range sheets {
		if s == nil {
			s = sheet.Blank("")
		}
		m := &Member{Sheet: s, Name: s.Name, Conditions: append([]string{}, s.Conditions...)}
		p.Members = append(p.Members, m)
		for _, line := range s.Bag {
			def := p.lookupName(line.Item)
			if def == nil {
				if b := p.block(); b != nil {
					def = b.ItemByRef(line.Item)
				}
			}
			count := line.Count
			if count < 1 {
				count = 1
			}
			if def != nil {
				p.put(m, def, def.Label, count)
			} else {
				p.put(m, nil, line.Item, count)
			}
		}
	}
	return p
}

func (p *Party) index() {
	p.defs = map[string]*itemrules.Item{}
	p.condSrc, p.levelSrc = map[string][]source{}, map[string][]source{}
	if p.RS != nil {
		for _, c := range p.RS.Conditions {
			p.condSrc[c.ID] = p.parseConditionSources(c.ID)
		}
		for _, l := range p.RS.Levels {
			p.levelSrc[l.ID] = p.parseLevelSources(l.ID)
		}
	}
	if b := p.block(); b != nil {
		for _, it := range b.Items {
			if _, dup := p.defs[it.Ref()]; !dup {
				p.defs[it.Ref()] = it
			}
		}
		for _, it := range b.Coins {
			p.defs[it.Ref()] = it
		}
	}
}

func (p *Party) block() *itemrules.ItemsBlock {
	if p.RS == nil {
		return nil
	}
	return p.RS.Items
}

// Clone copies the party deeply enough that changing the copy never
// changes the original (sheets and item definitions are shared: they
// never change in play).
func (p *Party) Clone() *Party {
	q := &Party{RS: p.RS, defs: p.defs, condSrc: p.condSrc, levelSrc: p.levelSrc, Invented: append([]*itemrules.Item(nil), p.Invented...)}
	q.Parts = cloneParts(p.Parts)
	q.Members = make([]*Member, len(p.Members))
	for i, m := range p.Members {
		q.Members[i] = &Member{Sheet: m.Sheet, Name: m.Name, Bag: append([]Stack(nil), m.Bag...), Pools: maps.Clone(m.Pools),
			Conditions: slices.Clone(m.Conditions), Marks: maps.Clone(m.Marks), Temporary: m.Temporary}
	}
	return q
}

// Def is the definition of a stack's item; nil for a plain item.
func (p *Party) Def(s *Stack) *itemrules.Item {
	if s.Item == "" {
		return nil
	}
	if d, ok := p.defs[s.Item]; ok {
		return d
	}
	return p.invented(s.Item)
}

func (p *Party) invented(name string) *itemrules.Item {
	for _, it := range p.Invented {
		if strings.EqualFold(it.Label, name) {
			return it
		}
	}
	return nil
}

// lookupName finds what a name means: one of the ruleset's items by label
// (the first listed wins), then an item the GM invented earlier.
func (p *Party) lookupName(name string) *itemrules.Item {
	if b := p.block(); b != nil {
		if it := b.ItemByLabel(name); it != nil {
			return it
		}
		if c, _ := b.CoinByName(name); c != nil {
			return b.CoinItem(c.ID) // coins are added like any item
		}
	}
	return p.invented(strings.TrimSpace(name))
}

// Member finds a character by name; "" is the player. A GM often writes
// part of a name ("Imani" for Dr. Imani Ellis): sheet.FindName's rule
// (the whole name, then a whole word of exactly one name, then a unique
// prefix) is the one the check command and sessions use too.
func (p *Party) Member(name string) (int, bool) {
	if strings.TrimSpace(name) == "" {
		return 0, len(p.Members) > 0
	}
	names := make([]string, len(p.Members))
	for i, m := range p.Members {
		names[i] = m.Name
	}
	return sheet.FindName(names, name)
}

// put adds count units to a bag with no carry rule: into the bag's open
// stacks of the same item first, up to its stack limit, then new stacks.
func (p *Party) put(m *Member, def *itemrules.Item, name string, count int) {
	p.putEnded(m, def, name, count, false)
}

// putEnded is put for units whose curse the Game Master may have ended:
// the ended state travels with them (a given or unequipped item stays
// free of its curse), so they join only stacks in the same state.
func (p *Party) putEnded(m *Member, def *itemrules.Item, name string, count int, curseEnded bool) {
	limit := itemrules.DefaultStack
	ref := ""
	if def != nil {
		limit = def.StackLimit()
		ref = def.Ref()
		if name == "" {
			name = def.Label
		}
	}
	for i := range m.Bag {
		if count == 0 {
			return
		}
		s := &m.Bag[i]
		if s.Item != ref || s.Equipped || s.Bound || s.On || s.CurseEnded != curseEnded || (byName(def) && !strings.EqualFold(s.Name, name)) {
			continue
		}
		room := limit - s.Count
		if room <= 0 {
			continue
		}
		n := min(room, count)
		s.Count += n
		count -= n
	}
	for count > 0 && len(m.Bag) < MaxStacksPerBag {
		n := min(limit, count)
		m.Bag = append(m.Bag, Stack{Item: ref, Name: name, Count: n, CurseEnded: curseEnded})
		count -= n
	}
}

// worn reports whether a stack is on its bearer: an item that takes up
// slots while equipped, one that binds while bound, both while both hold.
// An item that does neither is never worn.
func worn(s *Stack, def *itemrules.Item) bool {
	if def == nil {
		return false
	}
	slots, binds := len(def.Slots) > 0, def.Binds
	if !slots && !binds {
		return false
	}
	return (!slots || s.Equipped) && (!binds || s.Bound)
}

// Worn reports whether the stack is worn.
func (p *Party) Worn(s *Stack) bool { return worn(s, p.Def(s)) }

// Character is member i as a check and the sheet read it during the game:
// their items answer itemStat, and their conditions, levels and items
// change their abilities (view.go).
func (p *Party) Character(i int) *sheet.Character {
	return p.view(i, nil).ch
}

// Pay debits live pools for member i: what a check paid (spend, charms)
// comes off in the same step that rolled. A pool never goes below zero.
func (p *Party) Pay(i int, debits map[string]int) {
	if len(debits) == 0 {
		return
	}
	m := p.Members[i]
	ch := p.Character(i)
	next := maps.Clone(m.Pools)
	if next == nil {
		next = map[string]int{}
	}
	for id, n := range debits {
		left := ch.Pool(id) - n
		if left < 0 {
			left = 0
		}
		next[id] = left
	}
	m.Pools = next
}

// base is the member as the sheet alone has them: binding.max and the
// carry numbers read it, never live state.
func (p *Party) base(m *Member) *sheet.Character { return sheet.New(p.RS, m.Sheet) }
