package ruleset

import (
	"strings"

	"github.com/rulehost/rulehost/engine/validate"
)

// List is a sheet list: rows the player adds and deletes during the game
// (an ancestry's traits, a spellbook), each row a value per column. The
// ruleset declares the columns; the sheet holds the rows (docs/sheet.md
// "Sheet lists"). combat.sheetHides reads defenses from them.
type List struct {
	ID      string       `json:"id"`
	Label   string       `json:"label"`
	Columns []ListColumn `json:"columns"`
}

// ListColumn is one column of a sheet list: free text, one of a fixed
// set of values (enum), or a number.
type ListColumn struct {
	ID     string   `json:"id"`
	Label  string   `json:"label"`
	Type   string   `json:"type"`
	Values []string `json:"values,omitempty"`
}

// Limits of sheet lists. They keep a sheet small enough to show and to
// read every turn.
const (
	MaxLists          = 16
	MaxListColumns    = 16
	MaxListEnumValues = 64
	MaxListRows       = 200
	MaxListText       = 500
)

// ListColumnTypes are the types a list column may have.
var ListColumnTypes = []string{"text", "enum", "number"}

// List returns the sheet list with this id.
func (r *Ruleset) List(id string) (*List, bool) {
	for i := range r.Lists {
		if r.Lists[i].ID == id {
			return &r.Lists[i], true
		}
	}
	return nil, false
}

// Column returns the list's column with this id.
func (l *List) Column(id string) (*ListColumn, bool) {
	for i := range l.Columns {
		if l.Columns[i].ID == id {
			return &l.Columns[i], true
		}
	}
	return nil, false
}

// HasValue reports an enum column's value, compared exactly.
func (c *ListColumn) HasValue(s string) bool { return containsID(c.Values, s) }

// lists reads the top-level "lists": each {id, label, columns}, each
// column {id, label, type, values}, with values only (and always) on an
// enum column.
func (v *Validator) lists(o validate.Obj) []List {
	var out []List
	for _, lo := range v.listOf(o, "lists", MaxLists) {
		lo.Known("id", "label", "columns")
		l := List{}
		l.ID, _ = lo.Str("id", 64, true)
		l.Label, _ = lo.Str("label", 80, false)
		if l.Label == "" {
			l.Label = l.ID
		}
		if !lo.Require("columns") {
			out = append(out, l)
			continue
		}
		cols, ok := lo.Arr("columns", 1, MaxListColumns)
		if !ok {
			out = append(out, l)
			continue
		}
		ids := validate.IDs(v.P, lo.Ptr("columns"), cols)
		for i, raw := range cols {
			co, ok := validate.AsObj(v.P, lo.Ptr("columns", i), raw)
			if !ok || ids[i] == "" {
				continue
			}
			co.Known("id", "label", "type", "values")
			c := ListColumn{ID: ids[i]}
			c.Label, _ = co.Str("label", 80, false)
			if c.Label == "" {
				c.Label = c.ID
			}
			// A column whose type is missing or wrong is kept with no
			// type, so what names it reports nothing more.
			if !co.Require("type") {
				l.Columns = append(l.Columns, c)
				continue
			}
			var typed bool
			if c.Type, typed = co.Enum("type", "", ListColumnTypes...); !typed {
				l.Columns = append(l.Columns, c)
				continue
			}
			switch {
			case c.Type == "enum" && !co.Has("values"):
				co.Addf("", `an enum column lists its "values" (1 to %d)`, MaxListEnumValues)
			case c.Type != "enum" && co.Has("values"):
				co.Addf("values", `only an enum column has "values"; this column is %q`, c.Type)
			case c.Type == "enum":
				c.Values = v.enumValues(co)
			}
			l.Columns = append(l.Columns, c)
		}
		out = append(out, l)
	}
	return out
}

// enumValues reads an enum column's values: non-empty, unique strings.
func (v *Validator) enumValues(co validate.Obj) []string {
	arr, ok := co.Arr("values", 1, MaxListEnumValues)
	if !ok {
		return nil
	}
	var out []string
	for i, raw := range arr {
		s, isStr := raw.(string)
		if !isStr || strings.TrimSpace(s) == "" {
			v.P.Addf(co.Ptr("values", i), "an enum value is a non-empty string, found %s", describeAny(raw))
			continue
		}
		if containsID(out, s) {
			v.P.Addf(co.Ptr("values", i), "value %q is listed twice", s)
			continue
		}
		out = append(out, s)
	}
	return out
}
