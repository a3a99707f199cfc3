package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateNeeds: --needs names the lowest capabilityApi a ruleset
// needs and the key that needs it, at its line and column, even when the
// ruleset declares less (and is refused for it).
func TestValidateNeeds(t *testing.T) {
	f := filepath.Join(t.TempDir(), "r.json")
	os.WriteFile(f, []byte(`{
  "capabilityApi": "1.100",
  "resolution": {
    "kind": "dice-sum",
    "outcomes": {"by": "margin", "tiers": []}
  }
}`), 0o644)
	code, out, errb := runCLI("validate", "--needs", f)
	if code != 0 || !strings.Contains(out, "needs capabilityApi 1.135, for "+f+":5:5: /resolution/outcomes (outcome bands") || !strings.Contains(out, "declares 1.100") {
		t.Fatalf("exit %d: %s %s", code, out, errb)
	}
	code, out, _ = runCLI("validate", "--needs", f, "--json")
	var r needsReport
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Needs != "1.135" || r.Pointer != "/resolution/outcomes" || r.Line != 5 {
		t.Fatalf("--json: exit %d: %s", code, out)
	}
	if code, out, _ := runCLI("validate", "--needs", "../../rulesets/gurps/ruleset.json"); code != 0 || !strings.Contains(out, "needs capabilityApi ") {
		t.Errorf("a bundled ruleset: exit %d: %s", code, out)
	}
	if code, _, _ := runCLI("validate", "--needs", f, f); code != 2 {
		t.Errorf("--needs with more files: exit %d", code)
	}
}
