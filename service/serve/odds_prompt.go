package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/prompt"
	"github.com/rulehost/rulehost/engine/record"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// The odds and prompt routes: what `rulehost odds` and `rulehost prompt`
// print, as JSON.

// MaxSamples bounds samples= on an odds request (a plugin kind without
// exact odds is sampled), and MaxSweepSamples the samples of a whole
// sweep, so one request cannot hold a core for long.
const (
	MaxSamples      = 100_000
	MaxSweepSamples = 1_000_000
)

// ---- odds

type oddsRequest struct {
	rulesetSource
	sheetSources
	Tag string `json:"tag"`
	// Vs is a second tag, compared with the first (--vs).
	Vs string `json:"vs,omitempty"`
	// Sweep is ATTR=LO..HI: the chance of success along a range (--sweep).
	Sweep   string  `json:"sweep,omitempty"`
	Samples int     `json:"samples,omitempty"`
	Seed    *uint64 `json:"seed,omitempty"`
}

type sweepOut struct {
	Attr   string            `json:"attr"`
	Points []odds.SweepPoint `json:"points"`
}

type oddsResponse struct {
	Odds  odds.Result  `json:"odds"`
	Vs    *odds.Result `json:"vs,omitempty"`
	Sweep *sweepOut    `json:"sweep,omitempty"`
}

func (s *Server) handleOdds(ctx context.Context, r *http.Request) (any, error) {
	var req oddsRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	o := odds.Options{Samples: odds.DefaultSamples, Seed: 1}
	if req.Samples != 0 {
		if req.Samples < 1 || req.Samples > MaxSamples {
			return nil, badRequest("samples %d: allowed 1 to %d", req.Samples, MaxSamples)
		}
		o.Samples = req.Samples
	}
	if req.Seed != nil {
		o.Seed = *req.Seed
	}
	o.Kinds = s.pluginKinds()
	t, err := oddsTag("tag", req.Tag)
	if err != nil {
		return nil, err
	}
	var vs *tag.Tag
	if req.Vs != "" {
		t2, err := oddsTag("vs", req.Vs)
		if err != nil {
			return nil, err
		}
		vs = &t2
	}
	var attr string
	var lo, hi int
	if req.Sweep != "" {
		if vs != nil {
			return nil, badRequest("send vs or sweep, not both")
		}
		if attr, lo, hi, err = odds.ParseSweep(req.Sweep); err != nil {
			return nil, badRequest("%v", err)
		}
	}
	rs, sheets, err := s.loadParty(req.rulesetSource, req.sheetSources)
	if err != nil {
		return nil, err
	}
	chars, err := oddsRollers(rs, sheets, &t, vs)
	if err != nil {
		return nil, err
	}
	out := oddsResponse{}
	if out.Odds, err = odds.Check(rs, chars, t, o); err != nil {
		return nil, oddsError("tag", err)
	}
	if vs != nil {
		r2, err := odds.Check(rs, chars, *vs, o)
		if err != nil {
			return nil, oddsError("vs", err)
		}
		out.Vs = &r2
	}
	if attr != "" {
		if n := (hi - lo + 1) * o.Samples; !out.Odds.Exact && n > MaxSweepSamples {
			return nil, badRequest("sweep of %d values, each sampled %d times (the kind has no exact odds): at most %d samples in all; send fewer samples or a shorter range", hi-lo+1, o.Samples, MaxSweepSamples)
		}
		pts, err := odds.Sweep(rs, chars, t, attr, lo, hi, o)
		if err != nil {
			return nil, oddsError("sweep", err)
		}
		out.Sweep = &sweepOut{Attr: attr, Points: pts}
	}
	return out, nil
}

// oddsTag parses a tag odds are asked of: a skill_check.
func oddsTag(member, text string) (tag.Tag, error) {
	t, err := tag.Parse(text)
	if err != nil {
		return t, refusedInput("bad-tag", fmt.Errorf("%s: %w", member, err))
	}
	if !t.NameIs("skill_check") {
		return t, refusedInput("unknown-tag", fmt.Errorf("%s %q: odds are for skill_check tags", member, t.Name))
	}
	return t, nil
}

// oddsRollers are the characters of the sheets, with who= of each tag
// checked here so that an unknown name is the same 422 unknown-who as on
// /v1/check.
func oddsRollers(rs *ruleset.Ruleset, sheets []*sheet.Sheet, tags ...*tag.Tag) ([]*sheet.Character, error) {
	if len(sheets) == 0 {
		return nil, noSheet()
	}
	chars, names := party(rs, sheets)
	for _, t := range tags {
		if t == nil {
			continue
		}
		if who, ok := t.Get("who"); ok {
			if _, err := findWho(names, who); err != nil {
				return nil, err
			}
		}
	}
	return chars, nil
}

// oddsError: a tag the engine refuses is 422 "refused" with the refusal
// record the check itself would answer; anything else the engine says
// about the tag is 422 bad-tag.
func oddsError(member string, err error) error {
	var re *odds.RefusedError
	if errors.As(err, &re) {
		out := outRecord(re.Record)
		return &apiError{Status: http.StatusUnprocessableEntity, Code: "refused", Message: member + ": the check refuses this tag: " + re.Record.String(), Record: &out}
	}
	return refusedInput("bad-tag", fmt.Errorf("%s: %w", member, err))
}

// ---- prompt

type promptRequest struct {
	rulesetSource
	sheetSources
	promptOptions
}

// promptOptions are what `rulehost prompt` takes besides its input.
type promptOptions struct {
	// Sections keeps only the sections named (--section).
	Sections []string `json:"sections,omitempty"`
	// MaxChars cuts the prompt to this many characters (--max-chars).
	MaxChars int `json:"maxChars,omitempty"`
	// Format reshapes it through a loaded plugin's formatter (--format).
	Format string `json:"format,omitempty"`
}

// promptResponse is the prompt as sections (with their data) and as the
// whole text the Game Master reads. Sections is encoded under the
// session's lock: a section's data may point into the party.
type promptResponse struct {
	Sections json.RawMessage `json:"sections"`
	Text     string          `json:"text"`
}

func (s *Server) handlePrompt(ctx context.Context, r *http.Request) (any, error) {
	var req promptRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	rs, sheets, err := s.loadParty(req.rulesetSource, req.sheetSources)
	if err != nil {
		return nil, err
	}
	if len(sheets) == 0 {
		return nil, badRequest("a prompt needs the party: send sheets or bundledSheets (the first is the player)")
	}
	return s.buildPrompt(prompt.Input{RS: rs, Sheets: sheets}, req.promptOptions)
}

func (s *Server) handleSessionPrompt(ctx context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	opts := promptOptions{Sections: q["section"], Format: q.Get("format")}
	if m := q.Get("maxChars"); m != "" {
		n, err := strconv.Atoi(m)
		if err != nil || n < 0 {
			return nil, badRequest("maxChars=%q: a whole number of characters from 0", m)
		}
		opts.MaxChars = n
	}
	for k := range q {
		if k != "section" && k != "format" && k != "maxChars" {
			return nil, badRequest("query %q: this route reads section, maxChars and format", k)
		}
	}
	return s.readLive(ctx, r.PathValue("id"), func(ls *liveSession) (any, error) {
		return s.buildPrompt(prompt.Input{RS: ls.s.RS, Sheets: ls.s.Sheets, State: ls.s.State()}, opts)
	})
}

// buildPrompt is `rulehost prompt`: build, keep the sections asked for,
// reshape through the formatter, cut to the size.
func (s *Server) buildPrompt(in prompt.Input, o promptOptions) (any, error) {
	if o.MaxChars < 0 {
		return nil, badRequest("maxChars %d: a whole number of characters from 0", o.MaxChars)
	}
	f := record.Formatter(record.Plain{})
	if o.Format != "" && o.Format != "plain" {
		var ok bool
		if s.opts.Host != nil {
			f, ok = s.opts.Host.Formatter(o.Format, record.Plain{})
		}
		if !ok {
			names := []string{"plain"}
			if s.opts.Host != nil {
				names = append(names, s.opts.Host.FormatterNames()...)
			}
			return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "unknown-format", Message: fmt.Sprintf("format %q: no loaded plugin of that name has formatters; loaded: %s", o.Format, strings.Join(names, ", "))}
		}
	}
	in.Format = f
	if s.opts.Host != nil {
		in.Mechanics = s.opts.Host.Mechanics() // the plugins' kinds and tags, taught
	}
	secs, unknown := prompt.Select(prompt.Build(in), o.Sections)
	if len(unknown) > 0 {
		return nil, badRequest("sections %s: no such section; sections: %s", strings.Join(unknown, ", "), strings.Join(prompt.Names, ", "))
	}
	sf, hooks := f.(prompt.SectionFormatter)
	if hooks {
		secs = prompt.Reshape(sf, secs)
	}
	if o.MaxChars > 0 {
		if hooks { // less what the prompt hook adds around the sections
			extra := utf8.RuneCountInString(sf.Prompt(secs)) - utf8.RuneCountInString(prompt.Text(secs))
			secs, _ = prompt.BudgetWith(secs, o.MaxChars-max(extra, 0), sf.Section)
		} else {
			secs, _ = prompt.Budget(secs, o.MaxChars)
		}
	}
	if secs == nil {
		secs = []prompt.Section{}
	}
	data, err := json.Marshal(secs)
	if err != nil {
		return nil, err
	}
	out := promptResponse{Sections: data, Text: prompt.Text(secs)}
	if hooks {
		out.Text = sf.Prompt(secs)
	}
	return out, nil
}
