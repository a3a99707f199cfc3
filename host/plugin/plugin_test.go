package plugin_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
)

// TestBrokenPluginsReported loads the broken test plugins beside the
// bundled ones: each broken one is one error naming the plugin, its file
// and (for a syntax error) its line, and every other plugin still loads.
func TestBrokenPluginsReported(t *testing.T) {
	set, errs := plugin.LoadDirs([]string{"../../testdata/plugins", "../../plugins"}, plugin.Options{Deadline: 10 * time.Second})
	defer set.Close()
	want := map[string][]string{
		"syntax-error":      {`plugin "syntax-error": syntax-error/plugin.lua:4: syntax error`},
		"bad-manifest":      {`plugin "bad-manifest": bad-manifest/plugin.lua:`, "version: want a string", "api 7: this host serves plugin API level 1", `kinds["half-kind"].resolve: want a function`, `formatters["sidebar"]: allowed`},
		"takes-native-kind": {`kind "dice-sum" is a native resolution kind`},
	}
	if len(errs) != len(want) {
		t.Errorf("got %d load errors, want %d: %v", len(errs), len(want), errs)
	}
	for _, err := range errs {
		var le *plugin.LoadError
		if !errors.As(err, &le) {
			t.Errorf("not a LoadError: %v", err)
			continue
		}
		frags, ok := want[le.Plugin]
		if !ok {
			t.Errorf("unexpected load error: %v", err)
			continue
		}
		for _, f := range frags {
			if !strings.Contains(err.Error(), f) {
				t.Errorf("%s: error %q lacks %q", le.Plugin, err, f)
			}
		}
		if le.Plugin == "syntax-error" {
			if le.Line != 4 || le.File != "syntax-error/plugin.lua" || !errors.Is(err, sandbox.ErrSyntax) {
				t.Errorf("syntax error located at %s:%d (%v)", le.File, le.Line, err)
			}
		}
	}
	for _, name := range []string{"reference-sum", "wild-die", "opposed-pool", "terse", "narrative", "bad-results", "bench-pool"} {
		if _, ok := set.Plugin(name); !ok {
			t.Errorf("plugin %q did not load beside the broken ones", name)
		}
	}
	if p := set.Kinds["wild-die"]; p == nil || p.Name() != "wild-die" {
		t.Error("kind wild-die not registered")
	}
	if !set.Handles("OPPOSED_CHECK") {
		t.Error("tag opposed_check not registered")
	}
	if set.Formatters["terse"] == nil || set.Formatters["narrative"] == nil {
		t.Error("formatters not registered")
	}
}

// TestDuplicateNames refuses a second plugin with a taken name or kind.
func TestDuplicateNames(t *testing.T) {
	set := plugin.NewSet(plugin.Options{})
	defer set.Close()
	a, err := plugin.Load("../../plugins/wild-die", plugin.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := plugin.Load("../../plugins/wild-die", plugin.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := set.Add(a); err != nil {
		t.Fatal(err)
	}
	if err := set.Add(b); err == nil || !strings.Contains(err.Error(), "already loaded") {
		t.Errorf("second wild-die: %v", err)
	}
}

// TestConfigOverrides merges host config over the manifest's defaults.
func TestConfigOverrides(t *testing.T) {
	p, err := plugin.Load("../../plugins/opposed-pool", plugin.Options{Config: map[string]map[string]any{"opposed-pool": {"tie": "standoff"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.Config["tie"] != "standoff" || p.Config["target"] != 7.0 {
		t.Errorf("config %v", p.Config)
	}
}
