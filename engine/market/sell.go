package market

import (
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/money"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

func init() {
	items.RegisterAction("sell", AnswerSell)
}

// AnswerSell answers [inventory: action="sell" item="Silver coffin nail"
// count="1" seller="smith" who="Ada"]: the item out of the seller's bag
// and the buyer's coins in, largest first, or a refusal that changes
// nothing. An honest buyer sees a fake for what it is and pays for that,
// or, when it has no cost, finds it out and refuses it.
func AnswerSell(p *items.Party, t tag.Tag, _ items.Turn) record.Record {
	rec, ref := sell(p, t)
	if ref != nil {
		return ref.record("sell")
	}
	return rec
}

func sell(p *items.Party, t tag.Tag) (record.Record, *refusal) {
	m := marketOf(p)
	if m == nil {
		return record.Record{}, refuse(NoMarket, "note", "this ruleset has no market")
	}
	st := view(p)
	if st.Size < 0 {
		return record.Record{}, refuse(NoPlace, "note", "no place with a market is in force")
	}
	name := itemName(t)
	var named *itemrules.Seller
	if sn := strings.TrimSpace(t.Value("seller")); sn != "" {
		if named = m.Seller(sn); named == nil {
			return record.Record{}, refuse(UnknownSeller, "seller", sn, "note", "sellers: "+sellerLabels(m))
		}
	}
	count, ref := readCount(t)
	if ref != nil {
		return record.Record{}, ref
	}
	who, _, _ := p.Who(t, "sell")
	if who < 0 {
		return record.Record{}, refuse("unknown-who", "who", t.Value("who"), "note", "who= names a character of the party")
	}
	def, stackName, ref := onHand(p, who, name, count)
	if ref != nil {
		return record.Record{}, ref
	}
	b := p.RS.Items
	shown := def
	if def.IsFake() && !strings.EqualFold(stackName, def.Label) {
		shown = b.ItemByRef(def.Market.PassesFor)
	}
	buyer := buyerHere(m, st, shown, named)
	if buyer == nil && len(m.Sellers) > 0 || m.BuyBack <= 0 {
		return record.Record{}, refuse(NotBought, "item", stackName, "note", "nobody here buys "+stackName)
	}
	honest := buyer == nil || buyer.Honest
	priced := shown
	if honest {
		priced = def // an honest buyer sees what it really is
	}
	worth, ok := saleWorth(b, m, priced, count)
	if !ok && priced != shown {
		// An honest buyer says what a fake really is, and refuses it
		// when it has no cost: the one refusal that changes something,
		// since the fake is found out (spec/items.md "Honest and
		// dishonest sellers").
		p.RenameStacks(who, def.Ref(), stackName, def.Label)
		return record.Record{}, refuse(NotForSale, "item", stackName, "who", p.Members[who].Name, "revealed", def.Label,
			"note", "the "+sellerName(buyer)+" says it is really "+def.Label+", which has no price, and will not pay for it")
	}
	if !ok {
		return record.Record{}, refuse(NotForSale, "item", priced.Label, "note", priced.Label+" has no price: nobody pays for it")
	}
	coin, fam := b.Coin(priced.Cost.Unit)
	if ref := tillCovers(m, st, fam, worth); ref != nil {
		return record.Record{}, ref
	}
	q := p.Clone()
	q.TakeStack(who, def.Ref(), stackName, count)
	got, ok := payOut(q, who, fam, worth)
	if !ok {
		return record.Record{}, refuse(CannotCarry, "item", stackName, "who", q.Members[who].Name, "note", q.Members[who].Name+" cannot carry the coins; nothing was sold")
	}
	revealed := honest && def != shown
	if revealed {
		q.RenameStacks(who, def.Ref(), stackName, def.Label)
	}
	if inPurse(m, st, fam) {
		partOf(q).Till += worth
	}
	*p = *q
	price, _ := Express(coin, fam, worth)
	rec := record.New("inventory")
	rec.Add("action", "sell")
	rec.Add("item", stackName)
	rec.AddInt("count", count)
	rec.Add("price", price.String())
	if buyer != nil {
		rec.Add("seller", buyer.Label)
	}
	rec.Add("who", p.Members[who].Name)
	rec.Add("coins", got)
	if revealed {
		rec.Add("revealed", def.Label)
		rec.Add("note", "the "+sellerName(buyer)+" says it is really "+def.Label+" and pays for that")
	}
	return rec, nil
}

func sellerName(s *itemrules.Seller) string {
	if s == nil {
		return "buyer"
	}
	return s.Label
}

// onHand finds a loose stack of the named item in member who's bag (by
// what it is called there) with count units loose, refusing a bound
// cursed item and too few on hand.
func onHand(p *items.Party, who int, name string, count int) (*itemrules.Item, string, *refusal) {
	loose, cursed := 0, false
	var def *itemrules.Item
	stackName := ""
	for i := range p.Members[who].Bag {
		s := &p.Members[who].Bag[i]
		if !strings.EqualFold(s.Name, name) {
			continue
		}
		d := p.Def(s)
		if d == nil || d.Coin != "" {
			continue
		}
		if def == nil {
			def, stackName = d, s.Name
		}
		if d != def {
			continue
		}
		if s.Equipped || s.Bound {
			cursed = cursed || (s.Bound && d.Cursed && !s.CurseEnded)
			continue
		}
		loose += s.Count
	}
	switch {
	case def == nil:
		return nil, "", refuse(NoneOnHand, "item", name, "who", p.Members[who].Name, "note", p.Members[who].Name+" has no "+name)
	case loose >= count:
		return def, stackName, nil
	case cursed:
		return nil, "", refuse(Cursed, "item", stackName, "who", p.Members[who].Name, "note", "a bound cursed item is never sold")
	}
	return nil, "", refuse(NoneOnHand, "item", stackName, "who", p.Members[who].Name, "remaining", strconv.Itoa(loose),
		"note", p.Members[who].Name+" has "+strconv.Itoa(loose)+" loose (neither worn nor bound)")
}

// buyerHere is the seller there who buys the item back: the named one
// when it sells that kind of thing, or the first there that does; nil in
// a market without sellers (anyone buys).
func buyerHere(m *itemrules.Market, st *Part, it *itemrules.Item, named *itemrules.Seller) *itemrules.Seller {
	for i := range m.Sellers {
		sl := &m.Sellers[i]
		if (named == nil || sl == named) && sellerHere(m, sl, st.Size) && itemrules.MatchesAny(sl.Sells, it) {
			return sl
		}
	}
	return nil
}

// saleWorth is what a seller pays for count of an item, in the family's
// smallest coin: buyBack of its default price each, at least one coin.
func saleWorth(b *itemrules.ItemsBlock, m *itemrules.Market, it *itemrules.Item, count int) (int, bool) {
	if it == nil || it.Cost == nil {
		return 0, false
	}
	coin, _ := b.Coin(it.Cost.Unit)
	if coin == nil {
		return 0, false
	}
	each := UnitWorth(UnitWorth(it.Cost.Amount*coin.Value, m.DefaultLevel().Times), m.BuyBack)
	return each * count, each > 0
}

// inPurse reports whether a sale in this family counts against the till.
func inPurse(m *itemrules.Market, st *Part, fam *itemrules.Currency) bool {
	pur := m.Places[st.Size].Purse
	if pur == nil {
		return false
	}
	_, pf := (&itemrules.ItemsBlock{Currencies: []itemrules.Currency{*fam}}).Coin(pur.Unit)
	return pf != nil
}

// tillCovers refuses a sale the day's till cannot pay.
func tillCovers(m *itemrules.Market, st *Part, fam *itemrules.Currency, worth int) *refusal {
	if !inPurse(m, st, fam) {
		return nil
	}
	pur := m.Places[st.Size].Purse
	var value int
	for _, c := range fam.Units {
		if c.ID == pur.Unit {
			value = c.Value
		}
	}
	if left := pur.Amount*value - st.Till; worth > left {
		return refuse(PurseSpent, "note", "the sellers here have "+strconv.Itoa(max(left, 0))+" "+fam.Smallest().Name(left)+" left to pay today")
	}
	return nil
}

// payOut puts worth (in the family's smallest coin) into member who's
// bag, largest coins first, and says what went in; false when the bag
// cannot carry it all.
func payOut(q *items.Party, who int, fam *itemrules.Currency, worth int) (string, bool) {
	var got []money.CoinCount
	for _, c := range fam.Descending() {
		if n := worth / c.Value; n > 0 {
			worth -= n * c.Value
			got = append(got, money.CoinCount{Coin: c, N: n})
		}
	}
	for _, cc := range got {
		def := q.RS.Items.CoinItem(cc.Coin.ID)
		placed, left := q.PlaceWith(who, def, cc.N)
		if _, lost := q.PutPlaced(placed, def, def.Label); left+lost > 0 {
			return "", false
		}
	}
	return money.List(got), true
}
