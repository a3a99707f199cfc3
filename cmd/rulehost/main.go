// Command rulehost validates rulesets and answers Game Master tags from the
// command line. Every command is thin: it parses flags and calls a package.
//
// It may import every package of the module; none imports it
// (docs/architecture.md).
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/rulehost/rulehost/host/isolate"
)

// commands is filled by each command's file (one command per file). They
// are constructors so that every run (and every test) gets fresh flags.
var commands []func() *cli.Command

func main() {
	isolate.ServeIfWorker() // the hidden worker subcommand of --isolate
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
			maxInputFlag(),
		},
		Before: applyLimits,
		// --version prints the engine's Capability API level beside its own.
		Version:              versionText(),
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		// A misspelt flag gets "Did you mean ...?".
		Suggest: true,
		// Exit codes are decided by run, never by os.Exit inside the app.
		ExitErrHandler: func(*cli.Context, error) {},
		// Set so that urfave/cli does not stat os.Args[0] for it at every
		// start; rulehost never shows it.
		Compiled: time.Unix(0, 0),
	}
	for _, mk := range commands {
		app.Commands = append(app.Commands, mk())
	}
	// By name, whichever file registered a command: the light build
	// registers the server commands from one file (server_light.go).
	slices.SortFunc(app.Commands, func(a, b *cli.Command) int { return strings.Compare(a.Name, b.Name) })
	addIsolateFlag(app.Commands)
	return app
}

// run executes one command line and returns its exit status: 0 success,
// 1 a refused input (cli.Exit with code 1), 2 misuse.
func run(args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	unknown := false
	app.CommandNotFound = func(c *cli.Context, name string) {
		hint := ""
		if near := nearestCommand(app.Commands, name); near != "" {
			hint = fmt.Sprintf("; did you mean %s?", near)
		}
		fmt.Fprintf(stderr, "rulehost: no command %q%s (see rulehost --help)\n", name, hint)
		unknown = true
	}
	err := app.Run(args)
	closeAll(app)
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

// nearestCommand is the command (or alias) nearest to a misspelt name,
// within two edits or a shared prefix of three letters; "" when none is.
func nearestCommand(cmds []*cli.Command, name string) string {
	best, bestD := "", 3
	for _, c := range cmds {
		if c.Hidden {
			continue
		}
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			if d := editDistance(strings.ToLower(name), n); d < bestD {
				best, bestD = c.Name, d
			}
		}
	}
	return best
}

// editDistance is the Levenshtein distance between two short words.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
