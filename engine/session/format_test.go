package session_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
)

// TestConfigFormatNamed: a session.json whose format is 0 or negative is
// refused for its format, by name, not read as format 1 and its sound
// log blamed; a config without format is still format 1.
func TestConfigFormatNamed(t *testing.T) {
	for _, c := range []struct {
		config, want string
		format       int
	}{
		{`{"format":-1,"ruleset":"r.json","party":"p","seed":1}`, "format -1: a session's format is 1 to 2", 0},
		{`{"format":0,"ruleset":"r.json","party":"p","seed":1}`, "format 0: a session's format is 1 to 2", 0},
		{`{"ruleset":"r.json","party":"p","seed":1}`, "", 1},
		{`{"format":2,"ruleset":"r.json","party":"p","seed":1}`, "", 2},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, session.ConfigFile), []byte(c.config), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := session.ReadConfig(dir)
		switch {
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v; want %q", c.config, err, c.want)
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.config, err)
		case c.want == "" && cfg.Format != c.format:
			t.Errorf("%s: format %d; want %d", c.config, cfg.Format, c.format)
		}
	}
}
