package items

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// stackRoom is how many units of an item a bag still takes: the room in
// its open stacks of that item (the stacks put would fill) and the new
// stacks it may still open, each up to the item's stack limit. Past it,
// put would drop units, so every caller asks first.
func (p *Party) stackRoom(m *Member, def *itemrules.Item, name string, curseEnded bool) int {
	limit := itemrules.DefaultStack
	ref := ""
	if def != nil {
		limit = def.StackLimit()
		ref = def.Ref()
		if name == "" {
			name = def.Label
		}
	}
	room := 0
	for i := range m.Bag {
		s := &m.Bag[i]
		if s.Item != ref || s.Equipped || s.Bound || s.CurseEnded != curseEnded || (byName(def) && !strings.EqualFold(s.Name, name)) {
			continue
		}
		room += max(0, limit-s.Count)
	}
	if free := MaxStacksPerBag - len(m.Bag); free > 0 {
		room += free * limit
	}
	return room
}

// bagFullRefusal refuses an add some of whose placements would not fit
// in the bearer's bag (MaxStacksPerBag stacks): nothing is added, and the
// record says why, instead of a placed= for units that were dropped.
func (p *Party) bagFullRefusal(placed []Placement, def *itemrules.Item, name string) (record.Record, bool) {
	for _, pl := range placed {
		m := p.Members[pl.Member]
		if room := p.stackRoom(m, def, name, false); pl.Count > room {
			return record.Refused("add", "bag-full", "item", name, "who", m.Name, "note",
				fmt.Sprintf("%s's bag holds %d stacks, the most a bag holds, and takes %d more of this, not %d: nothing was added", m.Name, len(m.Bag), room, pl.Count)), true
		}
	}
	return record.Record{}, false
}
