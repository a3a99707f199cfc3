package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestValidateLoadsPluginsOnlyWhenNeeded: from a folder whose plugins/
// holds a plugin that does not load, validating a native ruleset loads no
// plugin (nothing is said about the broken one), while a ruleset whose
// kind is a plugin's still validates through the default folder.
func TestValidateLoadsPluginsOnlyWhenNeeded(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyDir(t, filepath.Join(root, "plugins", "savage-worlds"), filepath.Join(dir, "plugins", "savage-worlds"))
	copyDir(t, filepath.Join(root, "plugins", "wild-die"), filepath.Join(dir, "plugins", "wild-die"))
	broken := filepath.Join(dir, "plugins", "broken")
	if err := os.MkdirAll(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(broken, "plugin.lua"), []byte("this is not lua ("), 0o644)
	t.Chdir(dir)

	code, out, errs := runCLI("validate", filepath.Join(root, "rulesets", "d20-5e", "ruleset.json"))
	if code != 0 || !strings.Contains(out, "valid") {
		t.Fatalf("native ruleset: exit %d\n%s%s", code, out, errs)
	}
	if strings.Contains(errs, "broken") || strings.Contains(errs, "plugin") {
		t.Errorf("validating a native ruleset loaded the plugins:\n%s", errs)
	}

	code, out, errs = runCLI("validate", filepath.Join(root, "rulesets", "savage-worlds", "ruleset.json"))
	if code != 0 || !strings.Contains(out, "valid") {
		t.Fatalf("plugin-kind ruleset through the default plugins folder: exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(errs, "broken") {
		t.Errorf("the plugins were loaded, so the broken one should be reported:\n%s", errs)
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// initBudget is the most a rulehost package's initialisers may allocate.
// Every command pays for every linked package's init; tables and regular
// expressions a command may not use are built on first use (internal/lazy,
// sync.OnceValue). The largest left are engine/check's and
// engine/ruleset's lookup tables, which every check uses.
const initBudget = 400

// initBytes bounds the bytes some packages' initialisers allocate, below
// what they once took: the vocabulary table is built on first use and
// the validators' key names are static data (it took 64 KB); the record
// schema's maps are made at their size, with one copy of each key (89 KB);
// the session log's CRC-32C table is made on first use (9 KB).
var initBytes = map[string]int{
	"github.com/rulehost/rulehost/engine/session":       1 << 10,
	"github.com/rulehost/rulehost/engine/ruleset/vocab": 1 << 10,
	"github.com/rulehost/rulehost/engine/record":        40 << 10,
}

// TestInitsStayCheap runs this test binary again with GODEBUG=inittrace=1
// and reads every package's initialiser allocations: each rulehost package
// within initBudget, and none of the libraries this binary no longer links
// (the Prometheus client, whose initialisers cost a one-shot command more
// CPU than its work).
func TestInitsStayCheap(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run", "^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.Bytes())
	}
	seen := 0
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		// init PKG @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(sc.Text())
		if len(f) < 10 || f[0] != "init" {
			continue
		}
		seen++
		pkg := f[1]
		allocs, err := strconv.Atoi(f[len(f)-2])
		if err != nil {
			t.Fatalf("cannot read %q", sc.Text())
		}
		if strings.HasPrefix(pkg, "github.com/prometheus/") {
			t.Errorf("%s is linked and initialised", pkg)
		}
		if limit, ok := initBytes[pkg]; ok {
			if n, err := strconv.Atoi(f[len(f)-4]); err != nil || n > limit {
				t.Errorf("%s's initialisers allocate %s bytes (budget %d)", pkg, f[len(f)-4], limit)
			}
		}
		if strings.HasPrefix(pkg, "github.com/rulehost/rulehost/") && allocs > initBudget {
			t.Errorf("%s's initialisers allocate %d times (budget %d): build what a command may not use on first use", pkg, allocs, initBudget)
		}
	}
	if seen < 20 {
		t.Fatalf("read %d init lines; is GODEBUG=inittrace=1 still printed?\n%s", seen, stderr.Bytes())
	}
}
