package serve

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
)

// Snapshots of stored sessions (docs/session.md "Snapshots"): a session
// this process folds afresh (its first request here, or after MaxLive
// dropped it) folds from the store's snapshot when the store keeps them
// (session.Snapshotter: service/dirstore does, pgstore does not) and the
// snapshot matches; catching up keeps a new one every
// session.SnapshotEvery events.

// snapshotter is the store's Snapshotter, if it is one.
func (s *Server) snapshotter() (session.Snapshotter, bool) {
	st := s.opts.Store
	if t, ok := st.(timedStore); ok {
		st = t.EventStore
	}
	sn, ok := st.(session.Snapshotter)
	return sn, ok
}

// pluginIDs name the plugins this process answers with, as a snapshot
// key's plugins: each plugin folder's content hash and its configuration.
// ok is false when they cannot be named (plugins in a worker process, a
// folder that cannot be read): such a process uses no snapshot, since
// one folded with other plugins would answer their tags otherwise.
func (s *Server) pluginIDs() ([]string, bool) {
	s.pluginOnce.Do(func() {
		h := s.opts.Host
		s.pluginOK = true
		if h == nil {
			return
		}
		if h.Isolated() || h.Set == nil {
			s.pluginOK = false
			return
		}
		for _, p := range h.Set.Plugins {
			dirHash, err := session.HashDir(p.Dir, "")
			conf, jerr := json.Marshal(p.Config)
			if err != nil || jerr != nil {
				s.pluginOK = false
				return
			}
			sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s", dirHash, conf))
			s.plugins = append(s.plugins, "sha256:"+hex.EncodeToString(sum[:]))
		}
	})
	return s.plugins, s.pluginOK
}

// foldStored folds a stored session's events from its snapshot when one
// is kept and matches, with the answers of its keyed events (what
// catchUp remembers of each). When none can be used (none kept, another
// key, its events unreadable now, or a keyed event's answer no longer
// held because a later regenerate replaced it) it gives an empty fold
// that keeps snapshots, for the caller to catch up event by event. nil
// when the store keeps no snapshots or the plugins cannot be named.
func (s *Server) foldStored(ctx context.Context, st session.EventStore, id string, rec session.Record, rs *ruleset.Ruleset, sheets []*sheet.Sheet, h session.Hooks) (*session.Session, map[string]keyedAnswer) {
	sn, ok := s.snapshotter()
	plugins, known := s.pluginIDs()
	if !ok || !known {
		return nil, nil
	}
	key := rec.Config.SnapshotKey()
	key.Plugins = append(key.Plugins, plugins...)
	empty := func() *session.Session {
		e, _ := session.FoldFrom(rs, sheets, rec.Config.Seed, nil, h, key, nil)
		return e
	}
	evs, err := st.Events(ctx, id, 0)
	if err != nil || len(evs) == 0 {
		return empty(), nil
	}
	sess, err := session.FoldFrom(rs, sheets, rec.Config.Seed, evs, h, key, sn.LoadSnapshot(ctx, id))
	if err != nil {
		return empty(), nil // a fold event by event remembers every answer
	}
	replies, held := sess.EventReplies()
	var keyed map[string]keyedAnswer
	for i, ev := range evs {
		if ev.Key == "" {
			continue
		}
		if !held[i] {
			return empty(), nil
		}
		if keyed == nil {
			keyed = map[string]keyedAnswer{}
		}
		keyed[ev.Key] = keyedAnswer{kind: ev.Kind, text: ev.Text, answer: appendResponse{Seq: ev.Seq, Reply: replyOutQuiet(replies[i])}}
	}
	return sess, keyed
}

// keepSnapshot hands the store a new snapshot of a session when its fold
// is far enough past the last (under ls.mu). Failing changes nothing:
// the next fold starts from an older snapshot or from the start.
func (s *Server) keepSnapshot(ctx context.Context, id string, ls *liveSession) {
	sn, ok := s.snapshotter()
	if !ok {
		return
	}
	ls.s.KeepSnapshot(func(b []byte) error { return sn.SaveSnapshot(ctx, id, b) })
}
