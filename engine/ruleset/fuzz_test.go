package ruleset_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// FuzzLoad: no ruleset file, however malformed, panics the loader; a file
// that loads is loaded the same way twice.
func FuzzLoad(f *testing.F) {
	seeds, _ := filepath.Glob("../../rulesets/*/ruleset.json")
	refused, _ := filepath.Glob("../../testdata/refused/*/*.json")
	for _, p := range append(seeds, refused...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"resolution":{"kind":"dice-sum","dice":{"count":1,"sides":20},"proficiencyTiers":[{"id":"a"}]}}`))
	f.Add([]byte(`{"resolution":{"kind":"dice-sum","overrides":[{"id":"x","skills":["a"],"set":{"dice":null}}]}}`))
	f.Add([]byte(`[1,2`))
	// Every top-level member of every bundled ruleset replaced by each
	// JSON type (issue 30: "catalogs": ["oops", ...] panicked).
	for _, data := range typeConfused(f, true) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, err := ruleset.Load("fuzz.json", data, ruleset.Options{})
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		if rs.Resolution == nil {
			t.Fatal("a valid ruleset without a resolution")
		}
		if _, err := ruleset.Load("fuzz.json", data, ruleset.Options{}); err != nil {
			t.Fatalf("second load disagrees: %v", err)
		}
	})
}

func BenchmarkValidate5e(b *testing.B) {
	data, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := ruleset.Load("ruleset.json", data, ruleset.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzParseVersion: a capabilityApi value never panics the parser; one
// that parses prints back to itself and compares equal to itself and
// consistently with another.
func FuzzParseVersion(f *testing.F) {
	for _, s := range []string{"1.150", "1.38", "1.137", "1.0", "abc", "1", "1.050", "2.0.1", "-1.2", "1..2", "99999999.1"} {
		f.Add(s, "1.141")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		va, err := ruleset.ParseVersion(a)
		if err != nil {
			return
		}
		if va.String() != a {
			t.Fatalf("%q prints as %q", a, va.String())
		}
		if va.Compare(va) != 0 {
			t.Fatalf("%q is not equal to itself", a)
		}
		if vb, err := ruleset.ParseVersion(b); err == nil && va.Compare(vb) != -vb.Compare(va) {
			t.Fatalf("%q and %q compare inconsistently", a, b)
		}
	})
}

// FuzzParseConstraint: a plugin version constraint never panics the
// parser; one that parses allows the version it names (every operator
// includes its own version) and prints back to an equivalent constraint.
func FuzzParseConstraint(f *testing.F) {
	for _, s := range []string{"^1.0", "~1.2.3", "=1.0.0", ">=1.5", "1.0.0", ">= 2.0", "^0.0.3", "=>1.0", "1.x", "v1.0", "", "^", "1.0 || 2.0", "^1.050"} {
		f.Add(s, "1.2.3")
	}
	f.Fuzz(func(t *testing.T, s, version string) {
		c, err := ruleset.ParseConstraint(s)
		if err != nil {
			return
		}
		if !c.Allows(c.V.String()) {
			t.Fatalf("%q refuses its own version %s", s, c.V)
		}
		again, err := ruleset.ParseConstraint(c.String())
		if err != nil || again.String() != c.String() || again.Allows(version) != c.Allows(version) {
			t.Fatalf("%q prints as %q, which reads back differently (%v)", s, c.String(), err)
		}
	})
}

// FuzzPluginNeeds: whatever a ruleset's "plugins" holds, the loader
// checked against a plugin path never panics, and a ruleset it accepts
// declares only plugins the path has first in a version they allow.
func FuzzPluginNeeds(f *testing.F) {
	for _, s := range []string{`[]`, `[{"name": "terse", "version": "^1.0"}]`, `[{"name": "terse", "version": "^2"}]`,
		`[{"name": "terse", "version": "1.0.0"}, {"name": "terse", "version": "1.0.0"}]`, `{"name": "x"}`, `[{"name": "Bad", "version": ">=1"}]`,
		`[{"name": "broken", "version": ">=0.1"}]`, `[{"name": "gone", "version": "~1.2.3"}]`, `[null, 1, "x", {"version": "=>1.0"}]`} {
		f.Add(s)
	}
	path := &ruleset.PluginPath{Folders: []string{"a", "b"}, Found: []ruleset.FoundPlugin{
		{Name: "terse", Version: "1.0.0", Dir: "a/terse"}, {Name: "terse", Version: "2.0.0", Dir: "b/terse"},
		{Name: "broken", Version: "1.0.0", Dir: "b/broken", Err: "syntax error"}, {Name: "odd", Version: "dev", Dir: "b/odd"},
	}}
	f.Fuzz(func(t *testing.T, plugins string) {
		data := []byte(`{"id": "t", "name": "T", "plugins": ` + plugins + `,
  "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "proficiencyTiers": [{"id": "none", "label": "None"}]}}`)
		rs, err := ruleset.Load("fuzz.json", data, ruleset.Options{Plugins: path})
		if err != nil {
			return
		}
		for _, need := range rs.Plugins {
			var first *ruleset.FoundPlugin
			for i := range path.Found {
				if path.Found[i].Name == need.Name {
					first = &path.Found[i]
					break
				}
			}
			if first == nil || first.Err != "" || !need.Constraint.Allows(first.Version) {
				t.Fatalf("accepted %q %q against %+v", need.Name, need.Version, first)
			}
		}
	})
}
