package prompt

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
)

// ItemsData is the items section's facts: the inventory actions this
// ruleset answers and the proposal form for invented items in its
// vocabulary (spec/items.md "What reads the items").
type ItemsData struct {
	// Block is false for a ruleset without an items block: items are
	// plain names, without rules.
	Block bool `json:"block"`
	// Propose, Native and Freeform are the block's switches.
	Propose  bool   `json:"propose"`
	Native   bool   `json:"native"`
	Freeform string `json:"freeform"`
	// Actions are the inventory actions this ruleset has.
	Actions    []string   `json:"actions"`
	Categories []string   `json:"categories,omitempty"`
	Rarities   []string   `json:"rarities,omitempty"`
	Tags       []string   `json:"tags,omitempty"`
	Stats      []StatInfo `json:"stats,omitempty"`
	Slots      []string   `json:"slots,omitempty"`
	// Binds are the binds= forms (only with binding).
	Binds []string `json:"binds,omitempty"`
	// Weapons is true when the ruleset has weapons (items with an attack):
	// an item invented like= one fights like it.
	Weapons bool `json:"weapons"`
	// Fights is true when worn=/carried= may change attacks and defense.
	Fights   bool     `json:"fights"`
	Examples []string `json:"examples"`
}

// StatInfo is an item stat the GM may see and write in stats=.
type StatInfo struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Type  string `json:"type"`
	Range string `json:"range,omitempty"`
}

func itemsSection(rs *ruleset.Ruleset, p *items.Party) (Section, bool) {
	d := itemsData(rs, p)
	return Section{Name: Items, Data: d, Text: itemsText(d)}, true
}

func itemsData(rs *ruleset.Ruleset, p *items.Party) *ItemsData {
	d := &ItemsData{Native: true, Propose: true, Freeform: "plain", Actions: []string{"add", "remove", "give"}}
	b := rs.Items
	if b == nil {
		d.Examples = plainExamples(p)
		return d
	}
	d.Block, d.Propose, d.Native = true, b.Propose, b.Native
	if b.Freeform != "" {
		d.Freeform = b.Freeform
	}
	d.Categories, d.Rarities, d.Tags = labels(b.Categories), labels(b.Rarities), labels(b.Tags)
	for _, s := range b.Stats {
		if s.PromptVisible {
			d.Stats = append(d.Stats, StatInfo{ID: s.ID, Label: labelOr(s.Label, s.ID), Type: s.Type, Range: statRange(s)})
		}
	}
	for _, s := range b.Slots {
		d.Slots = append(d.Slots, labelOr(s.Label, s.ID))
	}
	if len(b.Slots) > 0 {
		d.Actions = append(d.Actions, "equip", "unequip")
	}
	if b.Binding != nil {
		d.Actions = append(d.Actions, "bind", "unbind")
		d.Binds = []string{"yes", "cursed", "no"}
	}
	var uses, toggles bool
	for _, it := range b.Items {
		d.Weapons = d.Weapons || it.Attack != nil
		uses = uses || it.UseDef != nil
		toggles = toggles || it.Toggle != nil
	}
	if uses {
		d.Actions = append(d.Actions, "use")
	}
	if toggles {
		d.Actions = append(d.Actions, "toggle")
	}
	d.Fights = rs.Combat != nil
	d.Examples = blockExamples(rs, p, d)
	return d
}

func labels(list []itemrules.Named) []string {
	var out []string
	for _, n := range list {
		out = append(out, labelOr(n.Label, n.ID))
	}
	return out
}

func statRange(s itemrules.ItemStatDecl) string {
	switch {
	case s.Type == "enum":
		return strings.Join(s.Values, ", ")
	case s.Min != nil && s.Max != nil:
		return fmt.Sprintf("%g to %g", *s.Min, *s.Max)
	case s.Min != nil:
		return fmt.Sprintf("at least %g", *s.Min)
	case s.Max != nil:
		return fmt.Sprintf("at most %g", *s.Max)
	}
	return ""
}

// plainExamples teach a ruleset without an items block: plain names.
func plainExamples(p *items.Party) []string {
	out := []string{`[inventory: action="add" item="Rope" count="2"]`}
	if len(p.Members) > 1 {
		out = append(out, fmt.Sprintf(`[inventory: action="give" item="Rope" count="1" who="%s" to="%s"]`, p.Members[0].Name, p.Members[1].Name))
	}
	return out
}

// blockExamples are tags the engine answers, in an order that works when
// they are answered one after the other on the sample party (the drift
// test does exactly that): an addition, a give of what was added, then
// the actions on items the party holds.
func blockExamples(rs *ruleset.Ruleset, p *items.Party, d *ItemsData) []string {
	b := rs.Items
	first := firstItem(b.Items)
	if first == nil {
		return nil
	}
	out := []string{fmt.Sprintf(`[inventory: action="add" item="%s" count="1"]`, first.Label)}
	if len(p.Members) > 1 {
		out = append(out, fmt.Sprintf(`[inventory: action="give" item="%s" count="1" who="%s" to="%s"]`,
			first.Label, p.Members[0].Name, p.Members[1].Name))
	}
	if d.Propose {
		out = append(out, inventExample(rs, d))
	}
	if hasAction(d, "equip") {
		if name, who, ok := heldWith(p, func(s *items.Stack, it *itemrules.Item) bool { return len(it.Slots) > 0 && !s.Equipped }); ok {
			out = append(out, fmt.Sprintf(`[inventory: action="equip" item="%s" who="%s"]`, name, who))
		}
	}
	if hasAction(d, "use") {
		// An item worn to be used (slots, binding) is used only while worn.
		usable := func(s *items.Stack, it *itemrules.Item) bool {
			return it.UseDef != nil && (p.Worn(s) || (len(it.Slots) == 0 && !it.Binds))
		}
		if name, who, ok := heldWith(p, usable); ok {
			out = append(out, fmt.Sprintf(`[inventory: action="use" item="%s" who="%s"]`, name, who))
		}
	}
	return out
}

func hasAction(d *ItemsData, a string) bool {
	for _, x := range d.Actions {
		if x == a {
			return true
		}
	}
	return false
}

// firstItem is the first catalog item that is not a coin or a service.
func firstItem(list []*itemrules.Item) *itemrules.Item {
	for _, it := range list {
		if it.Coin == "" && !it.Service && it.Label != "" {
			return it
		}
	}
	return nil
}

// likeItem is the item an invented example starts from: a weapon where
// the ruleset has weapons, since that is the case the GM most needs.
func likeItem(list []*itemrules.Item) *itemrules.Item {
	for _, it := range list {
		if it.Attack != nil && it.Coin == "" && !it.Service {
			return it
		}
	}
	return firstItem(list)
}

func inventExample(rs *ruleset.Ruleset, d *ItemsData) string {
	like := likeItem(rs.Items.Items)
	parts := []string{`action="add"`, `item="Ashen ` + like.Label + `"`, `like="` + like.Label + `"`}
	if len(d.Rarities) > 1 {
		parts = append(parts, `rarity="`+d.Rarities[1]+`"`)
	}
	if len(d.Tags) > 0 {
		parts = append(parts, `tags="`+d.Tags[0]+`"`)
	}
	if _, label, ok := exampleTarget(rs); ok && len(rs.Skills) > 0 {
		parts = append(parts, `worn="+1 `+label+`"`)
	}
	parts = append(parts, `summary="Warm to the touch."`)
	return "[inventory: " + strings.Join(parts, " ") + "]"
}

// heldWith finds a stack of a ruleset item that keep accepts, in any bag.
func heldWith(p *items.Party, keep func(*items.Stack, *itemrules.Item) bool) (name, who string, ok bool) {
	for _, m := range p.Members {
		for j := range m.Bag {
			if def := p.Def(&m.Bag[j]); def != nil && keep(&m.Bag[j], def) {
				return m.Bag[j].Name, m.Name, true
			}
		}
	}
	return "", "", false
}

func itemsText(d *ItemsData) string {
	var b strings.Builder
	b.WriteString("ITEMS\n")
	fmt.Fprintf(&b, "Change the bags with [inventory: action=\"...\" item=\"...\" count=\"N\" who=\"Name\"]; actions here: %s.\n", strings.Join(d.Actions, ", "))
	if !d.Block {
		b.WriteString("Items in this ruleset are plain names without rules.\n")
		writeExamples(&b, d.Examples)
		return strings.TrimRight(b.String(), "\n")
	}
	b.WriteString("The engine applies what items do to checks and fights (worn, carried, used): never add an item's bonus to a roll yourself, and never ask for it again.\n")
	if d.Native {
		b.WriteString("A name that is none of this ruleset's items adds a plain item without rules.\n")
	} else {
		b.WriteString("Only this ruleset's items and the ones you invent exist: any other name is refused (not-ruleset-item), though more of something the party already has can still be added.\n")
	}
	if d.Freeform == "refuse" {
		b.WriteString("An item the player types that is not one of this ruleset's is refused.\n")
	} else {
		b.WriteString("An item the player types that is not one of this ruleset's becomes a plain item.\n")
	}
	if !d.Propose {
		b.WriteString("Do not invent items: add this ruleset's items by name.\n")
		writeExamples(&b, d.Examples)
		return strings.TrimRight(b.String(), "\n")
	}
	b.WriteString("To invent an item, add it with like=\"one of this ruleset's items\" and any of:\n")
	listLine(&b, "category=", d.Categories)
	listLine(&b, "rarity=", d.Rarities)
	listLine(&b, "tags=", d.Tags)
	if len(d.Stats) > 0 {
		var s []string
		for _, st := range d.Stats {
			x := st.Label + " (" + st.ID + ", " + st.Type
			if st.Range != "" {
				x += ", " + st.Range
			}
			s = append(s, x+")")
		}
		b.WriteString("- stats= as id=value pairs: " + strings.Join(s, "; ") + "\n")
	}
	if len(d.Slots) > 0 {
		b.WriteString("- slots= as id=count: " + strings.Join(d.Slots, ", ") + "\n")
	}
	listLine(&b, "binds=", d.Binds)
	b.WriteString("- worn= and carried=: changes separated by \";\", each +N, -N, advantage, disadvantage or fails (saves) on a skill or save by name, or on checks or saves for all; +N or -N on an ability's name")
	if d.Fights {
		b.WriteString("; +N, -N, advantage or disadvantage on attacks, +N or -N on defense")
	}
	b.WriteString("; or none\n- summary=: one line\n")
	b.WriteString("Unknown parts are dropped and numbers capped by rarity; the reply says what changed. The same name is that item for the rest of the game.\n")
	if d.Weapons {
		b.WriteString("An item invented like= a weapon fights like that weapon.\n")
	}
	writeExamples(&b, d.Examples)
	return strings.TrimRight(b.String(), "\n")
}

func listLine(b *strings.Builder, attr string, list []string) {
	if len(list) > 0 {
		b.WriteString("- " + attr + ": " + strings.Join(list, ", ") + "\n")
	}
}

func writeExamples(b *strings.Builder, ex []string) {
	if len(ex) == 0 {
		return
	}
	b.WriteString("Examples:\n")
	for _, e := range ex {
		b.WriteString(e + "\n")
	}
}
