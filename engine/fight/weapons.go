package fight

import (
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
)

// memberArms are the weapons member i wields now (engine/items: worn,
// wielded in the hands it takes, bound when it binds), each with the
// wielder's sheet read in, in bag order.
func (f *fight) memberArms(i int) []*arm {
	ws := f.p.Weapons(i)
	if len(ws) == 0 {
		return nil
	}
	ch := f.p.Character(i)
	out := make([]*arm, 0, len(ws))
	for _, ww := range ws {
		out = append(out, f.weaponArm(ch, ww.Stack, ww.Weapon, &f.p.Members[i].Bag[ww.Stack]))
	}
	return out
}

// MaxStrikes bounds the attacks one spend buys, whatever a sheet says.
const MaxStrikes = 10

// weaponArm is a wielded weapon as the fight rolls it: the best toHit
// ability (its modifier in a summed fight, its score, as dice, in a pool
// fight), the skill's training, the proficiency bonus when the sheet's
// value is above 0, the bonus and the sheet bonus; the damage dice (in a
// pool fight, their count is the extra dice), the best damage ability,
// the bonus and the sheet bonus (with oneHanded, only in one hand).
func (f *fight) weaponArm(ch *sheet.Character, stack int, w *items.Weapon, s *items.Stack) *arm {
	a := &arm{Label: w.Name, ItemLabel: w.Def.Label, Budget: w.Budget, Type: w.DamageType,
		Tags: w.Tags, Floor: w.Floor, HasFloor: w.HasFloor, ClipMax: w.ClipMax, Reload: w.Reload,
		OffHand: w.OffHand, Stack: stack, Toggled: s.On,
		Reach: w.Reach, HasReach: w.HasReach, RangeNormal: w.RangeNormal, RangeLong: w.RangeLong, HasRange: w.HasRange}
	f.addToHit(a, ch, w.ToHit)
	if n, ok := dice.ReadNotation(w.Dice); ok {
		if f.st.Pool {
			a.PoolDice = n.Count
		} else {
			a.Dice, a.HasDice = n, true
		}
	}
	f.readBonus(a, w.Bonus)
	a.Ability = f.best(ch, w.DamageAbilities)
	a.Add = a.Ability + w.DamageBonus
	if w.DamageSheet != nil && (!w.OneHanded || w.OneHandNow()) {
		a.Add += int(ch.Value(*w.DamageSheet))
	}
	a.Strikes = 1
	if w.Strikes != nil {
		a.Strikes = min(max(1, int(ch.Value(*w.Strikes))), MaxStrikes)
	}
	if w.RerollUpTo != nil && w.BothHands && !f.st.Pool && !f.st.Symbol {
		a.RerollUpTo = max(0, int(ch.Value(*w.RerollUpTo)))
	}
	if w.Ammo != nil {
		a.Ammo = &ammo{Tag: w.Ammo.Tag, PerAttack: w.Ammo.PerAttack, Recover: w.Ammo.Recover}
	}
	for _, m := range w.Modes {
		a.Modes = append(a.Modes, mode{ID: m.ID, Label: m.Label, Ammo: m.Ammo, ToHit: m.ToHit, Target: m.Target, Targets: m.Targets})
	}
	for _, o := range w.OnHit {
		a.OnHit = append(a.OnHit, onHitOf(o))
	}
	for _, c := range w.Plus {
		a.Plus = append(a.Plus, plusOf(c))
	}
	return a
}

// addToHit gives a what toHit th adds for ch, a weapon's and a use's
// alike (spec/items.md: a use's toHit is "as a weapon's toHit defines
// it"): the best ability (its modifier in a summed fight, its score, as
// dice, in a pool fight), the skill's training, the bonus, the
// proficiency bonus when the sheet's value is above 0 and the sheet
// bonus; and its own per-die target. In a symbol pool the ability and
// rank stand apart, and what is left adds boost or setback dice.
func (f *fight) addToHit(a *arm, ch *sheet.Character, th items.ToHit) {
	ability, rank := f.best(ch, th.Abilities), f.skillFlat(ch, th.Skill)
	a.ToHit = ability + rank + th.Bonus
	if f.st.Symbol {
		a.SymAbility, a.SymRank = ability, rank
		a.ToHit = th.Bonus
	}
	if th.Proficiency != nil && ch.Value(*th.Proficiency) > 0 {
		if pr := f.p.RS.Resolution.Proficiency; pr != nil {
			a.ToHit += int(ch.Value(pr.Bonus))
		}
	}
	if th.SheetBonus != nil {
		a.ToHit += int(ch.Value(*th.SheetBonus))
	}
	a.Target = th.Target
}

// best is the best of the abilities as the fight adds them: the
// resolution's modifier in a summed fight, the score (dice) in a pool
// fight; 0 without any.
func (f *fight) best(ch *sheet.Character, ids []string) int {
	best, found := 0, false
	for _, id := range ids {
		v := ch.AbilityMod(id)
		if f.st.Pool {
			v = ch.AbilityScore(id)
		}
		if !found || v > best {
			best, found = v, true
		}
	}
	return best
}

// skillFlat is what the skill's training adds (its tier and bonus).
func (f *fight) skillFlat(ch *sheet.Character, skill string) int {
	if skill == "" {
		return 0
	}
	return trainingFlat(ch, ch.Training(skill, false))
}

func onHitOf(o itemrules.OnHit) onHit {
	h := onHit{Condition: o.Condition, AtLeast: o.AtLeast, Rounds: o.Rounds}
	if o.Save != nil {
		h.Save, h.SaveDC = o.Save.Save, o.Save.Difficulty
	}
	if o.SaveEnds != nil {
		h.EndsSave, h.EndsDC, h.EndsAt = o.SaveEnds.Save, o.SaveEnds.Difficulty, o.SaveEnds.At
	}
	return h
}

func plusOf(c itemrules.PlusClause) plus {
	p := plus{Flat: c.Flat, Type: c.Type, When: c.When}
	if n, ok := dice.ReadNotation(c.Dice); ok {
		p.Dice, p.HasDice = n, true
	}
	if c.Save != nil {
		p.HasSave, p.Save, p.SaveDC, p.OnSuccess = true, c.Save.Save, c.Save.Difficulty, c.Save.OnSuccess
	}
	if c.TargetIs != nil {
		p.targetTest, p.Types, p.Tags = true, c.TargetIs.Types, c.TargetIs.Tags
	}
	return p
}
