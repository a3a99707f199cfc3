package dirstore

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/rulehost/rulehost/engine/session"
)

// List reads the root's session folders: each one's record (for its
// owner), its log's length and times (created: session.json; updated:
// the log's modification time). A folder store is one machine's: this is
// a walk of its folders, fine for thousands of sessions.
func (d *Store) List(ctx context.Context, opts session.ListOptions) ([]session.Summary, error) {
	entries, err := os.ReadDir(d.root)
	if errors.Is(err, fs.ErrNotExist) {
		return []session.Summary{}, nil
	}
	if err != nil {
		return nil, outage(fmt.Errorf("session store: %w", err))
	}
	out := []session.Summary{}
	now := time.Now()
	for _, e := range entries {
		if !e.IsDir() || session.CheckID(e.Name()) != nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		id := e.Name()
		dir := d.Dir(id)
		cfgInfo, err := os.Stat(filepath.Join(dir, session.ConfigFile))
		if err != nil {
			continue // not a session (a start cut short, a deletion under way)
		}
		logInfo, err := os.Stat(filepath.Join(dir, session.LogFile))
		if err != nil {
			continue
		}
		owner, err := d.owner(dir)
		if err != nil {
			return nil, err
		}
		if !opts.AllOwners && owner != opts.Owner {
			continue
		}
		updated := logInfo.ModTime()
		if opts.IdleFor > 0 && now.Sub(updated) < opts.IdleFor {
			continue
		}
		evs, err := d.Events(ctx, id, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, session.Summary{ID: id, Seq: len(evs), Created: cfgInfo.ModTime(), Updated: updated, Owner: owner})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Created.Before(out[j].Created) })
	if opts.Limit > 0 && len(out) > opts.Limit {
		out = out[:opts.Limit]
	}
	return out, nil
}

func (d *Store) owner(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, serviceFile))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", outage(fmt.Errorf("session store: %w", err))
	}
	var svc serviceInfo
	if err := jsonUnmarshal(b, &svc); err != nil {
		return "", fmt.Errorf("session store: %s: %w", filepath.Join(dir, serviceFile), err)
	}
	return svc.Owner, nil
}

// Delete removes a session's folder under its locks: it is first renamed
// out of the way (a reader then finds no session), then removed.
func (d *Store) Delete(ctx context.Context, id string) error {
	if err := session.CheckID(id); err != nil {
		return err
	}
	m := d.sessionLock(id)
	m.Lock()
	defer m.Unlock()
	dir := d.Dir(id)
	if _, err := os.Stat(filepath.Join(dir, session.ConfigFile)); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("session %s %w", id, session.ErrNoSession)
	}
	lock, err := session.LockFolder(dir, d.Wait)
	if err != nil {
		return err
	}
	gone := filepath.Join(d.root, fmt.Sprintf(".deleted-%s-%d", id, time.Now().UnixNano()))
	err = os.Rename(dir, gone)
	lock.Unlock()
	if err != nil {
		return outage(fmt.Errorf("session store: delete %s: %w", id, err))
	}
	d.mu.Lock()
	delete(d.tails, id)
	delete(d.keys, id)
	d.mu.Unlock()
	if err := os.RemoveAll(gone); err != nil {
		return outage(fmt.Errorf("session store: delete %s: %w", id, err))
	}
	return nil
}
