package session_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
)

// keyOf is the snapshot key a bundled ruleset's sessions are folded with
// in these tests.
func keyOf(b bundled) session.SnapshotKey {
	return session.SnapshotKey{Ruleset: "sha256:" + b.name, Party: "sha256:party-" + b.name, Plugins: []string{"sha256:plugins"}, Seed: 1}
}

// sameFold fails unless got is the fold want is, in every way a caller
// can see: the replies (records and tags), the state, the blocks, and
// what the next events answer (a regenerated last reply included, which
// reads the state before it).
func sameFold(t *testing.T, what string, b bundled, got, want *session.Session, next []session.Event) {
	t.Helper()
	if got.Len() != want.Len() {
		t.Fatalf("%s: %d events, want %d", what, got.Len(), want.Len())
	}
	if !reflect.DeepEqual(got.State().Replies, want.State().Replies) {
		t.Fatalf("%s: the replies differ from a full refold", what)
	}
	if stateJSON(t, got) != stateJSON(t, want) {
		t.Fatalf("%s: the state differs from a full refold:\n%s\nwant\n%s", what, stateJSON(t, got), stateJSON(t, want))
	}
	gp, wp := got.State().Party, want.State().Party
	if gp.Block() != wp.Block() || gp.LiveBlock() != wp.LiveBlock() {
		t.Fatalf("%s: the blocks differ from a full refold", what)
	}
	for i, ev := range next {
		ev.Seq = want.Len() + 1
		if ev.Kind == session.Regenerate && i == 0 {
			ev.Kind = session.GMReply // the snapshot's last event may be a player's
		}
		gr, gerr := got.Extend([]session.Event{ev})
		wr, werr := want.Extend([]session.Event{ev})
		if (gerr == nil) != (werr == nil) || !reflect.DeepEqual(gr, wr) {
			t.Fatalf("%s: event %d after the snapshot (%s %q) answers %v (%v), a full refold %v (%v)", what, i, ev.Kind, ev.Text, gr, gerr, wr, werr)
		}
	}
	if stateJSON(t, got) != stateJSON(t, want) {
		t.Fatalf("%s: the state after further events differs from a full refold", what)
	}
	_ = b
}

// snapshotsOf folds events one at a time and takes a snapshot every
// `every` events where the state allows one, with the position.
func snapshotsOf(t *testing.T, b bundled, events []session.Event, every int) (snaps [][]byte, at []int, skipped int) {
	t.Helper()
	s := session.FoldWith(b.rs, b.sheets, 1, nil, b.hooks)
	for i, ev := range events {
		if _, err := s.Extend([]session.Event{ev}); err != nil {
			t.Fatal(err)
		}
		if (i+1)%every != 0 && i != len(events)-1 {
			continue
		}
		snap, err := s.Snapshot(keyOf(b))
		if errors.Is(err, session.ErrNotSnapshottable) {
			skipped++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		snaps, at = append(snaps, snap), append(at, i+1)
	}
	return snaps, at, skipped
}

// checkSnapshots holds every snapshot of a log to a full refold: folding
// the log from it gives exactly the session a fold from the start does.
func checkSnapshots(t *testing.T, b bundled, what string, events, next []session.Event, every int) int {
	t.Helper()
	snaps, at, skipped := snapshotsOf(t, b, events, every)
	t.Logf("%s: %d snapshots checked, %d states not snapshottable", what, len(snaps), skipped)
	for k, snap := range snaps {
		got, err := session.FoldFrom(b.rs, b.sheets, 1, events, b.hooks, keyOf(b), snap)
		if err != nil {
			t.Fatalf("%s: the snapshot at event %d was not used: %v", what, at[k], err)
		}
		if got.SnapshotAt() != at[k] {
			t.Fatalf("%s: folded from event %d, want %d", what, got.SnapshotAt(), at[k])
		}
		sameFold(t, fmt.Sprintf("%s, snapshot at event %d", what, at[k]), b, got, b.fold(events), next)
	}
	return len(snaps)
}

// TestSnapshotFoldIsTheFullFold: for every bundled transcript, and for
// generated logs of every bundled ruleset on fixed seeds, a fold from
// any snapshot is the full refold, and so is everything after it.
func TestSnapshotFoldIsTheFullFold(t *testing.T) {
	n, every := 600, 75
	if testing.Short() {
		n, every = 200, 50
	}
	for _, b := range bundledRulesets(t) {
		t.Run(b.name, func(t *testing.T) {
			taken := 0
			for ti, tr := range b.transcripts {
				var events []session.Event
				for i, e := range tr {
					events = append(events, session.Event{Seq: i + 1, Kind: e.Kind, Text: e.Text})
				}
				taken += checkSnapshots(t, b, fmt.Sprintf("transcript %d", ti+1), events, longLog(b, 6, 99), 1)
			}
			for seed := uint64(1); seed <= 2; seed++ {
				events := longLog(b, n, seed)
				taken += checkSnapshots(t, b, fmt.Sprintf("generated log, seed %d", seed), events, longLog(b, 8, seed+100), every)
			}
			if taken == 0 {
				t.Fatal("no state of these logs could be snapshotted")
			}
		})
	}
}

// rewriteHeader changes a snapshot's header (its body and checksum
// stay as they are).
func rewriteHeader(t *testing.T, snap []byte, change func(h map[string]any)) []byte {
	t.Helper()
	rest := bytes.TrimPrefix(snap, []byte("rulehost-snapshot\n"))
	end := bytes.IndexByte(rest, '\n')
	var h map[string]any
	if err := json.Unmarshal(rest[:end], &h); err != nil {
		t.Fatal(err)
	}
	change(h)
	head, _ := json.Marshal(h)
	out := append([]byte("rulehost-snapshot\n"), head...)
	out = append(out, '\n')
	return append(out, rest[end+1:]...)
}

// TestSnapshotMismatchIgnored: a snapshot of another version, format,
// ruleset, party, plugins or seed, of more events than the log holds, of
// a log that differs from this one, with a damaged body, cut short at
// any byte, or garbage, is ignored: the session is the full fold.
func TestSnapshotMismatchIgnored(t *testing.T) {
	var b bundled
	for _, r := range bundledRulesets(t) {
		if r.name == "gravewatch" {
			b = r
		}
	}
	events := longLog(b, 300, 5)
	snaps, at, _ := snapshotsOf(t, b, events[:200], 200)
	if len(snaps) != 1 || at[0] != 200 {
		t.Fatalf("want one snapshot at event 200, got %v", at)
	}
	snap := snaps[0]
	want := b.fold(events)
	if _, err := session.FoldFrom(b.rs, b.sheets, 1, events, b.hooks, keyOf(b), snap); err != nil {
		t.Fatalf("the good snapshot is refused: %v", err)
	}
	edited := append([]session.Event(nil), events...)
	edited[150].Text += " (edited)"
	key := keyOf(b)
	otherKey := func(f func(k *session.SnapshotKey)) session.SnapshotKey {
		k := key
		k.Plugins = append([]string(nil), k.Plugins...)
		f(&k)
		return k
	}
	flipped := append([]byte(nil), snap...)
	flipped[len(flipped)-3] ^= 0x10
	cases := []struct {
		name   string
		events []session.Event
		key    session.SnapshotKey
		snap   []byte
	}{
		{"another answering version", events, key, rewriteHeader(t, snap, func(h map[string]any) { h["answers"] = float64(session.AnswerVersion - 1) })},
		{"another snapshot format", events, key, rewriteHeader(t, snap, func(h map[string]any) { h["format"] = 99 })},
		{"an unknown header member", events, key, rewriteHeader(t, snap, func(h map[string]any) { h["trust"] = true })},
		{"more events than the log", events[:150], key, snap},
		{"a position that is not its own", events, key, rewriteHeader(t, snap, func(h map[string]any) { h["events"] = 199 })},
		{"an edited log", edited, key, snap},
		{"another ruleset", events, otherKey(func(k *session.SnapshotKey) { k.Ruleset += "x" }), snap},
		{"another party", events, otherKey(func(k *session.SnapshotKey) { k.Party += "x" }), snap},
		{"other plugins", events, otherKey(func(k *session.SnapshotKey) { k.Plugins = nil }), snap},
		{"another seed", events, otherKey(func(k *session.SnapshotKey) { k.Seed = 2 }), snap},
		{"a flipped bit in the body", events, key, flipped},
		{"garbage", events, key, []byte("garbage\x00\xff")},
		{"empty", events, key, nil},
	}
	for _, c := range cases {
		got, err := session.FoldFrom(b.rs, b.sheets, 1, c.events, b.hooks, c.key, c.snap)
		if err == nil {
			t.Errorf("%s: the snapshot was used", c.name)
			continue
		}
		sameFold(t, c.name, b, got, b.fold(c.events), nil)
	}
	for cut := 0; cut < len(snap); cut += 1 + cut/8 {
		got, err := session.FoldFrom(b.rs, b.sheets, 1, events, b.hooks, key, snap[:cut])
		if err == nil {
			t.Fatalf("cut at byte %d of %d: the snapshot was used", cut, len(snap))
		}
		if got.Len() != len(events) || stateJSON(t, got) != stateJSON(t, want) {
			t.Fatalf("cut at byte %d: the state differs from the full fold", cut)
		}
	}
}

// BenchmarkFoldSnapshot folds each bundled ruleset's 10,000-event
// session (longLog) from the snapshot a writer kept, in the worst case
// its policy allows: the last one it wrote by the time the log held
// 9,501 events (every session.SnapshotEvery events of fold, when the
// state allows), so at least 499 events are folded after it: reading and
// checking the snapshot, hashing the log it folds, folding the rest.
func BenchmarkFoldSnapshot(b *testing.B) {
	for _, r := range bundledRulesets(b) {
		events := longLog(r, 10000, 1)
		s := session.FoldWith(r.rs, r.sheets, 1, nil, r.hooks)
		var snap []byte
		at := 0
		for i, ev := range events[:len(events)-session.SnapshotEvery+1] {
			s.Extend([]session.Event{ev})
			if i+1-at < session.SnapshotEvery {
				continue
			}
			if sn, err := s.Snapshot(keyOf(r)); err == nil {
				snap, at = sn, i+1
			}
		}
		b.Run(r.name, func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				if _, err := session.FoldFrom(r.rs, r.sheets, 1, events, r.hooks, keyOf(r), snap); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
			b.ReportMetric(float64(len(events)-at), "tail-events")
			b.ReportMetric(float64(len(snap)), "snapshot-bytes")
		})
	}
}

// startHashed starts an Ember Roads session in a new folder with a
// config that names its files by hash, as `rulehost run` does.
func startHashed(t *testing.T) (string, *session.Session) {
	t.Helper()
	rs, sheets := ember(t)
	dir := filepath.Join(t.TempDir(), "s")
	c, err := session.NewConfig(dir, emberRuleset, emberParty, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.Start(dir, c, rs, sheets)
	if err != nil {
		t.Fatal(err)
	}
	return dir, s
}

// appendGen appends the gen stream's events from seq from to to.
func appendGen(t *testing.T, s *session.Session, from, to int) {
	t.Helper()
	for lo := from; lo <= to; lo += 100 {
		var batch []session.Entry
		for seq := lo; seq < lo+100 && seq <= to; seq++ {
			k, txt := gen(seq)
			batch = append(batch, session.Entry{Kind: k, Text: txt})
		}
		if _, err := s.AppendAll(batch); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStoreKeepsSnapshots: the writer of a session folder writes a
// snapshot once its fold is session.SnapshotEvery events past the last
// one, the next open folds from it, and the session is the full fold;
// a reader uses it and writes none; a damaged, cut, foreign or stale
// snapshot file is ignored and the session is still the full fold.
func TestStoreKeepsSnapshots(t *testing.T) {
	dir, s := startHashed(t)
	appendGen(t, s, 1, 1250)
	if got := s.SnapshotAt(); got != 1000 {
		t.Fatalf("the writer's snapshot folds %d events, want 1000 (written every %d)", got, session.SnapshotEvery)
	}
	s.Close()
	snapPath := filepath.Join(dir, session.SnapshotFile)
	good, err := os.ReadFile(snapPath)
	if err != nil {
		t.Fatal(err)
	}
	events, _, err := session.ReadLog(dir)
	if err != nil {
		t.Fatal(err)
	}
	rs, sheets := ember(t)
	want := session.Fold(rs, sheets, 7, events)

	r, err := session.Read(dir, session.FileLoader(ruleset.Options{}), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.SnapshotAt() != 1000 || stateJSON(t, r) != stateJSON(t, want) || !reflect.DeepEqual(r.State().Replies, want.State().Replies) {
		t.Fatalf("a reader folded from %d and got another state than the full fold", r.SnapshotAt())
	}

	// A writer that opens the folder 250 events past the snapshot keeps
	// it; one 500 past writes a new one.
	o, err := session.Open(dir, session.FileLoader(ruleset.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if o.SnapshotAt() != 1000 || stateJSON(t, o) != stateJSON(t, want) {
		t.Fatalf("the writer folded from %d and got another state than the full fold", o.SnapshotAt())
	}
	appendGen(t, o, 1251, 1400)
	o.Close()
	stale := good // the snapshot of the first 1,000 events, now of a longer log

	_, other := startHashed(t)
	appendGen(t, other, 1, 600)
	foreign, _ := session.New(rs, sheets, 7).Snapshot(session.SnapshotKey{})
	other.Close()

	events, _, _ = session.ReadLog(dir)
	want = session.Fold(rs, sheets, 7, events)
	for _, c := range []struct {
		name string
		data []byte
		used bool
	}{
		{"a stale snapshot of the log's first events", stale, true},
		{"garbage", []byte("not a snapshot"), false},
		{"a snapshot cut short", good[:len(good)/2], false},
		{"a flipped byte", flip(good, len(good)-10), false},
		{"another key's snapshot", foreign, false},
		{"an empty file", nil, false},
	} {
		if err := os.WriteFile(snapPath, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := session.Read(dir, session.FileLoader(ruleset.Options{}), session.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if (r.SnapshotAt() > 0) != c.used {
			t.Errorf("%s: folded from event %d", c.name, r.SnapshotAt())
		}
		if stateJSON(t, r) != stateJSON(t, want) || !reflect.DeepEqual(r.State().Replies, want.State().Replies) {
			t.Fatalf("%s: the session is not the full fold", c.name)
		}
		if after, _ := os.ReadFile(snapPath); !bytes.Equal(after, c.data) {
			t.Fatalf("%s: a reader wrote the snapshot", c.name)
		}
	}
	// A writer opening over a bad snapshot, 1,400 events past none it
	// can use, writes a good one.
	o, err = session.Open(dir, session.FileLoader(ruleset.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	o.Close()
	if o.SnapshotAt() != 1400 {
		t.Fatalf("the writer's new snapshot folds %d events, want 1400", o.SnapshotAt())
	}
}

func flip(b []byte, i int) []byte {
	out := append([]byte(nil), b...)
	out[i] ^= 1
	return out
}

// TestEventRepliesAfterSnapshot: a session folded from a snapshot gives
// each event the reply a fold event by event gave it, where that reply
// still stands (a regenerated one does not).
func TestEventRepliesAfterSnapshot(t *testing.T) {
	for _, b := range bundledRulesets(t) {
		if b.name != "gravewatch" && b.name != "d20-5e" {
			continue
		}
		events := longLog(b, 400, 3)
		s := session.FoldWith(b.rs, b.sheets, 1, nil, b.hooks)
		var each []session.Reply
		for _, ev := range events {
			r, err := s.Extend([]session.Event{ev})
			if err != nil {
				t.Fatal(err)
			}
			each = append(each, r[0])
		}
		snaps, at, _ := snapshotsOf(t, b, events, 100)
		if len(snaps) == 0 {
			t.Fatalf("%s: no snapshot", b.name)
		}
		got, err := session.FoldFrom(b.rs, b.sheets, 1, events, b.hooks, keyOf(b), snaps[0])
		if err != nil {
			t.Fatal(err)
		}
		replies, ok := got.EventReplies()
		lost := 0
		for i := range events {
			if !ok[i] {
				lost++
				if i+1 < len(events) && events[i+1].Kind != session.Regenerate {
					t.Fatalf("%s: event %d's reply is lost, but no regenerate follows it", b.name, i+1)
				}
				continue
			}
			if !reflect.DeepEqual(replies[i], each[i]) {
				t.Fatalf("%s (snapshot at %d): event %d got %v, folded one by one %v", b.name, at[0], i+1, replies[i], each[i])
			}
		}
		if lost == 0 {
			t.Fatalf("%s: the log has no regenerated reply to test", b.name)
		}
	}
}

// TestSnapshotRandomSequences: logs of random kinds (regenerates after a
// player's action included, which the fold skips) over texts drawn from
// a ruleset's scenes and a few malformed tags: every snapshot folds on
// to the full refold.
func TestSnapshotRandomSequences(t *testing.T) {
	for _, b := range bundledRulesets(t) {
		switch b.name {
		case "d20-5e", "ember-roads", "gravewatch", "ironsworn":
		default:
			continue
		}
		pool := []string{`[inventory: action="add" item="Rope" item="Rope"]`, `[skill_check: skill=]`, `plain text`, `[place: name="X" size="nowhere"]`}
		for _, ev := range longLog(b, 400, 77) {
			pool = append(pool, ev.Text)
		}
		kinds := []string{session.GMReply, session.GMReply, session.PlayerAction, session.Regenerate}
		for seed := uint64(1); seed <= 3; seed++ {
			rng := rand.New(rand.NewPCG(seed, 9))
			events := make([]session.Event, 300)
			for i := range events {
				events[i] = session.Event{Seq: i + 1, Kind: kinds[rng.IntN(len(kinds))], Text: pool[rng.IntN(len(pool))]}
			}
			checkSnapshots(t, b, fmt.Sprintf("%s, random log %d", b.name, seed), events, longLog(b, 5, seed), 30)
		}
	}
}
