package itemrules

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// LootTable is one of the block's loot tables (spec/items.md "Loot"): how
// many picks it makes and the lines each pick draws from by weight.
type LootTable struct {
	ID    string
	Label string
	// Rolls is how many picks the table makes: 0 to 20, or dice whose
	// highest throw is at most 20 (a throw below 0 makes no pick).
	Rolls   Amount
	Entries []LootLine
}

// LootLine is one line of a table: exactly one of Item (a catalog item's
// "catalog/entry"), Filter (every item that matches, picked evenly) or
// Coins (a coin id), with its weight against the other lines and how
// many drop.
type LootLine struct {
	Item   string
	Filter *ItemFilter
	Coins  string
	Weight int
	Count  Amount
}

// ItemFilter picks items by rarity, category and tag: an item matches
// when it has every one the filter names.
type ItemFilter struct {
	Rarity   string
	Category string
	Tag      string
}

// Amount is a number or dice: a fixed N, or Dice thrown each time.
type Amount struct {
	N    int
	Dice *dice.Notation
}

// Roll is the amount: N, or the dice's total (never below 0). Fixed
// amounts draw nothing from the stream.
func (a Amount) Roll(s dice.Stream) int {
	if a.Dice == nil {
		return a.N
	}
	_, total := a.Dice.Roll(s)
	return max(total, 0)
}

// String is the amount as written: "3" or "1d4".
func (a Amount) String() string {
	if a.Dice == nil {
		return fmt.Sprint(a.N)
	}
	return a.Dice.String()
}

// Max is the most the amount can be.
func (a Amount) Max() int {
	if a.Dice == nil {
		return a.N
	}
	return a.Dice.Count*a.Dice.Sides + a.Dice.Modifier
}

// Limits of loot tables (spec/items.md "Loot"). MaxLootLines is the
// engine's own bound on a table's lines, so a hostile file cannot make a
// pick scan forever; the spec gives none.
const (
	MaxLootRolls  = 20
	MaxLootLines  = 100
	MaxLootWeight = 1_000_000
)

// Matches reports whether an item has everything the filter names. A
// coin or a service never matches: neither is dropped as an item.
func (f *ItemFilter) Matches(it *Item) bool {
	if it.Coin != "" || it.Service {
		return false
	}
	return (f.Rarity == "" || it.Rarity == f.Rarity) &&
		(f.Category == "" || it.Category == f.Category) &&
		(f.Tag == "" || it.HasTag(f.Tag))
}

// LootTable returns the table with this id, or with this label in any case.
func (b *ItemsBlock) LootTable(name string) *LootTable {
	name = strings.TrimSpace(name)
	for i := range b.LootTables {
		if b.LootTables[i].ID == name {
			return &b.LootTables[i]
		}
	}
	for i := range b.LootTables {
		if strings.EqualFold(b.LootTables[i].ID, name) || strings.EqualFold(b.LootTables[i].Label, name) {
			return &b.LootTables[i]
		}
	}
	return nil
}

// Matching is every catalog item a filter matches, in catalog order.
func (b *ItemsBlock) Matching(f *ItemFilter) []*Item {
	var out []*Item
	for _, it := range b.Items {
		if f.Matches(it) {
			out = append(out, it)
		}
	}
	return out
}

// lootTables reads items.lootTables: up to 24 tables with unique ids. A
// list of the wrong length is not read further, so that its entries do
// not bury the one problem under others.
func (v *Validator) lootTables(o validate.Obj, b *ItemsBlock) []LootTable {
	arr, ok := o.Arr("lootTables", 0, MaxLootTables)
	if !ok {
		return nil
	}
	var out []LootTable
	validate.EachIDObject(v.P, o.Ptr("lootTables"), arr, func(to validate.Obj, id string) {
		out = append(out, v.lootTable(to, id, b))
	})
	return out
}

// lootTable reads one table: { id, label, rolls, entries }.
func (v *Validator) lootTable(to validate.Obj, id string, b *ItemsBlock) LootTable {
	to.Known(vocab.Keys("items.lootTables")...)
	t := LootTable{ID: id, Label: validate.EntryLabel(to, id), Rolls: Amount{N: 1}}
	if to.Has("rolls") {
		t.Rolls, _ = amount(to, "rolls", 0, MaxLootRolls)
	}
	if !to.Require("entries") {
		return t
	}
	lines, ok := to.Arr("entries", 1, MaxLootLines)
	if !ok {
		return t
	}
	t.Entries = validate.ReadObjects(v.P, to, "entries", lines, func(lo validate.Obj) (LootLine, bool) {
		return lootLine(lo, b)
	})
	return t
}

// lootLine reads one line: exactly one of item, filter and coins, each
// naming what the file declares; weight 1 and count 1 by default.
func lootLine(lo validate.Obj, b *ItemsBlock) (LootLine, bool) {
	lo.Known(vocab.Keys("items.lootTables.entries")...)
	line := LootLine{Weight: 1, Count: Amount{N: 1}}
	if lo.Has("weight") {
		line.Weight, _ = lo.Int("weight", 1, MaxLootWeight, 1)
	}
	if lo.Has("count") {
		line.Count, _ = amount(lo, "count", 1, MaxStack)
	}
	switch oneOfKeys(lo, "item", "filter", "coins") {
	case "item":
		line.Item = itemRefAt(lo, "item", b)
		return line, line.Item != ""
	case "filter":
		line.Filter = itemFilter(lo, b)
		return line, line.Filter != nil
	case "coins":
		line.Coins = coinRefAt(lo, "coins", b)
		return line, line.Coins != ""
	}
	return line, false
}

// oneOfKeys is the one key of keys the object has, reporting none or more
// than one; "" when it is not exactly one.
func oneOfKeys(o validate.Obj, keys ...string) string {
	var found []string
	for _, k := range keys {
		if o.Has(k) {
			found = append(found, k)
		}
	}
	switch len(found) {
	case 1:
		return found[0]
	case 0:
		o.Addf("", "a line names exactly one of %s; found none", quoted(keys))
	default:
		o.Addf(found[1], "a line names exactly one of %s; found %s", quoted(keys), quoted(found))
	}
	return ""
}

func quoted(keys []string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = `"` + k + `"`
	}
	return strings.Join(q, ", ")
}

// amount reads a number from lo to hi, or dice notation whose highest
// throw is at most hi (a throw below lo counts as lo, or as nothing for
// a count).
func amount(o validate.Obj, key string, lo, hi int) (Amount, bool) {
	raw := o.M[key]
	if s, isStr := raw.(string); isStr {
		n, err := dice.ParseNotation(s)
		if err != nil {
			o.Addf(key, "%v; or give a whole number from %d to %d", err, lo, hi)
			return Amount{N: lo}, false
		}
		a := Amount{Dice: &n}
		if a.Max() > hi {
			o.Addf(key, "%q can throw %d; at most %d", s, a.Max(), hi)
			return Amount{N: lo}, false
		}
		return a, true
	}
	if _, isNum := raw.(json.Number); !isNum {
		o.Addf(key, "want a whole number from %d to %d or dice like \"1d4\", found %s", lo, hi, validate.TypeName(raw))
		return Amount{N: lo}, false
	}
	n, ok := o.Int(key, lo, hi, lo)
	return Amount{N: n}, ok
}

// itemRefAt reads a catalog item's "catalog/entry" at key; "" when it
// names no item of a catalog in this file. A service is refused: it is
// never carried, so nothing drops or hands it out.
func itemRefAt(o validate.Obj, key string, b *ItemsBlock) string {
	ref, ok := o.Str(key, 200, true)
	if !ok {
		return ""
	}
	return checkItemRef(o.P, o.Ptr(key), ref, b)
}

// checkItemRef checks one "catalog/entry" reference at a pointer.
func checkItemRef(p *validate.Problems, at, ref string, b *ItemsBlock) string {
	it := b.ItemByRef(ref)
	switch {
	case !strings.Contains(ref, "/"):
		p.Addf(at, "want an item as \"catalog/entry\", found %q%s", ref, entryRefFor(ref, b))
		return ""
	case it == nil:
		p.Addf(at, "no item %q in a catalog that holds items%s", ref, validate.DidYouMean(ref, itemRefs(b)))
		return ""
	case it.Service:
		p.Addf(at, "%q is a service: a service is bought, never carried, so it is never given out as an item", ref)
		return ""
	}
	return ref
}

// coinRefAt reads a coin id of the block's currencies at key.
func coinRefAt(o validate.Obj, key string, b *ItemsBlock) string {
	id, ok := o.Str(key, 64, true)
	if !ok {
		return ""
	}
	if c, _ := b.Coin(id); c == nil {
		if len(b.Currencies) == 0 {
			o.Addf(key, `coins name a coin of the block's "currencies", and the block declares none`)
		} else {
			o.Addf(key, "no coin %q in the block's currencies%s", id, validate.DidYouMean(id, coinIDs(b)))
		}
		return ""
	}
	return id
}

// itemFilter reads the "filter" of lo, { rarity, category, tag }: at
// least one, each declared by the block (filterObj, as a market's filter).
func itemFilter(lo validate.Obj, b *ItemsBlock) *ItemFilter {
	fo, ok := lo.Object("filter")
	if !ok {
		return nil
	}
	return filterObj(fo, b)
}

// creatureLoot checks what a bestiary creature carries (creature.loot,
// spec/items.md "Loot"): the id of one of the block's loot tables. The
// bestiary itself is read elsewhere; only the reference is checked here.
func (v *Validator) creatureLoot(o validate.Obj, b *ItemsBlock) {
	if arr, isArr := o.M["lootTables"].([]any); o.Has("lootTables") && (!isArr || len(arr) > MaxLootTables) {
		return // the list itself was refused: its ids are unknown
	}
	cats, _ := v.raw["catalogs"].([]any)
	for ci, rawCat := range cats {
		cat, _ := rawCat.(map[string]any)
		entries, _ := cat["entries"].([]any)
		for ei, rawEntry := range entries {
			entry, _ := rawEntry.(map[string]any)
			creature, _ := entry["creature"].(map[string]any)
			raw, has := creature["loot"]
			if !has {
				continue
			}
			at := validate.Ptr("/catalogs", ci, "entries", ei, "creature", "loot")
			id, isStr := raw.(string)
			switch {
			case !isStr || id == "":
				v.P.Addf(at, "want the id of one of items.lootTables, found %s", validate.TypeName(raw))
			case len(b.LootTables) == 0:
				v.P.Addf(at, "a creature's loot names one of items.lootTables, and the block declares none")
			case b.LootTable(id) == nil || b.LootTable(id).ID != id:
				v.P.Addf(at, "no loot table %q in items.lootTables; declared: %v%s", id, lootIDs(b), validate.DidYouMean(id, lootIDs(b)))
			}
		}
	}
}

func lootIDs(b *ItemsBlock) []string {
	out := make([]string, len(b.LootTables))
	for i, t := range b.LootTables {
		out[i] = t.ID
	}
	return out
}

// itemRefs are the "catalog/entry" refs of every item of the block, the
// options a mistyped ref is matched against.
func itemRefs(b *ItemsBlock) []string {
	if b.refs != nil && b.refsOf == len(b.Items) {
		return b.refs
	}
	out := make([]string, 0, len(b.Items))
	for _, it := range b.Items {
		if it.Catalog != "" && it.Coin == "" {
			out = append(out, it.Ref())
		}
	}
	b.refs, b.refsOf = out, len(b.Items)
	return out
}

// entryRefFor suggests the full ref of an item written by its entry id
// (or a near one) alone: "longsword" is `did you mean "equipment/longsword"?`.
func entryRefFor(id string, b *ItemsBlock) string {
	var ids []string
	refs := map[string]string{}
	for _, ref := range itemRefs(b) {
		entry := ref[strings.LastIndexByte(ref, '/')+1:]
		if _, seen := refs[entry]; seen {
			refs[entry] = "" // in two catalogs: no one answer
			continue
		}
		refs[entry] = ref
		ids = append(ids, entry)
	}
	want := id
	if refs[id] == "" {
		want = validate.Suggest(id, ids)
	}
	if ref := refs[want]; ref != "" {
		return `; did you mean "` + ref + `"?`
	}
	return ""
}

// coinIDs are the coin ids of every currency family of the block.
func coinIDs(b *ItemsBlock) []string {
	var out []string
	for _, fam := range b.Currencies {
		for _, c := range fam.Units {
			out = append(out, c.ID)
		}
	}
	return out
}
