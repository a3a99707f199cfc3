// Command rulehost validates rulesets and answers Game Master tags from the
// command line. Every command is thin: it parses flags and calls a package.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"
)

// commands is filled by each command's file (one command per file). They
// are constructors so that every run (and every test) gets fresh flags.
var commands []func() *cli.Command

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// newApp builds the CLI writing data to stdout and messages to stderr.
func newApp(stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "rulehost",
		Usage: "run tabletop-RPG rulesets written as data: validate them, roll their checks, answer GM tags",
		Description: "rulehost reads a ruleset (JSON, see docs/) and character sheets, and answers the\n" +
			"Game Master's tags ([skill_check: ...], [inventory: ...]) with records.\n" +
			"Exit status: 0 on success, 1 when an input is refused, 2 on misuse.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "log-level", Value: "warn", Usage: "log level on stderr: trace, debug, info, warn, error, off"},
		},
		// --version prints the engine's Capability API level beside its own.
		Version:              versionText(),
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		// Exit codes are decided by run, never by os.Exit inside the app.
		ExitErrHandler: func(*cli.Context, error) {},
	}
	for _, mk := range commands {
		app.Commands = append(app.Commands, mk())
	}
	return app
}

// run executes one command line and returns its exit status: 0 success,
// 1 a refused input (cli.Exit with code 1), 2 misuse.
func run(args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	unknown := false
	app.CommandNotFound = func(c *cli.Context, name string) {
		fmt.Fprintf(stderr, "rulehost: no command %q (see rulehost --help)\n", name)
		unknown = true
	}
	err := app.Run(args)
	if unknown {
		return exitMisuse
	}
	if err == nil {
		return 0
	}
	if ec, ok := err.(cli.ExitCoder); ok {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "rulehost:", err)
	return exitMisuse
}
