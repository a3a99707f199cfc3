package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/host"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "validate",
			Usage:     "check ruleset files as an import would, and sheets and transcripts, reporting every problem",
			ArgsUsage: "[RULESET...]",
			Description: "Each problem is printed as FILE:LINE:COL: /json/pointer: what is wrong and what is allowed\n" +
				"(the line and column of the member the pointer names), then each warning (legal, but it does\n" +
				"nothing) as FILE:LINE:COL: /json/pointer: warning: ....\n" +
				"--sheet FILE --ruleset FILE checks sheets against the ruleset they are played with;\n" +
				"--transcript FILE checks that every tag of a transcript parses (FILE:LINE: ...).\n" +
				"Exit status 0 when every file is valid, 1 when any is refused (or, with --strict, warned about).",
			Flags: []cli.Flag{
				&cli.BoolFlag{Name: "json", Usage: "print one JSON object per file: {file, valid, problems: [{pointer, message, line, column}], warnings: [...]}"},
				&cli.BoolFlag{Name: "strict", Usage: "treat warnings as refusals (exit status 1)"},
				&cli.StringFlag{Name: "needs", Usage: "print the lowest capabilityApi ruleset `FILE` needs and the key that needs it (nothing else is checked)"},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable) so their resolution kinds validate"},
				&cli.StringFlag{Name: "ruleset", Usage: "the ruleset `FILE` the --sheet files are played with (validated too)"},
				&cli.StringSliceFlag{Name: "sheet", Usage: "check the sheet `FILE` against --ruleset (repeatable)"},
				&cli.StringSliceFlag{Name: "transcript", Usage: "check that every tag of the transcript `FILE` parses (repeatable)"},
			},
			Action: func(c *cli.Context) error {
				if f := c.String("needs"); f != "" {
					if c.NArg() > 0 {
						return misuse(c, "--needs reads one ruleset FILE: give it alone")
					}
					return runNeeds(c, f)
				}
				sheets, transcripts := c.StringSlice("sheet"), c.StringSlice("transcript")
				if c.NArg() == 0 && len(sheets) == 0 && len(transcripts) == 0 && c.String("ruleset") == "" {
					return misuse(c, "name at least one ruleset file (or --sheet FILE --ruleset FILE, or --transcript FILE)")
				}
				if len(sheets) > 0 && c.String("ruleset") == "" {
					return misuse(c, "--sheet needs --ruleset FILE: a sheet is checked against the ruleset it is played with")
				}
				optsFor, native, err := validatePluginOptions(c)
				if err != nil {
					return err
				}
				asJSON, strict := c.Bool("json"), c.Bool("strict")
				bad := 0
				for _, f := range c.Args().Slice() {
					opts, err := optsFor(f)
					if err != nil {
						return err
					}
					if !validateFile(c.App.Writer, f, opts.Ruleset, native[f], asJSON, strict) {
						bad++
					}
				}
				if rsFile := c.String("ruleset"); rsFile != "" {
					opts, err := optsFor(rsFile)
					if err != nil {
						return err
					}
					if !validateFile(c.App.Writer, rsFile, opts.Ruleset, native[rsFile], asJSON, strict) {
						bad++
						sheets = nil // nothing to check them against
						if len(c.StringSlice("sheet")) > 0 {
							fmt.Fprintf(c.App.ErrWriter, "rulehost validate: %s is refused, so the sheets were not checked\n", rsFile)
							bad += len(c.StringSlice("sheet"))
						}
					}
					if len(sheets) > 0 {
						rs := native[rsFile]
						if rs == nil {
							rs, _ = ruleset.LoadFile(rsFile, opts.Ruleset)
						}
						for _, f := range sheets {
							if !validateSheet(c.App.Writer, f, rs, asJSON) {
								bad++
							}
						}
					}
				}
				for _, f := range transcripts {
					if !validateTranscript(c.App.Writer, f, asJSON) {
						bad++
					}
				}
				if bad > 0 {
					return cli.Exit("", exitRefused)
				}
				return nil
			},
		}
	})
}

// validatePluginOptions loads the plugins validate needs: none when no
// --plugins folder is named and every ruleset file named loads without a
// problem or a warning natively and declares no plugins (plugins only add
// kinds, tags and keys a ruleset may use, so such a file is valid with
// them too and warned about no more). Compiling the bundled plugins cost
// validate more than the rest of its work. The native loads are returned
// by file, so no file is read twice. Otherwise each file gets the plugins
// of its own plugin path (host.Path), loaded once per distinct path.
func validatePluginOptions(c *cli.Context) (func(file string) (loadOptions, error), map[string]*ruleset.Ruleset, error) {
	files := c.Args().Slice()
	if f := c.String("ruleset"); f != "" {
		files = append(files, f)
	}
	if len(c.StringSlice("plugins")) == 0 && len(files) > 0 {
		native := map[string]*ruleset.Ruleset{}
		for _, f := range files {
			rs, err := ruleset.LoadFile(f, ruleset.Options{})
			if err != nil || len(rs.Warnings) > 0 || len(rs.Plugins) > 0 {
				native = nil
				break
			}
			native[f] = rs
		}
		if native != nil {
			return func(string) (loadOptions, error) { return loadOptions{}, nil }, native, nil
		}
	}
	loaded := map[string]loadOptions{}
	return func(file string) (loadOptions, error) {
		dirs, looked := host.PathLooked([]string{file}, c.StringSlice("plugins"))
		key := strings.Join(dirs, "\x00")
		opts, ok := loaded[key]
		if !ok {
			var err error
			if opts, err = pluginOptionsFrom(c, dirs); err != nil {
				return opts, err
			}
			loaded[key] = opts
		}
		opts.Ruleset.Plugins = lookedIn(opts.Ruleset.Plugins, looked)
		return opts, nil
	}, nil, nil
}

// validateFile loads one ruleset (unless it was already loaded: pre) and
// reports it: problems, then warnings. It returns false when the file is
// refused (or warned about, if strict).
func validateFile(w io.Writer, f string, opts ruleset.Options, pre *ruleset.Ruleset, asJSON, strict bool) bool {
	rs, err := pre, error(nil)
	if rs == nil {
		rs, err = ruleset.LoadFile(f, opts)
	}
	var warnings []validate.Problem
	var verr *validate.Error
	switch {
	case err == nil:
		warnings = rs.Warnings
	case errors.As(err, &verr):
		verr.File = f // the path as given: two ruleset.json files stay apart
		warnings = verr.Warnings
	}
	ok := err == nil && (!strict || len(warnings) == 0)
	if asJSON {
		validateJSON(w, f, err, verr, warnings, ok)
		return ok
	}
	if err != nil {
		fmt.Fprintln(w, err)
	}
	if len(warnings) > 0 {
		fmt.Fprintln(w, ruleset.WarningLines(f, warnings))
	}
	if err == nil {
		fmt.Fprintf(w, "%s: valid%s\n", f, warningCount(len(warnings), strict))
	}
	return ok
}

func warningCount(n int, strict bool) string {
	switch {
	case n == 0:
		return ""
	case strict:
		return fmt.Sprintf(", but %d warning(s) and --strict", n)
	}
	return fmt.Sprintf(" (%d warning(s))", n)
}

// validateJSON prints one file's report as a JSON object.
func validateJSON(w io.Writer, f string, err error, verr *validate.Error, warnings []validate.Problem, ok bool) {
	out := struct {
		File     string             `json:"file"`
		Valid    bool               `json:"valid"`
		Problems []validate.Problem `json:"problems"`
		Warnings []validate.Problem `json:"warnings"`
		Error    string             `json:"error,omitempty"`
	}{File: f, Valid: ok, Problems: []validate.Problem{}, Warnings: []validate.Problem{}}
	switch {
	case verr != nil:
		out.Problems = verr.Problems
	case err != nil:
		out.Error = err.Error()
	}
	if warnings != nil {
		out.Warnings = warnings
	}
	b, _ := json.Marshal(out)
	fmt.Fprintln(w, string(b))
}
