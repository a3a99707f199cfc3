package itemrules

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/rulehost/rulehost/engine/ruleset/valueref"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
	"github.com/rulehost/rulehost/engine/validate"
)

// GearSet is one entry of items.startingGear (spec/items.md "Starting
// gear"): a class's kit, a background's, a calling's.
type GearSet struct {
	ID    string
	Label string
	// Group is the group the set belongs to ("" for a set of its own).
	Group   string
	Fits    *Fits
	Lines   []GearLine
	Choices []GearChoice
}

// Fits orders the list: a set whose value the sheet reaches comes first.
type Fits struct {
	Value   valueref.Ref
	AtLeast float64
}

// GearLine is one line of gear: exactly one of Item ("catalog/entry"),
// Coins (a coin id), OneOf (items the player picks one of) or Name (a
// plain item), Count of it, and Equip to put it on where slots are free.
type GearLine struct {
	Item  string
	Coins string
	OneOf []string
	Name  string
	Count int
	Equip bool
}

// GearChoice is a choice the player makes, one option of 2 to 6.
type GearChoice struct {
	Label   string
	Options []GearOption
}

// GearOption is one option of a choice, with its own lines.
type GearOption struct {
	Label string
	Lines []GearLine
}

// Limits of starting gear (spec/items.md "Starting gear"). MaxGearSets and
// MaxGearLines are the engine's own bounds (the spec gives none), so that
// a hostile file cannot make the list or a take unbounded.
const (
	MaxGearSets      = 1000
	MaxGearLines     = 64
	MaxGearCount     = 999
	MinGearOneOf     = 2
	MaxGearOneOf     = 48
	MaxGearChoices   = 8
	MinGearOptions   = 2
	MaxGearOptions   = 6
	MaxPlainNameLen  = 80
	MaxStacksPerBag  = 1000
	maxGearGroupLen  = 64
	maxGearLabelsLen = 120
)

// GroupKey is what "taken once per group" compares: the group, or for a
// set without one the set itself, never equal to a group of that name.
func (g *GearSet) GroupKey() string {
	if g.Group != "" {
		return "group:" + g.Group
	}
	return "set:" + g.ID
}

// Gear returns the set with this id, or this label in any case.
func (b *ItemsBlock) Gear(name string) *GearSet {
	name = strings.TrimSpace(name)
	for i := range b.StartingGear {
		if b.StartingGear[i].ID == name {
			return &b.StartingGear[i]
		}
	}
	for i := range b.StartingGear {
		if strings.EqualFold(b.StartingGear[i].ID, name) || strings.EqualFold(b.StartingGear[i].Label, name) {
			return &b.StartingGear[i]
		}
	}
	return nil
}

// PlainNameProblem says why a plain item's name breaks a label's rules
// (no brackets, no "{{", no line breaks or other control characters, 1
// to 80 characters); "" when it keeps them.
func PlainNameProblem(name string) string {
	switch {
	case strings.TrimSpace(name) == "":
		return "a plain item needs a name"
	case len([]rune(name)) > MaxPlainNameLen:
		return fmt.Sprintf("a plain item's name is at most %d characters", MaxPlainNameLen)
	case strings.ContainsAny(name, "[]"):
		return "a plain item's name has no brackets"
	case strings.Contains(name, "{{"):
		return `a plain item's name has no "{{"`
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "a plain item's name has no line breaks or control characters"
	}
	return ""
}

// startingGear reads items.startingGear: sets with unique ids.
func (v *Validator) startingGear(o validate.Obj, b *ItemsBlock) []GearSet {
	arr, ok := o.Arr("startingGear", 0, MaxGearSets)
	if !ok {
		return nil
	}
	var out []GearSet
	validate.EachIDObject(v.P, o.Ptr("startingGear"), arr, func(gso validate.Obj, id string) {
		out = append(out, v.gearSet(gso, id, b))
	})
	return out
}

// gearSet reads one set: { id, label, group, fits, lines, choices }, and
// refuses one that could need more stacks than a bag accepts at once.
func (v *Validator) gearSet(so validate.Obj, id string, b *ItemsBlock) GearSet {
	so.Known(vocab.Keys("items.startingGear")...)
	g := GearSet{ID: id, Label: validate.EntryLabel(so, id)}
	if so.Has("group") {
		g.Group, _ = so.Str("group", maxGearGroupLen, true)
	}
	if fo, ok := so.Object("fits"); ok {
		g.Fits = v.gearFits(fo)
	}
	g.Lines = gearLines(so, "lines", b)
	g.Choices = gearChoices(so, b)
	if n := g.MostStacks(b); n > MaxStacksPerBag {
		so.Addf("", "taking this gear can need %d stacks; a bag accepts at most %d at once", n, MaxStacksPerBag)
	}
	return g
}

// gearFits reads { value, atLeast }: a sheet value without live state.
func (v *Validator) gearFits(fo validate.Obj) *Fits {
	fo.Known(vocab.Keys("items.startingGear.fits")...)
	f := &Fits{}
	ok := fo.Require("value", "atLeast")
	if fo.Has("value") {
		ref, good := v.ValueRef(fo.Ptr("value"), fo.M["value"], valueref.SheetOnly, "startingGear.fits")
		f.Value, ok = ref, ok && good
	}
	if fo.Has("atLeast") {
		var good bool
		f.AtLeast, good = fo.Float("atLeast", -1e9, 1e9, 0)
		ok = ok && good
	}
	if !ok {
		return nil
	}
	return f
}

// gearChoices reads 0 to 8 choices, each 2 to 6 options with their own
// lines; option labels are unique within a choice, as the player names one.
func gearChoices(so validate.Obj, b *ItemsBlock) []GearChoice {
	arr, ok := so.Arr("choices", 0, MaxGearChoices)
	if !ok {
		return nil
	}
	var out []GearChoice
	for i, raw := range arr {
		co, ok := validate.AsObj(so.P, so.Ptr("choices", i), raw)
		if !ok {
			continue
		}
		co.Known(vocab.Keys("items.startingGear.choices")...)
		c := GearChoice{Label: fmt.Sprintf("Choice %d", i+1)}
		if l, ok := co.Str("label", maxGearLabelsLen, true); ok {
			c.Label = l
		}
		if co.Require("options") {
			c.Options = gearOptions(co, b)
		}
		out = append(out, c)
	}
	return out
}

func gearOptions(co validate.Obj, b *ItemsBlock) []GearOption {
	arr, ok := co.Arr("options", MinGearOptions, MaxGearOptions)
	if !ok {
		return nil
	}
	var out []GearOption
	seen := map[string]int{}
	for i, raw := range arr {
		oo, ok := validate.AsObj(co.P, co.Ptr("options", i), raw)
		if !ok {
			continue
		}
		oo.Known(vocab.Keys("items.startingGear.options")...)
		opt := GearOption{Label: fmt.Sprintf("Option %d", i+1)}
		if l, ok := oo.Str("label", maxGearLabelsLen, true); ok {
			if j, dup := seen[strings.ToLower(l)]; dup {
				oo.Addf("label", "option %q is already option %d of this choice; the player names an option by its label", l, j+1)
			}
			seen[strings.ToLower(l)] = i
			opt.Label = l
		}
		if oo.Require("lines") {
			opt.Lines = gearLines(oo, "lines", b)
		}
		out = append(out, opt)
	}
	return out
}

// gearLines reads a list of lines at key (up to MaxGearLines).
func gearLines(o validate.Obj, key string, b *ItemsBlock) []GearLine {
	arr, ok := o.Arr(key, 0, MaxGearLines)
	if !ok {
		return nil
	}
	var out []GearLine
	for i, raw := range arr {
		lo, ok := validate.AsObj(o.P, o.Ptr(key, i), raw)
		if !ok {
			continue
		}
		if line, ok := gearLine(lo, b); ok {
			out = append(out, line)
		}
	}
	return out
}

// gearLine reads one line: exactly one of item, coins, oneOf and name,
// with count 1 to 999 and equip only where an item can be put on.
func gearLine(lo validate.Obj, b *ItemsBlock) (GearLine, bool) {
	lo.Known(vocab.Keys("items.startingGear.lines")...)
	line := GearLine{Count: 1}
	good := true
	if lo.Has("count") {
		line.Count, good = lo.Int("count", 1, MaxGearCount, 1)
	}
	if e, ok := lo.Bool("equip", false); ok {
		line.Equip = e
	} else if lo.Has("equip") {
		good = false
	}
	switch oneOfKeys(lo, "item", "coins", "oneOf", "name") {
	case "item":
		line.Item = itemRefAt(lo, "item", b)
		good = good && line.Item != ""
	case "coins":
		line.Coins = coinRefAt(lo, "coins", b)
		good = good && line.Coins != ""
	case "oneOf":
		line.OneOf = oneOfRefs(lo, b)
		good = good && line.OneOf != nil
	case "name":
		line.Name = plainName(lo, b)
		good = good && line.Name != ""
	default:
		return line, false
	}
	if line.Equip && !equippable(line, b) {
		lo.Addf("equip", "equip puts an item on where slots are free; %s", whyNotEquippable(line))
		good = false
	}
	return line, good
}

// equippable reports a line whose item (or one of whose items) takes slots.
func equippable(line GearLine, b *ItemsBlock) bool {
	refs := line.OneOf
	if line.Item != "" {
		refs = []string{line.Item}
	}
	for _, ref := range refs {
		if it := b.ItemByRef(ref); it != nil && len(it.Slots) > 0 {
			return true
		}
	}
	return false
}

func whyNotEquippable(line GearLine) string {
	switch {
	case line.Coins != "":
		return "coins are never put on"
	case line.Name != "":
		return "a plain item takes no slots"
	case line.Item != "":
		return fmt.Sprintf("%q takes no slots", line.Item)
	}
	return "none of the items of this list takes slots"
}

// oneOfRefs reads 2 to 48 distinct items the player picks one of.
func oneOfRefs(lo validate.Obj, b *ItemsBlock) []string {
	arr, ok := lo.Arr("oneOf", MinGearOneOf, MaxGearOneOf)
	if !ok {
		return nil
	}
	var out []string
	good := true
	for i, raw := range arr {
		s, isStr := raw.(string)
		if !isStr {
			lo.P.Addf(lo.Ptr("oneOf", i), "want an item as \"catalog/entry\", found %s", validate.TypeName(raw))
			good = false
			continue
		}
		if slices.Contains(out, s) {
			lo.P.Addf(lo.Ptr("oneOf", i), "%q is already in this list", s)
			good = false
			continue
		}
		if checkItemRef(lo.P, lo.Ptr("oneOf", i), s, b) == "" {
			good = false
			continue
		}
		out = append(out, s)
	}
	if !good {
		return nil
	}
	return out
}

// plainName reads a plain item's name: allowed only where freeform keeps
// plain items, and subject to a label's rules.
func plainName(lo validate.Obj, b *ItemsBlock) string {
	name, ok := lo.Str("name", 0, false)
	if !ok {
		return ""
	}
	if b.Freeform == "refuse" {
		lo.Addf("name", `a plain item by name needs "freeform": "plain"; this block allows only its own items`)
		return ""
	}
	if why := PlainNameProblem(name); why != "" {
		lo.Addf("name", "%s, found %q", why, name)
		return ""
	}
	return strings.TrimSpace(name)
}

// MostStacks is the most stacks taking the set can add to a bag: its
// lines and, for each choice, its largest option, an equipped unit being
// a stack of its own.
func (g *GearSet) MostStacks(b *ItemsBlock) int {
	n := linesStacks(g.Lines, b)
	for _, c := range g.Choices {
		most := 0
		for _, o := range c.Options {
			most = max(most, linesStacks(o.Lines, b))
		}
		n += most
	}
	return n
}

func linesStacks(lines []GearLine, b *ItemsBlock) int {
	n := 0
	for _, l := range lines {
		refs := l.OneOf
		if l.Item != "" {
			refs = []string{l.Item}
		}
		most := 1 // coins and plain items: one open stack takes them all
		for _, ref := range refs {
			if it := b.ItemByRef(ref); it != nil {
				most = max(most, stacksFor(it, l.Count, l.Equip))
			}
		}
		n += most
	}
	return n
}

func stacksFor(it *Item, count int, equip bool) int {
	if equip && len(it.Slots) > 0 {
		return count
	}
	lim := it.StackLimit()
	return (count + lim - 1) / lim
}
