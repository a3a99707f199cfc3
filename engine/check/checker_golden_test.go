package check_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// TestCheckerMatchesTheGoldens answers every golden case, of every kind
// and bundled ruleset, through one Checker and, for each ruleset and
// sheet, one Env kept from case to case (so its plan is reused under
// other tags: with=, mode=, bonus=, another skill), in the files' order
// and then backwards. The records must be the golden ones: what a kind
// leaves in the Checker's storage (its working state, the face table,
// the texts) and what the plan keeps must never reach the next check.
func TestCheckerMatchesTheGoldens(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/golden/*.cases")
	if len(files) == 0 {
		t.Fatal("no golden cases")
	}
	type pair struct {
		rs *ruleset.Ruleset
		ch *sheet.Character
	}
	pairs := map[string]pair{}
	load := func(tb testing.TB, dir, file string) (*ruleset.Ruleset, *sheet.Character) {
		p, ok := pairs[dir+"/"+file]
		if !ok {
			p.rs, p.ch = loadPair(tb, dir, file)
			pairs[dir+"/"+file] = p
		}
		return p.rs, p.ch
	}
	envs := map[*sheet.Character]*check.Env{}
	var k check.Checker
	resolve := func(env *check.Env, tg tag.Tag) record.Record {
		kept, ok := envs[env.Char]
		if !ok {
			kept = env
			envs[env.Char] = env
		}
		kept.Dice = env.Dice
		r := k.Resolve(kept, tg).Record
		r.Attrs = slices.Clone(r.Attrs) // the list is the Checker's
		return r
	}
	for _, order := range []string{"forwards", "backwards"} {
		if order == "backwards" {
			slices.Reverse(files)
		}
		for _, f := range files {
			want, err := os.ReadFile(strings.TrimSuffix(f, ".cases") + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			if got := rollCasesWith(t, f, load, resolve); got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := 0; i < len(gl) && i < len(wl); i++ {
					if gl[i] != wl[i] {
						t.Fatalf("%s, %s, record %d through a Checker:\n got %s\nwant %s", order, filepath.Base(f), i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("%s, %s: %d lines, want %d", order, filepath.Base(f), len(gl), len(wl))
			}
		}
	}
	if len(envs) < 5 {
		t.Fatalf("only %d pairs: the cases changed", len(envs))
	}
}
