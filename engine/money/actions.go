package money

import (
	"errors"
	"fmt"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

func init() {
	items.RegisterAction("pay", answerPay)
	items.RegisterAction("earn", answerEarn)
}

// readAmount reads amount= and who= for pay and earn; the payer or
// earner (the player without who=), whether who= was given, or the
// refusal. A ruleset without coins refuses before anything else.
func readAmount(p *items.Party, t tag.Tag, action string) (Amount, int, bool, *record.Record) {
	var b *itemrules.ItemsBlock
	if p.RS != nil {
		b = p.RS.Items
	}
	raw := t.Value("amount")
	amt, err := ParseAmount(b, raw)
	if err != nil {
		r := refusal(action, err, raw)
		return amt, -1, false, &r
	}
	who, named, refused := p.Who(t, action)
	if who < 0 {
		return amt, -1, false, &refused
	}
	return amt, who, named, nil
}

func refusal(action string, err error, amount string) record.Record {
	var e *Error
	if !errors.As(err, &e) {
		return record.Refused(action, "engine-error", "note", err.Error())
	}
	if amount == "" {
		return record.Refused(action, e.Reason, "note", e.Note)
	}
	return record.Refused(action, e.Reason, "amount", amount, "note", e.Note)
}

// answerPay answers [inventory: action="pay" amount="3 shillings" who="Ada"]:
// out of one bag (the player's without who=), by the spec's rule.
func answerPay(p *items.Party, t tag.Tag, _ items.Turn) record.Record {
	amt, who, _, refused := readAmount(p, t, "pay")
	if refused != nil {
		return *refused
	}
	pm, err := Pay(p, who, amt)
	if err != nil {
		return refusal("pay", err, amt.String())
	}
	rec := record.New("inventory")
	rec.Add("action", "pay")
	rec.Add("amount", amt.String())
	rec.Add("who", p.Members[who].Name)
	rec.Add("paidWith", List(pm.Paid))
	if len(pm.Change) > 0 {
		rec.Add("change", List(pm.Change))
	}
	rec.Add("reply", pm.Words())
	return rec
}

// answerEarn answers [inventory: action="earn" amount="3 shillings"]: an
// addition of that coin, into who's bag up to their limit, or split by
// the carry rule without who=; what no one can carry is left behind.
func answerEarn(p *items.Party, t tag.Tag, _ items.Turn) record.Record {
	amt, who, named, refused := readAmount(p, t, "earn")
	if refused != nil {
		return *refused
	}
	def := p.RS.Items.CoinItem(amt.Coin.ID)
	var placed []items.Placement
	var left int
	if named {
		placed, left = p.PlaceWith(who, def, amt.N)
	} else {
		placed, left = p.Place(def, amt.N)
	}
	rec := record.New("inventory")
	rec.Add("action", "earn")
	rec.Add("amount", amt.String())
	rec.Add("item", def.Label)
	placed, lost := p.PutPlaced(placed, def, def.Label)
	left += lost
	rec.AddInt("count", amt.N-left)
	if where := p.PlacedText(placed); where != "" {
		rec.Add("placed", where)
	}
	if left > 0 {
		rec.AddInt("left", left)
		rec.Add("note", fmt.Sprintf("%d %s left behind: no one can carry more", left, amt.Coin.Name(left)))
	}
	return rec
}
