package ruleset_test

import (
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/ruleset/vocab"
)

// TestRulesetDocCurrent keeps docs/ruleset.md equal to the vocabulary
// table. Run `make generate` after a change.
func TestRulesetDocCurrent(t *testing.T) {
	path := "../../docs/ruleset.md"
	doc := ruleset.RulesetDoc()
	if *updateDocs {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != doc {
		t.Fatalf("docs/ruleset.md is out of date with the vocabulary table; run: make generate")
	}
}

// TestRulesetDocNamesEveryKey: every section and key of the table is on
// the page, with the level the capability table gives it.
func TestRulesetDocNamesEveryKey(t *testing.T) {
	doc := ruleset.RulesetDoc()
	for _, s := range vocab.Sections() {
		if !strings.Contains(doc, "\n## "+s.Title+"\n") {
			t.Errorf("section %s has no heading", s.ID)
		}
		for _, k := range s.Keys {
			if !strings.Contains(doc, "| `"+k.Name+"` |") {
				t.Errorf("key %s.%s is not on the page", s.ID, k.Name)
			}
		}
	}
	if !strings.Contains(doc, "| `outcomes` | [object](#outcome-bands-needs-1135) |  | needs 1.135 | 1.135 |") {
		t.Errorf("resolution.outcomes does not show level 1.135 and its section link")
	}
}
