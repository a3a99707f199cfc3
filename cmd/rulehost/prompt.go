package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:  "prompt",
			Usage: "print the prompt the Game Master reads (docs/prompt.md)",
			Description: "Builds the GM prompt of a session (--session DIR, replayed read-only), or of the start of\n" +
				"a game (--ruleset FILE --party DIR): the rules, items, money, loot, inventory and last\n" +
				"turn sections, each only where the ruleset has what it teaches. --section keeps only the\n" +
				"sections named, --max-chars cuts it in the documented order and says what was cut,\n" +
				"--format reshapes it through a formatter plugin, --json prints the sections with their data.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "session", Usage: "the session `DIR`"},
				&cli.StringFlag{Name: "ruleset", Usage: "the ruleset `FILE` (without a session)"},
				&cli.StringFlag{Name: "party", Usage: "the party's sheets `DIR` (without a session)"},
				&cli.StringFlag{Name: "format", Usage: "reshape the prompt through formatter `NAME` (a plugin's, e.g. terse, narrative, xml)"},
				&cli.StringSliceFlag{Name: "section", Usage: "keep only section `NAME` (repeatable): " + strings.Join(prompt.Names, ", ")},
				&cli.IntFlag{Name: "max-chars", Usage: "cut the prompt to at most `N` characters"},
				&cli.BoolFlag{Name: "json", Usage: "print the sections with their data as JSON"},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable)"},
				&cli.BoolFlag{Name: "accept-changed", Usage: "read a session whose ruleset, party or plugins changed since it started"},
			},
			Action: printPrompt,
		}
	})
}

func printPrompt(c *cli.Context) error {
	if c.NArg() != 0 {
		return misuse(c, "takes no arguments; give --session DIR or --ruleset FILE --party DIR")
	}
	if err := formatOrJSON(c); err != nil {
		return err
	}
	if c.Int("max-chars") < 0 {
		return misuse(c, "--max-chars %d: give a positive number of characters", c.Int("max-chars"))
	}
	in, opts, err := promptInput(c)
	if err != nil {
		return err
	}
	f := record.Formatter(record.Plain{})
	if name := c.String("format"); name != "" && name != "plain" {
		if f, err = formatter(c, displayOptions(c, opts), name); err != nil {
			return err
		}
	}
	in.Format = f
	if opts.Host != nil {
		in.Mechanics = opts.Host.Mechanics() // the plugins' kinds and tags, taught
	}
	secs, unknown := prompt.Select(prompt.Build(in), c.StringSlice("section"))
	if len(unknown) > 0 {
		return misuse(c, "--section %s: no such section; sections: %s", strings.Join(unknown, ", "), strings.Join(prompt.Names, ", "))
	}
	secs = reshape(f, secs)
	w := c.App.Writer
	plain := func() []prompt.Section {
		in.Format = record.Plain{}
		out, _ := prompt.Select(prompt.Build(in), c.StringSlice("section"))
		return out
	}
	secs, text, warn, err := fitPrompt(f, secs, plain, c.Int("max-chars"))
	if err != nil {
		return refused(err)
	}
	if warn != "" {
		fmt.Fprintln(c.App.ErrWriter, "rulehost prompt: "+warn)
	}
	if !c.Bool("json") {
		_, err = fmt.Fprintln(w, text)
		return err
	}
	if secs == nil {
		secs = []prompt.Section{}
	}
	// The shape of POST /v1/prompt's answer: the sections and their text.
	b, err := json.MarshalIndent(struct {
		Sections []prompt.Section `json:"sections"`
		Text     string           `json:"text"`
	}{secs, text}, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

// promptInput reads a session (read-only, its own plugins) or a ruleset
// and a party.
func promptInput(c *cli.Context) (prompt.Input, loadOptions, error) {
	dir, rsFile, party := c.String("session"), c.String("ruleset"), c.String("party")
	switch {
	case dir != "" && (rsFile != "" || party != ""):
		return prompt.Input{}, loadOptions{}, misuse(c, "give --session DIR, or --ruleset FILE with --party DIR, not both")
	case dir != "":
		cfg, err := session.ReadConfig(dir)
		if err != nil {
			return prompt.Input{}, loadOptions{}, refused(err)
		}
		opts, err := pluginOptionsFrom(c, sessionPluginDirs(c, cfg, dir))
		if err != nil {
			return prompt.Input{}, loadOptions{}, err
		}
		s, err := session.Read(dir, session.FileLoader(opts.Ruleset), acceptChanged(c, opts.sessionOptions()))
		if err != nil {
			return prompt.Input{}, loadOptions{}, refused(err)
		}
		return prompt.Input{RS: s.RS, Sheets: s.Sheets, State: s.State()}, opts, nil
	case rsFile != "" && party != "":
		opts, err := rulesetPluginOptions(c, rsFile)
		if err != nil {
			return prompt.Input{}, loadOptions{}, err
		}
		rs, err := loadRulesetFile(rsFile, opts.Ruleset)
		if err != nil {
			return prompt.Input{}, loadOptions{}, refused(err)
		}
		sheets, err := session.LoadParty(party, rs)
		if err != nil {
			return prompt.Input{}, loadOptions{}, refused(err)
		}
		return prompt.Input{RS: rs, Sheets: sheets}, opts, nil
	}
	return prompt.Input{}, loadOptions{}, misuse(c, "give --session DIR, or --ruleset FILE with --party DIR")
}
