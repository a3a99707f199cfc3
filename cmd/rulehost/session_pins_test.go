package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/dirstore"
)

// pinnedRecords copies the bundled opposed-pool plugin into a fresh
// plugin folder and makes records of d20-5e sessions on ada pinned to it
// by name, as the service stores them.
func pinnedRecords(t *testing.T) (plugins string, newRecord func(seed uint64) session.Record) {
	t.Helper()
	plugins = t.TempDir()
	if err := os.CopyFS(filepath.Join(plugins, "opposed-pool"), os.DirFS("../../plugins/opposed-pool")); err != nil {
		t.Fatal(err)
	}
	rs, err := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	ada, err := os.ReadFile("../../rulesets/d20-5e/sheets/ada.json")
	if err != nil {
		t.Fatal(err)
	}
	pins, err := session.PinByName([]session.PluginPin{{Name: "opposed-pool", Version: "1.0.0", Dir: filepath.Join(plugins, "opposed-pool")}})
	if err != nil {
		t.Fatal(err)
	}
	return plugins, func(seed uint64) session.Record {
		rec := session.NewRecord(rs, [][]byte{ada}, seed)
		rec.Config.Plugins = pins
		return rec
	}
}

// TestServiceSessionPinsAgreeWithTheCLI: a session the service stored
// pins its plugins by name alone; `rulehost session show` of its folder
// looks for them on its own plugin path, answers with the same plugin,
// refuses a changed or missing one by name (--accept-changed shows it
// anyway), and `session upgrade` re-pins what it found.
func TestServiceSessionPinsAgreeWithTheCLI(t *testing.T) {
	plugins, newRecord := pinnedRecords(t)
	rec := newRecord(7)
	st, err := dirstore.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Create(context.Background(), "g", rec); err != nil {
		t.Fatal(err)
	}
	dir := st.Dir("g")

	if code, _, errs := runCLI("session", "show", dir, "--plugins", plugins); code != 0 {
		t.Fatalf("show with the pinned plugin: exit %d %s", code, errs)
	}
	if code, _, errs := runCLI("session", "show", dir); code != 1 || !strings.Contains(errs, "plugin opposed-pool 1.0.0") || !strings.Contains(errs, "not loaded here") {
		t.Errorf("show without the pinned plugin: exit %d %s; want it refused by name", code, errs)
	}
	lua := filepath.Join(plugins, "opposed-pool", "plugin.lua")
	b, _ := os.ReadFile(lua)
	if err := os.WriteFile(lua, append(b, "\n-- edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI("session", "show", dir, "--plugins", plugins); code != 1 || !strings.Contains(errs, "plugin opposed-pool changed") {
		t.Errorf("show with the plugin changed: exit %d %s; want it refused by name", code, errs)
	}
	if code, _, errs := runCLI("session", "show", dir, "--plugins", plugins, "--accept-changed"); code != 0 {
		t.Errorf("show --accept-changed: exit %d %s", code, errs)
	}
	if code, out, errs := runCLI("session", "upgrade", "--plugins", plugins, dir); code != 0 || !strings.Contains(out, "plugin opposed-pool changed") {
		t.Fatalf("upgrade: exit %d %s %s", code, out, errs)
	}
	cfg, err := session.ReadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p := cfg.NamePins(); len(p) != 1 || p[0].Hash == rec.Config.Plugins[0].Hash || p[0].Dir != "" {
		t.Errorf("after the upgrade the session pins %+v; want opposed-pool by name with the edited hash", p)
	}
	if code, _, errs := runCLI("session", "show", dir, "--plugins", plugins); code != 0 {
		t.Errorf("show after the upgrade: exit %d %s", code, errs)
	}
	// The other readers of a folder look for the pinned plugins the same
	// way: on RULEHOST_PLUGINS (as here), --plugins or ./plugins.
	t.Setenv("RULEHOST_PLUGINS", plugins)
	if code, _, errs := runCLI("prompt", "--session", dir); code != 0 {
		t.Errorf("prompt --session with the pinned plugin on RULEHOST_PLUGINS: exit %d %s", code, errs)
	}
	t.Setenv("RULEHOST_PLUGINS", t.TempDir())
	if code, _, errs := runCLI("prompt", "--session", dir); code != 1 || !strings.Contains(errs, "plugin opposed-pool") {
		t.Errorf("prompt --session without the pinned plugin: exit %d %s; want it refused by name", code, errs)
	}
}
