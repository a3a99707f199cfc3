package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/rulehost/rulehost/engine/battle"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "bridge",
			Usage:     "show what a party's items do in the Game Mode's Classic and Tactical battles",
			ArgsUsage: "RULESET --party DIR | --session DIR",
			Description: "For a ruleset that does not resolve its own fights, the Game Mode's Classic and Tactical\n" +
				"battles read each of the ruleset's items with a use in the Engine's own numbers (docs/battle.md):\n" +
				"a heal or an attack as a part of the target's maximum health (its amount's average / 32, at\n" +
				"least a twentieth, at most all), its damageType the element, its first condition a status for\n" +
				"its rounds (2 without), whom it is used on, how many uses the party has. Items without a use,\n" +
				"and heals without an amount, are not offered; items not the ruleset's are left to the Game\n" +
				"Master's guess (none with native: false).\n\n" +
				"The party is the sheets in --party DIR (as the sheets start them: nothing worn or bound), or a\n" +
				"session's party as it stands (--session DIR). --use ITEM spends one for --who (a member's\n" +
				"name; the player without it; a name that is no member rolls on a blank sheet) with --seed's\n" +
				"dice, and prints the lines; nothing is written.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "party", Usage: "the party's sheets (*.json) in `DIR`, the player's first by name"},
				&cli.StringFlag{Name: "session", Usage: "read the party of the session in `DIR` instead"},
				&cli.BoolFlag{Name: "json", Usage: "print the menu (or the use) as JSON"},
				&cli.StringFlag{Name: "use", Usage: "spend one `ITEM` and print what it does"},
				&cli.StringFlag{Name: "who", Usage: "the unit that uses it: a member's `NAME` (default: the player)"},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the dice's seed for --use"},
			},
			Action: runBridge,
		}
	})
}

// bridgeArgs is the command line as written: flags before RULESET are
// parsed by cli; those after it (where cli stops) are read here.
type bridgeArgs struct {
	ruleset, party, session, use, who string
	seed                              uint64
	json                              bool
}

func readBridgeArgs(c *cli.Context) (bridgeArgs, error) {
	a := bridgeArgs{party: c.String("party"), session: c.String("session"), use: c.String("use"), who: c.String("who"), seed: c.Uint64("seed"), json: c.Bool("json")}
	args := c.Args().Slice()
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !strings.HasPrefix(arg, "-") {
			if a.ruleset != "" {
				return a, fmt.Errorf("one RULESET, found %q too", arg)
			}
			a.ruleset = arg
			continue
		}
		if name == "json" {
			a.json = true
			if hasVal { // --json=false, as cli reads it before RULESET
				b, err := strconv.ParseBool(val)
				if err != nil {
					return a, fmt.Errorf("--json is true or false, found %q", val)
				}
				a.json = b
			}
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return a, fmt.Errorf("%s needs a value", arg)
			}
			i++
			val = args[i]
		}
		switch name {
		case "party":
			a.party = val
		case "session":
			a.session = val
		case "use":
			a.use = val
		case "who":
			a.who = val
		case "seed":
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return a, fmt.Errorf("--seed is a whole number, found %q", val)
			}
			a.seed = n
		default:
			return a, fmt.Errorf("no flag %s", arg)
		}
	}
	switch {
	case a.session != "" && (a.ruleset != "" || a.party != ""):
		return a, fmt.Errorf("--session reads the session's own ruleset and party: give no RULESET nor --party")
	case a.session == "" && (a.ruleset == "" || a.party == ""):
		return a, fmt.Errorf("give RULESET and --party DIR, or --session DIR")
	}
	return a, nil
}

func runBridge(c *cli.Context) error {
	a, err := readBridgeArgs(c)
	if err != nil {
		return misuse(c, "%v", err)
	}
	p, err := bridgeParty(c, a)
	if err != nil {
		return err
	}
	w := c.App.Writer
	if a.use != "" {
		out := battle.Use(p, bridgeUnit(p, a.who), a.use, dice.New(a.seed, 0, 0))
		if a.json {
			return printJSON(w, out)
		}
		if out.Refused != nil {
			return refused(fmt.Errorf("%s", out.Refused))
		}
		fmt.Fprintln(w, strings.Join(out.Lines, "\n"))
		return nil
	}
	menu := battle.Bridge(p)
	if a.json {
		return printJSON(w, menu)
	}
	fmt.Fprint(w, battle.Text(menu))
	return nil
}

// bridgeParty loads the party: sheets from a directory, or a session's,
// read as every reader reads one (sessionMember): with the plugins its
// session.json names, so a ruleset of a plugin kind loads.
func bridgeParty(c *cli.Context, a bridgeArgs) (*items.Party, error) {
	if a.session != "" {
		cfg, err := session.ReadConfig(a.session)
		if err != nil {
			return nil, refused(err)
		}
		opts, err := pluginOptionsFrom(c, sessionPluginDirs(c, cfg, a.session))
		if err != nil {
			return nil, err
		}
		s, err := session.Read(a.session, session.FileLoader(opts.Ruleset), opts.sessionOptions())
		if err != nil {
			return nil, refused(err)
		}
		defer s.Close()
		return s.State().Party, nil
	}
	rs, err := loadRulesetFile(a.ruleset, ruleset.Options{})
	if err != nil {
		return nil, refused(err)
	}
	sheets, err := session.LoadParty(a.party, rs)
	if err != nil {
		return nil, refused(err)
	}
	return items.New(rs, sheets), nil
}

// bridgeUnit is --who as a battle unit: a member by name, the player
// without it, and a name that is no member a unit without a card.
func bridgeUnit(p *items.Party, who string) battle.Unit {
	if who == "" {
		name := ""
		if len(p.Members) > 0 {
			name = p.Members[0].Name
		}
		return battle.Unit{Name: name, Member: 0, Player: true}
	}
	if i, ok := p.Member(who); ok {
		return battle.Unit{Name: p.Members[i].Name, Member: i, Player: i == 0}
	}
	return battle.Unit{Name: who, Member: -1}
}

// printJSONLine prints v as one line of JSON, as the member readers'
// --json does (rulehost gear, rulehost fight).
func printJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

// printJSON prints v as indented JSON.
func printJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}
