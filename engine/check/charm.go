package check

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// appliedCharm is a catalog entry's mechanics.check that a check uses:
// use="Potence" names it, spend="blood:3" offers its price.
type appliedCharm struct {
	label string
	c     *ruleset.Charm
	// n is how many times it is bought: the purchases its price paid for
	// when it declares perCostStep, otherwise 1. 0 means it buys nothing
	// (the offer was short, or the pool could not pay): unpaid says why.
	n      int
	pay    []payment
	unpaid string
}

// charmPlan reads use= and works out what the named entry buys, without
// paying. The entry is looked up by id or label, any case, across the
// catalogs, and applies only if the character chose it
// (Character.HasEntry("catalog/entry")) and its catalog can be read; an
// entry not chosen, unreadable or without mechanics.check does nothing
// and use= is listed in ignored=.
//
// The price is the entry's cost, one amount per pool. spend= offers for
// those pools are the entry's (the rest go to resolution.spend); a cost
// pool the tag does not name is offered one price. An entry with
// perCostStep is bought as many times as every pool's offer pays its
// price (rounded down); without it, once, whatever was offered, and only
// the price is paid. All or nothing: if a pool cannot pay, nothing is
// bought and nothing is paid.
func (c *Check) charmPlan(offers []spendOffer) (*appliedCharm, []spendOffer) {
	name, has := c.get(keyUse)
	if !has {
		return nil, offers
	}
	label, ch := c.findCharm(strings.TrimSpace(name))
	if ch == nil {
		c.ignore("use")
		return nil, offers
	}
	a := &appliedCharm{label: label, c: ch, n: 1}
	if len(ch.Cost) == 0 {
		return a, offers
	}
	rest := make([]spendOffer, 0, len(offers))
	points := make([]int, len(ch.Cost))
	for _, o := range offers {
		i := c.costIndex(ch.Cost, o.name)
		if i < 0 || points[i] != 0 {
			rest = append(rest, o)
			continue
		}
		points[i] = o.points
		if points[i] == 0 {
			points[i] = ch.Cost[i].Amount
		}
	}
	steps := -1
	for i, k := range ch.Cost {
		if points[i] == 0 {
			points[i] = k.Amount
		}
		if s := points[i] / k.Amount; steps < 0 || s < steps {
			steps = s
		}
	}
	if !ch.Scales && steps > 1 {
		steps = 1
	}
	a.n = steps
	var unpaid []string
	for i, k := range ch.Cost {
		cost := steps * k.Amount
		if steps == 0 || c.available(k.Pool, a.pay) < cost {
			a.n = 0
		}
		a.pay = append(a.pay, payment{k.Pool, cost})
		unpaid = append(unpaid, k.Pool+":"+strconv.Itoa(points[i]))
	}
	if a.n == 0 {
		a.pay = nil
		a.unpaid = strings.Join(unpaid, ",")
	}
	return a, rest
}

// costIndex finds the cost entry paid from the pool an offer names (id or label).
func (c *Check) costIndex(cost []ruleset.CharmCost, name string) int {
	for i, k := range cost {
		if strings.EqualFold(k.Pool, name) {
			return i
		}
		if p, ok := c.Env.RS.PoolDecl(k.Pool); ok && p.Label != "" && strings.EqualFold(p.Label, name) {
			return i
		}
	}
	return -1
}

// findCharm returns the label and mechanics.check of the chosen entry
// named name, or nil.
func (c *Check) findCharm(name string) (string, *ruleset.Charm) {
	for _, cat := range c.Env.RS.Catalogs {
		for _, raw := range cat.Entries {
			var head struct {
				ID    string `json:"id"`
				Label string `json:"label"`
			}
			if json.Unmarshal(raw, &head) != nil {
				continue
			}
			if !strings.EqualFold(head.ID, name) && !(head.Label != "" && strings.EqualFold(head.Label, name)) {
				continue
			}
			if !c.Env.Char.HasEntry(cat.ID + "/" + head.ID) {
				continue
			}
			ch, err := ruleset.DecodeCharm(raw)
			if err != nil || ch == nil {
				return "", nil
			}
			if head.Label == "" {
				head.Label = head.ID
			}
			return head.Label, ch
		}
	}
	return "", nil
}

// payCharm debits a charm's price and returns what was paid ("blood:3").
func (c *Check) payCharm(a *appliedCharm) string {
	if a == nil {
		return ""
	}
	return c.payBuys(spendBuys{pay: a.pay}, "")
}
