package pgstore

import (
	"context"
	"fmt"

	"github.com/rulehost/rulehost/engine/session"
)

// List reads the session rows that match, oldest first.
func (s *Store) List(ctx context.Context, opts session.ListOptions) ([]session.Summary, error) {
	limit := int64(opts.Limit)
	if limit <= 0 {
		limit = -1
	}
	rows, err := s.pool.Query(ctx, `SELECT id, owner, last_seq, created, updated FROM rulehost_sessions
		WHERE ($1 OR owner = $2) AND ($3::bigint = 0 OR updated <= now() - make_interval(secs => $3::bigint / 1e9))
		ORDER BY created, id LIMIT CASE WHEN $4::bigint < 0 THEN NULL ELSE $4::bigint END`,
		opts.AllOwners, opts.Owner, int64(opts.IdleFor), limit)
	if err != nil {
		return nil, outage(fmt.Errorf("postgres: list sessions: %w", err))
	}
	defer rows.Close()
	out := []session.Summary{}
	for rows.Next() {
		var sum session.Summary
		if err := rows.Scan(&sum.ID, &sum.Owner, &sum.Seq, &sum.Created, &sum.Updated); err != nil {
			return nil, outage(fmt.Errorf("postgres: list sessions: %w", err))
		}
		out = append(out, sum)
	}
	if err := rows.Err(); err != nil {
		return nil, outage(fmt.Errorf("postgres: list sessions: %w", err))
	}
	return out, nil
}

// Delete removes a session's events and its row in one transaction.
func (s *Store) Delete(ctx context.Context, id string) error {
	if err := session.CheckID(id); err != nil {
		return err
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return outage(fmt.Errorf("postgres: delete %s: %w", id, err))
	}
	defer tx.Rollback(context.Background())
	if _, err := tx.Exec(ctx, `DELETE FROM rulehost_events WHERE session_id = $1`, id); err != nil {
		return outage(fmt.Errorf("postgres: delete %s: %w", id, err))
	}
	tag, err := tx.Exec(ctx, `DELETE FROM rulehost_sessions WHERE id = $1`, id)
	if err != nil {
		return outage(fmt.Errorf("postgres: delete %s: %w", id, err))
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("session %s %w", id, session.ErrNoSession)
	}
	if err := tx.Commit(ctx); err != nil {
		return outage(fmt.Errorf("postgres: delete %s: %w", id, err))
	}
	return nil
}
