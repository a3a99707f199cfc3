package prompt

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzBudget cuts arbitrary sections to arbitrary budgets: it never
// panics, is deterministic, keeps the sections' order, and meets the
// budget whenever the sections' first lines and the note fit in it.
func FuzzBudget(f *testing.F) {
	f.Add("RULES\nask\nexamples", "ITEMS\na\nb", "INVENTORY:\nx\ny\nz", 20)
	f.Add("", "", "", 0)
	f.Add("R\n\n\n", "ü\né", "LAST TURN\n--- gm\nx", 5)
	f.Fuzz(func(t *testing.T, rules, items, inv string, maxChars int) {
		secs := []Section{
			{Name: Rules, Data: &RulesData{Examples: []string{"[skill_check: skill=\"X\"]"}}, Text: rules},
			{Name: Items, Data: &ItemsData{}, Text: items},
			{Name: Inventory, Text: inv},
			{Name: LastTurn, Text: inv + "\n" + rules},
		}
		out, cut := Budget(secs, maxChars)
		again, cut2 := Budget(secs, maxChars)
		if Text(out) != Text(again) || strings.Join(cut, "|") != strings.Join(cut2, "|") {
			t.Fatal("not deterministic")
		}
		if cut == nil {
			if maxChars > 0 && utf8.RuneCountInString(Text(out)) > maxChars {
				t.Fatalf("not cut but over budget")
			}
			return
		}
		last := out[len(out)-1]
		if last.Name != Cut || !strings.HasPrefix(last.Text, "CUT: ") {
			t.Fatalf("no note: %q", last.Text)
		}
		floor := 0
		for i, s := range out[:len(out)-1] {
			if i > 0 {
				floor += 2
			}
			floor += utf8.RuneCountInString(strings.SplitN(s.Text, "\n", 2)[0])
		}
		floor += 2 + utf8.RuneCountInString(last.Text)
		if n := utf8.RuneCountInString(Text(out)); n > maxChars && n > floor {
			t.Fatalf("%d characters for a budget of %d (floor %d)", n, maxChars, floor)
		}
	})
}
