// Package usetest loads what the tests of item uses share (engine/use in
// and out of a fight, engine/battle's bridge): a bundled ruleset by name
// and the sheets of testdata/use, so both read the same party the same
// way.
package usetest

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Ruleset loads rulesets/NAME/ruleset.json under the repository root.
func Ruleset(t testing.TB, root, name string) *ruleset.Ruleset {
	t.Helper()
	rs, err := ruleset.LoadFile(filepath.Join(root, "rulesets", name, "ruleset.json"), ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// Sheets loads sheets in order: a name with a slash is a path under the
// repository root, otherwise a file of testdata/use.
func Sheets(t testing.TB, root string, rs *ruleset.Ruleset, files ...string) []*sheet.Sheet {
	t.Helper()
	out := make([]*sheet.Sheet, 0, len(files))
	for _, f := range files {
		path := filepath.Join(root, "testdata", "use", f)
		if strings.Contains(f, "/") {
			path = filepath.Join(root, f)
		}
		s, err := sheet.LoadFile(path, rs)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}
