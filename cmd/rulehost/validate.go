package main

import (
	"errors"
	"fmt"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "validate",
			Usage:     "check ruleset files as an import would, reporting every problem",
			ArgsUsage: "FILE...",
			Description: "Each problem is printed as FILE: /json/pointer: what is wrong and what is allowed.\n" +
				"Exit status 0 when every file is valid, 1 when any is refused.",
			Flags: []cli.Flag{
				&cli.BoolFlag{Name: "json", Usage: "print one JSON object per file: {file, valid, problems: [{pointer, message}]}"},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable) so their resolution kinds validate"},
			},
			Action: func(c *cli.Context) error {
				if c.NArg() == 0 {
					return misuse(c, "name at least one ruleset file")
				}
				opts, err := pluginOptions(c)
				if err != nil {
					return err
				}
				bad := 0
				for _, f := range c.Args().Slice() {
					_, err := ruleset.LoadFile(f, opts.Ruleset)
					var verr *validate.Error
					if errors.As(err, &verr) {
						verr.File = f // the path as given: two ruleset.json files stay apart
					}
					if c.Bool("json") {
						problemsJSON(c.App.Writer, f, err)
					} else if err != nil {
						fmt.Fprintln(c.App.Writer, err)
					} else {
						fmt.Fprintf(c.App.Writer, "%s: valid\n", f)
					}
					if err != nil {
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
