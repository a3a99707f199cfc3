package ruleset

import (
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset/vocab"
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
func (c *ListColumn) HasValue(s string) bool { return slices.Contains(c.Values, s) }

// lists reads the top-level "lists": each {id, label, columns}, each
// column {id, label, type, values}, with values only (and always) on an
// enum column.
func (v *Validator) lists(o validate.Obj) []List {
	var out []List
	for _, lo := range v.listOf(o, "lists", MaxLists) {
		out = append(out, v.list(lo))
	}
	return out
}

// list reads one sheet list. A list whose columns are missing or broken
// is kept without them, so that what names the list reports nothing more.
func (v *Validator) list(lo validate.Obj) List {
	lo.Known(vocab.Keys("lists")...)
	l := List{}
	l.ID, _ = lo.Str("id", 64, true)
	l.Label = validate.EntryLabel(lo, l.ID)
	if !lo.Require("columns") {
		return l
	}
	cols, ok := lo.Arr("columns", 1, MaxListColumns)
	if !ok {
		return l
	}
	validate.EachIDObject(v.P, lo.Ptr("columns"), cols, func(co validate.Obj, id string) {
		l.Columns = append(l.Columns, v.listColumn(co, id))
	})
	return l
}

// listColumn reads one column. A column whose type is missing or wrong
// is kept with no type, so what names it reports nothing more.
func (v *Validator) listColumn(co validate.Obj, id string) ListColumn {
	co.Known(vocab.Keys("lists.columns")...)
	c := ListColumn{ID: id}
	c.Label = validate.EntryLabel(co, id)
	if !co.Require("type") {
		return c
	}
	var typed bool
	if c.Type, typed = co.Enum("type", "", ListColumnTypes...); !typed {
		return c
	}
	switch {
	case c.Type == "enum" && !co.Has("values"):
		co.Addf("", `an enum column lists its "values" (1 to %d)`, MaxListEnumValues)
	case c.Type != "enum" && co.Has("values"):
		co.Addf("values", `only an enum column has "values"; this column is %q`, c.Type)
	case c.Type == "enum":
		c.Values = v.enumValues(co)
	}
	return c
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
			v.P.Addf(co.Ptr("values", i), "an enum value is a non-empty string, found %s", validate.Describe(raw))
			continue
		}
		if slices.Contains(out, s) {
			v.P.Addf(co.Ptr("values", i), "value %q is listed twice", s)
			continue
		}
		out = append(out, s)
	}
	return out
}
