package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/go-hclog"
	"github.com/rulehost/rulehost/engine/validate"
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
	return cli.Exit(fmt.Sprintf("rulehost %s: %s (see rulehost %s --help)", c.Command.Name, fmt.Sprintf(format, args...), c.Command.Name), exitMisuse)
}

// problemsJSON is the --json form of an import error.
func problemsJSON(w io.Writer, file string, err error) {
	out := struct {
		File     string             `json:"file"`
		Valid    bool               `json:"valid"`
		Problems []validate.Problem `json:"problems"`
		Error    string             `json:"error,omitempty"`
	}{File: file, Valid: err == nil, Problems: []validate.Problem{}}
	var verr *validate.Error
	switch {
	case errors.As(err, &verr):
		out.Problems = verr.Problems
	case err != nil:
		out.Error = err.Error()
	}
	b, _ := json.Marshal(out)
	fmt.Fprintln(w, string(b))
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }
