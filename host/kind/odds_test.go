package kind_test

import (
	"math"
	"testing"

	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/plugin"
)

// binomialAtLeast is P(at least k of n succeed), each with chance p.
func binomialAtLeast(n, k int, p float64) float64 {
	s := 0.0
	for j := k; j <= n; j++ {
		c := 1.0
		for i := 1; i <= j; i++ {
			c = c * float64(n-j+i) / float64(i)
		}
		s += c * math.Pow(p, float64(j)) * math.Pow(1-p, float64(n-j))
	}
	return s
}

// TestPluginOdds: a plugin kind with an odds function gives exact odds
// (method "plugin"); one without is sampled (method "sampled") with the
// sample size and a 95% interval per outcome that holds the true value.
func TestPluginOdds(t *testing.T) {
	kinds, resolvers := testPlugins(t, plugin.Options{Deadline: correctnessDeadline}, "../../testdata/plugins/odds-pool", "../../testdata/plugins/bench-pool")
	tg, err := tag.Parse(`[skill_check: skill="Climb" dc="3"]`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		kind, extra, method string
		p                   float64
	}{
		{"odds-pool", `, "sides": 6, "target": 5`, "plugin", binomialAtLeast(10, 3, 2.0/6)},
		{"bench-pool", `, "sides": 10, "target": 7`, "sampled", binomialAtLeast(10, 3, 0.4)},
	} {
		rs, err := tiny(t, tc.kind, tc.extra, ruleset.Options{Kinds: kinds})
		if err != nil {
			t.Fatal(err)
		}
		sh, err := sheet.Load("s.json", []byte(`{"name": "T", "abilities": {"grit": 10}}`), rs)
		if err != nil {
			t.Fatal(err)
		}
		r, err := odds.ForCharacter(rs, sheet.New(rs, sh), tg, odds.Options{Kinds: resolvers, Samples: 4000})
		if err != nil {
			t.Fatalf("%s: %v", tc.kind, err)
		}
		if r.Method != tc.method || r.Exact != (tc.method == "plugin") {
			t.Fatalf("%s: method %q exact %t", tc.kind, r.Method, r.Exact)
		}
		for _, o := range r.Outcomes {
			want := tc.p
			if !o.Success {
				want = 1 - tc.p
			}
			switch {
			case r.Exact && math.Abs(o.P-want) > 1e-12:
				t.Errorf("%s %s: %.15g, want %.15g", tc.kind, o.Name(), o.P, want)
			case !r.Exact && (o.Interval == nil || want < o.Interval[0] || want > o.Interval[1]):
				t.Errorf("%s %s: %.4f with interval %v does not hold %.4f", tc.kind, o.Name(), o.P, o.Interval, want)
			}
		}
		if !r.Exact && r.Samples != 4000 {
			t.Errorf("samples %d", r.Samples)
		}
	}
}
