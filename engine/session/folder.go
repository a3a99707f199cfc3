package session

import (
	"encoding/json"
	"fmt"
	"os"
	"time"
)

// The session folder's primitives, exported for the stores outside this
// package that lay sessions out as the CLI does (service/dirstore): the
// write lock, whole-or-nothing writes, the log read in a given format and
// one batch appended to an open log. They are the same functions the
// CLI's Store uses, so both writers agree on every byte and every lock.

// FolderLock is a held write lock of a session folder.
type FolderLock struct{ l *dirLock }

// LockFolder takes the write lock of a session folder: at once, or
// polling until wait has passed (a *BusyError then).
func LockFolder(dir string, wait time.Duration) (*FolderLock, error) {
	l, err := lockDir(dir, wait)
	if err != nil {
		return nil, err
	}
	return &FolderLock{l: l}, nil
}

// Unlock releases the lock.
func (l *FolderLock) Unlock() error { return l.l.unlock() }

// WriteExclusive writes a file whole or not at all, and only if it does
// not exist (see writeExclusive).
func WriteExclusive(path string, data []byte) error { return writeExclusive(path, data) }

// SyncDir fsyncs a folder, so that the names made in it last.
func SyncDir(dir string) error { return syncDir(dir) }

// ReadLogFormat reads a folder's log in the given log format, returning
// its events and the size of its good part (a torn tail is not part of it).
func ReadLogFormat(dir string, format int) ([]Event, int64, error) { return readLog(dir, format) }

// AppendBatch writes events to an open log as the CLI's store does (one
// write, every line but the last marked "more", fsynced, undone on
// failure) and returns the bytes written.
func AppendBatch(dir string, f *os.File, events []Event) (int, error) {
	st := &Store{dir: dir, f: f}
	if err := st.appendBatch(events); err != nil {
		return 0, err
	}
	return len(st.buf), nil
}

// WriteSynced writes a file and fsyncs it before it returns.
func WriteSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("session store: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("session store: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("session store: %w", err)
	}
	return f.Close()
}

// ReplaceFile writes name in dir through a synced temporary file renamed
// over it, so a crash leaves the old file or the new one whole (as
// Upgrade rewrites session.json).
func ReplaceFile(dir, name string, data []byte) error { return replaceFile(dir, name, data) }

// MarshalConfig is session.json's bytes, as a stored session's Create
// writes them.
func MarshalConfig(cfg Config) ([]byte, error) {
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("session store: %w", err)
	}
	return append(b, '\n'), nil
}
