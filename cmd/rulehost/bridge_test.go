package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestBridgeMenu prints the Gravewatch party's items as the Classic and
// Tactical battles read them, as text and JSON.
func TestBridgeMenu(t *testing.T) {
	code, out, errs := runCLI("bridge", "../../rulesets/gravewatch/ruleset.json", "--party", "../../testdata/battle/gravewatch")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `- Page of the vigil litany: Warded for 2 rounds on oneself (raises defense); 2 uses left, each used up
  Use (Act): Warded, on oneself, Ward check against 2 first, skipped at Nerve 3, used up
- Warming tonic: heals oneself by 5% of one's maximum health; 1 use left, each used up
  Use (Quick): heals 1, restores 1 Resolve, on oneself, used up
  no place in these battles: a restored pool
not offered: Dawn bell (Dawn bell is used while it is bound)
not offered: Widow's ring (it has no use)
left to the Game Master's guess: Rope
`
	if !strings.HasSuffix(out, want) {
		t.Errorf("menu:\n%s\nwant (at its end):\n%s", out, want)
	}
	code, js, errs := runCLI("bridge", "--json", "--party", "../../testdata/battle/gravewatch", "../../rulesets/gravewatch/ruleset.json")
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errs)
	}
	var m struct {
		Options []struct {
			Item     string  `json:"item"`
			Fraction float64 `json:"fraction"`
			Uses     int     `json:"uses"`
			Status   *struct {
				Name   string `json:"name"`
				Rounds int    `json:"rounds"`
			} `json:"status"`
		} `json:"options"`
		Guessed []string `json:"guessed"`
	}
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	if len(m.Options) != 2 || m.Options[0].Status.Name != "Warded" || m.Options[1].Fraction != 0.05 || m.Options[0].Uses != 2 || m.Guessed[0] != "Rope" {
		t.Errorf("json: %+v", m)
	}
}

// TestBridgeUseFailedGate: the spec's failed-gate line, for a fixed seed.
func TestBridgeUseFailedGate(t *testing.T) {
	code, out, errs := runCLI("bridge", "../../rulesets/gravewatch/ruleset.json", "--party", "../../testdata/battle/gravewatch",
		"--use", "Page of the vigil litany", "--seed", "0")
	want := "Ada rolls Ward to use Page of the vigil litany: 0 against 2, failed, and it is used up for nothing.\nPage of the vigil litany: 1 left.\n"
	if code != 0 || out != want {
		t.Errorf("exit %d %s\n%q\nwant %q", code, errs, out, want)
	}
	code, _, errs = runCLI("bridge", "../../rulesets/gravewatch/ruleset.json", "--party", "../../testdata/battle/gravewatch", "--use", "Dawn bell", "--who", "Maud Hollin")
	if code != 1 || !strings.Contains(errs, `reason="not-worn"`) {
		t.Errorf("an unbound bell: exit %d %s", code, errs)
	}
}

// TestBridgeSession reads a session's party as it stands: the bell Maud
// bound is offered, with its uses.
func TestBridgeSession(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	code, _, errs := runCLI("run", "--session", dir, "-r", "../../rulesets/gravewatch/ruleset.json",
		"--party", "../../rulesets/gravewatch/sheets", "--seed", "1", "../../rulesets/gravewatch/transcripts/03-the-long-vigil.txt")
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, errs)
	}
	code, out, errs := runCLI("bridge", "--session", dir)
	if code != 0 || !strings.Contains(out, "- Dawn bell: Rattled for 2 rounds on an enemy (lowers defense); 2 uses left, 1 charge each") {
		t.Errorf("exit %d %s\n%s", code, errs, out)
	}
}

// TestBridgeMisuse: RULESET and --party, or --session, not both.
func TestBridgeMisuse(t *testing.T) {
	for _, args := range [][]string{
		{"bridge", "../../rulesets/gravewatch/ruleset.json"},
		{"bridge", "--session", "x", "../../rulesets/gravewatch/ruleset.json"},
		{"bridge", "../../rulesets/gravewatch/ruleset.json", "--party"},
		{"bridge", "a", "b", "--party", "c"},
		{"bridge", "a", "--party", "c", "--seed", "x"},
		{"bridge", "a", "--party", "c", "--bogus", "1"},
	} {
		if code, _, _ := runCLI(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
