package main

import (
	"encoding/json"
	"fmt"

	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
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
				},
				Action: runPluginTest,
			}}, pluginSubcommands...),
		}
	})
}

// pluginSubcommands are the other `rulehost plugin` subcommands, added by
// their own files' init functions.
var pluginSubcommands []*cli.Command

func runPluginTest(c *cli.Context) error {
	if c.NArg() == 0 {
		return misuse(c, "name at least one plugin folder")
	}
	results, err := host.RunCases(c.Args().Slice(), host.RunOptions{
		Plugin: plugin.Options{Logger: logger(c).Named("plugins")},
		Update: c.Bool("update"),
	})
	if err != nil {
		return misuse(c, "%v", err)
	}
	failed := 0
	w := c.App.Writer
	for _, r := range results {
		if !r.Pass {
			failed++
		}
		if c.Bool("json") {
			b, err := json.Marshal(struct {
				Plugin string `json:"plugin"`
				File   string `json:"file"`
				Pass   bool   `json:"pass"`
				Got    string `json:"got,omitempty"`
				Msg    string `json:"message,omitempty"`
			}{r.Plugin, r.File, r.Pass, r.Got, r.Msg})
			if err != nil {
				return err
			}
			fmt.Fprintln(w, string(b))
			continue
		}
		if r.Pass {
			fmt.Fprintf(w, "PASS %s %s\n", r.Plugin, r.File)
			if c.Bool("verbose") && r.Got != "" {
				fmt.Fprintf(w, "     %s\n", oneLine(r.Got))
			}
			continue
		}
		fmt.Fprintf(w, "FAIL %s %s\n     %s\n", r.Plugin, r.File, r.Msg)
	}
	if !c.Bool("json") {
		fmt.Fprintf(w, "%d passed, %d failed\n", len(results)-failed, failed)
	}
	if failed > 0 {
		return cli.Exit("", exitRefused)
	}
	return nil
}
