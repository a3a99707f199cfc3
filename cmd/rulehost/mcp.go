//go:build !rulehost_light

package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/mcp"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:  mcpInfo.Name,
			Usage: mcpInfo.Usage,
			Description: "Every tag the engine and the plugins answer is a tool whose schema comes from the ruleset\n" +
				"and the party; a call is that tag. With --session DIR each call is appended to the session's\n" +
				"log as a GM reply; with --ruleset FILE --party DIR the game lives in memory until the client\n" +
				"disconnects. Logs go to stderr; stdout carries only JSON-RPC.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "session", Usage: "the session `DIR` (appended to)"},
				&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "the ruleset `FILE` (without a session)"},
				&cli.StringFlag{Name: "party", Usage: "the party's sheets `DIR` (without a session)"},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the dice seed (without a session)"},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable; without a session)"},
				&cli.DurationFlag{Name: "wait", Usage: "wait up to `DURATION` for a busy session's lock"},
				&cli.BoolFlag{Name: "accept-changed", Usage: "open a session whose ruleset, party or plugins changed since it started"},
				&cli.DurationFlag{Name: "plugin-deadline", Usage: "bound each plugin call to `DURATION` (default: the plugin host's, 250ms)"},
			},
			Action: runMCP,
		}
	})
}

func runMCP(c *cli.Context) error {
	if c.NArg() != 0 {
		return misuse(c, "takes no arguments; give --session DIR or --ruleset FILE --party DIR")
	}
	if d := c.Duration("plugin-deadline"); d > 0 {
		callDeadline = d // one command a process: read by the plugin loading below
	}
	table, closeFn, err := openTable(c)
	if err != nil {
		return err
	}
	defer closeFn()
	log := slog.New(slog.NewTextHandler(c.App.ErrWriter, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv := mcp.NewServer(table, log)
	return mcp.ServeStdio(context.Background(), srv, os.Stdin, c.App.Writer)
}

// openTable opens what tool calls are answered against: a session to
// append to, or a ruleset and a party in memory. closeFn releases it.
func openTable(c *cli.Context) (*mcp.Table, func(), error) {
	dir, rsFile, party := c.String("session"), c.String("ruleset"), c.String("party")
	switch {
	case dir != "" && (rsFile != "" || party != ""):
		return nil, nil, misuse(c, "give --session DIR, or --ruleset FILE with --party DIR, not both")
	case dir != "":
		s, opts, err := continueSession(c, dir)
		if err != nil {
			return nil, nil, err
		}
		return newTable(s, opts), func() { s.Close(); closeHost(opts) }, nil
	case rsFile != "" && party != "":
		opts, err := rulesetPluginOptions(c, rsFile)
		if err != nil {
			return nil, nil, err
		}
		rs, err := ruleset.LoadFile(rsFile, opts.Ruleset)
		if err != nil {
			return nil, nil, refused(err)
		}
		sheets, err := session.LoadParty(party, rs)
		if err != nil {
			return nil, nil, refused(err)
		}
		h := opts.hooks()
		s := session.FoldWith(rs, sheets, c.Uint64("seed"), nil, h)
		return newTable(s, opts), func() { closeHost(opts) }, nil
	}
	return nil, nil, misuse(c, "give --session DIR, or --ruleset FILE with --party DIR")
}

// newTable is a table over s with the plugins' tools and formatters.
func newTable(s *session.Session, opts loadOptions) *mcp.Table {
	t := mcp.NewTable(s, manifests(opts))
	if opts.Host != nil {
		t.Formatter = func(name string) (record.Formatter, bool) { return opts.Host.Formatter(name, record.Plain{}) }
		t.Mechanics = opts.Host.Mechanics()
	}
	return t
}

func manifests(o loadOptions) []plugin.Manifest {
	if o.Host == nil {
		return nil
	}
	return o.Host.Manifests()
}

func closeHost(o loadOptions) {
	if o.Host != nil {
		o.Host.Close()
	}
}
