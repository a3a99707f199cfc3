package ruleset

import (
	"encoding/json"
	"slices"
	"sort"

	"github.com/rulehost/rulehost/engine/jsonin"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Validator walks a ruleset's JSON tree, collecting problems. Kinds (native
// and plugin) receive it to validate their own keys with the same
// vocabulary lookups and message style.
type Validator struct {
	P    *validate.Problems
	opts Options

	abilities  map[string]bool
	skills     map[string]bool
	saves      map[string]bool
	fields     map[string]bool
	pools      map[string]bool
	conditions map[string]bool
	derived    map[string][]any // id -> raw "of" list, for liveness
	order      map[string][]string

	// rs is the ruleset being built; kinds may read its vocabulary.
	rs *Ruleset
	// items validates the items block and every item entry, fight the
	// combat block and the bestiary; both ask the core back through
	// sectionsCore (sections.go).
	items *itemrules.Validator
	fight *fightrules.Validator
	// declared is the ruleset's capabilityApi; nil when it declares none.
	declared Version
	// unread holds the top-level lists that failed to read (misspelled
	// or of the wrong shape): ids they would declare are not reported
	// missing everywhere they are named, one problem already says why.
	unread map[string]bool
}

func newValidator(p *validate.Problems, opts Options) *Validator {
	return &Validator{
		P: p, opts: opts,
		abilities: map[string]bool{}, skills: map[string]bool{}, saves: map[string]bool{},
		fields: map[string]bool{}, pools: map[string]bool{}, conditions: map[string]bool{},
		derived: map[string][]any{}, order: map[string][]string{},
	}
}

// Ruleset returns the ruleset under construction (vocabulary already read).
func (v *Validator) Ruleset() *Ruleset { return v.rs }

// HasAbility, HasSkill, HasSave and HasPool answer vocabulary questions.
func (v *Validator) HasAbility(id string) bool { return v.abilities[id] }

// HasSkill reports a declared skill id.
func (v *Validator) HasSkill(id string) bool { return v.skills[id] }

// HasSave reports a declared save id.
func (v *Validator) HasSave(id string) bool { return v.saves[id] }

// HasPool reports a declared live pool id.
func (v *Validator) HasPool(id string) bool { return v.pools[id] }

func (v *Validator) idsOf(refKey string) []string {
	switch refKey {
	case "abilityScore", "abilityMod":
		return v.order["abilities"]
	case "field":
		return v.order["fields"]
	case "pool":
		return v.order["pools"]
	case "derived":
		return v.order["derived"]
	}
	return nil
}

// topKeys are the ruleset's top-level keys.
var topKeys = vocab.Keys("top")

func (v *Validator) ruleset(root any) *Ruleset {
	rs := &Ruleset{}
	v.rs = rs
	o, ok := validate.AsObj(v.P, "", root)
	if !ok {
		return rs
	}
	rs.Raw = o.M
	o.Known(topKeys...)
	v.noteUnread(o)
	rs.ID, _ = o.Str("id", 80, true)
	rs.Name, _ = o.Str("name", 200, true)
	v.capabilityAPI(o, rs)
	defer v.checkCapabilities(root)
	rs.Plugins = v.pluginNeeds(o)
	v.newSections(o.M)
	v.vocabulary(o, rs)
	v.poolIDs(o)
	v.derivedValues(o, rs)
	v.livePools(o, rs)
	v.rests(o, rs)
	v.catalogs(o, rs)
	rs.Lists = v.lists(o)
	if o.Has("items") {
		rs.Items = v.items.Block(o.Ptr("items"), o.M["items"])
	}
	if !o.Require("resolution") {
		return rs
	}
	rs.Resolution = v.resolution(o.Ptr("resolution"), o.M["resolution"], nil)
	if rs.Resolution != nil {
		v.kindCompanions(o, rs)
		v.importWarnings(rs)
	}
	if c, ok := o.M["combat"]; ok {
		b, _ := jsonin.Marshal(c)
		raw := json.RawMessage(b)
		rs.Combat = &raw
		rs.Defenses = v.fight.CombatDefenses(o)
		rs.CombatItems = v.fight.CombatItems(o)
	}
	rs.Bestiary, rs.Fight = v.fight.Fight(o)
	return rs
}

// listOf reads an array of {id,label,...} entries and returns the objects
// with unique ids recorded under name.
func (v *Validator) listOf(o validate.Obj, key string, max int) []validate.Obj {
	arr, ok := o.Arr(key, 0, max)
	if !ok && arr == nil {
		return nil
	}
	ids := validate.IDs(v.P, o.Ptr(key), arr)
	var out []validate.Obj
	for i, e := range arr {
		eo, ok := validate.AsObj(v.P, o.Ptr(key, i), e)
		if !ok || ids[i] == "" {
			continue
		}
		if !slices.Contains(v.order[key], ids[i]) {
			v.order[key] = append(v.order[key], ids[i])
		}
		out = append(out, eo)
	}
	return out
}

// vocabulary reads the ids every later part of the ruleset names:
// abilities, skills, saves, fields, conditions and levels, in that order,
// since skills name abilities.
func (v *Validator) vocabulary(o validate.Obj, rs *Ruleset) {
	for _, a := range v.listOf(o, "abilities", 64) {
		ab := readAbility(a)
		v.abilities[ab.ID] = true
		rs.Abilities = append(rs.Abilities, ab)
	}
	rs.Skills = v.skillList(o, "skills", v.skills)
	rs.Saves = v.skillList(o, "saves", v.saves)
	for _, f := range v.listOf(o, "fields", 128) {
		fd := readField(f)
		v.fields[fd.ID] = true
		rs.Fields = append(rs.Fields, fd)
	}
	for _, c := range v.listOf(o, "conditions", 128) {
		cd := Condition{}
		cd.ID, cd.Label, cd.Check = v.checkEntry(c)
		v.conditions[cd.ID] = true
		rs.Conditions = append(rs.Conditions, cd)
	}
	for _, l := range v.listOf(o, "levels", 64) {
		lv := Level{}
		lv.ID, lv.Label, lv.Check = v.checkEntry(l)
		rs.Levels = append(rs.Levels, lv)
	}
}

// readAbility reads one ability: its bounds and default score.
func readAbility(a validate.Obj) Ability {
	a.Known(vocab.Keys("abilities")...)
	ab := Ability{Min: 0, Max: 100}
	ab.ID, _ = a.Str("id", 64, true)
	ab.Label, _ = a.Str("label", 80, false)
	ab.Min, _ = a.Int("min", -1000, 1000, 0)
	ab.Max, _ = a.Int("max", -1000, 1000, 100)
	if ab.Min > ab.Max {
		// The default is not also held to a range that cannot exist.
		a.Addf("min", "min %d is above max %d", ab.Min, ab.Max)
		ab.Default, _ = a.Int("default", -1000, 1000, ab.Min)
	} else {
		ab.Default, _ = a.Int("default", ab.Min, ab.Max, ab.Min)
	}
	if ab.Label == "" {
		ab.Label = ab.ID
	}
	return ab
}

// skillList reads skills or saves, each naming its ability, into set.
func (v *Validator) skillList(o validate.Obj, key string, set map[string]bool) []Skill {
	var out []Skill
	for _, s := range v.listOf(o, key, 256) {
		s.Known(vocab.Keys("skills")...)
		sk := Skill{}
		sk.ID, _ = s.Str("id", 64, true)
		sk.Label, _ = s.Str("label", 80, false)
		if sk.Label == "" {
			sk.Label = sk.ID
		}
		if ab, ok := s.Str("ability", 64, true); ok {
			if !v.abilities[ab] && !v.unread["abilities"] {
				s.Addf("ability", "no ability with id %q; declared: %v%s", ab, v.order["abilities"], validate.DidYouMean(ab, v.order["abilities"]))
			}
			sk.Ability = ab
		}
		set[sk.ID] = true
		out = append(out, sk)
	}
	return out
}

// readField reads one field: its bounds and a default of 0 kept within them.
func readField(f validate.Obj) Field {
	f.Known(vocab.Keys("fields")...)
	fd := Field{Min: -1e6, Max: 1e6}
	fd.ID, _ = f.Str("id", 64, true)
	fd.Label, _ = f.Str("label", 80, false)
	fd.Min, _ = f.Float("min", -1e9, 1e9, -1e6)
	fd.Max, _ = f.Float("max", -1e9, 1e9, 1e6)
	def := 0.0
	if def < fd.Min {
		def = fd.Min
	}
	if fd.Min > fd.Max {
		// The default is not also held to a range that cannot exist.
		f.Addf("min", "min %g is above max %g", fd.Min, fd.Max)
		fd.Default, _ = f.Float("default", -1e9, 1e9, def)
	} else {
		fd.Default, _ = f.Float("default", fd.Min, fd.Max, def)
	}
	return fd
}

// checkEntry reads a condition or a level: its id, label and the effect
// it has on checks (validated as an effect, kept as written).
func (v *Validator) checkEntry(e validate.Obj) (id, label string, check json.RawMessage) {
	id, _ = e.Str("id", 64, true)
	label, _ = e.Str("label", 80, false)
	if raw, ok := e.M["check"]; ok {
		check, _ = jsonin.Marshal(raw)
		v.items.Effect(e.Ptr("check"), raw, true)
	}
	return id, label, check
}

// derivedOps are the ops a derived value may use.
var derivedOps = []string{"sum", "min", "max", "product", "floorHalf", "negate"}

func (v *Validator) derivedValues(o validate.Obj, rs *Ruleset) {
	entries := v.listOf(o, "derived", 128)
	// Register every id first so a derived value may read one declared later.
	for _, d := range entries {
		id, _ := d.M["id"].(string)
		of, _ := d.M["of"].([]any)
		v.derived[id] = of
	}
	for _, d := range entries {
		d.Known(vocab.Keys("derived")...)
		dv := Derived{}
		dv.ID, _ = d.Str("id", 64, true)
		dv.Label, _ = d.Str("label", 80, false)
		dv.Op, _ = d.Enum("op", "sum", derivedOps...)
		if !d.Require("of") {
			continue
		}
		of, ok := d.Arr("of", 1, 32)
		if !ok {
			continue
		}
		for i, raw := range of {
			if ref, ok := v.ValueRef(d.Ptr("of", i), raw, valueref.AnyRead, "a derived value"); ok {
				dv.Of = append(dv.Of, ref)
			}
		}
		if v.derivedCycle(dv.ID, map[string]bool{}) {
			d.Addf("of", "derived %q reads itself (directly or through other derived values); a derived value cannot depend on itself", dv.ID)
		}
		rs.Derived = append(rs.Derived, dv)
	}
}

func (v *Validator) derivedCycle(id string, seen map[string]bool) bool {
	if seen[id] {
		return true
	}
	seen[id] = true
	defer delete(seen, id)
	for _, raw := range v.derived[id] {
		m, _ := raw.(map[string]any)
		if next, ok := m["derived"].(string); ok {
			if _, known := v.derived[next]; known && v.derivedCycle(next, seen) {
				return true
			}
		}
	}
	return false
}

// derivedIsLive reports whether a derived value reads a pool or an item.
func (v *Validator) derivedIsLive(id string) bool {
	return v.liveWalk(id, map[string]bool{})
}

func (v *Validator) liveWalk(id string, seen map[string]bool) bool {
	if seen[id] {
		return false
	}
	seen[id] = true
	for _, raw := range v.derived[id] {
		m, _ := raw.(map[string]any)
		if _, ok := m["pool"]; ok {
			return true
		}
		if _, ok := m["itemStat"]; ok {
			return true
		}
		if next, ok := m["derived"].(string); ok && v.liveWalk(next, seen) {
			return true
		}
	}
	return false
}

// poolIDs names the live pools before derived values are read: a derived
// value may read a pool (and is then live), while a pool's max may read a
// derived value, so neither can be fully read first.
func (v *Validator) poolIDs(o validate.Obj) {
	live, _ := o.M["live"].(map[string]any)
	pools, _ := live["pools"].([]any)
	for _, raw := range pools {
		p, _ := raw.(map[string]any)
		if id, ok := p["id"].(string); ok && id != "" && !v.pools[id] {
			v.pools[id] = true
			v.order["pools"] = append(v.order["pools"], id)
		}
	}
}

func (v *Validator) livePools(o validate.Obj, rs *Ruleset) {
	lo, ok := o.Object("live")
	if !ok {
		return
	}
	lo.Known(vocab.Keys("live")...)
	defer v.liveTracks(lo, rs)
	pools := v.listOf(lo, "pools", 32)
	for _, p := range pools {
		id, _ := p.M["id"].(string)
		v.pools[id] = true
	}
	for _, p := range pools {
		p.Known(vocab.Keys("live.pools")...)
		pl := Pool{}
		pl.ID, _ = p.Str("id", 64, true)
		pl.Label, _ = p.Str("label", 80, false)
		if !p.Require("max") {
			continue
		}
		if ref, ok := v.ValueRef(p.Ptr("max"), p.M["max"], valueref.SheetOnly, "a pool's max"); ok {
			pl.Max = ref
		}
		if raw, ok := p.M["start"]; ok {
			if ref, ok := v.ValueRef(p.Ptr("start"), raw, valueref.SheetOnly, "a pool's start"); ok {
				pl.Start = &ref
				startAboveMax(p, pl)
			}
		}
		rs.Live.Pools = append(rs.Live.Pools, pl)
	}
}

// PoolDecl returns the live pool with this id.
func (r *Ruleset) PoolDecl(id string) (*Pool, bool) {
	for i := range r.Live.Pools {
		if r.Live.Pools[i].ID == id {
			return &r.Live.Pools[i], true
		}
	}
	return nil, false
}

func (v *Validator) catalogs(o validate.Obj, rs *Ruleset) {
	for _, c := range v.listOf(o, "catalogs", 64) {
		c.Known(vocab.Keys("catalogs")...)
		cat := Catalog{}
		cat.ID, _ = c.Str("id", 64, true)
		cat.Label, _ = c.Str("label", 80, false)
		cat.Holds, _ = c.Str("holds", 32, true)
		entries, _ := c.Arr("entries", 0, 5000)
		validate.IDs(v.P, c.Ptr("entries"), entries)
		for i, e := range entries {
			b, _ := jsonin.Marshal(e) // json.Marshal's bytes, without its reflection
			cat.Entries = append(cat.Entries, b)
			eo, ok := validate.AsObj(v.P, c.Ptr("entries", i), e)
			if !ok {
				continue
			}
			switch cat.Holds {
			case "items":
				v.items.ItemEntry(eo)
			case fightrules.HoldsCreatures:
				// v.fight.Fight reads creatures after the resolution
			default:
				v.choiceEntry(eo)
			}
		}
		rs.Catalogs = append(rs.Catalogs, cat)
	}
}

// sortedKeys lists a map's keys in order, for stable messages.
func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// startAboveMax refuses a start above the max when both are numbers: the
// pool would begin over full (a check reading it could need 51 on a d20).
// Starts read from the sheet are kept within the max in play.
func startAboveMax(p validate.Obj, pl Pool) {
	if pl.Start.Const != nil && pl.Max.Const != nil && *pl.Start.Const > *pl.Max.Const {
		p.Addf("start", "start %g is above the pool's max %g; a pool starts at most full", *pl.Start.Const, *pl.Max.Const)
	}
}
