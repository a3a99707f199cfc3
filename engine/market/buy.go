package market

import (
	"errors"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/money"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

func init() {
	items.RegisterAction("buy", AnswerBuy)
}

// offer is one way to buy an item here: what goes in the bag (a fake,
// from a dishonest seller's odd lot), what it is sold as and priced at,
// who sells it (nil in a market without sellers) and whether it comes
// from the seller's odd lot.
type offer struct {
	item   *itemrules.Item
	shown  *itemrules.Item
	seller *itemrules.Seller
	stock  bool
}

// refusal is a refused market action: its code and the words.
type refusal struct {
	reason string
	more   []string
}

func refuse(reason string, more ...string) *refusal { return &refusal{reason, more} }

func (r *refusal) record(action string) record.Record {
	return record.Refused(action, r.reason, r.more...)
}

// AnswerBuy answers [inventory: action="buy" item="Hand axe" count="1"
// level="dear" seller="smith" who="Ada"]: the price at the place in
// force, paid from the buyer's bag with change, and the item added, all
// or nothing.
func AnswerBuy(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	rec, ref := buy(p, t, turn)
	if ref != nil {
		return ref.record("buy")
	}
	return rec
}

// purchase is a buy worked out before anything moves.
type purchase struct {
	who   int
	count int
	level *itemrules.PriceLevel
	o     offer
	price money.Amount
}

func buy(p *items.Party, t tag.Tag, turn items.Turn) (record.Record, *refusal) {
	pu, ref := plan(p, t)
	if ref != nil {
		return record.Record{}, ref
	}
	st := view(p)
	if pu.o.item.IsFake() && !st.Held[heldKey(pu)] {
		if who, what := notice(p, pu, turn); who >= 0 {
			partOf(p).hold(heldKey(pu))
			return record.Record{}, refuse(Held, "item", pu.o.shown.Label, "who", p.Members[pu.who].Name,
				"noticed", p.Members[who].Name+": "+what,
				"note", "play "+p.Members[who].Name+" warning the buyer in character, without accusing the seller to their face unless that is who they are, and let the buyer decide; asked again of this seller today, the purchase goes through")
		}
	}
	q := p.Clone()
	pm, err := money.Plan(q, pu.who, pu.price)
	if err != nil {
		var e *money.Error
		if errors.As(err, &e) {
			return record.Record{}, refuse(e.Reason, "item", pu.o.shown.Label, "price", pu.price.String(), "who", q.Members[pu.who].Name, "note", e.Note)
		}
		return record.Record{}, refuse("engine-error", "note", err.Error())
	}
	money.Apply(q, pm)
	if !pu.o.item.Service {
		placed, left := q.PlaceWith(pu.who, pu.o.item, pu.count)
		if _, lost := q.PutPlaced(placed, pu.o.item, pu.o.shown.Label); left+lost > 0 {
			return record.Record{}, refuse(CannotCarry, "item", pu.o.shown.Label, "who", q.Members[pu.who].Name,
				"note", q.Members[pu.who].Name+" cannot carry "+strconv.Itoa(pu.count)+" more "+pu.o.shown.Label+"; nothing was paid")
		}
	}
	took(partOf(q), pu)
	*p = *q
	rec := record.New("inventory")
	rec.Add("action", "buy")
	rec.Add("item", pu.o.shown.Label)
	rec.AddInt("count", pu.count)
	rec.Add("price", pu.price.String())
	rec.Add("level", pu.level.Label)
	if pu.o.seller != nil {
		rec.Add("seller", pu.o.seller.Label)
	}
	rec.Add("who", p.Members[pu.who].Name)
	rec.Add("paidWith", money.List(pm.Paid))
	if len(pm.Change) > 0 {
		rec.Add("change", money.List(pm.Change))
	}
	rec.Add("reply", pm.Words())
	return rec, nil
}

// took counts the purchase against the day: the odd lot or the limit.
func took(st *Part, pu purchase) {
	ref := pu.o.item.Ref()
	if pu.o.stock {
		st.Stock[pu.o.seller.ID][ref] -= pu.count
		return
	}
	if n, limited := st.Limits[ref]; limited {
		st.Limits[ref] = n - pu.count
	}
}

func heldKey(pu purchase) string {
	return pu.o.seller.ID + "|" + pu.o.item.Ref() + "|" + strconv.Itoa(pu.who)
}

func (m *Part) hold(key string) {
	if m.Held == nil {
		m.Held = map[string]bool{}
	}
	m.Held[key] = true
}

// plan reads a buy and works out what it would do, in the spec's order
// of refusals, changing nothing.
func plan(p *items.Party, t tag.Tag) (purchase, *refusal) {
	var pu purchase
	m := marketOf(p)
	if m == nil {
		return pu, refuse(NoMarket, "note", "this ruleset has no market: pay and add instead")
	}
	st := view(p)
	if st.Size < 0 {
		return pu, refuse(NoPlace, "note", `no place with a market is in force: state it first with [place: name="..." size="`+m.Places[0].Label+`"]`)
	}
	lv, ref := readLevel(m, t)
	if ref != nil {
		return pu, ref
	}
	pu.level = lv
	b := p.RS.Items
	name := itemName(t)
	shown := lookup(b, name)
	if shown == nil {
		return pu, refuse(UnknownItem, "item", name, "note", "no item of that name in this ruleset")
	}
	var seller *itemrules.Seller
	if sn := strings.TrimSpace(t.Value("seller")); sn != "" {
		if seller = m.Seller(sn); seller == nil {
			return pu, refuse(UnknownSeller, "seller", sn, "note", "sellers: "+sellerLabels(m))
		}
	}
	if pu.count, ref = readCount(t); ref != nil {
		return pu, ref
	}
	who, _, _ := p.Who(t, "buy")
	if who < 0 {
		return pu, refuse("unknown-who", "who", t.Value("who"), "note", "who= names a character of the party")
	}
	pu.who = who
	if !saleable(b, shown) && !(shown.Service && shown.Cost != nil) {
		return pu, refuse(NotForSale, "item", shown.Label, "note", shown.Label+" has no price: it is not for sale")
	}
	o, ref := find(p, m, st, shown, seller, who, pu.count)
	if ref != nil {
		return pu, ref
	}
	pu.o = o
	price, ok := Price(b, o.shown, lv.Times, pu.count)
	if !ok {
		return pu, refuse(NotForSale, "item", shown.Label)
	}
	pu.price = price
	return pu, nil
}

// find is the offer a purchase takes: the named seller's (or the first
// seller's here who offers it), refused by the spec's codes in order.
func find(p *items.Party, m *itemrules.Market, st *Part, shown *itemrules.Item, named *itemrules.Seller, who, count int) (offer, *refusal) {
	offers := offersHere(p.RS.Items, m, st, shown, named)
	if len(offers) == 0 {
		if place, _ := soldAt(m, shown); place > st.Size {
			return offer{}, refuse(NotHere, "item", shown.Label, "note", "a "+m.Places[st.Size].Label+" does not sell "+shown.Label+"; a "+m.Places[place].Label+" does")
		}
		if named != nil {
			return offer{}, refuse(NoSeller, "item", shown.Label, "seller", named.Label, "note", "no "+named.Label+" here sells "+shown.Label)
		}
		return offer{}, refuse(NoSeller, "item", shown.Label, "note", "nobody here sells "+shown.Label)
	}
	var only *itemrules.SellerOnly
	for _, o := range offers {
		if o.seller != nil && o.seller.Only != nil && p.Character(who).Value(o.seller.Only.Value) < o.seller.Only.AtLeast {
			only = o.seller.Only
			continue
		}
		if left, limited := remaining(st, o); limited && left < count {
			return offer{}, refuse(SoldOut, "item", shown.Label, "remaining", strconv.Itoa(max(left, 0)), "note", "sold out for today; a new day restocks")
		}
		return o, nil
	}
	return offer{}, refuse(NotToYou, "item", shown.Label, "who", p.Members[who].Name, "note", "sold only to "+only.Label)
}

// remaining is how many of an offer are left today, when it is limited.
func remaining(st *Part, o offer) (int, bool) {
	if o.stock {
		return st.Stock[o.seller.ID][o.item.Ref()], true
	}
	n, ok := st.Limits[o.item.Ref()]
	return n, ok
}

// offersHere lists the ways to buy shown at the place in force: from a
// named seller, a dishonest seller's fake first (only when named), then
// its odd lot, then what it sells; without a name, every seller there in
// the market's order, never a fake.
func offersHere(b *itemrules.ItemsBlock, m *itemrules.Market, st *Part, shown *itemrules.Item, named *itemrules.Seller) []offer {
	place, _ := soldAt(m, shown)
	shelf := place <= st.Size
	if len(m.Sellers) == 0 {
		if shelf && !itemrules.MatchesAny(m.Unsold, shown) {
			return []offer{{item: shown, shown: shown}}
		}
		return nil
	}
	var out []offer
	for i := range m.Sellers {
		sl := &m.Sellers[i]
		if named != nil && sl != named || !sellerHere(m, sl, st.Size) {
			continue
		}
		if named != nil && !sl.Honest {
			for _, ref := range st.Order[sl.ID] {
				if it := b.ItemByRef(ref); it != nil && it.IsFake() && it.Market.PassesFor == shown.Ref() && st.Stock[sl.ID][ref] > 0 {
					out = append(out, offer{item: it, shown: shown, seller: sl, stock: true})
				}
			}
		}
		if _, has := st.Stock[sl.ID][shown.Ref()]; has && !shown.IsFake() {
			out = append(out, offer{item: shown, shown: shown, seller: sl, stock: true})
			continue
		}
		if shelf && sellsKind(m, sl, shown) {
			out = append(out, offer{item: shown, shown: shown, seller: sl})
		}
	}
	return out
}

// readLevel reads level= (the default level without it).
func readLevel(m *itemrules.Market, t tag.Tag) (*itemrules.PriceLevel, *refusal) {
	name := strings.TrimSpace(t.Value("level"))
	if name == "" {
		return m.DefaultLevel(), nil
	}
	if lv := m.Level(name); lv != nil {
		return lv, nil
	}
	return nil, refuse(UnknownLevel, "level", name, "note", "price levels: "+levelLabels(m))
}

// readCount reads count= (1 without it).
func readCount(t tag.Tag) (int, *refusal) {
	raw := strings.TrimSpace(t.Value("count"))
	if raw == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil {
		// Not an integer: the record's count= is one, so the text the
		// Game Master wrote goes in the note instead.
		return 0, refuse(BadCount, "note", "count="+strconv.Quote(raw)+" is not a whole number from 1 to 999999")
	}
	if n < 1 || n > itemrules.MaxStack {
		return 0, refuse(BadCount, "count", raw, "note", "count= is a whole number from 1 to 999999")
	}
	return n, nil
}

// itemName is item= (or name=), trimmed.
func itemName(t tag.Tag) string {
	if n := strings.TrimSpace(t.Value("item")); n != "" {
		return n
	}
	return strings.TrimSpace(t.Value("name"))
}

// lookup finds one of the ruleset's items by label, then by reference.
func lookup(b *itemrules.ItemsBlock, name string) *itemrules.Item {
	if name == "" {
		return nil
	}
	if it := b.ItemByLabel(name); it != nil {
		return it
	}
	return b.ItemByRef(name)
}

func sellerLabels(m *itemrules.Market) string {
	out := make([]string, len(m.Sellers))
	for i, s := range m.Sellers {
		out[i] = s.Label
	}
	return strings.Join(out, ", ")
}

func levelLabels(m *itemrules.Market) string {
	out := make([]string, len(m.Prices))
	for i, l := range m.Prices {
		out[i] = l.Label
	}
	return strings.Join(out, ", ")
}
