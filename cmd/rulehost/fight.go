package main

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/fight"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "fight",
			Usage:     "print the fight menu of a session's fight, with exact forecasts",
			ArgsUsage: "DIR",
			Description: "Replays the session in DIR and prints the fight menu of a character (the player\n" +
				"without --who): each attack offered now (weapons wielded with shots for them, their\n" +
				"modes, an off hand's second attack), each reload, item use and switch whose budget is\n" +
				"not spent this round, and for each attack at each foe standing the exact chance to hit\n" +
				"and the damage expected from the odds engine (docs/fight.md).",
			Flags:  sessionMemberFlags("menu"),
			Action: printFight,
		}
	})
}

func printFight(c *cli.Context) error {
	s, p, i, asJSON, err := sessionMember(c, "fight")
	if err != nil {
		return err
	}
	defer s.Close()
	w := c.App.Writer
	if asJSON {
		return printJSONLine(w, struct {
			Who     string         `json:"who"`
			Fight   bool           `json:"fight"`
			Options []fight.Option `json:"options"`
		}{p.Members[i].Name, fight.Of(p) != nil, fight.Menu(p, i)})
	}
	fmt.Fprint(w, fight.MenuText(p, i))
	return nil
}
