package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/market"
	"github.com/rulehost/rulehost/engine/record"
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
				Usage:     "print a session's bags, loads, slots, bound items, typed defenses and live state",
				ArgsUsage: "DIR",
				Description: "Replays DIR's log, with the ruleset, party and plugins the session was started with,\n" +
					"and prints the inventory block the Game Master reads, then each character's typed\n" +
					"defenses, then their live state (health, pools, tracks, conditions, charges and\n" +
					"switches). It only reads: no lock is taken, nothing is written (a torn last line is\n" +
					"ignored, not cut), and a read-only folder works.",
				Flags: []cli.Flag{
					&cli.BoolFlag{Name: "json", Usage: "print the folded state as JSON"},
					&cli.StringSliceFlag{Name: "plugins", Usage: "load formatters from `DIR` (repeatable; the fold uses the plugins the session was started with, and a session a service stored looks for the plugins it pins here)"},
					&cli.StringFlag{Name: "format", Usage: "print the inventory block through formatter `NAME` (a plugin's, e.g. terse or narrative)"},
					&cli.BoolFlag{Name: "market", Usage: "print the MARKET block of the place in force (spec/items.md \"Markets\")"},
					&cli.BoolFlag{Name: "accept-changed", Usage: "show a session whose ruleset, party or plugins changed since it started"},
				},
				Action: showSession,
			}, {
				Name:      "upgrade",
				Usage:     "re-answer a session's log under the current rules and files, and record them",
				ArgsUsage: "DIR",
				Description: "A session answered by another engine version, or whose ruleset, party or plugins changed,\n" +
					"or a format-1 session without hashes, is refused by name. upgrade folds DIR's whole log\n" +
					"with the files as they are now and this engine's answering version, says what had changed,\n" +
					"and records the current hashes and version in session.json (a format-1 log is rewritten in\n" +
					"the current format). It holds the folder's write lock.",
				Flags: []cli.Flag{
					&cli.DurationFlag{Name: "wait", Usage: "wait up to `DURATION` for another writer's lock"},
					&cli.StringSliceFlag{Name: "plugins", Usage: "for a session a service stored, look for the plugins it pins in `DIR` (repeatable; then RULEHOST_PLUGINS, ./plugins); they are pinned anew as found"},
				},
				Action: upgradeSession,
			}},
		}
	})
}

func showSession(c *cli.Context) error {
	args, err := flagsAfterArgs(c)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return misuse(c, "give exactly one session directory")
	}
	if err := formatOrJSON(c); err != nil {
		return err
	}
	dir := args[0]
	cfg, err := session.ReadConfig(dir)
	if err != nil {
		return refused(err)
	}
	opts, err := pluginOptionsFrom(c, sessionPluginDirs(c, cfg, dir))
	if err != nil {
		return err
	}
	s, err := session.Read(dir, session.FileLoader(opts.Ruleset), acceptChanged(c, opts.sessionOptions()))
	if err != nil {
		return refused(err)
	}
	w := bufio.NewWriter(c.App.Writer)
	st := s.State()
	if c.Bool("json") {
		b, err := json.Marshal(struct {
			Events int `json:"events"`
			Party  any `json:"party"`
		}{s.Len(), st.Party})
		if err != nil {
			return err
		}
		if b, err = lowerCamelJSON(b); err != nil {
			return err
		}
		w.Write(append(b, '\n'))
		return w.Flush()
	}
	fmt.Fprintf(w, "%d events, %d replies\n", s.Len(), len(st.Replies))
	if c.Bool("market") {
		return showMarket(c, w, opts, st.Party)
	}
	if name := c.String("format"); name != "" && name != "plain" {
		f, err := formatter(c, displayOptions(c, opts), name)
		if err != nil {
			return err
		}
		fmt.Fprintln(w, st.Party.BlockWith(f))
		return w.Flush()
	}
	fmt.Fprint(w, st.Party.Block())
	fmt.Fprint(w, st.Party.LiveBlock())
	return w.Flush()
}

// showMarket prints the MARKET block of the place in force, through
// --format's formatter when one is named.
func showMarket(c *cli.Context, w *bufio.Writer, opts loadOptions, p *items.Party) error {
	v, ok := market.Block(p)
	if !ok {
		fmt.Fprintln(w, "no place with a market is in force")
		return w.Flush()
	}
	var f record.Formatter = record.Plain{}
	if name := c.String("format"); name != "" && name != "plain" {
		var err error
		if f, err = formatter(c, displayOptions(c, opts), name); err != nil {
			return err
		}
	}
	fmt.Fprintln(w, v.Render(f))
	return w.Flush()
}

// flagsAfterArgs takes the command's flags given after its arguments too
// (`session show DIR --json`, as docs/session.md writes it; the flag
// parser stops at the first argument) and returns the arguments.
func flagsAfterArgs(c *cli.Context) ([]string, error) {
	takesValue := map[string]bool{}
	for _, f := range c.Command.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	args := c.Args().Slice()
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(rest, args[i+1:]...), nil
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			rest = append(rest, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		value, known := takesValue[name]
		switch {
		case !known:
			return nil, misuse(c, "flag %s: not a flag of this command", a)
		case value && !hasVal:
			if i+1 >= len(args) {
				return nil, misuse(c, "flag %s needs a value", a)
			}
			i++
			val = args[i]
		case !value && !hasVal:
			val = "true"
		}
		if err := c.Set(name, val); err != nil {
			return nil, misuse(c, "flag %s: %v", a, err)
		}
	}
	return rest, nil
}

// upgradeSession re-answers a session under the current rules (rulehost session upgrade).
func upgradeSession(c *cli.Context) error {
	if c.NArg() != 1 {
		return misuse(c, "give exactly one session directory")
	}
	dir := c.Args().First()
	cfg, err := session.ReadConfig(dir)
	if err != nil {
		return refused(err)
	}
	opts, err := pluginOptionsFrom(c, sessionPluginDirs(c, cfg, dir))
	if err != nil {
		return err
	}
	up, err := session.Upgrade(dir, session.FileLoader(opts.Ruleset), opts.sessionOptions(), c.Duration("wait"))
	if err != nil {
		return refused(err)
	}
	w := c.App.Writer
	if len(up.Changes) == 0 {
		fmt.Fprintf(w, "%s: answered by this rulehost (version %d) on the same files; nothing to upgrade\n", dir, session.AnswerVersion)
		return nil
	}
	fmt.Fprintf(w, "%s: what had changed:\n", dir)
	for _, ch := range up.Changes {
		fmt.Fprintf(w, "- %s\n", ch)
	}
	fmt.Fprintf(w, "re-answered %d events (%d records) under answering version %d; session.json records the current files\n", up.Events, up.Records, session.AnswerVersion)
	return nil
}
