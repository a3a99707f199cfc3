package mcp

import (
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/host/plugin"
)

// Argument types, as JSON Schema names them. Every tag value is text; an
// integer or boolean argument is printed as the tag would say it.
const (
	String  = "string"
	Integer = "integer"
	Number  = "number"
	Boolean = "boolean"
)

// Arg is one argument of a tool: one attribute of its tag.
type Arg struct {
	Name     string   `json:"name"`
	Type     string   `json:"type"`
	Enum     []string `json:"enum,omitempty"`
	Required bool     `json:"required,omitempty"`
	Doc      string   `json:"doc"`
}

// Tool is one tool: a tag (with a fixed action= for an inventory action)
// and the arguments it takes.
type Tool struct {
	Name string `json:"name"`
	// Tag is the tag a call becomes; Fixed are attributes every call
	// carries first (action="buy").
	Tag   string      `json:"tag"`
	Fixed [][2]string `json:"fixed,omitempty"`
	Doc   string      `json:"description"`
	Args  []Arg       `json:"args"`
	// Open is set for a plugin tag that declares no attributes: any
	// argument is taken as text.
	Open bool `json:"open,omitempty"`
	// PlayerOnly tools are the player's own actions ([gear:]): a Game
	// Master's call is refused by the engine, so they are not offered to
	// one (Toolbox.GM).
	PlayerOnly bool `json:"playerOnly,omitempty"`
}

// Arg is the tool's argument named name, in any case.
func (t *Tool) Arg(name string) (Arg, bool) {
	for _, a := range t.Args {
		if strings.EqualFold(a.Name, name) {
			return a, true
		}
	}
	return Arg{}, false
}

// maxEnum bounds an enum listed in a schema (a catalog of thousands of
// items is described, not enumerated).
const maxEnum = 500

// World is what the tools are generated from: the ruleset, the party's
// sheets and the plugins' manifests.
type World struct {
	RS        *ruleset.Ruleset
	Sheets    []*sheet.Sheet
	Manifests []plugin.Manifest
}

// Tools lists every tool the world offers, in a stable order: the
// engine's tags as docs/tags.md lists them, then the plugins' tags.
func Tools(w World) []*Tool {
	v := vocab{w: w, rs: w.RS}
	v.names()
	var out []*Tool
	out = append(out, v.skillCheck(), v.rollDice())
	out = append(out, v.inventory()...)
	if v.hasMarket() {
		out = append(out, v.place())
	}
	if v.rs.Items != nil && len(v.rs.Items.LootTables) > 0 {
		out = append(out, v.loot())
	}
	if fight.Resolves(v.rs) {
		out = append(out, v.fight())
	}
	if v.rs.Items != nil && len(v.rs.Items.StartingGear) > 0 {
		out = append(out, v.gear())
	}
	out = append(out, v.sheetTool())
	out = append(out, v.pluginTags()...)
	return out
}

// vocab builds the tools of one world.
type vocab struct {
	w       World
	rs      *ruleset.Ruleset
	party   []string
	skills  []string
	saves   []string
	abils   []string
	items   []string
	targets []string
}

// names reads the world's names. An enum of the ruleset's things lists
// each one's id and its label (the engine reads either, in any case, and
// the prompt names things by label), each distinct spelling once.
func (v *vocab) names() {
	for _, s := range v.w.Sheets {
		v.party = append(v.party, s.Name)
	}
	for _, s := range v.rs.Skills {
		v.skills = append(v.skills, s.ID, s.Label)
	}
	for _, s := range v.rs.Saves {
		v.saves = append(v.saves, s.ID, s.Label)
	}
	for _, a := range v.rs.Abilities {
		v.abils = append(v.abils, a.ID, a.Label)
	}
	v.skills, v.saves, v.abils = exact(v.skills), exact(v.saves), exact(v.abils)
	v.targets = exact(append(append(append([]string{}, v.skills...), v.saves...), v.abils...))
	if v.rs.Items != nil {
		for _, it := range v.rs.Items.Items {
			v.items = append(v.items, it.Label)
		}
		v.items = unique(v.items)
	}
}

// unique keeps the first of each value (in any case), in order.
func unique(list []string) []string {
	seen := map[string]bool{}
	out := list[:0:0]
	for _, s := range list {
		k := strings.ToLower(s)
		if s == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, s)
	}
	return out
}

// exact keeps the first of each distinct spelling, in order.
func exact(list []string) []string {
	seen := map[string]bool{}
	out := list[:0:0]
	for _, s := range list {
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	return out
}

// capEnum is an enum when the list is short enough to list, else nil (the
// argument is then any text the engine reads).
func capEnum(list []string) []string {
	list = exact(list)
	if len(list) == 0 || len(list) > maxEnum {
		return nil
	}
	return list
}

func (v *vocab) who(doc string) Arg {
	return Arg{Name: "who", Type: String, Enum: capEnum(v.party), Doc: doc}
}

func (v *vocab) hasMarket() bool { return v.rs.Items != nil && v.rs.Items.Market != nil }

func (v *vocab) hasCoins() bool { return v.rs.Items != nil && len(v.rs.Items.Currencies) > 0 }

// skillCheck: the attributes every kind reads (docs/tags.md
// "skill_check"), then those this ruleset's kind reads as the GM prompt
// teaches them (engine/prompt), then a plugin kind's own declarations.
func (v *vocab) skillCheck() *Tool {
	t := &Tool{Name: "skill_check", Tag: "skill_check",
		Doc: "Roll one check for one character: give exactly one of skill, save or ability. The engine rolls; the result is the check record."}
	t.Args = append(t.Args,
		v.who("The character rolling, by name (the player when left out)."),
		Arg{Name: "skill", Type: String, Enum: capEnum(v.skills), Doc: "The skill rolled, by id or label (exactly one of skill, save, ability)."},
		Arg{Name: "save", Type: String, Enum: capEnum(v.saves), Doc: "The save rolled, by id or label (exactly one of skill, save, ability)."},
		Arg{Name: "ability", Type: String, Enum: capEnum(v.abils), Doc: "The ability rolled, by id or label (exactly one of skill, save, ability)."},
		Arg{Name: "with", Type: String, Enum: capEnum(v.abils), Doc: "Roll a skill or save with another ability."},
	)
	for _, a := range v.checkAttrs() {
		if _, dup := t.Arg(a.Name); !dup {
			t.Args = append(t.Args, a)
		}
	}
	dropEmpty(t)
	return t
}

// checkAttrs are the skill_check attributes this ruleset reads, with the
// GM prompt's meanings, typed by checkTypes.
func (v *vocab) checkAttrs() []Arg {
	var out []Arg
	secs := prompt.Build(prompt.Input{RS: v.rs, Sheets: v.w.Sheets})
	if sec, ok := prompt.Get(secs, prompt.Rules); ok {
		if d, ok := sec.Data.(*prompt.RulesData); ok {
			for _, a := range d.Attributes {
				if a.Name == "who" {
					continue
				}
				arg := Arg{Name: a.Name, Type: String, Doc: a.Meaning}
				if ty, ok := checkTypes[a.Name]; ok {
					arg.Type = ty
				}
				switch a.Name {
				case "mode":
					arg.Enum = []string{"advantage", "disadvantage"}
				case "difficulty":
					for _, r := range d.Ladder {
						arg.Enum = append(arg.Enum, r.Label)
					}
				case "use":
					for _, c := range d.Charms {
						arg.Enum = append(arg.Enum, c.Label)
					}
					arg.Enum = capEnum(unique(arg.Enum))
				}
				out = append(out, arg)
			}
		}
	}
	if v.rs.Resolution != nil {
		for _, m := range v.w.Manifests {
			for _, k := range m.Kinds {
				if k.Name == v.rs.Resolution.Kind {
					for _, a := range k.Attrs {
						out = append(out, v.declared(a))
					}
				}
			}
		}
	}
	return out
}

// checkTypes are the skill_check attributes that take a number; the rest
// are text ("+2", "resolve:1").
var checkTypes = map[string]string{
	"dc": Integer, "threshold": Integer, "explode": Integer, "double": Integer,
	"dark": Integer, "upgrade": Integer, "setback": Integer, "upgradeOwn": Integer,
}

// dropEmpty removes the skill, save and ability arguments a ruleset has
// nothing for.
func dropEmpty(t *Tool) {
	out := t.Args[:0]
	for _, a := range t.Args {
		if (a.Name == "skill" || a.Name == "save" || a.Name == "ability" || a.Name == "with") && a.Enum == nil {
			continue
		}
		out = append(out, a)
	}
	t.Args = out
}

func (v *vocab) rollDice() *Tool {
	doc := "Dice notation: 2d6+1, 1d8+1d6+2, 4d6kh3, 1d6!, 4dF, d%"
	if v.rs.Resolution != nil && v.rs.Resolution.SymbolPool != nil {
		doc += `; or dice by name: "2 ability 1 proficiency vs 2 difficulty"`
	}
	return &Tool{Name: "roll_dice", Tag: "roll_dice",
		Doc:  "Roll dice outside a check. The result is the roll record.",
		Args: []Arg{{Name: "dice", Type: String, Required: true, Doc: doc + "."}}}
}

// inventoryActions are the inventory actions, each with the attributes
// docs/tags.md gives it (beyond who=).
func (v *vocab) inventory() []*Tool {
	item := func(doc string) Arg { return Arg{Name: "item", Type: String, Required: true, Doc: doc} }
	held := item("The item, by its label in any case (an item in the bag).")
	count := Arg{Name: "count", Type: Integer, Doc: "How many (default 1)."}
	type action struct {
		name, doc string
		args      []Arg
		when      bool
	}
	var seller, level, means []string
	if m := v.market(); m != nil {
		for _, s := range m.Sellers {
			seller = append(seller, s.ID, s.Label)
		}
		for _, p := range m.Prices {
			level = append(level, p.ID, p.Label)
		}
	}
	if v.rs.Items != nil {
		for _, r := range v.rs.Items.RevealsFakes {
			means = append(means, r.ID, r.Label)
		}
	}
	sellerArg := Arg{Name: "seller", Type: String, Enum: capEnum(seller), Doc: "The seller, by id or label (a market's sellers)."}
	actions := []action{
		{"add", "Add an item to a bag (an item of the ruleset, or one the Game Master invents in its vocabulary).", append([]Arg{
			item("The item, by its label in any case, or a name for a plain or invented item."), count}, v.inventArgs()...), true},
		{"remove", "Remove an item from a bag.", []Arg{held, count}, true},
		{"equip", "Equip an item from the bag into its slots.", []Arg{held}, true},
		{"unequip", "Take off an equipped item.", []Arg{held}, true},
		{"bind", "Bind an item to its bearer.", []Arg{held}, true},
		{"unbind", "Unbind an item.", []Arg{held, {Name: "curse", Type: String, Enum: []string{"end"}, Doc: `"end": the Game Master ends a curse, so a cursed item can be unbound.`}}, true},
		{"give", "Give an item from one character's bag to another's.", []Arg{held, count,
			{Name: "to", Type: String, Enum: capEnum(v.party), Required: true, Doc: "The receiving character."}}, true},
		{"inspect", "Examine an item in the bag (or a ware a seller offers here today) for fakes.", []Arg{held, sellerArg,
			{Name: "with", Type: String, Enum: capEnum(means), Doc: "A means of identification (items.revealsFakes)."}}, true},
		{"pay", "Pay an amount out of one bag, making change by the coin rule.", []Arg{v.amount()}, v.hasCoins()},
		{"earn", "Add coins to a bag.", []Arg{v.amount()}, v.hasCoins()},
		{"use", "Use an item: what it does happens to whoever carries it.", []Arg{held}, true},
		{"toggle", "Flip an item's switch.", []Arg{held, {Name: "on", Type: Boolean, Doc: "true or false; without it the switch flips."}}, true},
		{"buy", "Buy an item at the place in force: priced, paid and added, all or nothing.", []Arg{
			{Name: "item", Type: String, Required: true, Enum: capEnum(v.items), Doc: "The item, by its label in any case."}, count,
			{Name: "level", Type: String, Enum: capEnum(level), Doc: "The price level, by id or label."}, sellerArg}, v.hasMarket()},
		{"sell", "Sell loose units from the bag at the place in force.", []Arg{held, count, sellerArg}, v.hasMarket()},
		{"reveal", "Make a fake in the bag its true item.", []Arg{held}, v.hasMarket()},
	}
	var out []*Tool
	for _, a := range actions {
		if !a.when {
			continue
		}
		args := append([]Arg{v.who("Whose bag (the player's, or for an add the shared view, when left out).")}, a.args...)
		out = append(out, &Tool{Name: "inventory_" + a.name, Tag: "inventory", Fixed: [][2]string{{"action", a.name}}, Doc: a.doc, Args: args})
	}
	return out
}

func (v *vocab) market() *itemrules.Market {
	if v.rs.Items == nil {
		return nil
	}
	return v.rs.Items.Market
}

func (v *vocab) amount() Arg {
	return Arg{Name: "amount", Type: String, Required: true,
		Doc: `A whole quantity (1 to 999999) and a coin by id, label or one, in any case: "3 shillings".`}
}

// inventArgs are the attributes of an item the Game Master invents
// (docs/items.md), offered only when the ruleset lets the GM invent.
func (v *vocab) inventArgs() []Arg {
	ib := v.rs.Items
	if ib == nil || !ib.Propose {
		return nil
	}
	named := func(list []itemrules.Named) []string {
		var out []string
		for _, n := range list {
			out = append(out, n.ID, n.Label)
		}
		return capEnum(out)
	}
	return []Arg{
		{Name: "like", Type: String, Enum: capEnum(v.items), Doc: "An invented item starts as a copy of this ruleset item."},
		{Name: "category", Type: String, Enum: named(ib.Categories), Doc: "An invented item's category."},
		{Name: "rarity", Type: String, Enum: named(ib.Rarities), Doc: "An invented item's rarity."},
		{Name: "tags", Type: String, Doc: "An invented item's tags, comma-separated."},
		{Name: "stats", Type: String, Doc: `An invented item's stats: "id: value, ...".`},
		{Name: "slots", Type: String, Doc: "The slots an invented item takes, comma-separated."},
		{Name: "binds", Type: Boolean, Doc: "Whether an invented item binds."},
		{Name: "worn", Type: String, Doc: "What an invented item does while worn."},
		{Name: "carried", Type: String, Doc: "What an invented item does while carried."},
		{Name: "summary", Type: String, Doc: "An invented item's one-line summary."},
	}
}

func (v *vocab) place() *Tool {
	var sizes []string
	for _, p := range v.market().Places {
		sizes = append(sizes, p.ID, p.Label)
	}
	return &Tool{Name: "place", Tag: "place",
		Doc: "State where the party is; a new name, size or day=\"new\" starts a new market day. Every purchase in the same reply reads the place in force when it ends.",
		Args: []Arg{
			{Name: "name", Type: String, Required: true, Doc: "The place's name."},
			{Name: "size", Type: String, Enum: capEnum(sizes), Doc: "The place's size (items.market.places), left out for a place without a market."},
			{Name: "day", Type: String, Enum: []string{"new"}, Doc: `"new" starts a new market day.`},
		}}
}

func (v *vocab) loot() *Tool {
	var tables []string
	for _, t := range v.rs.Items.LootTables {
		tables = append(tables, t.ID, t.Label)
	}
	return &Tool{Name: "loot", Tag: "loot",
		Doc: "Roll a loot table; each drop goes into a bag (who's, or by the carry rule).",
		Args: []Arg{
			{Name: "table", Type: String, Required: true, Enum: capEnum(tables), Doc: "The loot table, by id or label."},
			v.who("Whose bag the drops go into (by the carry rule when left out)."),
		}}
}

// fightOps are the fight's steps (docs/tags.md "fight").
var fightOps = []string{"start", "attack", "move", "reload", "use", "toggle", "auto", "round", "end"}

func (v *vocab) fight() *Tool {
	var foes []string
	for _, c := range fight.Foes(v.rs) {
		foes = append(foes, c.Label)
	}
	fighters := capEnum(unique(append(append([]string{}, v.party...), foes...)))
	_ = fighters
	return &Tool{Name: "fight", Tag: "fight",
		Doc: "One step of a fight against bestiary creatures: start, attack, move, reload, use, toggle, auto, round, end.",
		Args: []Arg{
			{Name: "op", Type: String, Required: true, Enum: fightOps, Doc: "The step."},
			{Name: "foes", Type: String, Doc: `start: the creatures, by label, id or catalog/entry, several of one kind by count: "2 Grave wight, Marsh hound". Known: ` + strings.Join(foes, ", ") + "."},
			{Name: "who", Type: String, Doc: `The fighter acting: a party member (` + strings.Join(v.party, ", ") + `) or a numbered foe ("Grave wight 1").`},
			{Name: "weapon", Type: String, Doc: "attack, reload: the weapon who wields (the only one when left out)."},
			{Name: "target", Type: String, Doc: `attack, use, auto: the target (the only foe standing when left out); "A, B" for a mode's several targets.`},
			{Name: "attack", Type: String, Doc: "A creature's attack row (its first when left out)."},
			{Name: "mode", Type: String, Doc: `An attack mode ("volley").`},
			{Name: "hand", Type: String, Enum: []string{"off"}, Doc: `"off": the off hand's second attack.`},
			{Name: "from", Type: String, Doc: "attack: the stack drawn from first (ammunition)."},
			{Name: "counted", Type: Integer, Doc: "attack: how many that stack must hold."},
			{Name: "style", Type: String, Enum: []string{"spend", "take"}, Doc: "Where fighters have a number (combat.pool.hardness): spend rolls the maker's number, take takes the hit from the target's number."},
			{Name: "distance", Type: String, Doc: "move: how far, in combat.distance's unit."},
			{Name: "item", Type: String, Doc: "use, toggle: the item."},
			{Name: "on", Type: Boolean, Doc: "toggle: which way the switch goes."},
			{Name: "outcome", Type: String, Enum: []string{"won", "lost", "fled"}, Doc: "end: how the fight ended."},
		}}
}

func (v *vocab) gear() *Tool {
	var sets []string
	for _, g := range v.rs.Items.StartingGear {
		sets = append(sets, g.ID, g.Label)
	}
	t := &Tool{Name: "gear", Tag: "gear", PlayerOnly: true,
		Doc: "The player's own action: take starting gear, all or nothing.",
		Args: []Arg{
			{Name: "take", Type: String, Required: true, Enum: capEnum(sets), Doc: "The gear, by id or label."},
			v.who("Whose bag (the player's when left out)."),
			{Name: "again", Type: Boolean, Doc: "Take gear of a group the character already took, on purpose."},
		}}
	for i := 1; i <= maxGearChoices; i++ {
		n := string(rune('0' + i))
		t.Args = append(t.Args,
			Arg{Name: "choice" + n, Type: String, Doc: "An option for choice " + n + " of the set, by label or number."},
			Arg{Name: "pick" + n, Type: String, Doc: "An item for oneOf list " + n + ", by label or catalog/entry."})
	}
	return t
}

// maxGearChoices is how many choiceN= and pickN= the gear tool offers.
const maxGearChoices = 9

// sheetOps are the sheet tag's ops (docs/tags.md "sheet").
var sheetOps = []string{"rest", "condition", "pool", "track"}

func (v *vocab) sheetTool() *Tool {
	ids := func(n int, at func(int) (string, string)) []string {
		var out []string
		for i := 0; i < n; i++ {
			id, label := at(i)
			out = append(out, id, label)
		}
		return capEnum(out)
	}
	rs := v.rs
	return &Tool{Name: "sheet", Tag: "sheet",
		Doc: "Change live state: a rest, a condition imposed or removed, a live pool or track changed.",
		Args: []Arg{
			{Name: "op", Type: String, Required: true, Enum: sheetOps, Doc: "What changes."},
			v.who("The character (the player when left out; the whole party for a rest)."),
			{Name: "rest", Type: String, Enum: ids(len(rs.Rests), func(i int) (string, string) { return rs.Rests[i].ID, rs.Rests[i].Label }), Doc: "rest: the rest taken."},
			{Name: "condition", Type: String, Enum: ids(len(rs.Conditions), func(i int) (string, string) { return rs.Conditions[i].ID, rs.Conditions[i].Label }), Doc: "condition: the condition imposed (or removed)."},
			{Name: "remove", Type: Boolean, Doc: "condition: true removes it."},
			{Name: "pool", Type: String, Enum: ids(len(rs.Live.Pools), func(i int) (string, string) { return rs.Live.Pools[i].ID, rs.Live.Pools[i].Label }), Doc: "pool: the live pool changed."},
			{Name: "track", Type: String, Enum: ids(len(rs.Live.Tracks), func(i int) (string, string) { return rs.Live.Tracks[i].ID, rs.Live.Tracks[i].Label }), Doc: "track: the live track marked or cleared."},
			{Name: "by", Type: String, Doc: `pool, track: the change, "+1" or "-2".`},
		}}
}

// pluginTags are the loaded plugins' tags, each from its declaration.
func (v *vocab) pluginTags() []*Tool {
	var out []*Tool
	for _, m := range v.w.Manifests {
		for _, d := range m.TagDecls {
			t := &Tool{Name: d.Name, Tag: d.Name, Doc: d.Doc}
			if t.Doc == "" {
				t.Doc = "A tag of plugin " + m.Name + "."
			}
			for _, a := range d.Attrs {
				t.Args = append(t.Args, v.declared(a))
			}
			t.Open = len(d.Attrs) == 0
			out = append(out, t)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// declared is the argument of a plugin's attribute declaration: its type
// read against the world (a character is one of the party, a skill one of
// the ruleset's).
func (v *vocab) declared(a plugin.AttrDecl) Arg {
	arg := Arg{Name: a.Name, Type: String, Required: a.Required, Doc: a.Doc}
	switch a.Type {
	case "integer":
		arg.Type = Integer
	case "number":
		arg.Type = Number
	case "boolean":
		arg.Type = Boolean
	case "character":
		arg.Enum = capEnum(v.party)
	case "skill":
		arg.Enum = capEnum(v.targets)
	case "item":
		arg.Enum = capEnum(v.items)
	case "text":
		arg.Enum = a.Enum
	}
	return arg
}
