package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestOddsOpposedCheck: `rulehost odds` on a plugin tag with no odds
// function prints each side's exact chance (the host walks its throws):
// Bram's warmth 1 against Maud's 3, success on 7+ of a d10, ties to the
// defender: he wins when his die succeeds and none of hers does,
// 0.4·0.6³ = 0.0864.
func TestOddsOpposedCheck(t *testing.T) {
	tagText := `[opposed_check: who="Bram the Quiet" skill="warmth" vs="Maud Hollin" vsSkill="warmth"]`
	code, out, errb := runCLI("odds", "--plugins", plugins, "-r", grave, "-s", bram, "-s", maud, "--json", tagText)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errb)
	}
	var r struct {
		Exact    bool
		Method   string
		Outcomes []struct {
			Outcome string
			P       float64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Exact || r.Method != "enumerated" || len(r.Outcomes) != 2 {
		t.Fatalf("%s", out)
	}
	want := map[string]float64{`winner="Bram the Quiet"`: 0.0864, `winner="Maud Hollin"`: 1 - 0.0864}
	for _, o := range r.Outcomes {
		if math.Abs(o.P-want[o.Outcome]) > 1e-12 {
			t.Errorf("%s: %v, want %v", o.Outcome, o.P, want[o.Outcome])
		}
	}
	code, out, _ = runCLI("odds", "--plugins", plugins, "-r", grave, "-s", bram, "-s", maud, "--by", "net", tagText)
	if code != 0 || !strings.Contains(out, `net="-3"`) || !strings.Contains(out, "exact (every throw") || strings.Contains(out, "success:") {
		t.Fatalf("by net: %d %s", code, out)
	}
	if code, _, _ := runCLI("odds", "--plugins", plugins, "-r", grave, "-s", bram, "--sweep", "dc=1..3", tagText); code != 2 {
		t.Errorf("--sweep on a plugin tag: exit %d, want 2", code)
	}
}
