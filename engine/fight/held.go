package fight

import "github.com/rulehost/rulehost/engine/items"

// fightModifiers is what w's sources add to one part of a fight ("attacks",
// "defense", "speed"): a member's conditions, levels and items; a
// creature's conditions, read by the same code (docs/fight.md
// "Conditions on creatures").
func (f *fight) fightModifiers(w who, to string) items.FightModifier {
	if w.IsFoe() {
		return f.p.HeldFightModifiers(f.st.Foes[w.Foe].Conditions, to)
	}
	return f.p.FightModifiers(w.Member, to)
}

// fightEffects are the effects a fight reads that w's sources give, each
// with what gives it: a member's as FightEffects says, a creature's from
// the conditions it holds.
func (f *fight) fightEffects(w who) map[string][]string {
	if w.IsFoe() {
		return f.p.HeldFightEffects(f.st.Foes[w.Foe].Conditions)
	}
	return f.p.FightEffects(w.Member)
}
