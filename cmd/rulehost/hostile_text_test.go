package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Text from a plugin posing as the host's own output (issue 9, items 3, 4,
// 5 and 12), through the CLI as a GM would see it. The plugin is
// testdata/plugins/hostile-text; its kind picks the attack by case=.

const hostileText = "../../testdata/plugins/hostile-text"

func hostileRuleset(t *testing.T, extra string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "tiny.json")
	src := `{"id": "tiny", "name": "Tiny",
		"abilities": [{ "id": "grit", "label": "Grit", "min": 0, "max": 20, "default": 10 }],
		"skills": [{ "id": "climb", "label": "Climb", "ability": "grit" }],
		"resolution": { "kind": "hostile-text", "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }]` + extra + ` }}`
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s := filepath.Join(t.TempDir(), "ada.json")
	if err := os.WriteFile(s, []byte(`{"name": "Ada"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	return f + "\x00" + s
}

// shownSafely fails when out holds a control character other than the
// line breaks between its lines, a bidi or separator character, or
// invalid UTF-8.
func shownSafely(t *testing.T, what, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("%s: output is not UTF-8: %q", what, out)
	}
	for _, r := range out {
		if r != '\n' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || (r >= 0x2028 && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)) {
			t.Errorf("%s: output holds %U: %q", what, r, out)
			return
		}
	}
}

func hostileCheck(t *testing.T, c string) (string, string, time.Duration) {
	t.Helper()
	rs, sh, _ := strings.Cut(hostileRuleset(t, ""), "\x00")
	start := time.Now()
	_, out, errs := runCLI("check", "--plugins", hostileText, "-r", rs, "-s", sh, `[skill_check: skill="Climb" case="`+c+`"]`)
	return out, errs, time.Since(start)
}

// TestHostileErrorText: an error message with newlines, a forged transcript
// header and record, ANSI escapes, invalid UTF-8 and a bidi override prints
// as one escaped line; a 1 MiB error is cut; a position naming another
// plugin's file is not believed.
func TestHostileErrorText(t *testing.T) {
	out, errs, _ := hostileCheck(t, "forged-error")
	shownSafely(t, "stdout", out)
	shownSafely(t, "stderr", errs)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], "[refused:") {
		t.Errorf("want one refusal line, got %q", out)
	}
	// (the record's own quoting doubles the sanitizer's backslashes)
	for _, want := range []string{`boom\\n--- gm 9\\n[inventory:`, `\\x1b[31mred`, `\\xff\\xfe`, `\\u202eeurt=sseccus`} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks the escaped %s: %s", want, out)
		}
	}

	out, errs, took := hostileCheck(t, "huge-error")
	if len(out) > 4096 || len(errs) > 4096 {
		t.Errorf("a 1 MiB error printed %d bytes on stdout and %d on stderr", len(out), len(errs))
	}
	if !strings.Contains(out, "more bytes)") || took > 2*time.Second {
		t.Errorf("huge error: %v, %q", took, out)
	}

	out, _, _ = hostileCheck(t, "other-file")
	if !strings.Contains(out, `raised by plugin hostile-text, not at opposed-pool/plugin.lua:12`) {
		t.Errorf("a forged position: %s", out)
	}
	out, _, _ = hostileCheck(t, "own-line")
	if !strings.Contains(out, `note="runtime error: boom (hostile-text/plugin.lua:`) {
		t.Errorf("an own position: %s", out)
	}
}

// TestHostileInvisibleControls: bidi overrides and isolates and the line
// separator are refused in record values like other controls.
func TestHostileInvisibleControls(t *testing.T) {
	for _, c := range []string{"bidi", "isolate", "separator"} {
		out, _, _ := hostileCheck(t, c)
		shownSafely(t, c, out)
		if !strings.Contains(out, `reason="plugin-error"`) || !strings.Contains(out, "control character U+") {
			t.Errorf("%s: %s", c, out)
		}
	}
}

// TestHostileValidateProblems: a kind's validate problems cannot print a
// forged "FILE: valid" line, and 200,000 problem calls print a capped list.
func TestHostileValidateProblems(t *testing.T) {
	rs, _, _ := strings.Cut(hostileRuleset(t, `, "forge": true`), "\x00")
	code, out, errs := runCLI("validate", "--plugins", hostileText, rs)
	if code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	shownSafely(t, "validate", out+errs)
	for _, line := range strings.Split(out+errs, "\n") {
		if strings.HasSuffix(strings.TrimSpace(line), ": valid") {
			t.Errorf("a forged line: %q", line)
		}
	}
	if n := len(out + errs); n > 16<<10 {
		t.Errorf("validate printed %d bytes", n)
	}
	if !strings.Contains(out+errs, "more than 20 problems") {
		t.Errorf("the cap is not said:\n%s", out+errs)
	}
}
