package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
	"github.com/rulehost/rulehost/engine/validate"
	"github.com/rulehost/rulehost/internal/lazy"
)

// validateSheet loads one sheet against its ruleset and reports it like a
// ruleset: every problem at its JSON pointer, the path as given.
func validateSheet(w io.Writer, f string, rs *ruleset.Ruleset, asJSON bool) bool {
	_, err := sheet.LoadFile(f, rs)
	var verr *validate.Error
	if errors.As(err, &verr) {
		verr.File = f
	}
	if asJSON {
		validateJSON(w, f, err, verr, nil, err == nil)
		return err == nil
	}
	if err != nil {
		fmt.Fprintln(w, err)
		return false
	}
	fmt.Fprintf(w, "%s: valid\n", f)
	return true
}

// tagStart is where a tag seems to open: "[" and a tag name, then ":" or
// "]". Text in brackets that is not a name ("[sic]" aside) is prose.
var tagStart = lazy.Regexp(`\[[a-z][a-z0-9_]*\s*[:\]]`)

// validateTranscript reads a transcript (docs/session.md) and checks that
// every tag in it parses: a tag the engine would skip as prose, or refuse,
// is reported at its line with the parser's reason.
func validateTranscript(w io.Writer, f string, asJSON bool) bool {
	file, err := os.Open(f)
	if err != nil {
		return reportTranscript(w, f, nil, err, asJSON)
	}
	defer file.Close()
	entries, err := session.ParseTranscript(io.LimitReader(file, maxTranscriptBytes))
	if err != nil {
		return reportTranscript(w, f, nil, err, asJSON)
	}
	var problems []validate.Problem
	for _, e := range entries {
		problems = append(problems, transcriptTagProblems(f, e)...)
	}
	return reportTranscript(w, f, problems, nil, asJSON)
}

// maxTranscriptBytes bounds what validate reads of a transcript.
const maxTranscriptBytes = 64 << 20

// transcriptTagProblems lists the tags of one entry that do not parse.
func transcriptTagProblems(f string, e session.Entry) []validate.Problem {
	bad := map[int]string{} // where a tag starts -> why it does not parse
	covered := map[int]bool{}
	for _, found := range tag.FindAll(e.Text) {
		covered[found.Start] = true
		if found.Err != nil {
			bad[found.Start] = syntaxMsg(found.Err)
		}
	}
	for _, loc := range tagStart().FindAllStringIndex(e.Text, -1) {
		if !covered[loc[0]] {
			_, perr := tag.Parse(e.Text[loc[0]:])
			bad[loc[0]] = syntaxMsg(perr)
		}
	}
	starts := make([]int, 0, len(bad))
	for at := range bad {
		starts = append(starts, at)
	}
	sort.Ints(starts)
	out := make([]validate.Problem, 0, len(starts))
	for _, at := range starts {
		out = append(out, transcriptProblem(f, e, at, bad[at]))
	}
	return out
}

// syntaxMsg is the parser's reason without its byte offset, which counts
// from a place the reader cannot see (the line is given instead).
func syntaxMsg(err error) string {
	var se *tag.SyntaxError
	switch {
	case errors.As(err, &se):
		return se.Msg
	case err != nil:
		return err.Error()
	}
	return "does not parse"
}

// transcriptProblem places a problem at its line (the entry's header is
// line e.Line; its text starts on the next line).
func transcriptProblem(f string, e session.Entry, at int, msg string) validate.Problem {
	line := e.Line + 1 + strings.Count(e.Text[:at], "\n")
	snippet := e.Text[at:]
	if i := strings.IndexByte(snippet, '\n'); i >= 0 {
		snippet = snippet[:i]
	}
	if len(snippet) > 60 {
		snippet = snippet[:60] + "..."
	}
	return validate.Problem{Pointer: fmt.Sprintf("line %d", line), Message: fmt.Sprintf("%s: %s", snippet, msg)}
}

func reportTranscript(w io.Writer, f string, problems []validate.Problem, err error, asJSON bool) bool {
	ok := err == nil && len(problems) == 0
	if asJSON {
		var verr *validate.Error
		if len(problems) > 0 {
			verr = &validate.Error{File: f, Problems: problems}
		}
		validateJSON(w, f, err, verr, nil, ok)
		return ok
	}
	switch {
	case err != nil:
		fmt.Fprintf(w, "%s: %v\n", f, err)
	case len(problems) > 0:
		for _, p := range problems {
			fmt.Fprintf(w, "%s:%s: %s\n", f, strings.TrimPrefix(p.Pointer, "line "), p.Message)
		}
	default:
		fmt.Fprintf(w, "%s: valid\n", f)
	}
	return ok
}
