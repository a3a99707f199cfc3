package fight

import "github.com/rulehost/rulehost/engine/sheet"

// budget is one of combat.economy.budgets: its id and what lines call it.
type budget struct{ id, label string }

// budgets are the combat block's budgets, in the order written.
func (f *fight) budgets() []budget {
	var out []budget
	if ci := f.p.RS.CombatItems; ci != nil {
		for _, b := range ci.Budgets {
			out = append(out, budget{id: b.ID, label: b.Label})
		}
	}
	return out
}

// offRule is combat.offHand: the budget a second attack spends and
// whether its damage keeps a positive ability.
type offRule struct {
	budget      string
	penaltyOnly bool
	fullWhen    func(ch *sheet.Character) bool
}

// fullFor reports member i's off hand keeping the whole ability
// (fullWhen above 0 on their sheet).
func (r *offRule) fullFor(f *fight, i int) bool {
	return r.fullWhen != nil && r.fullWhen(f.p.Character(i))
}

// offHandRule is the combat block's offHand, nil without it.
func (f *fight) offHandRule() *offRule {
	ci := f.p.RS.CombatItems
	if ci == nil || ci.OffHand == nil {
		return nil
	}
	r := &offRule{budget: ci.OffHand.Budget, penaltyOnly: ci.OffHand.Ability == "penalty-only"}
	if ref := ci.OffHand.FullWhen; ref != nil {
		r.fullWhen = func(ch *sheet.Character) bool { return ch.Value(*ref) > 0 }
	}
	return r
}
