package prompt

import (
	"fmt"
	"strings"
)

// Budget cuts the prompt to at most maxChars characters (runes, counted
// on Text(secs) with the note included), deterministically, in this
// order, stopping as soon as it fits:
//
//  1. the examples of the loot, money, market, fight, items and rules
//     sections, in that order (the instructions stay, only the sample
//     tags go);
//  2. whole sections: loot, money, market, items, then fight;
//  3. the inventory block's lines from the end (the last characters'
//     last stacks first), then the MARKET block's;
//  4. the last turn's lines from the start (the oldest first);
//  5. the rules section's lines from the end.
//
// A cut prompt ends with a note section ("cut") that says what was cut,
// so the Game Master knows the prompt is partial. maxChars <= 0 means no
// budget. The rules' first lines (how to ask for a check) go last; a
// budget below what the remaining headings and the note take cannot be
// met, and the prompt is then those headings and the note.
func Budget(secs []Section, maxChars int) (out []Section, cut []string) {
	return BudgetWith(secs, maxChars, nil)
}

// BudgetWith is Budget for sections a formatter rendered: a section
// re-rendered without its examples, and the note, go through render
// (a SectionFormatter's Section) so they keep the formatter's form.
func BudgetWith(secs []Section, maxChars int, render func(Section) string) (out []Section, cut []string) {
	if render == nil {
		render = func(s Section) string { return s.Text }
	}
	if maxChars <= 0 || size(secs, nil) <= maxChars {
		return secs, nil
	}
	out = append([]Section(nil), secs...)
	noteSize := func(cut []string) int { return runes(render(Section{Name: Cut, Data: cut, Text: note(cut)})) }
	fits := func() bool { return size(out, nil)+2+noteSize(cut) <= maxChars }
	for _, name := range []string{Loot, Money, Market, Fight, Items, Rules} {
		if i := index(out, name); i >= 0 && dropExamples(&out[i]) {
			out[i].Text = render(out[i])
			cut = append(cut, name+" examples")
			if fits() {
				return withNote(out, cut, render), cut
			}
		}
	}
	for _, name := range []string{Loot, Money, Market, Items, Fight} {
		if i := index(out, name); i >= 0 {
			out = append(out[:i:i], out[i+1:]...)
			cut = append(cut, name)
			if fits() {
				return withNote(out, cut, render), cut
			}
		}
	}
	for _, step := range []struct {
		name      string
		fromStart bool
	}{{Inventory, false}, {MarketBlock, false}, {LastTurn, true}, {Rules, false}} {
		i := index(out, step.name)
		if i < 0 {
			continue
		}
		n := trimLines(&out[i], step.fromStart, func(n int) bool {
			return n > 0 && size(out, nil)+2+noteSize(append(cut[:len(cut):len(cut)], linesCut(step.name, n))) <= maxChars
		})
		if n > 0 {
			cut = append(cut, linesCut(step.name, n))
			if fits() {
				return withNote(out, cut, render), cut
			}
		}
	}
	return withNote(out, cut, render), cut
}

func linesCut(name string, n int) string {
	if n == 1 {
		return name + " (1 line)"
	}
	return fmt.Sprintf("%s (%d lines)", name, n)
}

// Cut is the name of the note section a budget adds.
const Cut = "cut"

func note(cut []string) string {
	return "CUT: this prompt was cut to fit; left out: " + strings.Join(cut, ", ") + "."
}

func withNote(secs []Section, cut []string, render func(Section) string) []Section {
	s := Section{Name: Cut, Data: cut, Text: note(cut)}
	s.Text = render(s)
	return append(secs, s)
}

func size(secs []Section, cut []string) int {
	n := 0
	for i, s := range secs {
		if i > 0 {
			n += 2
		}
		n += runes(s.Text)
	}
	if len(cut) > 0 {
		n += 2 + runes(note(cut))
	}
	return n
}

func runes(s string) int { return len([]rune(s)) }

func index(secs []Section, name string) int {
	for i, s := range secs {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// dropExamples re-renders a section without its example tags; it reports
// whether there were any.
func dropExamples(s *Section) bool {
	switch d := s.Data.(type) {
	case *RulesData:
		if len(d.Examples) == 0 {
			return false
		}
		c := *d
		c.Examples = nil
		s.Data, s.Text = &c, rulesText(&c)
	case *ItemsData:
		if len(d.Examples) == 0 {
			return false
		}
		c := *d
		c.Examples = nil
		s.Data, s.Text = &c, itemsText(&c)
	case *MoneyData:
		if len(d.Examples) == 0 {
			return false
		}
		c := *d
		c.Examples = nil
		s.Data, s.Text = &c, moneyText(&c)
	case *LootData:
		if len(d.Examples) == 0 {
			return false
		}
		c := *d
		c.Examples = nil
		s.Data, s.Text = &c, lootText(&c)
	case *MarketData:
		if len(d.Examples) == 0 {
			return false
		}
		c := *d
		c.Examples = nil
		s.Data, s.Text = &c, marketText(&c)
	case *FightData:
		if len(d.Examples) == 0 {
			return false
		}
		c := *d
		c.Examples = nil
		s.Data, s.Text = &c, fightText(&c)
	default:
		return false
	}
	return true
}

// trimLines removes a section's lines one by one (keeping its heading,
// the first line) until ok or only the heading is left; it returns how
// many it removed.
func trimLines(s *Section, fromStart bool, ok func(n int) bool) int {
	lines := strings.Split(s.Text, "\n")
	n := 0
	for len(lines) > 1 && !ok(n) {
		if fromStart {
			lines = append(lines[:1], lines[2:]...)
		} else {
			lines = lines[:len(lines)-1]
		}
		n++
		s.Text = strings.Join(lines, "\n")
	}
	return n
}
