package main

import (
	"os"
	"strings"
	"testing"
)

// TestSchemaCommand: `rulehost schema NAME` prints exactly schema/NAME.schema.json
// (kept current by make generate); a name it does not know is misuse.
func TestSchemaCommand(t *testing.T) {
	for _, name := range []string{"ruleset", "sheet", "catalog", "plugin-case"} {
		code, out, errOut := runCLI("schema", name)
		if code != 0 {
			t.Fatalf("schema %s: exit %d: %s", name, code, errOut)
		}
		want, err := os.ReadFile("../../schema/" + name + ".schema.json")
		if err != nil {
			t.Fatal(err)
		}
		if out != string(want) {
			t.Errorf("schema %s differs from schema/%s.schema.json", name, name)
		}
		if !strings.Contains(out, `"$schema": "https://json-schema.org/draft/2020-12/schema"`) {
			t.Errorf("schema %s: not declared as draft 2020-12", name)
		}
	}
	code, _, errOut := runCLI("schema", "rulset")
	if code != 2 || !strings.Contains(errOut, "known: ruleset, sheet, catalog, plugin-case") {
		t.Errorf("schema rulset: exit %d, %q; want 2 and the known names", code, errOut)
	}
}
