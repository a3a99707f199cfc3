package pgstore

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rulehost/rulehost/engine/session"
)

func TestOutageClassified(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}, true},
		{&pgconn.PgError{Code: "08006"}, true},
		{&pgconn.PgError{Code: "53300"}, true},
		{fmt.Errorf("postgres: append: %w", &pgconn.PgError{Code: "57P03"}), true},
		{&pgconn.PgError{Code: "23505"}, false}, // unique_violation: the caller's, not an outage
		{&pgconn.PgError{Code: "42P01"}, false}, // undefined_table: a bug
		{context.DeadlineExceeded, false},
		{errors.New("session x: no such session"), false},
		{&net.OpError{Op: "dial", Err: errors.New("connection refused")}, true},
	} {
		if got := errors.Is(outage(c.err), session.ErrUnavailable); got != c.want {
			t.Errorf("%v: unavailable %v; want %v", c.err, got, c.want)
		}
		if c.want && !errors.Is(outage(c.err), c.err) {
			t.Errorf("%v: the cause is lost", c.err)
		}
	}
	// A database that refuses connections (stopped, restarting).
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	pool, err := pgxpool.New(context.Background(), "postgres://x@"+addr+"/x?connect_timeout=5")
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := &Store{pool: pool}
	if err := s.Ping(ctx); !errors.Is(err, session.ErrUnavailable) {
		t.Errorf("ping of a refused connection: %v; want ErrUnavailable", err)
	}
	if _, err := s.Events(ctx, "s", 0); !errors.Is(err, session.ErrUnavailable) {
		t.Errorf("events over a refused connection: %v; want ErrUnavailable", err)
	}
}
