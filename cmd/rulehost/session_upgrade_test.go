package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSessionUpgradeCLI (issue 30 item 8): a session answered by another
// version is refused by `session show` by name; `session upgrade` says
// what changed and records this version; show then reads it.
func TestSessionUpgradeCLI(t *testing.T) {
	ember := "../../rulesets/ember-roads"
	dir := filepath.Join(t.TempDir(), "s")
	if code, _, errs := runCLI("run", "--session", dir, "-r", ember+"/ruleset.json", "--party", ember+"/sheets", "../../testdata/fight/mid-fight.txt"); code != 0 {
		t.Fatalf("run: %s", errs)
	}
	path := filepath.Join(dir, "session.json")
	b, _ := os.ReadFile(path)
	var m map[string]any
	json.Unmarshal(b, &m)
	if m["answers"] == nil {
		t.Fatalf("session.json records no answering version: %s", b)
	}
	m["answers"] = 1
	b, _ = json.Marshal(m)
	os.WriteFile(path, b, 0o644)
	code, _, errs := runCLI("session", "show", dir)
	if code == 0 || !strings.Contains(errs, "answered by version 1") {
		t.Fatalf("show of another version: exit %d %s", code, errs)
	}
	code, out, errs := runCLI("session", "upgrade", dir)
	if code != 0 || !strings.Contains(out, "answered by version 1") || !strings.Contains(out, "re-answered") {
		t.Fatalf("upgrade: exit %d %q %s", code, out, errs)
	}
	if code, _, errs := runCLI("session", "show", dir); code != 0 {
		t.Fatalf("show after upgrade: %s", errs)
	}
	if code, out, _ := runCLI("session", "upgrade", dir); code != 0 || !strings.Contains(out, "nothing to upgrade") {
		t.Fatalf("second upgrade: %q", out)
	}
}
