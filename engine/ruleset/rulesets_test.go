package ruleset_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// TestBundledRulesets loads every ruleset shipped under rulesets/*/ and
// every sample sheet beside it, whoever wrote them: a bundled file that
// does not load is a broken promise to the authors who copy it.
func TestBundledRulesets(t *testing.T) {
	files, err := filepath.Glob("../../rulesets/*/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no bundled rulesets found under rulesets/*/ruleset.json")
	}
	for _, f := range files {
		dir := filepath.Dir(f)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			if kind := pluginKind(t, f); kind != "" {
				t.Skipf("resolution kind %q comes from a bundled plugin; host.TestBundledPluginRulesets loads it", kind)
			}
			rs, err := ruleset.LoadFile(f, ruleset.Options{})
			if err != nil {
				t.Fatalf("ruleset does not load:\n%v", err)
			}
			sheets, err := filepath.Glob(filepath.Join(dir, "sheets", "*.json"))
			if err != nil {
				t.Fatal(err)
			}
			if len(sheets) == 0 {
				t.Errorf("%s has no sample sheets (want at least one under sheets/)", dir)
			}
			for _, s := range sheets {
				if _, err := sheet.LoadFile(s, rs); err != nil {
					t.Errorf("sheet %s does not load:\n%v", filepath.Base(s), err)
				}
			}
		})
	}
}

// pluginKind returns the ruleset's resolution kind when it is not a
// native one (a bundled plugin's), else "".
func pluginKind(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Resolution struct {
			Kind string `json:"kind"`
		} `json:"resolution"`
	}
	if err := json.Unmarshal(data, &raw); err != nil || ruleset.IsNativeKind(raw.Resolution.Kind) {
		return ""
	}
	return raw.Resolution.Kind
}
