package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPluginInfo: `rulehost plugin info` prints a plugin's kinds, tags,
// formatters, record names and keys and config, as text and as JSON, and
// exits 1 naming a plugin that does not load.
func TestPluginInfo(t *testing.T) {
	code, out, errs := runCLI("plugin", "info", plugins+"/wild-die", plugins+"/opposed-pool")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, frag := range []string{
		"plugin wild-die 1.0.0 (api 1)", "wild-die (resolution keys: wild, maxDice, difficultyLadder; locked: none)",
		"check (keys on the checks of this plugin's kinds)", "wildRemoved (integer list): ",
		"tags: opposed_check", "opposed: the answer to [opposed_check: ...]", "net (signed integer)",
		`tie = "defender"`, `complication = "remove"`,
	} {
		if !strings.Contains(out, frag) {
			t.Errorf("text lacks %q:\n%s", frag, out)
		}
	}
	code, out, _ = runCLI("plugin", "info", "--json", plugins+"/opposed-pool")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var in pluginInfo
	if err := json.Unmarshal([]byte(out), &in); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if in.Name != "opposed-pool" || len(in.Records) != 1 || in.Records[0].Name != "opposed" || len(in.Records[0].Keys) != 8 ||
		in.Records[0].Keys[4].Type != "integer" || in.Config["tie"] != "defender" {
		t.Errorf("JSON: %+v", in)
	}
	bad := filepath.Join(t.TempDir(), "clash")
	os.MkdirAll(bad, 0o755)
	os.WriteFile(filepath.Join(bad, "plugin.lua"), []byte(`return { name = "clash", version = "1", api = 1,
		tags = { t = function() end }, records = { inventory = { doc = "x" } } }`), 0o644)
	if code, _, errs := runCLI("plugin", "info", bad); code != 1 || !strings.Contains(errs, `record "inventory" is a record the engine writes`) {
		t.Errorf("a clashing plugin: exit %d, %s", code, errs)
	}
	if code, _, _ := runCLI("plugin", "info"); code != 2 {
		t.Errorf("no folder: exit %d", code)
	}
}
