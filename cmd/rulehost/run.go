package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/record"
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
				"\"--- regenerate\" (see docs/session.md). The transcript is checked whole, then appended to\n" +
				"the session's log in DIR all or nothing (DIR is created with --ruleset, --party, --seed and\n" +
				"--plugins when it holds no session yet; continued, with its own ruleset, party and plugins,\n" +
				"when it does) and its tags are answered in order. Records print one per line under a\n" +
				"\"--- KIND N\" header (or, with --json, one JSON object per entry). One writer at a time:\n" +
				"another is refused at once, or waits with --wait.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "session", Usage: "session `DIR` (required; its log.jsonl is appended to)"},
				&cli.StringFlag{Name: "ruleset", Aliases: []string{"r"}, Usage: "ruleset `FILE` (to start a session)"},
				&cli.StringFlag{Name: "party", Usage: "party `DIR` of sheets, the player's first by file name (to start a session)"},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "session seed (to start a session)"},
				&cli.BoolFlag{Name: "json", Usage: `print {"seq":N,"kind":K,"records":[...]} per entry`},
				&cli.StringSliceFlag{Name: "plugins", Usage: "load plugins from `DIR` (repeatable; to start a session: a session keeps its own)"},
				&cli.StringFlag{Name: "format", Usage: "print each record's GM-facing text through formatter `NAME` (a plugin's, e.g. terse or narrative)"},
				&cli.DurationFlag{Name: "wait", Usage: "wait up to `DURATION` (e.g. 10s) for another writer of the session to finish, instead of being refused at once"},
				&cli.BoolFlag{Name: "accept-changed", Usage: "continue a session whose ruleset, party or plugins changed since it started, on purpose"},
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
	dir := c.String("session")
	if dir == "" {
		return misuse(c, "--session is required")
	}
	f, err := os.Open(c.Args().First())
	if err != nil {
		return misuse(c, "%v", err)
	}
	// A transcript may be eight times the JSON size limit; a larger one is
	// refused, never cut short.
	limit := jsonin.MaxBytes() * 8
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	f.Close()
	if err != nil {
		return refused(fmt.Errorf("transcript: %w", err))
	}
	if int64(len(data)) > limit {
		return refused(fmt.Errorf("transcript %s is over %d bytes, the limit (eight times --max-input; raise it with --max-input)", c.Args().First(), limit))
	}
	entries, err := session.ParseTranscript(bytes.NewReader(data))
	if err != nil {
		return refused(err)
	}
	var s *session.Session
	var opts loadOptions
	if _, statErr := os.Stat(filepath.Join(dir, session.ConfigFile)); statErr == nil {
		s, opts, err = continueSession(c, dir)
	} else {
		s, opts, err = startSession(c, dir, entries)
	}
	if err != nil {
		return err
	}
	defer s.Close()
	before := s.Len()
	replies, err := s.AppendAll(entries)
	if err != nil {
		if before == 0 && s.Len() == 0 {
			s.Discard() // a refused start leaves no folder
		}
		return refused(err)
	}
	return printReplies(c, opts, entries, replies, before)
}

// startSession loads the ruleset, party and plugins, checks the transcript
// against an empty session in memory (so that a refused transcript
// creates nothing), and starts the session in dir. Should another writer
// start it first, it is continued instead.
func startSession(c *cli.Context, dir string, entries []session.Entry) (*session.Session, loadOptions, error) {
	if c.String("ruleset") == "" || c.String("party") == "" {
		return nil, loadOptions{}, misuse(c, "%s holds no session yet: give --ruleset and --party to start one", dir)
	}
	opts, dirs, err := rulesetPluginPath(c, c.String("ruleset"))
	if err != nil {
		return nil, opts, err
	}
	rs, err := loadRulesetFile(c.String("ruleset"), opts.Ruleset)
	if err != nil {
		return nil, opts, refused(err)
	}
	sheets, err := session.LoadParty(c.String("party"), rs)
	if err != nil {
		return nil, opts, refused(err)
	}
	if err := session.New(rs, sheets, c.Uint64("seed")).Check(entries); err != nil {
		return nil, opts, refused(err)
	}
	cfg, err := session.NewConfig(dir, c.String("ruleset"), c.String("party"), dirs, c.Uint64("seed"))
	if err == nil {
		err = cfg.Pin(dir, opts.pins(rs))
	}
	if err != nil {
		return nil, opts, refused(err)
	}
	s, err := session.Start(dir, cfg, rs, sheets, session.Options{Wait: c.Duration("wait"), Hooks: opts.hooks()})
	if errors.Is(err, session.ErrExists) {
		logger(c).Warn("another writer started this session first; continuing it with its own ruleset, party and seed", "session", dir)
		return continueSession(c, dir)
	}
	if err != nil {
		return nil, opts, writerRefused(err)
	}
	return s, opts, nil
}

// continueSession opens dir to append, with the plugins it was started
// with; --ruleset, --party, --seed and --plugins are the session's own.
func continueSession(c *cli.Context, dir string) (*session.Session, loadOptions, error) {
	for _, f := range []string{"ruleset", "party", "seed"} {
		if c.IsSet(f) {
			logger(c).Warn("continuing an existing session: its own ruleset, party, seed and plugins are used; --"+f+" is ignored", "session", dir)
		}
	}
	cfg, err := session.ReadConfig(dir)
	if err != nil {
		return nil, loadOptions{}, refused(err)
	}
	opts, err := pluginOptionsFrom(c, sessionPluginDirs(c, cfg, dir))
	if err != nil {
		return nil, opts, err
	}
	so := acceptChanged(c, opts.sessionOptions())
	so.Wait = c.Duration("wait")
	s, err := session.OpenWith(dir, session.FileLoader(opts.Ruleset), so)
	if err != nil {
		return nil, opts, writerRefused(err)
	}
	return s, opts, nil
}

// writerRefused says how to wait for a busy session.
func writerRefused(err error) error {
	var busy *session.BusyError
	if errors.As(err, &busy) {
		return refused(fmt.Errorf("%w (retry later, or wait for it with --wait DURATION)", err))
	}
	return refused(err)
}

// printReplies prints each entry's records through one buffered writer:
// text under a "--- KIND SEQ" header, or one JSON object per entry.
func printReplies(c *cli.Context, opts loadOptions, entries []session.Entry, replies []session.Reply, before int) error {
	w := bufio.NewWriterSize(c.App.Writer, 64<<10)
	var gmText record.Formatter = record.Plain{}
	if name := c.String("format"); name != "" && name != "plain" {
		var err error
		if gmText, err = formatter(c, displayOptions(c, opts), name); err != nil {
			return err
		}
	}
	var buf []byte
	for i, r := range replies {
		seq := before + i + 1
		buf = buf[:0]
		if c.Bool("json") {
			buf = append(buf, `{"seq":`...)
			buf = strconv.AppendInt(buf, int64(seq), 10)
			buf = append(buf, `,"kind":`...)
			buf = jsonin.AppendString(buf, entries[i].Kind)
			buf = append(buf, `,"records":[`...)
			for j, rec := range r.Records {
				if j > 0 {
					buf = append(buf, ',')
				}
				buf = rec.AppendJSON(buf)
			}
			buf = append(buf, "]}\n"...)
		} else {
			buf = append(buf, "--- "...)
			buf = append(buf, entries[i].Kind...)
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(seq), 10)
			buf = append(buf, '\n')
			for _, rec := range r.Records {
				buf = append(buf, strings.TrimSpace(gmText.Record(rec))...)
				buf = append(buf, '\n')
			}
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return w.Flush()
}

// displayOptions are the plugins formatters come from: the session's own,
// or those --plugins names. A session's fold only ever uses its own, so a
// formatter can be picked at any time without changing a record.
func displayOptions(c *cli.Context, session loadOptions) loadOptions {
	if !c.IsSet("plugins") {
		return session
	}
	o, err := pluginOptions(c)
	if err != nil || o.Host == nil {
		return session
	}
	return o
}
