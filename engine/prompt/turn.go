package prompt

import (
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
)

// InventoryData is the inventory block's facts, per character.
type InventoryData struct {
	Members []InventoryMember `json:"members"`
}

// InventoryMember is one character's bag as the GM reads it.
type InventoryMember struct {
	Name     string          `json:"name"`
	Load     string          `json:"load,omitempty"`
	Slots    string          `json:"slots,omitempty"`
	Money    string          `json:"money,omitempty"`
	Defenses string          `json:"defenses,omitempty"`
	Items    []record.Record `json:"items"`
}

func inventorySection(p *items.Party, f record.Formatter) Section {
	text, recs := p.BlockWithRecords(f)
	d := &InventoryData{Members: make([]InventoryMember, len(p.Members))}
	for i, m := range p.Members {
		d.Members[i] = InventoryMember{Name: m.Name, Load: p.LoadLine(i), Slots: p.SlotsLine(m), Money: p.MoneyLine(i), Defenses: p.DefensesLine(i), Items: recs[i]}
	}
	return Section{Name: Inventory, Data: d, Text: text}
}

// LastTurnData is what the previous reply was answered with, and what the
// player did since (their own Use comes as an [item_used] record).
type LastTurnData struct {
	Reply   []record.Record `json:"reply"`
	Player  []PlayerAction  `json:"player,omitempty"`
	ItemUse bool            `json:"itemUsed"`
}

// PlayerAction is a player's action after the last reply and its records.
type PlayerAction struct {
	Text    string          `json:"text"`
	Records []record.Record `json:"records"`
}

// lastTurnSection exists once there is a reply or a player action.
func lastTurnSection(st *session.State, f record.Formatter) (Section, bool) {
	if st == nil || len(st.Replies) == 0 {
		return Section{}, false
	}
	last := -1
	for i, r := range st.Replies {
		if r.Kind == session.GMReply {
			last = i
		}
	}
	d := &LastTurnData{Reply: []record.Record{}}
	if last >= 0 {
		d.Reply = append(d.Reply, st.Replies[last].Records...)
	}
	for _, r := range st.Replies[last+1:] {
		a := PlayerAction{Text: r.Text, Records: append([]record.Record{}, r.Records...)}
		for _, rec := range r.Records {
			d.ItemUse = d.ItemUse || rec.Name == "item_used"
		}
		d.Player = append(d.Player, a)
	}
	var b strings.Builder
	b.WriteString("LAST TURN\n")
	if last >= 0 {
		if len(d.Reply) == 0 {
			b.WriteString("Your last reply had no tags for the engine.\n")
		} else {
			b.WriteString("The engine answered your last reply; narrate from these results:\n")
			for _, r := range d.Reply {
				b.WriteString(f.Record(r) + "\n")
			}
		}
	}
	for _, a := range d.Player {
		b.WriteString("The player: " + oneLine(a.Text) + "\n")
		for _, r := range a.Records {
			if r.Name == "item_used" {
				b.WriteString("[item_used] (already done by the engine: narrate it, do not use the item again)\n")
			}
			b.WriteString(f.Record(r) + "\n")
		}
	}
	return Section{Name: LastTurn, Data: d, Text: strings.TrimRight(b.String(), "\n")}, true
}

// oneLine keeps a player's text on one line, so that it cannot open a
// section or a transcript entry of its own.
func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\r", " ")
	return strings.ReplaceAll(s, "\n", " ")
}
