package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPromptCommand builds a Gravewatch session from a transcript and
// prints its prompt: in full, one section, as JSON, through the xml
// formatter, and cut to a budget; misuses exit 2.
func TestPromptCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	if code, _, errs := runCLI("run", "--session", dir, "-r", "../../rulesets/gravewatch/ruleset.json",
		"--party", "../../rulesets/gravewatch/sheets", "--seed", "1", "../../rulesets/gravewatch/transcripts/03-the-long-vigil.txt"); code != 0 {
		t.Fatalf("run: %s", errs)
	}
	use := filepath.Join(t.TempDir(), "use.txt")
	if err := os.WriteFile(use, []byte("--- player\nI use my tonic. [inventory: action=\"use\" item=\"Warming tonic\" who=\"Bram\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI("run", "--session", dir, use); code != 0 {
		t.Fatalf("run: %s", errs)
	}
	code, out, errs := runCLI("prompt", "--session", dir)
	if code != 0 {
		t.Fatalf("prompt: exit %d: %s", code, errs)
	}
	for _, want := range []string{"RULES (Gravewatch)", "\n\nITEMS\n", "\n\nMONEY\n", "\n\nLOOT\n", "\n\nINVENTORY:\n", "\n\nLAST TURN\n", "[item_used]"} {
		if !strings.Contains(out, want) {
			t.Errorf("prompt lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI("prompt", "--session", dir, "--section", "money")
	if code != 0 || !strings.HasPrefix(out, "MONEY\n") || strings.Contains(out, "RULES") {
		t.Errorf("--section money: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI("prompt", "--session", dir, "--json", "--section", "rules")
	var v struct {
		Sections []struct {
			Name string
			Data struct{ Examples []string }
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || len(v.Sections) != 1 || len(v.Sections[0].Data.Examples) == 0 {
		t.Errorf("--json: exit %d\n%s", code, out)
	}
	// --json --max-chars: POST /v1/prompt's shape, the sections cut by the
	// same prompt.Fit as the printed text, which it carries.
	code, out, _ = runCLI("prompt", "--session", dir, "--json", "--max-chars", "1500")
	var fit struct {
		Sections []struct{ Name, Text string }
		Text     string
	}
	_, plainOut, _ := runCLI("prompt", "--session", dir, "--max-chars", "1500")
	if code != 0 || json.Unmarshal([]byte(out), &fit) != nil || len(fit.Sections) == 0 || fit.Text != strings.TrimSuffix(plainOut, "\n") {
		t.Errorf("--json --max-chars 1500: exit %d; text equals the printed prompt: %v\n%s", code, fit.Text == strings.TrimSuffix(plainOut, "\n"), out)
	}
	if n := utf8.RuneCountInString(fit.Text); n > 1500 {
		t.Errorf("--json --max-chars 1500 gave %d characters", n)
	}
	if code, _, _ := runCLI("prompt", "--session", dir, "--json", "--max-chars", "5"); code != exitRefused {
		t.Errorf("--json with a budget nothing meets: exit %d, want %d", code, exitRefused)
	}
	code, out, errs = runCLI("prompt", "--session", dir, "--plugins", "../../plugins", "--format", "xml", "--max-chars", "2000")
	if code != 0 || !strings.HasPrefix(out, "<prompt>\n<rules>\n") || !strings.Contains(out, "<cut>\nCUT: ") {
		t.Errorf("--format xml --max-chars: exit %d %s\n%s", code, errs, out)
	}
	if n := utf8.RuneCountInString(strings.TrimSuffix(out, "\n")); n > 2000 {
		t.Errorf("--max-chars 2000 printed %d characters", n)
	}
	code, out, _ = runCLI("prompt", "--ruleset", "../../rulesets/d20-5e/ruleset.json", "--party", "../../rulesets/d20-5e/sheets")
	if code != 0 || !strings.Contains(out, `mode=`) || strings.Contains(out, "LAST TURN") {
		t.Errorf("--ruleset --party: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{
		{"prompt"},
		{"prompt", "--session", dir, "--ruleset", "x.json"},
		{"prompt", "--session", dir, "--section", "nonsense"},
		{"prompt", "--session", dir, "--json", "--format", "xml"},
		{"prompt", "--session", dir, "--max-chars", "-3"},
		{"prompt", "--session", dir, "extra"},
	} {
		if code, _, _ := runCLI(args...); code != exitMisuse {
			t.Errorf("%v: exit %d, want %d", args, code, exitMisuse)
		}
	}
	if code, _, _ := runCLI("prompt", "--session", filepath.Join(dir, "missing")); code != exitRefused {
		t.Errorf("a missing session: exit %d, want %d", code, exitRefused)
	}
}

// growingFormatters holds the growing formatter (testdata/formatters/
// growing): its whole-prompt hook repeats every section.
const growingFormatters = "../../testdata/formatters"

// TestPromptMaxCharsHoldsThroughHook (issue 27): --max-chars 1200 through
// a prompt hook whose output grows with its input printed 2,603
// characters, exit 0, nothing on stderr. The budget holds whatever the
// hook does (cut again after it, else the built-in text, said on stderr),
// and a budget nothing can meet is refused, saying so.
func TestPromptMaxCharsHoldsThroughHook(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	if code, _, errs := runCLI("run", "--session", dir, "-r", "../../rulesets/gravewatch/ruleset.json",
		"--party", "../../rulesets/gravewatch/sheets", "--seed", "1", "../../rulesets/gravewatch/transcripts/03-the-long-vigil.txt"); code != 0 {
		t.Fatalf("run: %s", errs)
	}
	for _, n := range []int{400, 800, 1200, 1500, 3000} {
		code, out, errs := runCLI("prompt", "--session", dir, "--plugins", growingFormatters, "--format", "growing", "--max-chars", fmt.Sprint(n))
		got := utf8.RuneCountInString(strings.TrimSuffix(out, "\n"))
		t.Logf("--max-chars %d: exit %d, %d characters, stderr %q", n, code, got, strings.TrimSpace(errs))
		if code != 0 || got > n || got == 0 {
			t.Errorf("--max-chars %d: exit %d, printed %d characters: %s", n, code, got, errs)
		}
		// the hook's shortest text (the prompt cut as far as it goes,
		// doubled) is over 400: the built-in text, and stderr says so
		if fell := strings.Contains(errs, "printing the built-in text"); fell != (n == 400) {
			t.Errorf("--max-chars %d: fell back %t: %s", n, fell, errs)
		}
	}
	code, out, errs := runCLI("prompt", "--session", dir, "--plugins", growingFormatters, "--format", "growing", "--max-chars", "20")
	if code != exitRefused || out != "" || !strings.Contains(errs, "--max-chars 20 cannot be met") {
		t.Errorf("an impossible budget: exit %d, %q, %s", code, out, errs)
	}
}
