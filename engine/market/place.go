package market

import (
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/loot"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

// Refusal reasons of [place:] and of the market's actions (docs/tags.md).
// The spec's codes are kept as written; NoMarket, GMOnly, NoName,
// UnknownSize, BadDay, UnknownSeller, CannotCarry, NoneOnHand, Cursed,
// BadCount and NotAFake are the engine's own.
const (
	NoMarket      = "no-market"      // the ruleset has no market
	GMOnly        = "gm-only"        // a player's [place:] never counts
	NoName        = "no-name"        // [place:] without name=
	UnknownSize   = "unknown-size"   // size= names no place size of the ruleset
	BadDay        = "bad-day"        // day= other than "new"
	NoPlace       = "no-place"       // no place stated, or one without a market
	UnknownLevel  = "unknown-level"  // level= names no price level
	UnknownItem   = "unknown-item"   // item= names no item of the ruleset
	UnknownSeller = "unknown-seller" // seller= names no seller of the ruleset (the spec gives no code)
	NotForSale    = "not-for-sale"   // the item has no price
	NotHere       = "not-here"       // the place is too small for the item
	NoSeller      = "no-seller"      // nobody here sells it
	NotToYou      = "not-to-you"     // the buyer does not meet the seller's only
	CannotAfford  = "cannot-afford"  // the bag cannot pay
	SoldOut       = "sold-out"       // the day's limited items or odd lot ran out
	CannotCarry   = "cannot-carry"   // the bag cannot carry what comes in
	Held          = "held"           // a companion noticed the fake before anyone paid
	NotBought     = "not-bought"     // nobody here buys it
	PurseSpent    = "purse-spent"    // the day's till cannot pay it
	NoneOnHand    = "none-on-hand"   // the seller holds none (loose) of it
	Cursed        = "cursed"         // a bound cursed item is never sold
	BadCount      = "bad-count"      // count= is not a whole number from 1 to 999999
)

func init() {
	items.RegisterTag("place", AnswerPlace)
	// A reply's places are answered before its purchases: a purchase is
	// priced at the place in force when the reply ends.
	items.RegisterEarly("place")
}

// AnswerPlace answers [place: name="Millbrook" size="market town" day="new"]:
// the place in force from here on. A new place, a new size or day="new"
// starts a new day, whose shelf is rolled on the day's own stream
// (dayStream), not the tag's: a regenerated reply that starts the same
// day rolls the same shelf whatever else its text says.
func AnswerPlace(p *items.Party, t tag.Tag, turn items.Turn) record.Record {
	m := marketOf(p)
	name := strings.TrimSpace(t.Value("name"))
	sizeName := strings.TrimSpace(t.Value("size"))
	day := strings.ToLower(strings.TrimSpace(t.Value("day")))
	switch {
	case turn.Actor != items.GM:
		return record.Refused("place", GMOnly, "note", "only the Game Master says where the party is; a place the player types never counts")
	case m == nil:
		return record.Refused("place", NoMarket, "note", "this ruleset has no market")
	case name == "":
		return record.Refused("place", NoName, "note", `name the place: [place: name="Millbrook" size="`+m.Places[0].Label+`"]`)
	case day != "" && day != "new":
		return record.Refused("place", BadDay, "day", t.Value("day"), "note", `day="new" starts a new day in the same place; leave it out otherwise`)
	}
	size := -1
	if sizeName != "" {
		if size = m.Place(sizeName); size < 0 {
			return record.Refused("place", UnknownSize, "size", sizeName, "note", "place sizes: "+placeLabels(m))
		}
	}
	st := partOf(p)
	if day == "new" || !strings.EqualFold(st.Place, name) || st.Size != size || st.Day == 0 {
		startDay(p, st, turn)
	}
	st.Place, st.Size = name, size
	if size >= 0 {
		rollShelf(p, m, st, size, dayStream(turn, st))
	}
	rec := record.New("place")
	rec.Add("name", name)
	if size >= 0 {
		rec.Add("size", m.Places[size].Label)
	} else {
		rec.Add("size", "none")
	}
	rec.AddInt("day", st.Day)
	return rec
}

// dayOrdinal keeps a day's stream apart from every tag's (a tag's
// ordinal is its position in a reply, far below this).
const dayOrdinal = 1 << 40

// dayStream is the stream a day's shelf is rolled on: the session's
// seed, the reply that started the day and the day's number, so the same
// day replayed or regenerated rolls the same shelf and a new day, even
// one started in the same reply, rolls afresh.
func dayStream(turn items.Turn, st *Part) dice.Stream {
	return dice.New(turn.Seed, st.Start, dayOrdinal+st.Day)
}

// startDay clears what the last day saw.
func startDay(p *items.Party, st *Part, turn items.Turn) {
	st.Day++
	st.Start = turn.Index
	st.Limits, st.Stock, st.Order, st.Held, st.Tried = nil, nil, nil, nil, nil
	st.Till = 0
	st.Rolled = false
}

// rollShelf rolls the day's shelf once a day, at the first [place:] of
// the day that names a size with a market. The order it draws is part of
// the contract: each limited item's limit in catalog order, then each
// seller's odd lot there in the market's order (loot.Roll's own order).
func rollShelf(p *items.Party, m *itemrules.Market, st *Part, size int, s dice.Stream) {
	if st.Rolled {
		return
	}
	st.Rolled = true
	b := p.RS.Items
	st.Limits = map[string]int{}
	for _, it := range b.Items {
		if !saleable(b, it) {
			continue
		}
		if _, lim := soldAt(m, it); lim != nil {
			st.Limits[it.Ref()] = lim.Roll(s)
		}
	}
	for i := range m.Sellers {
		sl := &m.Sellers[i]
		if sl.Stock == "" || !sellerHere(m, sl, size) {
			continue
		}
		_, drops := loot.Roll(b, b.LootTable(sl.Stock), s)
		for _, d := range drops {
			if !stockable(b, sl, d.Item) {
				continue
			}
			if st.Stock == nil {
				st.Stock, st.Order = map[string]map[string]int{}, map[string][]string{}
			}
			if st.Stock[sl.ID] == nil {
				st.Stock[sl.ID] = map[string]int{}
			}
			if _, seen := st.Stock[sl.ID][d.Item.Ref()]; !seen {
				st.Order[sl.ID] = append(st.Order[sl.ID], d.Item.Ref())
			}
			st.Stock[sl.ID][d.Item.Ref()] += d.Count
		}
	}
}

// stockable reports an item a seller's odd lot may hold: items only,
// never coins or a cursed item; a fake only in a dishonest seller's lot,
// and only when what it passes for has a price; anything else only when
// it has a price itself.
func stockable(b *itemrules.ItemsBlock, sl *itemrules.Seller, it *itemrules.Item) bool {
	switch {
	case it == nil || it.Coin != "" || it.Cursed || it.Service:
		return false
	case it.IsFake():
		return !sl.Honest && saleable(b, b.ItemByRef(it.Market.PassesFor))
	}
	return saleable(b, it)
}

// marketOf is the ruleset's market, nil without one.
func marketOf(p *items.Party) *itemrules.Market {
	if p.RS == nil || p.RS.Items == nil {
		return nil
	}
	return p.RS.Items.Market
}

func placeLabels(m *itemrules.Market) string {
	out := make([]string, len(m.Places))
	for i, pl := range m.Places {
		out[i] = pl.Label
	}
	return strings.Join(out, ", ")
}
