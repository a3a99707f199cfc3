package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOddsBudget (issue 27): `rulehost odds` on a kind taking 30 ms a
// check sampled for about ten minutes. Sampling now stops at --budget:
// the odds of the seeds sampled so far, marked PARTIAL (and partial in
// JSON), with a note on stderr; no sample at all within the budget is a
// refusal that says so.
func TestOddsBudget(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "slow")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(`return { name = "slow", version = "1", api = 1,
  kinds = { slow = {
    validate = function() return {} end,
    resolve = function(c)
      local x = 0
      for i = 1, 20000 do x = x + i end -- slow enough that 10^6 samples never fit in 500 ms, quick enough that some always do (a loaded -race run fit none at 200000)
      return { { "resolution", "slow" }, { "total", dice.roll(6) }, { "dc", 4 }, { "success", false } }
    end,
  } } }`), 0o644)
	rs := filepath.Join(root, "tiny.json")
	os.WriteFile(rs, []byte(`{"id": "tiny", "name": "Tiny",
  "abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
  "skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
  "resolution": { "kind": "slow", "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }}`), 0o644)
	sh := filepath.Join(root, "ada.json")
	os.WriteFile(sh, []byte(`{"name": "Ada"}`), 0o644)
	args := []string{"odds", "--plugins", root, "-r", rs, "-s", sh, "--samples", "1000000", "--budget", "500ms"}
	start := time.Now()
	code, out, errs := runCLI(append(args, `[skill_check: skill="Climb"]`)...)
	took := time.Since(start)
	t.Logf("exit %d after %v\n%s%s", code, took.Round(time.Millisecond), out, errs)
	if code != 0 || !strings.Contains(out, "PARTIAL: estimated from only ") || !strings.Contains(errs, "--budget 500ms ran out after ") || !strings.Contains(out, "95% intervals:") {
		t.Errorf("exit %d:\n%s%s", code, out, errs)
	}
	if took > 10*time.Second {
		t.Errorf("took %v with --budget 500ms", took)
	}
	code, out, _ = runCLI(append(append(args, "--json"), `[skill_check: skill="Climb"]`)...)
	if code != 0 || !strings.Contains(out, `"partial":true`) {
		t.Errorf("--json: exit %d %s", code, out)
	}
	code, out, errs = runCLI(append(append([]string{}, args[:len(args)-1]...), "1ns", `[skill_check: skill="Climb"]`)...)
	if code != exitRefused || out != "" || !strings.Contains(errs, "--budget ran out after 0 of 1000000 samples") {
		t.Errorf("no sample within the budget: exit %d %q %s", code, out, errs)
	}
}

// TestOddsErrorCut (issue 27): a plugin's 1 MiB outcome label made a
// 1 MiB error on stderr. Every plugin string in it is cut.
func TestOddsErrorCut(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "big")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(`return { name = "big", version = "1", api = 1,
  kinds = { big = { validate = function() return {} end,
    resolve = function() return { { "resolution", "big" } } end,
    odds = function() return { { p = 1, success = true, outcome = string.rep("L", 2^20) } } end } } }`), 0o644)
	rs := filepath.Join(root, "tiny.json")
	os.WriteFile(rs, []byte(`{"id": "tiny", "name": "Tiny",
  "abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
  "skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
  "resolution": { "kind": "big", "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }] }}`), 0o644)
	sh := filepath.Join(root, "ada.json")
	os.WriteFile(sh, []byte(`{"name": "Ada"}`), 0o644)
	code, out, errs := runCLI("odds", "--plugins", root, "-r", rs, "-s", sh, `[skill_check: skill="Climb"]`)
	t.Logf("exit %d, %d bytes on stderr", code, len(errs))
	if code != exitRefused || out != "" || !strings.Contains(errs, `plugin "big" kind "big" odds: outcome 1:`) || len(errs) > 2048 {
		t.Errorf("exit %d, %d bytes: %.300s", code, len(errs), errs)
	}
}
