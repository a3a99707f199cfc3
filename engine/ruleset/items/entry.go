package itemrules

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// Item is an item definition: an entry of a catalog that holds items, or
// one the Game Master invented in the block's vocabulary.
type Item struct {
	Catalog string // "" for an invented item
	ID      string
	Label   string
	Summary string

	Category string
	Rarity   string
	Tags     []string
	// Stats holds each granted stat: float64 (number), string (text, enum,
	// dice) or bool (boolean).
	Stats map[string]any
	// Slots are how many of each slot the item takes, in block order.
	Slots []SlotUse
	// Stack is the most a stack holds; 0 means the default.
	Stack       int
	Cost        *Cost
	Service     bool
	Binds       bool
	Restriction string
	Cursed      bool
	Worn        *effectrules.Effect
	Carried     *effectrules.Effect
	Requires    []Requirement
	Toggle      *Toggle
	// HasCharges is set when the item holds charges (alone in its stack).
	HasCharges bool
	// Attack, Use, Charges and Sold are the later issues' keys as written.
	Attack  map[string]any
	Use     map[string]any
	Charges any
	Sold    map[string]any
	// AttackDef is the attack, typed (attack.go).
	AttackDef *Attack
	// UseDef and ChargeDef are the use and the charges, typed (use.go).
	UseDef    *Use
	ChargeDef *ItemCharges
	// Market is the item's own market keys (market.go).
	Market *ItemMarket

	// Invented is set for an item the Game Master made up in play.
	Invented bool
	// Coin is the coin's id when the item is one of the block's coins
	// (money.go); such an item has no catalog.
	Coin string
}

// SlotUse is how many of a slot an item takes.
type SlotUse struct {
	Slot  string
	Count int
}

// Cost is a whole number of one coin.
type Cost struct {
	Amount int
	Unit   string
}

// Toggle is an item's on/off switch.
type Toggle struct {
	Label  string
	Budget string
}

// Requirement is what an item requires of its wearer.
type Requirement struct {
	Value     valueref.Ref
	AtLeast   float64
	Otherwise *effectrules.Effect
}

// DefaultStack is how much a stack holds when an item does not say.
const DefaultStack = MaxStack

// Ref is "catalog/entry" for a catalog item, "coins:ID" for a coin, or
// the label of an invented one.
func (it *Item) Ref() string {
	if it.Coin != "" {
		return CoinRefPrefix + it.Coin
	}
	if it.Catalog == "" {
		return it.Label
	}
	return it.Catalog + "/" + it.ID
}

// StackLimit is the most one stack of the item holds: 1 for an item with
// charges, the item's stack, or the default.
func (it *Item) StackLimit() int {
	switch {
	case it.HasCharges:
		return 1
	case it.Stack > 0:
		return it.Stack
	}
	return DefaultStack
}

// TakesSlot reports whether the item takes up a slot.
func (it *Item) TakesSlot(id string) bool {
	for _, s := range it.Slots {
		if s.Slot == id {
			return true
		}
	}
	return false
}

// HasTag reports an item tag.
func (it *Item) HasTag(id string) bool { return slices.Contains(it.Tags, id) }

// Number reads a number stat the item grants.
func (it *Item) Number(stat string) (float64, bool) {
	f, ok := it.Stats[stat].(float64)
	return f, ok
}

// itemEntryKeys are an item entry's keys.
var itemEntryKeys = vocab.Keys("items.entry")

// itemEntryRefused are a choice entry's keys, refused in an item entry
// with a message of their own.
var itemEntryRefused = []string{"rows", "creature", "mechanics"}

// itemKeys are the keys of an entry's item block.
var itemKeys = vocab.Keys("items.item")

// serviceRefuses are what a service has nothing to do with.
var serviceRefuses = []string{"slots", "stack", "binds", "worn", "carried", "requires", "attack", "use", "charges"}

// ItemEntry validates an entry of a catalog that holds items and adds the
// item to the block's list.
func (v *Validator) ItemEntry(o validate.Obj) {
	for _, k := range itemEntryRefused {
		if o.Has(k) {
			o.Addf(k, "an item entry holds an \"item\" instead of %q; what an item does is written in its item block", k)
		}
	}
	o.Known(append(append([]string(nil), itemEntryKeys...), itemEntryRefused...)...)
	id, _ := o.M["id"].(string)
	label, _ := o.Str("label", 120, false)
	if label == "" {
		label = id
	}
	summary, _ := o.Str("summary", 2000, false)
	if !o.Require("item") {
		return
	}
	b := v.Vocab()
	if b == nil {
		o.Addf("item", `a catalog that holds items needs an "items" block at the top level: it declares the categories, stats and slots items are written in`)
		return
	}
	io, ok := o.Object("item")
	if !ok {
		return
	}
	it := v.item(io, b)
	it.ID, it.Label, it.Summary = id, label, summary
	it.Catalog = v.catalogOfPointer(o.At)
	if id != "" {
		b.Items = append(b.Items, it)
	}
}

// catalogOfPointer reads the catalog id from an entry's pointer
// (/catalogs/N/entries/M).
func (v *Validator) catalogOfPointer(at string) string {
	parts := strings.Split(at, "/")
	if len(parts) < 3 || parts[1] != "catalogs" {
		return ""
	}
	i, err := strconv.Atoi(parts[2])
	if err != nil {
		return ""
	}
	cats, _ := v.raw["catalogs"].([]any)
	if i < 0 || i >= len(cats) {
		return ""
	}
	c, _ := cats[i].(map[string]any)
	id, _ := c["id"].(string)
	return id
}

// item validates an item block (a catalog entry's "item"). Each part has
// its own reader, called in the order the block's problems are reported.
func (v *Validator) item(io validate.Obj, b *ItemsBlock) *Item {
	io.Known(itemKeys...)
	it := &Item{Stats: map[string]any{}}
	it.Category = itemCategory(io, b)
	it.Rarity = itemRarity(io, b)
	it.Tags = v.itemTags(io, b)
	v.grantedStats(io, b, it.Stats)
	it.Slots = itemSlots(io, b)
	it.Stack, _ = io.Int("stack", 1, MaxStack, 0)
	it.Cost = itemCost(io, b)
	it.Service, _ = io.Bool("service", false)
	if it.Service {
		serviceRefusals(io)
	}
	v.itemBinding(io, b, it)
	if raw, ok := io.M["worn"]; ok {
		it.Worn = v.EffectIn(io.Ptr("worn"), raw, effectrules.PlaceItem)
	}
	if raw, ok := io.M["carried"]; ok {
		it.Carried = v.EffectIn(io.Ptr("carried"), raw, effectrules.PlaceItem)
	}
	it.Requires = v.requirements(io)
	it.Toggle = itemToggle(io)
	v.itemCharges(io, it)
	laterItemKeys(io, it)
	v.itemUse(io, it)
	v.itemAttack(io, it)
	return it
}

// itemCategory reads the required category, which the block must declare.
func itemCategory(io validate.Obj, b *ItemsBlock) string {
	if !io.Require("category") {
		return ""
	}
	c, ok := io.Str("category", 64, true)
	if !ok {
		return ""
	}
	if b.Category(c) == nil {
		if b.unread["categories"] {
			return ""
		}
		io.Addf("category", "no category %q in the items block; declared: %v%s", c, namedIDs(b.Categories), validate.DidYouMean(c, namedIDs(b.Categories)))
		return ""
	}
	return c
}

// itemRarity reads the optional rarity: one the block declares, and only
// when the block declares rarities at all.
func itemRarity(io validate.Obj, b *ItemsBlock) string {
	r, ok := io.Str("rarity", 64, true)
	if !ok {
		return ""
	}
	switch {
	case b.unread["rarities"]:
	case len(b.Rarities) == 0:
		io.Addf("rarity", `an item can have a rarity only when the items block declares "rarities"`)
	case b.Rarity(r) == nil:
		io.Addf("rarity", "no rarity %q in the items block; declared: %v%s", r, namedIDs(b.Rarities), validate.DidYouMean(r, namedIDs(b.Rarities)))
	default:
		return r
	}
	return ""
}

// itemTags reads the item's tags: declared ids, each listed once.
func (v *Validator) itemTags(io validate.Obj, b *ItemsBlock) []string {
	arr, ok := io.Arr("tags", 0, MaxItemTags)
	if !ok {
		return nil
	}
	var tags []string
	for i, raw := range arr {
		t, isStr := raw.(string)
		switch {
		case !isStr:
			v.P.Addf(io.Ptr("tags", i), "want a tag id (a string), found %s", validate.TypeName(raw))
		case b.Tag(t) == nil && b.unread["tags"]:
		case b.Tag(t) == nil:
			v.P.Addf(io.Ptr("tags", i), "no tag %q in the items block; declared: %v%s", t, namedIDs(b.Tags), validate.DidYouMean(t, namedIDs(b.Tags)))
		case slices.Contains(tags, t):
			v.P.Addf(io.Ptr("tags", i), "tag %q is listed twice", t)
		default:
			tags = append(tags, t)
		}
	}
	return tags
}

// grantedStats reads the stats the item grants into stats: each names a
// declared stat and holds a value of its type. Ids are read in sorted
// order so that problems come in the same order every time.
func (v *Validator) grantedStats(io validate.Obj, b *ItemsBlock, stats map[string]any) {
	so, ok := io.Object("stats")
	if !ok {
		return
	}
	for _, id := range sortedAnyKeys(so.M) {
		sd := b.Stat(id)
		if sd == nil && b.unread["stats"] {
			continue
		}
		if sd == nil {
			so.Addf(id, "no item stat %q in the items block; declared: %v%s", id, statIDs(b), validate.DidYouMean(id, statIDs(b)))
			continue
		}
		if val, ok := StatValue(v.P, so.Ptr(id), so.M[id], sd); ok {
			stats[id] = val
		}
	}
}

// itemSlots reads how many of each slot the item takes, in block order
// (the order the Game Master's slot lines list them); an undeclared slot
// is reported after the declared ones.
func itemSlots(io validate.Obj, b *ItemsBlock) []SlotUse {
	so, ok := io.Object("slots")
	if !ok {
		return nil
	}
	if b.unread["slots"] {
		return nil
	}
	if len(b.Slots) == 0 {
		io.Addf("slots", `an item takes up slots only when the items block declares "slots"`)
		return nil
	}
	var out []SlotUse
	for _, sd := range b.Slots {
		if _, has := so.M[sd.ID]; !has {
			continue
		}
		n, ok := so.Int(sd.ID, 1, MaxSlotCount, 1)
		if !ok {
			continue
		}
		if n > sd.Count {
			so.Addf(sd.ID, "the item takes %d of slot %q, but a character has only %d", n, sd.ID, sd.Count)
			continue
		}
		out = append(out, SlotUse{Slot: sd.ID, Count: n})
	}
	for _, id := range sortedAnyKeys(so.M) {
		if b.Slot(id) == nil {
			so.Addf(id, "no slot %q in the items block; declared: %v%s", id, slotIDs(b), validate.DidYouMean(id, slotIDs(b)))
		}
	}
	return out
}

// itemCost reads { amount, unit }; the unit is a coin of the block's
// currencies. nil unless both parts are readable.
func itemCost(io validate.Obj, b *ItemsBlock) *Cost {
	co, ok := io.Object("cost")
	if !ok {
		return nil
	}
	co.Known(vocab.Keys("items.cost")...)
	c := &Cost{}
	required := co.Require("amount", "unit")
	c.Amount, _ = co.Int("amount", 0, 1_000_000_000, 0)
	if u, ok := co.Str("unit", 64, true); ok {
		coin, _ := b.Coin(u)
		switch {
		case coin != nil:
			c.Unit = u
		case len(b.Currencies) == 0:
			co.Addf("unit", `a cost names a coin of the block's "currencies", and the block declares none`)
		default:
			co.Addf("unit", "no coin %q in the block's currencies%s", u, validate.DidYouMean(u, coinIDs(b)))
		}
	}
	if required && c.Unit != "" {
		return c
	}
	return nil
}

// serviceRefusals reports what a service cannot have: a service is only
// ever bought, so carrying and using keys mean nothing on it.
func serviceRefusals(io validate.Obj) {
	for _, k := range serviceRefuses {
		if io.Has(k) {
			io.Addf(k, "a service is bought and never carried: it has a cost and nothing to do with carrying or using (%s)", strings.Join(serviceRefuses, ", "))
		}
	}
	if !io.Has("cost") {
		io.Addf("service", `a service has a "cost": buying it only pays`)
	}
}

// itemBinding reads "binds" as spec/items.md writes it: true (or {})
// for an item that binds, false for one that does not, or an object
// whose members describe the binding, { "restriction": "...", "cursed":
// true }. Only a ruleset with the block's "binding" has items that bind.
// "restriction" and "cursed" written beside "binds" are refused with
// where they go, so an older file says what to change.
func (v *Validator) itemBinding(io validate.Obj, b *ItemsBlock, it *Item) {
	for _, k := range []string{"restriction", "cursed"} {
		if io.Has(k) {
			io.Addf(k, `%q is a member of "binds": write "binds": { %q: %s }`, k, k, bindsExample(k))
		}
	}
	raw, ok := io.M["binds"]
	if !ok {
		return
	}
	switch bv := raw.(type) {
	case bool:
		it.Binds = bv
	case map[string]any:
		bo := validate.Obj{P: v.P, At: io.Ptr("binds"), M: bv}
		bo.Known(vocab.Keys("items.binds")...)
		it.Binds = true
		it.Restriction, _ = bo.Str("restriction", 200, true)
		it.Cursed, _ = bo.Bool("cursed", false)
	default:
		io.Addf("binds", `want true, false or { "restriction": "...", "cursed": true }, found %s`, validate.TypeName(raw))
		return
	}
	if b.Binding == nil && v.items["binding"] == nil && raw != false {
		io.Addf("binds", `only a ruleset with "binding" in its items block can have items that bind`)
	}
}

func bindsExample(k string) string {
	if k == "cursed" {
		return "true"
	}
	return `"..."`
}

// requirements reads what the item requires of its wearer.
func (v *Validator) requirements(io validate.Obj) []Requirement {
	arr, ok := io.Arr("requires", 1, MaxRequires)
	if !ok {
		return nil
	}
	var out []Requirement
	for i, raw := range arr {
		if rq, ok := v.requirement(io.Ptr("requires", i), raw); ok {
			out = append(out, rq)
		}
	}
	return out
}

// requirement reads { value, atLeast, otherwise }. The otherwise effect
// cannot change an ability, since the value required may read it.
func (v *Validator) requirement(at string, raw any) (Requirement, bool) {
	var rq Requirement
	ro, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return rq, false
	}
	ro.Known(vocab.Keys("items.requires")...)
	if !ro.Require("value", "atLeast") {
		return rq, false
	}
	rq.Value, _ = v.ValueRef(ro.Ptr("value"), ro.M["value"], valueref.AnyRead, "a requirement")
	rq.AtLeast, _ = ro.Float("atLeast", -1e9, 1e9, 0)
	if raw, ok := ro.M["otherwise"]; ok {
		rq.Otherwise = v.EffectIn(ro.Ptr("otherwise"), raw, effectrules.PlaceOtherwise)
	}
	return rq, true
}

// itemToggle reads the on/off switch { label, budget }. A toggle missing
// a part is kept, empty: the missing part is already reported.
func itemToggle(io validate.Obj) *Toggle {
	to, ok := io.Object("toggle")
	if !ok {
		return nil
	}
	to.Known(vocab.Keys("items.toggle")...)
	tg := &Toggle{}
	if to.Require("label", "budget") {
		tg.Label, _ = to.Str("label", 80, true)
		tg.Budget, _ = to.Str("budget", 64, true)
	}
	return tg
}

// itemCharges reads the charges' shape; an item with charges is alone in
// its stack, so a stack above 1 is refused.
func (v *Validator) itemCharges(io validate.Obj, it *Item) {
	raw, ok := io.M["charges"]
	if !ok {
		return
	}
	it.Charges = raw
	it.HasCharges = true
	v.charges(io.Ptr("charges"), raw)
	if it.Stack > 1 {
		io.Addf("stack", "an item with charges is alone in its stack: its stack is 1, not %d", it.Stack)
	}
}

// laterItemKeys keeps attack, use and sold as written: later issues
// give them meaning, so only their shape is checked now.
func laterItemKeys(io validate.Obj, it *Item) {
	if ao, ok := io.Object("attack"); ok {
		it.Attack = ao.M
	}
	if uo, ok := io.Object("use"); ok {
		it.Use = uo.M
	}
	if so, ok := io.Object("sold"); ok {
		so.Known(vocab.Keys("items.sold")...)
		it.Sold = so.M
	}
}

// charges reads the shape of an item's charges: 1 (a number from 1 to
// 100) or { max, recharge, breaksOn }. What spending them does is a later issue.
func (v *Validator) charges(at string, raw any) {
	if _, isNum := raw.(json.Number); isNum {
		validate.IntAt(v.P, at, raw, 1, 100, 1)
		return
	}
	co, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return
	}
	co.Known(vocab.Keys("items.charges")...)
	if !co.Require("max") {
		return
	}
	switch m := co.M["max"].(type) {
	case json.Number:
		co.Int("max", 1, 100, 1)
	case map[string]any:
		mo, _ := co.Object("max")
		mo.Known(vocab.Keys("items.charges.max")...)
		mo.Require("stat")
	default:
		co.Addf("max", "want a number from 1 to 100 or { \"stat\": id }, found %s", validate.TypeName(m))
	}
}

// StatValue reads a value a stat could hold: a number within its range
// (whole when integer), a text, a boolean, one of an enum's words, or dice.
func StatValue(p *validate.Problems, at string, raw any, sd *ItemStatDecl) (any, bool) {
	switch sd.Type {
	case "number":
		return statNumber(p, at, raw, sd)
	case "text":
		s, ok := raw.(string)
		if !ok {
			p.Addf(at, "stat %q is a text; found %s", sd.ID, validate.TypeName(raw))
			return nil, false
		}
		return s, true
	case "boolean":
		bv, ok := raw.(bool)
		if !ok {
			p.Addf(at, "stat %q is true or false; found %s", sd.ID, validate.TypeName(raw))
			return nil, false
		}
		return bv, true
	case "enum":
		s, ok := raw.(string)
		if !ok || !slices.Contains(sd.Values, s) {
			p.Addf(at, "stat %q is one of %v; found %s", sd.ID, sd.Values, validate.Describe(raw))
			return nil, false
		}
		return s, true
	case "dice":
		s, ok := raw.(string)
		if !ok {
			p.Addf(at, "stat %q is dice like \"1d6\"; found %s", sd.ID, validate.TypeName(raw))
			return nil, false
		}
		if _, err := dice.ParseNotation(s); err != nil {
			p.Addf(at, "stat %q: %v", sd.ID, err)
			return nil, false
		}
		return s, true
	}
	return nil, false
}
