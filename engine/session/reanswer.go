package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// Reanswerer is a store that can record that a stored session's log is
// now answered otherwise: by another answering version, or with other
// plugins. That is what the service's upgrade (POST
// /v1/sessions/{id}/upgrade) does once it has refolded the log under this
// engine and its plugins. A stored session's ruleset and party are its
// own bytes, so what answers it is the one thing that can change under it.
//
// SetAnswers is a compare-and-set: it writes to only while the record
// says from, and answers ErrAnswersMoved otherwise, so two servers
// upgrading at once cannot undo each other and an older server cannot
// write its version or plugins over a newer one's.
type Reanswerer interface {
	SetAnswers(ctx context.Context, id string, from, to Answering) error
}

// AnsweringReader is a store that can say what answers a stored session
// now, more cheaply than reading its whole Record: a server checks it
// before it answers from a fold it keeps, so that once another server has
// upgraded the session (Reanswerer) this one stops answering it with what
// it folded before, and refuses it as it would on a first read.
type AnsweringReader interface {
	Answering(ctx context.Context, id string) (Answering, error)
}

// ErrAnswersMoved refuses a SetAnswers whose session no longer records
// what it expected (another process upgraded it first).
var ErrAnswersMoved = errors.New("what answers its log changed since it was read")

// Answering is what answers a stored session's log: the answering version
// (Config.Answers) and the plugins pinned by name (Config.NamePins).
type Answering struct {
	Version int
	Plugins []PluginRef
}

// Answering is what the config says answers its log.
func (c Config) Answering() Answering {
	return Answering{Version: c.Answers, Plugins: c.NamePins()}
}

// Equal reports whether a and b name the same version and the same
// plugins (in order: pins are kept sorted by name).
func (a Answering) Equal(b Answering) bool {
	return a.Version == b.Version && slices.Equal(a.Plugins, b.Plugins)
}

// Reanswer is the compare-and-set of a store's SetAnswers on the config
// it holds: to replaces from, or ErrAnswersMoved when the config does not
// say from. Refs pinned by folder (a CLI session's) are kept as they are.
func (c *Config) Reanswer(id string, from, to Answering) error {
	if now := c.Answering(); !now.Equal(from) {
		return fmt.Errorf("session %s: %w (it records version %d with %d plugins pinned by name, not version %d with %d)",
			id, ErrAnswersMoved, now.Version, len(now.Plugins), from.Version, len(from.Plugins))
	}
	for _, p := range to.Plugins {
		if p.Name == "" || p.Dir != "" {
			return fmt.Errorf("session %s: a plugin pinned by name has a name and no folder (got %+v)", id, p)
		}
	}
	kept := c.Plugins[:0:0]
	for _, p := range c.Plugins {
		if p.Dir != "" {
			kept = append(kept, p)
		}
	}
	c.Answers = to.Version
	c.Plugins = append(kept, to.Plugins...)
	return nil
}
