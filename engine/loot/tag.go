package loot

import (
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

func init() { items.RegisterTag("loot", Answer) }

// Refusal reasons of [loot:] (docs/tags.md; the spec names none).
const (
	NoLootTables = "no-loot-tables" // the ruleset declares no loot tables
	NoTable      = "no-table"       // table= is missing or empty
	UnknownTable = "unknown-table"  // table= names no table of the ruleset
	GMOnly       = "gm-only"        // the player wrote it: only the Game Master rolls loot
)

// Answer answers [loot: table="grave_goods" who="Ada"] in a turn: the
// table rolled on the turn's stream, each drop added to the bags. A
// refusal changes nothing.
func Answer(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	table, refusal, ok := readTable(p, t, turn.Actor)
	if !ok {
		return refusal
	}
	who, named, refused := p.Who(t, "loot")
	if who < 0 {
		return refused
	}
	picks, drops := Roll(p.RS.Items, table, turn.Dice)
	rec := record.New("loot")
	rec.Add("table", table.ID)
	if named {
		rec.Add("who", p.Members[who].Name)
	}
	rec.AddInt("picks", picks)
	rec.Add("dropped", dropText(drops))
	placed, left := add(p, drops, who, named)
	if placed != "" {
		rec.Add("placed", placed)
	}
	if left != "" {
		rec.Add("leftBehind", left)
		rec.Add("note", "left behind: no one can carry more")
	}
	return rec
}

// readTable reads table= against the ruleset's tables.
func readTable(p *items.Party, t tag.Tag, actor items.Actor) (*itemrules.LootTable, record.Record, bool) {
	name := strings.TrimSpace(t.Value("table"))
	var b *itemrules.ItemsBlock
	if p.RS != nil {
		b = p.RS.Items
	}
	switch {
	case actor != items.GM:
		return nil, record.Refused("loot", GMOnly, "note", "only the Game Master rolls a loot table"), false
	case b == nil || len(b.LootTables) == 0:
		return nil, record.Refused("loot", NoLootTables, "note", "this ruleset declares no loot tables"), false
	case name == "":
		return nil, record.Refused("loot", NoTable, "note", `name the table: table="`+b.LootTables[0].ID+`"; tables: `+tableIDs(b)), false
	}
	table := b.LootTable(name)
	if table == nil {
		return nil, record.Refused("loot", UnknownTable, "table", name, "note", "tables: "+tableIDs(b)), false
	}
	return table, record.Record{}, true
}

func tableIDs(b *itemrules.ItemsBlock) string {
	ids := make([]string, len(b.LootTables))
	for i, t := range b.LootTables {
		ids[i] = t.ID
	}
	return strings.Join(ids, ", ")
}

// add answers each drop as an addition, in pick order: into who's bag up
// to their limit when who= was given, otherwise by the carry rule from
// the player's bag. It returns where things went, member by member in
// party order ("Bram: Shot and powder ×3; Maud: Hand axe ×1"), and what
// was left behind.
func add(p *items.Party, drops []Drop, who int, named bool) (placed, left string) {
	got := make([][]string, len(p.Members))
	var behind []string
	for _, d := range drops {
		var where []items.Placement
		var n int
		if named {
			where, n = p.PlaceWith(who, d.Item, d.Count)
		} else {
			where, n = p.Place(d.Item, d.Count)
		}
		where, lost := p.PutPlaced(where, d.Item, d.Item.Label)
		n += lost
		for _, w := range where {
			got[w.Member] = append(got[w.Member], countText(d.Item.Label, w.Count))
		}
		if n > 0 {
			behind = append(behind, countText(d.Item.Label, n))
		}
	}
	var parts []string
	for i, g := range got {
		if len(g) > 0 {
			parts = append(parts, p.Members[i].Name+": "+strings.Join(g, ", "))
		}
	}
	return strings.Join(parts, "; "), strings.Join(behind, ", ")
}

func dropText(drops []Drop) string {
	if len(drops) == 0 {
		return "nothing"
	}
	parts := make([]string, len(drops))
	for i, d := range drops {
		parts[i] = countText(d.Item.Label, d.Count)
	}
	return strings.Join(parts, ", ")
}

func countText(label string, n int) string { return label + " ×" + strconv.Itoa(n) }

// Place answers each drop as an addition by the carry rule from the
// player's bag (a won fight's loot, engine/fight), and says where it
// went and what was left behind, as [loot:] does.
func Place(p *items.Party, drops []Drop) (placed, left string) { return add(p, drops, 0, false) }

// DropText says what dropped: `Shot and powder ×3, Warming tonic ×1`, or
// "nothing".
func DropText(drops []Drop) string { return dropText(drops) }
