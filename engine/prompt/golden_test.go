package prompt_test

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/prompt"
)

var update = flag.Bool("update", false, "rewrite the prompt goldens under testdata/golden")

// TestGoldens prints the whole default prompt of every bundled ruleset at
// the start of a game, and after each bundled transcript.
func TestGoldens(t *testing.T) {
	for _, g := range bundled(t) {
		t.Run(g.name, func(t *testing.T) {
			secs := prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets})
			golden(t, g.name+".txt", prompt.Text(secs)+"\n")
			files, _ := filepath.Glob(filepath.Join(g.dir, "transcripts", "*.txt"))
			for _, f := range files {
				s := g.play(t, f)
				secs := prompt.Build(prompt.Input{RS: g.rs, Sheets: g.sheets, State: s.State()})
				golden(t, g.name+"-"+strings.TrimSuffix(filepath.Base(f), ".txt")+".txt", prompt.Text(secs)+"\n")
			}
		})
	}
}
