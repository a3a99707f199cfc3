package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/suite"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:  "suite",
			Usage: "run regression suites over plugins, rulesets and transcripts (docs/suites.md)",
			Subcommands: []*cli.Command{{
				Name:      "run",
				Usage:     "run every case of the suites in DIR... and report pass or fail",
				ArgsUsage: "DIR...",
				Description: "Each DIR holds a suite.json (docs/suites.md): the plugins and rulesets it loads and its\n" +
					"plugin, check, transcript and odds cases. Cases run in parallel (--jobs) and report in a\n" +
					"stable order: PASS, SKIP or FAIL with a record-level diff from the golden. A progress bar\n" +
					"shows on a terminal; plain lines otherwise or with --no-progress.\n" +
					"Exit status 0 when every case passes, 1 when any fails or a suite.json is refused, 2 on misuse.",
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "run `N` cases at once"},
					&cli.BoolFlag{Name: "update", Usage: "rewrite goldens that differ or are missing (on purpose only: review the diff)"},
					&cli.StringFlag{Name: "filter", Usage: "run the cases whose id (SUITE/KIND/NAME) matches `PATTERN`: a glob when it holds * ? [, else a substring"},
					&cli.StringFlag{Name: "shard", Usage: "run shard `I/N` of the cases (a deterministic split: shards 1..N together run every case once)"},
					&cli.StringFlag{Name: "junit", Usage: "also write JUnit XML to `FILE`"},
					&cli.BoolFlag{Name: "json", Usage: "print one JSON object per case instead of lines (the summary goes to stderr)"},
					&cli.BoolFlag{Name: "no-progress", Usage: "plain lines, no progress bar, even on a terminal"},
					&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "print passing cases too under the progress bar, with what plugin cases produced"},
					&cli.DurationFlag{Name: "deadline", Value: suiteDeadline, Usage: "bound each plugin call to `DURATION` (a hostile plugin's loop fails its own cases)"},
					&cli.BoolFlag{Name: "isolate", Usage: isolateUsage},
				},
				Action: runSuite,
			}},
		}
	})
}

// suiteDeadline is the default per-call deadline of suite runs: longer
// than a host's (plugin.DefaultDeadline), since a suite is not answering
// anyone and a busy CI machine must not turn a slow call into a failed
// case; still short enough that a plugin stuck in a loop fails quickly.
const suiteDeadline = 2 * time.Second

func runSuite(c *cli.Context) error {
	if c.NArg() == 0 {
		return misuse(c, "name at least one suite folder")
	}
	opts := suite.Options{
		Jobs: c.Int("jobs"), Update: c.Bool("update"), Filter: c.String("filter"),
		Plugin:  plugin.Options{Logger: logger(c).Named("plugins"), Deadline: c.Duration("deadline")},
		Isolate: isolateOptions(c),
	}
	if opts.Plugin.Deadline <= 0 {
		return misuse(c, "--deadline must be positive")
	}
	if opts.Jobs < 1 || opts.Jobs > 1024 {
		return misuse(c, "--jobs must be 1 to 1024")
	}
	if s := c.String("shard"); s != "" {
		var err error
		if opts.Shard, opts.Shards, err = suite.ParseShard(s); err != nil {
			return misuse(c, "--shard: %v", err)
		}
	}
	var suites []*suite.Suite
	for _, dir := range c.Args().Slice() {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return misuse(c, "%s is not a folder", dir)
		}
		s, err := suite.Load(dir)
		if err != nil {
			var verr *validate.Error
			if errors.As(err, &verr) {
				return refused(err)
			}
			return misuse(c, "%v", err)
		}
		suites = append(suites, s)
	}
	selected := len(suite.Select(suites, opts))
	if selected == 0 && opts.Filter != "" {
		fmt.Fprintf(c.App.ErrWriter, "rulehost suite run: no case matches --filter %q\n", opts.Filter)
	}
	w := c.App.Writer
	bar := progressBar(c, selected)
	opts.Emit = func(r *suite.Result) {
		switch {
		case c.Bool("json"):
			suite.WriteJSON(w, r)
		case bar == nil:
			suite.WriteLine(w, r, c.Bool("verbose"))
		case r.Status == suite.Fail || c.Bool("verbose"):
			// Above the bar, which redraws itself on the next case.
			bar.Clear()
			suite.WriteLine(w, r, c.Bool("verbose"))
		}
	}
	if bar != nil {
		opts.Progress = func(done, total int, r *suite.Result) { bar.Add() }
	}
	start := time.Now()
	results := suite.Run(suites, opts)
	elapsed := time.Since(start)
	if bar != nil {
		bar.Clear()
	}
	sum := suite.Summarize(results, elapsed, min(opts.Jobs, max(selected, 1)))
	summaryTo := w
	if c.Bool("json") {
		summaryTo = c.App.ErrWriter
	}
	suite.WriteSummary(summaryTo, sum)
	if f := c.String("junit"); f != "" {
		if err := writeJUnitFile(f, results, elapsed); err != nil {
			return misuse(c, "--junit: %v", err)
		}
	}
	if sum.Failed > 0 {
		return cli.Exit("", exitRefused)
	}
	return nil
}

// progressBar is a bar on stderr when stderr is a terminal (and
// --no-progress, --json's plain consumers aside, does not turn it off);
// nil means plain lines.
func progressBar(c *cli.Context, total int) *progress {
	if c.Bool("no-progress") || total == 0 {
		return nil
	}
	f, ok := c.App.ErrWriter.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return newProgress(f, total, time.Now)
}

func writeJUnitFile(path string, results []*suite.Result, elapsed time.Duration) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := suite.WriteJUnit(f, results, elapsed); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
