package kind

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/host/drawtree"
)

var _ check.ReportingOddsResolver = (*Kind)(nil)

// OddsDeadline bounds an enumeration of a kind's draws (the odds call as
// a whole: a tree that would take longer is sampled instead).
const OddsDeadline = 5 * time.Second

// OddsReport gives the kind's exact odds: its plugin's odds function when
// it has one and answers, and otherwise the host's walk of every throw of
// resolve's dice (host/drawtree), with the probability a cut exploding
// chain left out. A tree too big to walk within drawtree's bounds and
// OddsDeadline returns check.ErrNoOdds: the engine samples resolve.
func (k *Kind) OddsReport(c *check.Check) ([]check.Weighted, check.OddsReport, error) {
	ws, err := k.Odds(c)
	if !errors.Is(err, check.ErrNoOdds) {
		return ws, check.OddsReport{Method: "plugin"}, err
	}
	end := time.Now().Add(OddsDeadline)
	if dl := c.Env.Deadline; !dl.IsZero() && dl.Before(end) {
		end = dl // the request's deadline or the odds' budget comes first
	}
	return k.Enumerate(c, drawtree.Options{Deadline: end})
}

// Enumerate walks every throw of the kind's resolve on check c, replaying
// the plugin once per leaf of the draw tree, and sums the verdicts of the
// records it returns. A check the kind refuses whatever the faces (it
// draws nothing first) becomes c.Rec, for check.Odds to answer with.
func (k *Kind) Enumerate(c *check.Check, opts drawtree.Options) ([]check.Weighted, check.OddsReport, error) {
	saved := c.Env.Dice
	defer func() { c.Env.Dice = saved }()
	verdicts := map[string]check.Verdict{}
	refusals := map[string]record.Record{}
	run := func(s dice.Stream) (string, error) {
		c.Env.Dice = s
		rec, err := k.resolve(c)
		if err != nil {
			return "", err
		}
		if rec.Name != record.CheckRecord {
			key := "refused " + rec.String()
			refusals[key] = rec
			return key, nil
		}
		v, err := verdictOf(c, rec)
		if err != nil {
			return "", err
		}
		key := verdictKey(v)
		verdicts[key] = v
		return key, nil
	}
	res, err := drawtree.Exact(run, opts)
	var big *drawtree.TooBigError
	switch {
	case errors.As(err, &big):
		k.P.Opts().Logger.Debug("kind odds sampled", "plugin", k.P.Name(), "kind", k.Decl.Name, "why", big.Error())
		return nil, check.OddsReport{}, check.ErrNoOdds
	case err != nil:
		return nil, check.OddsReport{}, fmt.Errorf("plugin %q kind %q, walking its throws: %w", k.P.Name(), k.Decl.Name, err)
	}
	report := check.OddsReport{Method: "enumerated", Neglected: res.Neglected, Leaves: res.Leaves}
	if len(refusals) > 0 {
		if len(res.Outcomes) != 1 {
			return nil, check.OddsReport{}, fmt.Errorf("plugin %q kind %q refuses the check on some throws and not on others; its odds are not defined", k.P.Name(), k.Decl.Name)
		}
		c.Rec = refusals[res.Outcomes[0].Key]
		return []check.Weighted{{Verdict: check.Verdict{Band: -1}, P: 1}}, report, nil
	}
	ws := make([]check.Weighted, 0, len(res.Outcomes))
	for _, o := range res.Outcomes {
		ws = append(ws, check.Weighted{Verdict: verdicts[o.Key], P: o.P})
	}
	return ws, report, nil
}

// verdictOf reads the verdict of a check record the kind returned, as
// the plugin's odds function would have named it: its band (by label),
// success, critical and flags.
func verdictOf(c *check.Check, rec record.Record) (check.Verdict, error) {
	v := check.Verdict{Band: -1}
	success, known := rec.Bool("success")
	v.Known, v.Success = known, success
	if label, ok := rec.Get("outcome"); ok && c.Res.Outcomes != nil {
		if v.Band = bandByLabel(c, label); v.Band < 0 {
			return v, fmt.Errorf("outcome %q is not one of the ruleset's bands", label)
		}
	}
	switch rec.Value("critical") {
	case "success":
		v.Crit = check.CriticalSuccess
	case "failure":
		v.Crit = check.CriticalFailure
	}
	if v.Band >= 0 && c.Res.Outcomes.Tiers[v.Band].Critical && v.Crit == check.NoCritical {
		v.Crit = check.CriticalFailure // a critical band is critical on its own side, as readOdds reads it
		if v.Success {
			v.Crit = check.CriticalSuccess
		}
	}
	is := func(key string) bool { b, _ := rec.Bool(key); return b }
	v.Complication, v.DarkHighest, v.Triumph, v.Despair = is("complication"), is("darkHighest"), is("triumph"), is("despair")
	v.Automatic = is("automatic")
	return v, nil
}

// verdictKey tells verdicts apart.
func verdictKey(v check.Verdict) string {
	return strconv.Itoa(v.Band) + fmt.Sprintf("|%t|%t|%d|%t|%t|%t|%t|%t", v.Known, v.Success, v.Crit, v.Complication, v.DarkHighest, v.Triumph, v.Despair, v.Automatic)
}
