package prompt_test

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
)

var update = flag.Bool("update", false, "rewrite the prompt goldens under testdata/golden")

// forms are the prompt's goldens: the built-in text and the bundled
// formatter plugins.
var forms = []string{"default", "terse", "narrative", "xml"}

// render is the whole prompt through a form, as rulehost prompt prints it.
func render(t testing.TB, form string, in prompt.Input) string {
	var f record.Formatter = record.Plain{}
	if form != "default" {
		var ok bool
		if f, ok = bundledHost(t).Formatter(form, record.Plain{}); !ok {
			t.Fatalf("no formatter %s", form)
		}
	}
	in.Format = f
	secs := prompt.Build(in)
	sf, ok := f.(prompt.SectionFormatter)
	if !ok {
		return prompt.Text(secs)
	}
	return sf.Prompt(prompt.Reshape(sf, secs))
}

// TestGoldens prints the whole prompt of every bundled ruleset at the
// start of a game, and after each bundled transcript, in every form. A
// ruleset without a transcript gets one turn instead ("-one-turn"): a
// reply asking for every check its rules section shows, so that its last
// turn, and the formatters' text of its records, are in a golden too.
func TestGoldens(t *testing.T) {
	for _, g := range bundled(t) {
		t.Run(g.name, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(g.dir, "transcripts", "*.txt"))
			states := map[string]*session.State{g.name: nil}
			for _, f := range files {
				states[g.name+"-"+strings.TrimSuffix(filepath.Base(f), ".txt")] = g.play(t, f).State()
			}
			if len(files) == 0 {
				states[g.name+"-one-turn"] = oneTurn(t, g)
			}
			for name, st := range states {
				for _, form := range forms {
					got := render(t, form, prompt.Input{RS: g.rs, Sheets: g.sheets, State: st})
					golden(t, filepath.Join(form, name+".txt"), got+"\n")
				}
			}
		})
	}
}

// oneTurn is a session after one GM reply that asks for every check the
// rules section shows (TestDrift answers each without a refusal).
func oneTurn(t *testing.T, g game) *session.State {
	t.Helper()
	rules, _ := prompt.Get(prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets}), prompt.Rules)
	ex := rules.Data.(*prompt.RulesData).Examples
	s := g.session()
	if _, err := s.Append(session.GMReply, "The party presses on.\n"+strings.Join(ex, "\n")); err != nil {
		t.Fatal(err)
	}
	return s.State()
}
