package fight

import (
	"github.com/rulehost/rulehost/engine/dice"
	fightrules "github.com/rulehost/rulehost/engine/ruleset/fight"
)

// arm is one attack as the fight rolls it, whatever it comes from: a
// weapon a member wields (engine/items' Weapon, with the wielder's sheet
// read in: weapons.go) or one of a creature's attack rows.
type arm struct {
	// Label is what the log calls it: the stack's name (`Hunting bow`),
	// `Silver coffin nail, off hand`, or the row's label.
	Label string
	// ItemLabel is the weapon item's own label, which weapon= may name too.
	ItemLabel string
	Budget    string
	// ToHit is what the attack adds: a number in a summed fight, dice in
	// a pool fight. From names what changed it (worn items, conditions).
	ToHit int
	From  []string
	// SymAbility and SymRank build a symbol fight's pool (the best toHit
	// ability through abilityModifier, the skill's rank; a creature row's
	// toHit as its ability); ToHit is then what adds boost or setback dice.
	SymAbility, SymRank int
	// Target is its own per-die target in a pool fight, 0 for the pool's.
	Target int
	// Dice is a summed fight's damage dice; PoolDice a pool fight's extra
	// damage dice; Add the damage's ability, bonus and sheet bonus.
	Dice     dice.Notation
	HasDice  bool
	PoolDice int
	Add      int
	// Ability is the damage ability's part of Add (an off hand with
	// penalty-only drops it when positive).
	Ability int
	Type    string
	// Tags are what its strikes carry: a weapon item's tags, a creature
	// row's qualities.
	Tags     []string
	Floor    int
	HasFloor bool
	OnHit    []onHit
	Plus     []plus
	// Ammo and Clip: what it shoots and what it keeps loaded.
	Ammo    *ammo
	ClipMax int
	Reload  string
	Modes   []mode
	OffHand bool
	// Stack is the weapon's stack index in its wielder's bag, -1 for a
	// creature's row.
	Stack int
	// Toggled is set while the weapon item's switch is on.
	Toggled bool
	// Reach and the range (normal, long) are in combat.distance's unit,
	// each with its Has flag (weapons only; a creature's row reaches
	// whatever the Game Master says it reaches).
	Reach, RangeNormal, RangeLong float64
	HasReach, HasRange            bool
	// Strikes is how many attacks one spend buys (at least 1);
	// RerollUpTo rerolls the weapon's own damage dice at or below it once
	// (a summed fight, wielded with both hands; 0 for none).
	Strikes    int
	RerollUpTo int
	// spends marks a strike that spends: it rolls its maker's number.
	spends bool
	// takes marks a strike that takes: made as usual, what it would deal
	// comes off the target's number instead of its health.
	takes bool
	// offHandStrike marks the off hand's single strike.
	offHandStrike bool
	// Bonus is what the wielder's weapons effects add beyond the numbers
	// already in ToHit and Add (nil for none; weapon_bonus.go).
	Bonus *weaponBonus
}

type ammo struct {
	Tag       string
	PerAttack int
	Recover   float64
}

type mode struct {
	ID, Label                    string
	Ammo, ToHit, Target, Targets int
}

type onHit struct {
	Condition string
	AtLeast   int
	Rounds    int
	Save      string
	SaveDC    int
	EndsSave  string
	EndsDC    int
	EndsAt    string
}

type plus struct {
	Dice       dice.Notation
	HasDice    bool
	Flat       int
	Type       string
	Save       string
	SaveDC     int
	OnSuccess  string
	HasSave    bool
	Types      []string
	Tags       []string
	When       string
	targetTest bool
}

// shots is how many shots an attack in mode md uses: the mode's, else
// the weapon's perAttack, else 1; 0 for a weapon that shoots nothing.
func (a *arm) shots(md *mode) int {
	if a.Ammo == nil && a.ClipMax == 0 {
		return 0
	}
	if md != nil && md.Ammo > 0 {
		return md.Ammo
	}
	if a.Ammo != nil && a.Ammo.PerAttack > 0 {
		return a.Ammo.PerAttack
	}
	return 1
}

// mode finds one of the arm's modes by id or label.
func (a *arm) mode(name string) (*mode, bool) {
	for i := range a.Modes {
		if eqFold(a.Modes[i].ID, name) || eqFold(a.Modes[i].Label, name) {
			return &a.Modes[i], true
		}
	}
	return nil, false
}

// creatureArm is a creature's attack row as the fight rolls it.
func creatureArm(row fightrules.CreatureAttack) *arm {
	return &arm{Label: row.Label, Budget: row.Budget, ToHit: row.ToHit, Dice: row.Dice, HasDice: row.HasDice,
		PoolDice: row.PoolDice, Add: row.Bonus, Type: row.Type, Tags: row.Qualities, Stack: -1}
}

// reaches reports a plus clause that reaches a target of these types
// and tags (no targetIs reaches all).
func (c *plus) reaches(types, tags []string) bool {
	if !c.targetTest {
		return true
	}
	for _, t := range c.Types {
		if containsFold(types, t) {
			return true
		}
	}
	for _, t := range c.Tags {
		if containsFold(tags, t) {
			return true
		}
	}
	return false
}
