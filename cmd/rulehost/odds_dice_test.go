package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOddsOfRollDice: rulehost odds gives the exact distribution of a
// roll_dice tag (no ruleset, no sheet), as JSON, text and SVG, and
// refuses unreadable notation with roll_dice's own refusal.
func TestOddsOfRollDice(t *testing.T) {
	code, out, errOut := runCLI("odds", "--json", `[roll_dice: dice="2d6!>4"]`)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r struct {
		Dice   string `json:"dice"`
		Exact  bool   `json:"exact"`
		Values []struct {
			Value int     `json:"value"`
			P     float64 `json:"p"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err, out)
	}
	// 2d6!>4 explodes on 5 and 6, summed: the lowest total is 2 (1/36),
	// P(3) = 2/36: no face of 1 or 2 explodes.
	p := map[int]float64{}
	for _, v := range r.Values {
		p[v.Value] = v.P
	}
	if r.Dice != "2d6!>4" || !r.Exact || math.Abs(p[2]-1.0/36) > 1e-12 || math.Abs(p[3]-2.0/36) > 1e-12 || p[1] != 0 {
		t.Fatalf("odds of 2d6!>4: %+v", r)
	}
	// 5: faces (1,4), (4,1), (2,3), (3,2) and no explosion: 4/36. A 5
	// always explodes, so no chain shows 5 alone.
	if math.Abs(p[5]-4.0/36) > 1e-12 {
		t.Errorf("P(5) = %.17g; want 4/36", p[5])
	}
	svg := filepath.Join(t.TempDir(), "o.svg")
	code, out, errOut = runCLI("odds", "--svg", svg, `[roll_dice: dice="1d4+1"]`)
	if code != 0 || !strings.Contains(out, "25.00%") || !strings.Contains(out, "mean: 3.5000") {
		t.Fatalf("text: exit %d %q %s", code, out, errOut)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("--svg: %v", err)
	}
	code, out, errOut = runCLI("odds", `[roll_dice: dice="2d6!!p"]`)
	if code != 1 || !strings.Contains(out+errOut, `reason="bad-dice"`) {
		t.Errorf("unreadable notation: exit %d %q %q", code, out, errOut)
	}
	code, _, errOut = runCLI("odds", `[roll_dice: dice="4d6!kh3"]`)
	if code == 0 || !strings.Contains(errOut, "odds not computed") {
		t.Errorf("4d6!kh3: exit %d %q", code, errOut)
	}
}
