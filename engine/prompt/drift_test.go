package prompt_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/prompt"
)

// TestDrift answers every example tag the prompt shows, in the order the
// sections show them, on a sample session of the same ruleset: each is
// answered with exactly one record, none is refused, and none lists an
// attribute as ignored (so every attribute the prompt teaches is one the
// engine reads). Every attribute the rules section names has an example.
func TestDrift(t *testing.T) {
	for _, g := range bundled(t) {
		t.Run(g.name, func(t *testing.T) {
			// with what the bundled plugins declare: the ruleset's
			// plugin kind and every plugin tag are taught, and their
			// examples answered, like native ones
			secs := prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets, Mechanics: bundledHost(t).Mechanics()})
			s := g.session()
			n := 0
			for _, name := range prompt.Names {
				for _, ex := range examples(secs)[name] {
					n++
					r, err := s.Append("gm", ex)
					if err != nil {
						t.Fatal(err)
					}
					if len(r.Records) != 1 {
						t.Errorf("%s: %s answered with %d records, want 1", name, ex, len(r.Records))
						continue
					}
					rec := r.Records[0]
					if rec.Name == "refused" {
						t.Errorf("%s: %s refused: %s", name, ex, rec)
					}
					if v, ok := rec.Get("ignored"); ok {
						t.Errorf("%s: %s ignored %s: %s", name, ex, v, rec)
					}
				}
			}
			if n == 0 {
				t.Fatal("no examples at all")
			}
			rules, _ := prompt.Get(secs, prompt.Rules)
			d := rules.Data.(*prompt.RulesData)
			for _, a := range d.Attributes {
				found := false
				for _, ex := range d.Examples {
					found = found || strings.Contains(ex, " "+a.Name+`="`)
				}
				if !found {
					t.Errorf("rules teach %s= without an example the engine answered", a.Name)
				}
			}
		})
	}
}
