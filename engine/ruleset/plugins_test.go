package ruleset_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
)

// TestConstraintAllows: each operator accepts the versions npm and Cargo
// would, and refuses the rest (a caret below 1 stays within the minor or
// patch version; a plain version is exact; 1.0 equals 1.0.0).
func TestConstraintAllows(t *testing.T) {
	cases := []struct {
		c       string
		yes, no []string
	}{
		{"^1.0", []string{"1.0.0", "1.0", "1.9.3"}, []string{"0.9.9", "2.0.0", "2.0", "dev", "1.0.0-beta"}},
		{"^1.2.3", []string{"1.2.3", "1.3.0"}, []string{"1.2.2", "2.0.0"}},
		{"^0.2.3", []string{"0.2.3", "0.2.9"}, []string{"0.3.0", "0.2.2", "1.0.0"}},
		{"^0.0.3", []string{"0.0.3"}, []string{"0.0.4", "0.0.2"}},
		{"~1.2", []string{"1.2.0", "1.2.7"}, []string{"1.3.0", "1.1.9"}},
		{"~1.2.3", []string{"1.2.3", "1.2.4"}, []string{"1.3.0", "1.2.2"}},
		{"=1.0.0", []string{"1.0.0", "1.0"}, []string{"1.0.1"}},
		{"1.0.0", []string{"1.0.0"}, []string{"1.1.0", "0.9.0"}},
		{">=1.5", []string{"1.5.0", "7.0.0"}, []string{"1.4.9"}},
		{">= 1.5", []string{"1.5"}, []string{"1.4"}},
	}
	for _, tc := range cases {
		c, err := ruleset.ParseConstraint(tc.c)
		if err != nil {
			t.Fatalf("%q: %v", tc.c, err)
		}
		for _, v := range tc.yes {
			if !c.Allows(v) {
				t.Errorf("%q refuses %s", tc.c, v)
			}
		}
		for _, v := range tc.no {
			if c.Allows(v) {
				t.Errorf("%q accepts %s", tc.c, v)
			}
		}
	}
	for _, bad := range []string{"", "^", "1", "v1.0", "1.0 || 2.0", "<2.0", ">1.0", "1.0.0-beta", "^1.050", "1.*"} {
		if _, err := ruleset.ParseConstraint(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// tinyWithPlugins is a smallest valid ruleset that declares plugins.
func tinyWithPlugins(plugins string) []byte {
	return []byte(`{
  "id": "tiny",
  "name": "Tiny",
  "plugins": ` + plugins + `,
  "resolution": {
    "kind": "dice-sum",
    "dice": { "count": 1, "sides": 20 },
    "proficiencyTiers": [ { "id": "none", "label": "None" } ]
  }
}`)
}

// problemAt returns the message of the problem at ptr, failing the test
// when the ruleset loads or has none there.
func problemAt(t *testing.T, err error, ptr string) string {
	t.Helper()
	var verr *validate.Error
	if !errors.As(err, &verr) {
		t.Fatalf("want a refusal at %s, got %v", ptr, err)
	}
	for _, p := range verr.Problems {
		if p.Pointer == ptr {
			if p.Line == 0 || p.Column == 0 {
				t.Errorf("%s: no line and column: %+v", ptr, p)
			}
			return p.Message
		}
	}
	t.Fatalf("no problem at %s: %v", ptr, err)
	return ""
}

// TestPluginNeedsAgainstPath: a declared plugin the host did not find is
// refused naming every folder looked in (with a did-you-mean for a near
// name); one found in a version the constraint refuses names the
// versions found and where; the first of a name on the path is the one
// used, even when a later one would fit; without a PluginPath only the
// shape is read.
func TestPluginNeedsAgainstPath(t *testing.T) {
	path := &ruleset.PluginPath{
		Folders: []string{"/r/plugins", "/extra", "/cwd/plugins"},
		Found: []ruleset.FoundPlugin{
			{Name: "ironsworn", Version: "1.0.0", Dir: "/r/plugins/ironsworn"},
			{Name: "ironsworn", Version: "2.1.0", Dir: "/extra/ironsworn"},
			{Name: "terse", Version: "1.0.0", Dir: "/extra/terse"},
			{Name: "broken", Version: "1.0.0", Dir: "/extra/broken", Err: "plugin.lua:3: syntax error"},
		},
	}
	opts := ruleset.Options{Plugins: path}

	rs, err := ruleset.Load("r.json", tinyWithPlugins(`[{"name": "ironsworn", "version": "^1.0"}, {"name": "terse", "version": "1.0.0"}]`), opts)
	if err != nil {
		t.Fatalf("found plugins refused: %v", err)
	}
	if len(rs.Plugins) != 2 || rs.Plugins[0].Name != "ironsworn" || rs.Plugins[0].Constraint.String() != "^1.0" {
		t.Errorf("plugins read as %+v", rs.Plugins)
	}

	_, err = ruleset.Load("r.json", tinyWithPlugins(`[{"name": "ironswron", "version": "^1.0"}]`), opts)
	msg := problemAt(t, err, "/plugins/0/name")
	for _, want := range []string{`"ironswron"`, "not on the plugin path", "/r/plugins, /extra, /cwd/plugins", `did you mean "ironsworn"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("missing: %q lacks %q", msg, want)
		}
	}

	_, err = ruleset.Load("r.json", tinyWithPlugins(`[{"name": "ironsworn", "version": "^2.0"}]`), opts)
	msg = problemAt(t, err, "/plugins/0/version")
	for _, want := range []string{"version 1.0.0 does not satisfy \"^2.0\"", "1.0.0 in /r/plugins/ironsworn (the one used", "2.1.0 in /extra/ironsworn (would fit, but is shadowed", "looked in /r/plugins, /extra, /cwd/plugins"} {
		if !strings.Contains(msg, want) {
			t.Errorf("mismatch: %q lacks %q", msg, want)
		}
	}

	_, err = ruleset.Load("r.json", tinyWithPlugins(`[{"name": "broken", "version": "^1.0"}]`), opts)
	if msg := problemAt(t, err, "/plugins/0/version"); !strings.Contains(msg, "did not load: plugin.lua:3: syntax error") {
		t.Errorf("broken: %q", msg)
	}

	_, err = ruleset.Load("r.json", tinyWithPlugins(`[{"name": "x", "version": "^1.0"}]`), ruleset.Options{Plugins: &ruleset.PluginPath{}})
	if msg := problemAt(t, err, "/plugins/0/name"); !strings.Contains(msg, "looked in no folder") {
		t.Errorf("empty path: %q", msg)
	}

	if _, err := ruleset.Load("r.json", tinyWithPlugins(`[{"name": "nowhere", "version": "^1.0"}]`), ruleset.Options{}); err != nil {
		t.Errorf("without a path, the presence is not checked: %v", err)
	}
}

// TestValidPluginName: the names a ruleset may declare.
func TestValidPluginName(t *testing.T) {
	for _, ok := range []string{"ironsworn", "opposed-pool", "a", "x9", strings.Repeat("a", 64)} {
		if !ruleset.ValidPluginName(ok) {
			t.Errorf("%q refused", ok)
		}
	}
	for _, bad := range []string{"", "Iron", "9x", "-x", "a_b", "a b", "ä", strings.Repeat("a", 65)} {
		if ruleset.ValidPluginName(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
}
