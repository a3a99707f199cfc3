package kind_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
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
		// no odds function: exact by a walk of its throws (host/drawtree)
		{"bench-pool", `, "sides": 10, "target": 7`, "enumerated", binomialAtLeast(10, 3, 0.4)},
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
		if r.Method != tc.method || r.Exact != (tc.method != "sampled") {
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

// oddsForgerSrc is a kind whose odds answer whatever the tag's case= asks.
const oddsForgerSrc = `
local half = function(a, b) return { a, b } end
local cases = {
  critfail = half({ p = 0.5, success = true, critical = "failure" }, { p = 0.5, success = false }),
  flagstring = half({ p = 0.5, success = true, complication = "yes" }, { p = 0.5, success = false }),
  flagnumber = half({ p = 0.5, success = true, triumph = 1 }, { p = 0.5, success = false }),
  typo = half({ p = 0.5, success = true, despiar = true }, { p = 0.5, success = false }),
  longlabel = half({ p = 0.5, success = true, outcome = string.rep("L", 2^20) }, { p = 0.5, success = false }),
  longcrit = half({ p = 0.5, success = true, critical = string.rep("C", 2^20) }, { p = 0.5, success = false }),
  ok = half({ p = 0.5, success = true, critical = "success", complication = true }, { p = 0.5, success = false, despair = false }),
}
return {
  name = "odds-forger", version = "1", api = 1,
  kinds = { ["odds-forger"] = {
    validate = function() return {} end,
    resolve = function(c) return { { "resolution", "odds-forger" }, { "total", 1 } } end,
    odds = function(c) return cases[c.tag.attrs.case] end,
  } },
}`

// TestPluginOddsCheckedAsRecords (issue 27): an odds answer of
// success=true critical="failure" was printed as "Success (critical
// failure) 50.00%", flags of the wrong type were dropped silently, and a
// 1 MiB label made a 1 MiB error. Each outcome now passes the checks a
// record of it would, and the error is cut.
func TestPluginOddsCheckedAsRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "odds-forger")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(oddsForgerSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	kinds, resolvers := testPlugins(t, plugin.Options{Deadline: correctnessDeadline}, dir)
	rs, err := tiny(t, "odds-forger", "", ruleset.Options{Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.Load("s.json", []byte(`{"name": "T"}`), rs)
	if err != nil {
		t.Fatal(err)
	}
	ch := sheet.New(rs, sh)
	run := func(c string) (odds.Result, error) {
		tg, _ := tag.Parse(`[skill_check: skill="Climb" case="` + c + `"]`)
		return odds.ForCharacter(rs, ch, tg, odds.Options{Kinds: resolvers, Samples: 10})
	}
	for c, frag := range map[string]string{
		"critfail":   `critical="failure" disagrees with success="true"`,
		"flagstring": `complication must be true or false (or left out), not the string "yes"`,
		"flagnumber": `triumph must be true or false (or left out), not the number 1`,
		"typo":       `unknown key "despiar"`,
		"longlabel":  `but the ruleset has no bands`,
		"longcrit":   `critical must be "success" or "failure"`,
	} {
		_, err := run(c)
		if err == nil || !strings.Contains(err.Error(), frag) || !strings.Contains(err.Error(), `plugin "odds-forger" kind "odds-forger" odds: outcome 1: `) {
			t.Errorf("%s: %v; want an error with %s", c, err, frag)
			continue
		}
		if n := len(err.Error()); n > sandbox.MaxNoteLen+200 {
			t.Errorf("%s: a %d-byte error", c, n)
		}
	}
	r, err := run("ok")
	if err != nil || r.Method != "plugin" || len(r.Outcomes) != 2 || r.Outcomes[0].Name() != "Success (critical success; complication)" {
		t.Errorf("an honest answer: %+v %v", r, err)
	}
}
