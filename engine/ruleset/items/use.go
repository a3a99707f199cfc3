package itemrules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Use is what using an item does (spec/items.md "Using items in a fight"
// and "Using items outside a fight"), in the words a catalog entry's
// mechanics uses, validated at import.
type Use struct {
	Kind       string // heal, attack, buff, debuff
	Budget     string
	Free       bool
	Amount     *UseAmount
	DamageType string
	Applies    []Applied
	Temporary  *UseAmount
	Targets    string // self, ally, enemy, any ("" when unsaid)
	Range      *float64
	AttackRoll bool
	// ToHit is what the attack roll adds (nil: nothing); only with
	// AttackRoll. It is a weapon's toHit, read by the same code, so its
	// values may come from the item's own stats as a weapon's do.
	ToHit *AttackToHit
	// Plus are up to three extra amounts on each target it reaches.
	Plus []UsePlus
	// Area is the area it covers (nil: it aims at its targets one by one);
	// TargetCount is how many it can be aimed at (1 when unsaid);
	// FriendlyFire lets an area reach the user's own side.
	Area         *UseArea
	TargetCount  int
	FriendlyFire bool
	// Zone is what it leaves behind, for Zone.Rounds (Capability API 1.174).
	Zone *UseZone
	Save *UseSave
	// SaveDifficulty is written directly (SaveDifficultyStat "") or read
	// from the item's numeric stat.
	SaveDifficulty     int
	SaveDifficultyStat string
	Consumes           bool
	// Charges is how many of the item's charges one use spends (0: none).
	Charges int
	Restore *Restore
	Gate    *Gate
}

// UsePlus is one extra amount on each target a use reaches: rolled,
// typed and resisted on its own, as a weapon's plus clause (the same
// type, so a fight resolves both alike). In a use, a clause's save
// without its own Difficulty is rolled against the use's saveDifficulty.
type UsePlus = PlusClause

// PlusSave is a plus clause's own save; OnSuccess is "half" or "none".
type PlusSave struct {
	Save       string
	Difficulty int
	OnSuccess  string
}

// UseArea is the area a use covers: a shape and its size in the combat
// block's distance unit.
type UseArea struct {
	Shape string // burst, cone, line
	Size  float64
}

// UseZone is what a use leaves behind on the board, for Rounds.
type UseZone struct {
	Rounds int
}

// UseAmount is dice and a flat number, either or both.
type UseAmount struct {
	Dice string
	Flat int
}

// Applied is a condition a use imposes, with its duration in rounds (0:
// until something removes it; out of a fight, always until removed).
type Applied struct {
	Condition string
	Rounds    int
}

// UseSave is the save a use calls for.
type UseSave struct {
	Save      string
	OnSuccess string // negates, half, none
}

// Restore gives back part of a live pool.
type Restore struct {
	Pool   string
	Amount UseAmount
}

// Gate is a check the user must pass before the item works.
type Gate struct {
	// Exactly one of Skill, Ability and Value names what is rolled.
	Skill, Ability string
	Value          *valueref.Ref
	// Difficulty is written directly (DifficultyStat "") or read from the
	// item's numeric stat; an item without that stat cannot be used.
	Difficulty     int
	DifficultyStat string
	Unless         *Unless
}

// Unless skips a gate when a sheet value is at least AtLeast.
type Unless struct {
	Value   valueref.Ref
	AtLeast float64
}

// ItemCharges is an item's own charges: how many it holds, what brings
// them back and whether it breaks when the last is spent.
type ItemCharges struct {
	// Max is written directly (MaxStat "") or read from a numeric stat.
	Max      int
	MaxStat  string
	Recharge *Recharge
	BreaksOn *BreaksOn
}

// Recharge is which rests bring charges back and how many (Full: all).
type Recharge struct {
	Rests  []string
	Full   bool
	Amount UseAmount
}

// BreaksOn: when the last charge is spent, a d Die at or below AtMost breaks it.
type BreaksOn struct {
	Die, AtMost int
}

// Use limits.
const (
	MaxCharges     = 100
	MaxApplies     = 8
	MaxDifficulty  = 100
	MaxTargetCount = 20
	MaxUsePlus     = 3
	// MaxRechargeRests is how many rests a recharge names: at most every
	// rest a ruleset declares (ruleset.MaxRests, which a test in
	// engine/ruleset keeps equal).
	MaxRechargeRests = 12
)

// UseAreaShapes are the shapes an area can take.
var UseAreaShapes = []string{"burst", "cone", "line"}

// useKeys are the keys a use may have; useRefused are a catalog entry's
// keys that a use pays for with itself and so may not have (with
// concentration, as the spec's refused list says).
var (
	useKeys    = vocab.Keys("items.use")
	useRefused = []string{"cost", "perCostStep", "check", "concentration", "reaction", "scales", "gives", "standard", "rider"}
	useKinds   = []string{"heal", "attack", "buff", "debuff"}
	useTargets = []string{"self", "ally", "enemy", "any"}
)

// ChargesMax is how many charges the item holds: written, or read from its
// stat and held to 100. 0 when the stat gives less than 1 (refused at
// import for a catalog item).
func (it *Item) ChargesMax() int {
	c := it.ChargeDef
	if c == nil {
		return 0
	}
	if c.MaxStat == "" {
		return c.Max
	}
	f, ok := it.Number(c.MaxStat)
	if !ok || f < 1 {
		return 0
	}
	return min(int(f), MaxCharges)
}

// GateDifficulty is the gate's difficulty, false when the item does not
// provide the stat it is read from (the item cannot be used).
func (it *Item) GateDifficulty() (int, bool) {
	g := it.UseDef.Gate
	if g.DifficultyStat == "" {
		return g.Difficulty, true
	}
	f, ok := it.Number(g.DifficultyStat)
	if !ok {
		return 0, false
	}
	return max(1, min(int(f), MaxDifficulty)), true
}

// itemUse validates an item's use, its charges and their links (the hook
// from item()). It keeps the typed forms on the item.
func (v *Validator) itemUse(io validate.Obj, it *Item) {
	if co, ok := io.Object("charges"); ok {
		it.ChargeDef = v.itemChargesDef(io, co, it)
	} else if n, ok := io.M["charges"].(json.Number); ok {
		if k, err := n.Int64(); err == nil && k >= 1 && k <= MaxCharges {
			it.ChargeDef = &ItemCharges{Max: int(k)}
		}
	}
	if uo, ok := io.Object("use"); ok {
		it.UseDef = v.use(uo, it)
	}
	v.useLinks(io, it)
	if tg := it.Toggle; tg != nil && tg.Budget != "" {
		if budgets := v.EconomyBudgets(); budgets != nil && !slices.Contains(budgets, tg.Budget) {
			io.Addf("toggle", "the switch's budget %q is not one of combat.economy.budgets: %v", tg.Budget, budgets)
		}
	}
}

// useLinks are the rules between the use and the charges: a use consumes
// or spends charges, never both; an item's charges are always spent by
// its use; a use cannot spend more than the item holds.
func (v *Validator) useLinks(io validate.Obj, it *Item) {
	u, c := it.UseDef, it.ChargeDef
	switch {
	case u == nil:
	case u.Consumes && u.Charges > 0:
		io.Addf("use", `a use consumes the item or spends its charges, never both: drop "consumes" or "charges"`)
	case u.Charges > 0 && !io.Has("charges"):
		io.Addf("use", `the use spends %d charges, and the item holds none: give the item "charges": { "max": N }`, u.Charges)
	case io.Has("charges") && u.Charges == 0:
		io.Addf("use", `an item's charges are always spent by its use: give the use "charges": N (how many one use spends)`)
	case c != nil && c.MaxStat == "" && c.Max > 0 && u.Charges > c.Max:
		io.Addf("use", "the use spends %d charges and the item holds at most %d: it could never be used", u.Charges, c.Max)
	}
}

// itemChargesDef reads { max, recharge, breaksOn } (its shape and max
// range are already reported by charges()): a max read from a stat that
// the item gives less than 1 is refused; above 100 it holds 100.
func (v *Validator) itemChargesDef(io, co validate.Obj, it *Item) *ItemCharges {
	c := &ItemCharges{}
	// charges() has reported the shape of max; only what it cannot know
	// (the stat's type and the item's value for it) is reported here.
	switch m := co.M["max"].(type) {
	case json.Number:
		if k, err := m.Int64(); err == nil && k >= 1 && k <= MaxCharges {
			c.Max = int(k)
		}
	case map[string]any:
		id, _ := m["stat"].(string)
		c.MaxStat = v.numberStat(co.Ptr("max", "stat"), id, "charges.max")
		if c.MaxStat != "" {
			if f, ok := it.Number(c.MaxStat); !ok || f < 1 {
				co.Addf("max", "the item gives stat %q %s; an item that holds charges holds at least 1", c.MaxStat, statGiven(it, c.MaxStat))
			}
		}
	}
	if ro, ok := co.Object("recharge"); ok {
		c.Recharge = v.recharge(ro)
	}
	if bo, ok := co.Object("breaksOn"); ok {
		bo.Known(vocab.Keys("items.charges.breaksOn")...)
		if bo.Require("die", "atMost") {
			b := &BreaksOn{}
			b.Die, _ = bo.Int("die", 2, 100, 20)
			b.AtMost, _ = bo.Int("atMost", 1, b.Die, 1)
			c.BreaksOn = b
		}
	}
	return c
}

func statGiven(it *Item, id string) string {
	if f, ok := it.Number(id); ok {
		return fmt.Sprintf("the value %g", f)
	}
	return "no value"
}

// recharge reads { rests, amount }: declared rests, and "max" or an amount.
func (v *Validator) recharge(ro validate.Obj) *Recharge {
	ro.Known(vocab.Keys("items.charges.recharge")...)
	if !ro.Require("rests", "amount") {
		return nil
	}
	r := &Recharge{}
	declared := v.restIDs()
	arr, _ := ro.Arr("rests", 1, MaxRechargeRests)
	for i, raw := range arr {
		id, _ := raw.(string)
		switch {
		case id == "":
			v.P.Addf(ro.Ptr("rests", i), "want a rest id (a string), found %s", validate.TypeName(raw))
		case !slices.Contains(declared, id):
			v.P.Addf(ro.Ptr("rests", i), `no rest %q in the ruleset's "rests"; declared: %v`, id, declared)
		default:
			r.Rests = append(r.Rests, id)
		}
	}
	if s, isStr := ro.M["amount"].(string); isStr {
		if s != "max" {
			ro.Addf("amount", `want "max" (fills the item) or an amount { "dice", "flat" }, found %q`, s)
		}
		r.Full = true
		return r
	}
	if a, ok := v.useAmount(ro, "amount"); ok {
		r.Amount = a
	}
	return r
}

// useAmount reads { dice, flat }: dice notation, a whole number, at least one.
func (v *Validator) useAmount(o validate.Obj, key string) (UseAmount, bool) {
	ao, ok := o.Object(key)
	if !ok {
		return UseAmount{}, false
	}
	ao.Known(vocab.Keys("items.amount")...)
	var a UseAmount
	if !ao.Has("dice") && !ao.Has("flat") {
		o.Addf(key, `an amount has "dice", "flat" or both`)
		return a, false
	}
	if d, ok := ao.Str("dice", 32, true); ok {
		if err := checkDice(d); err != nil {
			ao.Addf("dice", "%v", err)
			return a, false
		}
		a.Dice = d
	}
	a.Flat, _ = ao.Int("flat", -1000, 1000, 0)
	return a, true
}

// use validates a use block.
func (v *Validator) use(uo validate.Obj, it *Item) *Use {
	for _, k := range useRefused {
		if uo.Has(k) {
			uo.Addf(k, "a use pays with the item itself: %s belong to a catalog entry that a sheet holds and are refused in a use (%s)", quoteKey(k), strings.Join(useRefused, ", "))
		}
	}
	uo.Known(append(append([]string(nil), useKeys...), useRefused...)...)
	u := &Use{}
	if uo.Require("kind") {
		u.Kind, _ = uo.Enum("kind", "", useKinds...)
	}
	v.useBudget(uo, u)
	if uo.Has("amount") {
		if a, ok := v.useAmount(uo, "amount"); ok {
			u.Amount = &a
		}
	}
	if uo.Has("temporary") {
		if a, ok := v.useAmount(uo, "temporary"); ok {
			u.Temporary = &a
		}
	}
	u.DamageType = v.useDamageType(uo)
	u.Applies = v.applies(uo)
	u.Targets, _ = uo.Enum("targets", "", useTargets...)
	if uo.Has("range") {
		r, ok := uo.Float("range", 0, 1e6, 0)
		if ok {
			u.Range = &r
		}
	}
	u.Area = v.useArea(uo)
	v.useDistance(uo)
	u.Zone = v.useZone(uo)
	u.TargetCount, _ = uo.Int("targetCount", 1, MaxTargetCount, 1)
	u.FriendlyFire, _ = uo.Bool("friendlyFire", false)
	v.useTargeting(uo, u)
	u.AttackRoll, _ = uo.Bool("attackRoll", false)
	u.Consumes, _ = uo.Bool("consumes", false)
	u.Charges, _ = uo.Int("charges", 1, MaxCharges, 0)
	u.Save = v.useSave(uo)
	v.saveDifficulty(uo, u, it)
	u.Plus = v.usePlus(uo, u, it)
	u.Restore = v.restore(uo, u)
	v.useToHit(uo, u, it)
	if go_, ok := uo.Object("gate"); ok {
		u.Gate = v.gate(go_, it)
	}
	return u
}

func quoteKey(k string) string { return `"` + k + `"` }

// useBudget reads the budget it spends, or free: one of the two. A
// budget is one of combat.economy.budgets when the combat block declares
// them; without a fight to spend it in, any id is kept as written.
func (v *Validator) useBudget(uo validate.Obj, u *Use) {
	u.Budget, _ = uo.Str("budget", 64, true)
	u.Free, _ = uo.Bool("free", false)
	switch {
	case u.Budget != "" && u.Free:
		uo.Addf("free", `a use spends a "budget" or is "free", not both`)
	case u.Budget == "" && !u.Free && !uo.Has("budget"):
		uo.Addf("", `a use spends a "budget" or is "free": say which`)
	case u.Budget != "":
		if budgets := v.EconomyBudgets(); budgets != nil && !slices.Contains(budgets, u.Budget) {
			uo.Addf("budget", "no budget %q in combat.economy.budgets; declared: %v%s", u.Budget, budgets, validate.DidYouMean(u.Budget, budgets))
		}
	}
}

// EconomyBudgets are the combat block's budget ids, nil when it declares none.
func (v *Validator) EconomyBudgets() []string {
	c, _ := v.raw["combat"].(map[string]any)
	e, _ := c["economy"].(map[string]any)
	arr, ok := e["budgets"].([]any)
	if !ok {
		return nil
	}
	out := []string{}
	for _, raw := range arr {
		switch b := raw.(type) {
		case string:
			out = append(out, b)
		case map[string]any:
			if id, ok := b["id"].(string); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// useDamageType reads damageType: a word of combat.damageTypes when the
// combat block declares them, free text otherwise.
func (v *Validator) useDamageType(uo validate.Obj) string {
	d, ok := uo.Str("damageType", 64, true)
	if !ok {
		return ""
	}
	c, _ := v.raw["combat"].(map[string]any)
	if types, ok := c["damageTypes"].([]any); ok {
		for _, t := range types {
			if s, _ := t.(string); strings.EqualFold(s, d) {
				return s
			}
		}
		uo.Addf("damageType", "no damage type %q in combat.damageTypes", d)
		return ""
	}
	return d
}

// applies reads [{ condition, duration: { rounds } }]: declared conditions.
func (v *Validator) applies(uo validate.Obj) []Applied {
	arr, ok := uo.Arr("applies", 1, MaxApplies)
	if !ok {
		return nil
	}
	return validate.ReadObjects(v.P, uo, "applies", arr, v.applied)
}

// applied reads one { condition, duration }, refusing an undeclared
// condition.
func (v *Validator) applied(ao validate.Obj) (Applied, bool) {
	ao.Known(vocab.Keys("items.use.applies")...)
	if !ao.Require("condition") {
		return Applied{}, false
	}
	c, _ := ao.Str("condition", 64, true)
	if !v.conditions[c] {
		ao.Addf("condition", "no condition %q in the ruleset; declared: %v%s", c, v.order["conditions"], validate.DidYouMean(c, v.order["conditions"]))
		return Applied{}, false
	}
	a := Applied{Condition: c}
	if do, ok := ao.Object("duration"); ok {
		do.Known(vocab.Keys("items.use.duration")...)
		a.Rounds, _ = do.Int("rounds", 1, 100, 0)
	}
	return a, true
}

// useSave reads { save, onSuccess }: a declared save.
func (v *Validator) useSave(uo validate.Obj) *UseSave {
	so, ok := uo.Object("save")
	if !ok {
		return nil
	}
	so.Known(vocab.Keys("items.use.save")...)
	if !so.Require("save") {
		return nil
	}
	s := &UseSave{}
	s.Save, _ = so.Str("save", 64, true)
	if s.Save != "" && !v.saves[s.Save] {
		so.Addf("save", "no save %q in the ruleset; declared: %v%s", s.Save, v.order["saves"], validate.DidYouMean(s.Save, v.order["saves"]))
		return nil
	}
	s.OnSuccess, _ = so.Enum("onSuccess", "negates", "negates", "half", "none")
	return s
}

// saveDifficulty reads the number a save the use calls for is rolled
// against: written (1 to 100) or a numeric stat the item gives. A use
// with a save needs one, since an item has no source to read it from.
func (v *Validator) saveDifficulty(uo validate.Obj, u *Use, it *Item) {
	raw, has := uo.M["saveDifficulty"]
	if !has {
		if u.Save != nil {
			uo.Addf("save", `a use's save is rolled against its own "saveDifficulty" (a number or the item's numeric stat): an item has no source to read it from`)
		}
		return
	}
	if _, isNum := raw.(json.Number); isNum {
		u.SaveDifficulty, _ = uo.Int("saveDifficulty", 1, MaxDifficulty, 0)
		return
	}
	so, ok := uo.Object("saveDifficulty")
	if !ok {
		return
	}
	u.SaveDifficultyStat = v.itemNumberStat(so, "items.use.saveDifficulty", "saveDifficulty")
	if u.SaveDifficultyStat != "" {
		if _, given := it.Number(u.SaveDifficultyStat); !given {
			uo.Addf("saveDifficulty", "the item gives no value to stat %q, so its save has no difficulty", u.SaveDifficultyStat)
		}
	}
}

// itemNumberStat reads { "stat": id } naming one of the block's number
// stats; section is the vocabulary section of the object.
func (v *Validator) itemNumberStat(o validate.Obj, section, what string) string {
	const key = "stat"
	o.Known(vocab.Keys(section)...)
	if !o.Require(key) {
		return ""
	}
	id, _ := o.Str(key, 64, true)
	return v.numberStat(o.Ptr(key), id, what)
}

// numberStat checks that id names one of the block's number stats.
func (v *Validator) numberStat(at, id, what string) string {
	b := v.Vocab()
	if b == nil || id == "" {
		return ""
	}
	sd := b.Stat(id)
	switch {
	case sd == nil:
		v.P.Addf(at, "no item stat %q in the items block; declared: %v%s", id, statIDs(b), validate.DidYouMean(id, statIDs(b)))
	case sd.Type != "number":
		v.P.Addf(at, "%s reads a number stat, and %q is a %s stat", what, id, sd.Type)
	default:
		return id
	}
	return ""
}

// restore reads { pool, amount }: one of the live pools, never the health
// pool, in a use that helps (heal or buff).
func (v *Validator) restore(uo validate.Obj, u *Use) *Restore {
	ro, ok := uo.Object("restore")
	if !ok {
		return nil
	}
	ro.Known(vocab.Keys("items.use.restore")...)
	if !ro.Require("pool", "amount") {
		return nil
	}
	r := &Restore{}
	r.Pool, _ = ro.Str("pool", 64, true)
	switch {
	case r.Pool == "":
		return nil
	case !v.pools[r.Pool]:
		ro.Addf("pool", "no live pool %q; declared in live.pools: %v", r.Pool, v.order["pools"])
		return nil
	case v.core.HealthPool() == r.Pool:
		ro.Addf("pool", "%q is the health pool: health comes back with a heal, never a restore", r.Pool)
		return nil
	}
	if u.Kind != "" && u.Kind != "heal" && u.Kind != "buff" {
		uo.Addf("restore", `a restore sits in a use that helps: "kind" "heal" or "buff", not %q`, u.Kind)
	}
	a, ok := v.useAmount(ro, "amount")
	if !ok {
		return nil
	}
	r.Amount = a
	return r
}

// useToHit reads toHit as a weapon's (spec/items.md: "as a weapon's
// toHit defines it"), with the weapon's reader, so every shape a weapon's
// toHit takes a use's takes too, values read from the item's stats
// included. What is the use's own: only a use with attackRoll has it.
func (v *Validator) useToHit(uo validate.Obj, u *Use, it *Item) {
	to, ok := uo.Object("toHit")
	if !ok {
		return
	}
	if !u.AttackRoll {
		uo.Addf("toHit", `toHit is what a use with "attackRoll" adds to hit; this use makes no attack roll`)
	}
	th := attackCtx{v: v, it: it, b: v.Vocab()}.toHit(to, "a use's")
	u.ToHit = &th
}

// jsonInt reads a JSON number that is a whole number.
func jsonInt(raw any) (int, bool) {
	n, ok := raw.(json.Number)
	if !ok {
		return 0, false
	}
	k, err := n.Int64()
	if err != nil || k < -1e6 || k > 1e6 {
		return 0, false
	}
	return int(k), true
}

// useArea reads { shape, size }: burst, cone or line, its size in the
// combat block's distance unit.
func (v *Validator) useArea(uo validate.Obj) *UseArea {
	ao, ok := uo.Object("area")
	if !ok {
		return nil
	}
	ao.Known(vocab.Keys("items.use.area")...)
	if !ao.Require("shape", "size") {
		return nil
	}
	a := &UseArea{}
	var okShape, okSize bool
	a.Shape, okShape = ao.Enum("shape", "", UseAreaShapes...)
	a.Size, okSize = ao.Float("size", 0, 1e6, 0)
	if a.Size <= 0 && okSize {
		ao.Addf("size", "an area has a size above 0")
		return nil
	}
	if !okShape || !okSize {
		return nil
	}
	return a
}

// useDistance holds a range and an area to the combat block's distance
// unit, which they are written in and need (as a weapon's reach and
// range do).
func (v *Validator) useDistance(uo validate.Obj) {
	if v.combatHas("distance") {
		return
	}
	for _, k := range []string{"range", "area"} {
		if uo.Has(k) {
			uo.Addf(k, "a use's %s is in the combat block's distance unit: declare combat.distance { \"unit\": ... }", k)
		}
	}
}

// useZone reads { rounds }: how long what it leaves behind lasts.
func (v *Validator) useZone(uo validate.Obj) *UseZone {
	zo, ok := uo.Object("zone")
	if !ok {
		return nil
	}
	zo.Known(vocab.Keys("items.use.zone")...)
	if !zo.Require("rounds") {
		return nil
	}
	n, ok := zo.Int("rounds", 1, 100, 0)
	if !ok {
		return nil
	}
	return &UseZone{Rounds: n}
}

// useTargeting holds targets, targetCount, area and friendlyFire to each
// other: a use on oneself reaches one, several targets are aimed at one
// by one or covered by an area (not both), and friendly fire is an
// area's.
func (v *Validator) useTargeting(uo validate.Obj, u *Use) {
	switch {
	case u.Targets == "self" && u.TargetCount > 1:
		uo.Addf("targetCount", `a use on oneself ("targets": "self") reaches one target`)
	case u.Targets == "self" && u.Area != nil:
		uo.Addf("area", `a use on oneself ("targets": "self") covers no area`)
	case u.Area != nil && uo.Has("targetCount"):
		uo.Addf("targetCount", "an area reaches whoever is in it: a use has an area or a targetCount, not both")
	case u.FriendlyFire && u.Area == nil:
		uo.Addf("friendlyFire", "friendly fire is an area's: it lets the area reach the user's own side; this use has no area")
	}
}

// usePlus reads up to three plus clauses, each { dice, flat, type, save,
// targetIs, when }, as a weapon's: in a use that deals damage (an attack
// or a debuff).
func (v *Validator) usePlus(uo validate.Obj, u *Use, it *Item) []UsePlus {
	arr, ok := uo.Arr("plus", 1, MaxUsePlus)
	if !ok {
		return nil
	}
	if u.Kind == "heal" || u.Kind == "buff" {
		uo.Addf("plus", "a plus clause is extra damage, for a use that harms (%q or %q), not a %q", "attack", "debuff", u.Kind)
	}
	return validate.ReadObjects(v.P, uo, "plus", arr, func(po validate.Obj) (UsePlus, bool) {
		return v.plusClause(po, "items.use.plus", it, u)
	})
}

// gate reads { check, difficulty, unless }.
func (v *Validator) gate(g validate.Obj, it *Item) *Gate {
	g.Known(vocab.Keys("items.use.gate")...)
	if !g.Require("check", "difficulty") {
		return nil
	}
	gt := &Gate{}
	if co, ok := g.Object("check"); ok {
		v.gateCheck(co, gt)
	}
	switch raw := g.M["difficulty"].(type) {
	case json.Number:
		gt.Difficulty, _ = g.Int("difficulty", 1, MaxDifficulty, 1)
	case map[string]any:
		do, _ := g.Object("difficulty")
		// An item that does not give the stat stays usable in name only:
		// its use is refused, plainly, when someone tries it.
		gt.DifficultyStat = v.itemNumberStat(do, "items.use.gate.difficulty", "a gate's difficulty")
	default:
		g.Addf("difficulty", `want a number from 1 to 100 or { "stat": id }, found %s`, validate.TypeName(raw))
	}
	if uo, ok := g.Object("unless"); ok {
		uo.Known(vocab.Keys("items.use.gate.unless")...)
		if uo.Require("value", "atLeast") {
			ref, ok := v.ValueRef(uo.Ptr("value"), uo.M["value"], valueref.AnyRead, "a gate's unless")
			at, ok2 := uo.Float("atLeast", -1e9, 1e9, 0)
			if ok && ok2 {
				gt.Unless = &Unless{Value: ref, AtLeast: at}
			}
		}
	}
	return gt
}

// gateCheck reads what a gate rolls: { skill }, { ability } or { value }.
func (v *Validator) gateCheck(co validate.Obj, gt *Gate) {
	co.Known(vocab.Keys("items.use.gate.check")...)
	if len(co.M) != 1 {
		co.Addf("", `a gate's check names one thing: { "skill": id }, { "ability": id } or { "value": reference }`)
		return
	}
	switch {
	case co.Has("skill"):
		s, _ := co.Str("skill", 64, true)
		if !v.skills[s] {
			co.Addf("skill", "no skill %q; declared: %v%s", s, v.order["skills"], validate.DidYouMean(s, v.order["skills"]))
			return
		}
		gt.Skill = s
	case co.Has("ability"):
		a, _ := co.Str("ability", 64, true)
		if !v.abilities[a] {
			co.Addf("ability", "no ability %q; declared: %v%s", a, v.order["abilities"], validate.DidYouMean(a, v.order["abilities"]))
			return
		}
		gt.Ability = a
	case co.Has("value"):
		if ref, ok := v.ValueRef(co.Ptr("value"), co.M["value"], valueref.AnyRead, "a gate's check"); ok {
			gt.Value = &ref
		}
	}
}

// Words reads an array of min to max words of 1 to 64 characters: a
// creature's types and tags, and what a plus clause's targetIs names.
func (v *Validator) Words(o validate.Obj, key string, min, max int) []string {
	arr, ok := o.Arr(key, min, max)
	if !ok {
		return nil
	}
	var out []string
	for i, raw := range arr {
		s, ok := raw.(string)
		if !ok || strings.TrimSpace(s) == "" || len(s) > 64 {
			v.P.Addf(o.Ptr(key, i), "want a word of 1 to 64 characters, found %s", validate.Describe(raw))
			continue
		}
		out = append(out, s)
	}
	return out
}

// restIDs are the rests as written, read straight from the file: item
// entries (which name rests in charges.recharge) may be read before them.
func (v *Validator) restIDs() []string {
	arr, _ := v.raw["rests"].([]any)
	var out []string
	for _, raw := range arr {
		if r, ok := raw.(map[string]any); ok {
			if id, ok := r["id"].(string); ok && id != "" {
				out = append(out, id)
			}
		}
	}
	return out
}
