package isolate_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/isolate"
)

// TestIsolatedPluginPath (issue 29): an isolated host tells the ruleset
// validator what it found on the plugin path as the in-process host
// does: the shadowed plugin's version and the broken plugin's error come
// back from the worker, not only the plugins that loaded.
func TestIsolatedPluginPath(t *testing.T) {
	src, err := os.ReadFile("../../plugins/terse/plugin.lua")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
	for _, d := range []struct{ dir, version string }{{filepath.Join(a, "terse"), "0.9.0"}, {filepath.Join(b, "terse"), "2.1.0"}} {
		os.MkdirAll(d.dir, 0o755)
		os.WriteFile(filepath.Join(d.dir, "plugin.lua"), []byte(strings.Replace(string(src), `version = "1.0.0"`, `version = "`+d.version+`"`, 1)), 0o644)
	}
	os.MkdirAll(filepath.Join(b, "broken"), 0o755)
	os.WriteFile(filepath.Join(b, "broken", "plugin.lua"), []byte("return {name = \"broken\",\n  kinds = {"), 0o644)

	in, errs := host.Load([]string{a, b}, popts)
	t.Cleanup(in.Close)
	if len(errs) != 2 {
		t.Fatalf("in process: %v", errs)
	}
	iso, errs, err := host.LoadIsolated([]string{a, b}, popts, isolate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(iso.Close)
	if len(errs) != 2 {
		t.Fatalf("isolated: %v", errs)
	}
	if got, want := iso.PluginPath(), in.PluginPath(); !reflect.DeepEqual(got, want) {
		t.Errorf("isolated path\n%+v\nin process\n%+v", got, want)
	}
	if n := len(in.PluginPath().Found); n != 3 {
		t.Errorf("found %d plugins, want terse twice and broken", n)
	}
}
