package session

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// LockFile is the file in a session folder whose advisory lock a writer
// holds for as long as it may append. It holds the writer's process id,
// so that a refused writer can say who is writing.
const LockFile = "lock"

// BusyError refuses a second writer: another process holds the lock.
type BusyError struct {
	Dir string
	PID int // 0 when the holder has not written its id yet
}

func (e *BusyError) Error() string {
	if e.PID == 0 {
		return fmt.Sprintf("session %s is in use by another process", e.Dir)
	}
	return fmt.Sprintf("session %s is in use by process %d", e.Dir, e.PID)
}

// ErrLocking is returned on a system without advisory file locks.
var ErrLocking = errors.New("session: this system has no advisory file locks")

// dirLock is a held write lock. The kernel drops it when the process
// ends, however it ends, so a killed writer never leaves a session locked.
type dirLock struct {
	f *os.File
}

// lockDir takes the write lock of a session folder: at once, or polling
// until wait has passed. A lock file replaced while we waited for it (a
// refused start removes its folder) is opened again, so two writers can
// never hold locks on two different files of one name.
func lockDir(dir string, wait time.Duration) (*dirLock, error) {
	deadline := time.Now().Add(wait)
	path := filepath.Join(dir, LockFile)
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("session: lock: %w", err)
		}
		got, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("session: lock %s: %w", path, err)
		}
		if got {
			if same(f, path) {
				if err := writePID(f); err != nil {
					f.Close()
					return nil, err
				}
				return &dirLock{f: f}, nil
			}
			f.Close() // the file was replaced: lock the new one
			continue
		}
		f.Close()
		if !time.Now().Before(deadline) {
			return nil, &BusyError{Dir: dir, PID: holder(path)}
		}
		time.Sleep(min(20*time.Millisecond, time.Until(deadline)+time.Millisecond))
	}
}

// same reports whether the open file is still the one at path.
func same(f *os.File, path string) bool {
	a, err1 := f.Stat()
	b, err2 := os.Stat(path)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

func writePID(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return fmt.Errorf("session: lock: %w", err)
	}
	if _, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0); err != nil {
		return fmt.Errorf("session: lock: %w", err)
	}
	return nil
}

// holder reads the lock holder's process id, giving it a moment to write
// it when it has just taken the lock: up to a quarter of a second, since
// on a loaded machine the holder may wait that long for a CPU between
// taking the lock and writing its id (only a refused writer waits here).
func holder(path string) int {
	for range 50 {
		b, err := os.ReadFile(path)
		if err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && pid > 0 {
				return pid
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return 0
}

// unlock releases the lock (closing the file releases it too).
func (l *dirLock) unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	unlockFile(l.f)
	err := l.f.Close()
	l.f = nil
	return err
}
