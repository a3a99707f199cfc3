package items

import (
	"math"
	"sort"

	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
)

// reader answers itemStat for one member's bag (spec/items.md "Items on
// the sheet"). Only the ruleset's items count: a plain item has no stats.
type reader struct {
	p *Party
	m *Member
}

// ItemStat reads the member's items: from worn, carried or all; pick
// sum (value times quantity), max, min (single values) or count (by
// quantity); kept by slot, category and tag; default when nothing is
// picked or none grants the stat.
func (r reader) ItemStat(ref *valueref.ItemStat) float64 {
	from := ref.From
	if from == "" {
		from = "all"
	}
	pick := ref.Pick
	if pick == "" {
		pick = "sum"
	}
	var total float64
	found := false
	for i := range r.m.Bag {
		s := &r.m.Bag[i]
		def := r.p.Def(s)
		if def == nil {
			continue
		}
		w := worn(s, def)
		if (from == "worn" && !w) || (from == "carried" && w) {
			continue
		}
		if (ref.Slot != "" && !def.TakesSlot(ref.Slot)) || (ref.Category != "" && def.Category != ref.Category) ||
			(ref.Tag != "" && !def.HasTag(ref.Tag)) {
			continue
		}
		if pick == "count" {
			if ref.Stat != "" {
				if _, grants := def.Stats[ref.Stat]; !grants {
					continue
				}
			}
			total += float64(s.Count)
			found = true
			continue
		}
		v, ok := def.Number(ref.Stat)
		if !ok {
			continue
		}
		switch {
		case pick == "sum":
			total += v * float64(s.Count)
		case !found:
			total = v
		case pick == "max":
			total = math.Max(total, v)
		case pick == "min":
			total = math.Min(total, v)
		}
		found = true
	}
	if !found {
		return ref.Default
	}
	return total
}

// applied is one item's effect on its bearer, once however many stacks.
type applied struct {
	label string
	def   *itemrules.Item
	worn  bool
}

// appliedItems lists the member's items that act on them, each once: the
// worn ones (their worn effect) and the rest carried (their carried
// effect). An item worn in one stack and carried in another acts as worn.
func (p *Party) appliedItems(m *Member) []applied {
	var out []applied
	seen := map[*itemrules.Item]int{}
	for i := range m.Bag {
		s := &m.Bag[i]
		def := p.Def(s)
		if def == nil {
			continue
		}
		w := worn(s, def)
		if j, ok := seen[def]; ok {
			if w && !out[j].worn {
				out[j].worn = true
			}
			continue
		}
		seen[def] = len(out)
		out = append(out, applied{label: s.Name, def: def, worn: w})
	}
	return out
}

func (a applied) effect() *effectrules.Effect {
	if a.worn {
		return a.def.Worn
	}
	return a.def.Carried
}

// scores are the member's abilities as their conditions, levels and
// items leave them: the adds first, then the highest set (at least N),
// within the ability's min and max. nil when nothing changes an ability.
func (p *Party) scores(m *Member, effects []*effectrules.Effect) map[string]int {
	adds := map[string]int{}
	sets := map[string]int{}
	any := false
	for _, e := range effects {
		if e == nil {
			continue
		}
		for _, ch := range e.Abilities {
			any = true
			if ch.Set != nil {
				if cur, ok := sets[ch.Ability]; !ok || *ch.Set > cur {
					sets[ch.Ability] = *ch.Set
				}
			} else {
				adds[ch.Ability] += ch.Add
			}
		}
	}
	if !any {
		return nil
	}
	base := p.base(m)
	out := map[string]int{}
	ids := make([]string, 0, len(adds)+len(sets))
	for id := range adds {
		ids = append(ids, id)
	}
	for id := range sets {
		if _, ok := adds[id]; !ok {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		ab, ok := p.RS.Ability(id)
		if !ok {
			continue
		}
		n := base.BaseAbilityScore(id) + adds[id]
		if set, ok := sets[id]; ok && set > n {
			n = set
		}
		out[id] = min(max(n, ab.Min), ab.Max)
	}
	return out
}
