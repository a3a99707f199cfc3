package ruleset

import (
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/validate"
)

// newSections makes the validators of the items and fight sections (and
// of effects, which the items validator embeds) for the file whose
// top-level object is file. They share the core's vocabulary maps, which
// the core goes on filling as it reads.
func (v *Validator) newSections(file map[string]any) {
	d := itemrules.Declared{Abilities: v.abilities, Skills: v.skills, Saves: v.saves, Conditions: v.conditions,
		Pools: v.pools, Order: v.order}
	v.items = itemrules.New(v.P, sectionsCore{v}, d, file)
	v.fight = fightrules.New(v.items, sectionsCore{v}, d, file)
}

// sectionsCore is the core's side of the sections (itemrules.Core, which
// embeds effectrules.Core, and fightrules.Core): what they ask of the
// rest of the file, answered from what the core has read. It is a type of
// its own so that these methods stay out of Validator's API, which plugin
// kinds see.
type sectionsCore struct{ v *Validator }

func (c sectionsCore) ValueRef(at string, raw any, mode valueref.Mode, what string) (valueref.Ref, bool) {
	return c.v.ValueRef(at, raw, mode, what)
}

func (c sectionsCore) IDList(o validate.Obj, key string, set map[string]bool, noun string) []string {
	return c.v.idList(o, key, set, noun)
}

func (c sectionsCore) Quiet(list string) bool { return c.v.quiet(list) }

func (c sectionsCore) HealthPool() string { return c.v.rs.HealthPool() }

func (c sectionsCore) LevelDeclared(id string) bool {
	for _, l := range c.v.rs.Levels {
		if l.ID == id {
			return true
		}
	}
	return false
}

func (c sectionsCore) SheetList(id string) ([]fightrules.SheetColumn, bool) {
	l, ok := c.v.rs.List(id)
	if !ok {
		return nil, false
	}
	columns := make([]fightrules.SheetColumn, len(l.Columns))
	for i, col := range l.Columns {
		columns[i] = fightrules.SheetColumn{ID: col.ID, Type: col.Type, Values: col.Values}
	}
	return columns, true
}

func (c sectionsCore) Kind() string {
	if c.v.rs.Resolution == nil {
		return ""
	}
	return c.v.rs.Resolution.Kind
}
