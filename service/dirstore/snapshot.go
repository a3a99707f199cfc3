package dirstore

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rulehost/rulehost/engine/session"
)

// LoadSnapshot reads the session folder's snapshot.bin (the file the
// CLI's writer keeps too), nil for none.
func (d *Store) LoadSnapshot(ctx context.Context, id string) []byte {
	if session.CheckID(id) != nil {
		return nil
	}
	dir := d.Dir(id)
	fi, err := os.Stat(filepath.Join(dir, session.LogFile))
	if err != nil {
		return nil
	}
	return session.ReadSnapshotFile(dir, fi.Size())
}

// SaveSnapshot replaces the folder's snapshot.bin atomically, under the
// session's lock in this process (so it never races Delete here; a
// snapshot is renamed into place whole, so writers elsewhere only ever
// replace a good one with another).
func (d *Store) SaveSnapshot(ctx context.Context, id string, data []byte) error {
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
	return outage(session.WriteSnapshotFile(dir, data))
}
