package host

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host/drawtree"
	"github.com/rulehost/rulehost/host/plugin"
)

// TagOddsOptions bound the odds of a plugin tag.
type TagOddsOptions struct {
	// By names the record keys an outcome is told apart by; empty picks
	// the first of winner, outcome and success the record has.
	By []string
	// Samples and Seed are the sampling of a tree too big to walk
	// (odds.DefaultSamples from seed 1 when zero).
	Samples int
	Seed    uint64
	// Deadline bounds the whole answer (5 s from the call when zero):
	// the walk is given up for sampling when it would not end in time,
	// and sampling stops at the deadline with the seeds it rolled.
	Deadline time.Time
	// Tree bounds the walk (drawtree's defaults when zero).
	Tree drawtree.Options
}

// defaultBy is what a plugin tag's outcome is read by, in this order.
var defaultBy = []string{"winner", "outcome", "success"}

// TagOdds gives the probability of each outcome of a plugin tag (an
// [opposed_check: ...]): the host walks every throw of the tag handler's
// dice (host/drawtree) and names each record by the values of opts.By,
// exactly when the tree is small enough, and otherwise samples the tag on
// consecutive seeds with a 95% interval per outcome. A tag the handler
// refuses whatever the faces returns an *odds.RefusedError.
func (h *Host) TagOdds(env plugin.TagEnv, t tag.Tag, opts TagOddsOptions) (odds.Result, error) {
	if h.remote != nil {
		return odds.Result{}, errors.New("the odds of a plugin tag are not computed in an isolated host (--isolate)")
	}
	if !h.Set.Handles(t.Name) {
		return odds.Result{}, fmt.Errorf("tag %q: no loaded plugin answers it", t.Name)
	}
	if opts.Deadline.IsZero() {
		opts.Deadline = time.Now().Add(5 * time.Second)
	}
	by := opts.By
	refusals := map[string]record.Record{}
	answer := func(s dice.Stream) (record.Record, string, error) {
		e := env
		e.Dice = s
		// each replay is one plugin call under its own deadline; the
		// answer's deadline is kept between replays (drawtree, sampleTag)
		r, _ := h.Set.Answer(context.Background(), e, t)
		if r.NameIs("refused") {
			if r.Value("reason") == "plugin-error" {
				return r, "", errors.New(r.Value("note"))
			}
			key := "refused: " + r.Value("reason")
			refusals[key] = r
			return r, key, nil
		}
		if by == nil {
			for _, k := range defaultBy {
				if r.Has(k) {
					by = []string{k}
					break
				}
			}
			if by == nil {
				return r, "", fmt.Errorf("a %s record has none of %s; name the keys the outcomes differ by (--by)", r.Name, strings.Join(defaultBy, ", "))
			}
		}
		return r, outcomeKey(r, by), nil
	}
	tree := opts.Tree
	tree.Deadline = opts.Deadline
	res, err := drawtree.Exact(func(s dice.Stream) (string, error) {
		_, k, err := answer(s)
		return k, err
	}, tree)
	var big *drawtree.TooBigError
	switch {
	case errors.As(err, &big):
		return sampleTag(answer, opts, big)
	case err != nil:
		return odds.Result{}, fmt.Errorf("walking the throws of [%s]: %w", t.Name, err)
	}
	if len(res.Outcomes) == 1 {
		if r, refused := refusals[res.Outcomes[0].Key]; refused {
			return odds.Result{}, &odds.RefusedError{Record: r}
		}
	}
	out := odds.Result{Exact: true, Method: "enumerated", Leaves: res.Leaves, Neglected: res.Neglected,
		ErrorBound: odds.ErrorBound + res.Neglected}
	if len(res.Classes) > 0 {
		out.Note = "faces the outcome never told apart were walked as one (" + strings.Join(res.Classes, "; ") + ")"
	}
	for _, o := range res.Outcomes {
		out.Outcomes = append(out.Outcomes, odds.Outcome{Outcome: o.Key, P: o.P})
	}
	sortTagOutcomes(out.Outcomes)
	return out, nil
}

// outcomeKey names a record by the values of keys: winner="Ada".
func outcomeKey(r record.Record, keys []string) string {
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		v, ok := r.Get(k)
		if !ok {
			v = "(none)"
		}
		parts = append(parts, fmt.Sprintf("%s=%q", k, v))
	}
	return strings.Join(parts, " ")
}

// sampleTag answers the tag on seeds Seed, Seed+1, ... until Samples or
// the deadline, counting each outcome.
func sampleTag(answer func(dice.Stream) (record.Record, string, error), opts TagOddsOptions, why *drawtree.TooBigError) (odds.Result, error) {
	n := opts.Samples
	if n <= 0 {
		n = odds.DefaultSamples
	}
	seed := opts.Seed
	if seed == 0 {
		seed = 1
	}
	counts := map[string]int{}
	stream := &dice.Seeded{}
	done := 0
	for ; done < n; done++ {
		if done%256 == 0 && done > 0 && time.Now().After(opts.Deadline) {
			break
		}
		stream.Reset(seed+uint64(done), 0, 0)
		_, k, err := answer(stream)
		if err != nil {
			return odds.Result{}, fmt.Errorf("on seed %d: %w", seed+uint64(done), err)
		}
		counts[k]++
	}
	out := odds.Result{Method: "sampled", Samples: done, Note: why.Error()}
	for k, c := range counts {
		lo, hi := odds.Wilson(float64(c), float64(done))
		out.Outcomes = append(out.Outcomes, odds.Outcome{Outcome: k, P: float64(c) / float64(done), Interval: &[2]float64{lo, hi}})
	}
	sortTagOutcomes(out.Outcomes)
	return out, nil
}

func sortTagOutcomes(os []odds.Outcome) {
	sort.SliceStable(os, func(i, j int) bool { return os[i].Outcome < os[j].Outcome })
}
