package kind

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/host/sandbox"
)

var _ check.OddsResolver = (*Kind)(nil)

// MaxOddsOutcomes bounds the outcomes a plugin's odds may list.
const MaxOddsOutcomes = 1000

// PluginOddsTolerance is how far from 1 a plugin's probabilities may sum:
// a plugin computes them in Lua's float64, so exactness is its own.
const PluginOddsTolerance = 1e-9

// Odds runs the kind's odds(check), when the plugin gives one, on the
// same check view resolve sees: it returns a list of outcomes
//
//	{ { p = 0.25, success = true, outcome = "Full success", critical = "success",
//	    complication = false, darkHighest = false, triumph = false, despair = false }, ... }
//
// outcome (a band's label) is required when the ruleset has bands and
// refused otherwise; p values are at least 0 and sum to 1 within
// PluginOddsTolerance. Without an odds function, or when odds returns
// nil (no exact odds for this check), it returns check.ErrNoOdds, and the
// host samples resolve instead. odds may not throw dice.
func (k *Kind) Odds(c *check.Check) ([]check.Weighted, error) {
	st, err := k.P.Acquire()
	if err != nil {
		return nil, fmt.Errorf("plugin %q: %s", k.P.Name(), plugin.Describe(err))
	}
	defer st.Release()
	section := st.Section("kinds", k.Decl.Name)
	if t, ok := section.(*lua.LTable); !ok || t.RawGetString("odds").Type() != lua.LTFunction {
		return nil, check.ErrNoOdds
	}
	view, err := st.B.Check(c, k.P.Config)
	if err != nil {
		return nil, err
	}
	var draws countDraws
	rets, err := st.Call(context.Background(), &draws, c, section, "odds", view)
	if err != nil {
		return nil, fmt.Errorf("plugin %q kind %q odds: %s", k.P.Name(), k.Decl.Name, plugin.Describe(err))
	}
	if draws > 0 {
		return nil, fmt.Errorf("plugin %q kind %q odds: threw %d dice; odds must compute, not roll", k.P.Name(), k.Decl.Name, int(draws))
	}
	var ret lua.LValue = lua.LNil
	if len(rets) > 0 {
		ret = rets[0]
	}
	if ret == lua.LNil {
		return nil, check.ErrNoOdds // this check has no exact odds: sample it
	}
	ws, err := readOdds(c, ret)
	if err != nil {
		// bounded whatever the plugin's strings were (each is cut above,
		// and the message as a whole here)
		return nil, fmt.Errorf("plugin %q kind %q odds: %s", k.P.Name(), k.Decl.Name, sandbox.Clean(err.Error(), sandbox.MaxNoteLen, sandbox.Line))
	}
	return ws, nil
}

// countDraws is the stream odds sees: it counts draws (there should be none).
type countDraws int

func (d *countDraws) Roll(int) int { *d++; return 1 }

// oddsKeys are the keys an outcome of odds may have: the verdict and its
// probability. Any other key is a mistake (a flag misspelt would be
// dropped silently), so it is refused.
var oddsKeys = map[string]bool{"p": true, "success": true, "outcome": true, "critical": true,
	"complication": true, "darkHighest": true, "triumph": true, "despair": true}

// oddsFlags are the boolean flags an outcome may set, in the order the
// record writes them.
var oddsFlags = []string{"complication", "darkHighest", "triumph", "despair"}

// readOdds checks and converts what odds returned. Each outcome is held
// to the checks a record of that outcome would pass: the check's head
// with success=, outcome=, critical= and the flags goes through
// record.Check and the ruleset's bands, so odds cannot print an outcome
// that resolve could never return ("Success (critical failure)").
func readOdds(c *check.Check, ret lua.LValue) ([]check.Weighted, error) {
	raw, err := sandbox.FromLuaLimit(ret, 16*MaxOddsOutcomes)
	if err != nil {
		return nil, err
	}
	list, ok := raw.([]any)
	if !ok || len(list) == 0 {
		return nil, errors.New("want a non-empty list of { p = ..., success = ... }")
	}
	if len(list) > MaxOddsOutcomes {
		return nil, fmt.Errorf("%d outcomes; at most %d", len(list), MaxOddsOutcomes)
	}
	sum := 0.0
	out := make([]check.Weighted, 0, len(list))
	for i, item := range list {
		m, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("outcome %d: want a table { p = ..., success = ... }", i+1)
		}
		v, p, err := readOutcome(c, m)
		if err != nil {
			return nil, fmt.Errorf("outcome %d: %w", i+1, err)
		}
		sum += p
		out = append(out, check.Weighted{Verdict: v, P: p})
	}
	if math.Abs(sum-1) > PluginOddsTolerance {
		return nil, fmt.Errorf("the probabilities sum to %.12g, not 1", sum)
	}
	return out, nil
}

// readOutcome reads one outcome of odds as a verdict and its probability.
func readOutcome(c *check.Check, m map[string]any) (check.Verdict, float64, error) {
	for key := range m {
		if !oddsKeys[key] {
			return check.Verdict{}, 0, fmt.Errorf("unknown key %q; an outcome has p, success, outcome, critical, complication, darkHighest, triumph, despair", cut(key))
		}
	}
	p, ok := m["p"].(float64)
	if !ok || math.IsNaN(p) || p < 0 || p > 1 {
		return check.Verdict{}, 0, errors.New("p must be a number in 0..1")
	}
	success, ok := m["success"].(bool)
	if !ok {
		return check.Verdict{}, 0, errors.New("success must be true or false")
	}
	flags := map[string]bool{}
	for _, f := range oddsFlags {
		switch x := m[f].(type) {
		case nil:
		case bool:
			flags[f] = x
		default:
			return check.Verdict{}, 0, fmt.Errorf("%s must be true or false (or left out), not %s", f, describe(x))
		}
	}
	o := c.Res.Outcomes
	v := check.Verdict{Band: -1, Known: true, Success: success,
		Complication: flags["complication"], DarkHighest: flags["darkHighest"], Triumph: flags["triumph"], Despair: flags["despair"]}
	var label string
	switch x := m["outcome"].(type) {
	case nil:
		if o != nil {
			return check.Verdict{}, 0, errors.New("the ruleset has bands; name one with outcome=")
		}
	case string:
		label = x
		if o == nil {
			return check.Verdict{}, 0, fmt.Errorf("outcome=%q but the ruleset has no bands", cut(label))
		}
		if v.Band = bandByLabel(c, label); v.Band < 0 {
			return check.Verdict{}, 0, fmt.Errorf("no band is labelled %q", cut(label))
		}
		if o.Tiers[v.Band].Success != success {
			return check.Verdict{}, 0, fmt.Errorf("band %q has success=%t", cut(label), o.Tiers[v.Band].Success)
		}
	default:
		return check.Verdict{}, 0, fmt.Errorf("outcome must be a band's label (a string), not %s", describe(x))
	}
	switch x := m["critical"]; x {
	case nil:
	case "success":
		v.Crit = check.CriticalSuccess
	case "failure":
		v.Crit = check.CriticalFailure
	default:
		return check.Verdict{}, 0, fmt.Errorf(`critical must be "success" or "failure", not %s`, describe(x))
	}
	if v.Band >= 0 && o.Tiers[v.Band].Critical && v.Crit == check.NoCritical {
		v.Crit = check.CriticalFailure // a critical band is critical on its own side, as the record says
		if success {
			v.Crit = check.CriticalSuccess
		}
	}
	if err := checkAsRecord(c, v, label); err != nil {
		return check.Verdict{}, 0, err
	}
	return v, p, nil
}

// checkAsRecord holds a verdict to the checks a record of it would pass:
// the check's head so far, with the verdict's keys, through record.Check
// (critical agreeing with success, ...) and the ruleset's bands.
func checkAsRecord(c *check.Check, v check.Verdict, label string) error {
	rec := record.New(record.CheckRecord)
	rec.Attrs = append(rec.Attrs, c.Rec.Attrs...)
	if !rec.Has("resolution") {
		rec.Add("resolution", c.Res.Kind)
	}
	if label != "" {
		rec.Add("outcome", label)
	}
	rec.Add("success", strconv.FormatBool(v.Success))
	switch v.Crit {
	case check.CriticalSuccess:
		rec.Add("critical", "success")
	case check.CriticalFailure:
		rec.Add("critical", "failure")
	}
	if v.Complication {
		rec.Add("complication", "true")
	}
	if v.DarkHighest {
		rec.Add("darkHighest", "true")
	}
	if err := record.Check(rec); err != nil {
		return fmt.Errorf("no record could say this: %w", err)
	}
	return plugin.CheckBands(rec, c.Res.Outcomes)
}

// describe names a value of the wrong type, briefly.
func describe(x any) string {
	switch x := x.(type) {
	case string:
		return fmt.Sprintf("the string %q", cut(x))
	case float64:
		return fmt.Sprintf("the number %v", x)
	case bool:
		return fmt.Sprintf("%t", x)
	case nil:
		return "nil"
	}
	return "a table"
}

// cut shortens a plugin's string for an error message: every plugin
// string is cut (docs/plugins.md), and a 1 MiB label would otherwise be
// a 1 MiB error on stderr or in an HTTP body.
func cut(s string) string { return sandbox.Clean(s, 64, sandbox.Line) }

// bandByLabel finds a band by its label.
func bandByLabel(c *check.Check, label string) int {
	for i, t := range c.Res.Outcomes.Tiers {
		if t.Label == label {
			return i
		}
	}
	return -1
}
