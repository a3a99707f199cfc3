package suite

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/rulehost/rulehost/engine/odds"
)

// runOddsCase computes the check's odds with engine/odds (what `rulehost
// odds` prints: exact for native kinds and plugin kinds with an odds
// function, sampled otherwise) and compares the chance of success and each
// listed outcome with the expected probabilities, within the tolerance.
//
// An expected outcome names an outcome as `rulehost odds` prints it
// (odds.Outcome.Name: the band label, with its critical and the kind's
// flags: "Success (critical success)"), so a plain "Success" is the plain
// success alone; the chance of any success is "success".
func runOddsCase(e *env, c *Case, r *Result) error {
	spec := c.Odds
	rs, chars, t, err := e.checkInputs(spec.Ruleset, spec.Sheets, spec.Tag)
	if err != nil {
		return err
	}
	res, err := odds.Check(rs, chars, t, odds.Options{Kinds: e.host.Resolvers})
	if err != nil {
		return fmt.Errorf("odds: %w", err)
	}
	r.Got = oddsSummary(res)
	if spec.Success != nil {
		r.Diffs = appendOddsDiff(r.Diffs, "success", *spec.Success, res.Success, spec.Tolerance)
	}
	for _, name := range sortedKeys(spec.Outcomes) {
		p, found := outcomeP(res, name)
		if !found {
			d := Diff{Attr: "outcome " + name, Expected: formatP(spec.Outcomes[name]), Actual: absent}
			r.Diffs = append(r.Diffs, d)
			continue
		}
		r.Diffs = appendOddsDiff(r.Diffs, "outcome "+name, spec.Outcomes[name], p, spec.Tolerance)
	}
	if len(r.Diffs) == 0 {
		return nil
	}
	how := "exact"
	if !res.Exact {
		how = fmt.Sprintf("sampled on %d seeds (95%% intervals: see rulehost odds)", res.Samples)
	}
	return errors.New("odds differ beyond the tolerance " + formatP(spec.Tolerance) + " (" + how + "):" +
		summarize(r.Diffs) + "\n  odds: " + r.Got)
}

func appendOddsDiff(diffs []Diff, what string, want, got, tol float64) []Diff {
	if math.Abs(want-got) <= tol {
		return diffs
	}
	return append(diffs, Diff{Attr: what, Expected: formatP(want), Actual: formatP(got)})
}

// outcomeP is an outcome's probability by its full name.
func outcomeP(res odds.Result, name string) (float64, bool) {
	for _, o := range res.Outcomes {
		if o.Name() == name {
			return o.P, true
		}
	}
	return 0, false
}

func formatP(p float64) string { return fmt.Sprintf("%.12g", p) }

// oddsSummary is the odds in one line: success, then each outcome.
func oddsSummary(res odds.Result) string {
	parts := []string{"success " + formatP(res.Success)}
	for _, o := range res.Outcomes {
		parts = append(parts, o.Name()+" "+formatP(o.P))
	}
	return strings.Join(parts, "; ")
}
