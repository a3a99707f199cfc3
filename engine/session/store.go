package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Files of a session directory.
const (
	ConfigFile = "session.json"
	LogFile    = "log.jsonl"
)

// Errors a caller tells apart: a folder that holds no session yet (start
// one) and one that already does (continue it).
var (
	ErrNoSession = errors.New("holds no session")
	ErrExists    = errors.New("already holds a session")
)

// Options adjust how a session folder is opened.
type Options struct {
	// Wait is how long a writer waits for another writer's lock before it
	// is refused (0: refused at once).
	Wait time.Duration
	// Hooks are the plugins' kinds and tags, in place before the fold.
	Hooks Hooks
	// AcceptChanged opens a session whose ruleset, party or plugins
	// changed since it started, on purpose.
	AcceptChanged bool
	// Plugins are the plugins as loaded now, by name: a session's pins by
	// name are checked against them (Config.VerifyLoaded), and Upgrade
	// re-pins each plugin the session pins (Config.Pin).
	Plugins []PluginPin
}

// Store is the embedded store: an append-only JSON Lines log per session
// (docs/session.md "The log"), one event per line, fsynced on every
// append, written only under the folder's write lock. An event is
// acknowledged when Append returns; a crash at any instant loses nothing
// acknowledged. A torn last line (a write cut short), or the events of a
// batch cut short, are not part of the session: readers ignore them and
// only a writer holding the lock cuts them off.
type Store struct {
	dir  string
	f    *os.File
	lock *dirLock
	// made is set when Create made the folder itself (Discard removes it).
	made bool
	// broken is set when a failed append could not be undone.
	broken error
	buf    []byte
}

// Create makes a new session folder, or a session in an existing folder
// that holds none, atomically: under the folder's write lock, the log
// first and the config last (a folder without a config is not a session,
// so a crash in between leaves one Create can start over in), the config
// through a uniquely named temporary file linked into place only if no
// config is there. The store returned holds the lock.
func Create(dir string, cfg Config, opts ...Options) (*Store, error) {
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	if cfg.Format == 0 {
		cfg.Format = CurrentFormat
	}
	if cfg.Format != CurrentFormat {
		return nil, fmt.Errorf("session: cannot start a session in log format %d; this rulehost writes format %d", cfg.Format, CurrentFormat)
	}
	if cfg.Answers == 0 {
		cfg.Answers = AnswerVersion // this engine answers what the session will log
	}
	if cfg.Answers != AnswerVersion {
		return nil, fmt.Errorf("session: cannot start a session answered by version %d; this rulehost answers version %d", cfg.Answers, AnswerVersion)
	}
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil {
		return nil, fmt.Errorf("session: %s %w", dir, ErrExists)
	}
	made := false
	if err := os.MkdirAll(filepath.Dir(filepath.Clean(dir)), 0o755); err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	if err := os.Mkdir(dir, 0o755); err == nil {
		made = true
	} else if !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("session: %w", err)
	}
	lock, err := lockDir(dir, o.Wait)
	if err != nil {
		return nil, err
	}
	st := &Store{dir: dir, lock: lock, made: made}
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil {
		lock.unlock()
		return nil, fmt.Errorf("session: %s %w", dir, ErrExists) // another writer started it first
	}
	st.f, err = os.OpenFile(filepath.Join(dir, LogFile), os.O_CREATE|os.O_TRUNC|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		st.Discard()
		return nil, fmt.Errorf("session: %w", err)
	}
	if err := st.f.Sync(); err != nil {
		st.Discard()
		return nil, fmt.Errorf("session: %w", err)
	}
	if err := syncDir(dir); err != nil {
		st.Discard()
		return nil, err
	}
	if err := writeExclusive(filepath.Join(dir, ConfigFile), append(b, '\n')); err != nil {
		st.Discard()
		return nil, err
	}
	return st, nil
}

// writeExclusive writes a file whole or not at all, and only if it does
// not exist: a uniquely named temporary file, fsynced, hard-linked to its
// name (which fails if the name is taken), removed, and the directory
// fsynced. Two writers never share a temporary name.
func writeExclusive(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("session: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	// CreateTemp makes the file 0600; a session is readable like its log.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return fmt.Errorf("session: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("session: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("session: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("session: %w", err)
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("session: %s %w", filepath.Dir(path), ErrExists)
		}
		return fmt.Errorf("session: %w", err)
	}
	return syncDir(filepath.Dir(path))
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("session: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("session: sync %s: %w", dir, err)
	}
	return nil
}

// Discard removes what Create made: a session that was refused before
// anything was appended leaves no trace (and no folder, if Create made
// it). It releases the lock.
func (st *Store) Discard() {
	if st == nil {
		return
	}
	if st.f != nil {
		st.f.Close()
		st.f = nil
	}
	os.Remove(filepath.Join(st.dir, ConfigFile))
	os.Remove(filepath.Join(st.dir, LogFile))
	os.Remove(filepath.Join(st.dir, LockFile))
	st.lock.unlock()
	if st.made {
		os.Remove(st.dir) // only if empty: never anything else's
	}
}

// ReadLog reads the events of a session folder, strictly and without
// changing anything: every complete line is checked (docs/session.md
// "What is checked on open") and a bad one is refused with its line
// number, never skipped. What follows the last complete event (a torn
// last line, or the events of a batch cut short) is not part of the
// session; good is the offset where it starts, which a writer cuts to.
func ReadLog(dir string) (events []Event, good int64, err error) {
	format := CurrentFormat
	if cfg, err := ReadConfig(dir); err == nil {
		format = cfg.Format
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, 0, err
	}
	return readLog(dir, format)
}

func readLog(dir string, format int) ([]Event, int64, error) {
	data, err := os.ReadFile(filepath.Join(dir, LogFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil // nothing was ever appended
	}
	if err != nil {
		return nil, 0, fmt.Errorf("session: %w", err)
	}
	return parseLog(data, format)
}

// parseLog is ReadLog over bytes.
func parseLog(data []byte, format int) ([]Event, int64, error) {
	var events []Event
	var off, good int64
	committed := 0
	for line := 1; off < int64(len(data)); line++ {
		rest := data[off:]
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			if err := tornTail(rest, format); err != nil {
				return nil, 0, &LineError{Line: line, Msg: err.Error()}
			}
			break
		}
		ev, more, err := decodeLine(rest[:nl], format)
		if err != nil {
			return nil, 0, &LineError{Line: line, Msg: err.Error()}
		}
		if ev.Seq != len(events)+1 {
			return nil, 0, &LineError{Line: line, Msg: fmt.Sprintf("seq %d where %d belongs", ev.Seq, len(events)+1)}
		}
		events = append(events, ev)
		off += int64(nl + 1)
		if !more {
			committed, good = len(events), off
		}
	}
	return events[:committed], good, nil
}

// tornTail judges the bytes after the last newline. A write cut short
// leaves a prefix of a line, which is never a whole JSON object followed
// by more bytes: that is a damaged newline, and refused, since cutting it
// would drop an acknowledged event.
func tornTail(tail []byte, format int) error {
	_, n, err := jsonin.DecodePrefix(tail)
	if err == nil && n < len(tail) {
		if _, _, err := decodeLine(tail[:n], format); err == nil {
			return fmt.Errorf("byte 0x%02x after the event where its newline belongs", tail[n])
		}
	}
	return nil
}

// appendBatch writes events as one write of their lines (every line but
// the last marked "more") and fsyncs: all of them are in the log or, once
// a writer cuts a batch cut short, none.
func (st *Store) appendBatch(events []Event) error {
	if st.broken != nil {
		return fmt.Errorf("session: the log could not be repaired after an earlier failed append: %w", st.broken)
	}
	b := st.buf[:0]
	for i, ev := range events {
		b = AppendLine(b, ev, i < len(events)-1)
	}
	st.buf = b
	size, err := st.f.Seek(0, io.SeekEnd)
	if err != nil {
		return fmt.Errorf("session: append: %w", err)
	}
	if _, err := st.f.Write(b); err != nil {
		return st.undo(size, fmt.Errorf("session: append: %w", err))
	}
	if err := st.f.Sync(); err != nil {
		return st.undo(size, fmt.Errorf("session: fsync: %w", err))
	}
	return nil
}

// append writes one event.
func (st *Store) append(ev Event) error { return st.appendBatch([]Event{ev}) }

// undo cuts the log back to size after a failed append, so that no half
// event stays behind for a later append to follow. If even that fails,
// the store refuses every further append: the log on disk is still whole
// up to its last complete event, which Open reads.
func (st *Store) undo(size int64, cause error) error {
	if err := st.f.Truncate(size); err != nil {
		st.broken = err
		return cause
	}
	if err := st.f.Sync(); err != nil {
		st.broken = err
	}
	return cause
}

// Close closes the log and releases the lock.
func (st *Store) Close() error {
	if st == nil {
		return nil
	}
	var err error
	if st.f != nil {
		err = st.f.Close()
		st.f = nil
	}
	if uerr := st.lock.unlock(); err == nil {
		err = uerr
	}
	return err
}

// Loader loads a session's ruleset and party from its config (its paths
// resolved against the session folder).
type Loader func(cfg Config) (*ruleset.Ruleset, []*sheet.Sheet, error)

// Open opens a session folder to append to: it takes the write lock
// (refused at once when another process holds it), cuts a torn tail and
// replays the log.
func Open(dir string, load Loader, hooks ...Hooks) (*Session, error) {
	var o Options
	if len(hooks) > 0 {
		o.Hooks = hooks[0]
	}
	return OpenWith(dir, load, o)
}

// OpenWith is Open with options: how long to wait for the lock, the
// plugin hooks, and whether to accept a changed ruleset or plugin.
func OpenWith(dir string, load Loader, o Options) (*Session, error) {
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("session: %s %w", dir, ErrNoSession)
	}
	lock, err := lockDir(dir, o.Wait)
	if err != nil {
		return nil, err
	}
	s, err := openLocked(dir, load, o, lock)
	if err != nil {
		lock.unlock()
		return nil, err
	}
	return s, nil
}

func openLocked(dir string, load Loader, o Options, lock *dirLock) (*Session, error) {
	s, good, err := replay(dir, load, o, true)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, LogFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	if end, err := f.Seek(0, io.SeekEnd); err == nil && end > good {
		// Only here, under the lock, is a torn tail cut.
		if err := f.Truncate(good); err != nil {
			f.Close()
			return nil, fmt.Errorf("session: cut the torn last line: %w", err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("session: %w", err)
		}
	}
	s.store = &Store{dir: dir, f: f, lock: lock}
	s.keepSnapshot() // a long refold is not repeated by the next open
	return s, nil
}

// Read replays a session folder for reading only: it takes no lock,
// writes nothing (a torn tail is ignored, not cut) and works on a
// read-only folder. The session it returns refuses Append.
func Read(dir string, load Loader, o Options) (*Session, error) {
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("session: %s %w", dir, ErrNoSession)
	}
	s, _, err := replay(dir, load, o, false)
	if err != nil {
		return nil, err
	}
	s.readOnly = true
	return s, nil
}

// replay reads the config and the log and folds them.
func replay(dir string, load Loader, o Options, writing bool) (*Session, int64, error) {
	cfg, err := ReadConfig(dir)
	if err != nil {
		return nil, 0, err
	}
	if writing && cfg.Format != CurrentFormat {
		return nil, 0, fmt.Errorf("session: %s holds a log of format %d, without integrity checks; this rulehost reads it but appends only to format %d logs: start a new session", dir, cfg.Format, CurrentFormat)
	}
	if !o.AcceptChanged {
		if err := cfg.VerifyLoaded(dir, o.Plugins); err != nil {
			return nil, 0, err
		}
	}
	rs, sheets, err := load(cfg.Resolved(dir))
	if err != nil {
		return nil, 0, err
	}
	events, good, err := readLog(dir, cfg.Format)
	if err != nil {
		return nil, 0, err
	}
	// A snapshot is read only for a session whose files match its
	// config: one opened with --accept-changed over changed files folds
	// from the start, and writes none.
	key := cfg.SnapshotKey()
	if !key.complete() || o.AcceptChanged && cfg.VerifyLoaded(dir, o.Plugins) != nil {
		return FoldWith(rs, sheets, cfg.Seed, events, o.Hooks), good, nil
	}
	s, _ := FoldFrom(rs, sheets, cfg.Seed, events, o.Hooks, key, ReadSnapshotFile(dir, good)) // it keeps the key
	return s, good, nil
}

// Start creates a session folder (see Create) and returns the session,
// empty, holding the write lock.
func Start(dir string, cfg Config, rs *ruleset.Ruleset, sheets []*sheet.Sheet, opts ...Options) (*Session, error) {
	st, err := Create(dir, cfg, opts...)
	if err != nil {
		return nil, err
	}
	s := New(rs, sheets, cfg.Seed)
	if len(opts) > 0 {
		s.Kinds, s.Tags = opts[0].Hooks.Kinds, opts[0].Hooks.Tags
	}
	s.store = st
	if key := cfg.SnapshotKey(); key.complete() {
		s.snapKey = &key
	}
	return s, nil
}

// Close closes the session's store and releases its lock.
func (s *Session) Close() error { return s.store.Close() }

// Discard removes a session Start made, when nothing was appended to it
// (a transcript refused after the start): no folder is left behind.
func (s *Session) Discard() error {
	if len(s.events) > 0 {
		return fmt.Errorf("session: %d events were appended; not discarding", len(s.events))
	}
	s.store.Discard()
	s.store = nil
	return nil
}

// LoadParty reads a party directory: every *.json sheet in it, in file
// name order, the first being the player (name the files 01-..., 02-...).
func LoadParty(dir string, rs *ruleset.Ruleset) ([]*sheet.Sheet, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("party: %w", err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("party: no sheets (*.json) in %s", dir)
	}
	var out []*sheet.Sheet
	for _, f := range files {
		s, err := sheet.LoadFile(f, rs)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// FileLoader loads the config's ruleset file and party directory.
func FileLoader(opts ruleset.Options) Loader {
	return func(cfg Config) (*ruleset.Ruleset, []*sheet.Sheet, error) {
		rs, err := ruleset.LoadFile(cfg.Ruleset, opts)
		if err != nil {
			return nil, nil, err
		}
		sheets, err := LoadParty(cfg.Party, rs)
		if err != nil {
			return nil, nil, err
		}
		return rs, sheets, nil
	}
}
