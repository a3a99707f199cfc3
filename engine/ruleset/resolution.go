package ruleset

import (
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Resolution is `resolution`: the shared sheet math plus the kind's own
// configuration in exactly one of the kind fields.
type Resolution struct {
	Kind             string
	AbilityModifier  AbilityModifier
	ProficiencyTiers []ProficiencyTier
	Proficiency      *Proficiency
	BonusRange       Range
	Outcomes         *Outcomes
	Overrides        []Override
	Spend            []Spend
	Adjust           []Adjust
	PenaltyFrom      *valueref.Ref

	DiceSum     *DiceSum
	DicePool    *DicePool
	DiceHighest *DiceHighest
	RollAgainst *RollAgainst
	SymbolPool  *SymbolPool
	// Plugin is a plugin kind's validated configuration (its raw keys).
	Plugin map[string]any

	// Raw is the resolution object as written (after an override's set).
	Raw map[string]any
}

// Range is an inclusive integer range.
type Range struct{ Min, Max int }

// minMax reads a { "min", "max" } object: min within minIn and max within
// maxIn, def for a key left out or unreadable. A min above max is refused
// (ordered is false) and the range is returned the other way round, the
// widest reading of what was meant, so that what depends on it raises no
// knock-on problems of its own.
func minMax(o validate.Obj, minIn, maxIn, def Range) (r Range, ordered bool) {
	r.Min, _ = o.Int("min", minIn.Min, minIn.Max, def.Min)
	r.Max, _ = o.Int("max", maxIn.Min, maxIn.Max, def.Max)
	if r.Min > r.Max {
		o.Addf("min", "min %d is above max %d", r.Min, r.Max)
		return Range{Min: r.Max, Max: r.Min}, false
	}
	return r, true
}

// dieSides reads "die": { "sides": S } for the kinds that throw one kind
// of die: 2 to hi faces, def when left out or unreadable. missing is the
// message for a resolution without "die".
func dieSides(o validate.Obj, hi, def int, missing string) int {
	d, ok := o.Object("die")
	if !ok {
		if !o.Has("die") {
			o.Addf("", "%s", missing)
		}
		return def
	}
	d.Known(vocab.Keys("resolution.die")...)
	sides := def
	if d.Require("sides") {
		sides, _ = d.Int("sides", 2, hi, def)
	}
	return sides
}

// dcLadder reads a difficultyLadder whose rungs carry a required dc
// within lo..hi (dice-sum, dice-highest, symbol-pool).
func (v *Validator) dcLadder(o validate.Obj, lo, hi, def int) []Rung {
	return v.ladder(o, func(r validate.Obj, rg *Rung) {
		r.Known(vocab.Keys("resolution.ladder")...)
		if r.Require("dc") {
			rg.DC, _ = r.Int("dc", lo, hi, def)
		}
	})
}

// AbilityModifier turns a score into a number.
type AbilityModifier struct {
	Op    string   // identity, floorHalfMinusTen, stepTable
	Table [][2]int // stepTable rows: [score, number], scores increasing
}

// Apply computes the modifier for a score.
func (m AbilityModifier) Apply(score int) int {
	switch m.Op {
	case "floorHalfMinusTen":
		d := score - 10
		if d < 0 {
			return -((-d + 1) / 2)
		}
		return d / 2
	case "stepTable":
		if len(m.Table) == 0 {
			return 0
		}
		n := m.Table[0][1]
		for _, row := range m.Table {
			if score >= row[0] {
				n = row[1]
			}
		}
		return n
	}
	return score
}

// ProficiencyTier is a training tier of a skill or save.
type ProficiencyTier struct {
	ID         string
	Label      string
	Flat       int
	Multiplier float64
}

// Proficiency names the proficiency bonus's source.
type Proficiency struct {
	Bonus valueref.Ref
}

// Adjust is a sheet value added to every check's number (or to the named
// skills and saves only): wounds, a condition track, an item's weight.
type Adjust struct {
	Value  valueref.Ref
	Skills []string
	Saves  []string
}

// Tier returns the tier with this id.
func (r *Resolution) Tier(id string) (*ProficiencyTier, bool) {
	for i := range r.ProficiencyTiers {
		if r.ProficiencyTiers[i].ID == id {
			return &r.ProficiencyTiers[i], true
		}
	}
	return nil, false
}

// sharedKeys are read by every kind.
var sharedKeys = vocab.Keys("resolution")

// lockedKeys cannot be changed by an override's set.
var lockedKeys = []string{"kind", "abilityModifier", "proficiency", "proficiencyTiers", "penaltyFrom",
	"spend", "adjust", "difficultyLadder", "overrides", "bonusRange"}

// Kind is a resolution kind: the native five and plugin kinds. Validate
// reads the kind's own keys from o (the resolution object) into res and
// reports problems through v; it is also run on each override's merged
// resolution, so it must not assume it sees the top-level object.
type Kind interface {
	// Keys lists the kind's own resolution keys (besides the shared ones).
	Keys() []string
	// Locked lists kind keys an override may not replace (besides the shared locked ones).
	Locked() []string
	Validate(v *Validator, o validate.Obj, res *Resolution)
}

func (v *Validator) kind(name string) (Kind, bool) {
	if k, ok := nativeKinds[name]; ok {
		return k, true
	}
	k, ok := v.opts.Kinds[name]
	return k, ok
}

func (v *Validator) kindNames() []string {
	var names []string
	for n := range nativeKinds {
		names = append(names, n)
	}
	for n := range v.opts.Kinds {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// resolution validates a resolution object. base is nil for the ruleset's
// own resolution, or the ruleset's resolution when validating an override.
func (v *Validator) resolution(at string, raw any, base *Resolution) *Resolution {
	o, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return nil
	}
	res := &Resolution{Raw: o.M}
	if !o.Require("kind") {
		return nil
	}
	name, _ := o.Str("kind", 64, true)
	k, ok := v.kind(name)
	if !ok {
		o.Addf("kind", "unknown resolution kind %q; allowed: %s (or a kind a loaded plugin provides)%s", name, strings.Join(v.kindNames(), ", "), validate.DidYouMean(name, v.kindNames()))
		return nil
	}
	res.Kind = name
	o.Known(append(append([]string{}, sharedKeys...), k.Keys()...)...)
	if base == nil {
		v.sharedMath(o, res)
	} else {
		copySharedMath(res, base)
	}
	k.Validate(v, o, res)
	if base == nil && o.Has("overrides") {
		v.overrides(o, res, k)
	}
	return res
}

func copySharedMath(res, base *Resolution) {
	res.AbilityModifier = base.AbilityModifier
	res.ProficiencyTiers = base.ProficiencyTiers
	res.Proficiency = base.Proficiency
	res.BonusRange = base.BonusRange
	res.Spend = base.Spend
	res.Adjust = base.Adjust
	res.PenaltyFrom = base.PenaltyFrom
}

// sharedMath reads the ruleset's own sheet math, which every kind shares
// and no override may change. Without proficiencyTiers (already refused)
// nothing after it is read.
func (v *Validator) sharedMath(o validate.Obj, res *Resolution) {
	res.AbilityModifier = v.abilityModifier(o)
	if !o.Require("proficiencyTiers") {
		return
	}
	needsBonus := v.proficiencyTiers(o, res)
	if p, ok := o.Object("proficiency"); ok {
		p.Known(vocab.Keys("resolution.proficiency")...)
		if p.Require("bonus") {
			if ref, ok := v.ValueRef(p.Ptr("bonus"), p.M["bonus"], valueref.SheetOnly, "the proficiency bonus"); ok {
				res.Proficiency = &Proficiency{Bonus: ref}
			}
		}
	}
	if needsBonus != "" && res.Proficiency == nil {
		v.P.Addf(needsBonus, `a tier that multiplies needs a proficiency bonus: add "proficiency": { "bonus": { "derived": "proficiency_bonus" } } to resolution`)
	}
	res.BonusRange = Range{-20, 20}
	if br, ok := o.Object("bonusRange"); ok {
		br.Known(vocab.Keys("resolution.bonusRange")...)
		res.BonusRange, _ = minMax(br, Range{-100, 100}, Range{-100, 100}, Range{-20, 20})
	}
	v.adjust(o, res)
	if raw, ok := o.M["penaltyFrom"]; ok {
		if ref, ok := v.ValueRef(o.Ptr("penaltyFrom"), raw, valueref.AnyRead, "penaltyFrom"); ok {
			res.PenaltyFrom = &ref
		}
	}
}

// abilityModifier reads abilityModifier: its op (identity by default) and,
// for stepTable only, the table.
func (v *Validator) abilityModifier(o validate.Obj) AbilityModifier {
	m := AbilityModifier{Op: "identity"}
	am, ok := o.Object("abilityModifier")
	if !ok {
		return m
	}
	am.Known(vocab.Keys("resolution.abilityModifier")...)
	m.Op, _ = am.Enum("op", "identity", "identity", "floorHalfMinusTen", "stepTable")
	if m.Op == "stepTable" {
		m.Table = v.stepTable(am)
	} else if am.Has("table") {
		am.Addf("table", `"table" is read only with "op": "stepTable"`)
	}
	return m
}

// proficiencyTiers reads the training tiers. It returns the pointer of
// the first multiplier, which needs a proficiency bonus to multiply, or "".
func (v *Validator) proficiencyTiers(o validate.Obj, res *Resolution) (needsBonus string) {
	tiers, _ := o.Arr("proficiencyTiers", 1, 12)
	ids := validate.IDs(v.P, o.Ptr("proficiencyTiers"), tiers)
	for i, raw := range tiers {
		t, ok := validate.AsObj(v.P, o.Ptr("proficiencyTiers", i), raw)
		if !ok || ids[i] == "" {
			continue
		}
		t.Known(vocab.Keys("resolution.proficiencyTiers")...)
		pt := ProficiencyTier{ID: ids[i]}
		pt.Label, _ = t.Str("label", 80, false)
		if pt.Label == "" {
			pt.Label = pt.ID
		}
		pt.Flat, _ = t.Int("flat", -100, 100, 0)
		pt.Multiplier, _ = t.Float("multiplier", 0, 10, 0)
		if pt.Multiplier != 0 && needsBonus == "" {
			needsBonus = t.Ptr("multiplier")
		}
		res.ProficiencyTiers = append(res.ProficiencyTiers, pt)
	}
	return needsBonus
}

// adjust reads resolution.adjust: sheet values added to every check's
// number, or to the named skills and saves only.
func (v *Validator) adjust(o validate.Obj, res *Resolution) {
	adj, ok := o.Arr("adjust", 0, 8)
	if !ok {
		return
	}
	for i, raw := range adj {
		a, ok := validate.AsObj(v.P, o.Ptr("adjust", i), raw)
		if !ok {
			continue
		}
		a.Known(vocab.Keys("resolution.adjust")...)
		var ad Adjust
		if a.Require("value") {
			ad.Value, _ = v.ValueRef(a.Ptr("value"), a.M["value"], valueref.AnyRead, "an adjust")
		}
		ad.Skills = v.idList(a, "skills", v.skills, "skill")
		ad.Saves = v.idList(a, "saves", v.saves, "save")
		res.Adjust = append(res.Adjust, ad)
	}
}

func (v *Validator) stepTable(am validate.Obj) [][2]int {
	if !am.Require("table") {
		return nil
	}
	rows, _ := am.Arr("table", 1, 64)
	var out [][2]int
	for i, raw := range rows {
		pair, ok := validate.ArrAt(v.P, am.Ptr("table", i), raw, 2, 2)
		if !ok {
			continue
		}
		score, ok1 := validate.IntAt(v.P, am.Ptr("table", i, 0), pair[0], -1000, 1000, 0)
		num, ok2 := validate.IntAt(v.P, am.Ptr("table", i, 1), pair[1], -1000, 1000, 0)
		if !ok1 || !ok2 {
			continue
		}
		if len(out) > 0 && score <= out[len(out)-1][0] {
			v.P.Addf(am.Ptr("table", i, 0), "scores must increase row by row; %d is not above %d", score, out[len(out)-1][0])
			continue
		}
		out = append(out, [2]int{score, num})
	}
	return out
}

// idList reads an optional array of ids that must exist in set.
func (v *Validator) idList(o validate.Obj, key string, set map[string]bool, noun string) []string {
	arr, ok := o.Arr(key, 1, 256)
	if !ok {
		return nil
	}
	var out []string
	for i, raw := range arr {
		id, isStr := raw.(string)
		if !isStr {
			v.P.Addf(o.Ptr(key, i), "want a %s id (a string), found %s", noun, validate.TypeName(raw))
			continue
		}
		if !set[id] {
			if v.quiet(noun + "s") {
				continue
			}
			v.P.Addf(o.Ptr(key, i), "no %s with id %q; declared: %v%s", noun, id, sortedKeys(set), validate.DidYouMean(id, sortedKeys(set)))
			continue
		}
		out = append(out, id)
	}
	return out
}

// Ladder rung with a dc (dice-sum, dice-highest, roll-against, symbol-pool).
type Rung struct {
	Label string
	DC    int
	// Successes and Target are a pool's rung; Divide a roll-against rung's.
	Successes int
	Target    int
	Divide    int
	Text      string
}

// FindRung returns the single rung whose label matches (any case). A name
// no rung answers to, or one two rungs share, finds nothing.
func FindRung(ladder []Rung, name string) (*Rung, bool) {
	var found *Rung
	for i := range ladder {
		if strings.EqualFold(ladder[i].Label, name) {
			if found != nil {
				return nil, false
			}
			found = &ladder[i]
		}
	}
	return found, found != nil
}

// ladder validates a difficulty ladder's common shape (labels) and calls
// rung for each entry's kind-specific keys.
func (v *Validator) ladder(o validate.Obj, rung func(r validate.Obj, out *Rung)) []Rung {
	arr, ok := o.Arr("difficultyLadder", 1, 16)
	if !ok {
		return nil
	}
	var out []Rung
	// Two rungs may share a label: the spec ignores such a name on a tag
	// rather than refusing the file (see FindRung).
	for i, raw := range arr {
		r, ok := validate.AsObj(v.P, o.Ptr("difficultyLadder", i), raw)
		if !ok {
			continue
		}
		var rg Rung
		if !r.Require("label") {
			continue
		}
		rg.Label, _ = r.Str("label", 80, true)
		rg.Text, _ = r.Str("text", 200, false)
		rung(r, &rg)
		out = append(out, rg)
	}
	return out
}
