package serve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/metrics"
)

// What a bot needs beside appending: its sessions listed and deleted, an
// idle expiry, the bundled rulesets listed, event reads by limit and
// tail, an atomic batch append, a rate limit per key, and the store's
// latency in /metrics.

// ---- bundled

type bundledOut struct {
	Name        string   `json:"name"`
	Sheets      []string `json:"sheets"`
	Transcripts []string `json:"transcripts"`
}

// bundledList is every bundled ruleset (a folder with a ruleset.json) and
// its sheets and transcripts, by name, sorted.
func (s *Server) bundledList() []bundledOut {
	out := []bundledOut{}
	if s.opts.Bundled == "" {
		return out
	}
	files, _ := filepath.Glob(filepath.Join(s.opts.Bundled, "*", "ruleset.json"))
	sort.Strings(files)
	for _, f := range files {
		dir := filepath.Dir(f)
		name := filepath.Base(dir)
		if !bundledName.MatchString(name) {
			continue
		}
		b := bundledOut{Name: name, Sheets: names(filepath.Join(dir, "sheets", "*.json")), Transcripts: names(filepath.Join(dir, "transcripts", "*.txt"))}
		out = append(out, b)
	}
	return out
}

func names(glob string) []string {
	files, _ := filepath.Glob(glob)
	out := []string{}
	for _, f := range files {
		n := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		// a regular file (or a link to one): a folder named x.json, or a
		// dangling link, is no bundled file, listed or read
		if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() && bundledName.MatchString(n) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

func (s *Server) handleBundled(ctx context.Context, r *http.Request) (any, error) {
	return struct {
		Bundled []bundledOut `json:"bundled"`
	}{s.bundledList()}, nil
}

// bundledNames says what there is, for an unknown-bundled message.
func (s *Server) bundledNames() string {
	var out []string
	for _, b := range s.bundledList() {
		out = append(out, b.Name)
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

func (s *Server) sheetNames(bundled string) string {
	n := names(filepath.Join(s.opts.Bundled, bundled, "sheets", "*.json"))
	if len(n) == 0 {
		return "none"
	}
	return strings.Join(n, ", ")
}

// ---- list and delete

func (s *Server) lister() (session.Lister, error) {
	st, err := s.store()
	if err != nil {
		return nil, err
	}
	l, ok := st.(session.Lister)
	if ts, timed := st.(timedStore); timed {
		_, ok = ts.EventStore.(session.Lister)
	}
	if !ok {
		return nil, &apiError{Status: http.StatusNotFound, Code: "no-store", Message: "this service's store cannot list or delete sessions"}
	}
	return l, nil
}

func (s *Server) handleListSessions(ctx context.Context, r *http.Request) (any, error) {
	l, err := s.lister()
	if err != nil {
		return nil, err
	}
	limit, err := queryInt(r, "limit", MaxEventsPage)
	if err != nil {
		return nil, err
	}
	opts := session.ListOptions{Owner: owner(ctx), AllOwners: s.opts.Keys.Empty(), Limit: limit + 1}
	sums, err := l.List(ctx, opts)
	if err != nil {
		return nil, storeError(err)
	}
	more := len(sums) > limit
	if more {
		sums = sums[:limit]
	}
	return struct {
		Sessions []session.Summary `json:"sessions"`
		More     bool              `json:"more"`
	}{sums, more}, nil
}

func (s *Server) handleDeleteSession(ctx context.Context, r *http.Request) (any, error) {
	l, err := s.lister()
	if err != nil {
		return nil, err
	}
	id := r.PathValue("id")
	ls, err := s.liveOwned(ctx, id) // the owner's only, whichever version answered it
	if err != nil {
		return nil, err
	}
	if err := l.Delete(ctx, id); err != nil {
		return nil, storeError(err)
	}
	s.forget(id, ls)
	return struct {
		ID      string `json:"id"`
		Deleted bool   `json:"deleted"`
	}{id, true}, nil
}

// expireIdle deletes, every interval, the sessions idle for longer than
// Options.IdleExpiry, until ctx ends (Serve runs it).
func (s *Server) expireIdle(ctx context.Context) {
	l, ok := s.opts.Store.(session.Lister)
	if !ok || s.opts.IdleExpiry <= 0 {
		return
	}
	every := min(s.opts.IdleExpiry/4, time.Minute)
	tick := time.NewTicker(max(every, 10*time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		sums, err := l.List(ctx, session.ListOptions{AllOwners: true, IdleFor: s.opts.IdleExpiry, Limit: 1000})
		if err != nil {
			s.opts.Logger.Warn("idle expiry: listing sessions", "error", err)
			continue
		}
		for _, sum := range sums {
			if err := l.Delete(ctx, sum.ID); err != nil && !errors.Is(err, session.ErrNoSession) {
				s.opts.Logger.Warn("idle expiry: deleting a session", "id", sum.ID, "error", err)
				continue
			}
			s.liveMu.Lock()
			delete(s.sessions, sum.ID)
			s.liveMu.Unlock()
			s.metrics.expired.Inc()
			s.opts.Logger.Info("idle expiry: deleted", "id", sum.ID, "idle", time.Since(sum.Updated).Round(time.Second).String())
		}
	}
}

// queryInt reads a whole-number query parameter from 1 to max (def when
// absent).
func queryInt(r *http.Request, name string, max int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return max, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return 0, badRequest("%s=%q: a whole number from 1 to %d", name, v, max)
	}
	return n, nil
}

// ---- batch

type batchRequest struct {
	Entries     []appendRequestEntry `json:"entries"`
	ExpectedSeq *int                 `json:"expectedSeq,omitempty"`
}

type appendRequestEntry struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

type batchResponse struct {
	Seq     int        `json:"seq"`
	Replies []replyOut `json:"replies"`
}

// MaxBatch bounds the entries of one batch append.
const MaxBatch = 100

func (s *Server) handleBatch(ctx context.Context, r *http.Request) (any, error) {
	var req batchRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	if len(req.Entries) == 0 || len(req.Entries) > MaxBatch {
		return nil, badRequest("entries: 1 to %d entries, appended all or none", MaxBatch)
	}
	entries := make([]session.Entry, len(req.Entries))
	for i, e := range req.Entries {
		switch e.Kind {
		case session.GMReply, session.PlayerAction, session.Regenerate:
		default:
			return nil, badRequest(`entries/%d: kind %q: want "gm", "player" or "regenerate"`, i, e.Kind)
		}
		entries[i] = session.Entry{Kind: e.Kind, Text: e.Text}
	}
	key, err := idempotencyKey(r)
	if err != nil {
		return nil, err
	}
	return s.appendEntries(ctx, r.PathValue("id"), entries, req.ExpectedSeq, key)
}

// ---- rate limits

// limiters are the per-key token buckets (per client address without
// keys), created on first use and dropped all at once when there are
// too many (a fresh bucket is full: a client gains at most one burst).
type limiters struct {
	mu sync.Mutex
	m  map[string]*rate.Limiter
}

const maxLimiters = 10000

func (l *limiters) get(who string, r rate.Limit, burst int) *rate.Limiter {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.m == nil || len(l.m) >= maxLimiters {
		l.m = map[string]*rate.Limiter{}
	}
	lim := l.m[who]
	if lim == nil {
		lim = rate.NewLimiter(r, burst)
		l.m[who] = lim
	}
	return lim
}

// limit refuses a request over its key's rate (429 with Retry-After:
// when a token is there again).
func (s *Server) limit(r *http.Request, rt route) error {
	if s.opts.RateLimit <= 0 || rt.Public {
		return nil
	}
	who := owner(r.Context())
	if who == "" {
		who = clientAddr(r)
	}
	burst := s.opts.RateBurst
	if burst <= 0 {
		burst = max(1, int(math.Ceil(s.opts.RateLimit)))
	}
	lim := s.limiters.get(who, rate.Limit(s.opts.RateLimit), burst)
	res := lim.Reserve()
	if d := res.Delay(); d > 0 {
		res.Cancel()
		s.metrics.limited.Inc()
		return &apiError{Status: http.StatusTooManyRequests, Code: "rate-limited", RetryAfter: int(math.Ceil(d.Seconds())),
			Message: fmt.Sprintf("over %g requests a second (burst %d) for this key; retry after %s", s.opts.RateLimit, burst, d.Round(time.Millisecond))}
	}
	return nil
}

func clientAddr(r *http.Request) string {
	host := r.RemoteAddr
	if i := strings.LastIndexByte(host, ':'); i > 0 {
		host = host[:i]
	}
	return host
}

// ---- store latency

// timedStore measures every store call into /metrics
// (rulehost_store_seconds by store and operation) and passes the
// optional abilities (ping, watch, list) through.
type timedStore struct {
	session.EventStore
	hist *metrics.HistogramVec
}

func (t timedStore) time(op string, start time.Time) {
	t.hist.WithLabelValues(t.Name(), op).Observe(time.Since(start).Seconds())
}

func (t timedStore) Create(ctx context.Context, id string, rec session.Record) error {
	defer t.time("create", time.Now())
	return t.EventStore.Create(ctx, id, rec)
}

func (t timedStore) Record(ctx context.Context, id string) (session.Record, error) {
	defer t.time("record", time.Now())
	return t.EventStore.Record(ctx, id)
}

func (t timedStore) Append(ctx context.Context, id string, after int, events []session.Event) error {
	defer t.time("append", time.Now())
	return t.EventStore.Append(ctx, id, after, events)
}

func (t timedStore) Events(ctx context.Context, id string, after int) ([]session.Event, error) {
	defer t.time("events", time.Now())
	return t.EventStore.Events(ctx, id, after)
}

func (t timedStore) Ping(ctx context.Context) error {
	p, ok := t.EventStore.(session.Pinger)
	if !ok {
		return nil
	}
	defer t.time("ping", time.Now())
	return p.Ping(ctx)
}

var errNoWatch = errors.New("this store cannot watch")

func (t timedStore) Watch(ctx context.Context, id string) (<-chan struct{}, error) {
	w, ok := t.EventStore.(session.Watcher)
	if !ok {
		return nil, errNoWatch
	}
	return w.Watch(ctx, id)
}

func (t timedStore) List(ctx context.Context, opts session.ListOptions) ([]session.Summary, error) {
	l, ok := t.EventStore.(session.Lister)
	if !ok {
		return nil, errors.New("this store cannot list sessions")
	}
	defer t.time("list", time.Now())
	return l.List(ctx, opts)
}

func (t timedStore) Delete(ctx context.Context, id string) error {
	l, ok := t.EventStore.(session.Lister)
	if !ok {
		return errors.New("this store cannot delete sessions")
	}
	defer t.time("delete", time.Now())
	return l.Delete(ctx, id)
}

// errNoReanswer answers SetAnswers of a store that cannot record an
// answering version (handleUpgrade says so as 501).
var errNoReanswer = errors.New("this store cannot record an answering version")

func (t timedStore) SetAnswers(ctx context.Context, id string, from, to session.Answering) error {
	ra, ok := t.EventStore.(session.Reanswerer)
	if !ok {
		return errNoReanswer
	}
	defer t.time("upgrade", time.Now())
	return ra.SetAnswers(ctx, id, from, to)
}

// Answering is the store's AnsweringReader, timed; ok is false for a
// store that is none (a server then checks nothing more than its record).
func (t timedStore) answering(ctx context.Context, id string) (a session.Answering, ok bool, err error) {
	ar, ok := t.EventStore.(session.AnsweringReader)
	if !ok {
		return a, false, nil
	}
	defer t.time("answering", time.Now())
	a, err = ar.Answering(ctx, id)
	return a, true, err
}
