package ruleset_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// TestSectionLimitsMatchTheCore keeps the items sections' mirrors of the
// core's limits equal to them: the sections cannot import the core.
func TestSectionLimitsMatchTheCore(t *testing.T) {
	if itemrules.MaxModeTarget != ruleset.MaxPoolDice {
		t.Errorf("MaxModeTarget %d, MaxPoolDice %d: a mode moves a per-die target at most a die's faces", itemrules.MaxModeTarget, ruleset.MaxPoolDice)
	}
	if itemrules.MaxRechargeRests != ruleset.MaxRests {
		t.Errorf("MaxRechargeRests %d, MaxRests %d: a recharge names at most every rest", itemrules.MaxRechargeRests, ruleset.MaxRests)
	}
}
