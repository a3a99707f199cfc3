package kind

import (
	"context"
	"errors"
	"fmt"
	"math"

	lua "github.com/yuin/gopher-lua"

	"github.com/rulehost/rulehost/engine/check"
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
		return nil, fmt.Errorf("plugin %q kind %q odds: %w", k.P.Name(), k.Decl.Name, err)
	}
	return ws, nil
}

// countDraws is the stream odds sees: it counts draws (there should be none).
type countDraws int

func (d *countDraws) Roll(int) int { *d++; return 1 }

// readOdds checks and converts what odds returned.
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
	o := c.Res.Outcomes
	sum := 0.0
	out := make([]check.Weighted, 0, len(list))
	for i, item := range list {
		m, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("outcome %d: want a table { p = ..., success = ... }", i+1)
		}
		p, ok := m["p"].(float64)
		if !ok || math.IsNaN(p) || p < 0 || p > 1 {
			return nil, fmt.Errorf("outcome %d: p must be a number in 0..1", i+1)
		}
		success, ok := m["success"].(bool)
		if !ok {
			return nil, fmt.Errorf("outcome %d: success must be true or false", i+1)
		}
		v := check.Verdict{Band: -1, Known: true, Success: success}
		label, hasLabel := m["outcome"].(string)
		switch {
		case o != nil && !hasLabel:
			return nil, fmt.Errorf("outcome %d: the ruleset has bands; name one with outcome=", i+1)
		case o == nil && hasLabel:
			return nil, fmt.Errorf("outcome %d: outcome=%q but the ruleset has no bands", i+1, label)
		case o != nil:
			if v.Band = bandByLabel(c, label); v.Band < 0 {
				return nil, fmt.Errorf("outcome %d: no band is labelled %q", i+1, label)
			}
			if o.Tiers[v.Band].Success != success {
				return nil, fmt.Errorf("outcome %d: band %q has success=%t", i+1, label, o.Tiers[v.Band].Success)
			}
		}
		switch m["critical"] {
		case nil:
		case "success":
			v.Crit = check.CriticalSuccess
		case "failure":
			v.Crit = check.CriticalFailure
		default:
			return nil, fmt.Errorf(`outcome %d: critical must be "success" or "failure"`, i+1)
		}
		if v.Band >= 0 && o.Tiers[v.Band].Critical && v.Crit == check.NoCritical {
			v.Crit = check.CriticalFailure // a critical band is critical on its own side, as the record says
			if success {
				v.Crit = check.CriticalSuccess
			}
		}
		flag := func(key string) bool { b, _ := m[key].(bool); return b }
		v.Complication, v.DarkHighest, v.Triumph, v.Despair = flag("complication"), flag("darkHighest"), flag("triumph"), flag("despair")
		sum += p
		out = append(out, check.Weighted{Verdict: v, P: p})
	}
	if math.Abs(sum-1) > PluginOddsTolerance {
		return nil, fmt.Errorf("the probabilities sum to %.12g, not 1", sum)
	}
	return out, nil
}

// bandByLabel finds a band by its label.
func bandByLabel(c *check.Check, label string) int {
	for i, t := range c.Res.Outcomes.Tiers {
		if t.Label == label {
			return i
		}
	}
	return -1
}
