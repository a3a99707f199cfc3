package suite

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

// finalState opens the final-state section of a transcript golden.
const finalState = "--- final state"

// maxTranscriptBytes bounds a transcript read.
const maxTranscriptBytes = 16 << 20

// transcriptRun is a transcript answered in a session: the golden's lines
// and, per entry, where it is and the tags that produced its records.
type transcriptRun struct {
	lines   []string
	entries []entryInfo
}

type entryInfo struct {
	where string   // "entry 3 (gm, line 12)"
	tags  []string // the GM tags that produced the entry's records, in order
}

// runTranscriptCase runs the transcript in a fresh in-memory session (the
// suite's plugins answering their kinds and tags) and compares every
// entry's records and the final inventory block with the golden.
func runTranscriptCase(e *env, c *Case, opts Options, r *Result) error {
	spec := c.Transcript
	rs, err := e.ruleset(spec.Ruleset)
	if err != nil {
		return fmt.Errorf("ruleset: %w", err)
	}
	sheets, err := session.LoadParty(spec.Party, rs)
	if err != nil {
		return err
	}
	run, err := e.answerTranscript(spec, rs, sheets)
	if err != nil {
		return err
	}
	stamp := e.stamp(rs, "", true)
	return compareGolden(c, spec.Golden, stamp, run.lines, opts.Update, r, func(want []string) []Diff {
		return transcriptDiffs(want, run)
	})
}

func (e *env) answerTranscript(spec *TranscriptSpec, rs *ruleset.Ruleset, sheets []*sheet.Sheet) (*transcriptRun, error) {
	f, err := os.Open(spec.File)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > maxTranscriptBytes {
		return nil, fmt.Errorf("transcript %s is %d bytes; at most %d", spec.File, st.Size(), maxTranscriptBytes)
	}
	entries, err := session.ParseTranscript(f)
	if err != nil {
		return nil, err
	}
	s := session.New(rs, sheets, spec.Seed)
	s.Kinds, s.Tags = e.host.Resolvers, e.host.SessionTags()
	run := &transcriptRun{}
	for i, en := range entries {
		reply, err := s.Append(en.Kind, en.Text)
		if err != nil {
			return nil, fmt.Errorf("transcript line %d: %w", en.Line, err)
		}
		run.lines = append(run.lines, fmt.Sprintf("--- %s %d", en.Kind, i+1))
		for _, rec := range reply.Records {
			run.lines = append(run.lines, rec.String())
		}
		// the tags the session says produced each record: a [sheet:]
		// or [place:] tag answers too, so guessing from the text named
		// the tag after it
		run.entries = append(run.entries, entryInfo{
			where: fmt.Sprintf("entry %d (%s, line %d)", i+1, en.Kind, en.Line),
			tags:  reply.Tags,
		})
	}
	run.lines = append(run.lines, finalState)
	for _, l := range strings.Split(s.State().Party.Block(), "\n") {
		if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#") {
			run.lines = append(run.lines, l)
		}
	}
	return run, nil
}

// section is one "--- " section of a transcript golden: its header and lines.
type section struct {
	head  string
	lines []string
}

func sections(lines []string) []section {
	var out []section
	for _, l := range lines {
		if strings.HasPrefix(l, "--- ") {
			out = append(out, section{head: l})
			continue
		}
		if len(out) == 0 {
			out = append(out, section{})
		}
		out[len(out)-1].lines = append(out[len(out)-1].lines, l)
	}
	return out
}

// transcriptDiffs compares a transcript golden with a run entry by entry:
// each entry's records by position (naming the entry and the tag), then
// the final state line by line.
func transcriptDiffs(want []string, run *transcriptRun) []Diff {
	ws, gs := sections(want), sections(run.lines)
	var out []Diff
	for i := 0; i < max(len(ws), len(gs)); i++ {
		var w, g section
		if i < len(ws) {
			w = ws[i]
		}
		if i < len(gs) {
			g = gs[i]
		}
		if w.head != g.head {
			out = append(out, Diff{Entry: entryName(i, g.head, w.head), Expected: w.head, Actual: g.head})
			continue
		}
		if w.head == finalState {
			for j := 0; j < max(len(w.lines), len(g.lines)); j++ {
				if at(w.lines, j) != at(g.lines, j) {
					out = append(out, Diff{Line: j + 1, Expected: at(w.lines, j), Actual: at(g.lines, j)})
				}
			}
			continue
		}
		var info entryInfo
		if n := entryNumber(g.head); n > 0 && n <= len(run.entries) {
			info = run.entries[n-1]
		}
		for j := 0; j < max(len(w.lines), len(g.lines)); j++ {
			base := Diff{Entry: info.where, Record: j + 1}
			if j < len(info.tags) {
				base.Tag = info.tags[j]
			}
			switch {
			case j >= len(w.lines):
				base.Actual = g.lines[j]
				out = append(out, base)
			case j >= len(g.lines):
				base.Expected = w.lines[j]
				out = append(out, base)
			default:
				out = append(out, recordDiffs(base, w.lines[j], g.lines[j])...)
			}
		}
	}
	return out
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

// entryNumber reads N from "--- KIND N".
func entryNumber(head string) int {
	f := strings.Fields(head)
	if len(f) != 3 {
		return 0
	}
	n, _ := strconv.Atoi(f[2])
	return n
}

func entryName(i int, heads ...string) string {
	for _, h := range heads {
		if n := entryNumber(h); n > 0 {
			return fmt.Sprintf("entry %d", n)
		}
	}
	return fmt.Sprintf("section %d", i+1)
}
