package plugin_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/host/plugin"
)

// TestManifestProblemsInStableOrder: a manifest with many bad entries in
// its kinds, formatters and records reports them in the same order on
// every load (a Lua table's hash part iterates in Go map order).
func TestManifestProblemsInStableOrder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "messy")
	os.MkdirAll(dir, 0o755)
	src := `return { name = "messy", version = "1", api = 1,
  kinds = { Bad_One = {}, ["also bad"] = {}, ["c-kind"] = 3, ["d-kind"] = {} },
  formatters = { zeta = 1, alpha = 2, mid = 3, [7] = function() end, beta = function() end },
  records = { zz = 1, aa = 2, mm = { keys = 5 } },
}`
	os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(src), 0o644)
	var first string
	for i := 0; i < 30; i++ {
		_, err := plugin.Load(dir, plugin.Options{})
		if err == nil {
			t.Fatal("a messy manifest loaded")
		}
		if i == 0 {
			first = err.Error()
			continue
		}
		if err.Error() != first {
			t.Fatalf("load %d reported\n%s\nbut load 0 reported\n%s", i, err, first)
		}
	}
}

// TestKindOddsMustBeAFunction: a kind's optional odds is a function or
// absent; anything else is refused at load rather than quietly sampled.
func TestKindOddsMustBeAFunction(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "oddly")
	os.MkdirAll(dir, 0o755)
	src := `return { name = "oddly", version = "1", api = 1,
  kinds = { oddly = { keys = {}, validate = function() end, resolve = function() end, odds = 0.5 } } }`
	os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(src), 0o644)
	_, err := plugin.Load(dir, plugin.Options{})
	if err == nil || !strings.Contains(err.Error(), `kinds["oddly"].odds: want a function`) {
		t.Fatalf("odds = 0.5: %v", err)
	}
}
