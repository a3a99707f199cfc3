package ruleset_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// TestSectionLimitsMatchTheCore keeps the sections' mirrors of limits
// they cannot import (a package below may not import the one above)
// equal to them.
func TestSectionLimitsMatchTheCore(t *testing.T) {
	if itemrules.MaxModeTarget != ruleset.MaxPoolDice {
		t.Errorf("MaxModeTarget %d, MaxPoolDice %d: a mode moves a per-die target at most a die's faces", itemrules.MaxModeTarget, ruleset.MaxPoolDice)
	}
	if itemrules.MaxRechargeRests != ruleset.MaxRests {
		t.Errorf("MaxRechargeRests %d, MaxRests %d: a recharge names at most every rest", itemrules.MaxRechargeRests, ruleset.MaxRests)
	}
	if effectrules.MaxExceptTags != itemrules.MaxItemTags {
		t.Errorf("MaxExceptTags %d, MaxItemTags %d: an exception names at most every tag", effectrules.MaxExceptTags, itemrules.MaxItemTags)
	}
}
