package host_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// copyPlugin writes the bundled terse plugin into dir with another version.
func copyPlugin(t *testing.T, dir, version string) {
	t.Helper()
	src, err := os.ReadFile("../plugins/terse/plugin.lua")
	if err != nil {
		t.Fatal(err)
	}
	mkdirs(t, dir)
	out := strings.Replace(string(src), `version = "1.0.0"`, `version = "`+version+`"`, 1)
	if out == string(src) {
		t.Fatal("terse's plugin.lua no longer says version = \"1.0.0\"")
	}
	if err := os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

func tinyRuleset(plugins string) []byte {
	return []byte(`{"id": "tiny", "name": "Tiny", "plugins": ` + plugins + `,
  "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "proficiencyTiers": [{"id": "none", "label": "None"}]}}`)
}

// TestLoadedPathChecksDeclaredPlugins: a host loaded from a plugin path
// tells the ruleset validator what it found, in path order: the first
// plugin of a name is the one used, a later one that would fit is named
// as shadowed, and a plugin that did not load is named with why.
func TestLoadedPathChecksDeclaredPlugins(t *testing.T) {
	tmp := t.TempDir()
	a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
	copyPlugin(t, filepath.Join(a, "terse"), "0.9.0")
	copyPlugin(t, filepath.Join(b, "terse"), "2.1.0")
	mkdirs(t, filepath.Join(b, "broken"))
	os.WriteFile(filepath.Join(b, "broken", "plugin.lua"), []byte("return {name = \"broken\", version = \"1.0.0\", api = 1,\n  kinds = {"), 0o644)

	h, errs := host.Load([]string{a, b}, plugin.Options{Deadline: 10 * time.Second})
	defer h.Close()
	if len(errs) != 2 {
		t.Fatalf("want the shadowed terse and the broken plugin left out, got %v", errs)
	}
	opts := h.RulesetOptions()

	if _, err := ruleset.Load("r.json", tinyRuleset(`[{"name": "terse", "version": "^0.9"}]`), opts); err != nil {
		t.Errorf("the first terse (0.9.0) is refused for ^0.9: %v", err)
	}
	_, err := ruleset.Load("r.json", tinyRuleset(`[{"name": "terse", "version": "^2.0"}]`), opts)
	msg := problem(t, err, "/plugins/0/version")
	for _, want := range []string{
		`version 0.9.0 does not satisfy "^2.0"`,
		"0.9.0 in " + filepath.Join(a, "terse") + " (the one used: first on the path)",
		"2.1.0 in " + filepath.Join(b, "terse") + " (would fit, but is shadowed by the first)",
		"looked in " + a + ", " + b,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q\nlacks %q", msg, want)
		}
	}
	_, err = ruleset.Load("r.json", tinyRuleset(`[{"name": "broken", "version": "^1.0"}]`), opts)
	if msg := problem(t, err, "/plugins/0/version"); !strings.Contains(msg, "did not load: plugin \"broken\": broken/plugin.lua:2") {
		t.Errorf("broken: %q", msg)
	}
	_, err = ruleset.Load("r.json", tinyRuleset(`[{"name": "tersee", "version": "^1.0"}]`), opts)
	if msg := problem(t, err, "/plugins/0/name"); !strings.Contains(msg, `did you mean "terse"?`) {
		t.Errorf("near name: %q", msg)
	}

	// SetLooked: the refusal names the folders considered, missing ones
	// too; options taken before keep what they had.
	h.SetLooked([]string{"own/plugins (missing)", a, b})
	_, err = ruleset.Load("r.json", tinyRuleset(`[{"name": "gone", "version": "^1.0"}]`), h.RulesetOptions())
	if msg := problem(t, err, "/plugins/0/name"); !strings.Contains(msg, "looked in own/plugins (missing), "+a+", "+b) {
		t.Errorf("SetLooked: %q", msg)
	}
	if _, err := ruleset.Load("r.json", tinyRuleset(`[{"name": "terse", "version": "^0.9"}]`), h.RulesetOptions()); err != nil {
		t.Errorf("SetLooked lost what was found: %v", err)
	}
	if len(opts.Plugins.Folders) != 2 {
		t.Errorf("SetLooked changed options taken before: %q", opts.Plugins.Folders)
	}
}

func problem(t *testing.T, err error, ptr string) string {
	t.Helper()
	var verr *validate.Error
	if !errors.As(err, &verr) {
		t.Fatalf("want a refusal at %s, got %v", ptr, err)
	}
	for _, p := range verr.Problems {
		if p.Pointer == ptr {
			return p.Message
		}
	}
	t.Fatalf("no problem at %s: %v", ptr, err)
	return ""
}
