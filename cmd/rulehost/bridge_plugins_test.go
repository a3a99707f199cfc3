package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBridgeSessionWithPlugins: --session reads a session as every other
// reader does, with the plugins its session.json names: a session on a
// ruleset of a plugin kind is read, not refused for a kind nobody loaded.
func TestBridgeSessionWithPlugins(t *testing.T) {
	tmp := t.TempDir()
	rsData, err := os.ReadFile("../../plugins/wild-die/test/data/opend6.json")
	if err != nil {
		t.Fatal(err)
	}
	rsFile := writeFile(t, filepath.Join(tmp, "rules", "opend6.json"), string(rsData))
	kira, err := os.ReadFile("../../plugins/wild-die/test/data/kira.json")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(tmp, "party", "01-kira.json"), string(kira))
	dir := filepath.Join(tmp, "games", "one")
	tr := writeFile(t, filepath.Join(tmp, "t.txt"), "--- gm\nThe road.\n")
	if code, out, errs := runCLI("run", "--plugins", "../../plugins/wild-die", "--session", dir, "-r", rsFile, "--party", filepath.Join(tmp, "party"), tr); code != 0 {
		t.Fatalf("start: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs := runCLI("bridge", "--session", dir)
	if code != 0 || strings.Contains(errs, "kind") {
		t.Fatalf("bridge --session: exit %d\n%s\n%s", code, out, errs)
	}
}
