package gear

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	itemrules "github.com/rulehost/rulehost/engine/ruleset/items"
	"github.com/rulehost/rulehost/engine/sheet"
)

// How a set stands against a character's sheet.
const (
	FitsSheet = "fits"         // the sheet meets its fits
	ForAnyone = "for anyone"   // it has no fits
	NotFitted = "does not fit" // the sheet does not meet its fits (still offered)
)

// Offer is a set as the starting gear list shows it to one character.
type Offer struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Group string `json:"group,omitempty"`
	Fits  string `json:"fits"`
	// Taken is set when the character took gear of this set's group.
	Taken bool `json:"taken,omitempty"`
	// Lines are the set's own lines, and MinWeight..MaxWeight what they
	// weigh (a list weighs its lightest to its heaviest item).
	Lines     []string      `json:"lines"`
	MinWeight float64       `json:"minWeight"`
	MaxWeight float64       `json:"maxWeight"`
	Choices   []ChoiceOffer `json:"choices,omitempty"`
}

// ChoiceOffer is a choice with its options.
type ChoiceOffer struct {
	Label   string        `json:"label"`
	Key     string        `json:"key"` // the tag attribute that chooses: choice1, ...
	Options []OptionOffer `json:"options"`
}

// OptionOffer is an option with its lines and weight.
type OptionOffer struct {
	Label     string   `json:"label"`
	Lines     []string `json:"lines"`
	MinWeight float64  `json:"minWeight"`
	MaxWeight float64  `json:"maxWeight"`
}

// Offers lists the gear offered to member i in the spec's order: the
// sets whose fits their sheet meets first, then the sets without fits,
// then the rest (all gear is offered), each band in the ruleset's order.
// fits reads the sheet alone, without live state, as the load does.
func Offers(p *items.Party, i int) []Offer {
	b := p.RS.Items
	if b == nil {
		return nil
	}
	base := sheet.New(p.RS, p.Members[i].Sheet)
	bands := map[string][]Offer{}
	for si := range b.StartingGear {
		set := &b.StartingGear[si]
		o := offer(p, b, set)
		switch {
		case set.Fits == nil:
			o.Fits = ForAnyone
		case base.Value(set.Fits.Value) >= set.Fits.AtLeast:
			o.Fits = FitsSheet
		default:
			o.Fits = NotFitted
		}
		o.Taken = Took(p, i, set)
		bands[o.Fits] = append(bands[o.Fits], o)
	}
	return append(append(bands[FitsSheet], bands[ForAnyone]...), bands[NotFitted]...)
}

func offer(p *items.Party, b *itemrules.ItemsBlock, set *itemrules.GearSet) Offer {
	o := Offer{ID: set.ID, Label: set.Label, Group: set.Group}
	lists := 0
	o.Lines, o.MinWeight, o.MaxWeight = describe(p, b, set.Lines, &lists)
	for ci, c := range set.Choices {
		co := ChoiceOffer{Label: c.Label, Key: "choice" + strconv.Itoa(ci+1)}
		first := lists
		for _, opt := range c.Options {
			lists = first // each option numbers its lists from the same place: one option is chosen
			oo := OptionOffer{Label: opt.Label}
			oo.Lines, oo.MinWeight, oo.MaxWeight = describe(p, b, opt.Lines, &lists)
			co.Options = append(co.Options, oo)
		}
		o.Choices = append(o.Choices, co)
	}
	return o
}

// describe words lines ("Shield (put on)", "gold pieces ×15", "one of
// Longsword, Battleaxe (pick1)") and their lightest and heaviest weight.
// lists counts the lists met so far, so each names its pickN.
func describe(p *items.Party, b *itemrules.ItemsBlock, lines []itemrules.GearLine, lists *int) ([]string, float64, float64) {
	out := []string{} // an empty list, never null, in the JSON form
	lo, hi := 0.0, 0.0
	for _, l := range lines {
		var s string
		switch {
		case l.Item != "":
			def := b.ItemByRef(l.Item)
			s = counted(def.Label, l.Count)
			w := p.Weight(def) * float64(l.Count)
			lo, hi = lo+w, hi+w
		case l.Coins != "":
			def := b.CoinItem(l.Coins)
			s = counted(def.Label, l.Count)
			w := p.Weight(def) * float64(l.Count)
			lo, hi = lo+w, hi+w
		case l.Name != "":
			s = counted(l.Name, l.Count)
		default:
			*lists++
			var labels []string
			min, max := math.Inf(1), 0.0
			for _, ref := range l.OneOf {
				def := b.ItemByRef(ref)
				labels = append(labels, def.Label)
				w := p.Weight(def) * float64(l.Count)
				min, max = math.Min(min, w), math.Max(max, w)
			}
			s = "one of " + strings.Join(labels, ", ")
			if l.Count > 1 {
				s = fmt.Sprintf("%d of one of %s", l.Count, strings.Join(labels, ", "))
			}
			s += " (pick" + strconv.Itoa(*lists) + ")"
			lo, hi = lo+min, hi+max
		}
		if l.Equip {
			s += " (put on)"
		}
		out = append(out, s)
	}
	return out, lo, hi
}

func counted(label string, n int) string {
	if n == 1 {
		return label
	}
	return label + " ×" + strconv.Itoa(n)
}

// Text is the list as the CLI prints it: a heading with what the
// character can still carry, then each set with its lines, choices and
// weight.
func Text(p *items.Party, i int) string {
	var sb strings.Builder
	m := p.Members[i]
	b := p.RS.Items
	unit := carryUnit(p)
	heading := "Starting gear for " + m.Name
	if b != nil && b.Carry != nil {
		_, limit := p.Capacity(i)
		if !math.IsInf(limit, 1) {
			heading += fmt.Sprintf(" (can still carry %s%s)", num(math.Max(limit-p.Load(i), 0)), unit)
		}
	}
	sb.WriteString(heading + ":\n")
	offers := Offers(p, i)
	if len(offers) == 0 {
		sb.WriteString("- none: this ruleset declares no starting gear\n")
	}
	withWeight := b != nil && b.Carry != nil
	for _, o := range offers {
		var tags []string
		if o.Group != "" {
			tags = append(tags, o.Group)
		}
		tags = append(tags, o.Fits)
		if o.Taken {
			tags = append(tags, "taken")
		}
		fmt.Fprintf(&sb, "- %s (take=%q) [%s]", o.Label, o.ID, strings.Join(tags, "; "))
		if withWeight {
			sb.WriteString(" " + weightRange(o.MinWeight, o.MaxWeight, unit))
		}
		if len(o.Lines) > 0 {
			sb.WriteString(": " + strings.Join(o.Lines, ", "))
		}
		sb.WriteString("\n")
		for _, c := range o.Choices {
			fmt.Fprintf(&sb, "  %s (%s):\n", c.Label, c.Key)
			for k, opt := range c.Options {
				fmt.Fprintf(&sb, "    %d. %s", k+1, opt.Label)
				if withWeight {
					sb.WriteString(" " + weightRange(opt.MinWeight, opt.MaxWeight, unit))
				}
				if len(opt.Lines) > 0 {
					sb.WriteString(": " + strings.Join(opt.Lines, ", "))
				}
				sb.WriteString("\n")
			}
		}
	}
	return sb.String()
}

func weightRange(lo, hi float64, unit string) string {
	if num(lo) == num(hi) {
		return "(" + num(lo) + unit + ")"
	}
	return "(" + num(lo) + "–" + num(hi) + unit + ")"
}
