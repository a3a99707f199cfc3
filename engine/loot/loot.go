// Package loot is spec/items.md "Loot": the Game Master's
// [loot: table="grave_goods" who="Ada"] rolls one of the ruleset's loot
// tables on the tag's seeded stream (so a regenerated reply drops once,
// and the same drop) and answers each drop as an addition: into who's
// bag up to their limit, or by the carry rule from the player's bag,
// with what no one can carry left behind and said.
package loot

import (
	"github.com/rulehost/rulehost/engine/dice"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// Drop is what one pick dropped: the line it drew (its index in the
// table), the item (a catalog item or a coin's item) and how many.
type Drop struct {
	Line  int
	Item  *itemrules.Item
	Count int
}

// Roll rolls a table. The order it draws from the stream is part of its
// contract (DESIGN.md "Determinism"): the table's rolls first (when they
// are dice), then for each pick, in order: the line, one die of the
// table's total weight; for a filter line, the item, one die of the
// number of matching items; then the line's count (when it is dice). A
// filter that matches nothing, or a count that comes to 0, drops nothing
// for that pick, and a filter that matches nothing throws no count.
func Roll(b *itemrules.ItemsBlock, t *itemrules.LootTable, s dice.Stream) (picks int, drops []Drop) {
	picks = min(t.Rolls.Roll(s), itemrules.MaxLootRolls)
	total := 0
	for _, l := range t.Entries {
		total += l.Weight
	}
	if total == 0 {
		return picks, nil
	}
	for range picks {
		li := pickLine(t.Entries, s.Roll(total))
		line := &t.Entries[li]
		var it *itemrules.Item
		switch {
		case line.Item != "":
			it = b.ItemByRef(line.Item)
		case line.Coins != "":
			it = b.CoinItem(line.Coins)
		case line.Filter != nil:
			if matching := b.Matching(line.Filter); len(matching) > 0 {
				it = matching[s.Roll(len(matching))-1]
			}
		}
		if it == nil {
			continue
		}
		if n := line.Count.Roll(s); n > 0 {
			drops = append(drops, Drop{Line: li, Item: it, Count: n})
		}
	}
	return picks, drops
}

// pickLine is the line a face of the total weight lands on: lines take
// the faces in order, each as many as its weight.
func pickLine(lines []itemrules.LootLine, face int) int {
	for i, l := range lines {
		if face <= l.Weight {
			return i
		}
		face -= l.Weight
	}
	return len(lines) - 1
}
