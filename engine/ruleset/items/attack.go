package itemrules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Attack is what an item does as a weapon in a fight (spec/items.md
// "Weapons in a fight", "Ammunition and reloading" and "Modes, a second
// weapon, a floor and conditions on a hit"), validated at import. Its
// numbers and words are written directly or read from the item's own
// stats ({ "stat": id }); engine/items resolves them for one stack
// (WeaponOf), so an invented item like= a weapon fights with its own.
type Attack struct {
	// Budget is one of combat.economy.budgets (any id without them).
	Budget string
	ToHit  AttackToHit
	Damage AttackDamage
	// Reach and Range are in the combat.distance unit; with both the
	// weapon is thrown. Neither: it reaches one cell.
	Reach *Num
	Range *AttackRange
	// Versatile is the dice dealt while each slot the weapon takes has
	// room for as many again.
	Versatile *Word
	// Strikes is how many attacks a spend buys, read from the wielder's
	// sheet; nil gives one.
	Strikes *valueref.Ref
	Ammo    *Ammo
	Clip    *Clip
	Modes   []AttackMode
	OffHand bool
	Floor   *Num
	OnHit   []OnHit
	Plus    []PlusClause
}

// AttackToHit is what the attack adds to hit.
type AttackToHit struct {
	// Abilities: the best of them counts; an enum stat's word read as one.
	Abilities *IDs
	Skill     *Word
	// Proficiency adds the ruleset's proficiency bonus when it reads
	// above 0 on the wielder's sheet.
	Proficiency *valueref.Ref
	Bonus       *Num
	// SheetBonus is added as read from the wielder's sheet (1.95).
	SheetBonus *valueref.Ref
	// Target is a per-die target of its own in a pool fight whose
	// target can move.
	Target *Num
}

// AttackDamage is what a hit deals.
type AttackDamage struct {
	Dice      *Word
	Abilities *IDs
	Bonus     *Num
	Type      *Word
	// SheetBonus (1.97) counts only in one hand when OneHanded.
	SheetBonus *valueref.Ref
	OneHanded  bool
	// RerollUpTo (1.98): the weapon's own damage dice at or below it are
	// rolled again once, wielded with both hands, in a summed fight.
	RerollUpTo *valueref.Ref
}

// AttackRange is what a shot or a throw reaches: Normal, and Long for
// what it still reaches beyond that (nil when it says nothing).
type AttackRange struct {
	Normal *Num
	Long   *Num
}

// Ammo is what the weapon shoots: items with Tag, PerAttack a shot, and
// the fraction Recover picked up after a won fight.
type Ammo struct {
	Tag       string
	PerAttack int
	Recover   float64
}

// Clip is a loaded count the weapon keeps: Max (written or a number
// stat) and the budget a reload spends.
type Clip struct {
	Max    Num
	Reload string
}

// AttackMode is another way of making the attack.
type AttackMode struct {
	ID, Label string
	// Ammo is how many shots it uses (0: the weapon's own).
	Ammo int
	// ToHit is dice in a pool fight, a number in a summed one.
	ToHit int
	// Target moves a pool fight's per-die target (+1 is harder).
	Target int
	// Targets is how many targets it is aimed at (at least 1).
	Targets int
}

// OnHit is a condition the target receives when a strike dealt AtLeast.
type OnHit struct {
	Condition string
	AtLeast   int
	// Rounds of the target's turns; 0 until something removes it.
	Rounds   int
	Save     *HitSave
	SaveEnds *SaveEnds
}

// HitSave is a save the target rolls when the condition would be imposed.
type HitSave struct {
	Save       string
	Difficulty int
}

// SaveEnds makes a condition last until its bearer passes the save At
// turn-start, turn-end or on taking damage ("damaged").
type SaveEnds struct {
	Save       string
	Difficulty int
	At         string
}

// PlusClause is an extra amount on each hit, rolled, typed and resisted
// on its own.
type PlusClause struct {
	Dice     string
	Flat     int
	Type     string
	Save     *PlusSave
	TargetIs *TargetIs
	// When is "", "critical" or "toggled".
	When string
}

// TargetIs deals a clause only to creatures of those types or tags.
type TargetIs struct {
	Types []string
	Tags  []string
}

// Num is a number written directly (Stat "") or read from one of the
// item's number stats.
type Num struct {
	Value float64
	Stat  string
}

// Of reads n for item it of block b: the written value, or the item's
// value of the stat (its declared default when the item gives none);
// false when neither gives one, which is as if the value were not written.
func (n *Num) Of(b *ItemsBlock, it *Item) (float64, bool) {
	if n == nil {
		return 0, false
	}
	if n.Stat == "" {
		return n.Value, true
	}
	f, ok := b.StatOf(it, n.Stat).(float64)
	return f, ok
}

// StatOf is the value item it has for stat id: its own, or the stat's
// declared default (spec/items.md: the hand axe gives no "swing" and
// rolls with its default, Brawn); nil when neither.
func (b *ItemsBlock) StatOf(it *Item, id string) any {
	if v, ok := it.Stats[id]; ok {
		return v
	}
	if b == nil {
		return nil
	}
	if sd := b.Stat(id); sd != nil {
		return sd.Default
	}
	return nil
}

// Word is a word (dice, a damage type, a skill id) written directly or
// read from one of the item's text, enum or dice stats.
type Word struct {
	Value string
	Stat  string
}

// Of reads w for item it of block b; false as for Num.
func (w *Word) Of(b *ItemsBlock, it *Item) (string, bool) {
	if w == nil {
		return "", false
	}
	if w.Stat == "" {
		return w.Value, true
	}
	s, ok := b.StatOf(it, w.Stat).(string)
	return s, ok && s != ""
}

// IDs are ability ids written directly or an enum stat whose word is one.
type IDs struct {
	Values []string
	Stat   string
}

// Of reads l for item it of block b; false as for Num.
func (l *IDs) Of(b *ItemsBlock, it *Item) ([]string, bool) {
	if l == nil {
		return nil, false
	}
	if l.Stat == "" {
		return l.Values, true
	}
	s, ok := b.StatOf(it, l.Stat).(string)
	if !ok || s == "" {
		return nil, false
	}
	return []string{s}, true
}

// Attack limits.
const (
	MaxAttackModes  = 6
	MaxOnHit        = 4
	MaxPlus         = 3
	MaxPerAttack    = 100
	MaxClip         = 1000
	MaxAttackBonus  = 100
	MaxAttackDamage = 1000
	MaxTargetsAimed = 20
	MaxDistance     = 1e6
	// MaxModeTarget is how far a mode moves a pool fight's per-die
	// target, either way: at most a die's faces (ruleset.MaxPoolDice,
	// which a test in engine/ruleset keeps equal).
	MaxModeTarget = 100
)

// SaveEndsAt are when a save that ends a condition is rolled.
var SaveEndsAt = []string{"turn-start", "turn-end", "damaged"}

// attackCtx is what one item's attack is validated against.
type attackCtx struct {
	v  *Validator
	it *Item
	b  *ItemsBlock
}

// itemAttack validates an item's attack (the hook from item()) and keeps
// its typed form on the item.
func (v *Validator) itemAttack(io validate.Obj, it *Item) {
	ao, ok := io.Object("attack")
	if !ok {
		return
	}
	c := attackCtx{v: v, it: it, b: v.Vocab()}
	it.AttackDef = c.attack(ao)
}

func (c attackCtx) attack(ao validate.Obj) *Attack {
	ao.Known(vocab.Keys("items.attack")...)
	a := &Attack{}
	if ao.Require("budget") {
		a.Budget = c.budget(ao, "budget")
	}
	if to, ok := ao.Object("toHit"); ok {
		a.ToHit = c.toHit(to, "a weapon's")
	}
	if do, ok := ao.Object("damage"); ok {
		a.Damage = c.damage(do)
	}
	c.summedNeedsDice(ao, a)
	c.distance(ao, a)
	if ao.Has("versatile") {
		a.Versatile = c.word(ao, "versatile", wordDice)
		c.versatileRoom(ao)
	}
	if raw, ok := ao.M["strikes"]; ok {
		if ref, ok := c.v.ValueRef(ao.Ptr("strikes"), raw, valueref.AnyRead, "attack.strikes"); ok {
			a.Strikes = &ref
		}
	}
	a.Ammo = c.ammo(ao)
	a.Clip = c.clip(ao)
	a.Modes = c.modes(ao, a)
	a.OffHand = c.offHand(ao)
	if ao.Has("floor") {
		a.Floor = c.num(ao, "floor", 0, MaxAttackDamage)
	}
	a.OnHit = c.onHits(ao)
	a.Plus = c.plusClauses(ao)
	return a
}

// budget reads a budget id: one of combat.economy.budgets when the
// combat block declares them; without a fight to spend it in, any id is
// kept as written (as a use's budget is).
func (c attackCtx) budget(o validate.Obj, key string) string {
	id, ok := o.Str(key, 64, true)
	if !ok {
		return ""
	}
	if budgets := c.v.EconomyBudgets(); budgets != nil && !slices.Contains(budgets, id) {
		o.Addf(key, "no budget %q in combat.economy.budgets; declared: %v%s", id, budgets, validate.DidYouMean(id, budgets))
		return ""
	}
	return id
}

// toHit reads a toHit: a weapon's, and a use's, which spec/items.md
// defines as a weapon's, so one reader keeps the two from drifting apart.
// whose ("a weapon's", "a use's") names it in a refusal.
func (c attackCtx) toHit(to validate.Obj, whose string) AttackToHit {
	to.Known(vocab.Keys("items.attack.toHit")...)
	var t AttackToHit
	if to.Has("abilities") {
		t.Abilities = c.abilityIDs(to, "abilities")
	}
	if to.Has("skill") {
		t.Skill = c.word(to, "skill", wordSkill)
	}
	t.Proficiency = c.sheetRef(to, "proficiency", "toHit.proficiency")
	if to.Has("bonus") {
		t.Bonus = c.num(to, "bonus", -MaxAttackBonus, MaxAttackBonus)
	}
	t.SheetBonus = c.sheetRef(to, "sheetBonus", "toHit.sheetBonus")
	if to.Has("target") {
		t.Target = c.toHitTarget(to, whose)
	}
	return t
}

// toHitTarget reads toHit.target, a per-die target of its own: only a
// dice-pool ruleset whose target can move lets one be set, written within
// that target's min and max (a value outside could never be rolled at)
// or read from a number stat, which the fight holds to them. The
// resolution is read as written, since items are validated before it.
func (c attackCtx) toHitTarget(to validate.Obj, whose string) *Num {
	lo, hi, why := c.v.poolTargetRange()
	if why != "" {
		to.Addf("target", "%s own per-die target is for a pool fight, in a dice-pool ruleset whose target can move; %s (in a summed fight, toHit.bonus says the same)", whose, why)
		return nil
	}
	return c.num(to, "target", float64(lo), float64(hi))
}

func (c attackCtx) damage(do validate.Obj) AttackDamage {
	do.Known(vocab.Keys("items.attack.damage")...)
	var d AttackDamage
	if do.Has("dice") {
		d.Dice = c.word(do, "dice", wordDice)
	}
	if do.Has("abilities") {
		d.Abilities = c.abilityIDs(do, "abilities")
	}
	if do.Has("bonus") {
		d.Bonus = c.num(do, "bonus", -MaxAttackDamage, MaxAttackDamage)
	}
	if do.Has("type") {
		d.Type = c.word(do, "type", wordDamageType)
	}
	d.SheetBonus = c.sheetRef(do, "sheetBonus", "damage.sheetBonus")
	d.OneHanded, _ = do.Bool("oneHanded", false)
	if do.Has("oneHanded") && !do.Has("sheetBonus") {
		do.Addf("oneHanded", `"oneHanded" says when the damage's "sheetBonus" counts; add "sheetBonus" or remove it`)
	}
	d.RerollUpTo = c.sheetRef(do, "rerollUpTo", "damage.rerollUpTo")
	if d.RerollUpTo != nil && c.v.ResolutionKind() != "dice-sum" {
		c.v.warnf(do.Ptr("rerollUpTo"), "rerollUpTo rerolls damage dice only in a summed fight (dice-sum); in this ruleset it does nothing")
	}
	return d
}

// summedNeedsDice refuses a weapon without damage dice in a summed fight
// (dice-sum): there a hit deals its dice, and nothing else would roll.
// A dice stat the catalog item gives no value to counts as missing.
func (c attackCtx) summedNeedsDice(ao validate.Obj, a *Attack) {
	if c.v.ResolutionKind() != "dice-sum" || c.it.Invented || c.it.Service {
		return // a service's attack is refused whole (serviceRefusals)
	}
	switch {
	case a.Damage.Dice == nil && ao.Has("damage") && hasKey(ao.M["damage"], "dice"):
		// the dice were written and are already reported
	case a.Damage.Dice == nil:
		// At the member to add, as the creature action's refusal does
		// (bestiary.go): the author's fix is a "dice" inside "damage".
		c.v.P.Addf(ao.Ptr("damage", "dice"), `a weapon in a summed fight (dice-sum) deals its "damage": { "dice": ... }; this attack has none: add "dice" (such as "1d6")`)
	case a.Damage.Dice.Stat != "":
		if _, ok := a.Damage.Dice.Of(c.b, c.it); !ok {
			c.v.P.Addf(ao.Ptr("damage", "dice"), "the item gives no value to stat %q, and a weapon in a summed fight (dice-sum) needs its damage dice", a.Damage.Dice.Stat)
		}
	}
}

func hasKey(raw any, key string) bool {
	m, ok := raw.(map[string]any)
	if !ok {
		return false
	}
	_, has := m[key]
	return has
}

// distance reads reach and range, in the combat.distance unit, which
// they need.
func (c attackCtx) distance(ao validate.Obj, a *Attack) {
	if !ao.Has("reach") && !ao.Has("range") {
		return
	}
	if !c.v.combatHas("distance") {
		for _, k := range []string{"reach", "range"} {
			if ao.Has(k) {
				ao.Addf(k, "%s is in the combat block's distance unit: declare combat.distance { \"unit\": ... }", k)
			}
		}
		return
	}
	if ao.Has("reach") {
		a.Reach = c.num(ao, "reach", 0, MaxDistance)
	}
	ro, ok := ao.Object("range")
	if !ok {
		return
	}
	ro.Known(vocab.Keys("items.attack.range")...)
	r := &AttackRange{}
	if ro.Require("normal") {
		r.Normal = c.num(ro, "normal", 0, MaxDistance)
	}
	if ro.Has("long") {
		r.Long = c.num(ro, "long", 0, MaxDistance)
	}
	if r.Normal != nil && r.Long != nil && r.Normal.Stat == "" && r.Long.Stat == "" && r.Long.Value < r.Normal.Value {
		ro.Addf("long", "long range %s is below the normal range %s: long is what it still reaches beyond normal", fmtNum(r.Long.Value), fmtNum(r.Normal.Value))
	}
	a.Range = r
}

func fmtNum(f float64) string { return fmt.Sprintf("%g", f) }

// versatileRoom refuses a versatile weapon that could never have room
// for as many again: one that takes more than half of a slot.
func (c attackCtx) versatileRoom(ao validate.Obj) {
	if c.b == nil {
		return
	}
	if len(c.it.Slots) == 0 {
		ao.Addf("versatile", "a versatile weapon deals its versatile dice while each slot it takes has room for as many again; this item takes no slot")
		return
	}
	for _, su := range c.it.Slots {
		if sd := c.b.Slot(su.Slot); sd != nil && su.Count*2 > sd.Count {
			ao.Addf("versatile", "the item takes %d of slot %q and a character has %d: there is never room for as many again", su.Count, su.Slot, sd.Count)
		}
	}
}

// ammo reads { tag, perAttack, recover }: a tag of items.tags.
func (c attackCtx) ammo(ao validate.Obj) *Ammo {
	mo, ok := ao.Object("ammo")
	if !ok {
		return nil
	}
	mo.Known(vocab.Keys("items.attack.ammo")...)
	if !mo.Require("tag") {
		return nil
	}
	am := &Ammo{PerAttack: 1}
	tag, ok := mo.Str("tag", 64, true)
	switch {
	case !ok:
		return nil
	case c.b == nil || c.b.Tag(tag) == nil:
		mo.Addf("tag", "a weapon shoots items by one of items.tags; %q is not one%s", tag, validate.DidYouMean(tag, c.tagIDs()))
		return nil
	}
	am.Tag = tag
	am.PerAttack, _ = mo.Int("perAttack", 1, MaxPerAttack, 1)
	am.Recover, _ = mo.Float("recover", 0, 1, 0)
	return am
}

func (c attackCtx) tagIDs() []string {
	if c.b == nil {
		return nil
	}
	return namedIDs(c.b.Tags)
}

// clip reads { max, reload }: max written or a number stat, reload a budget.
func (c attackCtx) clip(ao validate.Obj) *Clip {
	co, ok := ao.Object("clip")
	if !ok {
		return nil
	}
	co.Known(vocab.Keys("items.attack.clip")...)
	if !co.Require("max", "reload") {
		return nil
	}
	cl := &Clip{}
	if n := c.num(co, "max", 1, MaxClip); n != nil {
		cl.Max = *n
		if n.Stat != "" && !c.it.Invented {
			if f, ok := n.Of(c.b, c.it); !ok || f < 1 {
				co.Addf("max", "the item gives stat %q %s; a clip holds at least 1", n.Stat, statGiven(c.it, n.Stat))
			}
		}
	}
	cl.Reload = c.budget(co, "reload")
	return cl
}

// modes reads up to six modes, each with a unique id. A mode that uses
// shots needs the weapon's ammo or clip to shoot from.
func (c attackCtx) modes(ao validate.Obj, a *Attack) []AttackMode {
	arr, ok := ao.Arr("modes", 1, MaxAttackModes)
	if !ok {
		return nil
	}
	ids := validate.IDs(c.v.P, ao.Ptr("modes"), arr)
	var out []AttackMode
	for i, raw := range arr {
		mo, ok := validate.AsObj(c.v.P, ao.Ptr("modes", i), raw)
		if !ok || ids[i] == "" {
			continue
		}
		mo.Known(vocab.Keys("items.attack.modes")...)
		m := AttackMode{ID: ids[i], Targets: 1}
		if mo.Require("label") {
			m.Label, _ = mo.Str("label", 80, true)
		}
		m.Ammo, _ = mo.Int("ammo", 1, MaxPerAttack, 0)
		if m.Ammo > 0 && a.Ammo == nil && a.Clip == nil && !ao.Has("ammo") && !ao.Has("clip") {
			mo.Addf("ammo", `a mode that uses shots needs the weapon's "ammo" or "clip" to shoot from`)
		}
		m.ToHit, _ = mo.Int("toHit", -MaxAttackBonus, MaxAttackBonus, 0)
		if mo.Has("target") {
			if why := c.v.poolTargetFixed(); why != "" {
				mo.Addf("target", "a mode moves a pool fight's per-die target only when it can move; %s", why)
			} else {
				m.Target, _ = mo.Int("target", -MaxModeTarget, MaxModeTarget, 0)
			}
		}
		m.Targets, _ = mo.Int("targets", 1, MaxTargetsAimed, 1)
		out = append(out, m)
	}
	return out
}

// offHand reads the weapon's offHand mark, which needs the combat
// block's offHand (the budget a second attack spends).
func (c attackCtx) offHand(ao validate.Obj) bool {
	on, _ := ao.Bool("offHand", false)
	if on && !c.v.combatHas("offHand") {
		ao.Addf("offHand", `a weapon marked offHand needs the combat block's "offHand": { "budget": ... } (the budget a second attack spends)`)
	}
	return on
}

// onHits reads up to four conditions imposed on a hit.
func (c attackCtx) onHits(ao validate.Obj) []OnHit {
	arr, ok := ao.Arr("onHit", 1, MaxOnHit)
	if !ok {
		return nil
	}
	return validate.ReadObjects(c.v.P, ao, "onHit", arr, c.onHit)
}

func (c attackCtx) onHit(oo validate.Obj) (OnHit, bool) {
	oo.Known(vocab.Keys("items.attack.onHit")...)
	var h OnHit
	if !oo.Require("condition") {
		return h, false
	}
	h.Condition, _ = oo.Str("condition", 64, true)
	if !c.v.conditions[h.Condition] {
		if !c.v.quiet("conditions") {
			oo.Addf("condition", "no condition %q in the ruleset; declared: %v%s", h.Condition, c.v.order["conditions"], validate.DidYouMean(h.Condition, c.v.order["conditions"]))
		}
		return h, false
	}
	h.AtLeast, _ = oo.Int("atLeast", 0, MaxAttackDamage, 1)
	h.Rounds, _ = oo.Int("rounds", 1, 100, 0)
	if so, ok := oo.Object("save"); ok {
		so.Known(vocab.Keys("items.attack.onHit.save")...)
		if so.Require("save", "difficulty") {
			h.Save = &HitSave{Save: c.v.saveID(so), Difficulty: c.difficulty(so)}
		}
	}
	if so, ok := oo.Object("saveEnds"); ok {
		so.Known(vocab.Keys("items.attack.onHit.saveEnds")...)
		if so.Require("save", "difficulty", "at") {
			h.SaveEnds = &SaveEnds{Save: c.v.saveID(so), Difficulty: c.difficulty(so)}
			h.SaveEnds.At, _ = so.Enum("at", "", SaveEndsAt...)
		}
		if oo.Has("rounds") {
			oo.Addf("rounds", `a condition that a save ends ("saveEnds") lasts until the save is passed: it has no "rounds"`)
		}
	}
	return h, true
}

// saveID reads a "save" naming one of the ruleset's saves ("" when it
// names none, reported).
func (v *Validator) saveID(so validate.Obj) string {
	s, ok := so.Str("save", 64, true)
	if !ok {
		return ""
	}
	if !v.saves[s] {
		so.Addf("save", "no save %q in the ruleset; declared: %v%s", s, v.order["saves"], validate.DidYouMean(s, v.order["saves"]))
		return ""
	}
	return s
}

func (c attackCtx) difficulty(o validate.Obj) int {
	d, _ := o.Int("difficulty", 1, MaxDifficulty, 0)
	return d
}

// plusClauses reads up to three extra amounts on a hit.
func (c attackCtx) plusClauses(ao validate.Obj) []PlusClause {
	arr, ok := ao.Arr("plus", 1, MaxPlus)
	if !ok {
		return nil
	}
	return validate.ReadObjects(c.v.P, ao, "plus", arr, func(po validate.Obj) (PlusClause, bool) {
		return c.v.plusClause(po, "items.attack.plus", c.it, nil)
	})
}

// plusSectionKeys are the keys a plus clause, its save and its targetIs
// may have, by the vocabulary section of the block the clause sits in.
var plusSectionKeys = map[string][]string{
	"items.attack.plus":          vocab.Keys("items.attack.plus"),
	"items.attack.plus.save":     vocab.Keys("items.attack.plus.save"),
	"items.attack.plus.targetIs": vocab.Keys("items.attack.plus.targetIs"),
	"items.use.plus":             vocab.Keys("items.use.plus"),
	"items.use.plus.save":        vocab.Keys("items.use.plus.save"),
	"items.use.plus.targetIs":    vocab.Keys("items.use.plus.targetIs"),
}

// plusClause reads one plus clause { dice, flat, type, save, targetIs,
// when }. A weapon's and a use's clauses are written in the same words
// (items.md), so one reader serves both; u is nil for a weapon. What
// differs is the use's own: "critical" needs its attackRoll, and a
// clause's save may leave its difficulty to the use's saveDifficulty.
func (v *Validator) plusClause(po validate.Obj, section string, it *Item, u *Use) (PlusClause, bool) {
	po.Known(plusSectionKeys[section]...)
	var p PlusClause
	if !po.Has("dice") && !po.Has("flat") {
		po.Addf("", `a plus clause deals "dice", "flat" or both`)
		return p, false
	}
	if d, ok := po.Str("dice", 32, true); ok {
		if err := checkDice(d); err != nil {
			po.Addf("dice", "%v", err)
			return p, false
		}
		p.Dice = d
	}
	p.Flat, _ = po.Int("flat", -MaxAttackDamage, MaxAttackDamage, 0)
	if t, ok := po.Str("type", 64, true); ok {
		p.Type = v.knownDamageWord(po.Ptr("type"), t)
	}
	if so, ok := po.Object("save"); ok {
		p.Save = v.plusSave(so, section+".save", u)
	}
	if to, ok := po.Object("targetIs"); ok {
		p.TargetIs = v.targetIs(to, section+".targetIs")
	}
	p.When, _ = po.Enum("when", "", "critical", "toggled")
	switch {
	case p.When == "critical" && u != nil && !u.AttackRoll:
		po.Addf("when", `only a use with "attackRoll" can hit critically`)
	case p.When == "toggled" && it.Toggle == nil:
		po.Addf("when", `a clause dealt "when": "toggled" needs the item's on/off switch ("toggle")`)
	}
	return p, true
}

// plusSave reads a clause's own save and onSuccess (half or none). A
// weapon's clause states its difficulty; a use's names its save and,
// without a difficulty, is rolled against the use's saveDifficulty, which
// it then needs.
func (v *Validator) plusSave(so validate.Obj, section string, u *Use) *PlusSave {
	so.Known(plusSectionKeys[section]...)
	required := "difficulty"
	if u != nil {
		required = "save"
	}
	if !so.Require(required) {
		return nil
	}
	s := &PlusSave{}
	s.Difficulty, _ = so.Int("difficulty", 1, MaxDifficulty, 0)
	if so.Has("save") {
		if s.Save = v.saveID(so); s.Save == "" {
			return nil
		}
	}
	if u != nil && !so.Has("difficulty") && u.SaveDifficulty == 0 && u.SaveDifficultyStat == "" {
		so.Addf("", `a clause's save without its own "difficulty" is rolled against the use's "saveDifficulty", and this use has none`)
	}
	s.OnSuccess, _ = so.Enum("onSuccess", "half", "half", "none")
	return s
}

// targetIs reads { types, tags }: the creature types or tags a clause
// reaches, written as the bestiary writes them.
func (v *Validator) targetIs(to validate.Obj, section string) *TargetIs {
	to.Known(plusSectionKeys[section]...)
	if !to.Has("types") && !to.Has("tags") {
		to.Addf("", `targetIs names creature "types", "tags" or both`)
		return nil
	}
	t := &TargetIs{Types: v.Words(to, "types", 1, 16), Tags: v.Words(to, "tags", 1, 16)}
	if len(t.Types) == 0 && len(t.Tags) == 0 {
		return nil
	}
	return t
}

// sheetRef reads a value from the wielder's sheet (any read, items too).
func (c attackCtx) sheetRef(o validate.Obj, key, what string) *valueref.Ref {
	raw, ok := o.M[key]
	if !ok {
		return nil
	}
	ref, ok := c.v.ValueRef(o.Ptr(key), raw, valueref.AnyRead, what)
	if !ok {
		return nil
	}
	return &ref
}

// checkDice refuses what is not dice notation; the notation's own limits
// (dice.MaxDice dice, dice.MaxSides sides) bound a weapon's dice.
func checkDice(d string) error {
	_, err := dice.ParseNotation(d)
	return err
}

// num reads a number within [lo, hi], written or { "stat": id } naming
// one of the item's number stats. nil when it cannot be read.
func (c attackCtx) num(o validate.Obj, key string, lo, hi float64) *Num {
	raw := o.M[key]
	if m, isObj := raw.(map[string]any); isObj {
		id := c.statRef(validate.Obj{P: o.P, At: o.Ptr(key), M: m}, wantNumberStat)
		if id == "" {
			return nil
		}
		return &Num{Stat: id}
	}
	if _, isNum := raw.(json.Number); !isNum {
		o.Addf(key, `want a number from %s to %s or { "stat": id }, found %s`, fmtNum(lo), fmtNum(hi), validate.TypeName(raw))
		return nil
	}
	f, ok := o.Float(key, lo, hi, 0)
	if !ok {
		return nil
	}
	return &Num{Value: f}
}

// wordKind is what a Word holds, and so which stats may give it.
type wordKind int

const (
	wordDice wordKind = iota
	wordDamageType
	wordSkill
	wantNumberStat
	wantAbilityStat
)

// word reads dice, a damage type or a skill id, written or a stat.
func (c attackCtx) word(o validate.Obj, key string, kind wordKind) *Word {
	raw := o.M[key]
	if m, isObj := raw.(map[string]any); isObj {
		id := c.statRef(validate.Obj{P: o.P, At: o.Ptr(key), M: m}, kind)
		if id == "" {
			return nil
		}
		return &Word{Stat: id}
	}
	s, ok := raw.(string)
	if !ok || strings.TrimSpace(s) == "" || len(s) > 64 {
		o.Addf(key, `want a word of 1 to 64 characters or { "stat": id }, found %s`, validate.Describe(raw))
		return nil
	}
	switch kind {
	case wordDice:
		if err := checkDice(s); err != nil {
			o.Addf(key, "%v", err)
			return nil
		}
	case wordDamageType:
		if s = c.v.knownDamageWord(o.Ptr(key), s); s == "" {
			return nil
		}
	case wordSkill:
		if !c.v.skills[s] {
			o.Addf(key, "no skill %q; declared: %v%s", s, c.v.order["skills"], validate.DidYouMean(s, c.v.order["skills"]))
			return nil
		}
	}
	return &Word{Value: s}
}

// abilityIDs reads one or more ability ids, or an enum stat whose words
// are all ability ids.
func (c attackCtx) abilityIDs(o validate.Obj, key string) *IDs {
	raw := o.M[key]
	if m, isObj := raw.(map[string]any); isObj {
		id := c.statRef(validate.Obj{P: o.P, At: o.Ptr(key), M: m}, wantAbilityStat)
		if id == "" {
			return nil
		}
		return &IDs{Stat: id}
	}
	arr, ok := o.Arr(key, 1, 8)
	if !ok {
		return nil
	}
	l := &IDs{}
	for i, r := range arr {
		id, _ := r.(string)
		switch {
		case !c.v.abilities[id]:
			if !c.v.quiet("abilities") {
				c.v.P.Addf(o.Ptr(key, i), "no ability %s; declared: %v%s", validate.Describe(r), c.v.order["abilities"], validate.DidYouMean(id, c.v.order["abilities"]))
			}
		case slices.Contains(l.Values, id):
			c.v.P.Addf(o.Ptr(key, i), "ability %q is listed twice", id)
		default:
			l.Values = append(l.Values, id)
		}
	}
	if len(l.Values) == 0 {
		return nil
	}
	return l
}

// statRef reads { "stat": id } naming a stat that can give kind.
func (c attackCtx) statRef(so validate.Obj, kind wordKind) string {
	so.Known(vocab.Keys("items.stat")...)
	if !so.Require("stat") {
		return ""
	}
	id, ok := so.Str("stat", 64, true)
	if !ok || c.b == nil {
		return ""
	}
	sd := c.b.Stat(id)
	if sd == nil {
		if !c.b.unread["stats"] {
			so.Addf("stat", "no item stat %q in the items block; declared: %v%s", id, statIDs(c.b), validate.DidYouMean(id, statIDs(c.b)))
		}
		return ""
	}
	if why := c.statFits(sd, kind); why != "" {
		so.Addf("stat", "stat %q %s", id, why)
		return ""
	}
	return id
}

// statFits says why a stat cannot give a value of kind ("" when it can).
func (c attackCtx) statFits(sd *ItemStatDecl, kind wordKind) string {
	switch kind {
	case wantNumberStat:
		if sd.Type != "number" {
			return fmt.Sprintf("is %s stat; this reads a number stat", aType(sd.Type))
		}
	case wordDice:
		if sd.Type != "dice" {
			return fmt.Sprintf("is %s stat; this reads a dice stat", aType(sd.Type))
		}
	case wordDamageType:
		if sd.Type != "text" && sd.Type != "enum" {
			return fmt.Sprintf("is %s stat; a damage type reads a text or enum stat", aType(sd.Type))
		}
		if sd.Type == "enum" {
			return c.enumWords(sd, "a damage type of combat.damageTypes", func(w string) bool { _, ok := c.v.damageTypes().word(w); return ok })
		}
	case wordSkill:
		return c.enumWords(sd, "a skill id", func(w string) bool { return c.v.skills[w] })
	case wantAbilityStat:
		return c.enumWords(sd, "an ability id", func(w string) bool { return c.v.abilities[w] })
	}
	return ""
}

// aType is a stat type with its article: "a number", "an enum".
func aType(t string) string {
	if t != "" && strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}

// enumWords requires an enum stat whose every word is what is read.
func (c attackCtx) enumWords(sd *ItemStatDecl, what string, ok func(string) bool) string {
	if sd.Type != "enum" {
		return fmt.Sprintf("is %s stat; this reads an enum stat whose words are each %s", aType(sd.Type), what)
	}
	for _, w := range sd.Values {
		if !ok(w) {
			return fmt.Sprintf("has the word %q, which is not %s: every word of the stat must be one", w, what)
		}
	}
	return ""
}

// damageVocab is the declared damage vocabulary read from the raw
// combat block (nil: free text), for the item entries validated before it.
type damageVocab []string

func (d damageVocab) word(w string) (string, bool) {
	if d == nil {
		return w, true
	}
	for _, t := range d {
		if strings.EqualFold(t, w) {
			return t, true
		}
	}
	return "", false
}

func (v *Validator) damageTypes() damageVocab {
	c, _ := v.raw["combat"].(map[string]any)
	return damageVocab(effectrules.DeclaredDamageTypes(c))
}

// knownDamageWord checks a damage word against combat.damageTypes when
// declared and returns its declared spelling ("" when unknown, reported).
func (v *Validator) knownDamageWord(at, w string) string {
	d := v.damageTypes()
	if s, ok := d.word(w); ok {
		return s
	}
	v.P.Addf(at, "unknown damage type %q; combat.damageTypes declares: %v%s", w, []string(d), validate.DidYouMean(w, d))
	return ""
}

// ResolutionKind is the resolution's kind as written ("" before it).
func (v *Validator) ResolutionKind() string {
	if v.raw == nil {
		return ""
	}
	r, _ := v.raw["resolution"].(map[string]any)
	k, _ := r["kind"].(string)
	return k
}

// poolTargetFixed says why a weapon, a mode or a use cannot set a per-die
// target: the ruleset is not dice-pool, or its target cannot move ("" when
// it can).
func (v *Validator) poolTargetFixed() string {
	_, _, why := v.poolTargetRange()
	return why
}

// poolTargetRange is the min and max a dice-pool ruleset's per-die target
// moves within, read as written; why says why there are none ("" when
// there are).
func (v *Validator) poolTargetRange() (lo, hi int, why string) {
	if k := v.ResolutionKind(); k != "dice-pool" {
		return 0, 0, fmt.Sprintf("this ruleset is %q", k)
	}
	r, _ := v.raw["resolution"].(map[string]any)
	t, ok := r["target"].(map[string]any)
	if !ok {
		return 0, 0, "its resolution.target is fixed"
	}
	lo, okLo := jsonInt(t["min"])
	hi, okHi := jsonInt(t["max"])
	if !okLo || !okHi || lo >= hi {
		return 0, 0, "its resolution.target has no min below its max to move within"
	}
	return lo, hi, ""
}

// combatHas reports a key of the raw combat block.
func (v *Validator) combatHas(key string) bool {
	if v.raw == nil {
		return false
	}
	c, _ := v.raw["combat"].(map[string]any)
	_, ok := c[key]
	return ok
}

// StatsRead are the item stats the attack reads, each once, in the order
// the attack names them: what an invented weapon inherits from the one it
// fights like when its proposal left them out.
func (a *Attack) StatsRead() []string {
	if a == nil {
		return nil
	}
	var out []string
	add := func(id string) {
		if id != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	for _, w := range []*Word{a.ToHit.Skill, a.Damage.Dice, a.Damage.Type, a.Versatile} {
		if w != nil {
			add(w.Stat)
		}
	}
	for _, l := range []*IDs{a.ToHit.Abilities, a.Damage.Abilities} {
		if l != nil {
			add(l.Stat)
		}
	}
	nums := []*Num{a.ToHit.Bonus, a.ToHit.Target, a.Damage.Bonus, a.Reach, a.Floor}
	if a.Range != nil {
		nums = append(nums, a.Range.Normal, a.Range.Long)
	}
	if a.Clip != nil {
		nums = append(nums, &a.Clip.Max)
	}
	for _, n := range nums {
		if n != nil {
			add(n.Stat)
		}
	}
	return out
}
