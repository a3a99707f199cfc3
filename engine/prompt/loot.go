package prompt

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
)

// LootData is the loot section's facts: the tables [loot:] rolls.
type LootData struct {
	Tables   []string `json:"tables"`
	Examples []string `json:"examples"`
}

// lootSection exists only in a ruleset with loot tables (spec/items.md
// "Loot": "its instructions list your tables").
func lootSection(rs *ruleset.Ruleset, p *items.Party) (Section, bool) {
	if rs.Items == nil || len(rs.Items.LootTables) == 0 {
		return Section{}, false
	}
	d := &LootData{}
	for _, t := range rs.Items.LootTables {
		d.Tables = append(d.Tables, labelOr(t.Label, t.ID))
	}
	ex := fmt.Sprintf(`[loot: table="%s"`, d.Tables[0])
	if len(p.Members) > 0 {
		ex += ` who="` + p.Members[0].Name + `"`
	}
	d.Examples = []string{ex + "]"}
	return Section{Name: Loot, Data: d, Text: lootText(d)}, true
}

func lootText(d *LootData) string {
	var b strings.Builder
	b.WriteString("LOOT\n")
	b.WriteString("Roll a loot table in the story with [loot: table=\"...\" who=\"Name\"]; what drops is already put in the bags (the record says where), so do not add it again. Tables: ")
	b.WriteString(strings.Join(d.Tables, ", ") + "\n")
	writeExamples(&b, d.Examples)
	return strings.TrimRight(b.String(), "\n")
}
