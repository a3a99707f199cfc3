package session_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
)

// TestConfigPins (issue 29): a pinned plugin is recorded by name,
// version, folder and hash; it is not a folder the session loads (its
// plugin path holds it); a change to it is named with the version pinned.
func TestConfigPins(t *testing.T) {
	root := t.TempDir()
	rf, pd := copyEmber(t, root)
	plugins := filepath.Join(root, "plugins")
	one := filepath.Join(plugins, "one")
	os.MkdirAll(one, 0o755)
	os.WriteFile(filepath.Join(one, "plugin.lua"), []byte(`return {name = "one", version = "1.2.0", api = 1}`), 0o644)
	dir := filepath.Join(root, "s")
	c, err := session.NewConfig(dir, rf, pd, []string{plugins}, 7)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Pin(dir, []session.PluginPin{{Name: "one", Version: "1.2.0", Dir: one}}); err != nil {
		t.Fatal(err)
	}
	pins := c.Pins()
	if len(pins) != 1 || pins[0].Name != "one" || pins[0].Version != "1.2.0" || pins[0].Dir != "../plugins/one" || !strings.HasPrefix(pins[0].Hash, "sha256:") {
		t.Fatalf("pins: %+v", pins)
	}
	if got := c.PluginDirs(dir); len(got) != 1 || got[0] != plugins {
		t.Errorf("PluginDirs: %q, want only the plugin path's folder", got)
	}
	if err := c.Verify(dir); err != nil && !strings.Contains(err.Error(), "answered") {
		t.Fatalf("unchanged: %v", err)
	}
	os.WriteFile(filepath.Join(one, "plugin.lua"), []byte(`return {name = "one", version = "1.3.0", api = 1}`), 0o644)
	var ce *session.ChangedError
	if err := c.Verify(dir); !errors.As(err, &ce) || !strings.Contains(err.Error(), "plugin one 1.2.0 ../plugins/one changed") {
		t.Errorf("changed: %v", err)
	}

	// A plugin path folder that is the pinned plugin's own (found above the
	// ruleset) is named once, by the pin.
	c2, err := session.NewConfig(dir, rf, pd, []string{one}, 7)
	if err != nil {
		t.Fatal(err)
	}
	if err := c2.Pin(dir, []session.PluginPin{{Name: "one", Version: "1.3.0", Dir: one}}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(one, "plugin.lua"), []byte(`return {name = "one", version = "1.4.0", api = 1}`), 0o644)
	err = c2.Verify(dir)
	if !errors.As(err, &ce) || len(ce.Changes) != 1 || !strings.Contains(ce.Changes[0], "plugin one 1.3.0 ../plugins/one changed") {
		t.Errorf("one folder, one change: %v", err)
	}
}
