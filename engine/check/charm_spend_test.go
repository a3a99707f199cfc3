package check

import "testing"

// A charm and resolution.spend paid from the same pool: the charm's price
// is planned first, so the spend cannot buy with points the charm takes
// (all or nothing: the pool cannot pay for both, so the spend buys nothing).
func TestCharmAndSpendShareAPool(t *testing.T) {
	rs := poolBundled(t, "wod")
	ilse := poolBundledChar(t, rs, "wod", "ilse")
	charm := poolWithEntry(rs, `{"id": "potence", "label": "Potence", "mechanics": {"kind": "utility", "cost": [{"pool": "willpower", "amount": 1}], "check": {"successes": 1}}}`)
	env := &Env{RS: charm, Char: poolWithPools(ilse, map[string]int{"blood": 8, "willpower": 1})}
	res := poolRoll(t, env, `[skill_check: skill="Brawl" use="Potence" spend="willpower:1,willpower:1"]`, 6, 2, 3, 4, 5, 2)
	poolExpect(t, res.Record, `use="Potence" paid="willpower:1" unpaid="willpower:1" bought="1"`)
	if res.Debits["willpower"] != 1 {
		t.Fatalf("debits %v: the pool holds 1 and only the charm could be paid", res.Debits)
	}
	env.Char = poolWithPools(ilse, map[string]int{"blood": 8, "willpower": 2})
	res = poolRoll(t, env, `[skill_check: skill="Brawl" use="Potence" spend="willpower:1,willpower:1"]`, 6, 2, 3, 4, 5, 2)
	poolExpect(t, res.Record, `use="Potence" paid="willpower:1,willpower:1" bought="2"`, "unpaid")
	if res.Debits["willpower"] != 2 {
		t.Fatalf("debits %v: both the charm and the spend are paid", res.Debits)
	}
}
