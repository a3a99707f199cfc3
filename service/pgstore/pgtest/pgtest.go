// Package pgtest gives tests an empty PostgreSQL schema of their own on
// the database named by RULEHOST_TEST_POSTGRES (.ci/run starts one).
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// EnvURL names the database the tests use.
const EnvURL = "RULEHOST_TEST_POSTGRES"

// Schema makes an empty schema, dropped when the test ends, and returns
// the database URL and a pool config whose connections use that schema.
// Without RULEHOST_TEST_POSTGRES the test is skipped, saying why.
func Schema(t testing.TB) (url, schema string, cfg *pgxpool.Config) {
	t.Helper()
	url = os.Getenv(EnvURL)
	if url == "" {
		t.Skip(EnvURL + " is not set: no PostgreSQL to test against (.ci/run starts one)")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("%s: %v", EnvURL, err)
	}
	defer conn.Close(ctx)
	var b [6]byte
	rand.Read(b[:])
	schema = "t_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), url)
		if err == nil {
			c.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
			c.Close(context.Background())
		}
	})
	cfg, err = pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	return url, schema, cfg
}
