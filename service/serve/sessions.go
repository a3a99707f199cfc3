package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"sync"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Sessions over HTTP. The store (Options.Store) is the truth: every
// append goes to it with the seq the caller's fold ends at, and only what
// it acknowledged is folded. Each process keeps the sessions it has served
// folded in memory and, before every operation, folds only the events it
// has not seen (another process's appends), so several processes share a
// store safely.

// MaxEventsPage bounds the events one GET returns; a client pages on with
// after=.
const MaxEventsPage = 1000

// maxRetries bounds how often an append without expectedSeq catches up
// and tries again when other writers keep getting in first.
const maxRetries = 32

// liveSession is a session as this process has folded it.
type liveSession struct {
	once sync.Once
	err  error

	mu sync.Mutex
	s  *session.Session

	used uint64 // the server's liveTick when it was last asked for (under liveMu)
}

func (s *Server) store() (session.EventStore, error) {
	if s.opts.Store == nil {
		return nil, &apiError{Status: http.StatusNotFound, Code: "no-store", Message: "this service was started without a session store"}
	}
	return s.opts.Store, nil
}

// live returns the session folded up to where this process last saw it
// (load it from the store the first time). The caller locks it and
// catches up.
func (s *Server) live(ctx context.Context, id string) (*liveSession, error) {
	st, err := s.store()
	if err != nil {
		return nil, err
	}
	if err := session.CheckID(id); err != nil {
		return nil, badRequest("%v", err)
	}
	s.liveMu.Lock()
	if s.sessions == nil {
		s.sessions = map[string]*liveSession{}
	}
	ls := s.sessions[id]
	if ls == nil {
		if len(s.sessions) >= s.opts.MaxLive {
			s.dropOldest()
		}
		ls = &liveSession{}
		s.sessions[id] = ls
	}
	s.liveTick++
	ls.used = s.liveTick
	s.liveMu.Unlock()
	ls.once.Do(func() { ls.s, ls.err = s.openSession(ctx, st, id) })
	if ls.err != nil {
		s.forget(id, ls)
		return nil, ls.err
	}
	return ls, nil
}

// dropOldest forgets the folded session used longest ago (under liveMu),
// so that clients creating sessions cannot grow this process without
// bound. A request still holding it finishes with it; appends stay safe
// because every append names the seq it expects.
func (s *Server) dropOldest() {
	oldest, at := "", uint64(0)
	for id, ls := range s.sessions {
		if oldest == "" || ls.used < at {
			oldest, at = id, ls.used
		}
	}
	delete(s.sessions, oldest)
}

// forget drops a session this process could not fold, so the next
// request loads it afresh.
func (s *Server) forget(id string, ls *liveSession) {
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	if s.sessions[id] == ls {
		delete(s.sessions, id)
	}
}

// openSession loads a session's ruleset and party from its stored record
// (checked against the record's hashes) and starts an empty fold.
func (s *Server) openSession(ctx context.Context, st session.EventStore, id string) (*session.Session, error) {
	rec, err := st.Record(ctx, id)
	if err != nil {
		return nil, storeError(err)
	}
	rs, err := ruleset.Load("ruleset", rec.Ruleset, s.rulesetOptions())
	if err != nil {
		return nil, fmt.Errorf("session %s: its stored ruleset no longer loads here: %w", id, err)
	}
	var sheets []*sheet.Sheet
	for i, raw := range rec.Party {
		sh, err := sheet.Load(fmt.Sprintf("party/%d", i), raw, rs)
		if err != nil {
			return nil, fmt.Errorf("session %s: its stored party no longer loads here: %w", id, err)
		}
		sheets = append(sheets, sh)
	}
	sess := session.New(rs, sheets, rec.Config.Seed)
	if s.opts.Host != nil {
		sess.Kinds, sess.Tags = s.pluginKinds(), s.pluginTags()
	}
	return sess, nil
}

// catchUp folds the events other processes appended since this one last
// looked. The caller holds ls.mu.
func (s *Server) catchUp(ctx context.Context, id string, ls *liveSession) error {
	evs, err := s.opts.Store.Events(ctx, id, ls.s.Len())
	if err != nil {
		return storeError(err)
	}
	if _, err := ls.s.Extend(evs); err != nil {
		s.forget(id, ls)
		return err
	}
	return nil
}

// storeError maps the store's errors to answers.
func storeError(err error) error {
	var ce *session.ConflictError
	switch {
	case errors.As(err, &ce):
		cur := ce.Current
		return &apiError{Status: http.StatusConflict, Code: "conflict", Message: ce.Error(), Seq: &cur}
	case errors.Is(err, session.ErrNoSession):
		return &apiError{Status: http.StatusNotFound, Code: "unknown-session", Message: err.Error()}
	case errors.Is(err, session.ErrExists):
		return &apiError{Status: http.StatusConflict, Code: "exists", Message: err.Error()}
	case errors.Is(err, session.ErrBadID):
		return badRequest("%v", err)
	}
	return err
}

// ---- create

type createRequest struct {
	ID string `json:"id,omitempty"`
	rulesetSource
	sheetSources
	Seed uint64 `json:"seed"`
}

type createResponse struct {
	ID  string `json:"id"`
	Seq int    `json:"seq"`
}

func (s *Server) handleCreateSession(ctx context.Context, r *http.Request) (any, error) {
	st, err := s.store()
	if err != nil {
		return nil, err
	}
	var req createRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	if req.ID == "" {
		req.ID = newID()
	} else if err := session.CheckID(req.ID); err != nil {
		return nil, badRequest("id: %v", err)
	}
	rulesetJSON, party, err := s.sessionContent(req)
	if err != nil {
		return nil, err
	}
	if err := st.Create(ctx, req.ID, session.NewRecord(rulesetJSON, party, req.Seed)); err != nil {
		return nil, storeError(err)
	}
	return createResponse{ID: req.ID}, nil
}

// sessionContent is the ruleset and party JSON a session is stored with
// (a bundled one's file bytes), checked by loading them.
func (s *Server) sessionContent(req createRequest) ([]byte, [][]byte, error) {
	_, sheets, err := s.loadParty(req.rulesetSource, req.sheetSources)
	if err != nil {
		return nil, nil, err
	}
	if len(sheets) == 0 {
		return nil, nil, badRequest("a session needs a party: send sheets or bundledSheets (the first is the player)")
	}
	rulesetJSON := []byte(req.Ruleset)
	if req.Bundled != "" {
		path, _ := s.bundledPath("bundled", req.Bundled, req.Bundled, "ruleset.json")
		if rulesetJSON, err = os.ReadFile(path); err != nil {
			return nil, nil, err
		}
	}
	var party [][]byte
	for _, raw := range req.Sheets {
		party = append(party, raw)
	}
	for _, name := range req.BundledSheets {
		path, _ := s.bundledPath("bundledSheets", name, req.Bundled, "sheets", name+".json")
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		party = append(party, b)
	}
	return rulesetJSON, party, nil
}

func newID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ---- append and regenerate

type appendRequest struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
	// ExpectedSeq, when given, is the seq the caller believes the log
	// ends at: the append is refused (409, with the current seq) if it
	// does not. Without it the service appends at the end, whatever it is.
	ExpectedSeq *int `json:"expectedSeq,omitempty"`
}

type replyOut struct {
	Kind    string      `json:"kind"`
	Text    string      `json:"text"`
	Records []recordOut `json:"records"`
}

type appendResponse struct {
	Seq   int      `json:"seq"`
	Reply replyOut `json:"reply"`
}

func (s *Server) handleAppend(ctx context.Context, r *http.Request) (any, error) {
	var req appendRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	if req.Kind != session.GMReply && req.Kind != session.PlayerAction {
		return nil, badRequest(`kind %q: want "gm" or "player" (POST .../regenerate replaces the last GM reply)`, req.Kind)
	}
	return s.appendEntry(ctx, r.PathValue("id"), session.Entry{Kind: req.Kind, Text: req.Text}, req.ExpectedSeq)
}

type regenerateRequest struct {
	Text        string `json:"text"`
	ExpectedSeq *int   `json:"expectedSeq,omitempty"`
}

func (s *Server) handleRegenerate(ctx context.Context, r *http.Request) (any, error) {
	var req regenerateRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	return s.appendEntry(ctx, r.PathValue("id"), session.Entry{Kind: session.Regenerate, Text: req.Text}, req.ExpectedSeq)
}

// appendEntry checks the entry against the session as this process has
// folded it and appends it after the seq that fold ends at. The store is
// the judge of whether that is still the end: the append is refused when
// another writer got in first, and only then does this process read what
// it missed (so an append costs no read of the log). With expectedSeq a
// conflict is the caller's to resolve (409 with the current seq); without,
// the service catches up and tries again.
func (s *Server) appendEntry(ctx context.Context, id string, e session.Entry, expected *int) (any, error) {
	r, seq, err := s.appendReply(ctx, id, e, expected)
	if err != nil {
		return nil, err
	}
	return appendResponse{Seq: seq, Reply: s.outReply(r)}, nil
}

// appendReply is appendEntry's work: the entry's fold and its seq.
func (s *Server) appendReply(ctx context.Context, id string, e session.Entry, expected *int) (session.Reply, int, error) {
	fail := func(err error) (session.Reply, int, error) { return session.Reply{}, 0, err }
	if expected != nil && *expected < 0 {
		return fail(badRequest("expectedSeq %d: a seq is never negative", *expected))
	}
	ls, err := s.live(ctx, id)
	if err != nil {
		return fail(err)
	}
	st := s.opts.Store
	ls.mu.Lock()
	defer ls.mu.Unlock()
	for attempt := 0; ; attempt++ {
		at := ls.s.Len()
		if expected != nil && *expected != at {
			// This fold may be behind the store: look before refusing.
			if err := s.catchUp(ctx, id, ls); err != nil {
				return fail(err)
			}
			if at = ls.s.Len(); *expected != at {
				s.metrics.appends.WithLabelValues(st.Name(), "conflict").Inc()
				return fail(storeError(&session.ConflictError{ID: id, Expected: *expected, Current: at}))
			}
		}
		evs, err := ls.s.Next([]session.Entry{e})
		if err != nil {
			// Refused against this fold; it may be behind (a regenerate
			// after another process's GM reply): look, then judge again.
			if caught, cerr := s.caughtUp(ctx, id, ls); cerr != nil || !caught {
				if cerr != nil {
					return fail(cerr)
				}
				return fail(&apiError{Status: http.StatusUnprocessableEntity, Code: "bad-entry", Message: err.Error()})
			}
			continue
		}
		err = st.Append(ctx, id, at, evs)
		var ce *session.ConflictError
		if errors.As(err, &ce) {
			s.metrics.appends.WithLabelValues(st.Name(), "conflict").Inc()
			if err := s.catchUp(ctx, id, ls); err != nil {
				return fail(err)
			}
			if expected != nil || attempt >= maxRetries {
				return fail(storeError(err))
			}
			continue
		}
		if err != nil {
			s.metrics.appends.WithLabelValues(st.Name(), "error").Inc()
			return fail(storeError(err))
		}
		s.metrics.appends.WithLabelValues(st.Name(), "ok").Inc()
		replies, err := ls.s.Extend(evs)
		if err != nil {
			s.forget(id, ls)
			return fail(err)
		}
		return replies[0], evs[0].Seq, nil
	}
}

// caughtUp folds what other writers appended and says whether there was
// anything (false: this fold was current).
func (s *Server) caughtUp(ctx context.Context, id string, ls *liveSession) (bool, error) {
	before := ls.s.Len()
	if err := s.catchUp(ctx, id, ls); err != nil {
		return false, err
	}
	return ls.s.Len() > before, nil
}

func (s *Server) outReply(r session.Reply) replyOut {
	out := replyOut{Kind: r.Kind, Text: r.Text, Records: []recordOut{}}
	for _, rec := range r.Records {
		s.metrics.countRecord(rec)
		out.Records = append(out.Records, outRecord(rec))
	}
	return out
}

// ---- read

type stateResponse struct {
	ID        string          `json:"id"`
	Seq       int             `json:"seq"`
	Seed      uint64          `json:"seed"`
	Replies   int             `json:"replies"`
	LastReply *replyOut       `json:"lastReply,omitempty"`
	Inventory string          `json:"inventory"`
	Live      string          `json:"live"`
	Party     json.RawMessage `json:"party"`
}

// readLive answers a read of a session from its fold brought up to the
// end of its log, under the session's lock: read encodes whatever points
// into the fold before it returns (the fold moves on after).
func (s *Server) readLive(ctx context.Context, id string, read func(ls *liveSession) (any, error)) (any, error) {
	ls, err := s.live(ctx, id)
	if err != nil {
		return nil, err
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if err := s.catchUp(ctx, id, ls); err != nil {
		return nil, err
	}
	return read(ls)
}

func (s *Server) handleState(ctx context.Context, r *http.Request) (any, error) {
	id := r.PathValue("id")
	return s.readLive(ctx, id, func(ls *liveSession) (any, error) { return s.state(id, ls) })
}

// state is a session's state response (under its lock).
func (s *Server) state(id string, ls *liveSession) (any, error) {
	st := ls.s.State()
	party, err := json.Marshal(st.Party) // now, under the lock: the fold moves on
	if err != nil {
		return nil, err
	}
	out := stateResponse{ID: id, Seq: ls.s.Len(), Seed: ls.s.Seed, Replies: len(st.Replies),
		Inventory: st.Party.Block(), Live: st.Party.LiveBlock(), Party: party}
	if n := len(st.Replies); n > 0 {
		last := replyOutQuiet(st.Replies[n-1])
		out.LastReply = &last
	}
	return out, nil
}

// replyOutQuiet is a reply as read back (not counted as answered again).
func replyOutQuiet(r session.Reply) replyOut {
	out := replyOut{Kind: r.Kind, Text: r.Text, Records: []recordOut{}}
	for _, rec := range r.Records {
		out.Records = append(out.Records, outRecord(rec))
	}
	return out
}

type eventsResponse struct {
	Events []session.Event `json:"events"`
	// More is set when the page stopped at MaxEventsPage: ask again after
	// the last seq.
	More bool `json:"more"`
}

func (s *Server) handleEvents(ctx context.Context, r *http.Request) (any, error) {
	st, err := s.store()
	if err != nil {
		return nil, err
	}
	id := r.PathValue("id")
	if err := session.CheckID(id); err != nil {
		return nil, badRequest("%v", err)
	}
	after := 0
	if a := r.URL.Query().Get("after"); a != "" {
		if after, err = strconv.Atoi(a); err != nil || after < 0 {
			return nil, badRequest("after=%q: a seq is a whole number from 0", a)
		}
	}
	evs, err := st.Events(ctx, id, after)
	if err != nil {
		return nil, storeError(err)
	}
	out := eventsResponse{Events: evs}
	if len(evs) > MaxEventsPage {
		out.Events, out.More = evs[:MaxEventsPage], true
	}
	return out, nil
}
