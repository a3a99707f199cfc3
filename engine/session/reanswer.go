package session

import (
	"context"
	"errors"
)

// Reanswerer is a store that can record that a stored session's log is
// now answered by another answering version: what the service's upgrade
// (POST /v1/sessions/{id}/upgrade) does once it has refolded the log under
// this engine. A stored session's ruleset and party are its own bytes, so
// the version is the one thing that can change under it.
//
// SetAnswers is a compare-and-set: it writes to only while the record
// says from, and answers ErrAnswersMoved otherwise, so two servers
// upgrading at once cannot undo each other and an older server cannot
// write its version over a newer one's.
type Reanswerer interface {
	SetAnswers(ctx context.Context, id string, from, to int) error
}

// ErrAnswersMoved refuses a SetAnswers whose session no longer records
// the version it expected (another process upgraded it first).
var ErrAnswersMoved = errors.New("its answering version changed since it was read")
