package main

import (
	"fmt"
	"strings"

	"github.com/hashicorp/go-hclog"
	"github.com/urfave/cli/v2"
)

// Exit codes: 0 success, 1 a refused input, 2 misuse (see main.go).
const (
	exitRefused = 1
	exitMisuse  = 2
)

// logger builds the stderr logger from --log-level.
func logger(c *cli.Context) hclog.Logger {
	lvl := hclog.LevelFromString(c.String("log-level"))
	if lvl == hclog.NoLevel {
		lvl = hclog.Warn
	}
	return hclog.New(&hclog.LoggerOptions{Name: "rulehost", Level: lvl, Output: c.App.ErrWriter})
}

// refused turns an input error into exit status 1 with every problem shown.
func refused(err error) error {
	return cli.Exit(err.Error(), exitRefused)
}

// misuse is exit status 2 with a hint to --help.
func misuse(c *cli.Context, format string, args ...any) error {
	name := commandPath(c)
	return cli.Exit(fmt.Sprintf("rulehost %s: %s (see rulehost %s --help)", name, fmt.Sprintf(format, args...), name), exitMisuse)
}

// commandPath names the command with its parents ("suite run", not
// "run"): every context's command but the app's own.
func commandPath(c *cli.Context) string {
	lineage := c.Lineage()
	var names []string
	for _, ctx := range lineage[:max(len(lineage)-1, 0)] {
		if ctx.Command != nil && ctx.Command.Name != "" && ctx.Command.Name != c.App.Name && (len(names) == 0 || names[0] != ctx.Command.Name) {
			names = append([]string{ctx.Command.Name}, names...)
		}
	}
	if len(names) == 0 {
		return c.Command.Name
	}
	return strings.Join(names, " ")
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }
