package sheet

import (
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

// ListRow is one row of a sheet list: a value per column the row fills
// in. A text or enum column holds a string, a number column a float64;
// a column the row leaves out is empty.
type ListRow map[string]any

// Text is a text or enum column's value, "" when the row leaves it out.
func (r ListRow) Text(column string) string {
	s, _ := r[column].(string)
	return s
}

// Number is a number column's value, 0 when the row leaves it out.
func (r ListRow) Number(column string) float64 {
	f, _ := r[column].(float64)
	return f
}

// readLists reads the sheet's "lists": { listId: [ {column: value}, ... ] }
// against the ruleset's declared lists (ruleset.List). Every problem is
// reported with its pointer.
func readLists(o validate.Obj, rs *ruleset.Ruleset) map[string][]ListRow {
	lo, ok := o.Object("lists")
	if !ok {
		return nil
	}
	out := map[string][]ListRow{}
	for _, id := range sortedKeys(lo.M) {
		decl, known := rs.List(id)
		if !known {
			lo.Addf(id, "no sheet list %q in the ruleset; declared: %s", id, strings.Join(listIDs(rs), ", "))
			continue
		}
		rows, ok := lo.Arr(id, 0, ruleset.MaxListRows)
		if !ok {
			continue
		}
		list := []ListRow{}
		for i, raw := range rows {
			ro, ok := validate.AsObj(o.P, lo.Ptr(id, i), raw)
			if !ok {
				continue
			}
			row := ListRow{}
			for _, col := range sortedKeys(ro.M) {
				c, known := decl.Column(col)
				if !known {
					ro.Addf(col, "list %q has no column %q; its columns: %s", id, col, strings.Join(columnIDs(decl), ", "))
					continue
				}
				switch c.Type {
				case "number":
					if f, ok := ro.Float(col, -1e9, 1e9, 0); ok {
						row[col] = f
					}
				case "enum":
					s, ok := ro.Str(col, ruleset.MaxListText, false)
					if !ok {
						continue
					}
					if !c.HasValue(s) {
						ro.Addf(col, "%q is not a value of column %q; allowed: %s", s, col, strings.Join(c.Values, ", "))
						continue
					}
					row[col] = s
				default:
					if s, ok := ro.Str(col, ruleset.MaxListText, false); ok {
						row[col] = s
					}
				}
			}
			list = append(list, row)
		}
		out[id] = list
	}
	return out
}

func listIDs(rs *ruleset.Ruleset) []string {
	var out []string
	for _, l := range rs.Lists {
		out = append(out, l.ID)
	}
	return out
}

func columnIDs(l *ruleset.List) []string {
	var out []string
	for _, c := range l.Columns {
		out = append(out, c.ID)
	}
	return out
}
