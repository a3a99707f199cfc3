// Package check answers a Game Master's [skill_check: ...] tag against a
// ruleset and a character: it finds what is rolled (skill, save or
// ability), picks the override that applies, gathers what conditions and
// items change, and hands the roll to the resolution kind, one kind per
// file. Every kind draws its dice only from Env.Dice, in the order its doc
// comment gives; that order is part of the golden records.
package check

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// Env is everything one check reads besides the tag.
type Env struct {
	RS   *ruleset.Ruleset
	Char *sheet.Character
	Dice dice.Stream
	// Effects gathers what conditions, levels and items do to this check;
	// nil means nothing does (outside a game). c is valid for the length
	// of the call only.
	Effects func(c *Check) Effects
	// Kinds resolves plugin kinds; native kinds are built in.
	Kinds map[string]Resolver
	// Deadline, when set, is when work beyond a roll must give up: a
	// plugin kind's walk of its throws for exact odds (engine/odds gives
	// it half of what its Options.Context leaves: a request's deadline, a --budget).
	Deadline time.Time

	// plan is the compiled plan of RS and Char (plan.go), kept while it
	// is valid for them: an Env used check after check (a server's
	// repeat, a benchmark, the session's member cache) plans each target
	// once.
	plan *Plan
}

// Plan returns the plan of env's ruleset and character, building a new
// one when there is none or the one kept was built for another ruleset,
// character or state of it. A new Env of a plain character (sheet.New)
// finds the plan another Env of the same ruleset and sheet built, while
// it lives (sharedPlan), so a host that makes an Env and a Character per
// request does not plan every check anew.
func (env *Env) Plan() *Plan {
	if !env.plan.valid(env.RS, env.Char) {
		env.plan = sharedPlan(env.RS, env.Char)
	}
	return env.plan
}

// Effects is what a check's conditions and items change, already summed
// for this check (see spec/items.md "Checks outside a fight").
type Effects struct {
	Flat         int             // added to a sum; dice added to a pool
	Dice         []dice.Notation // rolled and added (a sum) ...
	MinusDice    []dice.Notation // ... or subtracted
	Advantage    bool            // some source gives advantage
	Disadvantage bool            // some source gives disadvantage
	FailsSave    bool            // the save fails without a roll
	From         []string        // labels of what changed the check, in order
}

// Resolver rolls one resolution kind. It appends the kind's attributes to
// c.Rec; the common head (who, skill, with) is already there. c is valid
// for the length of the call only (Resolve reuses its storage).
type Resolver interface {
	Resolve(c *Check)
}

// ResolverFunc adapts a function.
type ResolverFunc func(c *Check)

// Resolve calls f.
func (f ResolverFunc) Resolve(c *Check) { f(c) }

var nativeResolvers = map[string]Resolver{
	"dice-sum":     ResolverFunc(resolveDiceSum),
	"dice-pool":    ResolverFunc(resolveDicePool),
	"dice-highest": ResolverFunc(resolveDiceHighest),
	"roll-against": ResolverFunc(resolveRollAgainst),
	"symbol-pool":  ResolverFunc(resolveSymbolPool),
}

// Target is what a check rolls.
type Target struct {
	Type    string // skill, save, ability
	ID      string
	Label   string
	Ability string // the ability rolled with (after with=)
	// With is the ability named by with= when it replaced (or, for an
	// ability check on a pool, was added to) the usual one; "" otherwise.
	With      string
	WithLabel string
}

// Check is one check in progress.
type Check struct {
	Env      *Env
	Tag      tag.Tag
	Res      *ruleset.Resolution // the ruleset's, or the override's
	Override *ruleset.Override
	Target   Target
	Effects  Effects
	Rec      record.Record
	// Debits are what the check paid from live pools (spend, charms).
	Debits map[string]int
	// ignored lists tag attributes the check did not use.
	ignored []string
	// verdict is what the check's faces decided (see Verdict).
	verdict Verdict
	// number, when set, is the sheet number itself (value.go).
	number *int
	// keys is where the tag gives each attribute the native kinds read
	// (tagkeys.go); a Check a host built itself is indexed by the first
	// exported method that reads its tag (Check.index).
	keys keyIndex
	// planned is the target's plan when the check follows one (plan.go):
	// its sheet number stands for SheetNumber's lookups.
	planned *Planned
	// scratch is the storage the record and the faces are built in, so
	// a check allocates at most twice (scratch.go); nil in a Check a host
	// built itself, which then allocates as it goes.
	scratch *scratch
}

// Result is the answer to a check tag.
type Result struct {
	Record record.Record
	Debits map[string]int
}

// Resolve answers a skill_check tag. The record is the caller's to keep:
// a check allocates its working state with the record's storage, and one
// string for the texts of its values (scratch.go). A caller that answers
// check after check and prints each record at once can reuse the storage
// with a Checker instead.
func Resolve(env *Env, t tag.Tag) Result {
	st := stores.Get().(*store)
	res := st.resolve(env, t)
	res.Record.Attrs = slices.Clone(res.Record.Attrs)
	st.release()
	stores.Put(st)
	return res
}

// stores are the storage Resolve works in, kept between calls: each
// record leaves with a copy of its attribute list (its values are strings
// of their own already, see scratch), so the storage itself is never
// handed out. A Check is handed to Env.Effects and to a plugin kind's
// resolver only for the length of the call, as Resolver says.
var stores = sync.Pool{New: func() any { return new(store) }}

// release drops what the last check referred to, so storage kept in the
// pool holds nothing of it alive.
func (st *store) release() {
	st.c = Check{}
	clear(st.s.attrs[:])
}

// resolve answers a skill_check tag in st's storage.
func (st *store) resolve(env *Env, t tag.Tag) Result {
	c, refusal, ok := st.prepare(env, t)
	if !ok {
		return Result{Record: refusal}
	}
	var r Resolver
	if c.planned != nil && c.planned.native != nil {
		r, ok = c.planned.native, true
	} else if r, ok = nativeResolvers[c.Res.Kind]; !ok {
		r, ok = env.Kinds[c.Res.Kind]
	}
	if !ok {
		return Result{Record: record.Refused("skill_check", "unknown-kind", "kind", c.Res.Kind)}
	}
	c.ignoreUnreadBy(c.Res.Kind)
	r.Resolve(c)
	if c.Rec.Name == "check" {
		c.noteIgnored()
	}
	c.finish()
	return Result{Record: c.Rec, Debits: c.Debits}
}

// prepare reads what every kind shares before its own resolution: the
// target, the override, with= and the effects, and starts the record.
// Resolve and Odds both begin here. ok is false with the refusal when the
// tag names nothing the ruleset knows.
func prepare(env *Env, t tag.Tag) (c *Check, refusal record.Record, ok bool) {
	return new(store).prepare(env, t)
}

// prepare is prepare in st's storage.
func (st *store) prepare(env *Env, t tag.Tag) (c *Check, refusal record.Record, ok bool) {
	c = &st.c
	// Zeroed, then set field by field: a composite literal would be built
	// aside and copied over, and the Check is large.
	*c = Check{}
	c.Env, c.Tag, c.Res, c.scratch = env, t, env.RS.Resolution, &st.s
	c.keys.indexKeys(t)
	st.s.reset()
	if refusal, ok := c.findTarget(); !ok {
		return nil, refusal, false
	}
	c.newRecord("check")
	c.Rec.Add("who", env.Char.Name())
	c.Rec.Add(c.Target.Type, c.Target.Label)
	if c.planned != nil {
		c.Res, c.Override = c.planned.Res, c.planned.Override
	} else {
		c.pickOverride()
	}
	if c.Override != nil {
		c.Rec.Add("override", c.Override.Label)
	}
	if c.Target.Type == "ability" && c.Target.With != "" && c.Res.Kind != "dice-pool" {
		// with= on an ability check adds a second ability only on a pool
		// with abilityPlusAbility (which dice-pool decides itself); every
		// other kind rolls the one ability, so the record must not claim
		// with= was used (spec: "with= only if the ability was replaced or
		// added"; docs/tags.md: "only for a pool").
		c.ignore("with")
		c.Target.With, c.Target.WithLabel = "", ""
	}
	if c.Target.With != "" {
		c.Rec.Add("with", c.Target.WithLabel)
	}
	if env.Effects != nil {
		c.Effects = env.Effects(c)
	}
	return c, record.Record{}, true
}

// planTargetOf finds the target the tag names through env's plan and
// sets c.Target and c.planned; found is false when the plan cannot tell
// (see planList.find) and the caller searches the ruleset itself.
func (c *Check) planTargetOf(typ int, name string) (found, known bool) {
	p := c.Env.Plan()
	i, exact := p.lists[typ].find(name)
	if !exact {
		return false, false
	}
	if i < 0 {
		return false, true
	}
	rs := c.Env.RS
	switch typ {
	case targetSkill:
		s := &rs.Skills[i]
		c.Target = Target{Type: "skill", ID: s.ID, Label: s.Label, Ability: s.Ability}
	case targetSave:
		s := &rs.Saves[i]
		c.Target = Target{Type: "save", ID: s.ID, Label: s.Label, Ability: s.Ability}
	default:
		a := &rs.Abilities[i]
		c.Target = Target{Type: "ability", ID: a.ID, Label: a.Label, Ability: a.ID}
	}
	c.planned = p.planned(typ, i, c)
	return true, true
}

// findTarget reads skill=, save= or ability= (by id or label, any case)
// and with=.
func (c *Check) findTarget() (record.Record, bool) {
	rs := c.Env.RS
	if c.severalTargets() {
		given := c.targetsGiven()
		return record.Refused("skill_check", "several-targets", "note",
			"a check rolls exactly one of skill=, save= or ability=; this tag gives "+strings.Join(given, " and ")+": write one tag per check"), false
	}
	switch {
	case c.has(keySkill):
		name := c.value(keySkill)
		if found, known := c.planTargetOf(targetSkill, name); found {
			break
		} else if known {
			return record.Refused("skill_check", "unknown-skill", "skill", name, "note", unknownNote("skill", name, skillNames(rs.Skills))), false
		}
		s := findSkill(rs.Skills, name)
		if s == nil {
			return record.Refused("skill_check", "unknown-skill", "skill", name, "note", unknownNote("skill", name, skillNames(rs.Skills))), false
		}
		c.Target = Target{Type: "skill", ID: s.ID, Label: s.Label, Ability: s.Ability}
	case c.has(keySave):
		name := c.value(keySave)
		if found, known := c.planTargetOf(targetSave, name); found {
			break
		} else if known {
			return record.Refused("skill_check", "unknown-save", "save", name, "note", unknownNote("save", name, skillNames(rs.Saves))), false
		}
		s := findSkill(rs.Saves, name)
		if s == nil {
			return record.Refused("skill_check", "unknown-save", "save", name, "note", unknownNote("save", name, skillNames(rs.Saves))), false
		}
		c.Target = Target{Type: "save", ID: s.ID, Label: s.Label, Ability: s.Ability}
	case c.has(keyAbility):
		name := c.value(keyAbility)
		if found, known := c.planTargetOf(targetAbility, name); found {
			break
		} else if known {
			return record.Refused("skill_check", "unknown-ability", "ability", name, "note", unknownNote("ability", name, abilityNames(rs))), false
		}
		a := findAbility(rs, name)
		if a == nil {
			return record.Refused("skill_check", "unknown-ability", "ability", name, "note", unknownNote("ability", name, abilityNames(rs))), false
		}
		c.Target = Target{Type: "ability", ID: a.ID, Label: a.Label, Ability: a.ID}
	default:
		return record.Refused("skill_check", "no-target", "note", "name what is rolled: skill=, save= or ability="+c.targetTypo()), false
	}
	if w, ok := c.get(keyWith); ok {
		// with= may change the ability and so the sheet number: the
		// check reads the sheet itself (the override does not depend on
		// the ability and stays planned).
		if c.planned != nil {
			c.Res, c.Override = c.planned.Res, c.planned.Override
			c.planned = &Planned{Target: c.planned.Target, Res: c.Res, Override: c.Override, native: c.planned.native, reads: c.planned.reads, diceText: c.planned.diceText, Number: noNumber}
		}
		a := findAbility(rs, w)
		switch {
		case a == nil:
			c.ignore("with")
		case c.Target.Type == "ability":
			// Only a pool with abilityPlusAbility adds a second ability;
			// the pool kind reads Target.With itself.
			if a.ID != c.Target.Ability {
				c.Target.With, c.Target.WithLabel = a.ID, a.Label
			} else {
				c.ignore("with")
			}
		case a.ID != c.Target.Ability:
			c.Target.Ability = a.ID
			c.Target.With, c.Target.WithLabel = a.ID, a.Label
		}
	}
	return record.Record{}, true
}

// severalTargets reports whether the tag gives more than one of skill=,
// save= and ability= (without building the list targetsGiven makes for
// the refusal: this runs on every check).
func (c *Check) severalTargets() bool {
	if c.keys.ok { // the slots given, at once
		const targets = 1<<keySkill | 1<<keySave | 1<<keyAbility
		return bits.OnesCount32(c.keys.given&targets) > 1
	}
	n := 0
	for _, k := range [...]tagKey{keySkill, keySave, keyAbility} {
		if c.has(k) {
			n++
		}
	}
	return n > 1
}

// targetsGiven lists which of skill=, save= and ability= the tag gives.
func (c *Check) targetsGiven() []string {
	var given []string
	for _, k := range []tagKey{keySkill, keySave, keyAbility} {
		if c.has(k) {
			given = append(given, k.name()+"=")
		}
	}
	return given
}

func (c *Check) pickOverride() {
	t := c.Target
	var skill, save, ability string
	switch t.Type {
	case "skill":
		skill = t.ID
	case "save":
		save = t.ID
	case "ability":
		ability = t.ID
	}
	ov := c.Env.RS.Resolution.OverrideFor(skill, save, ability, c.Env.Char.Value)
	if ov != nil && ov.Resolution != nil {
		c.Override = ov
		c.Res = ov.Resolution
	}
}

func findSkill(list []ruleset.Skill, name string) *ruleset.Skill {
	for i := range list {
		if strings.EqualFold(list[i].ID, name) || strings.EqualFold(list[i].Label, name) {
			return &list[i]
		}
	}
	return nil
}

func findAbility(rs *ruleset.Ruleset, name string) *ruleset.Ability {
	for i := range rs.Abilities {
		if strings.EqualFold(rs.Abilities[i].ID, name) || strings.EqualFold(rs.Abilities[i].Label, name) {
			return &rs.Abilities[i]
		}
	}
	return nil
}

// Int reads an integer tag attribute. A missing or unreadable value is
// (0, false); an unreadable one is noted as ignored. A leading + is allowed.
func (c *Check) Int(key string) (int, bool) {
	c.index()
	if slot := keySlot(key); slot >= 0 {
		return c.intK(tagKey(slot))
	}
	v, ok := c.Tag.Get(key)
	if !ok {
		return 0, false
	}
	return c.readInt(key, v)
}

// intK is Int for a key the native kinds read. (It tries smallInt itself
// rather than through readInt: a pool check reads five numbers, and a
// call less for each shows.)
func (c *Check) intK(k tagKey) (int, bool) {
	v, ok := c.get(k)
	if !ok {
		return 0, false
	}
	if n, ok := smallInt(v); ok {
		return n, true
	}
	return c.readOtherInt(k.name(), v)
}

// readInt reads the value v of key as Int does.
func (c *Check) readInt(key, v string) (int, bool) {
	if n, ok := smallInt(v); ok {
		return n, true
	}
	return c.readOtherInt(key, v)
}

// readOtherInt is readInt for a value smallInt does not read.
func (c *Check) readOtherInt(key, v string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(v), "+"))
	if err != nil {
		c.ignore(key)
		return 0, false
	}
	return n, true
}

// smallInt reads what tags nearly always give (dc="15", bonus="+2",
// "-1": an optional sign and one to four digits) without the trimming and
// strconv.Atoi of readInt, which a check pays once per number it reads.
// It reads such a text exactly as readInt does; ok is false for anything
// else, which readInt then reads the general way.
func smallInt(v string) (int, bool) {
	neg := false
	if len(v) > 1 && (v[0] == '+' || v[0] == '-') {
		neg = v[0] == '-'
		v = v[1:]
	}
	if len(v) == 0 || len(v) > 4 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(v); i++ {
		d := v[i] - '0'
		if d > 9 {
			return 0, false
		}
		n = n*10 + int(d)
	}
	if neg {
		n = -n
	}
	return n, true
}

// offeredInt reads an optional integer tag attribute that the ruleset
// may not offer (bonus= without situationalDice, dark= without dark dice):
// offered, the value is kept within lo..hi; not offered, the attribute is
// listed in ignored= so the GM sees it changed nothing. ok is false when
// the tag gives no readable value (Int has noted an unreadable one) or the
// ruleset does not offer it.
func (c *Check) offeredInt(key tagKey, offered bool, lo, hi int) (int, bool) {
	n, ok := c.intK(key)
	if !ok {
		return 0, false
	}
	if !offered {
		c.ignore(key.name())
		return 0, false
	}
	return Clamp(n, lo, hi), true
}

// rangedInt is offeredInt for an attribute a ruleset Range bounds, nil
// meaning not offered.
func (c *Check) rangedInt(key tagKey, r *ruleset.Range) (int, bool) {
	if r == nil {
		return c.offeredInt(key, false, 0, 0)
	}
	return c.offeredInt(key, true, r.Min, r.Max)
}

// offeredCount reads an optional count of dice or upgrades the ruleset may
// not offer. A negative count cannot be thrown and is ignored like one the
// ruleset does not offer, rather than read as zero; the caller caps a
// valid one itself, since each cap depends on the dice already there.
func (c *Check) offeredCount(key tagKey, offered bool) (int, bool) {
	n, ok := c.intK(key)
	if !ok {
		return 0, false
	}
	if !offered || n < 0 {
		c.ignore(key.name())
		return 0, false
	}
	return n, true
}

// ignoreGiven lists key in ignored= when the tag gives it: for attributes
// a kind never reads (mode= on a kind without advantage).
func (c *Check) ignoreGiven(key tagKey) {
	if c.has(key) {
		c.ignore(key.name())
	}
}

// Clamp brings n into [lo, hi].
func Clamp(n, lo, hi int) int {
	if n < lo {
		return lo
	}
	if n > hi {
		return hi
	}
	return n
}

func (c *Check) ignore(key string) {
	for _, k := range c.ignored {
		if k == key {
			return
		}
	}
	c.ignored = append(c.ignored, key)
}

// Ignore notes a tag attribute the check did not use (not offered by the
// ruleset, or unreadable). The record lists them in ignored=.
func (c *Check) Ignore(key string) { c.ignore(key) }

// Ignored lists the tag attributes noted so far as unused, in order (a
// host that resolved the check elsewhere copies them back with Ignore).
func (c *Check) Ignored() []string { return append([]string(nil), c.ignored...) }

func (c *Check) noteIgnored() {
	if len(c.ignored) > 0 {
		c.Rec.Add("ignored", strings.Join(c.ignored, ","))
	}
}

// Debit records a payment from a live pool.
func (c *Check) Debit(pool string, n int) {
	if n <= 0 {
		return
	}
	if c.Debits == nil {
		c.Debits = map[string]int{}
	}
	c.Debits[pool] += n
}

// SheetNumber is the number the sheet gives this check before effects:
// for a summed check the ability modifier plus the tier bonus plus the
// per-skill bonus plus adjustments; pools read it as a dice count.
func (c *Check) SheetNumber() int {
	if c.planned != nil && c.planned.Number != noNumber {
		return c.planned.Number
	}
	return c.sheetNumber()
}

// noNumber marks a Planned whose sheet number the check reads itself
// (with= changed the ability).
const noNumber = -1 << 62

// sheetNumber is SheetNumber read from the sheet.
func (c *Check) sheetNumber() int {
	if c.number != nil {
		return *c.number + c.Adjustments()
	}
	ch := c.Env.Char
	n := ch.AbilityMod(c.Target.Ability)
	if c.Target.Type != "ability" {
		tr := ch.Training(c.Target.ID, c.Target.Type == "save")
		n += ch.TierBonus(tr.Tier) + tr.Bonus
	}
	return n + c.Adjustments()
}

// Adjustments sums resolution.adjust and subtracts penaltyFrom.
func (c *Check) Adjustments() int {
	n := 0
	for _, a := range c.Res.Adjust {
		if len(a.Skills) > 0 || len(a.Saves) > 0 {
			if !(c.Target.Type == "skill" && contains(a.Skills, c.Target.ID)) &&
				!(c.Target.Type == "save" && contains(a.Saves, c.Target.ID)) {
				continue
			}
		}
		n += floor(c.Env.Char.Value(a.Value))
	}
	if c.Res.PenaltyFrom != nil {
		n -= floor(c.Env.Char.Value(*c.Res.PenaltyFrom))
	}
	return n
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func floor(f float64) int {
	i := int(f)
	if float64(i) > f {
		i--
	}
	return i
}

// Mode combines the GM's mode= with effects: advantage and disadvantage
// from every source cancel out. It returns +1, -1 or 0.
func (c *Check) Mode() int {
	c.index()
	adv, dis := c.Effects.Advantage, c.Effects.Disadvantage
	switch lowerMode(c.value(keyMode)) {
	case "advantage":
		adv = true
	case "disadvantage":
		dis = true
	case "":
	default:
		c.ignore("mode")
	}
	switch {
	case adv && !dis:
		return 1
	case dis && !adv:
		return -1
	}
	return 0
}

// addEffects writes effects="..." when conditions and items changed the
// number, and from="..." whenever something changed the check: a source
// that only gave advantage or disadvantage is named without effects="0",
// which would read as a change of nothing.
func (c *Check) addEffects(n int) {
	if len(c.Effects.From) == 0 {
		return
	}
	if n != 0 {
		c.addSigned("effects", n)
	}
	c.Rec.Add("from", strings.Join(c.Effects.From, ", "))
}

// lowerMode is strings.ToLower of a mode= value, without scanning it
// twice when it is already one of the words the check knows.
func lowerMode(v string) string {
	switch v {
	case "advantage", "disadvantage", "":
		return v
	}
	return strings.ToLower(v)
}

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
