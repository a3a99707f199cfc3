package odds_test

import (
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/odds"
)

// TestBars: bars are width cells at 100%, with eighths in Unicode and a
// '+' for half a cell or more in ASCII; percentages keep two decimals
// and tiny chances show.
func TestBars(t *testing.T) {
	for _, tc := range []struct {
		p     float64
		ascii bool
		want  string
	}{
		{1, false, strings.Repeat("█", 8)}, {0.5, false, "████"}, {0.0625, false, "▌"}, {0, false, ""},
		{0.5, true, "####"}, {0.0625, true, "+"}, {0.03, true, ""}, {1.5, true, "########"}, {-1, false, ""},
	} {
		if got := odds.Bar(tc.p, 8, tc.ascii); got != tc.want {
			t.Errorf("Bar(%v, 8, %t) = %q, want %q", tc.p, tc.ascii, got, tc.want)
		}
	}
	for p, want := range map[float64]string{0: "0%", 0.7975: "79.75%", 1: "100.00%", 1.0 / 400000: "0.00025%"} {
		if got := odds.Percent(p); got != want {
			t.Errorf("Percent(%v) = %q, want %q", p, got, want)
		}
	}
}

// TestRowsCompareInBandOrder: comparing two checks, an outcome only the
// second has (a critical) takes its band's place, not the end.
func TestRowsCompareInBandOrder(t *testing.T) {
	var rs []odds.Result
	for _, text := range []string{`[skill_check: skill="Hunt"]`, `[skill_check: skill="Hunt" bonus="2"]`} {
		rs = append(rs, oddsOf(t, "blades", "cutter.json", text))
	}
	var labels []string
	for _, r := range odds.Rows(rs...) {
		labels = append(labels, r.Label)
	}
	if got, want := strings.Join(labels, ", "), "Critical, Full success, Partial success, Bad outcome"; got != want {
		t.Errorf("rows %s, want %s", got, want)
	}
	chart := odds.Chart(odds.Rows(rs...), []string{"A", "B"}, 10, true)
	if !strings.Contains(chart, "Critical               0%                7.41% +\n") {
		t.Errorf("chart:\n%s", chart)
	}
}
