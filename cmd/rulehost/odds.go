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
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "odds",
			Usage:     "print the probability of every outcome of a skill_check tag (exact for native kinds) or a plugin tag, or of every total of a roll_dice tag",
			ArgsUsage: "'TAG'",
			Description: "Reads the ruleset, sheets and tag exactly as check does and prints each outcome with its\n" +
				"probability, as a bar chart, and the chance of success. --sweep dc=5..25 prints the chance of\n" +
				"success along a range of any numeric tag attribute; --vs 'TAG' compares a second tag.\n" +
				"A plugin kind without an odds function, and a plugin tag ([opposed_check: ...]), is exact by walking every\n" +
				"throw of its dice when that tree is small (about 10^6 replays, within --deadline), and otherwise sampled\n" +
				"(--samples seeds from --seed) with a 95% interval. A plugin tag's outcomes are told apart by --by KEY\n" +
				"(default: the record's winner=, else outcome=, else success=).\n" +
				"A roll_dice tag ('[roll_dice: dice=\"2d6!>4\"]') prints the exact probability of every total of its notation\n" +
				"(--ruleset optional, no sheet; --json, --svg, --width and --ascii apply).",
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
				&cli.StringSliceFlag{Name: "by", Usage: "a plugin tag's record `KEY` its outcomes differ by (repeatable)"},
				&cli.DurationFlag{Name: "deadline", Value: 5 * time.Second, Usage: "how long a plugin tag's odds may take (walk, else sample)"},
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
	if t, err := tag.Parse(c.Args().First()); err == nil && t.NameIs("roll_dice") {
		return runDiceOdds(c, t)
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
	opts, err := rulesetPluginOptions(c, c.String("ruleset"))
	if err != nil {
		return err
	}
	rs, err := loadRulesetFile(c.String("ruleset"), opts.Ruleset)
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
	if !t.NameIs("skill_check") && opts.Host != nil && opts.Host.Handles(t.Name) {
		if c.String("sweep") != "" || c.String("vs") != "" {
			return misuse(c, "--sweep and --vs are for skill_check tags")
		}
		if d := c.Duration("deadline"); d <= 0 || d > 10*time.Minute {
			return misuse(c, "--deadline must be above 0 and at most 10m")
		}
		r, err := opts.Host.TagOdds(plugin.TagEnv{RS: rs, Characters: chars}, t, host.TagOddsOptions{
			By: c.StringSlice("by"), Samples: c.Int("samples"), Seed: c.Uint64("seed"), Deadline: time.Now().Add(c.Duration("deadline"))})
		if err != nil {
			return oddsError(err)
		}
		return p.one(t, r)
	}
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
	if t.NameIs("skill_check") {
		fmt.Fprintf(p.w, "success: %s\n", odds.Percent(r.Success))
	}
	if r.Note != "" {
		fmt.Fprintf(p.w, "(%s)\n", r.Note)
	}
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
		if r.Note != "" { // a plugin tag whose throws were not walked: the note says why
			return fmt.Sprintf("estimated from %d seeded rolls", r.Samples)
		}
		return fmt.Sprintf("estimated from %d seeded rolls (no exact odds: no odds function answers, and the throws are too many to walk)", r.Samples)
	case "plugin":
		return "exact (the plugin's odds function)"
	case "enumerated":
		return fmt.Sprintf("exact (every throw of the plugin's dice, %d replays; %.1e left out by cut chains; each probability within %.0e)", r.Leaves, r.Neglected, r.ErrorBound)
	}
	return fmt.Sprintf("exact (float64, each probability within %.0e)", r.ErrorBound)
}

// runDiceOdds prints the exact distribution of a roll_dice tag's total.
func runDiceOdds(c *cli.Context, t tag.Tag) error {
	if c.String("sweep") != "" || c.String("vs") != "" {
		return misuse(c, "--sweep and --vs are for skill_check tags")
	}
	if w := c.Int("width"); w < 1 || w > 200 {
		return misuse(c, "--width must be 1 to 200")
	}
	var rs *ruleset.Ruleset
	if f := c.String("ruleset"); f != "" {
		opts, err := rulesetPluginOptions(c, f)
		if err != nil {
			return err
		}
		if rs, err = loadRulesetFile(f, opts.Ruleset); err != nil {
			return refused(err)
		}
	}
	r, err := odds.RollDice(rs, t)
	if err != nil {
		return oddsError(err)
	}
	p := oddsPrinter{c: c, w: c.App.Writer}
	if err := p.svg(func() []byte { return odds.SVGBars(t.String(), r.Rows(), nil) }); err != nil {
		return err
	}
	if c.Bool("json") {
		return p.json(r)
	}
	fmt.Fprintln(p.w, t.String())
	fmt.Fprintf(p.w, "dice=%s: exact (float64, each probability within %.0e)\n", r.Dice, r.ErrorBound)
	// Totals under 0.01% each are summed in one line (--json has them all).
	var rows []odds.Row
	rare, rareP := 0, 0.0
	for _, row := range r.Rows() {
		if row.P[0] < 0.0001 {
			rare, rareP = rare+1, rareP+row.P[0]
			continue
		}
		rows = append(rows, row)
	}
	fmt.Fprint(p.w, odds.Chart(rows, nil, p.width(), c.Bool("ascii")))
	if rare > 0 {
		fmt.Fprintf(p.w, "(%d more totals, each under 0.01%%: together %s; --json lists them)\n", rare, odds.Percent(rareP))
	}
	fmt.Fprintf(p.w, "mean: %.4f\n", r.Mean)
	return nil
}
