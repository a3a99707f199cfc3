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

// TestBridgeJSONFalse: --json=false after RULESET prints the text, as it
// does before RULESET where cli reads it; a value that is no bool is
// misuse.
func TestBridgeJSONFalse(t *testing.T) {
	rs, party := "../../rulesets/gravewatch/ruleset.json", "../../testdata/battle/gravewatch"
	var text []string
	for _, args := range [][]string{{"bridge", rs, "--party", party}, {"bridge", "--json=false", rs, "--party", party}, {"bridge", rs, "--party", party, "--json=false"}} {
		code, out, errs := runCLI(args...)
		if code != 0 || strings.HasPrefix(strings.TrimSpace(out), "{") {
			t.Fatalf("%v: exit %d\n%s\n%s", args, code, out, errs)
		}
		text = append(text, out)
	}
	if text[1] != text[0] || text[2] != text[0] {
		t.Fatalf("--json=false printed another text:\n%s\n%s", text[0], text[2])
	}
	if code, _, errs := runCLI("bridge", rs, "--party", party, "--json=maybe"); code != 2 || !strings.Contains(errs, "true or false") {
		t.Fatalf("--json=maybe: exit %d %s", code, errs)
	}
}
