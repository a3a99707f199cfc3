package mcp_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/rulehost/rulehost/mcp"
)

// compile compiles a tool's input schema as JSON Schema 2020-12 (the
// compiler checks it against the meta-schema first).
func compile(t *testing.T, tl *mcp.Tool) *jsonschema.Schema {
	t.Helper()
	raw, err := json.Marshal(tl.Schema())
	if err != nil {
		t.Fatal(err)
	}
	raw = append([]byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema",`), raw[1:]...)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	url := "https://rulehost.invalid/tools/" + tl.Name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("tool %s: the schema does not compile: %v\n%s", tl.Name, err, raw)
	}
	return s
}

// callLine is an example call in the tools prompt: `name {...}`.
var callLine = regexp.MustCompile(`([a-z_]+) (\{[^\n]*?\})`)

// TestToolSchemasValidate: every bundled ruleset's tools (with the
// bundled plugins) have schemas that are valid JSON Schema, and every
// example call the tools prompt teaches validates against its tool's
// schema and turns into a tag.
func TestToolSchemasValidate(t *testing.T) {
	for _, dir := range bundled(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			table := openBundled(t, dir)
			schemas := map[string]*jsonschema.Schema{}
			for _, tl := range table.Tools(false) {
				schemas[tl.Name] = compile(t, tl)
			}
			for _, want := range []string{"skill_check", "roll_dice", "inventory_add", "sheet", "opposed_check"} {
				if schemas[want] == nil {
					t.Errorf("no %s tool", want)
				}
			}
			text, _ := table.Prompt(mcp.PromptOptions{Tools: true})
			n := 0
			for _, m := range callLine.FindAllStringSubmatch(text, -1) {
				s, ok := schemas[m[1]]
				if !ok || strings.Contains(m[2], `"..."`) {
					continue // a template of a call, not a call
				}
				v, err := jsonschema.UnmarshalJSON(strings.NewReader(m[2]))
				if err != nil {
					t.Errorf("%s: %v", m[0], err)
					continue
				}
				if err := s.Validate(v); err != nil {
					t.Errorf("the prompt teaches %s, which its schema refuses: %v", m[0], err)
				}
				tl, _ := table.Tool(m[1])
				if _, err := tl.TagOf(json.RawMessage(m[2])); err != nil {
					t.Errorf("%s: %v", m[0], err)
				}
				n++
			}
			if n == 0 {
				t.Error("no example call checked")
			}
		})
	}
}
