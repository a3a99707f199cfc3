package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "check",
			Usage:     "roll a GM tag (skill_check, roll_dice, a plugin's tag) against a ruleset and sheets and print the record",
			ArgsUsage: "'TAG'",
			Description: "TAG is a Game Master tag, e.g. '[skill_check: skill=\"Athletics\" dc=\"15\" mode=\"advantage\"]'.\n" +
				"The same seed always gives the same record. With --repeat N, rolls N checks on seeds\n" +
				"SEED..SEED+N-1, one record per line.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "ruleset `FILE` (required)"},
				&cli.StringSliceFlag{Name: "sheet", Aliases: []string{"s"}, Usage: "character sheet `FILE` (repeatable: skill_check rolls who= or the first; a plugin tag sees them all)"},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "session seed"},
				&cli.IntFlag{Name: "repeat", Value: 1, Usage: "roll `N` checks on consecutive seeds"},
				&cli.BoolFlag{Name: "json", Usage: `print records as JSON lines: {"tag":"check","attrs":[[key,value],...]}`},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable); plugins/ is loaded when present"},
				&cli.StringFlag{Name: "format", Usage: "print the GM-facing text through formatter `NAME` (a plugin's, e.g. terse or narrative) instead of the record"},
			},
			Action: runCheck,
		}
	})
}

func runCheck(c *cli.Context) error {
	if c.NArg() != 1 {
		return misuse(c, "give exactly one tag, quoted")
	}
	if c.String("ruleset") == "" {
		return misuse(c, "--ruleset is required")
	}
	if c.Int("repeat") < 1 || c.Int("repeat") > 10_000_000 {
		return misuse(c, "--repeat must be 1 to 10000000")
	}
	t, err := parseTagArg(c.Args().First())
	if err != nil {
		return refused(fmt.Errorf("tag: %w", err))
	}
	opts, err := checkPluginOptions(c, t)
	if err != nil {
		return err
	}
	answer, err := checkAnswerer(c, t, opts)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(c.App.Writer, 64<<10)
	defer w.Flush()
	out, err := recordPrinter(c, opts, w)
	if err != nil {
		return err
	}
	log := logger(c)
	stream := &dice.Seeded{}
	seed := c.Uint64("seed")
	anyRefused := false
	for i := 0; i < c.Int("repeat"); i++ {
		stream.Reset(seed+uint64(i), 0, 0)
		r := answer(stream)
		if err := record.Check(r); err != nil {
			log.Error("record failed the schema check", "error", err)
		}
		if err := out(r); err != nil {
			return err
		}
		anyRefused = anyRefused || r.Name == "refused"
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if anyRefused {
		return cli.Exit("", exitRefused)
	}
	return nil
}

// checkAnswerer loads the ruleset and sheets and returns what answers the
// tag on one stream: skill_check (rolled by who=, or the first sheet),
// roll_dice, or a tag a loaded plugin answers (with every sheet as a
// character, for an opposed check). The record it returns is valid until
// its next call (runCheck prints it first): a skill_check or roll_dice is
// answered in a check.Checker's storage.
func checkAnswerer(c *cli.Context, t tag.Tag, opts loadOptions) (func(dice.Stream) record.Record, error) {
	rs := opts.loaded
	if rs == nil {
		var err error
		if rs, err = loadRulesetFile(c.String("ruleset"), opts.Ruleset); err != nil {
			return nil, refused(err)
		}
	}
	var chars []*sheet.Character
	for _, f := range c.StringSlice("sheet") {
		sh, err := sheet.LoadFile(f, rs)
		if err != nil {
			return nil, refused(err)
		}
		chars = append(chars, sheet.New(rs, sh))
	}
	switch {
	case t.NameIs("skill_check"):
		if len(chars) == 0 {
			return nil, misuse(c, "a skill_check needs --sheet")
		}
		roller := chars[0]
		if who, ok := t.Get("who"); ok {
			names := make([]string, len(chars))
			for i, ch := range chars {
				names[i] = ch.Name()
			}
			i, found := sheet.FindName(names, who)
			if !found {
				return nil, refused(fmt.Errorf("who=%q: no --sheet answers to that name (the whole name, a word of exactly one name, or a unique prefix); sheets: %s", who, strings.Join(names, ", ")))
			}
			roller = chars[i]
		}
		env := &check.Env{RS: rs, Char: roller, Kinds: opts.Kinds}
		// runCheck prints each record before it asks for the next, so one
		// Checker's storage serves every --repeat.
		var k check.Checker
		return func(s dice.Stream) record.Record {
			env.Dice = s
			return k.Resolve(env, t).Record
		}, nil
	case t.NameIs("roll_dice"):
		var k check.Checker
		return func(s dice.Stream) record.Record { return k.RollDice(rs, t, s) }, nil
	case opts.Host != nil && opts.Host.Handles(t.Name):
		tags := opts.Host.SessionTags()
		return func(s dice.Stream) record.Record { return tags.Answer(rs, chars, s, t) }, nil
	}
	return nil, refused(fmt.Errorf("tag %q: check answers skill_check, roll_dice and tags a loaded plugin provides (see --plugins)", t.Name))
}

// recordPrinter prints a record as text, JSON, or through a formatter.
// It writes to w, a buffered writer the caller flushes.
func recordPrinter(c *cli.Context, opts loadOptions, w *bufio.Writer) (func(record.Record) error, error) {
	if err := formatOrJSON(c); err != nil {
		return nil, err
	}
	var f record.Formatter = record.Plain{}
	if name := c.String("format"); name != "" && name != "plain" {
		pf, err := formatter(c, opts, name)
		if err != nil {
			return nil, err
		}
		f = pf
	}
	asJSON := c.Bool("json")
	var buf []byte
	return func(r record.Record) error {
		buf = buf[:0]
		if asJSON {
			buf = r.AppendJSON(buf)
		} else {
			buf = append(buf, strings.TrimSpace(f.Record(r))...)
		}
		buf = append(buf, '\n')
		_, err := w.Write(buf)
		return err
	}, nil
}

// formatter is the named plugin's formatter over the built-in text.
func formatter(c *cli.Context, opts loadOptions, name string) (record.Formatter, error) {
	if opts.Host == nil {
		return nil, misuse(c, "--format %s: no plugins are loaded (see --plugins)", name)
	}
	f, ok := opts.Host.Formatter(name, record.Plain{})
	if !ok {
		return nil, misuse(c, "--format %s: no loaded plugin of that name has formatters; loaded: %s", name, formatterNames(opts.Host))
	}
	return f, nil
}

// formatterNames lists the loaded plugins that have formatters, sorted,
// with plain (the built-in text) first.
func formatterNames(h *host.Host) string {
	names := []string{"plain"}
	if h != nil {
		names = append(names, h.FormatterNames()...)
	}
	return strings.Join(names, ", ")
}

// formatOrJSON refuses --format with --json: JSON is the record itself,
// a formatter writes text for the Game Master; one output has one form.
func formatOrJSON(c *cli.Context) error {
	if c.Bool("json") && c.String("format") != "" && c.String("format") != "plain" {
		return misuse(c, "--format and --json do not go together: --json prints the record itself, --format the GM-facing text")
	}
	return nil
}

// checkPluginOptions loads plugins only when this check needs one: a
// --plugins folder given, a --format other than plain, a tag the engine
// does not answer itself, or a ruleset that does not load without them
// (a plugin resolution kind), or one that declares plugins. The plugin
// path costs nothing otherwise.
func checkPluginOptions(c *cli.Context, t tag.Tag) (loadOptions, error) {
	if err := formatOrJSON(c); err != nil {
		return loadOptions{}, err
	}
	native := t.NameIs("skill_check") || t.NameIs("roll_dice")
	format := c.String("format")
	if len(c.StringSlice("plugins")) == 0 && native && (format == "" || format == "plain") {
		if rs, err := ruleset.LoadFile(c.String("ruleset"), ruleset.Options{}); err == nil && len(rs.Plugins) == 0 {
			return loadOptions{loaded: rs}, nil
		}
	}
	return rulesetPluginOptions(c, c.String("ruleset"))
}
