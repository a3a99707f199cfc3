package host_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/host"
)

// TestRedteamMalformedCases: test-case files that are not what
// `rulehost plugin test` expects (broken JSON, wrong types, unknown
// fields, missing parts, unreadable tags and records) are each one FAIL
// saying what is wrong; none stops the run or crashes it, and the good
// case beside them still passes.
func TestRedteamMalformedCases(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "fmt")
	if err := os.MkdirAll(filepath.Join(dir, "test"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("plugin.lua", `return { name = "fmt", version = "1", api = 1,
		formatters = { record = function(r) return "R " .. r.name end, block = function(n, l) return n .. #l end } }`)
	cases := map[string]string{
		"good.json":                `{"format": "record", "record": "[check: who=\"Ada\"]", "want": "R check"}`,
		"broken.json":              `{"format": "record",`,
		"null.json":                `null`,
		"array.json":               `[1, 2]`,
		"empty.json":               `{}`,
		"unknown-field.json":       `{"format": "record", "record": "[check: who=\"Ada\"]", "want": "R check", "bogus": 1}`,
		"bad-faces.json":           `{"ruleset": {}, "sheets": [{}], "faces": [-5, 1e3, "x"], "tag": "[skill_check: skill=\"Climb\"]", "want": ""}`,
		"bad-seed.json":            `{"ruleset": {}, "sheets": [{}], "seed": -1, "tag": "[skill_check: skill=\"Climb\"]", "want": ""}`,
		"ruleset-number.json":      `{"ruleset": 5, "sheets": [{}], "tag": "[skill_check: skill=\"Climb\"]", "want": ""}`,
		"ruleset-missing.json":     `{"ruleset": "does/not/exist.json", "tag": "[skill_check: skill=\"Climb\"]", "want": ""}`,
		"sheet-null.json":          `{"ruleset": {"id": "x"}, "sheets": [null], "tag": "[skill_check: skill=\"Climb\"]", "want": ""}`,
		"bad-tag.json":             `{"ruleset": {}, "tag": "[skill_check: skill=", "want": ""}`,
		"other-tag.json":           `{"ruleset": {}, "tag": "[opposed_check: who=\"A\"]", "want": ""}`,
		"bad-record.json":          `{"format": "record", "record": "not a record", "want": ""}`,
		"block-missing.json":       `{"format": "block", "want": ""}`,
		"block-null-lines.json":    `{"format": "block", "block": {"name": "B", "lines": null}, "want": "B0"}`,
		"bad-format.json":          `{"format": "sidebar", "record": "[check: who=\"Ada\"]", "want": ""}`,
		"problems-no-ruleset.json": `{"wantProblems": [{"pointer": "/x", "contains": "y"}]}`,
		"deep.json":                strings.Repeat("[", 100000) + strings.Repeat("]", 100000),
	}
	for name, body := range cases {
		write(filepath.Join("test", name), body)
	}
	results, err := host.RunCases([]string{dir}, host.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(cases) {
		t.Fatalf("%d results for %d cases", len(results), len(cases))
	}
	for _, r := range results {
		base := filepath.Base(r.File)
		switch base {
		case "good.json", "block-null-lines.json":
			if !r.Pass {
				t.Errorf("%s failed: %s", base, r.Msg)
			}
		default:
			if r.Pass || r.Msg == "" {
				t.Errorf("%s: pass=%v msg=%q; want a failure saying why", base, r.Pass, r.Msg)
			}
		}
	}
}
