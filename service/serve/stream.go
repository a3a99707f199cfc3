package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/rulehost/rulehost/engine/session"
)

// Event streams (GET /v1/sessions/{id}/events/stream): the session's
// events as Server-Sent Events, each with its seq as the event id, from
// the seq after Last-Event-ID (or ?after=) on, then each new one as it is
// stored, by whichever process. The stream reads the store after every
// wake-up (the store's Watch, or a poll when it has none) from the last
// seq it sent, so a client that reconnects with Last-Event-ID, to this
// server or another, gets every event once, in order.

const (
	// StreamPoll is how often a stream looks at a store that cannot
	// signal (and the longest a missed signal can delay an event).
	StreamPoll = time.Second
	// streamHeartbeat keeps idle connections (and proxies) open.
	streamHeartbeat = 15 * time.Second
)

func (s *Server) handleStream(ctx context.Context, r *http.Request) (any, error) {
	st, err := s.store()
	if err != nil {
		return nil, err
	}
	id := r.PathValue("id")
	if _, err := s.liveOwned(ctx, id); err != nil { // the owner's only, and it exists
		return nil, err
	}
	after := 0
	v, from := r.Header.Get("Last-Event-ID"), "Last-Event-ID"
	if v == "" {
		v, from = r.URL.Query().Get("after"), "after"
	}
	if v != "" {
		if after, err = strconv.Atoi(v); err != nil || after < 0 {
			return nil, badRequest("%s %q: a seq is a whole number from 0", from, v)
		}
	}
	who := owner(ctx)
	if !s.streamsOpen.take(who, s.opts.MaxStreams, s.opts.MaxStreamsPerKey) {
		return nil, &apiError{Status: http.StatusTooManyRequests, Code: "too-many-streams", RetryAfter: 5,
			Message: fmt.Sprintf("too many event streams are open (at most %d in this process, %d for one key); close one, or poll GET /v1/sessions/%s/events?after=%d instead", s.opts.MaxStreams, s.opts.MaxStreamsPerKey, id, after)}
	}
	return &eventStream{s: s, st: st, id: id, after: after, ctx: ctx, owner: who}, nil
}

// streamCount counts the open event streams, in all and by the key that
// opened them, so that handleStream can refuse one past the bounds.
type streamCount struct {
	mu    sync.Mutex
	all   int
	byKey map[string]int
}

// take counts a stream in if both bounds allow it.
func (c *streamCount) take(key string, maxAll, maxKey int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.all >= maxAll || c.byKey[key] >= maxKey {
		return false
	}
	if c.byKey == nil {
		c.byKey = map[string]int{}
	}
	c.all++
	c.byKey[key]++
	return true
}

// release counts a stream out.
func (c *streamCount) release(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.all--
	if c.byKey[key]--; c.byKey[key] <= 0 {
		delete(c.byKey, key)
	}
}

type eventStream struct {
	s     *Server
	st    session.EventStore
	id    string
	after int
	ctx   context.Context
	owner string // the key that opened it, counted in s.streamsOpen
}

func (es *eventStream) stream(w *statusWriter) {
	defer es.s.streamsOpen.release(es.owner)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Time{}) // a stream outlives the server's write timeout
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 1000\n\n")
	rc.Flush()
	ctx, cancel := context.WithCancel(es.ctx)
	defer cancel()
	var wake <-chan struct{}
	if wt, ok := es.st.(session.Watcher); ok {
		ch, err := wt.Watch(ctx, es.id)
		if err == nil {
			wake = ch
		}
	}
	poll := time.NewTicker(StreamPoll)
	defer poll.Stop()
	beat := time.NewTicker(streamHeartbeat)
	defer beat.Stop()
	es.s.metrics.streams.Inc()
	defer es.s.metrics.streams.Dec()
	buf := make([]byte, 0, 512)
	for {
		evs, err := es.st.Events(ctx, es.id, es.after)
		if err != nil {
			if ctx.Err() == nil {
				// The store is away: say so, and let the client come back
				// with Last-Event-ID (its retry: 1000).
				msg, _ := json.Marshal(storeError(err).Error())
				fmt.Fprintf(w, "event: error\ndata: {\"message\":%s}\n\n", msg)
				rc.Flush()
			}
			return
		}
		for _, ev := range evs {
			data, _ := json.Marshal(ev)
			buf = append(buf[:0], "id: "...)
			buf = strconv.AppendInt(buf, int64(ev.Seq), 10)
			buf = append(buf, "\nevent: event\ndata: "...)
			buf = append(buf, data...)
			buf = append(buf, "\n\n"...)
			if _, err := w.Write(buf); err != nil {
				return
			}
			es.after = ev.Seq
		}
		if len(evs) > 0 {
			if err := rc.Flush(); err != nil {
				return
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-es.s.closing:
			return
		case <-wake:
		case <-poll.C:
		case <-beat.C:
			if _, err := fmt.Fprint(w, ": keepalive\n\n"); err != nil {
				return
			}
			rc.Flush()
		}
	}
}
