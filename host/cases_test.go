package host_test

import (
	"testing"
	"time"

	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// TestBundledPluginCases runs every bundled plugin's test/ cases, as
// `rulehost plugin test plugins` does.
func TestBundledPluginCases(t *testing.T) {
	results, err := host.RunCases([]string{"../plugins"}, host.RunOptions{Plugin: plugin.Options{Deadline: 10 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, r := range results {
		seen[r.Plugin]++
		if !r.Pass {
			t.Errorf("%s %s: %s", r.Plugin, r.File, r.Msg)
		}
	}
	for _, name := range []string{"reference-sum", "wild-die", "opposed-pool", "terse", "narrative"} {
		if seen[name] < 3 {
			t.Errorf("plugin %s has %d cases; want at least 3", name, seen[name])
		}
	}
}

// TestBrokenPluginIsOneFailure: a plugin that does not load is one failed
// result naming its file and line, not an abort.
func TestBrokenPluginIsOneFailure(t *testing.T) {
	results, err := host.RunCases([]string{"../testdata/plugins/syntax-error"}, host.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 1 || results[0].Pass || results[0].Msg != `plugin "syntax-error": syntax-error/plugin.lua:4: syntax error: unexpected 'api': look just before it for a missing comma, operator, 'then', 'do', 'end' or bracket` {
		t.Errorf("%+v", results)
	}
}
