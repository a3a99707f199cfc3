// Package odds computes the probability of every outcome of a check from
// the same ruleset, sheet, items, conditions, overrides, ladders, spends
// and charms that roll it. Native kinds are exact (engine/check's Odds
// enumerates the faces and decides each throw with the roller's own
// function); a plugin kind is exact when its plugin gives an odds
// function, and otherwise estimated by sampling the check itself on
// consecutive seeds, with the sample size and a 95% interval per outcome.
//
// See docs/odds.md for the method and its error bound.
package odds

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// ErrorBound is the most an exact probability may differ from the true
// rational (float64 with compensated sums; see docs/odds.md).
const ErrorBound = check.ErrorBound

// DefaultSamples is how many seeds a kind without exact odds is sampled on.
const DefaultSamples = 20000

// Outcome is one outcome of a check: the record's band (or Success and
// Failure without bands), with its critical and the kind's flags.
type Outcome struct {
	// Outcome is the band's label, or "Success" / "Failure" when the
	// ruleset has no bands ("No difficulty" when nothing was compared).
	Outcome string  `json:"outcome"`
	Success bool    `json:"success"`
	P       float64 `json:"p"`
	// Critical is "success" or "failure" when the record says critical=.
	Critical string `json:"critical,omitempty"`
	// Flags are the kind's flags, in this order: complication,
	// darkHighest, triumph, despair, automatic.
	Flags []string `json:"flags,omitempty"`
	// Interval is the 95% interval of a sampled probability (Wilson).
	Interval *[2]float64 `json:"interval,omitempty"`
	// rank orders outcomes alike across results (charts compare two):
	// by band, then success, critical and flags.
	rank int
}

// outcomeRank is an outcome's place: its band (-1 without bands), then
// success before failure, a critical success first and a critical
// failure last, then its flags.
func outcomeRank(band int, o Outcome) int {
	r := (band + 1) * 1024
	if !o.Success {
		r += 512
	}
	switch o.Critical {
	case "success":
	case "failure":
		r += 256
	default:
		r += 128
	}
	for i, f := range []string{"complication", "darkHighest", "triumph", "despair", "automatic"} {
		for _, g := range o.Flags {
			if f == g {
				r += 1 << i
			}
		}
	}
	return r
}

// Name is how the outcome reads in one line: "Success", "Failure
// (critical failure; complication)". A critical is not repeated when the
// band's label already says so ("Critical success").
func (o Outcome) Name() string {
	var extra []string
	if o.Critical != "" && !strings.Contains(strings.ToLower(o.Outcome), "critical") {
		extra = append(extra, "critical "+o.Critical)
	}
	extra = append(extra, o.Flags...)
	if len(extra) == 0 {
		return o.Outcome
	}
	return o.Outcome + " (" + strings.Join(extra, "; ") + ")"
}

// key tells outcomes apart: the label, success, critical and flags.
func (o Outcome) key() string {
	return fmt.Sprintf("%s|%t|%s|%s", o.Outcome, o.Success, o.Critical, strings.Join(o.Flags, ","))
}

// Result is the odds of one check.
type Result struct {
	// Exact is false when the odds were estimated by sampling.
	Exact bool `json:"exact"`
	// Success is the chance that the check succeeds.
	Success  float64   `json:"success"`
	Outcomes []Outcome `json:"outcomes"`
	// Method says how the odds were found: "exact" (native kinds),
	// "plugin" (a plugin's odds function), "enumerated" (the host walked
	// a plugin kind's draws) or "sampled".
	Method string `json:"method"`
	// Neglected is the probability an enumeration left out: exploding
	// chains cut where they were less likely than 1e-18 (below 1e-12 in
	// all, and included in ErrorBound).
	Neglected float64 `json:"neglected,omitempty"`
	// Leaves is how many replays of the plugin an enumeration took.
	Leaves int `json:"leaves,omitempty"`
	// ErrorBound is the largest error of any exact probability.
	ErrorBound float64 `json:"errorBound,omitempty"`
	// Samples is the sample size of sampled odds.
	Samples int `json:"samples,omitempty"`
	// Note says why odds were sampled when a walk was given up.
	Note string `json:"note,omitempty"`
	// Partial is set when sampling stopped (a deadline, a budget) before
	// the samples asked for: Samples is how many it drew.
	Partial bool `json:"partial,omitempty"`
	// Check is what was rolled: the record's head before any die (who,
	// skill, dice, target, ...).
	Check string `json:"check,omitempty"`
}

// Options are what a check reads besides the ruleset, sheets and tag.
type Options struct {
	// Kinds resolves plugin kinds (check.Env.Kinds).
	Kinds map[string]check.Resolver
	// Effects gathers what conditions and items do (check.Env.Effects).
	Effects func(c *check.Check) check.Effects
	// Samples for a kind without exact odds; 0 means DefaultSamples.
	Samples int
	// Seed is the first seed sampled (then Seed+1, ...), as check --repeat.
	Seed uint64
	// Context bounds sampling (nil: none): a plugin kind taking 30 ms a
	// check would sample 20,000 seeds for ten minutes. Once it is done,
	// Sample stops and returns what it reached (see StoppedError).
	Context context.Context
}

// StoppedError is sampling stopped by Options.Context before it drew
// every sample: Result holds the odds and intervals of the samples it
// drew (Result.Partial is set, Result.Samples is how many), Err is the
// context's error.
type StoppedError struct {
	Result Result
	Asked  int
	Err    error
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("sampling stopped after %d of %d samples: %v", e.Result.Samples, e.Asked, e.Err)
}

func (e *StoppedError) Unwrap() error { return e.Err }

// RefusedError is a tag the engine refuses; Record is the refusal the
// check itself would answer.
type RefusedError struct{ Record record.Record }

func (e *RefusedError) Error() string { return "refused: " + e.Record.String() }

// Check is the odds of a skill_check tag rolled by who= (matched by
// name, any case) or else the first sheet. It is what `rulehost odds`
// prints, for hosts and test suites alike.
func Check(rs *ruleset.Ruleset, chars []*sheet.Character, t tag.Tag, opts Options) (Result, error) {
	if !t.NameIs("skill_check") {
		return Result{}, fmt.Errorf("tag %q: odds are for skill_check tags (and roll_dice: RollDice)", t.Name)
	}
	ch, err := roller(chars, t)
	if err != nil {
		return Result{}, err
	}
	return ForCharacter(rs, ch, t, opts)
}

// roller picks who= among chars, or the first.
func roller(chars []*sheet.Character, t tag.Tag) (*sheet.Character, error) {
	if len(chars) == 0 {
		return nil, errors.New("a skill_check needs a sheet")
	}
	who, ok := t.Get("who")
	if !ok {
		return chars[0], nil
	}
	names := make([]string, len(chars))
	for i, ch := range chars {
		names[i] = ch.Name()
	}
	if i, found := sheet.FindName(names, who); found { // one rule for who= everywhere
		return chars[i], nil
	}
	return nil, fmt.Errorf("who=%q: no sheet answers to that name (the whole name, a word of exactly one name, or a unique prefix)", who)
}

// ForCharacter is Check for one character.
func ForCharacter(rs *ruleset.Ruleset, ch *sheet.Character, t tag.Tag, opts Options) (Result, error) {
	env := &check.Env{RS: rs, Char: ch, Effects: opts.Effects, Kinds: opts.Kinds}
	if opts.Context != nil {
		// a plugin kind's walk of its throws is part of the same deadline
		// (a request's, a --budget): half of what is left at most, so that
		// sampling has the rest when the walk gives up
		if dl, ok := opts.Context.Deadline(); ok {
			env.Deadline = time.Now().Add(time.Until(dl) / 2)
		}
	}
	d, refusal, refused, err := check.Odds(env, t)
	switch {
	case refused:
		return Result{}, &RefusedError{Record: refusal}
	case errors.Is(err, check.ErrNoOdds):
		ctx := opts.Context
		if ctx == nil {
			ctx = context.Background()
		}
		return sample(ctx, env, t, opts.Seed, opts.Samples)
	case err != nil:
		return Result{}, err
	}
	r := Result{Exact: true, Method: "exact", ErrorBound: ErrorBound, Check: d.Head.String()}
	switch {
	case d.Report.Method == "enumerated":
		r.Method, r.Neglected, r.Leaves = "enumerated", d.Report.Neglected, d.Report.Leaves
		r.ErrorBound = ErrorBound + d.Report.Neglected
	case !nativeKinds[d.Res.Kind]:
		// As exact as the plugin's own arithmetic: the host checks only
		// that its probabilities sum to 1 (host/kind).
		r.Method, r.ErrorBound = "plugin", 0
	}
	byKey := map[string]int{}
	for _, w := range d.Verdicts {
		r.add(byKey, FromVerdict(d.Res, w.Verdict), w.P)
	}
	r.finish()
	return r, nil
}

var nativeKinds = map[string]bool{"dice-sum": true, "dice-pool": true, "dice-highest": true, "roll-against": true, "symbol-pool": true}

// add adds p to the outcome o (kept in first-seen order).
func (r *Result) add(byKey map[string]int, o Outcome, p float64) {
	k := o.key()
	if i, ok := byKey[k]; ok {
		r.Outcomes[i].P += p
		return
	}
	byKey[k] = len(r.Outcomes)
	o.P = p
	r.Outcomes = append(r.Outcomes, o)
}

// finish sums the chance of success.
func (r *Result) finish() {
	s := 0.0
	for _, o := range r.Outcomes {
		if o.Success {
			s += o.P
		}
	}
	r.Success = s
	if r.Outcomes == nil {
		r.Outcomes = []Outcome{}
	}
}

// FromVerdict names a verdict of a check that used res.
func FromVerdict(res *ruleset.Resolution, v check.Verdict) Outcome {
	o := Outcome{Success: v.Success}
	switch {
	case v.Band >= 0 && res.Outcomes != nil:
		o.Outcome = res.Outcomes.Tiers[v.Band].Label
	case !v.Known:
		o.Outcome = "No difficulty"
	case v.Success:
		o.Outcome = "Success"
	default:
		o.Outcome = "Failure"
	}
	switch v.Crit {
	case check.CriticalSuccess:
		o.Critical = "success"
	case check.CriticalFailure:
		o.Critical = "failure"
	}
	o.Flags = flags(v.Complication, v.DarkHighest, v.Triumph, v.Despair, v.Automatic)
	o.rank = outcomeRank(v.Band, o)
	return o
}

func flags(complication, darkHighest, triumph, despair, automatic bool) []string {
	var f []string
	for _, x := range []struct {
		on   bool
		name string
	}{{complication, "complication"}, {darkHighest, "darkHighest"}, {triumph, "triumph"}, {despair, "despair"}, {automatic, "automatic"}} {
		if x.on {
			f = append(f, x.name)
		}
	}
	return f
}

// FromRecord names the outcome of a check record the way FromVerdict
// names a verdict, so that sampled and exact odds (and the test that
// compares them) count the same outcomes. ok is false for a refusal.
func FromRecord(rec record.Record) (Outcome, bool) {
	if rec.Name != "check" {
		return Outcome{}, false
	}
	success, known := rec.Bool("success")
	o := Outcome{Success: success}
	label, banded := rec.Get("outcome")
	switch {
	case banded:
		o.Outcome = label
	case !known:
		o.Outcome = "No difficulty"
	case success:
		o.Outcome = "Success"
	default:
		o.Outcome = "Failure"
	}
	o.Critical, _ = rec.Get("critical")
	is := func(k string) bool { b, _ := rec.Bool(k); return b }
	triumph, despair := symbolMarkers(rec)
	o.Flags = flags(is("complication"), is("darkHighest"), triumph, despair, is("automatic"))
	return o, true
}

// symbolMarkers reads whether a symbol pool's critical symbols showed,
// from symbolDetails' ";criticalSuccess:Label=N;criticalFailure:Label=N".
func symbolMarkers(rec record.Record) (triumph, despair bool) {
	d, ok := rec.Get("symbolDetails")
	if !ok {
		return false, false
	}
	parts := strings.Split(d, ";")
	for _, p := range parts[1:] {
		key, rest, _ := strings.Cut(p, ":")
		i := strings.LastIndexByte(rest, '=')
		if i < 0 {
			continue
		}
		showed := rest[i+1:] != "0"
		switch key {
		case "criticalSuccess":
			triumph = showed
		case "criticalFailure":
			despair = showed
		}
	}
	return triumph, despair
}

// Sample estimates the odds of a check by resolving it on seeds seed,
// seed+1, ... (as check --repeat does), n times. Each outcome carries its
// 95% Wilson interval.
func Sample(env *check.Env, t tag.Tag, seed uint64, n int) (Result, error) {
	return sample(context.Background(), env, t, seed, n)
}

// sample is Sample that stops when ctx is done, with what it drew.
func sample(ctx context.Context, env *check.Env, t tag.Tag, seed uint64, n int) (Result, error) {
	if n <= 0 {
		n = DefaultSamples
	}
	asked := n
	e := *env
	stream := &dice.Seeded{}
	e.Dice = stream
	r := Result{Method: "sampled", Samples: n}
	byKey := map[string]int{}
	var stopped error
	for i := 0; i < n; i++ {
		if err := ctx.Err(); err != nil {
			n, stopped = i, err
			break
		}
		stream.Reset(seed+uint64(i), 0, 0)
		rec := check.Resolve(&e, t).Record
		o, ok := FromRecord(rec)
		if !ok {
			return Result{}, &RefusedError{Record: rec}
		}
		r.add(byKey, o, 1)
	}
	if n == 0 {
		return Result{}, &StoppedError{Result: Result{Method: "sampled", Partial: true, Outcomes: []Outcome{}}, Asked: asked, Err: stopped}
	}
	r.Samples = n
	sortSampled(env.RS.Resolution, r.Outcomes)
	for i := range r.Outcomes {
		k := r.Outcomes[i].P
		r.Outcomes[i].P = k / float64(n)
		lo, hi := wilson(k, float64(n))
		r.Outcomes[i].Interval = &[2]float64{lo, hi}
	}
	r.finish()
	if stopped != nil {
		r.Partial = true
		return r, &StoppedError{Result: r, Asked: asked, Err: stopped}
	}
	return r, nil
}

// sortSampled orders sampled outcomes as exact ones are ordered: by the
// ruleset's bands (best first), then success before failure, a critical
// success first and a critical failure last.
func sortSampled(res *ruleset.Resolution, out []Outcome) {
	for i := range out {
		band := -1
		if res.Outcomes != nil {
			for j, t := range res.Outcomes.Tiers {
				if t.Label == out[i].Outcome {
					band = j
					break
				}
			}
			if band < 0 {
				band = len(res.Outcomes.Tiers) // a label the ruleset does not know: last
			}
		}
		out[i].rank = outcomeRank(band, out[i])
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].rank < out[j].rank })
}

// Wilson is the 95% Wilson score interval of k successes in n trials,
// for hosts that sample (a plugin tag's odds).
func Wilson(k, n float64) (float64, float64) { return wilson(k, n) }

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n float64) (float64, float64) {
	const z = 1.959963984540054
	p := k / n
	den := 1 + z*z/n
	mid := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}
