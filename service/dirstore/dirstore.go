// Package dirstore is the embedded session store (docs/session.md "Stores"):
// a session.EventStore keeping one session folder per id under a root
// folder, laid out as the CLI lays out its sessions. It may import the
// engine (engine/session for the folder's format and lock); nothing in
// the engine imports it.
package dirstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/rulehost/rulehost/engine/jsonin"
	"github.com/rulehost/rulehost/engine/session"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"syscall"
	"time"
)

// Store is the embedded EventStore: one session folder per id under a
// root folder, laid out as the CLI lays out its sessions (session.json,
// log.jsonl in log format 2 with a CRC-32C per line, the write lock), plus
// the ruleset and party the session was started with (ruleset.json,
// party/01.json ...), so `rulehost session show ROOT/ID` reads it too.
//
// Every append takes the folder's write lock, so several processes may
// share a root: the lock serialises them, and the log's end (re-read
// whenever its size is not the one this process last wrote) decides
// whether the batch's expected seq holds.
type Store struct {
	root string
	// Wait is how long an append waits for another process's lock.
	Wait time.Duration

	mu    sync.Mutex
	locks map[string]*sync.Mutex
	tails map[string]logTail
	// keys are each session's idempotency keys and their seqs, as of the
	// tail this process knows (rebuilt whenever it reads the log again).
	keys map[string]map[string]int
	// watchers are the channels of Watch, by session.
	watchers map[string]map[chan struct{}]bool
}

// logTail is what this process last knew of a log: its size and last seq.
type logTail struct {
	size int64
	seq  int
}

// New opens a root folder of sessions; the first Create makes it
// when missing (so a service that never stores a session leaves no trace).
func New(root string) (*Store, error) {
	if fi, err := os.Stat(root); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("session store: %s is not a folder", root)
	}
	return &Store{root: root, Wait: 10 * time.Second, locks: map[string]*sync.Mutex{}, tails: map[string]logTail{}, keys: map[string]map[string]int{}}, nil
}

// Name is "dir".
func (d *Store) Name() string { return "dir" }

// Ping says whether the root folder takes a write now: it writes,
// fsyncs and removes a small file there (a full disk or a read-only
// mount fails it), for the service's /readyz.
func (d *Store) Ping(ctx context.Context) error {
	if err := os.MkdirAll(d.root, 0o755); err != nil {
		return outage(fmt.Errorf("session store: %w", err))
	}
	f, err := os.CreateTemp(d.root, ".ready-*")
	if err != nil {
		return outage(fmt.Errorf("session store: %w", err))
	}
	defer os.Remove(f.Name())
	_, err = f.Write([]byte("ready\n"))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return outage(fmt.Errorf("session store: %s is not writable: %w", d.root, err))
	}
	return nil
}

// outage marks the errors of a disk that cannot take a write (full, over
// quota, read-only, failing) as session.ErrUnavailable: the service
// answers them 503 store-unavailable, and the log stays whole (a failed
// append is cut back, session.AppendBatch).
func outage(err error) error {
	for _, e := range []error{syscall.ENOSPC, syscall.EDQUOT, syscall.EROFS, syscall.EIO} {
		if errors.Is(err, e) {
			return session.Unavailable(err)
		}
	}
	return err
}

// Close releases nothing: no lock outlives an append.
func (d *Store) Close() error { return nil }

// Dir is the folder of a session.
func (d *Store) Dir(id string) string { return filepath.Join(d.root, id) }

func (d *Store) sessionLock(id string) *sync.Mutex {
	d.mu.Lock()
	defer d.mu.Unlock()
	m := d.locks[id]
	if m == nil {
		m = &sync.Mutex{}
		d.locks[id] = m
	}
	return m
}

// Create writes the session folder under its lock: the ruleset and the
// party first, then an empty log, then session.json last and only if no
// other writer put one there (a folder without it is not a session).
func (d *Store) Create(ctx context.Context, id string, rec session.Record) error {
	return outage(d.create(id, rec))
}

func (d *Store) create(id string, rec session.Record) error {
	if err := session.CheckID(id); err != nil {
		return err
	}
	if err := rec.Verify(); err != nil {
		return err
	}
	if rec.Config.Format != session.CurrentFormat || rec.Config.Ruleset != session.StoredRuleset || rec.Config.Party != session.StoredParty {
		return fmt.Errorf("session store: a stored session's config is format %d with ruleset %s and party %s (use NewRecord)", session.CurrentFormat, session.StoredRuleset, session.StoredParty)
	}
	m := d.sessionLock(id)
	m.Lock()
	defer m.Unlock()
	if err := os.MkdirAll(d.root, 0o755); err != nil {
		return fmt.Errorf("session store: %w", err)
	}
	dir := d.Dir(id)
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("session store: %w", err)
	}
	lock, err := session.LockFolder(dir, d.Wait)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	if _, err := os.Stat(filepath.Join(dir, session.ConfigFile)); err == nil {
		return fmt.Errorf("session %s %w", id, session.ErrExists)
	}
	// What a start cut short left behind is started over.
	party := filepath.Join(dir, session.StoredParty)
	if err := os.RemoveAll(party); err != nil {
		return fmt.Errorf("session store: %w", err)
	}
	if err := os.Mkdir(party, 0o755); err != nil {
		return fmt.Errorf("session store: %w", err)
	}
	files := map[string][]byte{filepath.Join(dir, session.StoredRuleset): rec.Ruleset, filepath.Join(dir, session.LogFile): nil}
	if err := os.Remove(filepath.Join(dir, serviceFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("session store: %w", err)
	}
	if svc := (serviceInfo{rec.Owner, rec.CreateKey, rec.CreateHash}); svc != (serviceInfo{}) {
		b, err := json.Marshal(svc)
		if err != nil {
			return fmt.Errorf("session store: %w", err)
		}
		files[filepath.Join(dir, serviceFile)] = append(b, '\n')
	}
	for i, p := range rec.Party {
		files[filepath.Join(party, session.PartyFile(i))] = p
	}
	for path, data := range files {
		if err := session.WriteSynced(path, data); err != nil {
			return err
		}
	}
	if err := session.SyncDir(party); err != nil {
		return err
	}
	b, err := session.MarshalConfig(rec.Config)
	if err != nil {
		return err
	}
	if err := session.WriteExclusive(filepath.Join(dir, session.ConfigFile), b); err != nil {
		return err
	}
	d.setTail(id, logTail{})
	d.setKeys(id, nil)
	return nil
}

// Record reads a session's config, ruleset and party, and checks them
// against the config's hashes.
func (d *Store) Record(ctx context.Context, id string) (session.Record, error) {
	rec, err := d.record(id)
	return rec, outage(err)
}

// config reads a session's session.json; a folder without one holds no
// session (ErrNoSession).
func (d *Store) config(id string) (session.Config, error) {
	cfg, err := session.ReadConfig(d.Dir(id))
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, fmt.Errorf("session %s %w", id, session.ErrNoSession)
	}
	return cfg, err
}

func (d *Store) record(id string) (session.Record, error) {
	var rec session.Record
	if err := session.CheckID(id); err != nil {
		return rec, err
	}
	dir := d.Dir(id)
	cfg, err := d.config(id)
	if err != nil {
		return rec, err
	}
	rec.Config = cfg
	if rec.Ruleset, err = os.ReadFile(session.Path(dir, cfg.Ruleset)); err != nil {
		return rec, fmt.Errorf("session store: %w", err)
	}
	files, err := filepath.Glob(filepath.Join(session.Path(dir, cfg.Party), "*.json"))
	if err != nil {
		return rec, fmt.Errorf("session store: %w", err)
	}
	sort.Strings(files)
	for i, f := range files {
		if filepath.Base(f) != session.PartyFile(i) {
			return rec, fmt.Errorf("session store: %s: party file %s where %s belongs", id, filepath.Base(f), session.PartyFile(i))
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return rec, fmt.Errorf("session store: %w", err)
		}
		rec.Party = append(rec.Party, b)
	}
	if err := rec.Verify(); err != nil {
		return rec, fmt.Errorf("session %s: %w", id, err)
	}
	b, err := jsonin.ReadFile(filepath.Join(dir, serviceFile))
	if errors.Is(err, fs.ErrNotExist) {
		return rec, nil
	}
	if err != nil {
		return rec, fmt.Errorf("session store: %w", err)
	}
	var svc serviceInfo
	if err := jsonUnmarshal(b, &svc); err != nil {
		return rec, fmt.Errorf("session store: %s: %w", filepath.Join(dir, serviceFile), err)
	}
	rec.Owner, rec.CreateKey, rec.CreateHash = svc.Owner, svc.CreateKey, svc.CreateHash
	return rec, nil
}

// serviceFile holds what the service keeps with a session beside the
// CLI's files (session.json stays the CLI's): its owner and the
// idempotency key of its creation. Absent for none.
const serviceFile = "service.json"

type serviceInfo struct {
	Owner      string `json:"owner,omitempty"`
	CreateKey  string `json:"createKey,omitempty"`
	CreateHash string `json:"createHash,omitempty"`
}

func (d *Store) tail(id string) (logTail, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	t, ok := d.tails[id]
	return t, ok
}

func (d *Store) forgetTail(id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.tails, id)
	delete(d.keys, id)
}

func (d *Store) setTail(id string, t logTail) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.tails[id] = t
}

// Append writes the batch under the folder's lock if the log ends at
// seq after, fsynced before it returns.
func (d *Store) Append(ctx context.Context, id string, after int, events []session.Event) error {
	err := d.append(id, after, events)
	if err == nil {
		d.notify(id)
	}
	return outage(err)
}

func (d *Store) append(id string, after int, events []session.Event) error {
	if err := session.CheckID(id); err != nil {
		return err
	}
	if err := session.CheckBatch(after, events); err != nil {
		return err
	}
	m := d.sessionLock(id)
	m.Lock()
	defer m.Unlock()
	dir := d.Dir(id)
	cached, known := d.tail(id)
	if !known {
		cfg, err := d.config(id)
		if err != nil {
			return err
		}
		if cfg.Format != session.CurrentFormat {
			return fmt.Errorf("session %s: log format %d is read, not appended to", id, cfg.Format)
		}
	}
	lock, err := session.LockFolder(dir, d.Wait)
	if errors.Is(err, fs.ErrNotExist) {
		d.forgetTail(id) // deleted by another process
		return fmt.Errorf("session %s %w", id, session.ErrNoSession)
	}
	if err != nil {
		return err
	}
	defer lock.Unlock()
	if _, err := os.Stat(filepath.Join(dir, session.ConfigFile)); errors.Is(err, fs.ErrNotExist) {
		d.forgetTail(id)
		return fmt.Errorf("session %s %w", id, session.ErrNoSession)
	}
	f, err := os.OpenFile(filepath.Join(dir, session.LogFile), os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("session store: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("session store: %w", err)
	}
	end := cached
	if !known || fi.Size() != cached.size {
		// Another process appended (or this one has not read the log yet).
		evs, good, err := session.ReadLogFormat(dir, session.CurrentFormat)
		if err != nil {
			return err
		}
		if fi.Size() > good {
			if err := f.Truncate(good); err != nil {
				return fmt.Errorf("session store: cut the torn last line: %w", err)
			}
		}
		end = logTail{size: good, seq: len(evs)}
		d.setKeys(id, evs)
	}
	if end.seq != after {
		d.setTail(id, end)
		return &session.ConflictError{ID: id, Expected: after, Current: end.seq}
	}
	if err := d.duplicateKey(id, events); err != nil {
		d.setTail(id, end)
		return err
	}
	n, err := session.AppendBatch(dir, f, events)
	if err != nil {
		d.setTail(id, logTail{size: -1})
		return err
	}
	d.setTail(id, logTail{size: end.size + int64(n), seq: after + len(events)})
	d.addKeys(id, events)
	return nil
}

// setKeys rebuilds a session's key index from its whole log.
func (d *Store) setKeys(id string, evs []session.Event) {
	m := map[string]int{}
	for _, ev := range evs {
		if ev.Key != "" {
			m[ev.Key] = ev.Seq
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.keys[id] = m
}

func (d *Store) addKeys(id string, evs []session.Event) {
	d.mu.Lock()
	defer d.mu.Unlock()
	m := d.keys[id]
	if m == nil {
		m = map[string]int{}
		d.keys[id] = m
	}
	for _, ev := range evs {
		if ev.Key != "" {
			m[ev.Key] = ev.Seq
		}
	}
}

// duplicateKey refuses a batch carrying a key the log holds (under the
// folder's lock, with the index current: the log was re-read if another
// process wrote to it).
func (d *Store) duplicateKey(id string, evs []session.Event) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, ev := range evs {
		if seq, ok := d.keys[id][ev.Key]; ev.Key != "" && ok {
			return &session.DuplicateKeyError{ID: id, Key: ev.Key, Seq: seq}
		}
	}
	return nil
}

// Events reads the log without a lock (a torn tail is not part of it)
// and returns the events after seq after.
func (d *Store) Events(ctx context.Context, id string, after int) ([]session.Event, error) {
	evs, err := d.events(id, after)
	return evs, outage(err)
}

func (d *Store) events(id string, after int) ([]session.Event, error) {
	if err := session.CheckID(id); err != nil {
		return nil, err
	}
	if after < 0 {
		return nil, fmt.Errorf("session: events after seq %d: a seq is never negative", after)
	}
	dir := d.Dir(id)
	if _, err := os.Stat(filepath.Join(dir, session.ConfigFile)); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("session %s %w", id, session.ErrNoSession)
	}
	// Nothing new since this store's last append (the log is as long as
	// it left it): no need to read it all, which would make a reader that
	// polls after every append pay for the whole log each time.
	if t, ok := d.tail(id); ok && t.size >= 0 && after >= t.seq {
		if fi, err := os.Stat(filepath.Join(dir, session.LogFile)); err == nil && fi.Size() == t.size {
			return []session.Event{}, nil
		}
	}
	events, good, err := session.ReadLog(dir)
	if err != nil {
		return nil, err
	}
	d.learnTail(id, dir, events, good)
	if after >= len(events) {
		return []session.Event{}, nil
	}
	return events[after:], nil
}

// learnTail keeps what a read of the whole log learnt of it as this
// process's tail and key index, when it knows none yet: the service
// reads a session's log once to fold it (from its snapshot) and again to
// catch up, and the second read then finds nothing new without parsing
// the log again. It takes the session's lock, so no append of this
// process runs meanwhile, and keeps a tail it already knows (an append
// may have moved it since the read); a tail another process moved since
// is told by the log's size, as always. A log not in the current format
// is never appended to, and keeps no tail (append refuses it).
func (d *Store) learnTail(id, dir string, events []session.Event, good int64) {
	m := d.sessionLock(id)
	m.Lock()
	defer m.Unlock()
	if _, known := d.tail(id); known {
		return
	}
	if cfg, err := session.ReadConfig(dir); err != nil || cfg.Format != session.CurrentFormat {
		return
	}
	d.setKeys(id, events)
	d.setTail(id, logTail{size: good, seq: len(events)})
}

func jsonUnmarshal(b []byte, v any) error { return jsonin.Into(b, v) }
