package money

import (
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// CoinCount is N of one coin.
type CoinCount struct {
	Coin *itemrules.Coin
	N    int
}

// Payment is an amount paid out of one bag: the coins that left it and
// the change that came back, each largest coin first.
type Payment struct {
	Amount Amount
	// Who is the payer's index in the party.
	Who    int
	Paid   []CoinCount
	Change []CoinCount
}

// MakeChange works the spec's rule (spec/items.md "Money") over one
// family: coins are its coins from the largest to the smallest and
// held[k] how many of coins[k] the bag holds; owed is counted in the
// smallest coin. The largest coins that fit go first; then, if anything
// is still owed, the smallest remaining coin that covers it is changed,
// and the change comes back in the family's smaller coins, largest to
// smallest. ok is false when the coins held are worth less than owed.
//
// Every coin left after the first step is worth more than what is still
// owed (it would have been paid otherwise), so the smallest one left
// always covers it, and the smallest coin, worth 1, makes any change.
func MakeChange(coins []*itemrules.Coin, held []int, owed int) (paid, change []int, ok bool) {
	paid = make([]int, len(coins))
	change = make([]int, len(coins))
	for k, c := range coins {
		n := min(held[k], owed/c.Value)
		paid[k] = n
		owed -= n * c.Value
	}
	if owed == 0 {
		return paid, change, true
	}
	j := -1
	for k := len(coins) - 1; k >= 0; k-- {
		if held[k] > paid[k] && coins[k].Value >= owed {
			j = k
			break
		}
	}
	if j < 0 {
		return nil, nil, false
	}
	paid[j]++
	rest := coins[j].Value - owed
	for k := j + 1; k < len(coins); k++ {
		change[k] = rest / coins[k].Value
		rest -= change[k] * coins[k].Value
	}
	return paid, change, true
}

// Plan works out paying amt from member i's bag without moving a coin:
// the payment, or a cannot-afford Error. A market checks everything else
// it needs before it Applies the plan, so a purchase is whole or nothing.
func Plan(p *items.Party, i int, amt Amount) (Payment, error) {
	coins := amt.Family.Descending()
	held := make([]int, len(coins))
	for k, c := range coins {
		held[k] = p.Loose(i, itemrules.CoinRefPrefix+c.ID)
	}
	paid, change, ok := MakeChange(coins, held, amt.Worth())
	if !ok {
		return Payment{}, &Error{CannotAfford, p.Members[i].Name + " cannot pay " + amt.String() + ": their bag holds " + worthText(p, i, amt.Family)}
	}
	pm := Payment{Amount: amt, Who: i, Paid: counts(coins, paid), Change: counts(coins, change)}
	if !changeFits(p, pm) {
		return Payment{}, &Error{BagFull, p.Members[i].Name + "'s bag has no room for the change: it holds as many stacks as a bag accepts"}
	}
	return pm, nil
}

// changeFits reports whether the payer's bag can take the change in
// stacks (it always can, unless it is at MaxStacksPerBag stacks, or the
// change is more than its open stacks and new ones hold), counting the
// stacks the payment empties. A ruleset whose coins are far apart (a
// coin worth a million of the next) can owe that much change.
func changeFits(p *items.Party, pm Payment) bool {
	b := p.RS.Items
	need := 0
	for _, cc := range pm.Change {
		lim := b.CoinItem(cc.Coin.ID).StackLimit()
		need += (cc.N + lim - 1) / lim
	}
	if p.Stacks(pm.Who)+need <= items.MaxStacksPerBag {
		return true // room for every change coin in new stacks: the usual case, without a copy
	}
	q := p.Clone()
	q.Members = q.Members[pm.Who : pm.Who+1]
	Apply(q, Payment{Who: 0, Paid: pm.Paid})
	for _, cc := range pm.Change {
		def := b.CoinItem(cc.Coin.ID)
		if q.Put(0, def, def.Label, cc.N) != cc.N {
			return false
		}
	}
	return true
}

// Apply moves a planned payment: the paid coins out of the payer's bag,
// the change into it. Change goes in whatever the payer already carries:
// it is what they were given back, never left on the counter.
func Apply(p *items.Party, pm Payment) {
	b := p.RS.Items
	for _, cc := range pm.Paid {
		p.TakeLoose(pm.Who, itemrules.CoinRefPrefix+cc.Coin.ID, cc.N)
	}
	for _, cc := range pm.Change {
		def := b.CoinItem(cc.Coin.ID)
		p.Put(pm.Who, def, def.Label, cc.N)
	}
}

// Pay takes amt out of member i's bag by the spec's rule, the change
// back into it, and returns what was paid and given back. A refused
// payment (cannot-afford) changes nothing.
func Pay(p *items.Party, i int, amt Amount) (Payment, error) {
	pm, err := Plan(p, i, amt)
	if err != nil {
		return pm, err
	}
	Apply(p, pm)
	return pm, nil
}

func counts(coins []*itemrules.Coin, n []int) []CoinCount {
	var out []CoinCount
	for k, c := range coins {
		if n[k] > 0 {
			out = append(out, CoinCount{Coin: c, N: n[k]})
		}
	}
	return out
}

// List writes coins as the reply does: "crowns ×1, shillings ×2".
func List(cc []CoinCount) string {
	parts := make([]string, len(cc))
	for k, c := range cc {
		parts[k] = c.Coin.Label + " ×" + strconv.Itoa(c.N)
	}
	return strings.Join(parts, ", ")
}

// Words is the payment in the spec's words: "Paid with crowns ×1;
// shillings ×2 back.", or "Paid with shillings ×3." without change.
func (pm Payment) Words() string {
	s := "Paid with " + List(pm.Paid)
	if len(pm.Change) > 0 {
		s += "; " + List(pm.Change) + " back"
	}
	return s + "."
}

func worthText(p *items.Party, i int, fam *itemrules.Currency) string {
	w := p.Worth(i, fam)
	small := fam.Smallest()
	return strconv.Itoa(w) + " " + small.Name(w) + " worth of " + familyName(fam)
}

func familyName(fam *itemrules.Currency) string {
	if fam.Label != "" {
		return strings.ToLower(fam.Label)
	}
	return fam.ID
}
