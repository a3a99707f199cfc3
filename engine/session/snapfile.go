package session

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// The snapshot file beside a session folder's log (docs/session.md
// "Snapshots"): read by every fold of the folder, written only by its
// writer, whole or not at all.

// maxSnapshotBytes bounds what is read of a snapshot beside a log of
// logSize bytes: records are longer than the texts they answer, but not
// without limit, and a larger file is ignored unread.
func maxSnapshotBytes(logSize int64) int64 { return max(64<<20, 32*logSize) }

// ReadSnapshotFile reads the folder's snapshot, nil when there is none,
// it cannot be read or it is larger than a log of logSize bytes can
// explain: a snapshot is never needed, so nothing about it is an error.
func ReadSnapshotFile(dir string, logSize int64) []byte {
	f, err := os.Open(filepath.Join(dir, SnapshotFile))
	if err != nil {
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	limit := maxSnapshotBytes(logSize)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > limit {
		return nil
	}
	buf := bytes.NewBuffer(make([]byte, 0, fi.Size()+bytes.MinRead)) // one read, when the size holds
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil || int64(buf.Len()) > limit {
		return nil
	}
	return buf.Bytes()
}

// WriteSnapshotFile replaces the folder's snapshot atomically: a uniquely
// named temporary file, fsynced, renamed over the old one, the folder
// fsynced. A crash leaves the old snapshot or the new one, never part of
// one (and a part would be ignored anyway). Only the folder's writer,
// holding its lock, calls it.
func WriteSnapshotFile(dir string, data []byte) error {
	f, err := os.CreateTemp(dir, "."+SnapshotFile+".*.tmp")
	if err != nil {
		return fmt.Errorf("session snapshot: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after the rename, there is nothing to remove
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return fmt.Errorf("session snapshot: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("session snapshot: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("session snapshot: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("session snapshot: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, SnapshotFile)); err != nil {
		return fmt.Errorf("session snapshot: %w", err)
	}
	return syncDir(dir)
}

// keepSnapshot writes a new snapshot when the session has a store, a
// config its files were checked against, and a fold SnapshotEvery
// events or more past its snapshot. Failing to write one (a full disk, a
// state that cannot be kept) changes nothing: the next fold starts from
// the older snapshot or from the start. It says why it wrote none.
func (s *Session) keepSnapshot() error {
	if s.store == nil || s.readOnly {
		return nil
	}
	return s.KeepSnapshot(func(b []byte) error { return WriteSnapshotFile(s.store.dir, b) })
}
