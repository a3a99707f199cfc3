// Command rulehost validates rulesets and answers Game Master tags from the
// command line. Every command is thin: it parses flags and calls a package.
package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"
)

// commands is filled by each command's file (one command per file).
var commands []*cli.Command

func main() {
	app := &cli.App{
		Name:  "rulehost",
		Usage: "run tabletop-RPG rulesets written as data: validate them, roll their checks, answer GM tags",
		Description: "rulehost reads a ruleset (JSON, see docs/) and character sheets, and answers the\n" +
			"Game Master's tags ([skill_check: ...], [inventory: ...]) with records.\n" +
			"Exit status: 0 on success, 1 when an input is refused, 2 on misuse.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "log-level", Value: "warn", Usage: "log level on stderr: trace, debug, info, warn, error, off"},
		},
		Commands:             commands,
		EnableBashCompletion: true,
		ExitErrHandler: func(c *cli.Context, err error) {
			if err == nil {
				return
			}
			if ec, ok := err.(cli.ExitCoder); ok {
				if msg := err.Error(); msg != "" {
					fmt.Fprintln(os.Stderr, msg)
				}
				os.Exit(ec.ExitCode())
			}
			fmt.Fprintln(os.Stderr, "rulehost:", err)
			os.Exit(2)
		},
	}
	if err := app.Run(os.Args); err != nil {
		fmt.Fprintln(os.Stderr, "rulehost:", err)
		os.Exit(2)
	}
}
