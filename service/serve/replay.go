package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rulehost/rulehost/engine/session"
)

// Transcripts: a bundled ruleset's example games (NAME/transcripts/*.txt,
// docs/session.md) replayed without a session store, reply by reply, so
// a page can step through one and show each reply's records and the
// inventory block after it (the playground does).

type transcriptOut struct {
	Bundled string `json:"bundled"`
	Name    string `json:"name"`
}

type transcriptsResponse struct {
	Transcripts []transcriptOut `json:"transcripts"`
}

func (s *Server) handleTranscripts(ctx context.Context, r *http.Request) (any, error) {
	out := transcriptsResponse{Transcripts: []transcriptOut{}}
	if s.opts.Bundled == "" {
		return out, nil
	}
	files, err := filepath.Glob(filepath.Join(s.opts.Bundled, "*", "transcripts", "*.txt"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	for _, f := range files {
		bundled := filepath.Base(filepath.Dir(filepath.Dir(f)))
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		if bundledName.MatchString(bundled) && bundledName.MatchString(name) {
			out.Transcripts = append(out.Transcripts, transcriptOut{bundled, name})
		}
	}
	return out, nil
}

type replayRequest struct {
	rulesetSource
	sheetSources
	// Transcript names a bundled ruleset's transcript (without .txt);
	// Text is a transcript sent inline instead.
	Transcript string `json:"transcript,omitempty"`
	Text       string `json:"text,omitempty"`
	// Seed is the game's seed: 1 when left out, as the goldens are.
	Seed *uint64 `json:"seed,omitempty"`
}

// replayStep is one entry of the transcript as the engine answered it,
// with the party's blocks after it.
type replayStep struct {
	Seq       int         `json:"seq"`
	Kind      string      `json:"kind"`
	Text      string      `json:"text"`
	Records   []recordOut `json:"records"`
	Inventory string      `json:"inventory"`
	Live      string      `json:"live"`
}

type replayResponse struct {
	Steps []replayStep `json:"steps"`
}

func (s *Server) handleReplay(ctx context.Context, r *http.Request) (any, error) {
	var req replayRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	text, err := s.transcriptText(req)
	if err != nil {
		return nil, err
	}
	entries, err := session.ParseTranscript(strings.NewReader(text))
	if err != nil {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "bad-entry", Message: err.Error()}
	}
	rs, err := s.loadRuleset(req.rulesetSource)
	if err != nil {
		return nil, err
	}
	if req.Bundled != "" && len(req.Sheets) == 0 && len(req.BundledSheets) == 0 {
		if req.BundledSheets, err = s.bundledSheetNames(req.Bundled); err != nil {
			return nil, err
		}
	}
	sheets, err := s.loadSheets(rs, req.Bundled, req.sheetSources)
	if err != nil {
		return nil, err
	}
	if len(sheets) == 0 {
		return nil, badRequest("a replay needs a party: send sheets or bundledSheets (the first is the player)")
	}
	seed := uint64(1)
	if req.Seed != nil {
		seed = *req.Seed
	}
	return s.replay(ctx, session.New(rs, sheets, seed), entries)
}

// replay folds the entries one by one, checked whole first (a transcript
// with a regenerate where there is nothing to regenerate is refused
// before anything is answered).
func (s *Server) replay(ctx context.Context, sess *session.Session, entries []session.Entry) (any, error) {
	if s.opts.Host != nil {
		sess.Kinds, sess.Tags = s.pluginKinds(), s.pluginTags()
	}
	if err := sess.Check(entries); err != nil {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "bad-entry", Message: err.Error()}
	}
	out := replayResponse{Steps: make([]replayStep, 0, len(entries))}
	limit, size := s.maxReplayAnswer(), 0
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		reply, err := sess.Append(e.Kind, e.Text)
		if err != nil {
			return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "bad-entry", Message: fmt.Sprintf("transcript line %d: %v", e.Line, err)}
		}
		st := sess.State()
		step := replayStep{Seq: sess.Len(), Kind: e.Kind, Text: e.Text, Records: []recordOut{},
			Inventory: st.Party.Block(), Live: st.Party.LiveBlock()}
		size += len(step.Text) + len(step.Inventory) + len(step.Live)
		for _, rec := range reply.Records {
			ro := outRecord(rec)
			size += 2 * len(ro.Text) // the record's attributes, and its text
			step.Records = append(step.Records, ro)
		}
		if size > limit {
			return nil, &apiError{Status: http.StatusRequestEntityTooLarge, Code: "too-large", Message: fmt.Sprintf("transcript line %d: the replay's answer is over %d bytes (%d times the body limit); send a shorter transcript", e.Line, limit, replayAnswerFactor)}
		}
		out.Steps = append(out.Steps, step)
	}
	return out, nil
}

// replayAnswerFactor bounds a replay's answer at this many times the body
// limit. Every step repeats the party's blocks, so a body of many short
// entries would otherwise answer some thirty times its size (a 1 MB
// transcript of empty GM replies answered 34 MB), and one that grows the
// inventory first, quadratically more.
const replayAnswerFactor = 8

// maxReplayAnswer is the most bytes of steps a replay answers.
func (s *Server) maxReplayAnswer() int {
	const most = 1 << 30
	if s.opts.MaxBody > most/replayAnswerFactor {
		return most
	}
	return int(s.opts.MaxBody) * replayAnswerFactor
}

// transcriptText is the request's transcript: inline, or a bundled one.
func (s *Server) transcriptText(req replayRequest) (string, error) {
	switch {
	case req.Transcript != "" && req.Text != "":
		return "", badRequest("send transcript (a bundled name) or text, not both")
	case req.Text != "":
		return req.Text, nil
	case req.Transcript == "":
		return "", badRequest("send transcript (the name of a bundled ruleset's transcript, see GET /v1/transcripts) or text")
	case req.Bundled == "":
		return "", badRequest("transcript names a bundled ruleset's transcript; send bundled too")
	}
	if _, err := s.bundledPath("bundled", req.Bundled); err != nil {
		return "", err
	}
	path, err := s.bundledPath("transcript", req.Transcript, req.Bundled, "transcripts", req.Transcript+".txt")
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", &apiError{Status: http.StatusNotFound, Code: "unknown-bundled", Message: fmt.Sprintf("bundled ruleset %q has no transcript %q (GET /v1/transcripts lists them)", req.Bundled, req.Transcript)}
	}
	if err != nil {
		return "", fmt.Errorf("transcript: %w", err)
	}
	if int64(len(data)) > s.opts.MaxBody {
		return "", &apiError{Status: http.StatusRequestEntityTooLarge, Code: "too-large", Message: fmt.Sprintf("transcript %s is over %d bytes", req.Transcript, s.opts.MaxBody)}
	}
	return string(data), nil
}

// bundledSheetNames are a bundled ruleset's sheets in file order: its
// sample party, as the transcripts are written for.
func (s *Server) bundledSheetNames(bundled string) ([]string, error) {
	dir, err := s.bundledPath("bundled", bundled, bundled, "sheets")
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var names []string
	for _, f := range files {
		if n := strings.TrimSuffix(filepath.Base(f), ".json"); bundledName.MatchString(n) {
			names = append(names, n)
		}
	}
	return names, nil
}
