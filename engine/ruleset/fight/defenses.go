package fightrules

import (
	"strings"

	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// CombatDefenses is the typed view of the combat block's typed defenses
// (spec/items.md "Typed defenses from conditions, levels, items and sheet
// rows"). The rest of the combat block stays raw in Ruleset.Combat until
// a fight reads it.
type CombatDefenses struct {
	// DamageTypes is the declared damage vocabulary; nil when the ruleset
	// declares none, and damage words are then free text.
	DamageTypes []string
	// Conditions apply while their condition holds, Levels while their
	// level's threshold is reached.
	Conditions []DefenseGrant
	Levels     []DefenseGrant
	// SheetHides read defenses from the rows of sheet lists.
	SheetHides []SheetHide
}

// DefenseGrant is one combat.conditions[] or combat.levels[] mapping: the
// condition or level it belongs to and the defenses it grants (only the
// Resist, Vulnerable, Immune and ConditionImmunities of Effect are set).
type DefenseGrant struct {
	Condition string
	Level     string
	Effect    *effectrules.Effect
}

// SheetHide is one combat.sheetHides source: a sheet list, a text or enum
// column of it, and the kind of defense each row's words grant.
type SheetHide struct {
	List   string
	Column string
	Kind   string
}

// The four kinds of typed defense.
const (
	KindResist              = "resist"
	KindVulnerable          = "vulnerable"
	KindImmune              = "immune"
	KindConditionImmunities = "conditionImmunities"
)

// SheetHideKinds are the kinds a sheetHides source may name.
var SheetHideKinds = []string{KindResist, KindVulnerable, KindImmune, KindConditionImmunities}

// Limits of the combat block's defense parts.
const (
	MaxSheetHides       = 8
	MaxCombatConditions = 128
	MaxCombatLevels     = 64
)

// DamageWord finds word in the declared damage vocabulary, compared
// without case, returning the declared spelling. Without a declared
// vocabulary every word is known, as written.
func (c *CombatDefenses) DamageWord(word string) (string, bool) {
	if c == nil || c.DamageTypes == nil {
		return word, true
	}
	for _, t := range c.DamageTypes {
		if strings.EqualFold(t, word) {
			return t, true
		}
	}
	return "", false
}

// CombatDefenses validates combat.conditions[], combat.levels[] and
// combat.sheetHides at import and returns their typed view; other
// combat keys are a fight's and left to it.
func (v *Validator) CombatDefenses(root validate.Obj) *CombatDefenses {
	o, ok := root.Object("combat")
	if !ok {
		return nil
	}
	cd := &CombatDefenses{DamageTypes: effectrules.DeclaredDamageTypes(o.M)}
	if arr, ok := o.Arr("conditions", 0, MaxCombatConditions); ok {
		for i, raw := range arr {
			if g, ok := v.defenseGrant(o.Ptr("conditions", i), raw, "condition"); ok {
				cd.Conditions = append(cd.Conditions, g)
			}
		}
	}
	if arr, ok := o.Arr("levels", 0, MaxCombatLevels); ok {
		for i, raw := range arr {
			if g, ok := v.defenseGrant(o.Ptr("levels", i), raw, "level"); ok {
				cd.Levels = append(cd.Levels, g)
			}
		}
	}
	if arr, ok := o.Arr("sheetHides", 0, MaxSheetHides); ok {
		for i, raw := range arr {
			if h, ok := v.sheetHide(o.Ptr("sheetHides", i), raw); ok {
				cd.SheetHides = append(cd.SheetHides, h)
			}
		}
	}
	return cd
}

// defenseGrant reads one mapping: "condition" (or "level") names a
// declared one, and its defenses are read like an item's.
func (v *Validator) defenseGrant(at string, raw any, key string) (DefenseGrant, bool) {
	o, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return DefenseGrant{}, false
	}
	if !o.Require(key) {
		return DefenseGrant{}, false
	}
	id, ok := o.Str(key, 64, true)
	if !ok {
		return DefenseGrant{}, false
	}
	g := DefenseGrant{Effect: &effectrules.Effect{}}
	switch key {
	case "condition":
		if !v.conditions[id] {
			o.Addf(key, "no condition %q in the ruleset; declared: %v%s", id, v.order["conditions"], validate.DidYouMean(id, v.order["conditions"]))
			return g, false
		}
		g.Condition = id
	case "level":
		if !v.core.LevelDeclared(id) {
			o.Addf(key, "no level %q in the ruleset; declared: %v%s", id, v.order["levels"], validate.DidYouMean(id, v.order["levels"]))
			return g, false
		}
		g.Level = id
	}
	v.DefenseParts(o, g.Effect, true)
	return g, true
}

// sheetHide reads one sheetHides source: the list must be declared, the
// column must be one of its text or enum columns, and an enum column read
// as condition immunities must declare only condition ids.
func (v *Validator) sheetHide(at string, raw any) (SheetHide, bool) {
	o, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return SheetHide{}, false
	}
	o.Known(vocab.Keys("combat.sheetHides")...)
	if !o.Require("list", "column", "kind") {
		return SheetHide{}, false
	}
	var h SheetHide
	var okL, okC, okK bool
	h.List, okL = o.Str("list", 64, true)
	h.Column, okC = o.Str("column", 64, true)
	h.Kind, okK = o.Enum("kind", "", SheetHideKinds...)
	if !okL || !okC || !okK {
		return h, false
	}
	col, ok := v.hideColumn(o, h)
	if !ok {
		return h, false
	}
	if h.Kind == KindConditionImmunities && col.Type == "enum" && !v.conditionColumn(h.List, col) {
		return h, false
	}
	return h, true
}

// hideColumn finds the source's column: a text or enum column of a
// declared list. A list without columns, or a column without a type, is
// already reported and answers false quietly.
func (v *Validator) hideColumn(o validate.Obj, h SheetHide) (*SheetColumn, bool) {
	columns, ok := v.core.SheetList(h.List)
	if !ok {
		o.Addf("list", "no sheet list %q; declared lists: %v", h.List, v.order["lists"])
		return nil, false
	}
	if len(columns) == 0 {
		return nil, false
	}
	col, ok := sheetColumn(columns, h.Column)
	if !ok {
		var colIDs []string
		for _, c := range columns {
			colIDs = append(colIDs, c.ID)
		}
		o.Addf("column", "sheet list %q has no column %q; its columns: %v", h.List, h.Column, colIDs)
		return nil, false
	}
	if col.Type == "" {
		return nil, false
	}
	if col.Type != "text" && col.Type != "enum" {
		o.Addf("column", "sheetHides reads a text or enum column; %q of list %q is a %s column", h.Column, h.List, col.Type)
		return nil, false
	}
	return col, true
}

// sheetColumn returns the column with this id (the first, as
// List.Column does in engine/ruleset).
func sheetColumn(columns []SheetColumn, id string) (*SheetColumn, bool) {
	for i := range columns {
		if columns[i].ID == id {
			return &columns[i], true
		}
	}
	return nil, false
}

// conditionColumn checks an enum column read as condition immunities:
// its values are condition ids. Every value that is not one is reported,
// at its place in the file.
func (v *Validator) conditionColumn(list string, col *SheetColumn) bool {
	ok := true
	for i, val := range col.Values {
		if !v.conditions[val] {
			ok = false
			v.P.Addf(v.enumValuePtr(list, col.ID, val, i),
				"column %q is read as condition immunities (combat.sheetHides), so its values are condition ids; %q is not one (declared: %v)",
				col.ID, val, v.order["conditions"])
		}
	}
	return ok
}

// enumValuePtr is the pointer of an enum column's value in the file (the
// typed lists skip broken entries, so their indexes may differ).
func (v *Validator) enumValuePtr(list, column, value string, fallback int) string {
	lists, _ := v.raw["lists"].([]any)
	for li, rl := range lists {
		lm, _ := rl.(map[string]any)
		if lm["id"] != list {
			continue
		}
		cols, _ := lm["columns"].([]any)
		for ci, rc := range cols {
			cm, _ := rc.(map[string]any)
			if cm["id"] != column {
				continue
			}
			vals, _ := cm["values"].([]any)
			for vi, rv := range vals {
				if rv == value {
					return validate.Ptr("/lists", li, "columns", ci, "values", vi)
				}
			}
			return validate.Ptr("/lists", li, "columns", ci, "values", fallback)
		}
	}
	return "/lists"
}
