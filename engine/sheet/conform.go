package sheet

import (
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/internal/lazy"
)

// poolsWithinMax refuses a live pool's value above the pool's max for
// this sheet (the max may read the sheet, so it is computed from it). It
// runs once everything else read cleanly, since the max reads the rest.
func poolsWithinMax(o validate.Obj, rs *ruleset.Ruleset, s *Sheet) {
	if len(s.Pools) == 0 || o.P.Len() > 0 {
		return
	}
	ch := New(rs, s)
	for _, id := range sortedIntKeys(s.Pools) {
		p, _ := rs.PoolDecl(id)
		if p == nil {
			continue
		}
		if full := floorInt(ch.Value(p.Max)); s.Pools[id] > full {
			o.P.Addf(validate.Ptr(o.Ptr("pools"), id), "%d is above pool %q's max, %d for this sheet", s.Pools[id], id, full)
		}
	}
}

func sortedIntKeys(m map[string]int) []string {
	set := make(map[string]any, len(m))
	for k := range m {
		set[k] = nil
	}
	return sortedKeys(set)
}

// refShape is how a bag line names a catalog item: "catalog/entry".
var refShape = lazy.Regexp(`^[A-Za-z0-9_-]+/[A-Za-z0-9_.-]+$`)

// bagRefsExist refuses a bag line written as "catalog/entry" that names
// none of the ruleset's items (a typo like "gear/vacsuit"): it would
// otherwise become a plain item of that name without a word.
func bagRefsExist(o validate.Obj, rs *ruleset.Ruleset, bag []BagLine) {
	for i, line := range bag {
		if !refShape().MatchString(line.Item) {
			continue
		}
		if rs.Items != nil && rs.Items.ItemByRef(line.Item) != nil {
			continue
		}
		msg := "no item " + quote(line.Item) + " in the ruleset's catalogs"
		if rs.Items == nil {
			msg += "; the ruleset has no items block, so name a plain item without a slash"
		} else if near := validate.Suggest(line.Item, itemRefs(rs.Items)); near != "" {
			msg += "; did you mean " + quote(near) + "?"
		}
		o.P.Addf(validate.Ptr(o.Ptr("bag"), i, "item"), "%s", msg)
	}
}

func itemRefs(b *itemrules.ItemsBlock) []string {
	var out []string
	for _, it := range b.Items {
		if it.Catalog != "" {
			out = append(out, it.Ref())
		}
	}
	return out
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

func skillIDs(decl []ruleset.Skill) []string {
	out := make([]string, len(decl))
	for i, s := range decl {
		out[i] = s.ID
	}
	return out
}

func fieldIDs(rs *ruleset.Ruleset) []string {
	out := make([]string, len(rs.Fields))
	for i, f := range rs.Fields {
		out[i] = f.ID
	}
	return out
}

func poolIDs(rs *ruleset.Ruleset) []string {
	out := make([]string, len(rs.Live.Pools))
	for i, p := range rs.Live.Pools {
		out[i] = p.ID
	}
	return out
}
