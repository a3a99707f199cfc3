package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "odds",
			Usage:     "print the probability of every outcome of a skill_check tag (exact for native kinds)",
			ArgsUsage: "'TAG'",
			Description: "Reads the ruleset, sheets and tag exactly as check does and prints each outcome with its\n" +
				"probability, as a bar chart, and the chance of success. --sweep dc=5..25 prints the chance of\n" +
				"success along a range of any numeric tag attribute; --vs 'TAG' compares a second tag.\n" +
				"Plugin kinds without an odds function are sampled (--samples seeds from --seed), with a 95% interval.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "ruleset `FILE` (required)"},
				&cli.StringSliceFlag{Name: "sheet", Aliases: []string{"s"}, Usage: "character sheet `FILE` (repeatable: who= picks one, else the first)"},
				&cli.BoolFlag{Name: "json", Usage: `print one JSON object: {"exact":true,"success":0.55,"outcomes":[{"outcome":..,"success":..,"p":..}]}`},
				&cli.StringFlag{Name: "sweep", Usage: "`ATTR=LO..HI`: the chance of success with the tag attribute at each value"},
				&cli.StringFlag{Name: "vs", Usage: "compare with a second `TAG`, side by side"},
				&cli.BoolFlag{Name: "ascii", Usage: "draw bars with plain ASCII instead of Unicode blocks"},
				&cli.StringFlag{Name: "svg", Usage: "also write the chart (distribution, comparison or sweep curve) to SVG `FILE`"},
				&cli.IntFlag{Name: "width", Value: 40, Usage: "bar width in cells at 100%"},
				&cli.IntFlag{Name: "samples", Value: odds.DefaultSamples, Usage: "seeds sampled for a kind without exact odds"},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "first seed sampled"},
				&cli.DurationFlag{Name: "budget", Value: DefaultOddsBudget, Usage: "longest sampling may take; past it the odds of the seeds sampled so far are printed, marked partial (0: no limit)"},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable); plugins/ is loaded when present"},
			},
			Action: runOdds,
		}
	})
}

func runOdds(c *cli.Context) error {
	if c.NArg() != 1 {
		return misuse(c, "give exactly one tag, quoted")
	}
	if c.String("ruleset") == "" {
		return misuse(c, "--ruleset is required")
	}
	if len(c.StringSlice("sheet")) == 0 {
		return misuse(c, "a skill_check needs --sheet")
	}
	if w := c.Int("width"); w < 1 || w > 200 {
		return misuse(c, "--width must be 1 to 200")
	}
	if n := c.Int("samples"); n < 1 || n > 10_000_000 {
		return misuse(c, "--samples must be 1 to 10000000")
	}
	if c.Duration("budget") < 0 {
		return misuse(c, "--budget must be 0 (no limit) or more")
	}
	t, err := tag.Parse(c.Args().First())
	if err != nil {
		return refused(fmt.Errorf("tag: %w", err))
	}
	opts, err := pluginOptions(c)
	if err != nil {
		return err
	}
	rs, err := ruleset.LoadFile(c.String("ruleset"), opts.Ruleset)
	if err != nil {
		return refused(err)
	}
	var chars []*sheet.Character
	for _, f := range c.StringSlice("sheet") {
		sh, err := sheet.LoadFile(f, rs)
		if err != nil {
			return refused(err)
		}
		chars = append(chars, sheet.New(rs, sh))
	}
	o := odds.Options{Kinds: opts.Kinds, Samples: c.Int("samples"), Seed: c.Uint64("seed")}
	if b := c.Duration("budget"); b > 0 {
		ctx, cancel := context.WithTimeout(c.Context, b)
		defer cancel()
		o.Context = ctx
	}
	p := oddsPrinter{c: c, w: c.App.Writer}
	switch {
	case c.String("sweep") != "":
		attr, lo, hi, err := odds.ParseSweep(c.String("sweep"))
		if err != nil {
			return misuse(c, "--sweep: %v", err)
		}
		pts, err := odds.Sweep(rs, chars, t, attr, lo, hi, o)
		if err != nil {
			return oddsError(err)
		}
		return p.sweep(t, attr, pts)
	case c.String("vs") != "":
		t2, err := tag.Parse(c.String("vs"))
		if err != nil {
			return refused(fmt.Errorf("--vs tag: %w", err))
		}
		a, err := odds.Check(rs, chars, t, o)
		if err != nil {
			return oddsError(err)
		}
		b, err := odds.Check(rs, chars, t2, o)
		if err != nil {
			return oddsError(fmt.Errorf("--vs: %w", err))
		}
		return p.vs(t, t2, a, b)
	}
	r, err := odds.Check(rs, chars, t, o)
	var stopped *odds.StoppedError
	if errors.As(err, &stopped) && stopped.Result.Samples > 0 {
		// the odds of what was sampled, marked partial, and said on stderr
		fmt.Fprintf(c.App.ErrWriter, "rulehost odds: --budget %v ran out after %d of %d samples; the odds printed are of those, marked partial\n",
			c.Duration("budget"), stopped.Result.Samples, stopped.Asked)
		r, err = stopped.Result, nil
	}
	if err != nil {
		return oddsError(err)
	}
	return p.one(t, r)
}

// DefaultOddsBudget is how long `rulehost odds` samples a kind without
// exact odds at most: 20,000 checks of a plugin kind taking 30 ms each
// would run ten minutes.
const DefaultOddsBudget = time.Minute

// oddsError makes a refused tag exit 1 with the refusal record, and
// sampling stopped by --budget before any sample (or in a sweep or a
// comparison) a refusal that says so.
func oddsError(err error) error {
	var stopped *odds.StoppedError
	if errors.As(err, &stopped) {
		return refused(fmt.Errorf("--budget ran out after %d of %d samples (the kind gives no exact odds and is sampled): give a longer --budget or fewer --samples", stopped.Result.Samples, stopped.Asked))
	}
	var re *odds.RefusedError
	if errors.As(err, &re) {
		return cli.Exit(re.Record.String(), exitRefused)
	}
	return refused(err)
}

// oddsPrinter writes results as text with bars, or as JSON, and the SVG.
type oddsPrinter struct {
	c *cli.Context
	w io.Writer
}

func (p oddsPrinter) width() int { return p.c.Int("width") }

func (p oddsPrinter) one(t tag.Tag, r odds.Result) error {
	if err := p.svg(func() []byte { return odds.SVGBars(t.String(), odds.Rows(r), nil) }); err != nil {
		return err
	}
	if p.c.Bool("json") {
		return p.json(r)
	}
	fmt.Fprintln(p.w, t.String())
	fmt.Fprintln(p.w, method(r))
	fmt.Fprint(p.w, odds.Chart(odds.Rows(r), nil, p.width(), p.c.Bool("ascii")))
	fmt.Fprintf(p.w, "success: %s\n", odds.Percent(r.Success))
	if !r.Exact {
		fmt.Fprintln(p.w, "95% intervals:")
		for _, o := range r.Outcomes {
			if o.Interval != nil {
				fmt.Fprintf(p.w, "  %s: %s to %s\n", o.Name(), odds.Percent(o.Interval[0]), odds.Percent(o.Interval[1]))
			}
		}
	}
	return nil
}

func (p oddsPrinter) vs(t1, t2 tag.Tag, a, b odds.Result) error {
	series := []string{t1.String(), t2.String()}
	if err := p.svg(func() []byte { return odds.SVGBars("odds compared", odds.Rows(a, b), series) }); err != nil {
		return err
	}
	if p.c.Bool("json") {
		return p.json(struct {
			A odds.Result `json:"a"`
			B odds.Result `json:"b"`
		}{a, b})
	}
	fmt.Fprintf(p.w, "A: %s\n   %s\nB: %s\n   %s\n", series[0], method(a), series[1], method(b))
	fmt.Fprint(p.w, odds.Chart(odds.Rows(a, b), []string{"A", "B"}, p.width(), p.c.Bool("ascii")))
	fmt.Fprintf(p.w, "success: A %s, B %s\n", odds.Percent(a.Success), odds.Percent(b.Success))
	return nil
}

func (p oddsPrinter) sweep(t tag.Tag, attr string, pts []odds.SweepPoint) error {
	if err := p.svg(func() []byte { return odds.SVGCurve(t.String(), attr, pts) }); err != nil {
		return err
	}
	if p.c.Bool("json") {
		return p.json(struct {
			Attr   string            `json:"attr"`
			Points []odds.SweepPoint `json:"points"`
		}{attr, pts})
	}
	fmt.Fprintln(p.w, t.String())
	fmt.Fprintf(p.w, "chance of success by %s\n", attr)
	fmt.Fprint(p.w, odds.SweepChart(attr, pts, p.width(), p.c.Bool("ascii")))
	return nil
}

func (p oddsPrinter) json(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(p.w, string(b))
	return err
}

// svg writes --svg FILE when asked.
func (p oddsPrinter) svg(draw func() []byte) error {
	f := p.c.String("svg")
	if f == "" {
		return nil
	}
	if err := os.WriteFile(f, draw(), 0o644); err != nil {
		return cli.Exit(fmt.Sprintf("--svg: %v", err), exitMisuse)
	}
	return nil
}

// method says how the odds were found, in one line.
func method(r odds.Result) string {
	switch r.Method {
	case "sampled":
		if r.Partial {
			return fmt.Sprintf("PARTIAL: estimated from only %d seeded rolls, where --budget ran out (the kind gives no exact odds)", r.Samples)
		}
		return fmt.Sprintf("estimated from %d seeded rolls (the kind gives no exact odds)", r.Samples)
	case "plugin":
		return "exact (the plugin's odds function)"
	}
	return fmt.Sprintf("exact (float64, each probability within %.0e)", r.ErrorBound)
}
