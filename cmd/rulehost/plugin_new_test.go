package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPluginNew: each kind of new plugin is written whole and its case
// passes `rulehost plugin test`; a name that is taken or malformed is
// refused.
func TestPluginNew(t *testing.T) {
	dir := t.TempDir()
	for _, what := range []string{"kind", "tag", "formatter"} {
		name := "my-" + what
		code, out, errb := runCLI("plugin", "new", "--dir", dir, name, "--"+what)
		if code != 0 || !strings.Contains(out, "wrote ") {
			t.Fatalf("%s: exit %d: %s %s", what, code, out, errb)
		}
		code, out, errb = runCLI("plugin", "test", filepath.Join(dir, name))
		if code != 0 || !strings.Contains(out, "1 passed, 0 failed") {
			t.Errorf("%s: plugin test: exit %d: %s %s", what, code, out, errb)
		}
	}
	code, out, errb := runCLI("check", "--plugins", dir, "--seed", "3", "-r", filepath.Join(dir, "my-kind/test/data/ruleset.json"),
		"-s", filepath.Join(dir, "my-kind/test/data/hero.json"), `[skill_check: skill="Climb" dc="7"]`)
	if code != 0 || !strings.Contains(out, `resolution="my-kind" dice="1d6"`) {
		t.Errorf("the new kind in a check: exit %d: %s %s", code, out, errb)
	}
	if code, _, errb := runCLI("plugin", "new", "--dir", dir, "my-kind", "--kind"); code != 1 || !strings.Contains(errb, "exists") {
		t.Errorf("a taken name: exit %d: %s", code, errb)
	}
	for _, args := range [][]string{{"Bad_Name", "--kind"}, {"ok", "--kind", "--tag"}, {"ok"}, {"ok", "--nope"}} {
		if code, _, _ := runCLI(append([]string{"plugin", "new", "--dir", dir}, args...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "ok")); err == nil {
		t.Error("a refused plugin new wrote a folder")
	}
}
