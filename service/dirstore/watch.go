package dirstore

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/rulehost/rulehost/engine/session"
)

// PollEvery is how often a watched log is looked at for another
// process's appends (this process's own appends signal at once). A stat
// of one file per watched session each time: bounded and cheap; a
// reader learns of another process's append within this long.
const PollEvery = 250 * time.Millisecond

// Watch signals whenever session id's log changes: at once for this
// store's own appends, and within PollEvery for another process's (the
// log's size and modification time are polled).
func (d *Store) Watch(ctx context.Context, id string) (<-chan struct{}, error) {
	if err := session.CheckID(id); err != nil {
		return nil, err
	}
	ch := make(chan struct{}, 1)
	d.mu.Lock()
	if d.watchers == nil {
		d.watchers = map[string]map[chan struct{}]bool{}
	}
	if d.watchers[id] == nil {
		d.watchers[id] = map[chan struct{}]bool{}
	}
	d.watchers[id][ch] = true
	d.mu.Unlock()
	go func() {
		defer func() {
			d.mu.Lock()
			delete(d.watchers[id], ch)
			if len(d.watchers[id]) == 0 {
				delete(d.watchers, id)
			}
			d.mu.Unlock()
		}()
		path := filepath.Join(d.Dir(id), session.LogFile)
		last := stamp(path)
		tick := time.NewTicker(PollEvery)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if now := stamp(path); now != last {
					last = now
					signal(ch)
				}
			}
		}
	}()
	return ch, nil
}

type fileStamp struct {
	size int64
	mod  time.Time
}

func stamp(path string) fileStamp {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{size: -1}
	}
	return fileStamp{fi.Size(), fi.ModTime()}
}

func signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default: // one pending signal is enough: the reader reads everything new
	}
}

// notify wakes this process's watchers of a session after an append.
func (d *Store) notify(id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for ch := range d.watchers[id] {
		signal(ch)
	}
}
