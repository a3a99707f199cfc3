package market

import (
	"github.com/rulehost/rulehost/engine/items"
	"maps"
)

// Part is the market's session state, folded from the Game Master's
// replies: the place in force and what its day has seen.
type Part struct {
	// Place is the place in force ("" before any [place:]); Size its size
	// index in the market's places, -1 for a place without a market.
	Place string `json:"place,omitempty"`
	Size  int    `json:"size"`
	// Day counts the days started (a new place or day="new"); Start is
	// the reply that started the day.
	Day   int `json:"day,omitempty"`
	Start int `json:"start,omitempty"`
	// Rolled is set once the day's shelf was rolled.
	Rolled bool `json:"rolled,omitempty"`
	// Limits are the day's limited items: how many remain, by ref.
	Limits map[string]int `json:"limits,omitempty"`
	// Stock is each seller's odd lot today: seller id -> ref -> count,
	// in the order rolled (Order keeps it for the MARKET block).
	Stock map[string]map[string]int `json:"stock,omitempty"`
	Order map[string][]string       `json:"order,omitempty"`
	// Till is what the sellers paid today, in the purse's smallest coin.
	Till int `json:"till,omitempty"`
	// Held are purchases a companion held today ("seller|ref|buyer"):
	// asked again, they go through.
	Held map[string]bool `json:"held,omitempty"`
	// Tried are today's wares a character examined ("who|seller|ref"),
	// and Suspect / Tried stacks by "who|ref" for items in the bags.
	Tried   map[string]bool `json:"tried,omitempty"`
	Suspect map[string]bool `json:"suspect,omitempty"`
}

// ClonePart copies the state deeply: a regenerated reply starts from a
// clone and must never change what came before.
func (m *Part) ClonePart() items.Part {
	out := *m
	out.Limits = maps.Clone(m.Limits)
	out.Held = maps.Clone(m.Held)
	out.Tried = maps.Clone(m.Tried)
	out.Suspect = maps.Clone(m.Suspect)
	if m.Stock != nil {
		out.Stock = make(map[string]map[string]int, len(m.Stock))
		for k, v := range m.Stock {
			out.Stock[k] = maps.Clone(v)
		}
	}
	if m.Order != nil {
		out.Order = make(map[string][]string, len(m.Order))
		for k, v := range m.Order {
			out.Order[k] = append([]string(nil), v...)
		}
	}
	return &out
}

// section is the Part's name in the party.
const section = "market"

// partOf is the party's market state to change: the party's own, made
// (no place yet) when the session has none. Call it only once an action
// is sure to succeed, so a refusal leaves the party as it was.
func partOf(p *items.Party) *Part {
	if m, ok := p.PartOf(section).(*Part); ok {
		return m
	}
	m := &Part{Size: -1}
	p.SetPart(section, m)
	return m
}

// view is the market state to read: the party's, or an empty one.
func view(p *items.Party) *Part {
	if m, ok := p.PartOf(section).(*Part); ok {
		return m
	}
	return &Part{Size: -1}
}

// State is the market state of a party, for the MARKET block and tests
// (nil when no place was ever stated).
func State(p *items.Party) *Part {
	m, _ := p.PartOf(section).(*Part)
	return m
}
