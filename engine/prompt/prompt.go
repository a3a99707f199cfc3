// Package prompt builds the GM prompt (issue 16): every instruction and
// block the Game Master reads, as an ordered list of named sections, each
// with its structured data and a default text. The instructions are taken
// from the ruleset itself, in its own terms, so that a ruleset without
// coins is never taught to pay and a ruleset without advantage is never
// taught mode= (spec/checks.md, spec/items.md: "only a ruleset that has
// coins gets those instructions").
//
// A host reshapes the prompt through a Formatter (host/format adds the
// plugins' formatters.section and formatters.prompt); Budget cuts it to a
// size in a documented order (budget.go).
package prompt

import (
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Section names, in the order Build lists them.
const (
	Rules  = "rules"
	Items  = "items"
	Money  = "money"
	Loot   = "loot"
	Market = "market"
	// Fight is the [fight:] instructions and the fight going on, only
	// where the engine resolves the ruleset's fights.
	Fight     = "fight"
	Inventory = "inventory"
	// MarketBlock is the MARKET block, while the scene is in a place
	// with a market.
	MarketBlock = "market_block"
	LastTurn    = "last_turn"
)

// Names are every section name Build can produce, in prompt order.
var Names = []string{Rules, Items, Money, Loot, Market, Fight, Inventory, MarketBlock, LastTurn}

// Section is one named part of the prompt: the facts it states (Data, a
// typed struct a formatter reads) and the built-in text of those facts.
type Section struct {
	Name string `json:"name"`
	Data any    `json:"data"`
	Text string `json:"text"`
}

// Input is what a prompt is built from. State is nil at the start of a
// game (no session yet): the party then stands as its sheets start it.
type Input struct {
	RS     *ruleset.Ruleset
	Sheets []*sheet.Sheet
	State  *session.State
	// Format renders the inventory block's items and the last turn's
	// records; nil is record.Plain.
	Format record.Formatter
	// Mechanics are what the loaded plugins declare of their kinds and
	// tags (the host's Mechanics): the rules section teaches the
	// ruleset's plugin kind and the plugin tags like native ones.
	Mechanics []Mechanic
}

// Build returns the prompt's sections in order. A section with nothing to
// say for this ruleset (money without coins, loot without tables, a last
// turn before any reply) is left out rather than shown empty.
func Build(in Input) []Section {
	f := in.Format
	if f == nil {
		f = record.Plain{}
	}
	party := partyOf(in)
	out := make([]Section, 0, len(Names))
	add := func(s Section, ok bool) {
		if ok {
			out = append(out, s)
		}
	}
	add(rulesSection(in.RS, party, in.Mechanics), true)
	add(itemsSection(in.RS, party))
	add(moneySection(in.RS, party))
	add(lootSection(in.RS, party))
	add(marketSection(in.RS, party))
	add(fightSection(in.RS, party))
	add(inventorySection(party, f), true)
	add(marketBlockSection(party, f))
	add(lastTurnSection(in.State, f))
	return out
}

func partyOf(in Input) *items.Party {
	if in.State != nil && in.State.Party != nil {
		return in.State.Party
	}
	return items.New(in.RS, in.Sheets)
}

// Select keeps the sections named, in prompt order; no names keeps all.
// A name that is not a section is reported, so a typo is not silently an
// empty prompt.
func Select(secs []Section, names []string) ([]Section, []string) {
	if len(names) == 0 {
		return secs, nil
	}
	want := map[string]bool{}
	var unknown []string
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		if !known(n) {
			unknown = append(unknown, n)
		}
		want[n] = true
	}
	var out []Section
	for _, s := range secs {
		if want[s.Name] {
			out = append(out, s)
		}
	}
	return out, unknown
}

func known(name string) bool {
	for _, n := range Names {
		if n == name {
			return true
		}
	}
	return false
}

// Text joins the sections' texts, a blank line between them.
func Text(secs []Section) string {
	var b strings.Builder
	n := 0
	for _, s := range secs {
		n += len(s.Text) + 2
	}
	b.Grow(n)
	for i, s := range secs {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(s.Text)
	}
	return b.String()
}

// Get returns the section of that name.
func Get(secs []Section, name string) (Section, bool) {
	for _, s := range secs {
		if s.Name == name {
			return s, true
		}
	}
	return Section{}, false
}
