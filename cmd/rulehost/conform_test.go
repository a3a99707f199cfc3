package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
)

const gwWarned = "../../testdata/items/gw.json" // two conditions' modes, read by no check

// TestValidateWarnings: warnings come after the problems as
// FILE:LINE:COL: /pointer: warning: ..., --json lists them, and only --strict
// turns them into exit status 1.
func TestValidateWarnings(t *testing.T) {
	code, out, _ := runCLI("validate", gwWarned)
	wantLine := gwWarned + `:89:6: /conditions/3/check/effects/0: warning: "own-checks-disadvantage" does nothing`
	if code != 0 || !strings.Contains(out, wantLine) || !strings.Contains(out, gwWarned+": valid (2 warning(s))") {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out, _ = runCLI("validate", "--strict", gwWarned)
	if code != 1 || !strings.Contains(out, wantLine) || !strings.Contains(out, "--strict") {
		t.Errorf("--strict: exit %d\n%s", code, out)
	}
	for _, strict := range []bool{false, true} {
		args := []string{"validate", "--json", gwWarned}
		if strict {
			args = []string{"validate", "--json", "--strict", gwWarned}
		}
		code, out, _ = runCLI(args...)
		var rep struct {
			Valid    bool
			Problems []struct{ Pointer string }
			Warnings []struct{ Pointer, Message string }
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		if rep.Valid == strict || len(rep.Warnings) != 2 || rep.Warnings[0].Pointer != "/conditions/3/check/effects/0" || (code == 1) != strict {
			t.Errorf("--json strict=%v: exit %d %+v", strict, code, rep)
		}
	}
	// A refused file: its problems, then its warnings.
	bad := filepath.Join(t.TempDir(), "gw-bad.json")
	raw := readJSON(t, gwWarned)
	raw["colour"] = "blue"
	writeJSON(t, bad, raw)
	code, out, _ = runCLI("validate", bad)
	problem := strings.Index(out, "/colour: unknown key")
	warning := strings.Index(out, ": warning: ")
	if code != 1 || problem < 0 || warning < problem {
		t.Errorf("problems first, then warnings: exit %d\n%s", code, out)
	}
}

// TestBundledStrict: every bundled ruleset is clean under --strict.
func TestBundledStrict(t *testing.T) {
	files, _ := filepath.Glob("../../rulesets/*/ruleset.json")
	code, out, errs := runCLI(append([]string{"validate", "--strict", "--plugins", plugins}, files...)...)
	if code != 0 || strings.Contains(out, "warning") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}

// TestVersion: --version prints the build's version, commit and Go
// version, and the engine's Capability API level.
func TestVersion(t *testing.T) {
	code, out, _ := runCLI("--version")
	if code != 0 || !strings.Contains(out, "capabilityApi "+ruleset.EngineCapabilityAPI) ||
		!strings.Contains(out, "commit ") || !strings.Contains(out, runtime.Version()) {
		t.Errorf("exit %d: %s", code, out)
	}
}

// TestTagArgument: text around the tag is named as such, not as a syntax
// error at byte 0, and a syntax error says "tag:" once.
func TestTagArgument(t *testing.T) {
	code, _, errs := runCLI("check", "-r", fiveE, "-s", ada, `roll this: [skill_check: skill="Athletics"] please`)
	if code != 1 || !strings.Contains(errs, `the argument must be one tag and nothing else; it has text around [skill_check: skill="Athletics"]`) {
		t.Errorf("exit %d: %s", code, errs)
	}
	code, _, errs = runCLI("check", "-r", fiveE, "-s", ada, `[skill_check: skill="Athletics"] [skill_check: skill="Stealth"]`)
	if code != 1 || !strings.Contains(errs, "it holds 2 tags") {
		t.Errorf("exit %d: %s", code, errs)
	}
	code, _, errs = runCLI("check", "-r", fiveE, "-s", ada, `[skill_check: skill=`)
	if code != 1 || strings.Count(errs, "tag:") != 1 {
		t.Errorf("exit %d: %s", code, errs)
	}
	code, out, _ := runCLI("check", "-r", fiveE, "-s", ada, `[skill_check: skill="Athletcs"]`)
	if code != 1 || !strings.Contains(out, "did you mean Athletics?") {
		t.Errorf("unknown skill: exit %d: %s", code, out)
	}
}

func readJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, _ := json.Marshal(v)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
