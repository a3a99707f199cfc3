package serve

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

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
	// owner is the tenant that created it (Record.Owner).
	owner string
	// answers is the answering version its record says answered its log
	// (Config.Answers): live refuses it unless this engine's.
	answers int
	// keyed are the answers of its events with idempotency keys.
	keyed map[string]keyedAnswer
	// pins are the plugins its record pins by name, now those this
	// service would pin for it, and changed how the two differ
	// (pins.go): live refuses it while changed is not empty.
	pins, now []session.PluginRef
	changed   []string

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
// catches up. A session whose log another answering version answered is
// refused (409 answered-by-another-version): its fold here could differ
// from what its players were told, so it is upgraded on purpose first
// (POST /v1/sessions/{id}/upgrade, upgrade.go).
//
// A session this process keeps folded is checked against what its store
// says answers it now (session.AnsweringReader): once another server has
// upgraded it (another version, other plugins), this one reads its
// record afresh, and so refuses it rather than answer it with what it
// folded before.
func (s *Server) live(ctx context.Context, id string) (*liveSession, error) {
	ls, err := s.liveOwned(ctx, id)
	if err != nil {
		return nil, err
	}
	if moved, err := s.answeringMoved(ctx, id, ls); err != nil {
		return nil, err
	} else if moved {
		s.forget(id, ls)
		if ls, err = s.liveOwned(ctx, id); err != nil {
			return nil, err
		}
	}
	if ls.answers != session.AnswerVersion {
		s.forget(id, ls) // read its record afresh next time: another process may upgrade it
		return nil, answeredElsewhere(id, ls.answers)
	}
	if len(ls.changed) > 0 {
		s.forget(id, ls)
		return nil, pluginsChanged(id, ls.changed)
	}
	return ls, nil
}

// answeringMoved reports whether the store says something else answers
// the session now than what ls was folded from.
func (s *Server) answeringMoved(ctx context.Context, id string, ls *liveSession) (bool, error) {
	t, ok := s.opts.Store.(timedStore)
	if !ok {
		return false, nil
	}
	now, ok, err := t.answering(ctx, id)
	if err != nil {
		return false, storeError(err)
	}
	if !ok {
		return false, nil
	}
	return !now.Equal(session.Answering{Version: ls.answers, Plugins: ls.pins}), nil
}

// liveOwned is live without the answering version's check, for what reads
// or deletes a session as stored (its events, its stream, its deletion)
// without answering anything: nothing is lost to a version change.
func (s *Server) liveOwned(ctx context.Context, id string) (*liveSession, error) {
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
	ls.once.Do(func() {
		var o opened
		o, ls.err = s.foldRecord(ctx, st, id)
		ls.s, ls.owner, ls.answers, ls.keyed = o.s, o.owner, o.answers, o.keyed
		ls.pins, ls.now, ls.changed = o.pins, o.now, o.changed
	})
	if ls.err != nil {
		s.forget(id, ls)
		return nil, ls.err
	}
	if ls.owner != owner(ctx) && !s.opts.Keys.Empty() {
		// Another key's session is absent to this one: the same answer
		// as for no session, so ids cannot be probed.
		return nil, storeError(fmt.Errorf("session %s %w", id, session.ErrNoSession))
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

// opened is a stored session as foldRecord loaded it: its fold (from
// the store's snapshot, or empty for the caller to catch up), its owner,
// the answering version its record names, and the answers of the keyed
// events folded from a snapshot.
type opened struct {
	s       *session.Session
	owner   string
	answers int
	keyed   map[string]keyedAnswer

	pins, now []session.PluginRef
	changed   []string
}

// foldRecord loads a session's ruleset and party from its stored record
// (checked against the record's hashes) and folds its log from the
// store's snapshot (snapshots.go), or starts an empty fold.
func (s *Server) foldRecord(ctx context.Context, st session.EventStore, id string) (opened, error) {
	rec, err := st.Record(ctx, id)
	if err != nil {
		return opened{}, storeError(err)
	}
	rs, err := ruleset.Load("ruleset", rec.Ruleset, s.rulesetOptions())
	if err != nil {
		return opened{}, fmt.Errorf("session %s: its stored ruleset no longer loads here: %w", id, err)
	}
	var sheets []*sheet.Sheet
	for i, raw := range rec.Party {
		sh, err := sheet.Load(fmt.Sprintf("party/%d", i), raw, rs)
		if err != nil {
			return opened{}, fmt.Errorf("session %s: its stored party no longer loads here: %w", id, err)
		}
		sheets = append(sheets, sh)
	}
	var h session.Hooks
	if s.opts.Host != nil {
		h = session.Hooks{Kinds: s.pluginKinds(), Tags: s.pluginTags()}
	}
	now, err := s.pinsFor(rs)
	if err != nil {
		return opened{}, err
	}
	o := opened{owner: rec.Owner, answers: rec.Config.Answers, pins: rec.Config.NamePins(), now: now}
	o.changed = session.ComparePins(o.pins, now)
	if o.answers == session.AnswerVersion && len(o.changed) == 0 { // a session answered otherwise is refused, not folded
		o.s, o.keyed = s.foldStored(ctx, st, id, rec, rs, sheets, h)
	}
	if o.s == nil {
		o.s = session.FoldWith(rs, sheets, rec.Config.Seed, nil, h)
	}
	return o, nil
}

// catchUp folds the events other processes appended since this one last
// looked. The caller holds ls.mu.
func (s *Server) catchUp(ctx context.Context, id string, ls *liveSession) error {
	evs, err := s.opts.Store.Events(ctx, id, ls.s.Len())
	if err != nil {
		return storeError(err)
	}
	replies, err := ls.s.Extend(evs)
	if err != nil {
		s.forget(id, ls)
		return err
	}
	for i, ev := range evs {
		if ev.Key != "" {
			ls.remember(ev, appendResponse{Seq: ev.Seq, Reply: replyOutQuiet(replies[i])})
		}
	}
	s.keepSnapshot(ctx, id, ls)
	return nil
}

// keyedAnswer is the answer an append with an Idempotency-Key got, kept
// to answer its retries the same (and to tell a reused key by its body).
type keyedAnswer struct {
	kind, text string
	answer     appendResponse
}

// remember keeps the answer of a keyed event (under ls.mu).
func (ls *liveSession) remember(ev session.Event, a appendResponse) {
	if ls.keyed == nil {
		ls.keyed = map[string]keyedAnswer{}
	}
	ls.keyed[ev.Key] = keyedAnswer{kind: ev.Kind, text: ev.Text, answer: a}
}

// idempotencyKey is the request's Idempotency-Key header ("" for none).
func idempotencyKey(r *http.Request) (string, error) {
	v := r.Header.Values("Idempotency-Key")
	switch {
	case len(v) == 0:
		return "", nil
	case len(v) > 1:
		return "", badRequest("Idempotency-Key: give one")
	}
	if err := session.CheckKey(v[0]); err != nil {
		return "", badRequest("Idempotency-Key: %v", err)
	}
	if strings.Contains(v[0], "#") || len(v[0]) > session.MaxKey-4 {
		// key#1, key#2 ... are the keys of a batch's later events
		return "", badRequest("Idempotency-Key %q: at most %d characters, without #", v[0], session.MaxKey-4)
	}
	return v[0], nil
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
	case errors.Is(err, session.ErrUnavailable):
		return unavailable(err)
	}
	return err
}

// unavailable is a store outage: 503, retry in a second or two.
func unavailable(err error) *apiError {
	return &apiError{Status: http.StatusServiceUnavailable, Code: "store-unavailable", RetryAfter: 2,
		Message: fmt.Sprintf("the session store does not answer now (%v); nothing was changed unless the store had already committed it: retry shortly, with the same Idempotency-Key", err)}
}

// StoreGrace bounds a store write that runs past the request's
// deadline: once a write is started it is let finish (or fail) on its
// own, so that what the store commits is what the client is told; only
// a store hung for this long is given up on (and the answer is then
// 503 deadline with the outcome unknown: retry with the same
// Idempotency-Key).
const StoreGrace = 30 * time.Second

func (s *Server) storeContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), StoreGrace)
}

type readyResponse struct {
	Status string `json:"status"`
	Store  string `json:"store,omitempty"`
}

// handleReady says whether the store answers now (a PostgreSQL ping,
// the folder writable), for a balancer to send traffic elsewhere.
func (s *Server) handleReady(ctx context.Context, r *http.Request) (any, error) {
	st := s.opts.Store
	if st == nil {
		return readyResponse{Status: "ready"}, nil
	}
	if p, ok := st.(session.Pinger); ok {
		if err := p.Ping(ctx); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				err = session.Unavailable(err)
			}
			return nil, unavailable(err)
		}
	}
	return readyResponse{Status: "ready", Store: st.Name()}, nil
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
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	switch {
	case req.ID == "" && key != "":
		req.ID = keyedID(owner(ctx), key) // a retry names the same session
	case req.ID == "":
		req.ID = newID()
	default:
		if err := session.CheckID(req.ID); err != nil {
			return nil, badRequest("id: %v", err)
		}
	}
	rs, rulesetJSON, party, err := s.sessionContent(req)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rec := session.NewRecord(rulesetJSON, party, req.Seed)
	if rec.Config.Plugins, err = s.pinsFor(rs); err != nil {
		return nil, err
	}
	rec.Owner = owner(ctx)
	if key != "" {
		rec.CreateKey, rec.CreateHash = key, requestHash(req)
	}
	cctx, cancel := s.storeContext(ctx)
	defer cancel()
	if err := st.Create(cctx, req.ID, rec); err != nil {
		if errors.Is(err, session.ErrExists) && key != "" {
			return s.createdBefore(cctx, st, req.ID, rec)
		}
		return nil, storeError(err)
	}
	return createResponse{ID: req.ID}, nil
}

// sessionContent is the ruleset and party JSON a session is stored with
// (a bundled one's file bytes), checked by loading them, and the ruleset
// loaded.
func (s *Server) sessionContent(req createRequest) (*ruleset.Ruleset, []byte, [][]byte, error) {
	rs, sheets, err := s.loadParty(req.rulesetSource, req.sheetSources)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(sheets) == 0 {
		return nil, nil, nil, badRequest("a session needs a party: send sheets or bundledSheets (the first is the player)")
	}
	rulesetJSON := []byte(req.Ruleset)
	if req.Bundled != "" {
		path, _ := s.bundledPath("bundled", req.Bundled, req.Bundled, "ruleset.json")
		if rulesetJSON, err = os.ReadFile(path); err != nil {
			return nil, nil, nil, err
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
			return nil, nil, nil, err
		}
		party = append(party, b)
	}
	return rs, rulesetJSON, party, nil
}

// createdBefore answers a create whose id exists: the first answer if
// that session was created by the same owner with the same key and body
// (a retry), 422 for the same key with another body, else 409 exists.
func (s *Server) createdBefore(ctx context.Context, st session.EventStore, id string, rec session.Record) (any, error) {
	prev, err := st.Record(ctx, id)
	if err != nil {
		return nil, storeError(err)
	}
	if prev.Owner != rec.Owner || prev.CreateKey != rec.CreateKey {
		return nil, storeError(fmt.Errorf("session %s %w", id, session.ErrExists))
	}
	if prev.CreateHash != rec.CreateHash {
		return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "idempotency-mismatch", Message: fmt.Sprintf(
			"Idempotency-Key %q created session %s from another body; a retry sends the same body, a new session a new key", rec.CreateKey, id)}
	}
	return createResponse{ID: id}, nil
}

// keyedID is the id of a session created with an Idempotency-Key and no
// id: derived from the owner and the key, so that a retry (to any
// server) names the same session.
func keyedID(owner, key string) string {
	h := sha256.Sum256([]byte(owner + "\x00" + key))
	return "i" + hex.EncodeToString(h[:])[:23]
}

// requestHash is a create request's content hash (its JSON re-encoded,
// so spacing does not matter), to tell a retry from a reused key.
func requestHash(req createRequest) string {
	b, _ := json.Marshal(req)
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:])
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
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	return s.appendEntry(ctx, r.PathValue("id"), session.Entry{Kind: req.Kind, Text: req.Text}, req.ExpectedSeq, key)
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
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	return s.appendEntry(ctx, r.PathValue("id"), session.Entry{Kind: session.Regenerate, Text: req.Text}, req.ExpectedSeq, key)
}

// appendEntry checks the entry against the session as this process has
// folded it and appends it after the seq that fold ends at. The store is
// the judge of whether that is still the end: the append is refused when
// another writer got in first, and only then does this process read what
// it missed (so an append costs no read of the log). With expectedSeq a
// conflict is the caller's to resolve (409 with the current seq); without,
// the service catches up and tries again.
func (s *Server) appendEntry(ctx context.Context, id string, e session.Entry, expected *int, key string) (any, error) {
	out, err := s.appendEntries(ctx, id, []session.Entry{e}, expected, key)
	if err != nil {
		return nil, err
	}
	b := out.(batchResponse)
	return appendResponse{Seq: b.Seq, Reply: b.Replies[0]}, nil
}

// entryKey is the idempotency key of a batch's i-th event: the request's
// key for the first, and key#i for the others, so each event of a batch
// carries one (unique in the session) and a retry finds them all.
func entryKey(key string, i int) string {
	if key == "" || i == 0 {
		return key
	}
	return key + "#" + strconv.Itoa(i)
}

// replayedBatch answers a keyed append whose first event the fold holds:
// the first answer if every entry is the one stored under its key, 422
// when the key was used for other entries. ok is false when the key is
// new.
func replayedBatch(ls *liveSession, entries []session.Entry, key string) (any, bool, error) {
	first, ok := ls.keyed[key]
	if !ok {
		return nil, false, nil
	}
	out := batchResponse{Seq: first.answer.Seq}
	for i, e := range entries {
		a, ok := ls.keyed[entryKey(key, i)]
		if !ok || a.kind != e.Kind || a.text != e.Text {
			return nil, true, &apiError{Status: http.StatusUnprocessableEntity, Code: "idempotency-mismatch", Message: fmt.Sprintf(
				"Idempotency-Key %q was used for another append (seq %d, a %s entry); a retry sends the same body, a new append a new key", key, first.answer.Seq, first.kind)}
		}
		out.Replies = append(out.Replies, a.answer.Reply)
	}
	if _, more := ls.keyed[entryKey(key, len(entries))]; more && len(entries) > 0 {
		return nil, true, &apiError{Status: http.StatusUnprocessableEntity, Code: "idempotency-mismatch", Message: fmt.Sprintf(
			"Idempotency-Key %q was used for a larger batch (from seq %d); a retry sends the same body, a new append a new key", key, first.answer.Seq)}
	}
	return out, true, nil
}

// appendEntries appends entries as one batch (all or none) and answers
// the seq of the first and every entry's reply.
func (s *Server) appendEntries(ctx context.Context, id string, entries []session.Entry, expected *int, key string) (any, error) {
	return s.appendEntriesTo(ctx, id, entries, expected, key, nil)
}

// appendReply appends one unkeyed entry and gives its fold's reply as the
// engine gave it (tool calls read the record, not the HTTP form) and its seq.
func (s *Server) appendReply(ctx context.Context, id string, e session.Entry, expected *int) (session.Reply, int, error) {
	var raw []session.Reply
	out, err := s.appendEntriesTo(ctx, id, []session.Entry{e}, expected, "", &raw)
	if err != nil {
		return session.Reply{}, 0, err
	}
	return raw[0], out.(batchResponse).Seq, nil
}

// appendEntriesTo is appendEntries' work; raw, when not nil, receives the
// replies of a new append as the fold gave them.
func (s *Server) appendEntriesTo(ctx context.Context, id string, entries []session.Entry, expected *int, key string, raw *[]session.Reply) (any, error) {
	if expected != nil && *expected < 0 {
		return nil, badRequest("expectedSeq %d: a seq is never negative", *expected)
	}
	ls, err := s.live(ctx, id)
	if err != nil {
		return nil, err
	}
	st := s.opts.Store
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if key != "" {
		// A retry: whichever process stored the first, its events are in
		// the log by now (a key is checked before expectedSeq, which the
		// first append has moved past).
		if err := s.catchUp(ctx, id, ls); err != nil {
			return nil, err
		}
		if out, ok, err := replayedBatch(ls, entries, key); ok {
			return out, err
		}
	}
	for attempt := 0; ; attempt++ {
		at := ls.s.Len()
		if expected != nil && *expected != at {
			// This fold may be behind the store: look before refusing.
			if err := s.catchUp(ctx, id, ls); err != nil {
				return nil, err
			}
			if at = ls.s.Len(); *expected != at {
				s.metrics.appends.WithLabelValues(st.Name(), "conflict").Inc()
				return nil, storeError(&session.ConflictError{ID: id, Expected: *expected, Current: at})
			}
		}
		evs, err := ls.s.Next(entries)
		if err != nil {
			// Refused against this fold; it may be behind (a regenerate
			// after another process's GM reply): look, then judge again.
			if caught, cerr := s.caughtUp(ctx, id, ls); cerr != nil || !caught {
				if cerr != nil {
					return nil, cerr
				}
				return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "bad-entry", Message: err.Error()}
			}
			continue
		}
		// Work not started is what a deadline cancels; an append started
		// runs to the store's answer, which is then the client's.
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i := range evs {
			evs[i].Key = entryKey(key, i)
		}
		actx, cancel := s.storeContext(ctx)
		err = st.Append(actx, id, at, evs)
		cancel()
		var de *session.DuplicateKeyError
		if errors.As(err, &de) {
			// Another process stored this key meanwhile: answer as it did.
			if err := s.catchUp(ctx, id, ls); err != nil {
				return nil, err
			}
			if out, ok, err := replayedBatch(ls, entries, key); ok {
				return out, err
			}
			return nil, &apiError{Status: http.StatusUnprocessableEntity, Code: "idempotency-mismatch", Message: de.Error() + "; a new append needs a new key"}
		}
		var ce *session.ConflictError
		if errors.As(err, &ce) {
			s.metrics.appends.WithLabelValues(st.Name(), "conflict").Inc()
			if err := s.catchUp(ctx, id, ls); err != nil {
				return nil, err
			}
			if expected != nil || attempt >= maxRetries {
				return nil, storeError(err)
			}
			continue
		}
		if err != nil {
			s.metrics.appends.WithLabelValues(st.Name(), "error").Inc()
			return nil, storeError(err)
		}
		s.metrics.appends.WithLabelValues(st.Name(), "ok").Inc()
		replies, err := ls.s.Extend(evs)
		if err != nil {
			s.forget(id, ls)
			return nil, err
		}
		s.keepSnapshot(ctx, id, ls) // every SnapshotEvery events (snapshots.go)
		if raw != nil {
			*raw = replies
		}
		out := batchResponse{Seq: evs[0].Seq}
		for i, ev := range evs {
			reply := s.outReply(replies[i])
			out.Replies = append(out.Replies, reply)
			if ev.Key != "" {
				ls.remember(ev, appendResponse{Seq: ev.Seq, Reply: reply})
			}
		}
		return out, nil
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
	if _, err := s.liveOwned(ctx, id); err != nil { // the owner's only, as stored
		return nil, err
	}
	after := 0
	if a := r.URL.Query().Get("after"); a != "" {
		if after, err = strconv.Atoi(a); err != nil || after < 0 {
			return nil, badRequest("after=%q: a seq is a whole number from 0", a)
		}
	}
	limit, err := queryInt(r, "limit", MaxEventsPage)
	if err != nil {
		return nil, err
	}
	tail := 0
	if r.URL.Query().Has("tail") {
		if tail, err = queryInt(r, "tail", MaxEventsPage); err != nil {
			return nil, err
		}
	}
	evs, err := st.Events(ctx, id, after)
	if err != nil {
		return nil, storeError(err)
	}
	if tail > 0 && len(evs) > tail {
		evs = evs[len(evs)-tail:] // the last ones; more stays false: nothing after them
	}
	out := eventsResponse{Events: evs}
	if len(evs) > limit {
		out.Events, out.More = evs[:limit], true
	}
	return out, nil
}
