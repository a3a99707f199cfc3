package pgstore

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/rulehost/rulehost/engine/session"
)

// outage marks the errors of a database that cannot be reached or is
// going away as session.ErrUnavailable, so the service answers them 503
// store-unavailable (retry later) instead of 500 (a bug). Everything
// else passes unchanged.
func outage(err error) error {
	if err == nil || !isOutage(err) {
		return err
	}
	return session.Unavailable(err)
}

// outageCodes are the SQLSTATEs of a server that is restarting, shutting
// down, out of connections or out of disk (class 08, connection
// exception, is matched by its prefix).
var outageCodes = map[string]bool{
	"57P01": true, // admin_shutdown: "terminating connection due to administrator command"
	"57P02": true, // crash_shutdown
	"57P03": true, // cannot_connect_now: the server is starting up
	"53300": true, // too_many_connections
	"53100": true, // disk_full
	"58030": true, // io_error
}

func isOutage(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false // the request's own deadline or a client gone: not the store's fault
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return strings.HasPrefix(pe.Code, "08") || outageCodes[pe.Code]
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	switch {
	case errors.As(err, &ce), errors.As(err, &ne),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, net.ErrClosed),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return true
	}
	// pgconn's "conn closed" (a connection the server dropped, found
	// closed when next used) is a private type; it says it is safe to
	// retry, since nothing was sent on it.
	return pgconn.SafeToRetry(err)
}
