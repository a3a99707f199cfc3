package host_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rulehost/rulehost/host"
)

func mkdirs(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// fakePlugin makes dir a plugin folder (Path only looks for plugin.lua).
func fakePlugin(t *testing.T, dir string) {
	t.Helper()
	mkdirs(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte("return {}"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPathOrder: the plugin path is the ruleset's own plugins/, then
// --plugins, then RULEHOST_PLUGINS, then ./plugins, then (for each plugin
// a ruleset declares) that plugin's folder in the nearest plugins/ above
// the ruleset, up to the repository root and not beyond, and not the rest
// of that folder; missing folders are left out (PathLooked names them),
// and one folder named twice is kept once.
func TestPathOrder(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "root")
	rsDir := filepath.Join(root, "rulesets", "x")
	extra, env1, env2 := filepath.Join(tmp, "extra"), filepath.Join(tmp, "env1"), filepath.Join(tmp, "env2")
	mkdirs(t, filepath.Join(root, ".git"), filepath.Join(rsDir, "plugins"), extra, env1, filepath.Join(tmp, "cwd", "plugins"))
	fakePlugin(t, filepath.Join(tmp, "plugins", "q"))        // above the repository: never searched
	fakePlugin(t, filepath.Join(root, "plugins", "p"))       // declared
	fakePlugin(t, filepath.Join(root, "plugins", "fixture")) // not declared: not loaded
	fakePlugin(t, filepath.Join(root, "rulesets", "other"))  // not a plugins/ folder
	declares := filepath.Join(rsDir, "ruleset.json")
	plain := filepath.Join(rsDir, "plain.json")
	os.WriteFile(declares, []byte(`{"id": "x", "plugins": [{"name": "p", "version": "^1.0"}, {"name": "q", "version": "^1.0"}, {"name": "../../etc", "version": "1.0"}]}`), 0o644)
	os.WriteFile(plain, []byte(`{"id": "x"}`), 0o644)
	t.Chdir(filepath.Join(tmp, "cwd"))
	t.Setenv(host.EnvVar, env1+string(os.PathListSeparator)+env2+string(os.PathListSeparator))

	got := host.Path([]string{declares}, []string{extra, filepath.Join(rsDir, "plugins")})
	want := []string{filepath.Join(rsDir, "plugins"), extra, env1, "plugins", filepath.Join(root, "plugins", "p")}
	if !slices.Equal(got, want) {
		t.Errorf("declaring ruleset:\n got %q\nwant %q", got, want)
	}
	_, looked := host.PathLooked([]string{declares}, []string{extra})
	wantLooked := []string{filepath.Join(rsDir, "plugins"), extra, env1, env2 + " (missing)", "./plugins",
		filepath.Join(root, "rulesets", "plugins", "p") + " (missing)", filepath.Join(root, "plugins", "p"),
		filepath.Join(root, "rulesets", "plugins", "q") + " (missing)", filepath.Join(root, "plugins", "q") + " (missing)"}
	if !slices.Equal(looked, wantLooked) {
		t.Errorf("looked:\n got %q\nwant %q", looked, wantLooked)
	}

	// Without "plugins" the folders above are not searched: the ruleset
	// gets what it got before the key existed, and its own plugins/.
	got = host.Path([]string{plain}, nil)
	if want := []string{filepath.Join(rsDir, "plugins"), env1, "plugins"}; !slices.Equal(got, want) {
		t.Errorf("plain ruleset:\n got %q\nwant %q", got, want)
	}

	// A plugins/ folder above that is on the path whole (the working
	// directory's) is not searched again for one plugin.
	t.Chdir(root)
	if got, want := host.Path([]string{declares}, nil), []string{filepath.Join(rsDir, "plugins"), env1, "plugins"}; !slices.Equal(got, want) {
		t.Errorf("from the repository root:\n got %q\nwant %q", got, want)
	}

	// No repository root: up to the filesystem root (tmp/plugins is above).
	t.Chdir(filepath.Join(tmp, "cwd"))
	os.Remove(filepath.Join(root, ".git"))
	if got := host.Path([]string{declares}, nil); !slices.Contains(got, filepath.Join(tmp, "plugins", "q")) {
		t.Errorf("without .git the search goes on up: %q", got)
	}
	t.Setenv(host.EnvVar, "")
	if got, want := host.Dirs([]string{extra}), []string{extra, "plugins"}; !slices.Equal(got, want) {
		t.Errorf("Dirs: got %q, want %q", got, want)
	}
}

// TestPathLooksPastAFolderWithoutThePlugin: a plugins/ folder above the
// ruleset that is on the path already (the working directory's) but does
// not hold a declared plugin does not end the search: the nearest
// plugins/ farther up that holds it is found.
func TestPathLooksPastAFolderWithoutThePlugin(t *testing.T) {
	repo := t.TempDir()
	mkdirs(t, filepath.Join(repo, ".git"))
	fakePlugin(t, filepath.Join(repo, "plugins", "foo"))
	fakePlugin(t, filepath.Join(repo, "rulesets", "plugins", "other"))
	rs := filepath.Join(repo, "rulesets", "x", "ruleset.json")
	mkdirs(t, filepath.Dir(rs))
	os.WriteFile(rs, []byte(`{"id": "x", "plugins": [{"name": "foo", "version": "^1.0"}]}`), 0o644)
	t.Chdir(filepath.Join(repo, "rulesets"))
	t.Setenv(host.EnvVar, "")
	got := host.Path([]string{rs}, nil)
	if want := []string{"plugins", filepath.Join(repo, "plugins", "foo")}; !slices.Equal(got, want) {
		t.Errorf("path:\n got %q\nwant %q", got, want)
	}
}
