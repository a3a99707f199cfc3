package fightrules

import (
	"fmt"
	"strings"

	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// CombatItems are the combat block's keys that items.md names for
// weapons and armor (spec/items.md "Weapons in a fight" and "Armor and
// worn-item effects in a fight"), typed: the budgets an attack, a reload
// or a second attack spends, the distance unit reach and range are
// written in, the off-hand rule and a pool fight's hardness. The rest of
// the combat block is a fight's (docs/fight.md).
type CombatItems struct {
	// Budgets are combat.economy.budgets, in the order written; nil when
	// the block declares none.
	Budgets []Budget
	// Distance is combat.distance; nil without it (no reach or range).
	Distance *Distance
	// OffHand is combat.offHand; nil without it (no off-hand weapon).
	OffHand *OffHandRule
	// Hardness is combat.pool.hardness, read from a combatant's sheet when
	// a fight starts (their armor's, through itemStat); nil without it.
	Hardness *valueref.Ref
}

// Budget is one budget of a turn's economy: an id, what the lines call
// it (`attack (Action)`) and how many times a fighter has it each round
// (docs/fight.md "Budgets and rounds"; 1 unless it says more).
type Budget struct {
	ID, Label string
	PerRound  int
}

// PerRound is how many times a fighter has the budget each round: 1
// for a budget the economy does not declare.
func (c *CombatItems) PerRound(id string) int {
	if c != nil {
		for _, b := range c.Budgets {
			if b.ID == id {
				return b.PerRound
			}
		}
	}
	return 1
}

// Distance is the unit reach and range are written in: Unit after a
// number ("paces"), One after exactly one ("pace"), and Cell, how many
// units one cell spans (a weapon with neither reach nor range reaches one).
type Distance struct {
	Unit string
	One  string
	Cell float64
}

// OffHandRule is what a second attack with an offHand weapon spends and
// whether its damage keeps a positive ability.
type OffHandRule struct {
	Budget string
	// Ability is "full" (the default) or "penalty-only": the damage
	// ability is added only when it takes something away.
	Ability string
	// FullWhen (1.97): above 0 on the fighter's sheet, the off hand keeps
	// the whole ability whatever Ability says.
	FullWhen *valueref.Ref
}

// Off-hand ability rules.
const (
	OffHandFull        = "full"
	OffHandPenaltyOnly = "penalty-only"
	MaxBudgets         = 8
)

// BudgetLabel is what the lines call a budget: its label, or its id
// with a capital (`Act`). "" for "".
func (c *CombatItems) BudgetLabel(id string) string {
	if c != nil {
		for _, b := range c.Budgets {
			if b.ID == id {
				return b.Label
			}
		}
	}
	return capitalize(id)
}

// Paces says n in the distance unit: "2 paces", "1 pace".
func (c *CombatItems) Paces(n float64) string {
	s := fmt.Sprintf("%g", n)
	if c == nil || c.Distance == nil {
		return s
	}
	if n == 1 && c.Distance.One != "" {
		return s + " " + c.Distance.One
	}
	return s + " " + c.Distance.Unit
}

func capitalize(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// CombatItems validates combat.economy, combat.distance, combat.offHand
// and combat.pool.hardness and returns their typed view.
func (v *Validator) CombatItems(root validate.Obj) *CombatItems {
	o, ok := root.Object("combat")
	if !ok {
		return nil
	}
	ci := &CombatItems{}
	if eo, ok := o.Object("economy"); ok {
		ci.Budgets = v.budgets(eo)
	}
	if do, ok := o.Object("distance"); ok {
		ci.Distance = distance(do)
	}
	if oo, ok := o.Object("offHand"); ok {
		ci.OffHand = v.offHandRule(oo, ci)
	}
	if po, ok := o.Object("pool"); ok {
		ci.Hardness = v.hardness(po)
	}
	return ci
}

// budgets reads economy.budgets: ids, or { id, label }, each once.
func (v *Validator) budgets(eo validate.Obj) []Budget {
	eo.Known(vocab.Keys("combat.economy")...)
	arr, ok := eo.Arr("budgets", 1, MaxBudgets)
	if !ok {
		return nil
	}
	var out []Budget
	for i, raw := range arr {
		b, ok := v.budgetEntry(eo.Ptr("budgets", i), raw)
		if !ok {
			continue
		}
		for _, have := range out {
			if have.ID == b.ID {
				v.P.Addf(eo.Ptr("budgets", i), "budget %q is listed twice", b.ID)
				ok = false
			}
		}
		if ok {
			out = append(out, b)
		}
	}
	return out
}

func (v *Validator) budgetEntry(at string, raw any) (Budget, bool) {
	if s, isStr := raw.(string); isStr {
		if s == "" || len(s) > 64 {
			v.P.Addf(at, "want a budget id of 1 to 64 characters, found %q", s)
			return Budget{}, false
		}
		return Budget{ID: s, Label: capitalize(s), PerRound: 1}, true
	}
	bo, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return Budget{}, false
	}
	bo.Known(vocab.Keys("combat.economy.budgets")...)
	if !bo.Require("id") {
		return Budget{}, false
	}
	var b Budget
	b.ID, ok = bo.Str("id", 64, true)
	if !ok {
		return b, false
	}
	b.Label, _ = bo.Str("label", 80, true)
	b.PerRound, _ = bo.Int("perRound", 1, 10, 1)
	if b.Label == "" {
		b.Label = capitalize(b.ID)
	}
	return b, true
}

// distance reads { unit, one, cell }.
func distance(do validate.Obj) *Distance {
	do.Known(vocab.Keys("combat.distance")...)
	if !do.Require("unit") {
		return nil
	}
	d := &Distance{}
	d.Unit, _ = do.Str("unit", 24, true)
	d.One, _ = do.Str("one", 24, true)
	d.Cell, _ = do.Float("cell", 0.01, itemrules.MaxDistance, 1)
	if d.Cell == 0 {
		d.Cell = 1
	}
	return d
}

// offHandRule reads { budget, ability, fullWhen }: budget one of the
// economy's budgets when it declares some.
func (v *Validator) offHandRule(oo validate.Obj, ci *CombatItems) *OffHandRule {
	oo.Known(vocab.Keys("combat.offHand")...)
	if !oo.Require("budget") {
		return nil
	}
	r := &OffHandRule{Ability: OffHandFull}
	r.Budget, _ = oo.Str("budget", 64, true)
	if ci.Budgets != nil && r.Budget != "" && !hasBudget(ci.Budgets, r.Budget) {
		ids := budgetIDs(ci.Budgets)
		oo.Addf("budget", "no budget %q in combat.economy.budgets; declared: %v%s", r.Budget, ids, validate.DidYouMean(r.Budget, ids))
	}
	r.Ability, _ = oo.Enum("ability", OffHandFull, OffHandFull, OffHandPenaltyOnly)
	if raw, ok := oo.M["fullWhen"]; ok {
		if ref, ok := v.ValueRef(oo.Ptr("fullWhen"), raw, valueref.AnyRead, "offHand.fullWhen"); ok {
			r.FullWhen = &ref
		}
	}
	return r
}

func hasBudget(list []Budget, id string) bool {
	for _, b := range list {
		if b.ID == id {
			return true
		}
	}
	return false
}

func budgetIDs(list []Budget) []string {
	out := make([]string, len(list))
	for i, b := range list {
		out[i] = b.ID
	}
	return out
}

// hardness reads combat.pool.hardness, a value read from a combatant's
// sheet when a fight starts: only a pool fight (dice-pool) has it. The
// rest of combat.pool is a fight's, so it is left open here.
func (v *Validator) hardness(po validate.Obj) *valueref.Ref {
	raw, ok := po.M["hardness"]
	if !ok {
		return nil
	}
	if k := v.ResolutionKind(); k != "dice-pool" {
		po.Addf("hardness", "hardness is a pool fight's (dice-pool); this ruleset is %q", k)
		return nil
	}
	ref, ok := v.ValueRef(po.Ptr("hardness"), raw, valueref.AnyRead, "combat.pool.hardness")
	if !ok {
		return nil
	}
	return &ref
}
