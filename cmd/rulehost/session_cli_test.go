package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

const (
	emberRS    = "../../rulesets/ember-roads/ruleset.json"
	emberParty = "../../rulesets/ember-roads/sheets"
)

func writeFile(t *testing.T, path, text string) string {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A transcript refused part way is not applied at all, and a refused
// start leaves no folder (and a rerun then starts cleanly with its seed).
func TestRunAllOrNothing(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "s")
	first := writeFile(t, filepath.Join(tmp, "first.txt"), "--- gm\n[inventory: action=\"add\" item=\"Rope\"]\n")
	if code, _, errs := runCLI("run", "--session", dir, "-r", emberRS, "--party", emberParty, first); code != 0 {
		t.Fatalf("start: %d %s", code, errs)
	}
	logBefore, _ := os.ReadFile(filepath.Join(dir, session.LogFile))
	bad := writeFile(t, filepath.Join(tmp, "bad.txt"), "--- gm\nOne.\n--- player\nTwo.\n--- regenerate\nThree.\n")
	code, out, errs := runCLI("run", "--session", dir, bad)
	if code != 1 || !strings.Contains(errs, "transcript line 5") || !strings.Contains(errs, "nothing to regenerate") || out != "" {
		t.Fatalf("refused transcript: exit %d\n%s\n%s", code, out, errs)
	}
	logAfter, _ := os.ReadFile(filepath.Join(dir, session.LogFile))
	if string(logBefore) != string(logAfter) {
		t.Fatal("a refused transcript changed the log")
	}
	fresh := filepath.Join(tmp, "fresh")
	regen := writeFile(t, filepath.Join(tmp, "regen.txt"), "--- regenerate\nx\n")
	if code, _, errs := runCLI("run", "--session", fresh, "-r", emberRS, "--party", emberParty, regen); code != 1 || !strings.Contains(errs, "nothing to regenerate") {
		t.Fatalf("refused start: exit %d %s", code, errs)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Fatalf("a refused start left %s behind", fresh)
	}
	if code, _, errs := runCLI("run", "--session", fresh, "-r", emberRS, "--party", emberParty, "--seed", "9", first); code != 0 || strings.Contains(errs, "ignored") {
		t.Fatalf("rerun: exit %d %s", code, errs)
	}
	if c, _ := session.ReadConfig(fresh); c.Seed != 9 {
		t.Fatalf("rerun seed %d", c.Seed)
	}
}

// A second writer is refused at once, naming the process that writes.
func TestRunRefusedWhileLocked(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "s")
	tr := writeFile(t, filepath.Join(tmp, "t.txt"), "--- gm\n[inventory: action=\"add\" item=\"Rope\"]\n")
	if code, _, errs := runCLI("run", "--session", dir, "-r", emberRS, "--party", emberParty, tr); code != 0 {
		t.Fatal(errs)
	}
	held, err := session.Open(dir, session.FileLoader(ruleset.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("run", "--session", dir, tr)
	want := fmt.Sprintf("session %s is in use by process %d", dir, os.Getpid())
	if code != 1 || !strings.Contains(errs, want) || !strings.Contains(errs, "--wait") {
		t.Fatalf("exit %d, stderr %q, want %q", code, errs, want)
	}
	// show reads beside the writer.
	if code, _, errs := runCLI("session", "show", dir); code != 0 {
		t.Fatalf("show beside a writer: %s", errs)
	}
	go func() { time.Sleep(150 * time.Millisecond); held.Close() }()
	if code, _, errs := runCLI("run", "--session", dir, "--wait", "5s", tr); code != 0 {
		t.Fatalf("--wait: exit %d %s", code, errs)
	}
}

// A session started with plugins and a ruleset of a plugin kind is later
// run and shown with --session alone; a changed ruleset is refused by
// name unless --accept-changed.
func TestSessionNeedsOnlyItsFolder(t *testing.T) {
	tmp := t.TempDir()
	rsData, err := os.ReadFile("../../plugins/wild-die/test/data/opend6.json")
	if err != nil {
		t.Fatal(err)
	}
	rsFile := writeFile(t, filepath.Join(tmp, "rules", "opend6.json"), string(rsData))
	kira, _ := os.ReadFile("../../plugins/wild-die/test/data/kira.json")
	writeFile(t, filepath.Join(tmp, "party", "01-kira.json"), string(kira))
	dir := filepath.Join(tmp, "games", "one")
	var sheet struct {
		Name   string         `json:"name"`
		Skills map[string]any `json:"skills"`
	}
	json.Unmarshal(kira, &sheet)
	skill := ""
	for k := range sheet.Skills {
		skill = k
		break
	}
	var rsDoc struct {
		Skills []struct{ ID, Label string } `json:"skills"`
	}
	json.Unmarshal(rsData, &rsDoc)
	for _, s := range rsDoc.Skills {
		if s.ID == skill || skill == "" {
			skill = s.Label
			break
		}
	}
	tr := writeFile(t, filepath.Join(tmp, "t.txt"), fmt.Sprintf("--- gm\n[skill_check: skill=%q dc=\"10\"]\n", skill))
	code, out, errs := runCLI("run", "--plugins", "../../plugins/wild-die", "--session", dir, "-r", rsFile, "--party", filepath.Join(tmp, "party"), tr)
	if code != 0 || !strings.Contains(out, "[check:") {
		t.Fatalf("start: exit %d\n%s\n%s", code, out, errs)
	}
	cfg, _ := session.ReadConfig(dir)
	if cfg.Ruleset != "../../rules/opend6.json" || len(cfg.Plugins) != 1 || !strings.HasPrefix(cfg.Plugins[0].Hash, "sha256:") || !strings.HasPrefix(cfg.RulesetHash, "sha256:") {
		t.Fatalf("session.json: %+v", cfg)
	}
	if code, out, errs := runCLI("run", "--session", dir, tr); code != 0 || !strings.Contains(out, "--- gm 2") {
		t.Fatalf("run with --session only: exit %d\n%s\n%s", code, out, errs)
	}
	if code, _, errs := runCLI("session", "show", dir); code != 0 {
		t.Fatalf("show with DIR only: exit %d %s", code, errs)
	}
	writeFile(t, rsFile, string(rsData)+"\n")
	code, _, errs = runCLI("run", "--session", dir, tr)
	if code != 1 || !strings.Contains(errs, "ruleset ../../rules/opend6.json changed") || !strings.Contains(errs, "--accept-changed") {
		t.Fatalf("changed ruleset: exit %d %s", code, errs)
	}
	if code, _, errs := runCLI("run", "--session", dir, "--accept-changed", tr); code != 0 {
		t.Fatalf("--accept-changed: exit %d %s", code, errs)
	}
}

// session show --json speaks lowerCamel everywhere; show never writes.
func TestShowJSONKeysAndReadOnly(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "s")
	tr := writeFile(t, filepath.Join(tmp, "t.txt"), "--- gm\n[inventory: action=\"add\" item=\"Lucky charm\" category=\"charm\" rarity=\"common\" carried=\"+1 Sneak\"]\n[inventory: action=\"equip\" item=\"Leather coat\"]\n")
	if code, _, errs := runCLI("run", "--session", dir, "-r", emberRS, "--party", emberParty, tr); code != 0 {
		t.Fatal(errs)
	}
	f, _ := os.OpenFile(filepath.Join(dir, session.LogFile), os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"seq":3,"kind":"gm","te`)
	f.Close()
	before, _ := os.ReadFile(filepath.Join(dir, session.LogFile))
	code, out, errs := runCLI("session", "show", "--json", dir)
	if code != 0 {
		t.Fatal(errs)
	}
	var v any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k[0] >= 'A' && k[0] <= 'Z' {
					t.Errorf("key %q is not lowerCamel", k)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	after, _ := os.ReadFile(filepath.Join(dir, session.LogFile))
	if string(before) != string(after) {
		t.Fatal("session show cut the torn tail")
	}
}

// Smaller defects: one "tag:" prefix; validate names each file as given;
// a duplicate key in a sheet and a BOM in a ruleset refused by pointer.
func TestStrictInputMessages(t *testing.T) {
	_, _, errs := runCLI("check", "-r", fiveE, "-s", ada, `[skill_check: skill=`)
	if !strings.Contains(errs, "tag: at byte") || strings.Contains(errs, "tag: tag:") {
		t.Fatalf("stderr %q", errs)
	}
	_, _, errs = runCLI("check", "-r", fiveE, "-s", ada, `[skill_check: skill="Athletics" skill="Stealth"]`)
	if !strings.Contains(errs, "tag: at byte 32: attribute skill given twice") {
		t.Fatalf("duplicated attribute: %q", errs)
	}
	tmp := t.TempDir()
	a := writeFile(t, filepath.Join(tmp, "a", "ruleset.json"), `{"id": "x"}`)
	b := writeFile(t, filepath.Join(tmp, "b", "ruleset.json"), `{"id": "y"}`)
	_, out, _ := runCLI("validate", a, b)
	if !strings.Contains(out, a+":1:1: ") || !strings.Contains(out, b+":1:1: ") {
		t.Fatalf("validate output does not name the files as given:\n%s", out)
	}
	rs, _ := os.ReadFile(fiveE)
	bom := writeFile(t, filepath.Join(tmp, "bom.json"), "\xef\xbb\xbf"+string(rs))
	if _, out, _ := runCLI("validate", bom); !strings.Contains(out, "byte order mark") {
		t.Fatalf("BOM: %s", out)
	}
	dupRS := writeFile(t, filepath.Join(tmp, "dup.json"), strings.Replace(string(rs), `"id"`, `"id": "dup", "id"`, 1))
	if _, out, _ := runCLI("validate", dupRS); !strings.Contains(out, `/id: duplicate key "id"`) {
		t.Fatalf("duplicate key: %s", out)
	}
	sheet, _ := os.ReadFile(ada)
	dupSheet := writeFile(t, filepath.Join(tmp, "ada.json"), strings.Replace(string(sheet), `"name"`, `"name": "Ada", "name"`, 1))
	if code, _, errs := runCLI("check", "-r", fiveE, "-s", dupSheet, athletic); code != 1 || !strings.Contains(errs, `/name: duplicate key "name"`) {
		t.Fatalf("duplicate key in a sheet: exit %d %s", code, errs)
	}
	badName := writeFile(t, filepath.Join(tmp, "tam.json"), strings.Replace(string(sheet), `"name": "`, "\"name\": \"Tam\xff", 1))
	if code, _, errs := runCLI("check", "-r", fiveE, "-s", badName, athletic); code != 1 || !strings.Contains(errs, "/name: invalid UTF-8") {
		t.Fatalf("invalid UTF-8 in a sheet: exit %d %s", code, errs)
	}
}

// A 50 MB catalog is refused before it is read; --max-input raises the
// limit, and counts stop the decoding at the first excess entry.
func TestMaxInput(t *testing.T) {
	tmp := t.TempDir()
	var b strings.Builder
	b.WriteString(`{"id": "big", "items": {"catalogs": [{"id": "c", "entries": [`)
	entry := `{"id": "e", "label": "Entry", "category": "gear"},`
	b.WriteString(strings.Repeat(entry, 50<<20/len(entry)))
	b.WriteString(`{"id": "last"}`)
	b.WriteString("]}]}}")
	big := writeFile(t, filepath.Join(tmp, "big.json"), b.String())
	start := time.Now()
	code, out, _ := runCLI("validate", big)
	if code != 1 || !strings.Contains(out, "file too large") || !strings.Contains(out, "--max-input") {
		t.Fatalf("50 MB: exit %d %s", code, out)
	}
	t.Logf("50 MB catalog refused in %v", time.Since(start))
	start = time.Now()
	code, out, _ = runCLI("--max-input", "64MiB", "validate", big)
	if code != 1 || !strings.Contains(out, "/items/catalogs/0/entries: more than 10000 elements") {
		t.Fatalf("raised limit: exit %d %.300s", code, out)
	}
	t.Logf("with --max-input 64MiB, refused by count in %v", time.Since(start))
	tr := writeFile(t, filepath.Join(tmp, "t.txt"), "--- gm\n"+strings.Repeat("x", 9000)+"\n")
	if code, _, errs := runCLI("--max-input", "1KiB", "run", "--session", filepath.Join(tmp, "s"), "-r", emberRS, "--party", emberParty, tr); code != 1 || !strings.Contains(errs, "transcript") || !strings.Contains(errs, "the limit") {
		t.Fatalf("oversized transcript: exit %d %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(tmp, "s")); !os.IsNotExist(err) {
		t.Fatal("a refused transcript left a session folder")
	}
	if code, _, _ := runCLI("--max-input", "lots", "validate", fiveE); code != 2 {
		t.Fatalf("bad --max-input: exit %d", code)
	}
}
