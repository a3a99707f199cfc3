package fight

import "github.com/rulehost/rulehost/engine/sheet"

// budget is one of combat.economy.budgets: its id and what lines call it.
type budget struct{ id, label string }

// budgets are the combat block's budgets, in the order written.
func (f *fight) budgets() []budget {
	c, _ := f.p.RS.Raw["combat"].(map[string]any)
	e, _ := c["economy"].(map[string]any)
	arr, _ := e["budgets"].([]any)
	var out []budget
	for _, raw := range arr {
		switch b := raw.(type) {
		case string:
			out = append(out, budget{id: b, label: capital(b)})
		case map[string]any:
			id, _ := b["id"].(string)
			label, _ := b["label"].(string)
			if label == "" {
				label = capital(id)
			}
			out = append(out, budget{id: id, label: label})
		}
	}
	return out
}

func capital(s string) string {
	if s == "" {
		return ""
	}
	return string(s[0]-32*b2i(s[0] >= 'a' && s[0] <= 'z')) + s[1:]
}

func b2i(b bool) byte {
	if b {
		return 1
	}
	return 0
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
	c, _ := f.p.RS.Raw["combat"].(map[string]any)
	o, ok := c["offHand"].(map[string]any)
	if !ok {
		return nil
	}
	r := &offRule{}
	r.budget, _ = o["budget"].(string)
	r.penaltyOnly = o["ability"] == "penalty-only"
	return r
}
