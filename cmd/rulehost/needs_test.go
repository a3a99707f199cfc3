package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// abs is a repository path made absolute, so a test that changes the
// working directory still names it.
func abs(t *testing.T, rel string) string {
	t.Helper()
	p, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDeclaredPluginsFromAnyFolder (issue 29): a bundled ruleset that
// declares its plugins is validated, checked, given odds and run in a
// suite from a folder that has no plugins/ of its own: the repository's
// plugins/, above the ruleset, is on its plugin path.
func TestDeclaredPluginsFromAnyFolder(t *testing.T) {
	iron, kai := abs(t, "../../rulesets/ironsworn/ruleset.json"), abs(t, "../../rulesets/ironsworn/sheets/kai.json")
	savage, gabe := abs(t, "../../rulesets/savage-worlds/ruleset.json"), abs(t, "../../rulesets/savage-worlds/sheets/gabe.json")
	ironPlugin := abs(t, "../../plugins/ironsworn")
	elsewhere := t.TempDir()
	t.Chdir(elsewhere)
	t.Setenv("RULEHOST_PLUGINS", "")

	if code, out, errs := runCLI("validate", iron, savage); code != 0 || strings.Count(out, ": valid") != 2 {
		t.Errorf("validate: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runCLI("check", "-r", iron, "--sheet", kai, "--seed", "7", "--json", `[skill_check: skill="Face danger"]`)
	if code != 0 || !strings.Contains(out, `["resolution","ironsworn"]`) {
		t.Errorf("check: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI("odds", "-r", savage, "--sheet", gabe, `[skill_check: skill="Fighting"]`)
	if code != 0 || !strings.Contains(out, "%") {
		t.Errorf("odds: exit %d\n%s%s", code, out, errs)
	}

	suite := filepath.Join(elsewhere, "suite")
	os.MkdirAll(suite, 0o755)
	os.WriteFile(filepath.Join(suite, "suite.json"), []byte(`{"name": "elsewhere",
  "plugins": [`+quote(ironPlugin)+`], "rulesets": [`+quote(iron)+`],
  "checks": [{"name": "face", "ruleset": "ironsworn", "sheets": [`+quote(kai)+`],
    "tag": "[skill_check: skill=\"Face danger\"]", "seeds": [1, 2, 3], "expect": {"record": "check"}}]}`), 0o644)
	if code, out, errs := runCLI("suite", "run", "--deadline", testDeadline, suite); code != 0 {
		t.Errorf("suite: exit %d\n%s%s", code, out, errs)
	}
}

func quote(s string) string { return `"` + filepath.ToSlash(s) + `"` }

// TestDeclaredPluginRefusals (issue 29): a declared plugin that is not on
// the path, or whose first copy on it is of a version the constraint does
// not allow, is refused at FILE:LINE:COL: /plugins/N/...: naming the
// plugin, the constraint and every folder looked in (missing ones marked),
// and the versions found; a --plugins folder and RULEHOST_PLUGINS are on
// the path in that order, after the ruleset's own plugins/.
func TestDeclaredPluginRefusals(t *testing.T) {
	tmp := t.TempDir()
	rsDir := filepath.Join(tmp, "game")
	os.MkdirAll(rsDir, 0o755)
	os.WriteFile(filepath.Join(tmp, ".git"), []byte("gitdir: elsewhere\n"), 0o644) // the search stops here
	src, err := os.ReadFile("../../rulesets/ironsworn/ruleset.json")
	if err != nil {
		t.Fatal(err)
	}
	rs := filepath.Join(rsDir, "ruleset.json")
	os.WriteFile(rs, src, 0o644)
	lua, err := os.ReadFile("../../plugins/ironsworn/plugin.lua")
	if err != nil {
		t.Fatal(err)
	}
	withVersion := func(dir, v string) string {
		os.MkdirAll(filepath.Join(dir, "ironsworn"), 0o755)
		os.WriteFile(filepath.Join(dir, "ironsworn", "plugin.lua"), []byte(strings.Replace(string(lua), `version = "1.0.0"`, `version = "`+v+`"`, 1)), 0o644)
		return dir
	}
	old, newer := withVersion(filepath.Join(tmp, "old"), "0.9.0"), withVersion(filepath.Join(tmp, "newer"), "1.4.0")
	kai := abs(t, "../../rulesets/ironsworn/sheets/kai.json")
	t.Chdir(tmp)
	t.Setenv("RULEHOST_PLUGINS", "")

	code, out, errs := runCLI("validate", rs)
	line := firstLine(out)
	if code != exitRefused || !strings.HasPrefix(line, rs+":7:") || !strings.Contains(line, `/plugins/0/name: plugin "ironsworn" (^1.0) is not on the plugin path: looked in `+filepath.Join(rsDir, "plugins")+" (missing), ./plugins (missing)") {
		t.Errorf("missing: exit %d\n%s%s", code, out, errs)
	}

	// run, which starts a session on the ruleset, names the same folders
	code, _, errs = runCLI("run", "--session", filepath.Join(tmp, "s"), "-r", rs, "--party", filepath.Dir(kai), writeFile(t, filepath.Join(tmp, "t.txt"), "--- gm\nHello.\n"))
	if code != exitRefused || !strings.Contains(errs, "looked in "+filepath.Join(rsDir, "plugins")+" (missing), ./plugins (missing)") {
		t.Errorf("run with the plugin missing: exit %d\n%s", code, errs)
	}

	code, out, _ = runCLI("validate", "--plugins", old, "--plugins", newer, rs)
	line = firstLine(out)
	for _, want := range []string{rs + ":7:", `/plugins/0/version: plugin "ironsworn" version 0.9.0 does not satisfy "^1.0"`,
		"0.9.0 in " + filepath.Join(old, "ironsworn"), "1.4.0 in " + filepath.Join(newer, "ironsworn") + " (would fit, but is shadowed by the first)"} {
		if code != exitRefused || !strings.Contains(line, want) {
			t.Errorf("mismatch: exit %d, %q lacks %q", code, out, want)
		}
	}

	// RULEHOST_PLUGINS comes after --plugins: the newer copy found first.
	t.Setenv("RULEHOST_PLUGINS", old)
	if code, out, errs := runCLI("validate", "--plugins", newer, rs); code != 0 {
		t.Errorf("--plugins before RULEHOST_PLUGINS: exit %d\n%s%s", code, out, errs)
	}
	// The ruleset's own plugins/ comes first of all.
	withVersion(filepath.Join(rsDir, "plugins"), "0.9.0")
	if code, out, _ := runCLI("validate", "--plugins", newer, rs); code != exitRefused || !strings.Contains(out, "0.9.0 in "+filepath.Join(rsDir, "plugins", "ironsworn")+" (the one used") {
		t.Errorf("own plugins/ first: exit %d\n%s", code, out)
	}
	// check names the refusal the same way.
	if code, _, errs := runCLI("check", "-r", rs, "--sheet", kai, `[skill_check: skill="Face danger"]`); code != exitRefused || !strings.Contains(errs, `/plugins/0/version: plugin "ironsworn" version 0.9.0`) {
		t.Errorf("check: exit %d\n%s", code, errs)
	}
}

func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }

// TestSessionPinsDeclaredPlugins (issue 29): a session started on a
// ruleset that declares plugins pins each one (manifest name, version,
// folder, hash) in session.json; after the plugin changes (a new
// version), the session is refused naming the plugin and the version it
// pinned; --accept-changed reads it anyway, and `session upgrade` pins
// the new version.
func TestSessionPinsDeclaredPlugins(t *testing.T) {
	tmp := t.TempDir()
	game := filepath.Join(tmp, "game")
	os.MkdirAll(filepath.Join(game, "plugins", "ironsworn"), 0o755)
	src, _ := os.ReadFile("../../rulesets/ironsworn/ruleset.json")
	os.WriteFile(filepath.Join(game, "ruleset.json"), src, 0o644)
	lua, _ := os.ReadFile("../../plugins/ironsworn/plugin.lua")
	luaFile := filepath.Join(game, "plugins", "ironsworn", "plugin.lua")
	os.WriteFile(luaFile, lua, 0o644)
	os.MkdirAll(filepath.Join(game, "party"), 0o755)
	kai, _ := os.ReadFile("../../rulesets/ironsworn/sheets/kai.json")
	os.WriteFile(filepath.Join(game, "party", "kai.json"), kai, 0o644)
	tr := filepath.Join(tmp, "t.txt")
	os.WriteFile(tr, []byte("--- gm\nKai braves the ford. [skill_check: skill=\"Face danger\"]\n"), 0o644)
	t.Chdir(tmp)
	t.Setenv("RULEHOST_PLUGINS", "")

	dir := filepath.Join(tmp, "s")
	if code, out, errs := runCLI("run", "--session", dir, "-r", filepath.Join(game, "ruleset.json"), "--party", filepath.Join(game, "party"), tr); code != 0 {
		t.Fatalf("run: exit %d\n%s%s", code, out, errs)
	}
	var cfg struct {
		Plugins []struct{ Dir, Hash, Name, Version string }
	}
	b, _ := os.ReadFile(filepath.Join(dir, "session.json"))
	json.Unmarshal(b, &cfg)
	pinned := false
	for _, p := range cfg.Plugins {
		if p.Name == "ironsworn" && p.Version == "1.0.0" && p.Dir == "../game/plugins/ironsworn" && strings.HasPrefix(p.Hash, "sha256:") {
			pinned = true
		}
	}
	if !pinned {
		t.Fatalf("session.json pins no ironsworn 1.0.0: %s", b)
	}

	os.WriteFile(luaFile, []byte(strings.Replace(string(lua), `version = "1.0.0"`, `version = "1.1.0"`, 1)), 0o644)
	code, _, errs := runCLI("session", "show", dir)
	if code == 0 || !strings.Contains(errs, "plugin ironsworn 1.0.0 ../game/plugins/ironsworn changed") {
		t.Fatalf("show after the plugin changed: exit %d %s", code, errs)
	}
	if code, _, errs := runCLI("session", "show", "--accept-changed", dir); code != 0 {
		t.Fatalf("show --accept-changed: exit %d %s", code, errs)
	}
	if code, out, errs := runCLI("session", "upgrade", dir); code != 0 || !strings.Contains(out, "plugin ironsworn 1.0.0") {
		t.Fatalf("upgrade: exit %d %q %s", code, out, errs)
	}
	b, _ = os.ReadFile(filepath.Join(dir, "session.json"))
	if !strings.Contains(string(b), `"name":"ironsworn","version":"1.1.0"`) && !strings.Contains(string(b), `"version": "1.1.0"`) {
		t.Errorf("upgrade did not pin the new version: %s", b)
	}
	if code, _, errs := runCLI("session", "show", dir); code != 0 {
		t.Fatalf("show after upgrade: %s", errs)
	}
}
