package check

import (
	"runtime"
	"testing"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestPlanSharedByPlainCharacters: a new Env of a new plain character
// (sheet.New) of the same ruleset and sheet finds the plan another Env
// built (the HTTP service makes both per request, issue 31), and only
// then: another sheet, another ruleset, a character of another ruleset or
// one with scores, pools or items of play gets a plan of its own, and
// every plan answers as a fresh one does.
func TestPlanSharedByPlainCharacters(t *testing.T) {
	rs := poolBundled(t, "d20-5e")
	first := poolInlineChar(t, rs, `{"name": "Ada", "abilities": {"str": 14}}`)
	sh := first.Sheet
	held := &Env{RS: rs, Char: first}
	p := held.Plan()
	again := &Env{RS: rs, Char: sheet.New(rs, sh)}
	if again.Plan() != p {
		t.Fatal("a new Env of a new plain character of the same sheet planned anew")
	}
	other := poolInlineChar(t, rs, `{"name": "Ada", "abilities": {"str": 14}}`)
	rs2 := poolBundled(t, "d20-5e")
	withScores := sheet.New(rs, sh)
	withScores.Scores = map[string]int{"str": 20}
	withPools := sheet.New(rs, sh)
	withPools.Pools = map[string]int{}
	withItems := sheet.New(rs, sh)
	withItems.Items = noItems{}
	for _, c := range []struct {
		what string
		env  *Env
	}{
		{"another sheet of the same text", &Env{RS: rs, Char: other}},
		{"another ruleset", &Env{RS: rs2, Char: sheet.New(rs2, sh)}},
		{"a character of another ruleset", &Env{RS: rs, Char: sheet.New(rs2, sh)}},
		{"scores of play", &Env{RS: rs, Char: withScores}},
		{"pools of play", &Env{RS: rs, Char: withPools}},
		{"items", &Env{RS: rs, Char: withItems}},
	} {
		if c.env.Plan() == p {
			t.Errorf("%s: shares the plan of the plain character", c.what)
		}
	}
	// Whatever the sheet's memo last held, each answers as a fresh plan.
	tg, _ := tag.Parse(`[skill_check: skill="Athletics" dc="15" mode="advantage"]`)
	for i, ch := range []*sheet.Character{sheet.New(rs, sh), withScores, sheet.New(rs2, sh), sheet.New(rs, sh)} {
		env := &Env{RS: rs, Char: ch, Dice: dice.New(uint64(i), 0, 0)}
		got := Resolve(env, tg).Record.String()
		fresh := &Env{RS: rs, Char: ch, Dice: dice.New(uint64(i), 0, 0), plan: NewPlan(rs, ch)}
		if want := Resolve(fresh, tg).Record.String(); got != want {
			t.Errorf("character %d: shared plan\n%s\nfresh plan\n%s", i, got, want)
		}
	}
	runtime.KeepAlive(held)
}

// TestSharedPlanIgnoresForeignMemo: a sheet's memo holding something else
// (another package's value, a plan of a collected ruleset) is a miss.
func TestSharedPlanIgnoresForeignMemo(t *testing.T) {
	rs := poolBundled(t, "d20-5e")
	ch := poolInlineChar(t, rs, `{"name": "Ada", "abilities": {"str": 14}}`)
	ch.Sheet.StoreMemo("not a plan")
	env := &Env{RS: rs, Char: ch}
	if env.Plan() == nil {
		t.Fatal("no plan")
	}
	ch.Sheet.StoreMemo(nil)
	if (&Env{RS: rs, Char: sheet.New(rs, ch.Sheet)}).Plan() == nil {
		t.Fatal("no plan")
	}
	// A plan nobody holds may be collected; the next Env plans anew and
	// answers the same.
	tg, _ := tag.Parse(`[skill_check: skill="Athletics" dc="10"]`)
	want := Resolve(&Env{RS: rs, Char: ch, Dice: dice.New(3, 0, 0)}, tg).Record.String()
	runtime.GC()
	runtime.GC()
	if got := Resolve(&Env{RS: rs, Char: sheet.New(rs, ch.Sheet), Dice: dice.New(3, 0, 0)}, tg).Record.String(); got != want {
		t.Fatalf("after a collection:\n%s\nwant\n%s", got, want)
	}
}

// TestSharedPlanConcurrent: Envs of one sheet planned and resolved from
// many goroutines at once (run under -race) answer as one Env does.
func TestSharedPlanConcurrent(t *testing.T) {
	rs := poolBundled(t, "d20-5e")
	sh := poolInlineChar(t, rs, `{"name": "Ada", "abilities": {"str": 14}}`).Sheet
	tg, _ := tag.Parse(`[skill_check: skill="Athletics" dc="15"]`)
	want := Resolve(&Env{RS: rs, Char: sheet.New(rs, sh), Dice: dice.New(9, 0, 0)}, tg).Record.String()
	done := make(chan string)
	for range 8 {
		go func() {
			var last string
			for range 50 {
				last = Resolve(&Env{RS: rs, Char: sheet.New(rs, sh), Dice: dice.New(9, 0, 0)}, tg).Record.String()
				if last != want {
					break
				}
			}
			done <- last
		}()
	}
	for range 8 {
		if got := <-done; got != want {
			t.Fatalf("concurrent: %s, want %s", got, want)
		}
	}
}
