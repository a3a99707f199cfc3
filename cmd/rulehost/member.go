package main

import (
	"fmt"

	"github.com/rulehost/rulehost/engine/items"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/urfave/cli/v2"
)

// sessionMember is what `rulehost gear` and `rulehost fight` share: the
// usage `DIR [--who NAME] [--json]` read as written, the session in DIR
// replayed as a reader (no lock, nothing written, the session's own
// plugins) and the character --who names (the player without it). The
// caller closes the session.
func sessionMember(c *cli.Context, verb string) (s *session.Session, p *items.Party, i int, asJSON bool, err error) {
	who, asJSON, ok := gearTail(c)
	if !ok {
		return nil, nil, 0, false, misuse(c, "give one session directory, then at most --who NAME and --json")
	}
	dir := c.Args().First()
	cfg, err := session.ReadConfig(dir)
	if err != nil {
		return nil, nil, 0, false, refused(err)
	}
	opts, err := pluginOptionsFrom(c, sessionPluginDirs(c, cfg, dir))
	if err != nil {
		return nil, nil, 0, false, err
	}
	s, err = session.Read(dir, session.FileLoader(opts.Ruleset), opts.sessionOptions())
	if err != nil {
		return nil, nil, 0, false, refused(err)
	}
	p = s.State().Party
	i, ok = p.Member(who)
	if !ok {
		s.Close()
		return nil, nil, 0, false, refused(fmt.Errorf("%s: --who %q names no character of the party", verb, who))
	}
	return s, p, i, asJSON, nil
}

// sessionMemberFlags are the flags of a command that reads sessionMember;
// what names what --json prints.
func sessionMemberFlags(what string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "who", Usage: "the character, by name as who= reads it (docs/tags.md \"Naming a character\"; default: the player)"},
		&cli.BoolFlag{Name: "json", Usage: "print the " + what + " as JSON"},
		&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable)"},
	}
}
