package itemrules

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// ItemsBlock is the ruleset's items block (spec/items.md "The items
// block"): the vocabulary every item of the ruleset is written in, plus
// the items its catalogs list, in catalog order (the first listed wins a
// shared label).
type ItemsBlock struct {
	Categories []Named
	Rarities   []Named
	Tags       []Named
	Stats      []ItemStatDecl
	Slots      []SlotDecl
	Binding    *Binding
	Carry      *Carry
	Currencies []Currency
	RarityCaps []RarityCap
	// Propose is false when the GM may not invent items (default true).
	Propose bool
	// Native is false when Game Mode's own untyped items are off (default true).
	Native bool
	// Freeform is what an item the player types becomes: "plain" or "refuse".
	Freeform string

	// Items are every catalog item, in the order the catalogs list them.
	Items []*Item
	// Coins are the block's coins as items, one per coin in family order
	// (money.go): coins are carried in the bags like any item.
	Coins []*Item
	// LootTables (loot.go) and StartingGear (gear.go) are the
	// block's loot tables and starting gear, validated at import.
	LootTables   []LootTable
	StartingGear []GearSet
	// Market and the identification keys (market.go).
	Market       *Market
	NamesItAt    int
	PassiveBase  int
	WarnBy       string
	RevealsFakes []RevealMeans

	// Raw is the block as written, for the later issues' keys (lootTables,
	// startingGear, market) that the engine does not model yet.
	Raw map[string]any

	// refs are itemRefs' answer for the first refsOf items, kept: a file
	// with many bad refs would otherwise list every item for each.
	refs   []string
	refsOf int

	// complete is set once binding, carry and rarityCaps were read; they
	// read derived values, which exist only after the vocabulary pass.
	complete bool
	// unread holds the block's lists that failed to read (see
	// noteUnreadBlock): the ids they would declare are not reported
	// missing on every item.
	unread map[string]bool
}

// Named is an id and its label.
type Named struct {
	ID    string
	Label string
}

// ItemStatDecl is one of the block's stats, declared like a list column.
type ItemStatDecl struct {
	ID    string
	Label string
	Type  string // number, text, boolean, enum, dice
	// Min and Max bound a number stat; nil is unbounded on that side.
	Min, Max *float64
	// Integer is true when a number stat accepts only whole numbers (the
	// default); a weight stat sets it false for a quarter of a pound.
	Integer bool
	Values  []string // an enum's words
	Default any      // float64, string or bool; nil when none
	// PromptVisible is false for a stat only the player sees.
	PromptVisible bool
	Example       string
}

// SlotDecl is a slot and how many of it a character has.
type SlotDecl struct {
	ID    string
	Label string
	Count int
}

// Binding limits how many items a character has bound at once.
type Binding struct {
	Label string
	Max   valueref.Ref // read from the sheet alone
}

// Carry makes a stat an item's weight.
type Carry struct {
	Stat            string
	EncumberedAbove valueref.Ref
	Limit           *valueref.Ref
	Unit            string
}

// Currency is a family of coins that convert into one another.
type Currency struct {
	ID        string
	Label     string
	PerWeight float64 // 0 when the family weighs nothing
	Units     []Coin
}

// Coin is one coin of a family; Value is counted in the smallest coin.
type Coin struct {
	ID    string
	Label string
	One   string
	Value int
}

// RarityCap is the most an invented item of one rarity can grant.
type RarityCap struct {
	Rarity string
	Stats  map[string]float64
	// Bonus caps a worn or carried flat bonus; nil means no cap.
	Bonus *int
}

// Limits of the items block (spec/items.md "The items block").
const (
	MaxCategories      = 24
	MaxRarities        = 12
	MaxItemTags        = 48
	MaxItemStats       = 24
	MaxSlots           = 12
	MaxSlotCount       = 20
	MaxCurrencies      = 6
	MaxCoinsPerFamily  = 10
	MaxStack           = 999_999
	MaxRequires        = 4
	MaxCarryUnitLength = 12
	MaxLootTables      = 24
)

// itemsBlockKeys are the block's keys, including the later issues' ones.
var itemsBlockKeys = vocab.Keys("items")

// Stat returns the stat with this id.
func (b *ItemsBlock) Stat(id string) *ItemStatDecl {
	for i := range b.Stats {
		if b.Stats[i].ID == id {
			return &b.Stats[i]
		}
	}
	return nil
}

// Slot returns the slot with this id.
func (b *ItemsBlock) Slot(id string) *SlotDecl {
	for i := range b.Slots {
		if b.Slots[i].ID == id {
			return &b.Slots[i]
		}
	}
	return nil
}

// Category, Rarity and Tag return the named entry (nil when undeclared).
func (b *ItemsBlock) Category(id string) *Named { return findNamed(b.Categories, id) }

// Rarity returns the rarity with this id.
func (b *ItemsBlock) Rarity(id string) *Named { return findNamed(b.Rarities, id) }

// Tag returns the tag with this id.
func (b *ItemsBlock) Tag(id string) *Named { return findNamed(b.Tags, id) }

// Coin returns the coin with this id and its family.
func (b *ItemsBlock) Coin(id string) (*Coin, *Currency) {
	for i := range b.Currencies {
		for j := range b.Currencies[i].Units {
			if b.Currencies[i].Units[j].ID == id {
				return &b.Currencies[i].Units[j], &b.Currencies[i]
			}
		}
	}
	return nil, nil
}

// Cap returns the rarity cap of a rarity (nil when none).
func (b *ItemsBlock) Cap(rarity string) *RarityCap {
	for i := range b.RarityCaps {
		if b.RarityCaps[i].Rarity == rarity {
			return &b.RarityCaps[i]
		}
	}
	return nil
}

// ItemByLabel finds the first listed item whose label matches in any case.
func (b *ItemsBlock) ItemByLabel(name string) *Item {
	name = strings.TrimSpace(name)
	for _, it := range b.Items {
		if strings.EqualFold(it.Label, name) {
			return it
		}
	}
	return nil
}

// ItemByRef finds an item by "catalog/entry".
func (b *ItemsBlock) ItemByRef(ref string) *Item {
	for _, it := range b.Items {
		if it.Ref() == ref {
			return it
		}
	}
	return nil
}

func findNamed(list []Named, id string) *Named {
	for i := range list {
		if list[i].ID == id {
			return &list[i]
		}
	}
	return nil
}

// FindNamed finds by id or label, any case (what a GM writes).
func FindNamed(list []Named, name string) *Named {
	name = strings.TrimSpace(name)
	for i := range list {
		if strings.EqualFold(list[i].ID, name) || strings.EqualFold(list[i].Label, name) {
			return &list[i]
		}
	}
	return nil
}

// Vocab returns the block's vocabulary, reading it at the first need:
// conditions, derived values (itemStat) and catalogs are validated before
// the block itself and all read its ids. Problems are reported once.
func (v *Validator) Vocab() *ItemsBlock {
	if v.items == nil {
		return nil
	}
	if v.block == nil {
		v.block = v.readItemsVocab(validate.Obj{P: v.P, At: "/items", M: v.items})
	}
	return v.block
}

// Block finishes the block once the rest of the file is known:
// binding and carry read sheet values, rarityCaps read the stats.
func (v *Validator) Block(at string, raw any) *ItemsBlock {
	o, ok := validate.AsObj(v.P, at, raw)
	if !ok {
		return nil
	}
	b := v.Vocab()
	if b == nil || b.complete {
		return b
	}
	b.complete = true
	if bo, ok := o.Object("binding"); ok {
		b.Binding = v.binding(bo)
	}
	if co, ok := o.Object("carry"); ok {
		b.Carry = v.carry(co, b)
	}
	if o.Has("currencies") {
		v.perWeightNeedsCarry(o, b)
	}
	b.RarityCaps = v.rarityCaps(o, b)
	v.itemCatalogs()
	v.itemSections(o, b) // money, loot tables, starting gear (sections.go)
	return b
}

// binding reads { label, max }. Items change during the game, so max is
// read from the sheet alone (spec/items.md "What reads the items").
func (v *Validator) binding(bo validate.Obj) *Binding {
	bo.Known(vocab.Keys("items.binding")...)
	bd := &Binding{}
	bd.Label, _ = bo.Str("label", 80, false)
	if bo.Require("max") {
		bd.Max, _ = v.ValueRef(bo.Ptr("max"), bo.M["max"], valueref.SheetOnly, "binding.max")
	}
	return bd
}

// perWeightNeedsCarry refuses a coin weight without "carry": coins weigh
// in the carry stat, so without one the weight would mean nothing.
func (v *Validator) perWeightNeedsCarry(o validate.Obj, b *ItemsBlock) {
	for i, c := range b.Currencies {
		if c.PerWeight != 0 && b.Carry == nil {
			v.P.Addf(validate.Ptr(o.Ptr("currencies"), i, "perWeight"),
				`"perWeight" weighs coins in the carry stat; it is allowed only alongside "carry"`)
		}
	}
}

// readItemsVocab reads the vocabulary items are written in; binding,
// carry and rarityCaps wait for Block.
func (v *Validator) readItemsVocab(o validate.Obj) *ItemsBlock {
	b := &ItemsBlock{Raw: o.M, Propose: true, Native: true, Freeform: "plain"}
	o.Known(itemsBlockKeys...)
	b.unread = noteUnreadBlock(o)
	if o.Require("categories") {
		b.Categories = v.namedList(o, "categories", 1, MaxCategories)
	}
	b.Rarities = v.namedList(o, "rarities", 1, MaxRarities)
	b.Tags = v.namedList(o, "tags", 1, MaxItemTags)
	b.Stats = v.itemStats(o)
	b.Slots = v.slotDecls(o)
	b.Currencies = v.currencies(o)
	b.Propose, _ = o.Bool("propose", true)
	b.Native, _ = o.Bool("native", true)
	b.Freeform, _ = o.Enum("freeform", "plain", "plain", "refuse")
	v.laterBlockKeys(o)
	return b
}

// slotDecls reads the block's slots, each { id, label, count }.
func (v *Validator) slotDecls(o validate.Obj) []SlotDecl {
	arr, _ := o.Arr("slots", 1, MaxSlots)
	if arr == nil {
		return nil
	}
	var out []SlotDecl
	validate.EachIDObject(v.P, o.Ptr("slots"), arr, func(so validate.Obj, id string) {
		so.Known(vocab.Keys("items.slots")...)
		sd := SlotDecl{ID: id, Count: 1}
		sd.Label = validate.EntryLabel(so, id)
		if so.Require("count") {
			sd.Count, _ = so.Int("count", 1, MaxSlotCount, 1)
		}
		out = append(out, sd)
	})
	return out
}

// laterBlockKeys checks only the shape of the later issues' keys
// (market): the engine does not model them yet. lootTables and
// startingGear are read by itemSections once the catalogs are known.
func (v *Validator) laterBlockKeys(o validate.Obj) {
	if o.Has("market") {
		o.Object("market") // read in full by marketSection (market.go)
	}
}

// namedList reads an optional {id, label} list with a length bound.
func (v *Validator) namedList(o validate.Obj, key string, min, max int) []Named {
	// A list of the wrong length is still read, so that its ids do not
	// cascade into problems everywhere they are named.
	arr, _ := o.Arr(key, min, max)
	if arr == nil {
		return nil
	}
	var out []Named
	validate.EachIDObject(v.P, o.Ptr(key), arr, func(no validate.Obj, id string) {
		no.Known(vocab.Keys("items.named")...)
		out = append(out, Named{ID: id, Label: validate.EntryLabel(no, id)})
	})
	return out
}

var StatTypes = []string{"number", "text", "boolean", "enum", "dice"}

// statTypeKeys are the keys each stat type reads besides id, label, type
// and promptVisible.
var statTypeKeys = map[string][]string{
	"number":  vocab.Keys("items.stats.number"),
	"text":    vocab.Keys("items.stats.text"),
	"boolean": vocab.Keys("items.stats.boolean"),
	"enum":    vocab.Keys("items.stats.enum"),
	"dice":    vocab.Keys("items.stats.dice"),
}

// itemStats reads the block's stats, declared like list columns.
func (v *Validator) itemStats(o validate.Obj) []ItemStatDecl {
	arr, _ := o.Arr("stats", 1, MaxItemStats)
	if arr == nil {
		return nil
	}
	var out []ItemStatDecl
	validate.EachIDObject(v.P, o.Ptr("stats"), arr, func(so validate.Obj, id string) {
		if sd, ok := v.statDecl(so, id); ok {
			out = append(out, sd)
		}
	})
	return out
}

// statDecl reads one stat: its type decides which other keys it reads
// (statTypeKeys). A stat without a readable type is dropped, so that
// what names it reports nothing more.
func (v *Validator) statDecl(so validate.Obj, id string) (ItemStatDecl, bool) {
	sd := ItemStatDecl{ID: id, PromptVisible: true, Integer: true}
	sd.Label = validate.EntryLabel(so, id)
	if !so.Require("type") {
		return sd, false
	}
	var typed bool
	if sd.Type, typed = so.Enum("type", "", StatTypes...); !typed {
		return sd, false
	}
	so.Known(append(vocab.Keys("items.stats"), statTypeKeys[sd.Type]...)...)
	sd.PromptVisible, _ = so.Bool("promptVisible", true)
	switch sd.Type {
	case "number":
		numberStatDecl(so, &sd)
	case "text":
		so.Int("maxLength", 1, 10000, 200)
		sd.Example, _ = so.Str("example", 200, false)
		if d, ok := so.Str("default", 200, false); ok {
			sd.Default = d
		}
	case "boolean":
		if d, ok := so.Bool("default", false); ok {
			sd.Default = d
		}
	case "enum":
		v.enumStatDecl(so, &sd)
	case "dice":
		diceStatDecl(so, &sd)
	}
	return sd, true
}

// numberStatDecl reads a number stat's integer, range and default; the
// default must itself be a value the stat can hold.
func numberStatDecl(so validate.Obj, sd *ItemStatDecl) {
	sd.Integer, _ = so.Bool("integer", true)
	sd.Min = optionalFloat(so, "min")
	sd.Max = optionalFloat(so, "max")
	if sd.Min != nil && sd.Max != nil && *sd.Min > *sd.Max {
		// Nothing could hold a value of this stat: its default is not
		// held to the range as well.
		so.Addf("min", "min %g is above max %g", *sd.Min, *sd.Max)
		return
	}
	if so.Has("default") {
		if f, ok := statNumber(so.P, so.Ptr("default"), so.M["default"], sd); ok {
			sd.Default = f
		}
	}
}

// optionalFloat reads a bound that may be absent; nil means unbounded.
func optionalFloat(o validate.Obj, key string) *float64 {
	if !o.Has(key) {
		return nil
	}
	f, ok := o.Float(key, -1e9, 1e9, 0)
	if !ok {
		return nil
	}
	return &f
}

// enumStatDecl reads an enum stat's words (non-empty, unique) and its
// default, which must be one of them.
func (v *Validator) enumStatDecl(so validate.Obj, sd *ItemStatDecl) {
	if so.Require("values") {
		vals, _ := so.Arr("values", 1, 64)
		for j, rv := range vals {
			s, isStr := rv.(string)
			if !isStr || s == "" {
				v.P.Addf(so.Ptr("values", j), "want a non-empty word, found %s", validate.TypeName(rv))
				continue
			}
			if slices.Contains(sd.Values, s) {
				v.P.Addf(so.Ptr("values", j), "%q is listed twice; an enum's values are unique", s)
				continue
			}
			sd.Values = append(sd.Values, s)
		}
	}
	if d, ok := so.Str("default", 80, true); ok {
		if !slices.Contains(sd.Values, d) {
			so.Addf("default", "default %q is not one of the values %v", d, sd.Values)
		} else {
			sd.Default = d
		}
	}
}

// diceStatDecl reads a dice stat's default and example, both notation
// the engine can roll.
func diceStatDecl(so validate.Obj, sd *ItemStatDecl) {
	for _, k := range []string{"default", "example"} {
		d, ok := so.Str(k, 40, true)
		if !ok {
			continue
		}
		if _, err := dice.ParseNotation(d); err != nil {
			so.Addf(k, "%v", err)
			continue
		}
		if k == "default" {
			sd.Default = d
		} else {
			sd.Example = d
		}
	}
}

// statNumber reads a number a stat could hold: within its range, whole
// when the stat is integer.
func statNumber(p *validate.Problems, at string, raw any, sd *ItemStatDecl) (float64, bool) {
	n, isNum := raw.(json.Number)
	if !isNum {
		p.Addf(at, "stat %q is a number; found %s", sd.ID, validate.TypeName(raw))
		return 0, false
	}
	f, err := n.Float64()
	if err != nil {
		p.Addf(at, "stat %q: %s is not a number", sd.ID, n)
		return 0, false
	}
	return f, checkStatNumber(p, at, f, sd)
}

func checkStatNumber(p *validate.Problems, at string, f float64, sd *ItemStatDecl) bool {
	if sd.Integer && f != float64(int64(f)) {
		p.Addf(at, "stat %q takes whole numbers; %g is not one (set \"integer\": false on the stat for fractions)", sd.ID, f)
		return false
	}
	if (sd.Min != nil && f < *sd.Min) || (sd.Max != nil && f > *sd.Max) {
		p.Addf(at, "%g is outside stat %q's range %s", f, sd.ID, sd.RangeText())
		return false
	}
	return true
}

// RangeText prints a number stat's range for messages.
func (sd *ItemStatDecl) RangeText() string {
	lo, hi := "-∞", "∞"
	// -0 (a JSON "-0") reads as 0: "range 0 to 0", never "0 to -0".
	if sd.Min != nil {
		lo = strconv.FormatFloat(*sd.Min+0, 'g', -1, 64)
	}
	if sd.Max != nil {
		hi = strconv.FormatFloat(*sd.Max+0, 'g', -1, 64)
	}
	return lo + " to " + hi
}

// Clamp brings a number into the stat's range (and to a whole number
// when the stat is integer, rounding toward zero).
func (sd *ItemStatDecl) Clamp(f float64) float64 {
	if sd.Integer {
		f = float64(int64(f))
	}
	if sd.Min != nil && f < *sd.Min {
		f = *sd.Min
	}
	if sd.Max != nil && f > *sd.Max {
		f = *sd.Max
	}
	return f
}

func (v *Validator) carry(co validate.Obj, b *ItemsBlock) *Carry {
	co.Known(vocab.Keys("items.carry")...)
	c := &Carry{}
	if co.Require("stat") {
		if id, ok := co.Str("stat", 64, true); ok {
			sd := b.Stat(id)
			switch {
			case sd == nil:
				co.Addf("stat", "no item stat %q; carry.stat names a number stat of the block; declared: %v%s", id, statIDs(b), validate.DidYouMean(id, statIDs(b)))
			case sd.Type != "number":
				co.Addf("stat", "carry.stat %q is a %s stat; a weight is a number stat", id, sd.Type)
			case sd.Min == nil || *sd.Min < 0:
				co.Addf("stat", `carry.stat %q needs a "min" of 0 or more: nothing weighs less than nothing`, id)
			default:
				c.Stat = id
			}
		}
	}
	if co.Require("encumberedAbove") {
		c.EncumberedAbove, _ = v.ValueRef(co.Ptr("encumberedAbove"), co.M["encumberedAbove"], valueref.SheetOnly, "carry.encumberedAbove")
	}
	if raw, ok := co.M["limit"]; ok {
		if ref, ok := v.ValueRef(co.Ptr("limit"), raw, valueref.SheetOnly, "carry.limit"); ok {
			c.Limit = &ref
		}
	}
	if u, ok := co.Str("unit", 0, true); ok {
		if len([]rune(u)) > MaxCarryUnitLength || strings.IndexFunc(u, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
			co.Addf("unit", "want up to %d letters (like \"lb\"), found %q", MaxCarryUnitLength, u)
		} else {
			c.Unit = u
		}
	}
	return c
}

func statIDs(b *ItemsBlock) []string {
	var out []string
	for _, s := range b.Stats {
		out = append(out, s.ID)
	}
	return out
}

func namedIDs(list []Named) []string {
	var out []string
	for _, n := range list {
		out = append(out, n.ID)
	}
	return out
}

func slotIDs(b *ItemsBlock) []string {
	var out []string
	for _, s := range b.Slots {
		out = append(out, s.ID)
	}
	return out
}

// currencies reads the block's families of coins. A coin's id is unique
// across all families, because a cost names only the coin; coinAt holds
// where each was first declared.
func (v *Validator) currencies(o validate.Obj) []Currency {
	arr, _ := o.Arr("currencies", 1, MaxCurrencies)
	if arr == nil {
		return nil
	}
	coinAt := map[string]string{}
	var out []Currency
	validate.EachIDObject(v.P, o.Ptr("currencies"), arr, func(fo validate.Obj, id string) {
		if cur, ok := v.currency(fo, id, coinAt); ok {
			out = append(out, cur)
		}
	})
	return out
}

// currency reads one family: { id, label, perWeight, units }. Values are
// counted in the smallest coin, so that coin is worth 1, and no two coins
// of a family are worth the same.
func (v *Validator) currency(fo validate.Obj, id string, coinAt map[string]string) (Currency, bool) {
	fo.Known(vocab.Keys("items.currencies")...)
	cur := Currency{ID: id}
	cur.Label, _ = fo.Str("label", 80, false)
	if fo.Has("perWeight") {
		cur.PerWeight, _ = fo.Float("perWeight", 1e-9, 1e9, 0)
	}
	if !fo.Require("units") {
		return cur, false
	}
	units, _ := fo.Arr("units", 1, MaxCoinsPerFamily)
	values := map[int]string{}
	validate.EachIDObject(v.P, fo.Ptr("units"), units, func(uo validate.Obj, uid string) {
		cur.Units = append(cur.Units, coin(uo, uid, coinAt, values))
	})
	if smallest := smallestKey(values); smallest > 1 {
		fo.Addf("units", "the family's smallest coin is worth %d; values are counted in the smallest coin, so it is worth 1", smallest)
	}
	return cur, true
}

// coin reads one coin { id, label, one, value }, noting where its id is
// declared (coinAt) and which coin has each value of its family (values).
func coin(uo validate.Obj, id string, coinAt map[string]string, values map[int]string) Coin {
	uo.Known(vocab.Keys("items.currencies.units")...)
	c := Coin{ID: id}
	if at, dup := coinAt[c.ID]; dup {
		uo.Addf("id", "coin id %q is already used at %s; a coin's id is unique across all families, because a cost names only the coin", c.ID, at)
	} else {
		coinAt[c.ID] = uo.Ptr("id")
	}
	c.Label = validate.EntryLabel(uo, c.ID)
	c.One, _ = uo.Str("one", 80, false)
	if !uo.Require("value") {
		return c
	}
	val, ok := uo.Int("value", 1, 1_000_000_000, 1)
	if !ok {
		return c
	}
	if other, dup := values[val]; dup {
		uo.Addf("value", "coin %q is worth %d, like coin %q; two coins of a family are never worth the same", c.ID, val, other)
	}
	values[val] = c.ID
	c.Value = val
	return c
}

// smallestKey is the smallest value a family's coins have; 0 when none
// has a readable value.
func smallestKey(values map[int]string) int {
	smallest := 0
	for val := range values {
		if smallest == 0 || val < smallest {
			smallest = val
		}
	}
	return smallest
}

// rarityCaps reads the most an invented item of each rarity can grant,
// at most one cap per rarity.
func (v *Validator) rarityCaps(o validate.Obj, b *ItemsBlock) []RarityCap {
	arr, ok := o.Arr("rarityCaps", 0, MaxRarities)
	if !ok {
		return nil
	}
	var out []RarityCap
	seen := map[string]int{}
	for i, raw := range arr {
		ro, ok := validate.AsObj(v.P, o.Ptr("rarityCaps", i), raw)
		if !ok {
			continue
		}
		if rc, ok := v.rarityCap(ro, b, i, seen); ok {
			out = append(out, rc)
		}
	}
	return out
}

// rarityCap reads entry i, { rarity, stats, bonus }; seen holds the
// entry that capped each rarity first.
func (v *Validator) rarityCap(ro validate.Obj, b *ItemsBlock, i int, seen map[string]int) (RarityCap, bool) {
	ro.Known(vocab.Keys("items.rarityCaps")...)
	rc := RarityCap{Stats: map[string]float64{}}
	if !ro.Require("rarity") {
		return rc, false
	}
	r, _ := ro.Str("rarity", 64, true)
	switch {
	case len(b.Rarities) == 0:
		ro.Addf("rarity", `rarityCaps need "rarities" in the items block`)
		return rc, false
	case b.Rarity(r) == nil:
		ro.Addf("rarity", "no rarity %q; declared: %v%s", r, namedIDs(b.Rarities), validate.DidYouMean(r, namedIDs(b.Rarities)))
		return rc, false
	}
	if j, dup := seen[r]; dup {
		ro.Addf("rarity", "rarity %q already has a cap (entry %d); at most one per rarity", r, j)
		return rc, false
	}
	seen[r] = i
	rc.Rarity = r
	if so, ok := ro.Object("stats"); ok {
		v.capStats(so, b, rc.Stats)
	}
	if ro.Has("bonus") {
		if n, ok := ro.Int("bonus", 0, 100, 0); ok {
			rc.Bonus = &n
		}
	}
	return rc, true
}

// capStats reads a cap's stats: each a number stat of the block, capped
// at a value that stat could hold.
func (v *Validator) capStats(so validate.Obj, b *ItemsBlock, caps map[string]float64) {
	for _, id := range sortedAnyKeys(so.M) {
		sd := b.Stat(id)
		if sd == nil || sd.Type != "number" {
			so.Addf(id, "a cap names a number stat of the block; %q is not one (number stats: %v)", id, numberStatIDs(b))
			continue
		}
		if f, ok := statNumber(v.P, so.Ptr(id), so.M[id], sd); ok {
			caps[id] = f
		}
	}
}

func numberStatIDs(b *ItemsBlock) []string {
	var out []string
	for _, s := range b.Stats {
		if s.Type == "number" {
			out = append(out, s.ID)
		}
	}
	return out
}

func sortedAnyKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }

// itemCatalogs checks what a catalog that holds items may not declare.
func (v *Validator) itemCatalogs() {
	cats, _ := v.raw["catalogs"].([]any)
	for i, raw := range cats {
		c, _ := raw.(map[string]any)
		if c["holds"] != "items" {
			continue
		}
		if _, ok := c["feeds"]; ok {
			v.P.Addf(validate.Ptr("/catalogs", i, "feeds"), `a catalog that holds items declares no "feeds": an item's effects are in its "item" block`)
		}
	}
}

// checkItemStatVocabulary checks an itemStat's names against the items
// block: the stat exists (a number stat for sum, max and min), and so do
// the slot, category and tag it filters by.
func (v *Validator) checkItemStatVocabulary(o validate.Obj, ref *valueref.ItemStat) {
	b := v.Vocab()
	if b == nil {
		o.Addf("", "itemStat reads items, but the ruleset has no items block")
		return
	}
	if ref.Stat != "" {
		sd := b.Stat(ref.Stat)
		switch {
		case sd == nil:
			o.Addf("stat", "no item stat %q; declared: %v%s", ref.Stat, statIDs(b), validate.DidYouMean(ref.Stat, statIDs(b)))
		case ref.Pick != "count" && sd.Type != "number":
			o.Addf("stat", "pick %q needs a number stat; %q is a %s stat (count can name any stat)", ref.Pick, ref.Stat, sd.Type)
		}
	}
	if ref.Slot != "" && b.Slot(ref.Slot) == nil {
		o.Addf("slot", "no slot %q in the items block; declared: %v%s", ref.Slot, slotIDs(b), validate.DidYouMean(ref.Slot, slotIDs(b)))
	}
	if ref.Category != "" && b.Category(ref.Category) == nil {
		o.Addf("category", "no category %q in the items block; declared: %v%s", ref.Category, namedIDs(b.Categories), validate.DidYouMean(ref.Category, namedIDs(b.Categories)))
	}
	if ref.Tag != "" && b.Tag(ref.Tag) == nil {
		o.Addf("tag", "no tag %q in the items block; declared: %v%s", ref.Tag, namedIDs(b.Tags), validate.DidYouMean(ref.Tag, namedIDs(b.Tags)))
	}
}

// ItemByID finds a catalog item by "catalog/entry" or by its entry ID,
// in any case; the first catalog that lists an ID wins, as for a label.
func (b *ItemsBlock) ItemByID(ref string) *Item {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return nil
	}
	for _, it := range b.Items {
		if it.Catalog != "" && strings.EqualFold(it.Ref(), ref) {
			return it
		}
	}
	for _, it := range b.Items {
		if it.Catalog != "" && strings.EqualFold(it.ID, ref) {
			return it
		}
	}
	return nil
}

// blockLists are the items block's lists that items name ids of.
var blockLists = []string{"categories", "rarities", "tags", "stats", "slots", "currencies"}

// noteUnreadBlock is noteUnread for the items block: a list absent while
// an unknown key is a near miss of it ("categoris"), absent when required
// (categories, already reported), or present but not an array.
func noteUnreadBlock(o validate.Obj) map[string]bool {
	unread := map[string]bool{}
	for k := range o.M {
		if slices.Contains(itemsBlockKeys, k) {
			continue
		}
		if near := validate.Suggest(k, blockLists); near != "" && !o.Has(near) {
			unread[near] = true
		}
	}
	for _, list := range blockLists {
		raw, has := o.M[list]
		if _, isArr := raw.([]any); has && !isArr {
			unread[list] = true
		}
	}
	if !o.Has("categories") {
		unread["categories"] = true
	}
	return unread
}

// ItemTags is the block's tags as an effect reads them (effectTags): their
// ids, whether the list failed to read, and false without an items block.
// It reads the block's vocabulary at the first need.
func (v *Validator) ItemTags() (ids []string, unread, ok bool) {
	b := v.Vocab()
	if b == nil {
		return nil, false, false
	}
	return namedIDs(b.Tags), b.unread["tags"], true
}
