package session

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/rulehost/rulehost/internal/lazy"
)

// EventStore keeps many sessions for a service (docs/session.md "Stores"):
// each session's record (its config, and the ruleset and party JSON it
// was started with, so any process can reopen it) and its events, keyed
// by (session, seq), each with its CRC-32C. Appends are optimistic: a
// batch says after which seq it belongs, and is refused with a
// *ConflictError carrying the current seq when the log does not end
// there. Implementations: service/dirstore (embedded JSON Lines, the default) and
// the PostgreSQL store in service/pgstore; both pass the suite in
// service/storetest.
type EventStore interface {
	// Create stores a new session; ErrExists when the id is taken.
	Create(ctx context.Context, id string, rec Record) error
	// Record reads a session's record; ErrNoSession when there is none.
	Record(ctx context.Context, id string) (Record, error)
	// Append stores events as one batch, all or nothing, if the log ends
	// at seq after; the events must carry seqs after+1, after+2, ...
	Append(ctx context.Context, id string, after int, events []Event) error
	// Events reads the events after seq after, in order, each checked
	// against its checksum.
	Events(ctx context.Context, id string, after int) ([]Event, error)
	// Name is the store's kind for metrics and logs ("dir", "postgres").
	Name() string
	Close() error
}

// ErrUnavailable marks a store outage: the store could not be reached or
// could not write (a PostgreSQL restart or lost connection, a full disk).
// Nothing was stored by the call that failed with it, or, for a commit
// whose answer was lost, the outcome is unknown; either way it is worth
// retrying later, which a bug is not (HTTP 503 store-unavailable rather
// than 500). Stores wrap the cause: errors.Is(err, ErrUnavailable) and
// errors.Is(err, syscall.ENOSPC) both hold.
var ErrUnavailable = errors.New("the session store is unavailable")

// Unavailable wraps an outage's cause so that it is ErrUnavailable too.
func Unavailable(err error) error {
	if err == nil || errors.Is(err, ErrUnavailable) {
		return err
	}
	return &unavailableError{err}
}

type unavailableError struct{ err error }

func (e *unavailableError) Error() string { return e.err.Error() }
func (e *unavailableError) Unwrap() []error {
	return []error{e.err, ErrUnavailable}
}

// Pinger is a store that can say whether it answers now (the service's
// /readyz): PostgreSQL pings its database, the folder store checks that
// its root is writable. A store without it is taken as ready.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Watcher is a store that can say when a session's log may have grown,
// whichever process appended (the service's event stream): PostgreSQL
// by LISTEN/NOTIFY, the folder store by watching the log. The channel
// receives (coalesced, possibly spuriously) until ctx ends; the caller
// reads Events after the seq it has to learn what is new, so a missed or
// doubled signal never loses or repeats an event.
type Watcher interface {
	Watch(ctx context.Context, id string) (<-chan struct{}, error)
}

// Snapshotter is a store that keeps a snapshot of each session's fold
// beside its log (docs/session.md "Snapshots"), so that a process that
// folds the session again (after a restart, or having dropped it from
// memory) folds only what came after it. service/dirstore keeps the
// folder's snapshot.bin, as the CLI does; service/pgstore keeps none. A
// snapshot is checked before it is used (FoldFrom), so a store hands
// back whatever it holds.
type Snapshotter interface {
	// LoadSnapshot is the session's snapshot, nil for none (or one that
	// cannot be read: a snapshot is never needed).
	LoadSnapshot(ctx context.Context, id string) []byte
	// SaveSnapshot replaces it, whole or not at all.
	SaveSnapshot(ctx context.Context, id string, data []byte) error
}

// Lister is a store that can list and delete its sessions (the
// service's GET and DELETE /v1/sessions, and its idle expiry).
type Lister interface {
	// List gives the sessions that match, oldest first.
	List(ctx context.Context, opts ListOptions) ([]Summary, error)
	// Delete removes a session, its record and its events;
	// ErrNoSession when there is none.
	Delete(ctx context.Context, id string) error
}

// ListOptions say which sessions List gives.
type ListOptions struct {
	// Owner's sessions only, unless AllOwners.
	Owner     string
	AllOwners bool
	// IdleFor, when positive, keeps only sessions not appended to (nor
	// created) for at least that long.
	IdleFor time.Duration
	// Limit bounds the answer (0: no bound).
	Limit int
}

// Summary is a session as List gives it.
type Summary struct {
	ID      string    `json:"id"`
	Seq     int       `json:"seq"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	Owner   string    `json:"-"`
}

// Record is what a session of a store was started with: its config (the
// hashes say what the ruleset and party held) and the ruleset and party
// JSON themselves.
type Record struct {
	Config  Config            `json:"config"`
	Ruleset json.RawMessage   `json:"ruleset"`
	Party   []json.RawMessage `json:"party"`
	// Owner is the tenant that created the session (the service's API
	// key owner id), "" for none; the service shows a session to its
	// owner only. Not part of the hashes: it says who, not what.
	Owner string `json:"owner,omitempty"`
	// CreateKey and CreateHash are the Idempotency-Key the session was
	// created with and the SHA-256 of that request's body ("" for none),
	// so a retried create is answered as the first was, and the same key
	// with another body refused.
	CreateKey  string `json:"createKey,omitempty"`
	CreateHash string `json:"createHash,omitempty"`
}

// Stored record paths: a service/dirstore folder holds the ruleset as
// ruleset.json and the party as party/01.json, 02.json, ... (the first is
// the player), so `rulehost session show` opens it like any other.
const (
	StoredRuleset = "ruleset.json"
	StoredParty   = "party"
)

// PartyFile is the name of the i-th (from 0) sheet of a stored party.
func PartyFile(i int) string { return fmt.Sprintf("%02d.json", i+1) }

// NewRecord describes a session about to be stored: the config points at
// the stored ruleset and party and holds their hashes.
func NewRecord(rulesetJSON []byte, party [][]byte, seed uint64) Record {
	rec := Record{Ruleset: append(json.RawMessage(nil), rulesetJSON...)}
	for _, p := range party {
		rec.Party = append(rec.Party, append(json.RawMessage(nil), p...))
	}
	rec.Config = Config{Format: CurrentFormat, Ruleset: StoredRuleset, Party: StoredParty, Seed: seed, Answers: AnswerVersion,
		RulesetHash: hashBytes(rec.Ruleset), PartyHash: hashParty(rec.Party)}
	return rec
}

// Verify checks the record's content against the hashes of its config:
// a store that hands back other bytes than it was given is refused.
func (r Record) Verify() error {
	var changes []string
	if got := hashBytes(r.Ruleset); got != r.Config.RulesetHash {
		changes = append(changes, fmt.Sprintf("stored ruleset changed (%s, was %s)", short(got), short(r.Config.RulesetHash)))
	}
	if got := hashParty(r.Party); got != r.Config.PartyHash {
		changes = append(changes, fmt.Sprintf("stored party changed (%s, was %s)", short(got), short(r.Config.PartyHash)))
	}
	if len(changes) > 0 {
		return &ChangedError{Dir: "(stored)", Changes: changes}
	}
	return nil
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:])
}

// hashParty is HashDir of the party folder service/dirstore writes, computed
// from the bytes.
func hashParty(party []json.RawMessage) string {
	h := sha256.New()
	for i, p := range party {
		fmt.Fprintf(h, "%s\x00%d\x00", PartyFile(i), len(p))
		h.Write(p)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// ConflictError refuses an append that expected the log to end at
// Expected when it ends at Current (HTTP 409).
type ConflictError struct {
	ID       string
	Expected int
	Current  int
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("session %s: the append expected the log to end at seq %d, but it ends at seq %d; read the events after %d and retry", e.ID, e.Expected, e.Current, e.Expected)
}

// ErrBadID refuses a session id a store cannot key by.
var ErrBadID = errors.New("a session id is 1 to 64 letters, digits, - and _, starting with a letter or digit")

var idPattern = lazy.Regexp(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// CheckID refuses an id that is not a plain name (so no store can be
// asked for a path outside its root).
func CheckID(id string) error {
	if !idPattern().MatchString(id) {
		return fmt.Errorf("session id %q: %w", id, ErrBadID)
	}
	return nil
}

// CheckBatch checks events about to be appended after seq after: seqs
// in order from after+1, known kinds, valid UTF-8. Every store calls it
// before writing anything.
func CheckBatch(after int, events []Event) error {
	if after < 0 {
		return fmt.Errorf("session: append after seq %d: a seq is never negative", after)
	}
	if len(events) == 0 {
		return errors.New("session: an append holds at least one event")
	}
	for i, ev := range events {
		if ev.Seq != after+i+1 {
			return fmt.Errorf("session: event %d of the batch has seq %d where %d belongs", i, ev.Seq, after+i+1)
		}
		if err := checkEntry(Entry{Kind: ev.Kind, Text: ev.Text}, true); err != nil {
			return err
		}
		if ev.Key != "" {
			if err := CheckKey(ev.Key); err != nil {
				return fmt.Errorf("session: event %d of the batch: %w", i, err)
			}
			for _, prev := range events[:i] {
				if prev.Key == ev.Key {
					return fmt.Errorf("session: event %d of the batch: idempotency key %q twice in one batch", i, ev.Key)
				}
			}
		}
	}
	return nil
}

// MaxKey bounds an idempotency key's length.
const MaxKey = 128

// CheckKey refuses an idempotency key that is not 1 to 128 printable
// ASCII characters (a UUID, a hash, "turn-42": anything a client makes).
func CheckKey(key string) error {
	if key == "" || len(key) > MaxKey {
		return fmt.Errorf("idempotency key %q: 1 to %d printable ASCII characters", clipKey(key), MaxKey)
	}
	for i := 0; i < len(key); i++ {
		if key[i] < 0x21 || key[i] > 0x7e {
			return fmt.Errorf("idempotency key %q: 1 to %d printable ASCII characters, without spaces", clipKey(key), MaxKey)
		}
	}
	return nil
}

func clipKey(k string) string {
	if len(k) > 40 {
		return k[:40] + "..."
	}
	return k
}

// DuplicateKeyError refuses an append one of whose events carries an
// idempotency key the session already holds, at Seq: nothing of the
// batch was stored (the retry of an append already made).
type DuplicateKeyError struct {
	ID  string
	Key string
	Seq int
}

func (e *DuplicateKeyError) Error() string {
	return fmt.Sprintf("session %s: idempotency key %q is already the key of seq %d", e.ID, e.Key, e.Seq)
}

// Checksum is an event's CRC-32C as the log writes it (8 hex digits): the
// checksum of its canonical line, more marking a batch that goes on.
func Checksum(ev Event, more bool) string {
	line := AppendLine(nil, ev, more)
	return string(line[len(line)-11 : len(line)-3])
}

// DecodeStored reads an event back from its canonical line (as
// AppendLine wrote it, without the newline), checking its checksum: a
// store keeps the line, so a flipped bit is caught wherever it was kept.
func DecodeStored(line []byte) (Event, bool, error) {
	return decodeLine(line, CurrentFormat)
}

// Extend folds events a store holds that this session has not seen (its
// own appends, or another process's): they must follow its log.
func (s *Session) Extend(events []Event) ([]Reply, error) {
	out := make([]Reply, 0, len(events))
	for _, ev := range events {
		if ev.Seq != len(s.events)+1 {
			return out, fmt.Errorf("session: event seq %d where %d belongs", ev.Seq, len(s.events)+1)
		}
		s.events = append(s.events, ev)
		if ev.Kind == Regenerate && s.before == nil {
			out = append(out, Reply{Kind: ev.Kind, Text: ev.Text})
			continue
		}
		out = append(out, s.apply(ev))
	}
	return out, nil
}

// Next turns entries into the events that would follow this session's
// log, checked as AppendAll checks them, without changing anything.
func (s *Session) Next(entries []Entry) ([]Event, error) {
	if err := s.Check(entries); err != nil {
		return nil, err
	}
	events := make([]Event, len(entries))
	for i, e := range entries {
		events[i] = Event{Seq: len(s.events) + i + 1, Kind: e.Kind, Text: e.Text}
	}
	return events, nil
}
