package serve

import (
	"os/exec"
	"strings"
	"testing"
)

// TestPlaygroundChartLabels runs the chart's pure helpers (play/chart.js)
// under Node: a critical the band does not say is on the bar's label
// (gurps Lockpicking: "Success (critical success)" and "Success" are two
// bars, 1.85% and 88.89%), and a roll_dice tag's totals become one bar each.
func TestPlaygroundChartLabels(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no Node installed: the playground's chart helpers are not tested")
	}
	script := `const c = require("./play/chart.js");
const out = [
  c.outcomeLabel({outcome: "Success", critical: "success"}),
  c.outcomeLabel({outcome: "Success"}),
  c.outcomeLabel({outcome: "Critical success", critical: "success"}),
  c.outcomeLabel({outcome: "Failure", critical: "failure", flags: ["complication"]}),
  c.diceOutcomes({values: [{value: 2, p: 0.25}, {value: 3, p: 0.75}]}).map((o) => o.outcome + "=" + o.p).join(","),
];
console.log(out.join("|"));`
	cmd := exec.Command(node, "-e", script)
	cmd.Dir = "."
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, got)
	}
	want := "Success (critical success)|Success|Critical success|Failure (critical failure; complication)|2=0.25,3=0.75"
	if strings.TrimSpace(string(got)) != want {
		t.Errorf("chart labels: %q; want %q", strings.TrimSpace(string(got)), want)
	}
}
