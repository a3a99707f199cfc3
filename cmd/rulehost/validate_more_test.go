package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateSheets: validate checks sheets against --ruleset, names the
// sheet by the path as given, and refuses --sheet without --ruleset.
func TestValidateSheets(t *testing.T) {
	code, out, errs := runCLI("validate", "--ruleset", fiveE, "--sheet", ada, "--sheet", "../../rulesets/d20-5e/sheets/corvin.json")
	if code != 0 || !strings.Contains(out, ada+": valid") || !strings.Contains(out, fiveE+": valid") {
		t.Errorf("exit %d: %s%s", code, out, errs)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"name": "X", "abilities": {"strr": 3}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI("validate", "--ruleset", fiveE, "--sheet", bad)
	if code != 1 || !strings.Contains(out, bad+`:1:29: /abilities/strr: no ability "strr" in the ruleset`) {
		t.Errorf("a sheet with an unknown ability: exit %d: %s", code, out)
	}
	code, _, errs = runCLI("validate", "--sheet", ada)
	if code != 2 || !strings.Contains(errs, "--sheet needs --ruleset") {
		t.Errorf("--sheet without --ruleset: exit %d: %s", code, errs)
	}
}

// TestValidateTranscripts: every bundled transcript parses; a transcript
// with a broken and a refused tag is reported line by line.
func TestValidateTranscripts(t *testing.T) {
	files, _ := filepath.Glob("../../rulesets/*/transcripts/*.txt")
	if len(files) == 0 {
		t.Fatal("no bundled transcripts")
	}
	args := []string{"validate"}
	for _, f := range files {
		args = append(args, "--transcript", f)
	}
	if code, out, errs := runCLI(args...); code != 0 {
		t.Errorf("bundled transcripts: exit %d: %s%s", code, out, errs)
	}
	f := filepath.Join(t.TempDir(), "t.txt")
	text := "# a comment\n--- gm\nHello [skill_check: skill=\"Athletics\" dc=\"15\"]\n" +
		"and [skill_check: skill=\"Stealth dc=\"12\"] oops\n--- player\n[roll_dice: dice=\"1d6\" dice=\"2d6\"] [sic]\n"
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI("validate", "--transcript", f)
	want := f + `:4: [skill_check: skill="Stealth dc="12"] oops: want an attribute name, like key="value"` + "\n" +
		f + `:6: [roll_dice: dice="1d6" dice="2d6"] [sic]: attribute dice given twice; give each attribute once` + "\n"
	if code != 1 || out != want {
		t.Errorf("exit %d:\n%s\nwant:\n%s", code, out, want)
	}
}
