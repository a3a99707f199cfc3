package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSessionShowMarket: session show --market prints the MARKET block
// of the place in force, and says so when there is none.
func TestSessionShowMarket(t *testing.T) {
	rs := "../../rulesets/d20-5e/ruleset.json"
	party := "../../rulesets/d20-5e/sheets"
	dir := filepath.Join(t.TempDir(), "s")
	code, _, errs := runCLI("run", "--session", dir, "-r", rs, "--party", party, "../../rulesets/d20-5e/transcripts/02-the-fence.txt")
	if code != 0 {
		t.Fatalf("run: %s", errs)
	}
	code, out, errs := runCLI("session", "show", "--market", dir)
	if code != 0 || !strings.Contains(out, "MARKET:\nWaterdeep, a city (market day 3)") ||
		!strings.Contains(out, "(warn the buyer first: every wave is a gamble") {
		t.Fatalf("show --market: exit %d\n%s\n%s", code, out, errs)
	}
	empty := filepath.Join(t.TempDir(), "e")
	if code, _, errs := runCLI("run", "--session", empty, "-r", rs, "--party", party, "../../rulesets/d20-5e/transcripts/01-starting-gear.txt"); code != 0 {
		t.Fatalf("run: %s", errs)
	}
	if code, out, _ := runCLI("session", "show", "--market", empty); code != 0 || !strings.Contains(out, "no place with a market is in force") {
		t.Fatalf("show --market without a place: %s", out)
	}
}
