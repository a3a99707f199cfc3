package suite

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/rulehost/rulehost/engine/check"
	"github.com/rulehost/rulehost/engine/dice"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/plugin"
)

// pluginName loads a plugin folder once per run for its manifest name (or
// its load error), for plugin cases.
func (e *env) pluginName(dir string, opts Options) (string, error) {
	v, _ := e.names.LoadOrStore(dir, &onceName{})
	o := v.(*onceName)
	o.once.Do(func() {
		o.name, o.err = host.PluginNameOf(dir, host.RunOptions{Plugin: opts.Plugin, Isolate: opts.Isolate})
	})
	return o.name, o.err
}

type onceName struct {
	once sync.Once
	name string
	err  error
}

// runPluginCase runs one of a plugin's test/*.json cases (host.Case), the
// plugin loaded alone with the case's config.
func runPluginCase(e *env, c *Case, opts Options, r *Result) error {
	r.File = c.CaseFile
	name, err := e.pluginName(c.PluginDir, opts)
	r.Plugin = name
	if err != nil {
		r.File = filepath.Join(c.PluginDir, "plugin.lua")
		return err
	}
	if filepath.Base(c.CaseFile) == "test" {
		return fmt.Errorf("no test cases (test/*.json)")
	}
	got, want, err := host.RunCaseFile(c.PluginDir, name, c.CaseFile, host.RunOptions{Plugin: opts.Plugin, Update: opts.Update, Isolate: opts.Isolate})
	r.Got = got
	if err == nil && opts.Update && got != want {
		r.Updated = true
	}
	if errors.Is(err, host.ErrMismatch) {
		// the plain report shows the record-level diff --json gives,
		// then both records (escaped and cut, as every line from a file)
		r.Diffs = recordDiffs(Diff{Record: 1}, want, got)
		return fmt.Errorf("differs from the case's want:%s\n  got  %s\n  want %s", summarize(r.Diffs), shown(got), shown(want))
	}
	return err
}

// answerer resolves a check case's tag on one stream: skill_check (rolled
// by who=, or the first sheet), roll_dice, or a tag a suite plugin answers
// (with every sheet as a character).
type answerer func(dice.Stream) record.Record

func (e *env) answerer(rs *ruleset.Ruleset, chars []*sheet.Character, t tag.Tag) (answerer, error) {
	switch {
	case t.NameIs("skill_check"):
		if len(chars) == 0 {
			return nil, fmt.Errorf("a skill_check case needs a sheet")
		}
		roller := chars[0]
		if who, ok := t.Get("who"); ok {
			found := false
			for _, ch := range chars {
				if strings.EqualFold(ch.Name(), who) {
					roller, found = ch, true
				}
			}
			if !found {
				return nil, fmt.Errorf("who=%q: no sheet of the case has that name", who)
			}
		}
		env := &check.Env{RS: rs, Char: roller, Kinds: e.host.Resolvers}
		return func(s dice.Stream) record.Record {
			env.Dice = s
			return check.Resolve(env, t).Record
		}, nil
	case t.NameIs("roll_dice"):
		return func(s dice.Stream) record.Record { return check.RollDice(rs, t, s) }, nil
	case e.host.Handles(t.Name):
		return func(s dice.Stream) record.Record {
			r, _ := e.host.Answer(context.Background(), plugin.TagEnv{RS: rs, Characters: chars, Dice: s}, t)
			return r
		}, nil
	}
	return nil, fmt.Errorf("tag %q: a check case answers skill_check, roll_dice and tags a suite plugin provides", t.Name)
}

// runCheckCase rolls the tag on every seed (dice.New(seed, 0, 0), as
// `rulehost check --seed` does), checks every record against the schema,
// then against the properties and the golden.
func runCheckCase(e *env, c *Case, opts Options, r *Result) error {
	spec := c.Check
	rs, chars, t, err := e.checkInputs(spec.Ruleset, spec.Sheets, spec.Tag)
	if err != nil {
		return err
	}
	answer, err := e.answerer(rs, chars, t)
	if err != nil {
		return err
	}
	lines := make([]string, len(spec.Seeds))
	stream := &dice.Seeded{}
	var problems []string
	for i, seed := range spec.Seeds {
		stream.Reset(seed, 0, 0)
		rec := answer(stream)
		if err := record.Check(rec); err != nil {
			problems = append(problems, fmt.Sprintf("record %d (seed %d) fails the record schema: %v", i+1, seed, err))
		}
		if spec.Expect != nil {
			for _, p := range spec.Expect.check(rec) {
				problems = append(problems, fmt.Sprintf("record %d (seed %d): %s", i+1, seed, p))
			}
		}
		lines[i] = rec.String()
	}
	if len(problems) > 0 {
		if len(problems) > maxDiffs {
			problems = append(problems[:maxDiffs], fmt.Sprintf("... and %d more", len(problems)-maxDiffs))
		}
		return errors.New(strings.Join(problems, "\n"))
	}
	if spec.Golden == "" {
		return nil
	}
	stamp := e.stamp(rs, strings.ToLower(t.Name), false)
	return compareGolden(c, spec.Golden, stamp, lines, opts.Update, r, func(want []string) []Diff {
		return listDiffs(Diff{}, want, lines, spec.Seeds)
	})
}

// compareGolden compares produced lines with the case's golden, or
// rewrites it with --update. A missing golden fails, naming --update.
func compareGolden(c *Case, path string, stamp Stamp, lines []string, update bool, r *Result, diff func(want []string) []Diff) error {
	named := path
	path, err := insideSuite(c.Suite.Dir, path)
	if err != nil {
		return err
	}
	g, err := readGolden(path)
	if err != nil {
		return err
	}
	same := g != nil && equalLines(g.Lines, lines)
	if same && (!update || sameStamp(g, stamp)) {
		return nil
	}
	if update {
		if err := writeGolden(path, c.ID, stamp, lines); err != nil {
			return err
		}
		r.Updated = true
		return nil
	}
	if g == nil {
		return fmt.Errorf("no golden %s (run with --update to record it, then review it)", named)
	}
	r.Diffs = diff(g.Lines)
	r.Note = versionNote(g, stamp)
	msg := fmt.Sprintf("differs from %s:%s", relPath(c.Suite.Dir, named), summarize(r.Diffs))
	if r.Note != "" {
		msg += "\n  note: " + shown(r.Note)
	}
	msg += "\n  (when the change is meant, rewrite the golden with rulehost suite run --update and review its diff)"
	return errors.New(msg)
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func relPath(base, p string) string {
	if rel, err := filepath.Rel(base, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}

// check returns what a record breaks of the properties, one line each.
func (x *Expect) check(rec record.Record) []string {
	var out []string
	if x.Record != "" && rec.Name != x.Record {
		out = append(out, fmt.Sprintf("record is [%s ...]; expected [%s ...]", rec.Name, x.Record))
	}
	for _, k := range sortedKeys(x.Attrs) {
		if v, ok := rec.Get(k); !ok || v != x.Attrs[k] {
			out = append(out, fmt.Sprintf("attribute %s: expected %q, actual %s", k, x.Attrs[k], actualValue(v, ok)))
		}
	}
	for _, k := range sortedKeys(x.OneOf) {
		v, ok := rec.Get(k)
		if !ok || !contains(x.OneOf[k], v) {
			out = append(out, fmt.Sprintf("attribute %s: expected one of %q, actual %s", k, x.OneOf[k], actualValue(v, ok)))
		}
	}
	for _, k := range x.Present {
		if _, ok := rec.Get(k); !ok {
			out = append(out, fmt.Sprintf("attribute %s: expected present, actual absent", k))
		}
	}
	for _, k := range x.Absent {
		if v, ok := rec.Get(k); ok {
			out = append(out, fmt.Sprintf("attribute %s: expected absent, actual %q", k, v))
		}
	}
	for _, k := range sortedKeys(x.Range) {
		rg := x.Range[k]
		v, ok := rec.Get(k)
		f, err := strconv.ParseFloat(v, 64)
		switch {
		case !ok || err != nil:
			out = append(out, fmt.Sprintf("attribute %s: expected a number %s, actual %s", k, rg, actualValue(v, ok)))
		case rg.Min != nil && f < *rg.Min, rg.Max != nil && f > *rg.Max:
			out = append(out, fmt.Sprintf("attribute %s: expected %s, actual %s", k, rg, v))
		}
	}
	return out
}

func (rg Range) String() string {
	switch {
	case rg.Min != nil && rg.Max != nil:
		return fmt.Sprintf("from %g to %g", *rg.Min, *rg.Max)
	case rg.Min != nil:
		return fmt.Sprintf("at least %g", *rg.Min)
	case rg.Max != nil:
		return fmt.Sprintf("at most %g", *rg.Max)
	}
	return "(any)"
}

func actualValue(v string, ok bool) string {
	if !ok {
		return "absent"
	}
	return strconv.Quote(v)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
