package prompt_test

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rulehost/rulehost/engine/prompt"
)

// TestBudget cuts a full prompt (Gravewatch after its second transcript:
// every section) to shrinking budgets: the result fits whenever the
// rules' heading and the note fit, the cut is the same every time, it
// says what was cut, and the cut order is the documented one.
func TestBudget(t *testing.T) {
	var g game
	for _, x := range bundled(t) {
		if x.name == "gravewatch" {
			g = x
		}
	}
	s := g.play(t, "../../rulesets/gravewatch/transcripts/02-grave-goods.txt")
	secs := prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets, State: s.State()})
	full := prompt.Text(secs)
	if out, cut := prompt.Budget(secs, utf8.RuneCountInString(full)); cut != nil || prompt.Text(out) != full {
		t.Fatalf("a prompt that fits was cut: %v", cut)
	}
	order := []string{"loot examples", "money examples", "market examples", "fight examples", "items examples", "rules examples", "loot", "money", "market", "items", "fight", "inventory", "market_block", "last_turn", "rules"}
	prev := -1
	for max := utf8.RuneCountInString(full) - 1; max > 300; max -= 97 {
		out, cut := prompt.Budget(secs, max)
		again, cut2 := prompt.Budget(secs, max)
		if !reflect.DeepEqual(cut, cut2) || prompt.Text(out) != prompt.Text(again) {
			t.Fatalf("max %d: not deterministic", max)
		}
		text := prompt.Text(out)
		if n := utf8.RuneCountInString(text); n > max {
			t.Fatalf("max %d: %d characters (cut %v)", max, n, cut)
		}
		if !strings.HasSuffix(text, "CUT: this prompt was cut to fit; left out: "+strings.Join(cut, ", ")+".") {
			t.Fatalf("max %d: no note of the cut:\n%s", max, text)
		}
		// Each step is a prefix of the documented order, growing as the
		// budget shrinks.
		last := 0
		for _, c := range cut {
			name := strings.SplitN(c, " (", 2)[0]
			i := indexOf(order, name)
			if i < last {
				t.Fatalf("max %d: cut %v out of the documented order", max, cut)
			}
			last = i
		}
		if last < prev {
			t.Fatalf("max %d: a smaller budget cut less (%v)", max, cut)
		}
		prev = last
	}
	if prev < indexOf(order, "inventory") {
		t.Fatalf("the budgets never reached the inventory (%d)", prev)
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
