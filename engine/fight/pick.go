package fight

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
	"github.com/rulehost/rulehost/engine/tag"
)

// OffHandSuffix names an off-hand attack in the menu and the log.
const OffHandSuffix = ", off hand"

// pickArm reads what w attacks with: a creature's row (attack= or
// weapon=, its first row without either), or a weapon the member wields
// now (weapon=, the only one without it), its off-hand attack with
// hand="off".
func (f *fight) pickArm(w who, t tag.Tag) (*arm, record.Record, bool) {
	name := strings.TrimSpace(t.Value("weapon"))
	if name == "" {
		name = strings.TrimSpace(t.Value("attack"))
	}
	if w.IsFoe() {
		c := f.creature(w.Foe)
		for _, row := range c.Attacks {
			if name == "" || eqFold(row.ID, name) || eqFold(row.Label, name) {
				return creatureArm(row), record.Record{}, true
			}
		}
		return nil, record.Refused("fight", NoWeapon, "op", "attack", "who", f.name(w), "weapon", name, "note", f.name(w)+" attacks with: "+rowNames(c.Attacks)), false
	}
	off := strings.EqualFold(strings.TrimSpace(t.Value("hand")), "off") || strings.HasSuffix(strings.ToLower(name), OffHandSuffix)
	name = strings.TrimSuffix(strings.TrimSuffix(name, OffHandSuffix), strings.TrimSpace(OffHandSuffix))
	arms := f.memberArms(w.Member)
	var found *arm
	from := f.st.Members[w.Member].OffHandFrom
	for _, a := range arms {
		if off && a.Stack+1 == from {
			continue // the off hand is another weapon than the one that attacked
		}
		if name == "" && len(arms) == 1 || name != "" && (eqFold(a.Label, name) || eqFold(a.ItemLabel, name)) {
			found = a
			break
		}
	}
	if found == nil {
		return nil, record.Refused("fight", NoWeapon, "op", "attack", "who", f.name(w), "weapon", name, "note", f.wieldsText(w.Member, arms)), false
	}
	if off {
		return f.offHand(w, found)
	}
	return found, record.Record{}, true
}

// offHand makes a's second attack: offered after the wielder attacked
// this round with another weapon marked offHand, once a round, a single
// strike with the combat block's offHand budget and ability rule.
func (f *fight) offHand(w who, a *arm) (*arm, record.Record, bool) {
	fr := f.st.Members[w.Member]
	rule := f.offHandRule()
	switch {
	case !a.OffHand || rule == nil:
		return nil, record.Refused("fight", NotOffered, "op", "attack", "who", f.name(w), "weapon", a.Label+OffHandSuffix, "note", a.Label+" is not a weapon for the off hand"), false
	case fr.OffHandFrom == 0 || fr.OffHandFrom == a.Stack+1:
		return nil, record.Refused("fight", NotOffered, "op", "attack", "who", f.name(w), "weapon", a.Label+OffHandSuffix, "note", "an off-hand attack follows an attack this round with another weapon for the off hand"), false
	case fr.OffHandDone:
		return nil, record.Refused("fight", NotOffered, "op", "attack", "who", f.name(w), "weapon", a.Label+OffHandSuffix, "note", "the off hand has attacked this round"), false
	}
	o := *a
	o.Label = a.Label + OffHandSuffix
	o.Budget = rule.budget
	o.Modes = nil
	o.offHandStrike = true
	if rule.penaltyOnly && !rule.fullFor(f, w.Member) && a.Ability > 0 {
		o.Add -= a.Ability
	}
	return &o, record.Record{}, true
}

// pickMode reads mode=: one of the arm's modes, offered only with shots
// for it; none without mode= (an off-hand attack is made as it is).
func (f *fight) pickMode(w who, a *arm, t tag.Tag) (*mode, record.Record, bool) {
	name := strings.TrimSpace(t.Value("mode"))
	if name == "" || a.offHandStrike {
		return nil, record.Record{}, true
	}
	md, ok := a.mode(name)
	if !ok {
		ids := make([]string, len(a.Modes))
		for i, m := range a.Modes {
			ids[i] = m.ID
		}
		note := a.Label + " has no other ways of attacking"
		if len(ids) > 0 {
			note = a.Label + "'s modes: " + strings.Join(ids, ", ")
		}
		return nil, record.Refused("fight", UnknownMode, "op", "attack", "who", f.name(w), "mode", name, "note", note), false
	}
	return md, record.Record{}, true
}

// pickTargets reads target=: comma-separated fighters of the other side
// who still stand, at most the mode's targets (one without a mode); the
// only foe standing without target=.
func (f *fight) pickTargets(w who, a *arm, md *mode, t tag.Tag) ([]who, record.Record, bool) {
	limit := 1
	if md != nil && md.Targets > 1 {
		limit = md.Targets
	}
	var out []who
	raw := strings.TrimSpace(t.Value("target"))
	if raw == "" {
		if tg, ok := f.onlyOther(w); ok {
			return []who{tg}, record.Record{}, true
		}
		return nil, record.Refused("fight", BadTarget, "op", "attack", "who", f.name(w), "note", "name the target: target=\""+f.otherNames(w)+"\""), false
	}
	for _, n := range strings.Split(raw, ",") {
		tg, ok := f.find(n)
		switch {
		case !ok || tg.IsFoe() == w.IsFoe():
			return nil, record.Refused("fight", BadTarget, "op", "attack", "foe", strings.TrimSpace(n), "note", "the other side: "+f.otherNames(w)), false
		case f.down(tg):
			return nil, record.Refused("fight", BadTarget, "op", "attack", "foe", f.name(tg), "note", f.name(tg)+" is down"), false
		}
		for _, have := range out {
			if have == tg {
				return nil, record.Refused("fight", BadTarget, "op", "attack", "foe", f.name(tg), "note", "each target once"), false
			}
		}
		out = append(out, tg)
	}
	if len(out) > limit {
		return nil, record.Refused("fight", BadTarget, "op", "attack", "foe", raw, "note",
			fmt.Sprintf("%s aims at %s", a.Label, plural(limit, "target", "targets"))), false
	}
	return out, record.Record{}, true
}

// onlyOther is the only fighter of the other side still standing.
func (f *fight) onlyOther(w who) (who, bool) {
	var found []who
	if w.IsFoe() {
		for i := range f.p.Members {
			if !f.down(memberWho(i)) {
				found = append(found, memberWho(i))
			}
		}
	} else {
		for i := range f.st.Foes {
			if !f.down(foeWho(i)) {
				found = append(found, foeWho(i))
			}
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return who{}, false
}

func (f *fight) otherNames(w who) string {
	var names []string
	if w.IsFoe() {
		for i, m := range f.p.Members {
			if !f.down(memberWho(i)) {
				names = append(names, m.Name)
			}
		}
	} else {
		for i, fo := range f.st.Foes {
			if !f.down(foeWho(i)) {
				names = append(names, fo.Name)
			}
		}
	}
	return strings.Join(names, ", ")
}

// spent is w's budget map.
func (f *fight) spent(w who) map[string]int {
	if w.IsFoe() {
		fo := f.st.Foes[w.Foe]
		if fo.Spent == nil {
			fo.Spent = map[string]int{}
		}
		return fo.Spent
	}
	fr := f.st.Members[w.Member]
	if fr.Spent == nil {
		fr.Spent = map[string]int{}
	}
	return fr.Spent
}

// canSpend refuses a budget w has spent this round (each budget once a
// round; "" spends nothing).
func (f *fight) canSpend(w who, budget, op string) (record.Record, bool) {
	if budget == "" {
		return record.Record{}, true
	}
	if f.spent(w)[budget] >= 1 {
		return record.Refused("fight", BudgetSpent, "op", op, "who", f.name(w), "note",
			fmt.Sprintf("%s has spent %s this round", f.name(w), f.budgetLabel(budget))), false
	}
	return record.Record{}, true
}

// spend spends a budget for the round.
func (f *fight) spend(w who, budget string) {
	if budget != "" {
		f.spent(w)[budget]++
	}
}

// budgetLabel is what the lines call a budget (`Act`).
func (f *fight) budgetLabel(id string) string {
	for _, b := range f.budgets() {
		if b.id == id {
			return b.label
		}
	}
	if id == "" {
		return ""
	}
	return strings.ToUpper(id[:1]) + id[1:]
}

func rowNames(rows []fightrules.CreatureAttack) string {
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = r.Label
	}
	return strings.Join(names, ", ")
}

func (f *fight) wieldsText(i int, arms []*arm) string {
	if len(arms) == 0 {
		return f.p.Members[i].Name + " wields no weapon: a weapon attacks while it is worn (wielded in its hands, bound when it binds)"
	}
	names := make([]string, len(arms))
	for j, a := range arms {
		names[j] = a.Label
	}
	return f.p.Members[i].Name + " wields: " + strings.Join(names, ", ")
}
