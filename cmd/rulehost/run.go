package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/urfave/cli/v2"
)

func init() {
	commands = append(commands, func() *cli.Command {
		return &cli.Command{
			Name:      "run",
			Usage:     "answer every tag of a transcript of GM replies in a session and print the records",
			ArgsUsage: "TRANSCRIPT",
			Description: "TRANSCRIPT is a text file of entries, each opened by a line \"--- gm\", \"--- player\" or\n" +
				"\"--- regenerate\" (see docs/session.md). Each entry is appended to the session's log in\n" +
				"DIR (created with --ruleset, --party and --seed when it does not exist yet; continued\n" +
				"when it does) and its tags are answered in order. Records print one per line under a\n" +
				"\"--- KIND N\" header (or, with --json, one JSON object per entry).",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "session", Usage: "session `DIR` (required; its log.jsonl is appended to)"},
				&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "ruleset `FILE` (to start a session)"},
				&cli.StringFlag{Name: "party", Usage: "party `DIR` of sheets, the player's first by file name (to start a session)"},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "session seed (to start a session)"},
				&cli.BoolFlag{Name: "json", Usage: `print {"seq":N,"kind":K,"records":[...]} per entry`},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable)"},
				&cli.StringFlag{Name: "format", Usage: "print each record's GM-facing text through formatter `NAME` (a plugin's, e.g. terse or narrative)"},
			},
			Action: runSession,
		}
	})
}

func runSession(c *cli.Context) error {
	if c.NArg() != 1 {
		return misuse(c, "give exactly one transcript file")
	}
	if err := formatOrJSON(c); err != nil {
		return err
	}
	opts, err := pluginOptions(c)
	if err != nil {
		return err
	}
	f, err := os.Open(c.Args().First())
	if err != nil {
		return misuse(c, "%v", err)
	}
	entries, err := session.ParseTranscript(f)
	f.Close()
	if err != nil {
		return refused(err)
	}
	dir := c.String("session")
	if dir == "" {
		return misuse(c, "--session is required")
	}
	var s *session.Session
	if _, statErr := os.Stat(filepath.Join(dir, session.ConfigFile)); statErr == nil {
		for _, f := range []string{"ruleset", "party", "seed"} {
			if c.IsSet(f) {
				logger(c).Warn("continuing an existing session: its own ruleset, party and seed are used; --"+f+" is ignored", "session", dir)
			}
		}
		s, err = session.Open(dir, session.FileLoader(opts.Ruleset), opts.hooks())
		if err != nil {
			return refused(err)
		}
	} else {
		if c.String("ruleset") == "" || c.String("party") == "" {
			return misuse(c, "%s holds no session yet: give --ruleset and --party to start one", dir)
		}
		rsPath, _ := filepath.Abs(c.String("ruleset"))
		partyPath, _ := filepath.Abs(c.String("party"))
		rs, err := ruleset.LoadFile(rsPath, opts.Ruleset)
		if err != nil {
			return refused(err)
		}
		sheets, err := session.LoadParty(partyPath, rs)
		if err != nil {
			return refused(err)
		}
		s, err = session.Start(dir, session.Config{Ruleset: rsPath, Party: partyPath, Seed: c.Uint64("seed")}, rs, sheets)
		if err != nil {
			return refused(err)
		}
	}
	defer s.Close()
	s.Kinds, s.Tags = opts.hooks().Kinds, opts.hooks().Tags
	w := c.App.Writer
	var gmText record.Formatter = record.Plain{}
	if name := c.String("format"); name != "" && name != "plain" {
		if gmText, err = formatter(c, opts, name); err != nil {
			return err
		}
	}
	for _, e := range entries {
		r, err := s.Append(e.Kind, e.Text)
		if err != nil {
			return refused(fmt.Errorf("transcript line %d: %w", e.Line, err))
		}
		seq := len(s.Events())
		if c.Bool("json") {
			out := struct {
				Seq     int             `json:"seq"`
				Kind    string          `json:"kind"`
				Records []record.Record `json:"records"`
			}{seq, e.Kind, r.Records}
			if out.Records == nil {
				out.Records = []record.Record{}
			}
			b, err := json.Marshal(out)
			if err != nil {
				return err
			}
			fmt.Fprintln(w, string(b))
			continue
		}
		fmt.Fprintf(w, "--- %s %d\n", e.Kind, seq)
		for _, rec := range r.Records {
			fmt.Fprintln(w, strings.TrimSpace(gmText.Record(rec)))
		}
	}
	return nil
}
