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

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Files of a session directory.
const (
	ConfigFile = "session.json"
	LogFile    = "log.jsonl"
)

// Config is what a session directory was started with.
type Config struct {
	Ruleset string `json:"ruleset"` // absolute path of the ruleset file
	Party   string `json:"party"`   // absolute path of the party directory
	Seed    uint64 `json:"seed"`
}

// Store is the embedded store: an append-only JSON Lines log per session,
// one event per line, fsynced on every append. An event is acknowledged
// when Append returns; a crash at any instant loses nothing acknowledged,
// and a torn last line (a write cut short) is ignored on replay and cut
// off before the next append, so no event is ever half there.
type Store struct {
	dir string
	f   *os.File
	// broken is set when a failed append could not be undone.
	broken error
}

// Create makes a new session directory and its empty log.
func Create(dir string, cfg Config) (*Store, error) {
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil {
		return nil, fmt.Errorf("session: %s already holds a session", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return nil, err
	}
	// The log first, the config last: the config is what makes a folder a
	// session, so a crash in between leaves a folder Create can start over
	// in, never a session without its log.
	f, err := os.OpenFile(filepath.Join(dir, LogFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	if err := syncDir(dir); err != nil {
		f.Close()
		return nil, err
	}
	if err := writeAtomic(filepath.Join(dir, ConfigFile), append(b, '\n')); err != nil {
		f.Close()
		return nil, err
	}
	return &Store{dir: dir, f: f}, nil
}

// writeAtomic writes a file whole or not at all: a temporary file,
// fsynced, renamed over, and the directory fsynced.
func writeAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
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
	if err := os.Rename(tmp, path); err != nil {
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

// ReadConfig reads a session directory's config.
func ReadConfig(dir string) (Config, error) {
	var cfg Config
	b, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if err != nil {
		return cfg, fmt.Errorf("session: %w", err)
	}
	if err := json.Unmarshal(b, &cfg); err != nil {
		return cfg, fmt.Errorf("session: %s: %w", ConfigFile, err)
	}
	return cfg, nil
}

// ReadLog reads the events of a session directory: every complete line,
// in order. A last line without its newline is a write cut short and is
// not an event; its offset is returned so that it can be cut off.
func ReadLog(dir string) ([]Event, int64, error) {
	data, err := os.ReadFile(filepath.Join(dir, LogFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil // nothing was ever appended
	}
	if err != nil {
		return nil, 0, fmt.Errorf("session: %w", err)
	}
	var events []Event
	var good int64
	for len(data[good:]) > 0 {
		rest := data[good:]
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			break // torn: no newline yet
		}
		var ev Event
		dec := json.NewDecoder(bytes.NewReader(rest[:nl]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ev); err != nil || ev.Seq != len(events)+1 {
			return nil, 0, fmt.Errorf("session: %s line %d is not event %d: the log was changed by hand", LogFile, len(events)+1, len(events)+1)
		}
		events = append(events, ev)
		good += int64(nl + 1)
	}
	return events, good, nil
}

// append writes one event as a line and fsyncs it.
func (st *Store) append(ev Event) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if st.broken != nil {
		return fmt.Errorf("session: the log could not be repaired after an earlier failed append: %w", st.broken)
	}
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

// undo cuts the log back to size after a failed append, so that no half
// event stays behind for a later append to follow. If even that fails,
// the store refuses every further append: the log on disk is still whole
// up to its last complete line, which Open reads.
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

// Close closes the log.
func (st *Store) Close() error {
	if st == nil || st.f == nil {
		return nil
	}
	return st.f.Close()
}

// Loader loads a session's ruleset and party from its config.
type Loader func(cfg Config) (*ruleset.Ruleset, []*sheet.Sheet, error)

// Open replays a session directory: its log folded into the state, ready
// to append. A torn last line is cut off first.
func Open(dir string, load Loader, hooks ...Hooks) (*Session, error) {
	cfg, err := ReadConfig(dir)
	if err != nil {
		return nil, err
	}
	rs, sheets, err := load(cfg)
	if err != nil {
		return nil, err
	}
	events, good, err := ReadLog(dir)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, LogFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	if end, err := f.Seek(0, io.SeekEnd); err == nil && end > good {
		if err := f.Truncate(good); err != nil {
			f.Close()
			return nil, fmt.Errorf("session: cut the torn last line: %w", err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("session: %w", err)
		}
	}
	var h Hooks
	if len(hooks) > 0 {
		h = hooks[0]
	}
	s := FoldWith(rs, sheets, cfg.Seed, events, h)
	s.store = &Store{dir: dir, f: f}
	return s, nil
}

// Start creates a session directory and returns the session, empty.
func Start(dir string, cfg Config, rs *ruleset.Ruleset, sheets []*sheet.Sheet) (*Session, error) {
	st, err := Create(dir, cfg)
	if err != nil {
		return nil, err
	}
	s := New(rs, sheets, cfg.Seed)
	s.store = st
	return s, nil
}

// Close closes the session's store.
func (s *Session) Close() error { return s.store.Close() }

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
