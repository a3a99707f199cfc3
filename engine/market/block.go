package market

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/record"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// WaresShown is how many of what a seller sells the MARKET block lists
// ("a dozen"), cheapest first; anything else they sell can still be
// bought by name.
const WaresShown = 12

// View is the MARKET block as data: what the Game Master sees while the
// scene is in a place with a market. A formatter renders it (Render);
// the prompt builds on it.
type View struct {
	Place   string       `json:"place"`
	Size    string       `json:"size"`
	Day     int          `json:"day"`
	Levels  []LevelView  `json:"levels"`
	Sellers []SellerView `json:"sellers"`
	// BuyBack is the fraction of the default price sellers pay (0: they
	// buy nothing back); TillLeft what remains of the day's till, in
	// Till's words ("" without a purse).
	BuyBack  float64 `json:"buyBack,omitempty"`
	Till     string  `json:"till,omitempty"`
	TillLeft string  `json:"tillLeft,omitempty"`
}

// LevelView is one price level.
type LevelView struct {
	Label   string  `json:"label"`
	Times   float64 `json:"times"`
	Default bool    `json:"default,omitempty"`
}

// SellerView is one seller here ("anyone" in a market without sellers):
// a dozen of its wares at the default level and today's odd lot.
type SellerView struct {
	Label  string     `json:"label"`
	Only   string     `json:"only,omitempty"`
	Honest bool       `json:"honest"`
	Wares  []WareView `json:"wares"`
	Stock  []WareView `json:"stock,omitempty"`
	More   int        `json:"more,omitempty"`
}

// WareView is one ware: its name, price at the default level, what
// remains today when it is limited (-1: unlimited), an honest seller's
// warning and, for a fake, the truth.
type WareView struct {
	Item  string `json:"item"`
	Price string `json:"price"`
	Left  int    `json:"left"`
	Warn  string `json:"warn,omitempty"`
	Truly string `json:"truly,omitempty"`
	worth int
}

// Block is the MARKET block for the place in force, false when no place
// with a market is.
func Block(p *items.Party) (View, bool) {
	m := marketOf(p)
	st := view(p)
	if m == nil || st.Size < 0 {
		return View{}, false
	}
	b := p.RS.Items
	v := View{Place: st.Place, Size: m.Places[st.Size].Label, Day: st.Day, BuyBack: m.BuyBack}
	for _, l := range m.Prices {
		v.Levels = append(v.Levels, LevelView{Label: l.Label, Times: l.Times, Default: l.Default})
	}
	def := m.DefaultLevel().Times
	shelf := shelfHere(b, m, st, def)
	if len(m.Sellers) == 0 {
		v.Sellers = append(v.Sellers, sellerView(b, m, st, nil, def, shelf))
	}
	for i := range m.Sellers {
		if sl := &m.Sellers[i]; sellerHere(m, sl, st.Size) {
			v.Sellers = append(v.Sellers, sellerView(b, m, st, sl, def, shelf))
		}
	}
	if pur := m.Places[st.Size].Purse; pur != nil {
		coin, fam := b.Coin(pur.Unit)
		v.Till = strconv.Itoa(pur.Amount) + " " + coin.Name(pur.Amount)
		left := max(pur.Amount*coin.Value-st.Till, 0)
		v.TillLeft = worthText(fam, coin, left)
	}
	return v, true
}

// shelved is a ware of the place's shelves and the item it is.
type shelved struct {
	it *itemrules.Item
	w  WareView
}

// shelfHere is everything the place sells by the market's rules, priced
// at the default level, cheapest first (then by name): worked out once
// for all the sellers there.
func shelfHere(b *itemrules.ItemsBlock, m *itemrules.Market, st *Part, times float64) []*shelved {
	all := make([]shelved, 0, len(b.Items))
	for _, it := range b.Items {
		if !saleable(b, it) && !(it.Service && it.Cost != nil) {
			continue
		}
		if place, _ := soldAt(m, it); place > st.Size {
			continue
		}
		if w, ok := ware(b, st, true, it, it, times); ok {
			all = append(all, shelved{it, w})
		}
	}
	out := make([]*shelved, len(all))
	for i := range all {
		out[i] = &all[i]
	}
	slices.SortStableFunc(out, func(x, y *shelved) int {
		if x.w.worth != y.w.worth {
			return x.w.worth - y.w.worth
		}
		return strings.Compare(x.w.Item, y.w.Item)
	})
	return out
}

// sellerView lists a seller's wares: a dozen of what it sells here,
// cheapest first, and today's odd lot.
func sellerView(b *itemrules.ItemsBlock, m *itemrules.Market, st *Part, sl *itemrules.Seller, times float64, shelf []*shelved) SellerView {
	sv := SellerView{Label: "anyone here", Honest: true}
	if sl != nil {
		sv.Label, sv.Honest = sl.Label, sl.Honest
		if sl.Only != nil {
			sv.Only = sl.Only.Label
		}
	}
	for _, s := range shelf {
		if sl != nil && !sellsKind(m, sl, s.it) || sl == nil && itemrules.MatchesAny(m.Unsold, s.it) {
			continue
		}
		if len(sv.Wares) == WaresShown {
			sv.More++
			continue
		}
		w := s.w
		if !sv.Honest {
			w.Warn = "" // a dishonest seller says nothing
		}
		sv.Wares = append(sv.Wares, w)
	}
	if sl != nil {
		for _, ref := range st.Order[sl.ID] {
			it := b.ItemByRef(ref)
			shown := it
			if it.IsFake() {
				shown = b.ItemByRef(it.Market.PassesFor)
			}
			if w, ok := ware(b, st, sv.Honest, it, shown, times); ok {
				w.Left = st.Stock[sl.ID][ref]
				sv.Stock = append(sv.Stock, w)
			}
		}
	}
	return sv
}

// ware is one line of wares: it (what it is) sold as shown.
func ware(b *itemrules.ItemsBlock, st *Part, honest bool, it, shown *itemrules.Item, times float64) (WareView, bool) {
	price, ok := Price(b, shown, times, 1)
	if !ok {
		return WareView{}, false
	}
	w := WareView{Item: shown.Label, Price: price.String(), Left: -1, worth: price.Worth()}
	if n, limited := st.Limits[it.Ref()]; limited {
		w.Left = max(n, 0)
	}
	if it.Market != nil && it.Market.Risky != "" && honest {
		w.Warn = it.Market.Risky
	}
	if it != shown {
		w.Truly = it.Label
	}
	return w, true
}

// worthText names a worth in the family's coins, largest first
// ("1 crown, 4 shillings"), or in the given coin when it pays exactly.
func worthText(fam *itemrules.Currency, pref *itemrules.Coin, worth int) string {
	if worth == 0 {
		return "0 " + pref.Name(0)
	}
	if worth%pref.Value == 0 {
		return strconv.Itoa(worth/pref.Value) + " " + pref.Name(worth/pref.Value)
	}
	var parts []string
	for _, c := range fam.Descending() {
		if n := worth / c.Value; n > 0 {
			worth -= n * c.Value
			parts = append(parts, strconv.Itoa(n)+" "+c.Name(n))
		}
	}
	return strings.Join(parts, ", ")
}

// Lines are the block's lines, as the plain formatter prints them.
func (v View) Lines() []string {
	lines := []string{fmt.Sprintf("%s, a %s (market day %d)", v.Place, v.Size, v.Day)}
	var lv []string
	for _, l := range v.Levels {
		s := l.Label + " ×" + strconv.FormatFloat(l.Times, 'f', -1, 64)
		if l.Default {
			s += " (default)"
		}
		lv = append(lv, s)
	}
	lines = append(lines, "Price levels: "+strings.Join(lv, ", "))
	for _, s := range v.Sellers {
		head := s.Label
		if s.Only != "" {
			head += " (sells only to " + s.Only + ")"
		}
		lines = append(lines, head+":")
		for _, w := range s.Wares {
			lines = append(lines, "- "+w.text())
		}
		if s.More > 0 {
			lines = append(lines, fmt.Sprintf("- and %d more, bought by name", s.More))
		}
		if len(s.Stock) > 0 {
			lines = append(lines, "  in stock today:")
			for _, w := range s.Stock {
				lines = append(lines, "  - "+w.text())
			}
		}
	}
	if v.BuyBack > 0 {
		s := fmt.Sprintf("Sellers here buy back what they sell at %s of its %s price", fraction(v.BuyBack), defaultLabel(v.Levels))
		if v.Till != "" {
			s += fmt.Sprintf("; today's till: %s, %s left", v.Till, v.TillLeft)
		}
		lines = append(lines, s+".")
	} else {
		lines = append(lines, "Nobody here buys anything back.")
	}
	return lines
}

func (w WareView) text() string {
	s := w.Item + ", " + w.Price
	switch {
	case w.Left == 0:
		s += " (sold out today)"
	case w.Left > 0:
		s += fmt.Sprintf(" (%d left today)", w.Left)
	}
	if w.Warn != "" {
		s += " (warn the buyer first: " + w.Warn + ")"
	}
	if w.Truly != "" {
		s += " (truly " + w.Truly + ": a fake this seller passes off)"
	}
	return s
}

func fraction(f float64) string {
	if f == 0.5 {
		return "half"
	}
	return strconv.FormatFloat(f*100, 'f', -1, 64) + "%"
}

func defaultLabel(ls []LevelView) string {
	for _, l := range ls {
		if l.Default {
			return l.Label
		}
	}
	return "default"
}

// Render prints the block through a formatter (record.Plain, or a
// plugin's): its name and its lines.
func (v View) Render(f record.Formatter) string {
	return f.Block("MARKET", v.Lines())
}
