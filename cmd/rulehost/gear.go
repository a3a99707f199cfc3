package main

import (
	"fmt"
	"strings"

	"github.com/rulehost/rulehost/engine/gear"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "gear",
			Usage:     "list the starting gear a session offers to a character",
			ArgsUsage: "DIR",
			Description: "Replays the session in DIR and lists its ruleset's starting gear for a character (the\n" +
				"player without --who) in the spec's order: gear whose fits the sheet meets, then gear\n" +
				"without fits, then the rest, each with its choices, lists and weight, and whether its\n" +
				"group was taken. Take gear with a player entry: [gear: take=\"ID\" choice1=... pick1=...].",
			Flags:  sessionMemberFlags("list"),
			Action: listGear,
		}
	})
}

func listGear(c *cli.Context) error {
	s, p, i, asJSON, err := sessionMember(c, "gear")
	if err != nil {
		return err
	}
	defer s.Close()
	w := c.App.Writer
	if asJSON {
		return printJSONLine(w, struct {
			Who  string       `json:"who"`
			Gear []gear.Offer `json:"gear"`
		}{p.Members[i].Name, gear.Offers(p, i)})
	}
	fmt.Fprint(w, gear.Text(p, i))
	return nil
}

// gearTail reads the usage as written, `rulehost gear DIR [--who NAME]`:
// flags before DIR are parsed by cli, and --who and --json after it
// (where cli stops parsing flags) are read here.
func gearTail(c *cli.Context) (who string, asJSON, ok bool) {
	args := c.Args().Slice()
	if len(args) == 0 {
		return "", false, false
	}
	who, asJSON = c.String("who"), c.Bool("json")
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--json" || a == "-json":
			asJSON = true
		case (a == "--who" || a == "-who") && i+1 < len(args):
			i++
			who = args[i]
		case strings.HasPrefix(a, "--who="):
			who = strings.TrimPrefix(a, "--who=")
		default:
			return "", false, false
		}
	}
	return who, asJSON, true
}
