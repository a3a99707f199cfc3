package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/rulehost/rulehost/engine/ruleset"
)

// schema prints a JSON Schema generated from the vocabulary table, the
// same one make generate writes to schema/ (for editors; `rulehost
// validate` stays the authority).
func init() {
	commands = append(commands, func() *cli.Command {
		names := strings.Join(ruleset.SchemaNames, "|")
		return &cli.Command{
			Name:      "schema",
			Usage:     "print the JSON Schema (draft 2020-12) of a ruleset, sheet, catalog or plugin test case",
			ArgsUsage: names,
			Description: "The schema is generated from the validator's own vocabulary (docs/ruleset.md) and\n" +
				"gives every key its one-line meaning, so that an editor completes keys and explains\n" +
				"them. Point a file at it with \"$schema\" (the repository keeps copies in schema/).\n" +
				"The engine's validator stays the authority: a schema cannot check what needs the\n" +
				"rest of the file (an id declared elsewhere, a face within the die).",
			Action: func(c *cli.Context) error {
				if c.NArg() != 1 {
					return misuse(c, "name one schema: %s", strings.ReplaceAll(names, "|", ", "))
				}
				out, err := ruleset.Schema(c.Args().First())
				if err != nil {
					return misuse(c, "%v", err)
				}
				_, err = c.App.Writer.Write(out)
				return err
			},
		}
	})
}
