package pgstore

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/rulehost/rulehost/engine/session"
)

// notifyChannel is the NOTIFY channel of appends; the payload is the
// session id. NOTIFY is sent inside the append's transaction, so it is
// delivered when (and only if) the append commits.
const notifyChannel = "rulehost_events"

// watchers fan one LISTEN connection out to the Watch channels.
type watchers struct {
	mu      sync.Mutex
	subs    map[string]map[chan struct{}]bool
	started bool
	stop    context.CancelFunc
}

// Watch signals whenever an append to session id commits, whichever
// process made it (LISTEN/NOTIFY on one connection of this store's own,
// opened on first use). If that connection drops, every watcher is woken
// when it is back (an append may have been missed meanwhile) and every
// few seconds while it is not.
func (s *Store) Watch(ctx context.Context, id string) (<-chan struct{}, error) {
	if err := session.CheckID(id); err != nil {
		return nil, err
	}
	ch := make(chan struct{}, 1)
	w := &s.watch
	w.mu.Lock()
	if w.subs == nil {
		w.subs = map[string]map[chan struct{}]bool{}
	}
	if w.subs[id] == nil {
		w.subs[id] = map[chan struct{}]bool{}
	}
	w.subs[id][ch] = true
	if !w.started {
		w.started = true
		lctx, cancel := context.WithCancel(context.Background())
		w.stop = cancel
		go s.listen(lctx)
	}
	w.mu.Unlock()
	go func() {
		<-ctx.Done()
		w.mu.Lock()
		delete(w.subs[id], ch)
		if len(w.subs[id]) == 0 {
			delete(w.subs, id)
		}
		w.mu.Unlock()
	}()
	return ch, nil
}

func signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// wake signals the watchers of one session, or of all when id is "".
func (w *watchers) wake(id string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for sid, chans := range w.subs {
		if id == "" || sid == id {
			for ch := range chans {
				signal(ch)
			}
		}
	}
}

// listen keeps a LISTEN connection until ctx ends, reconnecting with a
// growing pause (at most 5 s) after it drops.
func (s *Store) listen(ctx context.Context) {
	pause := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := s.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		_ = err // the connection dropped (a restart): wake everyone, try again
		s.watch.wake("")
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		if pause *= 2; pause > 5*time.Second {
			pause = 5 * time.Second
		}
	}
}

func (s *Store) listenOnce(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return err
	}
	s.watch.wake("") // anything appended while not listening
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		s.watch.wake(n.Payload)
	}
}
