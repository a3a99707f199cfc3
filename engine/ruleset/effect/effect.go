package effectrules

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Effect is what a condition, a level, or an item while worn or carried
// does to its bearer (spec/items.md "Checks outside a fight" and "Typed
// defenses"): the check vocabulary plus the fight's typed defenses.
type Effect struct {
	Effects    []string
	Modifiers  []Modifier
	FailsSaves []string
	// Skills and Saves are what the effects, and the modifiers that name
	// none of their own, refer to; empty means all.
	Skills []string
	Saves  []string
	// Abilities changes scores before the sheet is computed, in the
	// order written.
	Abilities           []AbilityChange
	Resist              []DamageEntry
	Vulnerable          []string
	Immune              []DamageEntry
	ConditionImmunities []string
	// Weapons (1.70, an item's only) is what attacks made with a wielded
	// weapon get (weapons.go).
	Weapons *WeaponsEffect
}

// Modifier is one change to checks, saves, attacks, defense or speed.
type Modifier struct {
	To     string // checks, saves, attacks, defense, speed
	Flat   int
	Dice   string // notation, "" when none
	Minus  bool   // the dice are subtracted
	Mode   string // advantage, disadvantage or ""
	Skills []string
	Saves  []string
}

// AbilityChange is { "set": N } (at least N) or { "add": N } on one ability.
type AbilityChange struct {
	Ability string
	Set     *int
	Add     int
}

// DamageEntry is a damage word, or { type, except } where any named tag
// on the strike bypasses the entry.
type DamageEntry struct {
	Type   string
	Except []string
}

// String prints "bludgeoning except magical silvered".
func (d DamageEntry) String() string {
	if len(d.Except) == 0 {
		return d.Type
	}
	return d.Type + " except " + strings.Join(d.Except, " ")
}

// The check effects; the rest are a fight's.
const (
	OwnChecksAdvantage    = "own-checks-advantage"
	OwnChecksDisadvantage = "own-checks-disadvantage"
	OwnSavesAdvantage     = "own-saves-advantage"
	OwnSavesDisadvantage  = "own-saves-disadvantage"
)

// effectNames are every effect a condition may have.
var effectNames = []string{OwnChecksAdvantage, OwnChecksDisadvantage, OwnSavesAdvantage, OwnSavesDisadvantage,
	"own-attacks-advantage", "own-attacks-disadvantage", "attacks-against-advantage", "attacks-against-disadvantage",
	"resist-all", "speed-zero", "half-move-to-stand", "ends-on-damage", "cannot-target-source",
	"cannot-target-source-side", "cannot-approach-source"}

// conditionOnlyEffects are the five a level or an item cannot have: no one
// put an item on its bearer and it never ends on its own.
var conditionOnlyEffects = []string{"half-move-to-stand", "ends-on-damage", "cannot-target-source",
	"cannot-target-source-side", "cannot-approach-source"}

var modifierTargets = []string{"checks", "saves", "attacks", "defense", "speed"}

// Limits of the typed defenses.
const (
	MaxDefenseEntries       = 30
	MaxConditionImmunities  = 40
	MaxEffectModifiers      = 16
	MaxEffectAbilityChanges = 16
	// MaxExceptTags is how many tags a damage exception names: at most
	// every tag an items block declares (itemrules.MaxItemTags, which a
	// test in engine/ruleset keeps equal).
	MaxExceptTags = 48
)

type Place int

const (
	PlaceCondition Place = iota
	PlaceLevel
	PlaceItem
	PlaceOtherwise // a requirement's otherwise: no ability changes
)

var effectKeys = vocab.Keys("effect")

// Effect validates what a condition, a level or an item does to a check
// (effects, modifiers, failsSaves, skills, saves, abilities) and its typed
// defenses. allowAbilities is false where what is required may read them.
func (v *Validator) Effect(at string, raw any, allowAbilities bool) {
	place := PlaceCondition
	switch {
	case !allowAbilities:
		place = PlaceOtherwise
	case strings.HasPrefix(at, "/levels/"):
		place = PlaceLevel
	}
	v.EffectIn(at, raw, place)
}

// ParseEffect decodes a validated effect (a condition's or level's check).
// It never fails on a file that passed import; a broken one reads as empty.
func ParseEffect(raw json.RawMessage) *Effect {
	if len(raw) == 0 {
		return nil
	}
	root, ok := validate.Decode(&validate.Problems{}, raw)
	if !ok {
		return &Effect{}
	}
	// Read without checking, an effect names nothing the core knows: no
	// core, no vocabulary, no file.
	v := New(&validate.Problems{}, nil, nil, Declared{}, nil)
	return v.readEffect(root, false)
}

func (v *Validator) EffectIn(at string, raw any, place Place) *Effect {
	o, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return nil
	}
	o.Known(effectKeys...)
	e := v.readEffectObj(o, true)
	if o.Has("weapons") {
		e.Weapons = v.weaponsEffect(o, place)
	}
	if place == PlaceOtherwise && o.Has("abilities") {
		o.Addf("abilities", "an unmet requirement's otherwise cannot change an ability, since what is required may read it")
	}
	if place != PlaceCondition {
		for i, name := range e.Effects {
			if slices.Contains(conditionOnlyEffects, name) {
				v.P.Addf(o.Ptr("effects", i), "%q is a condition's alone: %s never ends on its own and no one put it on its bearer", name, map[Place]string{PlaceLevel: "a level", PlaceItem: "an item", PlaceOtherwise: "an item"}[place])
			}
		}
	}
	return e
}

func (v *Validator) readEffect(raw any, check bool) *Effect {
	m, _ := raw.(map[string]any)
	return v.readEffectObj(validate.Obj{P: v.P, At: "/", M: m}, check)
}

// readEffectObj reads an effect; with check, it validates ids against the
// vocabulary (at import), without, it trusts them (at play).
func (v *Validator) readEffectObj(o validate.Obj, check bool) *Effect {
	e := &Effect{}
	e.Effects = v.effectNameList(o, check)
	e.Skills = v.ids(o, "skills", v.skills, "skill", check)
	e.Saves = v.ids(o, "saves", v.saves, "save", check)
	e.FailsSaves = v.ids(o, "failsSaves", v.saves, "save", check)
	e.Modifiers = v.modifiers(o, check)
	e.Abilities = v.abilityChanges(o, check)
	v.DefenseParts(o, e, check)
	return e
}

// effectNameList reads "effects": with check, every name is one of
// effectNames.
func (v *Validator) effectNameList(o validate.Obj, check bool) []string {
	arr, ok := o.Arr("effects", 1, len(effectNames))
	if !ok {
		return nil
	}
	var out []string
	for i, raw := range arr {
		s, _ := raw.(string)
		if check && !slices.Contains(effectNames, s) {
			v.P.Addf(o.Ptr("effects", i), "unknown effect %s; allowed: %s", validate.Describe(raw), strings.Join(effectNames, ", "))
			continue
		}
		out = append(out, s)
	}
	return out
}

// modifiers reads "modifiers", each a change to checks, saves, attacks,
// defense or speed.
func (v *Validator) modifiers(o validate.Obj, check bool) []Modifier {
	arr, ok := o.Arr("modifiers", 1, MaxEffectModifiers)
	if !ok {
		return nil
	}
	var out []Modifier
	for i, raw := range arr {
		mo, ok := validate.AsObj(v.P, o.Ptr("modifiers", i), raw)
		if !ok {
			continue
		}
		if m, ok := v.modifier(mo, check); ok {
			out = append(out, m)
		}
	}
	return out
}

// modifier reads { to, flat, dice, minus, mode, skills, saves }.
func (v *Validator) modifier(mo validate.Obj, check bool) (Modifier, bool) {
	mo.Known(vocab.Keys("effect.modifiers")...)
	var m Modifier
	if check && !mo.Require("to") {
		return m, false
	}
	m.To, _ = mo.Enum("to", "checks", modifierTargets...)
	m.Flat, _ = mo.Int("flat", -100, 100, 0)
	if d, ok := mo.Str("dice", 20, true); ok {
		if _, err := dice.ParseNotation(d); err != nil {
			mo.Addf("dice", "%v", err)
		} else {
			m.Dice = d
		}
	}
	m.Minus, _ = mo.Bool("minus", false)
	if check && mo.Has("minus") && !mo.Has("dice") {
		mo.Addf("minus", `"minus" subtracts the modifier's "dice"; add "dice" or remove "minus"`)
	}
	m.Mode, _ = mo.Enum("mode", "", "advantage", "disadvantage")
	m.Skills = v.ids(mo, "skills", v.skills, "skill", check)
	m.Saves = v.ids(mo, "saves", v.saves, "save", check)
	if check {
		modifierRefusals(mo, m)
	}
	return m, true
}

// modifierRefusals reports a modifier that would never apply or change
// nothing: its own skills only on checks, its own saves only on saves,
// and at least one of flat, dice and mode.
func modifierRefusals(mo validate.Obj, m Modifier) {
	if mo.Has("skills") && m.To != "checks" {
		mo.Addf("skills", `a modifier names its own skills only with "to": "checks"`)
	}
	if mo.Has("saves") && m.To != "saves" {
		mo.Addf("saves", `a modifier names its own saves only with "to": "saves"`)
	}
	if !mo.Has("flat") && !mo.Has("dice") && !mo.Has("mode") {
		mo.Addf("", `a modifier changes something: give "flat", "dice" or "mode"`)
	}
}

// abilityChanges reads "abilities": { id: change }, in sorted id order
// so that the changes apply the same way every time.
func (v *Validator) abilityChanges(o validate.Obj, check bool) []AbilityChange {
	ao, ok := o.Object("abilities")
	if !ok {
		return nil
	}
	keys := slices.Sorted(maps.Keys(ao.M))
	if check && len(keys) > MaxEffectAbilityChanges {
		ao.Addf("", "changes %d abilities; at most %d", len(keys), MaxEffectAbilityChanges)
	}
	var out []AbilityChange
	for _, id := range keys {
		if check && !v.abilities[id] {
			if !v.quiet("abilities") {
				ao.Addf(id, "no ability %q; declared: %v%s", id, v.order["abilities"], validate.DidYouMean(id, v.order["abilities"]))
			}
			continue
		}
		co, ok := ao.Object(id)
		if !ok {
			continue
		}
		if ch, ok := abilityChange(co, id); ok {
			out = append(out, ch)
		}
	}
	return out
}

// abilityChange reads { "set": N } (at least N) or { "add": N }.
func abilityChange(co validate.Obj, id string) (AbilityChange, bool) {
	co.Known(vocab.Keys("effect.abilities")...)
	ch := AbilityChange{Ability: id}
	if co.Has("set") == co.Has("add") {
		co.Addf("", `an ability change is { "set": N } (at least N) or { "add": N }, exactly one`)
		return ch, false
	}
	if !co.Has("set") {
		ch.Add, _ = co.Int("add", -1000, 1000, 0)
		return ch, true
	}
	n, ok := co.Int("set", -1000, 1000, 0)
	if !ok {
		return ch, false
	}
	ch.Set = &n
	return ch, true
}

// DefenseParts reads the four typed defenses (spec/items.md "Typed
// defenses"): resist and immune as damage words or { type, except },
// vulnerable as plain damage words, conditionImmunities as condition ids.
// A condition's or level's combat mapping and an item's worn or carried
// effect read them alike.
func (v *Validator) DefenseParts(o validate.Obj, e *Effect, check bool) {
	e.Resist = v.damageEntries(o, "resist", check)
	e.Immune = v.damageEntries(o, "immune", check)
	if arr, ok := o.Arr("vulnerable", 1, MaxDefenseEntries); ok {
		for i, raw := range arr {
			s, isStr := raw.(string)
			if !isStr || s == "" {
				v.P.Addf(o.Ptr("vulnerable", i), "vulnerable lists plain damage words; found %s", validate.TypeName(raw))
				continue
			}
			if check {
				v.DamageWord(o.Ptr("vulnerable", i), s)
			}
			e.Vulnerable = append(e.Vulnerable, s)
		}
	}
	if arr, ok := o.Arr("conditionImmunities", 1, MaxConditionImmunities); ok {
		for i, raw := range arr {
			s, _ := raw.(string)
			if check && !v.conditionDeclared(s) {
				v.P.Addf(o.Ptr("conditionImmunities", i), "no condition %s in the ruleset", validate.Describe(raw))
				continue
			}
			e.ConditionImmunities = append(e.ConditionImmunities, s)
		}
	}
}

// ids reads an id list; with check, every id must be declared.
func (v *Validator) ids(o validate.Obj, key string, set map[string]bool, noun string, check bool) []string {
	if check {
		return v.idList(o, key, set, noun)
	}
	arr, _ := o.M[key].([]any)
	var out []string
	for _, raw := range arr {
		if s, ok := raw.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// damageEntries reads resist or immune: damage words, or { type, except }
// where a strike with any of the named tags gets past the entry.
func (v *Validator) damageEntries(o validate.Obj, key string, check bool) []DamageEntry {
	arr, ok := o.Arr(key, 1, MaxDefenseEntries)
	if !ok {
		return nil
	}
	var out []DamageEntry
	for i, raw := range arr {
		switch x := raw.(type) {
		case string:
			if x == "" {
				v.P.Addf(o.Ptr(key, i), "a damage word is not empty")
				continue
			}
			if check {
				v.DamageWord(o.Ptr(key, i), x)
			}
			out = append(out, DamageEntry{Type: x})
		case map[string]any:
			if d, ok := v.damageObject(validate.Obj{P: v.P, At: o.Ptr(key, i), M: x}, check); ok {
				out = append(out, d)
			}
		default:
			v.P.Addf(o.Ptr(key, i), `want a damage word or { "type": word, "except": [tags] }, found %s`, validate.TypeName(raw))
		}
	}
	return out
}

// damageObject reads { type, except }; the exceptions are tags declared
// in items.tags, the words a strike's qualities are written in.
func (v *Validator) damageObject(eo validate.Obj, check bool) (DamageEntry, bool) {
	eo.Known(vocab.Keys("effect.damage")...)
	var d DamageEntry
	if check && !eo.Require("type") {
		return d, false
	}
	d.Type, _ = eo.Str("type", 64, true)
	if check {
		v.DamageWord(eo.Ptr("type"), d.Type)
	}
	ex, ok := eo.Arr("except", 1, MaxExceptTags)
	if !ok {
		return d, true
	}
	tags, _, block := v.itemTags()
	for j, rt := range ex {
		t, _ := rt.(string)
		if check && (!block || !slices.Contains(tags, t)) {
			v.P.Addf(eo.Ptr("except", j), "an exception names a tag declared in items.tags; %s is not one", validate.Describe(rt))
			continue
		}
		d.Except = append(d.Except, t)
	}
	return d, true
}

// DamageWord checks a damage word against combat.damageTypes when the
// ruleset declares that vocabulary; otherwise damage words are free text.
func (v *Validator) DamageWord(at, word string) {
	if v.raw == nil {
		return
	}
	c, _ := v.raw["combat"].(map[string]any)
	known := DeclaredDamageTypes(c)
	if known == nil {
		return
	}
	if !slices.Contains(known, word) {
		v.P.Addf(at, "unknown damage type %q; combat.damageTypes declares: %v", word, known)
	}
}

// conditionDeclared looks in the file's conditions (a condition may name
// one declared after it).
func (v *Validator) conditionDeclared(id string) bool {
	if id == "" || v.raw == nil {
		return false
	}
	conds, _ := v.raw["conditions"].([]any)
	for _, c := range conds {
		m, _ := c.(map[string]any)
		if m["id"] == id {
			return true
		}
	}
	return false
}

// DeclaredDamageTypes reads combat.damageTypes: words, or objects with
// an id. nil when absent.
func DeclaredDamageTypes(combat map[string]any) []string {
	types, ok := combat["damageTypes"].([]any)
	if !ok {
		return nil
	}
	known := []string{}
	for _, t := range types {
		switch x := t.(type) {
		case string:
			known = append(known, x)
		case map[string]any:
			if id, ok := x["id"].(string); ok {
				known = append(known, id)
			}
		}
	}
	return known
}
