package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cli runs one command line in-process and returns exit status and output.
func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(append([]string{"rulehost"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

const (
	fiveE    = "../../rulesets/d20-5e/ruleset.json"
	ada      = "../../rulesets/d20-5e/sheets/ada.json"
	grave    = "../../rulesets/gravewatch/ruleset.json"
	bram     = "../../rulesets/gravewatch/sheets/bram.json"
	maud     = "../../rulesets/gravewatch/sheets/maud.json"
	genesys  = "../../rulesets/genesys/ruleset.json"
	plugins  = "../../plugins"
	athletic = `[skill_check: skill="Athletics" dc="15" mode="advantage"]`
)

func TestExitCodes(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"resolution":{"kind":"dice-sum","dice":{"count":2,"sides":6},"naturals":"both"}}`), 0o644)
	cases := []struct {
		name string
		args []string
		code int
		out  string // fragment of stdout (or stderr when code != 0)
	}{
		{"valid ruleset", []string{"validate", fiveE}, 0, "valid"},
		{"refused ruleset", []string{"validate", bad}, 1, "/resolution/naturals: naturals \"both\" reads a single die"},
		{"refused ruleset as JSON", []string{"validate", "--json", bad}, 1, `"pointer":"/resolution/naturals"`},
		{"validate without files", []string{"validate"}, 2, "name at least one ruleset file"},
		{"check", []string{"check", "-r", fiveE, "-s", ada, "--seed", "7", athletic}, 0, `[check: who="Ada Quickhand" skill="Athletics"`},
		{"check JSON", []string{"check", "-r", fiveE, "-s", ada, "--json", athletic}, 0, `{"tag":"check","attrs":[["who","Ada Quickhand"]`},
		{"check without ruleset", []string{"check", "-s", ada, athletic}, 2, "--ruleset is required"},
		{"check bad tag", []string{"check", "-r", fiveE, "-s", ada, `[skill_check: skill=`}, 1, "tag:"},
		{"check unknown skill", []string{"check", "-r", fiveE, "-s", ada, `[skill_check: skill="Juggling"]`}, 1, ""},
		{"check unknown who", []string{"check", "-r", fiveE, "-s", ada, `[skill_check: skill="Athletics" who="Nobody"]`}, 1, "no --sheet answers to that name"},
		{"check who by a word of the name", []string{"check", "-r", fiveE, "-s", ada, `[skill_check: skill="Athletics" who="Quickhand"]`}, 0, `who="Ada Quickhand"`},
		{"check who by a prefix", []string{"check", "-r", fiveE, "-s", ada, `[skill_check: skill="Athletics" who="quick"]`}, 0, `who="Ada Quickhand"`},
		{"validate --strict", []string{"validate", "--strict", fiveE}, 0, "valid"},
		{"check wrong tag", []string{"check", "-r", fiveE, "-s", ada, `[loot: table="x"]`}, 1, "check answers skill_check"},
		{"check bad repeat", []string{"check", "-r", fiveE, "-s", ada, "--repeat", "0", athletic}, 2, "--repeat"},
		{"missing plugins folder", []string{"check", "-r", fiveE, "-s", ada, "--plugins", "/nonexistent", athletic}, 2, "--plugins"},
		{"roll by name", []string{"roll", "-r", genesys, `[roll_dice: dice="2 ability 1 proficiency vs 2 difficulty"]`}, 0, `[roll: dice="2 ability 1 proficiency vs 2 difficulty"`},
		{"roll notation", []string{"roll", `[roll_dice: dice="2d6+1"]`}, 0, `[roll:`},
		{"opposed plugin tag", []string{"check", "--plugins", plugins, "-r", grave, "-s", bram, "-s", maud,
			`[opposed_check: skill="Ward" who="Bram the Quiet" vs="Maud Hollin" vsSkill="Ward"]`}, 0, `[opposed: who="Bram the Quiet"`},
		{"terse formatter", []string{"check", "--plugins", plugins, "--format", "terse", "-r", fiveE, "-s", ada, `[skill_check: skill="Athletics" dc="15"]`}, 0, "Ada Quickhand, Athletics:"},
		{"unknown formatter", []string{"check", "--plugins", plugins, "--format", "nope", "-r", fiveE, "-s", ada, athletic}, 2, "--format nope"},
		{"unknown command", []string{"nosuch"}, 2, `no command "nosuch"`},
		{"plugin test", []string{"plugin", "test", plugins + "/terse"}, 0, "0 failed"},
		{"plugin test JSON", []string{"plugin", "test", "--json", plugins + "/terse"}, 0, `"plugin":"terse"`},
		{"plugin test nothing", []string{"plugin", "test"}, 2, "name at least one plugin folder"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, c.code, out, errs)
			}
			if !strings.Contains(out+errs, c.out) {
				t.Fatalf("output lacks %q\nstdout: %s\nstderr: %s", c.out, out, errs)
			}
		})
	}
}

// TestCheckRepeatIsDeterministic: --repeat N rolls seeds N0..N0+N-1, and
// the same seed gives the same record.
func TestCheckRepeatIsDeterministic(t *testing.T) {
	_, many, _ := runCLI("check", "-r", fiveE, "-s", ada, "--seed", "10", "--repeat", "3", athletic)
	lines := strings.Split(strings.TrimSpace(many), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 records, got %q", many)
	}
	for i, want := range lines {
		_, one, _ := runCLI("check", "-r", fiveE, "-s", ada, "--seed", []string{"10", "11", "12"}[i], athletic)
		if strings.TrimSpace(one) != want {
			t.Errorf("seed %d: %s != %s", 10+i, one, want)
		}
	}
}

// TestRunAndShow answers a bundled transcript into a session folder, then
// shows it; running the same transcript into a fresh folder with the same
// seed prints the same records.
func TestRunAndShow(t *testing.T) {
	rs := "../../rulesets/ember-roads/ruleset.json"
	party := "../../rulesets/ember-roads/sheets"
	tr := "../../rulesets/ember-roads/transcripts/01-the-ford.txt"
	dir1, dir2 := filepath.Join(t.TempDir(), "s1"), filepath.Join(t.TempDir(), "s2")
	code, out1, errs := runCLI("run", "--session", dir1, "-r", rs, "--party", party, "--seed", "3", tr)
	if code != 0 || !strings.Contains(out1, "--- gm 1") || !strings.Contains(out1, "[check: who=") {
		t.Fatalf("run: exit %d\n%s\n%s", code, out1, errs)
	}
	_, out2, _ := runCLI("run", "--session", dir2, "-r", rs, "--party", party, "--seed", "3", tr)
	_, terse, _ := runCLI("run", "--plugins", plugins, "--format", "terse", "--session", filepath.Join(t.TempDir(), "s3"), "-r", rs, "--party", party, "--seed", "3", tr)
	if !strings.Contains(terse, "Tamsin, Sneak:") {
		t.Fatalf("run --format terse printed no terse check line:\n%s", terse)
	}
	if out1 != out2 {
		t.Fatalf("same seed, different records:\n%s\n---\n%s", out1, out2)
	}
	code, show, errs := runCLI("session", "show", dir1)
	if code != 0 || !strings.Contains(show, "Tamsin") {
		t.Fatalf("session show: exit %d\n%s\n%s", code, show, errs)
	}
	// Flags after the folder, as docs/session.md writes them.
	code, asJSON, errs := runCLI("session", "show", dir1, "--json")
	if code != 0 || !strings.HasPrefix(asJSON, "{") || !strings.Contains(asJSON, `"events"`) {
		t.Fatalf("session show DIR --json: exit %d\n%s\n%s", code, asJSON, errs)
	}
	if code, _, errs := runCLI("session", "show", dir1, "--bogus"); code != 2 || !strings.Contains(errs, "--bogus") {
		t.Fatalf("session show DIR --bogus: exit %d %s", code, errs)
	}
	code, narr, errs := runCLI("session", "show", "--plugins", plugins, "--format", "narrative", dir1)
	if code != 0 || !strings.Contains(narr, "Inventory:\n") || !strings.Contains(narr, "• ") {
		t.Fatalf("session show --format narrative: exit %d\n%s\n%s", code, narr, errs)
	}
	if code, _, errs := runCLI("run", "--session", filepath.Join(t.TempDir(), "new"), tr); code != 2 {
		t.Fatalf("starting a session without --ruleset must be misuse, got %d: %s", code, errs)
	}
	if code, _, _ := runCLI("run", tr); code != 2 {
		t.Fatalf("run without --session must be misuse, got %d", code)
	}
}

// TestCLIConventions: did-you-mean, completion scripts, --format with
// --json, the list of formatters, roll --format.
func TestCLIConventions(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		code int
		out  string // fragment of stdout, or stderr when code != 0
	}{
		{"near command", []string{"chekc"}, 2, `no command "chekc"; did you mean check?`},
		{"near command 2", []string{"valdate"}, 2, "did you mean validate?"},
		{"far command", []string{"xyzzy"}, 2, `no command "xyzzy" (see`},
		{"bash completion", []string{"completion", "bash"}, 0, "complete -o default -F _rulehost_complete rulehost"},
		{"zsh completion", []string{"completion", "zsh"}, 0, "#compdef rulehost"},
		{"fish completion", []string{"completion", "fish"}, 0, "complete -c rulehost"},
		{"no such shell", []string{"completion", "tcsh"}, 2, `no completion for "tcsh"`},
		{"format with json", []string{"check", "--json", "--format", "terse", "-r", fiveE, "-s", ada, athletic}, 2, "--format and --json do not go together"},
		{"format with json on roll", []string{"roll", "--json", "--format", "terse", `[roll_dice: dice="2d6"]`}, 2, "--format and --json do not go together"},
		{"unknown formatter lists", []string{"check", "--plugins", plugins, "--format", "nope", "-r", fiveE, "-s", ada, athletic}, 2, "loaded: plain, narrative, terse"},
		{"roll through a formatter", []string{"roll", "--plugins", plugins, "--format", "terse", `[roll_dice: dice="2d6"]`}, 0, "[roll:"},
		{"roll expression", []string{"roll", "--seed", "3", `[roll_dice: dice="4d6kh3"]`}, 0, `terms="4d6kh3(`},
	} {
		code, out, errs := runCLI(c.args...)
		text := out
		if c.code != 0 {
			text = errs
		}
		if code != c.code || !strings.Contains(text, c.out) {
			t.Errorf("%s: exit %d (want %d)\nstdout: %s\nstderr: %s\nwant %q", c.name, code, c.code, out, errs, c.out)
		}
	}
}

// TestPluginsLoadedOnlyWhenNeeded: a broken plugin in the working
// directory's plugins/ is not even read by a native check; a tag the
// engine does not answer reads it (and reports it).
func TestPluginsLoadedOnlyWhenNeeded(t *testing.T) {
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	rs, sh := abs(fiveE), abs(ada)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "plugins", "broken"), 0o755)
	os.WriteFile(filepath.Join(dir, "plugins", "broken", "plugin.lua"), []byte("return {"), 0o644)
	t.Chdir(dir)
	code, _, errs := runCLI("check", "-r", rs, "-s", sh, athletic)
	if code != 0 || strings.Contains(errs, "broken") {
		t.Errorf("native check read plugins/: exit %d, stderr %s", code, errs)
	}
	code, _, errs = runCLI("check", "-r", rs, "-s", sh, `[opposed_check: skill="Athletics"]`)
	if code == 0 || !strings.Contains(errs, "broken") {
		t.Errorf("plugin tag did not read plugins/: exit %d, stderr %s", code, errs)
	}
}

// TestGearList: rulehost gear DIR [--who NAME] after a transcript that
// takes starting gear.
func TestGearList(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kit")
	tr := "../../rulesets/d20-5e/transcripts/01-starting-gear.txt"
	if code, out, errs := runCLI("run", "--session", dir, "-r", fiveE, "--party", "../../rulesets/d20-5e/sheets", tr); code != 0 || !strings.Contains(out, `[gear: gear="Fighter"`) {
		t.Fatalf("run: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs := runCLI("gear", dir, "--who", "Corvin")
	if code != 0 || !strings.HasPrefix(out, "Starting gear for Corvin Vell") ||
		strings.Index(out, "- Acolyte") > strings.Index(out, "- Fighter") || !strings.Contains(out, "[class; does not fit; taken]") {
		t.Fatalf("gear --who: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, _ = runCLI("gear", "--json", dir)
	if code != 0 || !strings.HasPrefix(out, `{"who":"Ada Quickhand","gear":[{"id":"fighter"`) {
		t.Fatalf("gear --json: exit %d\n%s", code, out)
	}
	if code, _, _ := runCLI("gear", dir, "--who", "Nobody"); code != 1 {
		t.Fatalf("an unknown character is refused (1), got %d", code)
	}
	if code, _, _ := runCLI("gear"); code != 2 {
		t.Fatalf("gear without a directory is misuse (2), got %d", code)
	}
}
