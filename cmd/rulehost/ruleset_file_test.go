package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRefusedRulesetNamedByPath: check, odds, roll and prompt name a
// refused ruleset by the path given, not its base name (two refused
// ruleset.json files would otherwise read alike).
func TestRefusedRulesetNamedByPath(t *testing.T) {
	f := writeFile(t, filepath.Join(t.TempDir(), "mine", "ruleset.json"), `{"id": "x"}`)
	tagText := `[skill_check: skill="Athletics"]`
	for _, args := range [][]string{
		{"check", "-r", f, "-s", ada, tagText},
		{"odds", "-r", f, "-s", ada, tagText},
	} {
		code, _, errb := runCLI(args...)
		if code != 1 || !strings.Contains(errb, f+`:1:1: /: missing required key "resolution"`) {
			t.Errorf("%s: exit %d: %s", args[0], code, errb)
		}
	}
}
