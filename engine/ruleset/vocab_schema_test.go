package ruleset_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// TestSchemaFilesCurrent keeps schema/NAME.schema.json equal to what
// `rulehost schema NAME` prints. Run `make generate` after a change.
func TestSchemaFilesCurrent(t *testing.T) {
	for _, name := range ruleset.SchemaNames {
		path := "../../schema/" + name + ".schema.json"
		want, err := ruleset.Schema(name)
		if err != nil {
			t.Fatal(err)
		}
		if *updateDocs {
			if err := os.MkdirAll("../../schema", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s is out of date with the vocabulary table; run: make generate", path)
		}
	}
}

// compileSchema compiles one generated schema with an independent
// implementation of draft 2020-12.
func compileSchema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	raw, err := ruleset.Schema(name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	url := "https://github.com/rulehost/rulehost/schema/" + name + ".schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("schema %s does not compile: %v", name, err)
	}
	return s
}

func readInstance(t *testing.T, path string) any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}

func globAll(t *testing.T, patterns ...string) []string {
	t.Helper()
	var out []string
	for _, p := range patterns {
		m, err := filepath.Glob(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	return out
}

// TestBundledFilesMatchSchema validates every bundled ruleset, sheet and
// plugin test case against its schema, and checks that each bundled
// ruleset and sheet declares it by a relative $schema.
func TestBundledFilesMatchSchema(t *testing.T) {
	for _, c := range []struct {
		schema, declared string
		files            []string
	}{
		{"ruleset", "../../schema/ruleset.schema.json", globAll(t, "../../rulesets/*/ruleset.json")},
		{"sheet", "../../../schema/sheet.schema.json", globAll(t, "../../rulesets/*/sheets/*.json")},
		{"plugin-case", "", globAll(t, "../../plugins/*/test/*.json")},
	} {
		s := compileSchema(t, c.schema)
		if len(c.files) == 0 {
			t.Fatalf("no bundled %s files found", c.schema)
		}
		for _, f := range c.files {
			v := readInstance(t, f)
			if err := s.Validate(v); err != nil {
				t.Errorf("%s does not match schema/%s.schema.json: %v", f, c.schema, err)
			}
			if c.declared == "" {
				continue
			}
			m, _ := v.(map[string]any)
			if got, _ := m["$schema"].(string); got != c.declared {
				t.Errorf("%s: $schema is %q, want %q", f, got, c.declared)
			}
		}
	}
}

// TestBundledCatalogsMatchSchema validates every catalog of every bundled
// ruleset against the catalog schema (a catalog as its own file).
func TestBundledCatalogsMatchSchema(t *testing.T) {
	s := compileSchema(t, "catalog")
	n := 0
	for _, f := range globAll(t, "../../rulesets/*/ruleset.json") {
		root, _ := readInstance(t, f).(map[string]any)
		cats, _ := root["catalogs"].([]any)
		for i, c := range cats {
			n++
			if err := s.Validate(c); err != nil {
				t.Errorf("%s: /catalogs/%d does not match schema/catalog.schema.json: %v", f, i, err)
			}
		}
	}
	if n == 0 {
		t.Fatal("no bundled catalogs found")
	}
}

// TestSchemaRefusesUnknownKeys checks the schema against the refused
// files a schema can express: every file under testdata/refused whose
// every expected problem is an unknown key must fail the ruleset schema
// too (additionalProperties: false is generated from the same table).
func TestSchemaRefusesUnknownKeys(t *testing.T) {
	s := compileSchema(t, "ruleset")
	files := globAll(t, "../../testdata/refused/*/*.json")
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".want.json") {
			continue
		}
		wantRaw, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".want.json")
		if err != nil {
			continue
		}
		// A .want.json is one problem or a list of them.
		var wants []struct{ Pointer, Contains string }
		if json.Unmarshal(wantRaw, &wants) != nil {
			var one struct{ Pointer, Contains string }
			if json.Unmarshal(wantRaw, &one) != nil {
				continue
			}
			wants = append(wants, one)
		}
		if len(wants) == 0 {
			continue
		}
		unknownOnly := true
		for _, w := range wants {
			if !strings.Contains(w.Contains, "unknown key") {
				unknownOnly = false
			}
		}
		name := strings.TrimPrefix(f, "../../testdata/refused/")
		if !unknownOnly {
			continue
		}
		n++
		if err := s.Validate(readInstance(t, f)); err == nil {
			t.Errorf("%s: refused by the validator (%s at %s) but accepted by the schema", name, wants[0].Contains, wants[0].Pointer)
		}
	}
	if n < 5 {
		t.Fatalf("only %d refused files with unknown keys found; the sample is too small to mean anything", n)
	}
	t.Logf("%d refused files checked against the schema", n)
}
