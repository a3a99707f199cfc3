// Package pgstore is the PostgreSQL session.EventStore (docs/session.md
// "Stores"), for services beyond one machine: several `rulehost serve`
// processes on one database share sessions safely.
//
// Events are rows keyed by (session, seq), each holding its canonical log
// line (log format 2, so its CRC-32C travels with it and is checked on
// every read) and the checksum again as a column. A session row holds the
// config, the ruleset and party bytes with their hashes, and last_seq: an
// append is one transaction that moves last_seq from the seq it expected
// to the batch's last (a compare-and-set, so of two appends expecting the
// same seq exactly one commits) and inserts the batch. The primary key on
// (session, seq) is a second guard: no seq is ever stored twice.
//
// It may import engine/session only; nothing in the engine or the host
// imports it (docs/architecture.md).
package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rulehost/rulehost/engine/session"
)

// schema is created when missing, under an advisory lock so that several
// processes starting at once do not race on it.
const schema = `
CREATE TABLE IF NOT EXISTS rulehost_sessions (
	id           text PRIMARY KEY,
	config       text NOT NULL,
	ruleset_hash text NOT NULL,
	party_hash   text NOT NULL,
	ruleset      bytea NOT NULL,
	party        bytea[] NOT NULL,
	last_seq     bigint NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
	created      timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS rulehost_events (
	session_id text NOT NULL REFERENCES rulehost_sessions (id),
	seq        bigint NOT NULL CHECK (seq >= 1),
	kind       text NOT NULL,
	line       text NOT NULL,
	crc        text NOT NULL,
	PRIMARY KEY (session_id, seq)
);
ALTER TABLE rulehost_sessions ADD COLUMN IF NOT EXISTS owner text NOT NULL DEFAULT '';
ALTER TABLE rulehost_sessions ADD COLUMN IF NOT EXISTS create_key text NOT NULL DEFAULT '';
ALTER TABLE rulehost_sessions ADD COLUMN IF NOT EXISTS create_hash text NOT NULL DEFAULT '';
ALTER TABLE rulehost_events ADD COLUMN IF NOT EXISTS idem_key text;
ALTER TABLE rulehost_sessions ADD COLUMN IF NOT EXISTS updated timestamptz NOT NULL DEFAULT now();
CREATE INDEX IF NOT EXISTS rulehost_sessions_owner ON rulehost_sessions (owner, created);
CREATE UNIQUE INDEX IF NOT EXISTS rulehost_events_idem_key ON rulehost_events (session_id, idem_key) WHERE idem_key IS NOT NULL;`

// schemaLock is the advisory lock key of schema creation ("rulehost").
const schemaLock = 0x72756c65686f7374

// Store is the PostgreSQL EventStore.
type Store struct {
	pool  *pgxpool.Pool
	watch watchers
}

// Open connects to url (postgres://user@host:port/db?pool_max_conns=N)
// and creates the tables when missing.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return OpenConfig(ctx, cfg)
}

// OpenConfig is Open with a parsed pool config (a test sets the schema's
// search_path in it).
func OpenConfig(ctx context.Context, cfg *pgxpool.Config) (*Store, error) {
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(schemaLock)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, schema)
		return err
	})
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: create the tables: %w", err)
	}
	return &Store{pool: pool}, nil
}

// Ping says whether the database answers (the service's /readyz).
func (s *Store) Ping(ctx context.Context) error { return outage(s.pool.Ping(ctx)) }

// Name is "postgres".
func (s *Store) Name() string { return "postgres" }

// Close closes the connections.
func (s *Store) Close() error {
	s.watch.mu.Lock()
	if s.watch.stop != nil {
		s.watch.stop()
	}
	s.watch.mu.Unlock()
	s.pool.Close()
	return nil
}

// Create inserts the session row; ErrExists when the id is taken.
func (s *Store) Create(ctx context.Context, id string, rec session.Record) error {
	return outage(s.create(ctx, id, rec))
}

func (s *Store) create(ctx context.Context, id string, rec session.Record) error {
	if err := session.CheckID(id); err != nil {
		return err
	}
	if err := rec.Verify(); err != nil {
		return err
	}
	cfg, err := json.Marshal(rec.Config)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	party := make([][]byte, len(rec.Party))
	for i, p := range rec.Party {
		party[i] = p
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO rulehost_sessions (id, config, ruleset_hash, party_hash, ruleset, party, owner, create_key, create_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		id, string(cfg), rec.Config.RulesetHash, rec.Config.PartyHash, []byte(rec.Ruleset), party, rec.Owner, rec.CreateKey, rec.CreateHash)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" { // unique_violation
		return fmt.Errorf("session %s %w", id, session.ErrExists)
	}
	if err != nil {
		return fmt.Errorf("postgres: create session %s: %w", id, err)
	}
	return nil
}

// Record reads the session row and checks its content against its hashes.
func (s *Store) Record(ctx context.Context, id string) (session.Record, error) {
	rec, err := s.record(ctx, id)
	return rec, outage(err)
}

func (s *Store) record(ctx context.Context, id string) (session.Record, error) {
	var rec session.Record
	if err := session.CheckID(id); err != nil {
		return rec, err
	}
	var cfg, rsHash, partyHash string
	var rs []byte
	var party [][]byte
	err := s.pool.QueryRow(ctx, `SELECT config, ruleset_hash, party_hash, ruleset, party, owner, create_key, create_hash FROM rulehost_sessions WHERE id = $1`, id).
		Scan(&cfg, &rsHash, &partyHash, &rs, &party, &rec.Owner, &rec.CreateKey, &rec.CreateHash)
	if errors.Is(err, pgx.ErrNoRows) {
		return rec, fmt.Errorf("session %s %w", id, session.ErrNoSession)
	}
	if err != nil {
		return rec, fmt.Errorf("postgres: read session %s: %w", id, err)
	}
	if err := json.Unmarshal([]byte(cfg), &rec.Config); err != nil {
		return rec, fmt.Errorf("postgres: session %s: its config: %w", id, err)
	}
	if rec.Config.RulesetHash != rsHash || rec.Config.PartyHash != partyHash {
		return rec, fmt.Errorf("postgres: session %s: the config's hashes differ from the row's", id)
	}
	rec.Ruleset = rs
	for _, p := range party {
		rec.Party = append(rec.Party, p)
	}
	if err := rec.Verify(); err != nil {
		return rec, fmt.Errorf("session %s: %w", id, err)
	}
	return rec, nil
}

// Append stores the batch in one transaction if the log ends at after.
func (s *Store) Append(ctx context.Context, id string, after int, events []session.Event) error {
	return outage(s.append(ctx, id, after, events))
}

func (s *Store) append(ctx context.Context, id string, after int, events []session.Event) error {
	if err := session.CheckID(id); err != nil {
		return err
	}
	if err := session.CheckBatch(after, events); err != nil {
		return err
	}
	seqs := make([]int64, len(events))
	kinds := make([]string, len(events))
	lines := make([]string, len(events))
	crcs := make([]string, len(events))
	keys := make([]*string, len(events))
	for i, ev := range events {
		line := session.AppendLine(nil, ev, false)
		seqs[i], kinds[i], lines[i], crcs[i] = int64(ev.Seq), ev.Kind, string(line[:len(line)-1]), session.Checksum(ev, false)
		if ev.Key != "" {
			keys[i] = &events[i].Key
		}
	}
	last := after + len(events)
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE rulehost_sessions SET last_seq = $3, updated = now() WHERE id = $1 AND last_seq = $2`, id, after, last)
		if err != nil {
			return fmt.Errorf("postgres: append to %s: %w", id, err)
		}
		if tag.RowsAffected() == 0 {
			var cur int
			err := tx.QueryRow(ctx, `SELECT last_seq FROM rulehost_sessions WHERE id = $1`, id).Scan(&cur)
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("session %s %w", id, session.ErrNoSession)
			}
			if err != nil {
				return fmt.Errorf("postgres: append to %s: %w", id, err)
			}
			return &session.ConflictError{ID: id, Expected: after, Current: cur}
		}
		_, err = tx.Exec(ctx, `INSERT INTO rulehost_events (session_id, seq, kind, line, crc, idem_key)
			SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[])`, id, seqs, kinds, lines, crcs, keys)
		if err != nil {
			return fmt.Errorf("postgres: append to %s: %w", id, err)
		}
		// Delivered on commit: the event streams of every process wake.
		if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, id); err != nil {
			return fmt.Errorf("postgres: append to %s: notify: %w", id, err)
		}
		return nil
	})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == "rulehost_events_idem_key" {
		// The unique index refused a key the session holds: the
		// transaction (last_seq too) is rolled back; say which seq has it.
		for _, ev := range events {
			var seq int
			qerr := s.pool.QueryRow(ctx, `SELECT seq FROM rulehost_events WHERE session_id = $1 AND idem_key = $2`, id, ev.Key).Scan(&seq)
			if qerr == nil {
				return &session.DuplicateKeyError{ID: id, Key: ev.Key, Seq: seq}
			}
		}
	}
	return err
}

// Events reads the rows after seq after, checking each line's checksum,
// its crc column and its seq.
func (s *Store) Events(ctx context.Context, id string, after int) ([]session.Event, error) {
	evs, err := s.events(ctx, id, after)
	return evs, outage(err)
}

func (s *Store) events(ctx context.Context, id string, after int) ([]session.Event, error) {
	if err := session.CheckID(id); err != nil {
		return nil, err
	}
	if after < 0 {
		return nil, fmt.Errorf("session: events after seq %d: a seq is never negative", after)
	}
	rows, err := s.pool.Query(ctx, `SELECT seq, line, crc FROM rulehost_events WHERE session_id = $1 AND seq > $2 ORDER BY seq`, id, after)
	if err != nil {
		return nil, fmt.Errorf("postgres: read events of %s: %w", id, err)
	}
	defer rows.Close()
	out := []session.Event{}
	for rows.Next() {
		var seq int64
		var line, crc string
		if err := rows.Scan(&seq, &line, &crc); err != nil {
			return nil, fmt.Errorf("postgres: read events of %s: %w", id, err)
		}
		ev, _, err := session.DecodeStored([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("postgres: session %s seq %d: %w", id, seq, err)
		}
		if int64(ev.Seq) != seq || ev.Seq != after+len(out)+1 || crc != session.Checksum(ev, false) {
			return nil, fmt.Errorf("postgres: session %s seq %d: the row does not match its line (seq %d, crc %s)", id, seq, ev.Seq, crc)
		}
		out = append(out, ev)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: read events of %s: %w", id, err)
	}
	if len(out) == 0 {
		var one int
		err := s.pool.QueryRow(ctx, `SELECT 1 FROM rulehost_sessions WHERE id = $1`, id).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("session %s %w", id, session.ErrNoSession)
		}
		if err != nil {
			return nil, fmt.Errorf("postgres: %w", err)
		}
	}
	return out, nil
}
