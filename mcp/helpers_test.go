package mcp_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/mcp"
)

// bundled is every bundled ruleset folder with a sample party.
func bundled(t *testing.T) []string {
	t.Helper()
	dirs, _ := filepath.Glob("../rulesets/*")
	var out []string
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "sheets")); err == nil {
			out = append(out, d)
		}
	}
	if len(out) < 10 {
		t.Fatalf("found only %v", out)
	}
	return out
}

var plugins *host.Host

// bundledPlugins loads the bundled plugins once.
func bundledPlugins(t *testing.T) *host.Host {
	t.Helper()
	if plugins == nil {
		h, errs := host.Load([]string{"../plugins"}, plugin.Options{LoadDeadline: 30 * time.Second, Deadline: 30 * time.Second})
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		plugins = h
	}
	return plugins
}

// openBundled is a table over a bundled ruleset and its party in
// memory, with the bundled plugins.
func openBundled(t *testing.T, dir string) *mcp.Table {
	t.Helper()
	h := bundledPlugins(t)
	rs, err := ruleset.LoadFile(filepath.Join(dir, "ruleset.json"), h.RulesetOptions())
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := session.LoadParty(filepath.Join(dir, "sheets"), rs)
	if err != nil {
		t.Fatal(err)
	}
	s := session.FoldWith(rs, sheets, 1, nil, session.Hooks{Kinds: h.Resolvers, Tags: h.SessionTags()})
	return mcp.NewTable(s, h.Manifests())
}
