package check

import (
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// spendOffer is one "pool:points" of the tag's spend=. points 0 means the
// tag named the pool alone: one purchase's worth.
type spendOffer struct {
	name   string
	points int
}

// spendOffers reads spend="resolve:1" (several pairs may be separated by
// commas: "resolve:1,blood:3"). An unreadable value is ignored whole.
func (c *Check) spendOffers() []spendOffer {
	v, ok := c.get(keySpend)
	if !ok {
		return nil
	}
	var out []spendOffer
	for _, part := range strings.Split(v, ",") {
		name, pts, hasPts := strings.Cut(strings.TrimSpace(part), ":")
		name = strings.TrimSpace(name)
		o := spendOffer{name: name}
		if hasPts {
			n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(pts), "+"))
			if err != nil || n < 1 {
				c.ignore("spend")
				return nil
			}
			o.points = n
		}
		if name == "" {
			c.ignore("spend")
			return nil
		}
		out = append(out, o)
	}
	return out
}

// spendBuys is what a check's resolution.spend purchases come to, before
// anything is paid.
type spendBuys struct {
	dice, successes int
	reroll          *ruleset.Reroll
	pay             []payment
	unpaid          string // "pool:points" offers that bought nothing
}

// payment is one debit a check will make.
type payment struct {
	pool   string
	amount int
}

// spendPlan works out what the offers buy from resolution.spend, without
// paying. base is the sheet number before wounds, bonus dice or modifiers
// (perCheck "pool"). For each offer:
//
//   - purchases = points / amount, rounded down: leftover points buy
//     nothing and are not paid;
//   - capped at perCheck (a number, a sheet value floored and kept within
//     0..100, or "pool": base kept within 0..100), and only the cap is paid;
//   - all or nothing: if the live pool cannot pay for them all, nothing
//     is bought and nothing is paid.
//
// A reroll is bought once, however many purchases. Offers naming no
// spend entry are ignored (listed in ignored=). poolKind is true for a
// dice-pool, which may buy successes and rerolls too (import validation
// already refused an entry that buys what its kind cannot). pending are
// payments already planned on the check (a charm's price), which the
// pools must cover first.
func (c *Check) spendPlan(offers []spendOffer, base int, poolKind bool, pending ...payment) spendBuys {
	var b spendBuys
	var unpaid []string
	for _, o := range offers {
		sp, ok := c.Env.RS.SpendFor(c.Res, o.name)
		if !ok {
			c.ignore("spend")
			continue
		}
		points := o.points
		if points == 0 {
			points = sp.Amount
		}
		want := points / sp.Amount
		if limit := c.perCheck(sp, base); want > limit {
			want = limit
		}
		cost := want * sp.Amount
		if want == 0 || c.available(sp.Pool, append(append([]payment(nil), pending...), b.pay...)) < cost {
			unpaid = append(unpaid, sp.Pool+":"+strconv.Itoa(points))
			continue
		}
		b.pay = append(b.pay, payment{sp.Pool, cost})
		b.dice += want * sp.Dice
		if poolKind {
			b.successes += want * sp.Successes
			if sp.Reroll != nil {
				b.reroll = betterReroll(b.reroll, sp.Reroll)
			}
		}
	}
	b.unpaid = strings.Join(unpaid, ",")
	return b
}

// perCheck is the most purchases one check may make from a spend entry.
func (c *Check) perCheck(sp *ruleset.Spend, base int) int {
	switch {
	case sp.PerCheckPool:
		return Clamp(base, 0, ruleset.MaxPerCheckSheet)
	case sp.PerCheckRef != nil:
		return Clamp(floor(c.Env.Char.Value(*sp.PerCheckRef)), 0, ruleset.MaxPerCheckSheet)
	}
	return sp.PerCheckN
}

// available is what a live pool holds once the payments already planned
// on this check are taken out.
func (c *Check) available(pool string, planned []payment) int {
	n := c.Env.Char.Pool(pool)
	for _, p := range planned {
		if p.pool == pool {
			n -= p.amount
		}
	}
	for p, d := range c.Debits {
		if p == pool {
			n -= d
		}
	}
	return n
}

// payBuys debits the planned payments and returns paid (what was already
// paid, "pool:n" comma-separated) with them added.
func (c *Check) payBuys(b spendBuys, paid string) string {
	for _, p := range b.pay {
		c.Debit(p.pool, p.amount)
		if paid != "" {
			paid += ","
		}
		paid += p.pool + ":" + strconv.Itoa(p.amount)
	}
	return paid
}

func betterReroll(a, b *ruleset.Reroll) *ruleset.Reroll {
	if a == nil || b.UpTo > a.UpTo || (b.UpTo == a.UpTo && b.Mode == "until" && a.Mode != "until") {
		return b
	}
	return a
}

// SpendDice applies the tag's spend= for a kind that buys only dice
// (dice-highest, symbol-pool): it debits the pool (c.Debit) and returns
// the extra dice bought. base is the sheet number for the check before
// wounds, bonus dice or modifiers (what perCheck "pool" reads).
//
// It follows the same rules as a pool's spend (see spendPlan): whole
// purchases only, capped at perCheck, all or nothing. It appends
// paid="pool:n" (what was debited) and unpaid="pool:points" (offers that
// bought nothing) to the record at the point it is called, so a kind
// calls it where those keys belong in its record, and only once it knows
// the check will roll.
func (c *Check) SpendDice(base int) int {
	c.index()
	offers := c.spendOffers()
	if len(offers) == 0 {
		return 0
	}
	b := c.spendPlan(offers, base, false)
	if paid := c.payBuys(b, ""); paid != "" {
		c.Rec.Add("paid", paid)
	}
	if b.unpaid != "" {
		c.Rec.Add("unpaid", b.unpaid)
	}
	return b.dice
}

// spentDice is SpendDice for a kind whose ruleset may declare no spend at
// all: then spend= buys nothing and is listed in ignored=.
func (c *Check) spentDice(base int) int {
	if len(c.Res.Spend) == 0 {
		c.ignoreGiven(keySpend)
		return 0
	}
	return c.SpendDice(base)
}
