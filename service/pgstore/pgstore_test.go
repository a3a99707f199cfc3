package pgstore_test

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/pgstore"
	"github.com/rulehost/rulehost/service/pgstore/pgtest"
	"github.com/rulehost/rulehost/service/storetest"
)

func freshSchema(t testing.TB) *pgxpool.Config {
	_, _, cfg := pgtest.Schema(t)
	return cfg
}

func open(t testing.TB, cfg *pgxpool.Config) *pgstore.Store {
	t.Helper()
	st, err := pgstore.OpenConfig(context.Background(), cfg.Copy())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) func() session.EventStore {
		cfg := freshSchema(t)
		return func() session.EventStore { return open(t, cfg) }
	})
}

// TestChecksumCaught: a row changed behind the store's back is refused
// on read, by seq, never returned.
func TestChecksumCaught(t *testing.T) {
	cfg := freshSchema(t)
	st := open(t, cfg)
	ctx := context.Background()
	if err := st.Create(ctx, "s", session.NewRecord([]byte(`{}`), [][]byte{[]byte(`{}`)}, 1)); err != nil {
		t.Fatal(err)
	}
	if err := st.Append(ctx, "s", 0, []session.Event{{Seq: 1, Kind: "gm", Text: "You find rope."}}); err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg.Copy())
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, `UPDATE rulehost_events SET line = replace(line, 'rope', 'gold')`); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Events(ctx, "s", 0); err == nil || !strings.Contains(err.Error(), "integrity check failed") {
		t.Errorf("a changed line: %v; want the integrity check to refuse it", err)
	}
	if _, err := pool.Exec(ctx, `UPDATE rulehost_sessions SET ruleset = '{"x":1}'`); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Record(ctx, "s"); err == nil || !strings.Contains(err.Error(), "changed") {
		t.Errorf("a changed ruleset: %v; want it refused by its hash", err)
	}
}
