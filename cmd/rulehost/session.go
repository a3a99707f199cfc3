package main

import (
	"encoding/json"
	"fmt"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:  "session",
			Usage: "inspect a session directory",
			Subcommands: []*cli.Command{{
				Name:      "show",
				Usage:     "print a session's bags, loads, slots, bound items and typed defenses",
				ArgsUsage: "DIR",
				Description: "Replays DIR's log (a torn last line is ignored) and prints the inventory block the\n" +
					"Game Master reads, then each character's typed defenses.",
				Flags: []cli.Flag{
					&cli.BoolFlag{Name: "json", Usage: "print the folded state as JSON"},
					&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable)"},
					&cli.StringFlag{Name: "format", Usage: "print the inventory block through formatter `NAME` (a plugin's, e.g. terse or narrative)"},
				},
				Action: showSession,
			}},
		}
	})
}

func showSession(c *cli.Context) error {
	if c.NArg() != 1 {
		return misuse(c, "give exactly one session directory")
	}
	if err := formatOrJSON(c); err != nil {
		return err
	}
	opts, err := pluginOptions(c)
	if err != nil {
		return err
	}
	s, err := session.Open(c.Args().First(), session.FileLoader(opts.Ruleset), opts.hooks())
	if err != nil {
		return refused(err)
	}
	defer s.Close()
	w := c.App.Writer
	st := s.State()
	if c.Bool("json") {
		b, err := json.Marshal(struct {
			Events int         `json:"events"`
			Party  interface{} `json:"party"`
		}{len(s.Events()), st.Party})
		if err != nil {
			return err
		}
		fmt.Fprintln(w, string(b))
		return nil
	}
	fmt.Fprintf(w, "%d events, %d replies\n", len(s.Events()), len(st.Replies))
	if name := c.String("format"); name != "" && name != "plain" {
		f, err := formatter(c, opts, name)
		if err != nil {
			return err
		}
		fmt.Fprintln(w, st.Party.BlockWith(f))
		return nil
	}
	fmt.Fprint(w, st.Party.Block())
	return nil
}
