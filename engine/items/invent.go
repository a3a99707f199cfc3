package items

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	effectrules "github.com/rulehost/rulehost/engine/ruleset/effect"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/tag"
)

// inventKeys are the attributes that describe a new item.
var inventKeys = []string{"like", "category", "rarity", "tags", "stats", "slots", "binds", "worn", "carried", "summary"}

func wantsInvention(t tag.Tag) bool {
	for _, k := range inventKeys {
		if t.Has(k) {
			return true
		}
	}
	return false
}

// inventor builds one invented item and the notes the GM is told.
type inventor struct {
	p     *Party
	b     *itemrules.ItemsBlock
	it    *itemrules.Item
	notes []string
}

func (iv *inventor) note(format string, args ...any) {
	iv.notes = append(iv.notes, fmt.Sprintf(format, args...))
}

// invent makes the item an [inventory: action="add"] describes (spec/items.md
// "What reads the items", the GM invents items): like= a known item, then
// category=, rarity=, tags=, stats=, slots=, binds=, worn=, carried= and
// summary=, each part by id or label. Only what the block has is kept;
// numbers are capped to the stat's range and then to rarityCaps; worn and
// carried bonuses to the rarity's bonus (inherited parts too). The game
// keeps the item by name. With propose false nothing is invented and the
// name is read as any other.
func (p *Party) invent(t tag.Tag, name string) (*itemrules.Item, []string, *record.Record) {
	b := p.block()
	if b == nil {
		return nil, nil, nil
	}
	if !b.Propose {
		return nil, []string{"this ruleset does not let the Game Master invent items; the description was ignored"}, nil
	}
	iv := &inventor{p: p, b: b, it: &itemrules.Item{Label: name, Stats: map[string]any{}, Invented: true}}
	d := iv.describe(t)
	hadBase := false
	if like, ok := t.Get("like"); ok {
		if base := p.lookupLike(like); base != nil {
			iv.copyFrom(base)
			hadBase = true
		} else {
			iv.note("like=%q is none of this ruleset's items (by label, entry ID or catalog/entry); dropped", like)
		}
	}
	iv.category(t)
	iv.rarity(t)
	if tg, ok := t.Get("tags"); ok {
		iv.tags(tg)
	}
	iv.stats(d.stats)
	if sl, ok := t.Get("slots"); ok {
		iv.slots(sl)
	}
	if bd, ok := t.Get("binds"); ok {
		iv.binds(bd)
	}
	iv.describedEffects(d)
	if !hadBase {
		iv.fightLike(t.Has("slots"), t.Has("binds"))
	}
	iv.dropUnwielded()
	iv.capStats()
	iv.capBonus(iv.it.Worn, "worn")
	iv.capBonus(iv.it.Carried, "carried")
	iv.dropDoubledDefense()
	p.Invented = append(p.Invented, iv.it)
	return iv.it, iv.notes, nil
}

// description is what a tag says in stats=, worn=, carried= and summary=,
// each has* set when the part was given (even empty).
type description struct {
	stats, worn, carried, summary   string
	hasWorn, hasCarried, hasSummary bool
}

// describe reads the description's free-text parts. A small model writes
// worn=, carried= or summary= inside stats= when the block has no stat by
// that name; such a part counts unless the tag gives it on its own.
func (iv *inventor) describe(t tag.Tag) description {
	d := description{stats: t.Value("stats"), worn: t.Value("worn"), carried: t.Value("carried"), summary: t.Value("summary")}
	_, d.hasWorn = t.Get("worn")
	_, d.hasCarried = t.Get("carried")
	_, d.hasSummary = t.Get("summary")
	var inner map[string]string
	d.stats, inner = iv.liftFromStats(d.stats)
	if v, ok := inner["worn"]; ok && !d.hasWorn {
		d.worn, d.hasWorn = v, true
	}
	if v, ok := inner["carried"]; ok && !d.hasCarried {
		d.carried, d.hasCarried = v, true
	}
	if v, ok := inner["summary"]; ok && !d.hasSummary {
		d.summary, d.hasSummary = v, true
	}
	return d
}

// category reads category= by id or label. Every item has a category, so
// without a known one the item takes the block's first.
func (iv *inventor) category(t tag.Tag) {
	b := iv.b
	if c, ok := t.Get("category"); ok {
		if n := itemrules.FindNamed(b.Categories, c); n != nil {
			iv.it.Category = n.ID
		} else {
			iv.note("category %q is not one of this ruleset's; dropped", c)
		}
	}
	if iv.it.Category == "" {
		iv.it.Category = b.Categories[0].ID
		iv.note("an item needs a category; it is %s", b.Categories[0].Label)
	}
}

// rarity reads rarity= by id or label. An item with no rarity of the
// ruleset's is of the lowest, so rarityCaps always apply to what the
// Game Master invents.
func (iv *inventor) rarity(t tag.Tag) {
	b := iv.b
	if r, ok := t.Get("rarity"); ok && len(b.Rarities) > 0 {
		if n := itemrules.FindNamed(b.Rarities, r); n != nil {
			iv.it.Rarity = n.ID
		} else {
			iv.it.Rarity = b.Rarities[0].ID
			iv.note("rarity %q is not one of this ruleset's; it is %s, the lowest", r, b.Rarities[0].Label)
		}
	} else if ok {
		iv.note("this ruleset has no rarities; rarity dropped")
	}
	if iv.it.Rarity == "" && len(b.Rarities) > 0 {
		iv.it.Rarity = b.Rarities[0].ID
		iv.note("no rarity given; it is %s, the lowest", b.Rarities[0].Label)
	}
}

// describedEffects applies worn=, carried= and summary= over what like=
// gave the item.
func (iv *inventor) describedEffects(d description) {
	if d.hasWorn {
		iv.it.Worn = iv.effect("worn", d.worn, iv.it.Worn)
	}
	if d.hasCarried {
		iv.it.Carried = iv.effect("carried", d.carried, iv.it.Carried)
	}
	if d.hasSummary {
		iv.it.Summary = d.summary
	}
}

// copyFrom starts from a known item: its category, rarity, tags, stats,
// slots, binding and effects (deep-copied: the original never changes).
func (iv *inventor) copyFrom(base *itemrules.Item) {
	it := iv.it
	it.Category, it.Rarity = base.Category, base.Rarity
	it.Tags = append([]string(nil), base.Tags...)
	for k, v := range base.Stats {
		it.Stats[k] = v
	}
	it.Slots = append([]itemrules.SlotUse(nil), base.Slots...)
	it.Stack = base.Stack
	it.Binds, it.Cursed, it.Restriction = base.Binds, base.Cursed, base.Restriction
	it.Worn, it.Carried = copyEffect(base.Worn), copyEffect(base.Carried)
	it.Requires = append([]itemrules.Requirement(nil), base.Requires...)
	it.Summary = base.Summary
	it.Attack, it.Use, it.Charges, it.HasCharges = base.Attack, base.Use, base.Charges, base.HasCharges
	// Used as that one, charges and all (spec/items.md "Using items in a
	// fight"); the typed use never changes in play, so it is shared.
	it.UseDef, it.ChargeDef, it.Toggle = base.UseDef, base.ChargeDef, base.Toggle
	// A weapon's typed attack reads the new item's own stats (WeaponOf).
	it.AttackDef = base.AttackDef
}

func copyEffect(e *effectrules.Effect) *effectrules.Effect {
	if e == nil {
		return nil
	}
	c := *e
	c.Modifiers = append([]effectrules.Modifier(nil), e.Modifiers...)
	c.Abilities = append([]effectrules.AbilityChange(nil), e.Abilities...)
	return &c
}

func isNone(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	return s == "none" || s == "nothing" || s == "-" || s == ""
}

func splitList(s string) []string {
	f := func(r rune) bool { return r == ',' || r == ';' }
	var out []string
	for _, part := range strings.FieldsFunc(s, f) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

func (iv *inventor) tags(s string) {
	if isNone(s) {
		iv.it.Tags = nil
		return
	}
	for _, part := range splitList(s) {
		n := itemrules.FindNamed(iv.b.Tags, part)
		if n == nil {
			iv.note("tag %q is not one of this ruleset's; dropped", part)
			continue
		}
		if !iv.it.HasTag(n.ID) {
			iv.it.Tags = append(iv.it.Tags, n.ID)
		}
	}
}

// pair splits "id=value", "id: value" or "id value".
func pair(s string) (string, string) {
	for _, sep := range []string{"=", ":"} {
		if k, v, ok := strings.Cut(s, sep); ok {
			return strings.TrimSpace(k), strings.TrimSpace(v)
		}
	}
	if i := strings.LastIndexByte(s, ' '); i > 0 {
		return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
	}
	return strings.TrimSpace(s), ""
}

// liftFromStats takes worn=, carried= and summary= out of stats= when the
// block has no stat by those names. Their values may hold ';', so the
// rest of stats= after such a key is its value.
func (iv *inventor) liftFromStats(stats string) (string, map[string]string) {
	lifted := map[string]string{}
	lower := lowerASCII(stats)
	for _, key := range []string{"worn", "carried", "summary"} {
		if iv.findStat(key) != nil {
			continue
		}
		i := strings.Index(lower, key+"=")
		if i < 0 || (i > 0 && !strings.ContainsRune(",; ", rune(lower[i-1]))) {
			continue
		}
		val := stats[i+len(key)+1:]
		end := len(val)
		// The value runs to the next "other=" key, or to the end.
		for _, other := range []string{"worn=", "carried=", "summary="} {
			if j := strings.Index(lowerASCII(val), other); j >= 0 && j < end {
				end = j
			}
		}
		lifted[key] = strings.Trim(strings.TrimSpace(val[:end]), `,;"'`)
		stats = stats[:i] + stats[i+len(key)+1+end:]
		lower = lowerASCII(stats)
	}
	return stats, lifted
}

// lowerASCII folds only ASCII letters, so that an index found in it is an
// index in s: strings.ToLower turns an invalid byte into the three bytes
// of U+FFFD (and folds some runes to a different length), and the indexes
// liftFromStats cut stats= with then ran past the end (a panic on a
// hostile stats= value, found by FuzzInventoryTag).
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func (iv *inventor) findStat(name string) *itemrules.ItemStatDecl {
	name = strings.TrimSpace(name)
	for i := range iv.b.Stats {
		sd := &iv.b.Stats[i]
		if strings.EqualFold(sd.ID, name) || strings.EqualFold(sd.Label, name) {
			return sd
		}
	}
	return nil
}

func (iv *inventor) stats(s string) {
	if strings.TrimSpace(s) == "" {
		return
	}
	if isNone(s) {
		iv.it.Stats = map[string]any{}
		return
	}
	for _, part := range splitList(s) {
		k, v := pair(part)
		sd := iv.findStat(k)
		if sd == nil {
			iv.note("stat %q is not one of this ruleset's; dropped", k)
			continue
		}
		val, ok := iv.statValue(sd, v)
		if !ok {
			if sd.PromptVisible {
				iv.note("%s %q is not a value %s can hold; dropped", sd.Label, v, sd.Label)
			}
			continue
		}
		iv.it.Stats[sd.ID] = val
	}
}

func (iv *inventor) statValue(sd *itemrules.ItemStatDecl, v string) (any, bool) {
	v = strings.Trim(strings.TrimSpace(v), `"'`)
	switch sd.Type {
	case "number":
		f, err := strconv.ParseFloat(strings.TrimPrefix(v, "+"), 64)
		if err != nil {
			return nil, false
		}
		c := sd.Clamp(f)
		if c != f && sd.PromptVisible {
			iv.note("%s %s is outside its range %s; it is %s", sd.Label, v, sd.RangeText(), num(c))
		}
		return c, true
	case "boolean":
		switch strings.ToLower(v) {
		case "yes", "true", "1", "on":
			return true, true
		case "no", "false", "0", "off":
			return false, true
		}
		return nil, false
	case "enum":
		for _, w := range sd.Values {
			if strings.EqualFold(w, v) {
				return w, true
			}
		}
		return nil, false
	case "dice":
		n, err := dice.ParseNotation(strings.ToLower(v))
		if err != nil {
			return nil, false
		}
		return n.String(), true
	}
	return v, v != ""
}

func (iv *inventor) slots(s string) {
	if isNone(s) {
		iv.it.Slots = nil
		return
	}
	if len(iv.b.Slots) == 0 {
		iv.note("this ruleset has no slots; slots dropped")
		return
	}
	var out []itemrules.SlotUse
	for _, part := range splitList(s) {
		k, v := pair(part)
		var sd *itemrules.SlotDecl
		for i := range iv.b.Slots {
			if strings.EqualFold(iv.b.Slots[i].ID, k) || strings.EqualFold(iv.b.Slots[i].Label, k) {
				sd = &iv.b.Slots[i]
			}
		}
		if sd == nil {
			iv.note("slot %q is not one of this ruleset's; dropped", k)
			continue
		}
		n := 1
		if v != "" {
			if x, err := strconv.Atoi(v); err == nil {
				n = x
			}
		}
		if n < 1 || n > sd.Count {
			c := min(max(n, 1), sd.Count)
			iv.note("%s %d is more than a character has; it takes %d", sd.Label, n, c)
			n = c
		}
		out = append(out, itemrules.SlotUse{Slot: sd.ID, Count: n})
	}
	iv.it.Slots = out
}

func (iv *inventor) binds(s string) {
	if iv.b.Binding == nil {
		iv.note("this ruleset has no binding; binds dropped")
		return
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "true":
		iv.it.Binds, iv.it.Cursed = true, false
	case "cursed":
		iv.it.Binds, iv.it.Cursed = true, true
	case "no", "false", "none":
		iv.it.Binds, iv.it.Cursed = false, false
	default:
		iv.note("binds=%q is yes, cursed or no; dropped", s)
	}
}

// effect reads worn= or carried=: changes separated by ';', each +N, -N,
// advantage, disadvantage or fails (saves), on a skill or save by name,
// on checks or saves, +N/-N on an ability, and +N/-N/advantage/
// disadvantage on attacks, +N/-N on defense; "none" is no change. The
// changes add to what the item inherited from like=; "none" clears it.
func (iv *inventor) effect(key, s string, inherited *effectrules.Effect) *effectrules.Effect {
	if isNone(s) {
		return nil
	}
	e := inherited
	if e == nil {
		e = &effectrules.Effect{}
	}
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" || isNone(part) {
			continue
		}
		if !iv.change(e, part) {
			iv.note("%s change %q was not understood; dropped", key, part)
		}
	}
	if len(e.Modifiers) == 0 && len(e.Abilities) == 0 && len(e.FailsSaves) == 0 && len(e.Effects) == 0 {
		return nil
	}
	return e
}

// change reads one change into e; false when it is not understood.
func (iv *inventor) change(e *effectrules.Effect, part string) bool {
	c, ok := readChange(part)
	if !ok {
		return false
	}
	switch {
	case c.target == "checks" || c.target == "check" || (c.target == "" && strings.HasPrefix(c.suffix, "check")):
		return c.modifier(e, effectrules.Modifier{To: "checks"})
	case c.target == "saves" || c.target == "save" || (c.target == "" && strings.HasPrefix(c.suffix, "save")):
		if c.fails {
			for _, sv := range iv.p.RS.Saves {
				e.FailsSaves = append(e.FailsSaves, sv.ID)
			}
			return true
		}
		return c.modifier(e, effectrules.Modifier{To: "saves"})
	case c.target == "attacks" || c.target == "attack" || c.target == "attack roll" || c.target == "attack rolls":
		return c.modifier(e, effectrules.Modifier{To: "attacks"})
	case c.target == "defense" || c.target == "defence" || iv.defenseWord(c.target) != "":
		if c.fails || c.mode != "" || c.amount == nil {
			return false
		}
		e.Modifiers = append(e.Modifiers, effectrules.Modifier{To: "defense", Flat: *c.amount})
		return true
	}
	return iv.namedChange(e, c)
}

// namedChange reads a change on one skill, save or ability by id or
// label. A skill's checks come before a save of the same name unless the
// change says "save"; an ability only takes a number.
func (iv *inventor) namedChange(e *effectrules.Effect, c changeWords) bool {
	rs := iv.p.RS
	if sk := findSkill(rs.Skills, c.target); sk != nil && c.suffix != "save" && c.suffix != "saves" {
		return c.modifier(e, effectrules.Modifier{To: "checks", Skills: []string{sk.ID}})
	}
	if sv := findSkill(rs.Saves, c.target); sv != nil {
		if c.fails {
			e.FailsSaves = append(e.FailsSaves, sv.ID)
			return true
		}
		return c.modifier(e, effectrules.Modifier{To: "saves", Saves: []string{sv.ID}})
	}
	for _, a := range rs.Abilities {
		if strings.EqualFold(a.ID, c.target) || strings.EqualFold(a.Label, c.target) {
			if c.amount == nil || c.mode != "" || c.fails {
				return false
			}
			e.Abilities = append(e.Abilities, effectrules.AbilityChange{Ability: a.ID, Add: *c.amount})
			return true
		}
	}
	return false
}

// changeWords is one change of worn= or carried= picked apart: "+1
// Stealth checks", "advantage on saves", "fails Dexterity saves".
type changeWords struct {
	amount *int // the first +N or -N; nil when none
	mode   string
	fails  bool
	// target is what the change is on, lower-cased, without the trailing
	// "check(s)" or "save(s)" that suffix keeps.
	target, suffix string
}

// readChange picks a change's words apart; the filler words ("on", "to",
// "bonus", ...) are dropped. False when the change has no amount, mode
// or "fails": then it changes nothing.
func readChange(part string) (changeWords, bool) {
	var c changeWords
	var rest []string
	for _, w := range strings.Fields(part) {
		lw := strings.ToLower(w)
		if n, err := strconv.Atoi(strings.TrimPrefix(lw, "+")); err == nil && c.amount == nil && (strings.HasPrefix(lw, "+") || strings.HasPrefix(lw, "-")) {
			c.amount = &n
			continue
		}
		switch lw {
		case "advantage":
			c.mode = "advantage"
		case "disadvantage":
			c.mode = "disadvantage"
		case "fails", "fail":
			c.fails = true
		case "on", "to", "bonus", "roll", "rolls", "penalty", "all":
		default:
			rest = append(rest, w)
		}
	}
	if c.amount == nil && c.mode == "" && !c.fails {
		return c, false
	}
	c.target = strings.ToLower(strings.TrimSpace(strings.Join(rest, " ")))
	for _, s := range []string{" checks", " check", " saves", " save"} {
		if strings.HasSuffix(c.target, s) {
			c.suffix = strings.TrimSpace(s)
			c.target = strings.TrimSpace(strings.TrimSuffix(c.target, s))
		}
	}
	return c, true
}

// modifier adds m with the change's amount and mode. Only a save can be
// failed, so a change that fails anything else is not understood.
func (c changeWords) modifier(e *effectrules.Effect, m effectrules.Modifier) bool {
	if c.fails {
		return false
	}
	if c.amount != nil {
		m.Flat = *c.amount
	}
	m.Mode = c.mode
	e.Modifiers = append(e.Modifiers, m)
	return true
}

func findSkill(list []ruleset.Skill, name string) *ruleset.Skill {
	for i := range list {
		if strings.EqualFold(list[i].ID, name) || strings.EqualFold(list[i].Label, name) {
			return &list[i]
		}
	}
	return nil
}

// defenseWord returns the item stat a defense counts when name is that
// defense's word: a derived value (by id or label) that reads a worn
// number stat with itemStat, as Ember Roads' Guard reads guard.
func (iv *inventor) defenseWord(name string) string {
	for _, d := range iv.p.RS.Derived {
		if !strings.EqualFold(d.ID, name) && !strings.EqualFold(d.Label, name) {
			continue
		}
		for _, ref := range d.Of {
			if ref.ItemStat != nil && ref.ItemStat.Stat != "" {
				return ref.ItemStat.Stat
			}
		}
	}
	return ""
}

// dropDoubledDefense drops a worn change to defense when the item also
// grants the stat the defense counts: `guard=1` and `+1 Guard` is one +1.
func (iv *inventor) dropDoubledDefense() {
	e := iv.it.Worn
	if e == nil {
		return
	}
	counted := ""
	for _, d := range iv.p.RS.Derived {
		for _, ref := range d.Of {
			if ref.ItemStat != nil && ref.ItemStat.Stat != "" && ref.ItemStat.From != "carried" {
				if _, has := iv.it.Stats[ref.ItemStat.Stat]; has {
					counted = ref.ItemStat.Stat
				}
			}
		}
	}
	if counted == "" {
		return
	}
	kept := e.Modifiers[:0]
	for _, m := range e.Modifiers {
		if m.To == "defense" {
			// The GM is never told about a stat it is not shown.
			if sd := iv.b.Stat(counted); sd != nil && sd.PromptVisible {
				iv.note("the worn change to defense was dropped: the item's %s already counts toward it", sd.Label)
			} else {
				iv.note("the worn change to defense was dropped: the item's stats already count toward it")
			}
			continue
		}
		kept = append(kept, m)
	}
	e.Modifiers = kept
}

// capStats caps each number stat to rarityCaps for the item's rarity.
func (iv *inventor) capStats() {
	cp := iv.b.Cap(iv.it.Rarity)
	if cp == nil {
		return
	}
	for id, limit := range cp.Stats {
		v, ok := iv.it.Stats[id].(float64)
		if !ok || v <= limit {
			continue
		}
		iv.it.Stats[id] = limit
		if sd := iv.b.Stat(id); sd != nil && sd.PromptVisible {
			iv.note("%s %s is above what a %s item grants; it is %s", sd.Label, num(v), iv.rarityLabel(), num(limit))
		}
	}
}

func (iv *inventor) rarityLabel() string {
	if r := iv.b.Rarity(iv.it.Rarity); r != nil {
		return r.Label
	}
	return iv.it.Rarity
}

// capBonus caps each flat bonus to the rarity's bonus and drops dice
// bonuses there (dice cannot be capped to a number); a penalty is never
// capped. The part inherited from like= is capped too.
func (iv *inventor) capBonus(e *effectrules.Effect, key string) {
	cp := iv.b.Cap(iv.it.Rarity)
	if e == nil || cp == nil || cp.Bonus == nil {
		return
	}
	limit := *cp.Bonus
	for i := range e.Modifiers {
		m := &e.Modifiers[i]
		if m.Flat > limit {
			iv.note("%s %s on %s is above what a %s item grants; it is %s", key, signedNum(m.Flat), m.To, iv.rarityLabel(), signedNum(limit))
			m.Flat = limit
		}
		if m.Dice != "" && !m.Minus {
			iv.note("%s dice bonus %s dropped: a %s item's bonus is capped to a number", key, m.Dice, iv.rarityLabel())
			m.Dice = ""
		}
	}
	e.Modifiers = dropEmptyModifiers(e.Modifiers)
	for i := range e.Abilities {
		ch := &e.Abilities[i]
		if ch.Set == nil && ch.Add > limit {
			iv.note("%s %s %s is above what a %s item grants; it is %s", key, signedNum(ch.Add), iv.p.abilityLabel(ch.Ability), iv.rarityLabel(), signedNum(limit))
			ch.Add = limit
		}
	}
}

// dropEmptyModifiers removes a modifier left with nothing to add (its
// dice dropped by a cap, no number and no mode): it would print as an
// empty change and name the item on checks it does not change.
func dropEmptyModifiers(mods []effectrules.Modifier) []effectrules.Modifier {
	out := mods[:0]
	for _, m := range mods {
		if m.Flat != 0 || m.Dice != "" || m.Mode != "" {
			out = append(out, m)
		}
	}
	return out
}

// lookupLike finds the item like= names, "each part by ID or label": a
// label (or an invented item's name), then "catalog/entry", then an entry
// ID (the first catalog that lists it, as for a shared label).
func (p *Party) lookupLike(name string) *itemrules.Item {
	if it := p.lookupName(name); it != nil {
		return it
	}
	if b := p.block(); b != nil {
		return b.ItemByID(name)
	}
	return nil
}
