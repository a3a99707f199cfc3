package itemrules

import (
	"slices"
	"strings"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Market is items.market (spec/items.md "Markets", "A market day",
// "Honest and dishonest sellers"): what each place size sells, at which
// price levels, by which sellers, and what they buy back.
type Market struct {
	Prices []PriceLevel
	Places []PlaceSize
	Sold   []SoldRule
	// Sellers is nil when anyone in a place sells what that place sells.
	Sellers []Seller
	// Unsold are filters for what no seller has among their wares.
	Unsold []ItemFilter
	// BuyBack is the fraction of the default price a seller pays; 0 when
	// nobody buys anything back.
	BuyBack float64
}

// PriceLevel is one price level: a multiplier on an item's cost.
type PriceLevel struct {
	ID, Label string
	Times     float64
	Default   bool
}

// PlaceSize is one place size, smallest first, with its day's till.
type PlaceSize struct {
	ID, Label string
	// Purse is the most its sellers pay in a day, all together; nil
	// when they buy without limit.
	Purse *Cost
}

// SoldRule says the smallest place that sells what a filter picks, and
// how many of it a place keeps available in a day.
type SoldRule struct {
	Filter ItemFilter
	// Place is a place size id ("" for a rule that names only a limit).
	Place   string
	Limited *Amount
}

// Seller is one kind of seller.
type Seller struct {
	ID, Label string
	// Sells are filters, any of which picks an item.
	Sells []ItemFilter
	// Place is the smallest place size that has one ("" for any place).
	Place string
	Only  *SellerOnly
	// Stock is the loot table rolled once a day for its odd lot ("" none).
	Stock  string
	Honest bool
	// Manner is a dishonest seller's own tell.
	Manner *Tell
}

// SellerOnly is whom a seller sells to: a sheet value of at least AtLeast,
// told to the Game Master as Label.
type SellerOnly struct {
	Value   valueref.Ref
	AtLeast float64
	Label   string
}

// Tell is a check that can give a fake (or a dishonest seller) away.
type Tell struct {
	// Check names exactly one of a skill, an ability or a sheet value
	// (its Difficulty is DC).
	Check Gate
	DC    int
	Says  string
	// Needs must all be met, and one of NeedsAny when any is listed.
	Needs, NeedsAny []Fits
	// Carries: whoever checks has one of these items in their own bag.
	Carries        []string
	AdvantageIf    []Fits
	DisadvantageIf []Fits
}

// ItemMarket is what an item says of itself for markets: its own sold,
// the risk an honest seller warns about, and, for a fake, the item it
// passes for, its tells and the means it fools.
type ItemMarket struct {
	HasSold     bool
	SoldPlace   string
	SoldLimited *Amount
	Risky       string
	PassesFor   string
	// ClaimsFake is set when passesFor is written, even when refused, so
	// that other checks do not report the item as no fake.
	ClaimsFake  bool
	Tells       []Tell
	FoolsReveal []string
}

// RevealMeans is one of items.revealsFakes: a spell or ritual that
// unmasks fakes (any fake, or only those with Tags or listed in Items).
type RevealMeans struct {
	ID, Label string
	Tags      []string
	Items     []string
}

// Detects reports whether the means detects this fake.
func (m *RevealMeans) Detects(fake *Item) bool {
	if len(m.Tags) == 0 && len(m.Items) == 0 {
		return true
	}
	for _, t := range m.Tags {
		if fake.HasTag(t) {
			return true
		}
	}
	return slices.Contains(m.Items, fake.Ref())
}

// Limits of markets (spec/items.md "Markets", "Identifying fakes").
// MaxSellers, MaxSoldRules, MaxFilters and MaxRevealMeans are the
// engine's own bounds (the spec gives none).
const (
	MaxPriceLevels = 8
	MaxPlaceSizes  = 12
	MaxTells       = 6
	MaxSellers     = 48
	MaxSoldRules   = 100
	MaxFilters     = 24
	MaxRevealMeans = 24
	MaxTellLines   = 8
	// DefaultPassiveBase is items.passiveBase without it.
	DefaultPassiveBase = 10
)

// IsFake reports an item that passes for another.
func (it *Item) IsFake() bool { return it.Market != nil && it.Market.PassesFor != "" }

// DefaultLevel is the market's default price level.
func (m *Market) DefaultLevel() *PriceLevel {
	for i := range m.Prices {
		if m.Prices[i].Default {
			return &m.Prices[i]
		}
	}
	return nil
}

// Level finds a price level by id or label, in any case.
func (m *Market) Level(name string) *PriceLevel {
	name = strings.TrimSpace(name)
	for i := range m.Prices {
		if strings.EqualFold(m.Prices[i].ID, name) || strings.EqualFold(m.Prices[i].Label, name) {
			return &m.Prices[i]
		}
	}
	return nil
}

// Place finds a place size by id or label, in any case; -1 when none.
func (m *Market) Place(name string) int {
	name = strings.TrimSpace(name)
	for i := range m.Places {
		if strings.EqualFold(m.Places[i].ID, name) || strings.EqualFold(m.Places[i].Label, name) {
			return i
		}
	}
	return -1
}

// PlaceIndex is the index of a place size id; -1 for "" (any place).
func (m *Market) PlaceIndex(id string) int {
	for i := range m.Places {
		if m.Places[i].ID == id {
			return i
		}
	}
	return -1
}

// Seller finds a seller by id or label, in any case.
func (m *Market) Seller(name string) *Seller {
	name = strings.TrimSpace(name)
	for i := range m.Sellers {
		if strings.EqualFold(m.Sellers[i].ID, name) || strings.EqualFold(m.Sellers[i].Label, name) {
			return &m.Sellers[i]
		}
	}
	return nil
}

// Reveal finds one of revealsFakes by id or label, in any case.
func (b *ItemsBlock) Reveal(name string) *RevealMeans {
	name = strings.TrimSpace(name)
	for i := range b.RevealsFakes {
		if strings.EqualFold(b.RevealsFakes[i].ID, name) || strings.EqualFold(b.RevealsFakes[i].Label, name) {
			return &b.RevealsFakes[i]
		}
	}
	return nil
}

// marketSection reads items.market, the identification keys and every
// item's market keys, once the catalogs and loot tables are known.
func (v *Validator) marketSection(o validate.Obj, b *ItemsBlock) {
	b.PassiveBase = DefaultPassiveBase
	b.WarnBy = "passive"
	if o.Has("namesItAt") {
		b.NamesItAt, _ = o.Int("namesItAt", 1, MaxDifficulty, 0)
	}
	if o.Has("passiveBase") {
		b.PassiveBase, _ = o.Int("passiveBase", 0, MaxDifficulty, DefaultPassiveBase)
	}
	b.WarnBy, _ = o.Enum("warnBy", "passive", "passive", "roll")
	b.RevealsFakes = v.revealsFakes(o, b)
	if mo, ok := o.Object("market"); ok {
		b.Market = v.market(mo, b)
	}
	v.itemMarketKeys(b)
	v.revealItemsAreFakes(o, b)
}

// market reads the market block.
func (v *Validator) market(mo validate.Obj, b *ItemsBlock) *Market {
	mo.Known(vocab.Keys("items.market")...)
	m := &Market{}
	if mo.Require("prices") {
		m.Prices = v.priceLevels(mo)
	}
	if mo.Require("places") {
		m.Places = v.placeSizes(mo, b)
	}
	if arr, ok := mo.Arr("sold", 0, MaxSoldRules); ok {
		for i, raw := range arr {
			if ro, ok := validate.AsObj(v.P, mo.Ptr("sold", i), raw); ok {
				if r, ok := soldRule(ro, b, m); ok {
					m.Sold = append(m.Sold, r)
				}
			}
		}
	}
	if mo.Has("sellers") {
		m.Sellers = v.sellers(mo, b, m)
	}
	if mo.Has("unsold") {
		m.Unsold = filterList(mo, "unsold", b)
	}
	if mo.Has("buyBack") {
		var ok bool
		m.BuyBack, ok = mo.Float("buyBack", 0, 1, 0)
		if ok && m.BuyBack <= 0 {
			mo.Addf("buyBack", "buyBack is a fraction above 0 and at most 1")
			m.BuyBack = 0
		}
	}
	return m
}

// priceLevels reads prices: 1 to 8 levels, times above 0, one default.
func (v *Validator) priceLevels(mo validate.Obj) []PriceLevel {
	arr, ok := mo.Arr("prices", 1, MaxPriceLevels)
	if !ok {
		return nil
	}
	var out []PriceLevel
	defaults := 0
	validate.EachIDObject(v.P, mo.Ptr("prices"), arr, func(po validate.Obj, id string) {
		po.Known(vocab.Keys("items.market.prices")...)
		pl := PriceLevel{ID: id, Label: validate.EntryLabel(po, id)}
		if po.Require("times") {
			pl.Times, _ = po.Float("times", 0, 1000, 1)
			if pl.Times <= 0 {
				po.Addf("times", "a price level's times is above 0")
			}
		}
		pl.Default, _ = po.Bool("default", false)
		if pl.Default {
			defaults++
		}
		out = append(out, pl)
	})
	if defaults != 1 {
		mo.Addf("prices", `exactly one price level is the "default": true; found %d`, defaults)
	}
	return out
}

// placeSizes reads places: 1 to 12 sizes, smallest first, each with an
// optional purse in one of the block's coins.
func (v *Validator) placeSizes(mo validate.Obj, b *ItemsBlock) []PlaceSize {
	arr, ok := mo.Arr("places", 1, MaxPlaceSizes)
	if !ok {
		return nil
	}
	var out []PlaceSize
	validate.EachIDObject(v.P, mo.Ptr("places"), arr, func(po validate.Obj, id string) {
		po.Known(vocab.Keys("items.market.places")...)
		ps := PlaceSize{ID: id, Label: validate.EntryLabel(po, id)}
		if co, ok := po.Object("purse"); ok {
			ps.Purse = purse(co, b)
		}
		for _, other := range out {
			if strings.EqualFold(other.Label, ps.Label) || strings.EqualFold(other.ID, ps.Label) {
				po.Addf("label", "two place sizes answer to %q: a [place:] size would be ambiguous", ps.Label)
			}
		}
		out = append(out, ps)
	})
	return out
}

// purse reads { amount, unit }: a whole number of one of the coins.
func purse(co validate.Obj, b *ItemsBlock) *Cost {
	co.Known(vocab.Keys("items.market.purse")...)
	if !co.Require("amount", "unit") {
		return nil
	}
	n, ok := co.Int("amount", 1, MaxStack, 1)
	unit := coinRefAt(co, "unit", b)
	if !ok || unit == "" {
		return nil
	}
	return &Cost{Amount: n, Unit: unit}
}

// soldRule reads { filter, place, limited }: a filter and a place, a
// limit or both.
func soldRule(ro validate.Obj, b *ItemsBlock, m *Market) (SoldRule, bool) {
	ro.Known(vocab.Keys("items.market.sold")...)
	var r SoldRule
	if !ro.Require("filter") {
		return r, false
	}
	f := itemFilter(ro, b)
	if f == nil {
		return r, false
	}
	r.Filter = *f
	place, lim, ok := placeAndLimit(ro, m)
	if !ro.Has("place") && !ro.Has("limited") {
		ro.Addf("", `a sold rule names a "place", a "limited" or both`)
		return r, false
	}
	r.Place, r.Limited = place, lim
	return r, ok
}

// placeAndLimit reads a rule's (or an item's) place and limited.
func placeAndLimit(o validate.Obj, m *Market) (string, *Amount, bool) {
	good := true
	place := ""
	if o.Has("place") {
		place = placeRef(o, "place", m)
		good = place != ""
	}
	var lim *Amount
	if o.Has("limited") {
		a, ok := amount(o, "limited", 0, MaxStack)
		if ok {
			lim = &a
		}
		good = good && ok
	}
	return place, lim, good
}

// placeRef reads a place size id at key.
func placeRef(o validate.Obj, key string, m *Market) string {
	id, ok := o.Str(key, 64, true)
	if !ok {
		return ""
	}
	if m != nil && len(m.Places) == 0 {
		return "" // the list itself was refused: its ids are unknown
	}
	if m == nil || m.PlaceIndex(id) < 0 {
		o.Addf(key, "no place size %q in items.market.places; declared: %v%s", id, placeIDs(m), validate.DidYouMean(id, placeIDs(m)))
		return ""
	}
	return id
}

func placeIDs(m *Market) []string {
	if m == nil {
		return nil
	}
	out := make([]string, len(m.Places))
	for i, p := range m.Places {
		out[i] = p.ID
	}
	return out
}

// sellers reads the kinds of seller.
func (v *Validator) sellers(mo validate.Obj, b *ItemsBlock, m *Market) []Seller {
	arr, ok := mo.Arr("sellers", 1, MaxSellers)
	if !ok {
		return nil
	}
	var out []Seller
	validate.EachIDObject(v.P, mo.Ptr("sellers"), arr, func(so validate.Obj, id string) {
		so.Known(vocab.Keys("items.market.sellers")...)
		s := Seller{ID: id, Label: validate.EntryLabel(so, id), Honest: true}
		if so.Require("sells") {
			s.Sells = filterList(so, "sells", b)
		}
		if so.Has("place") {
			s.Place = placeRef(so, "place", m)
		}
		if oo, ok := so.Object("only"); ok {
			s.Only = v.sellerOnly(oo)
		}
		if sto, ok := so.Object("stock"); ok {
			s.Stock = stockTable(sto, b)
		}
		s.Honest, _ = so.Bool("honest", true)
		if mno, ok := so.Object("manner"); ok {
			if s.Honest {
				so.Addf("manner", `a manner gives a dishonest seller away: it needs "honest": false`)
			}
			s.Manner = v.tell(mno, b)
		}
		out = append(out, s)
	})
	return out
}

// sellerOnly reads { value, atLeast, label }.
func (v *Validator) sellerOnly(oo validate.Obj) *SellerOnly {
	oo.Known(vocab.Keys("items.market.only")...)
	if !oo.Require("value", "atLeast", "label") {
		return nil
	}
	ref, ok := v.ValueRef(oo.Ptr("value"), oo.M["value"], valueref.AnyRead, "a seller's only")
	at, ok2 := oo.Float("atLeast", -1e9, 1e9, 0)
	label, ok3 := oo.Str("label", 200, true)
	if !ok || !ok2 || !ok3 {
		return nil
	}
	return &SellerOnly{Value: ref, AtLeast: at, Label: label}
}

// stockTable reads { table }: one of the block's loot tables.
func stockTable(sto validate.Obj, b *ItemsBlock) string {
	sto.Known(vocab.Keys("items.market.stock")...)
	if !sto.Require("table") {
		return ""
	}
	id, ok := sto.Str("table", 64, true)
	if !ok {
		return ""
	}
	if t := b.LootTable(id); t == nil || t.ID != id {
		sto.Addf("table", "no loot table %q in items.lootTables; declared: %v%s", id, lootIDs(b), validate.DidYouMean(id, lootIDs(b)))
		return ""
	}
	return id
}

// filterList reads a list of filters at key (1 to MaxFilters).
func filterList(o validate.Obj, key string, b *ItemsBlock) []ItemFilter {
	arr, ok := o.Arr(key, 1, MaxFilters)
	if !ok {
		return nil
	}
	var out []ItemFilter
	for i, raw := range arr {
		fo, ok := validate.AsObj(o.P, o.Ptr(key, i), raw)
		if !ok {
			continue
		}
		if f := filterObj(fo, b); f != nil {
			out = append(out, *f)
		}
	}
	return out
}

// filterObj reads one filter object { rarity, category, tag }, as a loot
// line's filter is read.
func filterObj(fo validate.Obj, b *ItemsBlock) *ItemFilter {
	fo.Known(vocab.Keys("items.filter")...)
	f := &ItemFilter{}
	good := true
	read := func(key string, find func(string) *Named, list []Named) string {
		id, ok := fo.Str(key, 64, true)
		if !ok {
			good = good && !fo.Has(key)
			return ""
		}
		if find(id) == nil {
			fo.Addf(key, "no %s %q in the items block; declared: %v%s", key, id, namedIDs(list), validate.DidYouMean(id, namedIDs(list)))
			good = false
			return ""
		}
		return id
	}
	f.Rarity = read("rarity", b.Rarity, b.Rarities)
	f.Category = read("category", b.Category, b.Categories)
	f.Tag = read("tag", b.Tag, b.Tags)
	if !fo.Has("rarity") && !fo.Has("category") && !fo.Has("tag") {
		fo.Addf("", `a filter names "rarity", "category" or "tag" (any of them)`)
		return nil
	}
	if !good {
		return nil
	}
	return f
}

// MatchesAny reports whether any filter picks the item. Unlike Matches
// for loot, a service can be sold.
func MatchesAny(fs []ItemFilter, it *Item) bool {
	for i := range fs {
		f := &fs[i]
		if it.Coin == "" && (f.Rarity == "" || it.Rarity == f.Rarity) &&
			(f.Category == "" || it.Category == f.Category) && (f.Tag == "" || it.HasTag(f.Tag)) {
			return true
		}
	}
	return false
}

// tell reads a tell or a manner: { check, dc, says, needs, needsAny,
// carries, advantageIf, disadvantageIf }.
func (v *Validator) tell(to validate.Obj, b *ItemsBlock) *Tell {
	to.Known(vocab.Keys("items.tell")...)
	if !to.Require("check", "dc", "says") {
		return nil
	}
	t := &Tell{}
	if co, ok := to.Object("check"); ok {
		v.gateCheck(co, &t.Check)
	}
	t.DC, _ = to.Int("dc", 1, MaxDifficulty, 1)
	t.Check.Difficulty = t.DC
	if v.outcomesByTotal() {
		v.warnf(to.Ptr("dc"), `this tell's dc has no effect: resolution.outcomes reads its bands by "total", the result whatever the difficulty (checks.md), so the tell is noticed on any successful band; to make it harder, read the bands by "margin"`)
	}
	t.Says, _ = to.Str("says", 300, true)
	t.Needs = v.fitsLines(to, "needs")
	t.NeedsAny = v.fitsLines(to, "needsAny")
	t.AdvantageIf = v.fitsLines(to, "advantageIf")
	t.DisadvantageIf = v.fitsLines(to, "disadvantageIf")
	if cr, ok := to.Object("carries"); ok {
		cr.Known(vocab.Keys("items.tell.carries")...)
		if cr.Require("anyOf") {
			if arr, ok := cr.Arr("anyOf", 1, MaxTellLines); ok {
				for i, raw := range arr {
					s, isStr := raw.(string)
					if !isStr {
						v.P.Addf(cr.Ptr("anyOf", i), "want an item as \"catalog/entry\", found %s", validate.TypeName(raw))
						continue
					}
					if ref := checkItemRef(v.P, cr.Ptr("anyOf", i), s, b); ref != "" {
						t.Carries = append(t.Carries, ref)
					}
				}
			}
		}
	}
	return t
}

// outcomesByTotal says whether the resolution's outcome bands are read
// on the result itself (by "total"), where a check's difficulty decides
// nothing: Blades' and PbtA's fixed bands.
func (v *Validator) outcomesByTotal() bool {
	r, _ := v.raw["resolution"].(map[string]any)
	o, _ := r["outcomes"].(map[string]any)
	by, _ := o["by"].(string)
	return by == "total"
}

// fitsLines reads a list of { value, atLeast } lines at key.
func (v *Validator) fitsLines(o validate.Obj, key string) []Fits {
	if !o.Has(key) {
		return nil
	}
	arr, ok := o.Arr(key, 1, MaxTellLines)
	if !ok {
		return nil
	}
	var out []Fits
	for i, raw := range arr {
		lo, ok := validate.AsObj(v.P, o.Ptr(key, i), raw)
		if !ok {
			continue
		}
		lo.Known(vocab.Keys("items.tell.line")...)
		if !lo.Require("value", "atLeast") {
			continue
		}
		ref, ok := v.ValueRef(lo.Ptr("value"), lo.M["value"], valueref.AnyRead, "a tell's "+key)
		at, ok2 := lo.Float("atLeast", -1e9, 1e9, 0)
		if ok && ok2 {
			out = append(out, Fits{Value: ref, AtLeast: at})
		}
	}
	return out
}

// revealsFakes reads items.revealsFakes: { id, label, tags, items }.
func (v *Validator) revealsFakes(o validate.Obj, b *ItemsBlock) []RevealMeans {
	arr, ok := o.Arr("revealsFakes", 1, MaxRevealMeans)
	if !ok {
		return nil
	}
	var out []RevealMeans
	validate.EachIDObject(v.P, o.Ptr("revealsFakes"), arr, func(ro validate.Obj, id string) {
		ro.Known(vocab.Keys("items.revealsFakes")...)
		rm := RevealMeans{ID: id, Label: validate.EntryLabel(ro, id)}
		if tags, ok := ro.Arr("tags", 1, MaxItemTags); ok {
			for i, raw := range tags {
				s, _ := raw.(string)
				if b.Tag(s) == nil {
					v.P.Addf(ro.Ptr("tags", i), "no tag %v in the items block; declared: %v", raw, namedIDs(b.Tags))
					continue
				}
				rm.Tags = append(rm.Tags, s)
			}
		}
		if refs, ok := ro.Arr("items", 1, MaxSoldRules); ok {
			for i, raw := range refs {
				s, isStr := raw.(string)
				if !isStr {
					v.P.Addf(ro.Ptr("items", i), "want an item as \"catalog/entry\", found %s", validate.TypeName(raw))
					continue
				}
				if ref := checkItemRef(v.P, ro.Ptr("items", i), s, b); ref != "" {
					rm.Items = append(rm.Items, ref)
				}
			}
		}
		out = append(out, rm)
	})
	return out
}

// revealItemsAreFakes refuses revealsFakes.items that are not fakes (the
// items' passesFor is read only after the list itself).
func (v *Validator) revealItemsAreFakes(o validate.Obj, b *ItemsBlock) {
	for ri, rm := range b.RevealsFakes {
		for ii, ref := range rm.Items {
			if it := b.ItemByRef(ref); it != nil && (it.Market == nil || !it.Market.ClaimsFake) {
				v.P.Addf(validate.Ptr(o.Ptr("revealsFakes"), ri, "items", ii), "%q is not a fake: revealsFakes.items names only items with passesFor", ref)
			}
		}
	}
}

// itemMarketKeys reads each catalog item's market keys (sold, risky,
// passesFor, tells, foolsReveal) from the file as written, then checks
// every fake against the item it passes for.
func (v *Validator) itemMarketKeys(b *ItemsBlock) {
	cats, _ := v.raw["catalogs"].([]any)
	type fake struct {
		at string
		it *Item
	}
	var fakes []fake
	for ci, rawCat := range cats {
		cat, _ := rawCat.(map[string]any)
		catID, _ := cat["id"].(string)
		entries, _ := cat["entries"].([]any)
		for ei, rawEntry := range entries {
			entry, _ := rawEntry.(map[string]any)
			io, isObj := entry["item"].(map[string]any)
			id, _ := entry["id"].(string)
			if !isObj || id == "" {
				continue
			}
			it := b.ItemByRef(catID + "/" + id)
			if it == nil || it.Market != nil {
				continue
			}
			o := validate.Obj{P: v.P, At: validate.Ptr("/catalogs", ci, "entries", ei, "item"), M: io}
			it.Market = v.itemMarket(o, it, b)
			if it.Market.PassesFor != "" {
				fakes = append(fakes, fake{o.At, it})
			}
		}
	}
	for _, f := range fakes {
		checkPassesFor(v.P, f.at+"/passesFor", f.it, b)
	}
}

// itemMarket reads one item's market keys.
func (v *Validator) itemMarket(o validate.Obj, it *Item, b *ItemsBlock) *ItemMarket {
	im := &ItemMarket{}
	if so, ok := o.M["sold"].(map[string]any); ok {
		im.HasSold = true
		sold := validate.Obj{P: v.P, At: o.Ptr("sold"), M: so}
		var m *Market
		if b.Market != nil {
			m = b.Market
		} else if sold.Has("place") {
			sold.Addf("place", "an item's sold.place names one of items.market.places, and the block has no market")
		}
		if m != nil {
			im.SoldPlace, im.SoldLimited, _ = placeAndLimit(sold, m)
		}
	}
	if o.Has("risky") {
		im.Risky, _ = o.Str("risky", 300, true)
	}
	if o.Has("passesFor") {
		im.ClaimsFake = true
		ref, _ := o.Str("passesFor", 200, true)
		if ref != "" {
			im.PassesFor = checkItemRef(v.P, o.Ptr("passesFor"), ref, b)
		}
	}
	if o.Has("tells") {
		if !o.Has("passesFor") {
			o.Addf("tells", `tells give a fake away: only an item with "passesFor" has them`)
		}
		if arr, ok := o.Arr("tells", 1, MaxTells); ok {
			for i, raw := range arr {
				if to, ok := validate.AsObj(v.P, o.Ptr("tells", i), raw); ok {
					if t := v.tell(to, b); t != nil {
						im.Tells = append(im.Tells, *t)
					}
				}
			}
		}
	}
	if o.Has("foolsReveal") {
		im.FoolsReveal = foolsReveal(o, b)
	}
	return im
}

// foolsReveal reads the revealsFakes ids a fake fools.
func foolsReveal(o validate.Obj, b *ItemsBlock) []string {
	if !o.Has("passesFor") {
		o.Addf("foolsReveal", `foolsReveal is a fake's: only an item with "passesFor" has it`)
	}
	arr, ok := o.Arr("foolsReveal", 1, MaxRevealMeans)
	if !ok {
		return nil
	}
	var out []string
	for i, raw := range arr {
		id, _ := raw.(string)
		found := false
		for _, rm := range b.RevealsFakes {
			found = found || rm.ID == id
		}
		if !found {
			o.P.Addf(o.Ptr("foolsReveal", i), "no means %v in items.revealsFakes", jsonText(raw))
			continue
		}
		out = append(out, id)
	}
	return out
}

func jsonText(raw any) string {
	b, _ := jsonin.Marshal(raw)
	return string(b)
}

// checkPassesFor checks a fake against its target: a real, saleable item
// of the same category, worn in the same slots, that binds if the fake
// binds (spec/items.md "Honest and dishonest sellers").
func checkPassesFor(p *validate.Problems, at string, fake *Item, b *ItemsBlock) {
	target := b.ItemByRef(fake.Market.PassesFor)
	if target == nil {
		return // already refused as a reference
	}
	switch {
	case target == fake:
		p.Addf(at, "a fake passes for another item, not itself")
	case target.IsFake():
		p.Addf(at, "%q is itself a fake: a fake passes for a real item", fake.Market.PassesFor)
	case target.Cost == nil || target.Service:
		p.Addf(at, "%q is not for sale (no cost, or a service): a fake passes for a saleable item", fake.Market.PassesFor)
	case target.Category != fake.Category:
		p.Addf(at, "%q is in category %q and this fake in %q: a fake passes for an item of its own category", fake.Market.PassesFor, target.Category, fake.Category)
	case !sameSlots(target.Slots, fake.Slots):
		p.Addf(at, "%q is worn in other slots than this fake: a fake is worn where the item it passes for is", fake.Market.PassesFor)
	case fake.Binds && !target.Binds:
		p.Addf(at, "this fake binds and %q does not: the item a fake passes for binds if the fake binds", fake.Market.PassesFor)
	}
}

func sameSlots(a, b []SlotUse) bool {
	if len(a) != len(b) {
		return false
	}
	for _, u := range a {
		found := false
		for _, w := range b {
			found = found || w == u
		}
		if !found {
			return false
		}
	}
	return true
}
