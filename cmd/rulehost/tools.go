//go:build !rulehost_light

package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/mcp"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:  toolsInfo.Name,
			Usage: toolsInfo.Usage,
			Description: "The same tool definitions `rulehost mcp` serves, for hosts that call models directly:\n" +
				"--format openai (chat completions' tools), anthropic (messages' tools) or mcp (tools/list).\n" +
				"Schemas come from the ruleset and the party (--ruleset FILE --party DIR) or a session (--session DIR).",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "format", Value: mcp.ShapeMCP, Usage: "the shape: " + strings.Join(mcp.Shapes, ", ")},
				&cli.StringFlag{Name: "session", Usage: "the session `DIR` (read only)"},
				&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "the ruleset `FILE`"},
				&cli.StringFlag{Name: "party", Usage: "the party's sheets `DIR`"},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable)"},
				&cli.BoolFlag{Name: "player", Usage: "include the player's own tools (gear)"},
				&cli.BoolFlag{Name: "accept-changed", Usage: "read a session whose ruleset, party or plugins changed since it started"},
			},
			Action: printTools,
		}
	})
}

func printTools(c *cli.Context) error {
	if c.NArg() != 0 {
		return misuse(c, "takes no arguments; give --ruleset FILE --party DIR or --session DIR")
	}
	shape := c.String("format")
	if _, err := mcp.Definitions(nil, shape); err != nil {
		return misuse(c, "--format %s: want one of %s", shape, strings.Join(mcp.Shapes, ", "))
	}
	in, opts, err := promptInput(c)
	if err != nil {
		return err
	}
	defer closeHost(opts)
	tools := mcp.Tools(mcp.World{RS: in.RS, Sheets: in.Sheets, Manifests: manifests(opts)})
	if !c.Bool("player") {
		gm := tools[:0]
		for _, t := range tools {
			if !t.PlayerOnly {
				gm = append(gm, t)
			}
		}
		tools = gm
	}
	defs, err := mcp.Definitions(tools, shape)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(defs, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(c.App.Writer, string(b))
	return err
}
