package main

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:      "check",
		Usage:     "roll a GM check tag against a ruleset and a sheet and print the record",
		ArgsUsage: "'TAG'",
		Description: "TAG is a Game Master tag, e.g. '[skill_check: skill=\"Athletics\" dc=\"15\" mode=\"advantage\"]'.\n" +
			"The same seed always gives the same record. With --repeat N, rolls N checks on seeds\n" +
			"SEED..SEED+N-1, one record per line.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Required: true, Usage: "ruleset `FILE`"},
			&cli.StringFlag{Name: "sheet", Aliases: []string{"s"}, Required: true, Usage: "character sheet `FILE`"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "session seed"},
			&cli.IntFlag{Name: "repeat", Value: 1, Usage: "roll `N` checks on consecutive seeds"},
			&cli.BoolFlag{Name: "json", Usage: `print records as JSON lines: {"tag":"check","attrs":[[key,value],...]}`},
			&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable)"},
		},
		Action: runCheck,
	})
}

func runCheck(c *cli.Context) error {
	if c.NArg() != 1 {
		return misuse(c, "give exactly one tag, quoted")
	}
	if c.Int("repeat") < 1 || c.Int("repeat") > 10_000_000 {
		return misuse(c, "--repeat must be 1 to 10000000")
	}
	t, err := tag.Parse(c.Args().First())
	if err != nil {
		return refused(fmt.Errorf("tag: %w", err))
	}
	if !t.NameIs("skill_check") {
		return refused(fmt.Errorf("tag %q: check answers [skill_check: ...]; use `rulehost roll` for roll_dice", t.Name))
	}
	opts, err := pluginOptions(c)
	if err != nil {
		return err
	}
	rs, err := ruleset.LoadFile(c.String("ruleset"), opts.Ruleset)
	if err != nil {
		return refused(err)
	}
	sh, err := sheet.LoadFile(c.String("sheet"), rs)
	if err != nil {
		return refused(err)
	}
	log := logger(c)
	env := &check.Env{RS: rs, Char: sheet.New(rs, sh), Kinds: opts.Kinds}
	stream := &dice.Seeded{}
	env.Dice = stream
	seed := c.Uint64("seed")
	anyRefused := false
	for i := 0; i < c.Int("repeat"); i++ {
		stream.Reset(seed+uint64(i), 0, 0)
		res := check.Resolve(env, t)
		if err := record.Check(res.Record); err != nil {
			log.Error("record failed the schema check", "error", err)
		}
		if err := printRecord(c, res.Record); err != nil {
			return err
		}
		anyRefused = anyRefused || res.Record.Name == "refused"
	}
	if anyRefused {
		return cli.Exit("", exitRefused)
	}
	return nil
}

func printRecord(c *cli.Context, r record.Record) error {
	if c.Bool("json") {
		b, err := r.MarshalJSON()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(c.App.Writer, string(b))
		return err
	}
	_, err := fmt.Fprintln(c.App.Writer, strings.TrimSpace(r.String()))
	return err
}
