package main

import (
	"encoding/json"
	"fmt"

	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/suite"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:  "plugin",
			Usage: "work with Lua plugins",
			Subcommands: append([]*cli.Command{{
				Name:      "test",
				Usage:     "run plugins' test cases (DIR/test/*.json) and report pass or fail",
				ArgsUsage: "DIR...",
				Description: "Each DIR is a plugin folder (holding plugin.lua) or a folder of plugin folders.\n" +
					"Every case prints PASS or FAIL with its file; a failure says what differed.\n" +
					"Exit status 0 when every case passes, 1 when any fails (or a plugin does not load).",
				Flags: []cli.Flag{
					&cli.BoolFlag{Name: "update", Usage: "rewrite each case's \"want\" with what it got (review the diff)"},
					&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "also print what each passing case produced"},
					&cli.BoolFlag{Name: "json", Usage: "print one JSON object per case: {plugin, file, pass, got, message}"},
					&cli.BoolFlag{Name: "isolate", Usage: isolateUsage},
				},
				Action: runPluginTest,
			}}, pluginSubcommands...),
		}
	})
}

// pluginSubcommands are the other `rulehost plugin` subcommands, added by
// their own files' init functions.
var pluginSubcommands []*cli.Command

// runPluginTest runs the plugins' cases as a suite of their cases alone
// (suite), in parallel, printing them in folder and file order as it
// always has. A plugin that does not load is one FAIL naming its file and
// line.
func runPluginTest(c *cli.Context) error {
	if c.NArg() == 0 {
		return misuse(c, "name at least one plugin folder")
	}
	s, err := suite.ForPlugins(c.Args().Slice())
	if err != nil {
		return misuse(c, "%v", err)
	}
	results := suite.Run([]*suite.Suite{s}, suite.Options{
		Plugin:  plugin.Options{Logger: logger(c).Named("plugins"), Deadline: callDeadline},
		Update:  c.Bool("update"),
		Isolate: isolateOptions(c),
	})
	failed, total := 0, 0
	w := c.App.Writer
	var prev *suite.Result
	for _, r := range results {
		// Every case of a plugin that does not load fails alike: one line.
		if prev != nil && r.Status == suite.Fail && prev.Status == suite.Fail && r.File == prev.File && r.Message == prev.Message {
			continue
		}
		prev = r
		total++
		pass := r.Status == suite.Pass
		if !pass {
			failed++
		}
		if c.Bool("json") {
			b, err := json.Marshal(struct {
				Plugin string `json:"plugin"`
				File   string `json:"file"`
				Pass   bool   `json:"pass"`
				Got    string `json:"got,omitempty"`
				Msg    string `json:"message,omitempty"`
			}{r.Plugin, r.File, pass, r.Got, r.Message})
			if err != nil {
				return err
			}
			fmt.Fprintln(w, string(b))
			continue
		}
		if pass {
			fmt.Fprintf(w, "PASS %s %s\n", r.Plugin, r.File)
			if c.Bool("verbose") && r.Got != "" {
				fmt.Fprintf(w, "     %s\n", oneLine(r.Got))
			}
			continue
		}
		fmt.Fprintf(w, "FAIL %s %s\n     %s\n", r.Plugin, r.File, r.Message)
	}
	if !c.Bool("json") {
		fmt.Fprintf(w, "%d passed, %d failed\n", total-failed, failed)
	}
	if failed > 0 {
		return cli.Exit("", exitRefused)
	}
	return nil
}
