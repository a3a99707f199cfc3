package main

import (
	"bufio"
	"fmt"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "roll",
			Usage:     "roll a GM roll_dice tag (notation, or a symbol-pool ruleset's dice by name) and print the record",
			ArgsUsage: "'TAG'",
			Description: "TAG is a Game Master tag, e.g. '[roll_dice: dice=\"2d6+1\"]' or, with a symbol-pool\n" +
				"ruleset, '[roll_dice: dice=\"2 ability 1 proficiency vs 2 difficulty\"]'. Symbols are counted and\n" +
				"cancelled as a check counts them, without a sheet. Without --ruleset only notation is read:\n" +
				"2d6+1, 1d8+1d6+2, 4d6kh3, 2d20kl1, 1d6!, 4dF, d%, 10d10>=8f1 (docs/tags.md has the grammar).\n" +
				"The same seed always gives the same record.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "ruleset `FILE` (needed for symbol dice by name)"},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "session seed"},
				&cli.BoolFlag{Name: "json", Usage: `print the record as JSON: {"tag":"roll","attrs":[[key,value],...]}`},
				&cli.StringFlag{Name: "format", Usage: "print the GM-facing text through formatter `NAME` (a plugin's, e.g. terse or narrative) instead of the record"},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable); plugins/ is read only for --format"},
			},
			Action: runRoll,
		}
	})
}

func runRoll(c *cli.Context) error {
	if c.NArg() != 1 {
		return misuse(c, "give exactly one tag, quoted")
	}
	t, err := parseTagArg(c.Args().First())
	if err != nil {
		return refused(fmt.Errorf("tag: %w", err))
	}
	if !t.NameIs("roll_dice") {
		return refused(fmt.Errorf("tag %q: roll answers [roll_dice: ...]; use `rulehost check` for skill_check", t.Name))
	}
	var rs *ruleset.Ruleset
	if path := c.String("ruleset"); path != "" {
		if rs, err = loadRulesetFile(path, ruleset.Options{}); err != nil {
			return refused(err)
		}
	}
	r := check.RollDice(rs, t, dice.New(c.Uint64("seed"), 0, 0))
	if err := record.Check(r); err != nil {
		logger(c).Error("record failed the schema check", "error", err)
	}
	if err := formatOrJSON(c); err != nil {
		return err
	}
	var opts loadOptions
	if f := c.String("format"); (f != "" && f != "plain") || len(c.StringSlice("plugins")) > 0 {
		if opts, err = pluginOptions(c); err != nil {
			return err
		}
	}
	w := bufio.NewWriter(c.App.Writer)
	out, err := recordPrinter(c, opts, w)
	if err != nil {
		return err
	}
	if err := out(r); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if r.Name == "refused" {
		return cli.Exit("", exitRefused)
	}
	return nil
}
