package ruleset

import "github.com/rulehost/rulehost/engine/validate"

// Spend is one entry of resolution.spend: a standing rule of the system
// that lets a roller pay from a live pool to change a roll.
type Spend struct {
	Pool      string
	Amount    int
	Successes int
	Dice      int
	Reroll    *Reroll
	// PerCheck is a number (PerCheckN), a sheet value (PerCheckRef) or
	// "pool" (PerCheckPool): as many purchases as the check has dice.
	PerCheckN    int
	PerCheckRef  *ValueRef
	PerCheckPool bool
}

// Reroll is a reroll rule: faces at or below UpTo are thrown again,
// once (the new face stays) or until they show higher.
type Reroll struct {
	ID   string
	UpTo int
	Mode string // once, until
}

// SpendBuys says what a kind's spend entries may buy.
type SpendBuys struct {
	Successes, Dice, Reroll bool
}

// Spends validates resolution.spend for a kind that may buy what buys allows.
// Owned by the dice-pool work (issue 3); dice-highest and symbol-pool call
// it with SpendBuys{Dice: true}.
func (v *Validator) Spends(o validate.Obj, res *Resolution, buys SpendBuys) {
	if o.Has("spend") {
		o.Addf("spend", "spend is not implemented in this build yet")
	}
}
