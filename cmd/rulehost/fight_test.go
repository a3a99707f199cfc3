package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestFightMenu: rulehost fight DIR [--who NAME] prints the fight menu
// with each attack's exact chance to hit and expected damage per foe.
func TestFightMenu(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "wolves")
	ember := "../../rulesets/ember-roads"
	if code, out, errs := runCLI("run", "--session", dir, "-r", ember+"/ruleset.json", "--party", ember+"/sheets", "../../testdata/fight/mid-fight.txt"); code != 0 || !strings.Contains(out, `[fight: op="start"`) {
		t.Fatalf("run: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs := runCLI("fight", dir, "--who", "Wren")
	if code != 0 || !strings.Contains(out, "- Hunting bow (Action): 4 left to shoot") ||
		!strings.Contains(out, "- Hunting bow: Volley (Action): 4 left to shoot") ||
		!strings.Contains(out, "at Ash wolf 1: 83.3% to hit (2.8% critical), 3.88 damage expected") ||
		!strings.Contains(out, "- Poultice (Action)") ||
		!strings.Contains(out, "Speed 6 paces, 0 paces moved this round.") || !strings.Contains(out, "- Move: up to 6 paces (speed 6 paces)") {
		t.Fatalf("fight --who Wren: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, _ = runCLI("fight", "--json", dir, "--who", "Wren")
	if code != 0 || !strings.HasPrefix(out, `{"who":"Wren","fight":true,"options":[{"kind":"move","label":"Move","note":"up to 6 paces (speed 6 paces)"},{"kind":"attack","label":"Hunting bow"`) {
		t.Fatalf("fight --json: exit %d\n%s", code, out)
	}
	if code, _, _ := runCLI("fight", dir, "--who", "Nobody"); code != 1 {
		t.Fatalf("an unknown --who: exit %d", code)
	}
}
