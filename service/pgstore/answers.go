package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/rulehost/rulehost/engine/session"
)

// SetAnswers records that a session's log is answered by to (a version and
// the plugins pinned by name), if its config says from now (session.Reanswerer). The UPDATE is guarded by
// the config text it read, so a concurrent upgrade (or anything else that
// rewrote the config) makes this one answer ErrAnswersMoved instead of
// writing over it.
func (s *Store) SetAnswers(ctx context.Context, id string, from, to session.Answering) error {
	return outage(s.setAnswers(ctx, id, from, to))
}

func (s *Store) setAnswers(ctx context.Context, id string, from, to session.Answering) error {
	if err := session.CheckID(id); err != nil {
		return err
	}
	old, cfg, err := s.config(ctx, id)
	if err != nil {
		return err
	}
	if err := cfg.Reanswer(id, from, to); err != nil {
		return err
	}
	b, err := json.Marshal(cfg)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	tag, err := s.pool.Exec(ctx, `UPDATE rulehost_sessions SET config = $3 WHERE id = $1 AND config = $2`, id, old, string(b))
	if err != nil {
		return fmt.Errorf("postgres: upgrade session %s: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("session %s: %w (another process rewrote it first)", id, session.ErrAnswersMoved)
	}
	return nil
}

// Answering reads what answers a session from its config column alone
// (session.AnsweringReader).
func (s *Store) Answering(ctx context.Context, id string) (session.Answering, error) {
	if err := session.CheckID(id); err != nil {
		return session.Answering{}, err
	}
	_, cfg, err := s.config(ctx, id)
	if err != nil {
		return session.Answering{}, outage(err)
	}
	return cfg.Answering(), nil
}

// config reads a session's config column: its text (what a
// compare-and-set guards on) and the config it holds.
func (s *Store) config(ctx context.Context, id string) (string, session.Config, error) {
	var text string
	var cfg session.Config
	err := s.pool.QueryRow(ctx, `SELECT config FROM rulehost_sessions WHERE id = $1`, id).Scan(&text)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", cfg, fmt.Errorf("session %s %w", id, session.ErrNoSession)
	}
	if err != nil {
		return "", cfg, fmt.Errorf("postgres: read session %s: %w", id, err)
	}
	if err := json.Unmarshal([]byte(text), &cfg); err != nil {
		return "", cfg, fmt.Errorf("postgres: session %s: its config: %w", id, err)
	}
	return text, cfg, nil
}
