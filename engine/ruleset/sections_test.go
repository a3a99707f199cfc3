package ruleset_test

import (
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// TestSectionLimitsMatchTheCore keeps the items sections' mirrors of the
// core's limits equal to them: the sections cannot import the core.
func TestSectionLimitsMatchTheCore(t *testing.T) {
	if ruleset.MaxModeTarget != ruleset.MaxPoolDice {
		t.Errorf("MaxModeTarget %d, MaxPoolDice %d: a mode moves a per-die target at most a die's faces", ruleset.MaxModeTarget, ruleset.MaxPoolDice)
	}
	if ruleset.MaxRechargeRests != ruleset.MaxRests {
		t.Errorf("MaxRechargeRests %d, MaxRests %d: a recharge names at most every rest", ruleset.MaxRechargeRests, ruleset.MaxRests)
	}
}
