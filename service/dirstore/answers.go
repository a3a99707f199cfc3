package dirstore

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/rulehost/rulehost/engine/session"
)

// SetAnswers records in a session's session.json that its log is answered
// by to (a version and the plugins pinned by name), if it says from now (session.Reanswerer). It holds the
// folder's write lock, as an append does, and replaces the file whole, so
// the CLI and another service process on the same folder see the old
// config or the new one, never a mix.
func (d *Store) SetAnswers(ctx context.Context, id string, from, to session.Answering) error {
	return outage(d.setAnswers(id, from, to))
}

func (d *Store) setAnswers(id string, from, to session.Answering) error {
	if err := session.CheckID(id); err != nil {
		return err
	}
	m := d.sessionLock(id)
	m.Lock()
	defer m.Unlock()
	dir := d.Dir(id)
	lock, err := session.LockFolder(dir, d.Wait)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("session %s %w", id, session.ErrNoSession)
	}
	if err != nil {
		return err
	}
	defer lock.Unlock()
	cfg, err := d.config(id)
	if err != nil {
		return err
	}
	if err := cfg.Reanswer(id, from, to); err != nil {
		return err
	}
	b, err := session.MarshalConfig(cfg)
	if err != nil {
		return err
	}
	return session.ReplaceFile(dir, session.ConfigFile, b)
}

// Answering reads what answers a session from its session.json alone
// (session.AnsweringReader). The file is replaced whole, so it is the old
// config or the new one.
func (d *Store) Answering(ctx context.Context, id string) (session.Answering, error) {
	if err := session.CheckID(id); err != nil {
		return session.Answering{}, err
	}
	cfg, err := d.config(id)
	if err != nil {
		return session.Answering{}, outage(err)
	}
	return cfg.Answering(), nil
}
