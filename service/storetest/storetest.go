// Package storetest is the conformance suite every session.EventStore
// passes (docs/session.md "Stores"): the embedded store runs it in
// service/dirstore, the PostgreSQL store in service/pgstore.
//
// It may import engine/session only (docs/architecture.md).
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/session"
)

// Backend gives a fresh, empty backing store (a temporary folder, a fresh
// database schema) and returns how to open a handle on it. Each call of
// open is another handle on the same sessions, as another process would
// have.
type Backend func(t *testing.T) (open func() session.EventStore)

// Run runs the suite.
func Run(t *testing.T, backend Backend) {
	for _, c := range []struct {
		name string
		run  func(*testing.T, func() session.EventStore)
	}{
		{"Record", testRecord},
		{"AppendAndRead", testAppendAndRead},
		{"Conflict", testConflict},
		{"RefusedBatch", testRefusedBatch},
		{"Texts", testTexts},
		{"Independent", testIndependent},
		{"Concurrent", testConcurrent},
		{"OwnerAndPing", testOwnerAndPing},
		{"IdempotencyKeys", testIdempotencyKeys},
		{"IdempotencyRace", testIdempotencyRace},
		{"Watch", testWatch},
		{"ListAndDelete", testListAndDelete},
		{"SetAnswers", testSetAnswers},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, backend(t)) })
	}
}

var ctx = context.Background()

func record() session.Record {
	return session.NewRecord([]byte(`{"name":"Test Rules","resolution":{"kind":"dice-sum"}}`),
		[][]byte{[]byte(`{"name":"Ada"}`), []byte(`{"name":"Bo"}`)}, 7)
}

func create(t *testing.T, st session.EventStore, id string) {
	t.Helper()
	if err := st.Create(ctx, id, record()); err != nil {
		t.Fatalf("Create %s: %v", id, err)
	}
}

func events(after int, kindText ...string) []session.Event {
	var out []session.Event
	for i := 0; i+1 < len(kindText); i += 2 {
		out = append(out, session.Event{Seq: after + i/2 + 1, Kind: kindText[i], Text: kindText[i+1]})
	}
	return out
}

func read(t *testing.T, st session.EventStore, id string, after int) []session.Event {
	t.Helper()
	evs, err := st.Events(ctx, id, after)
	if err != nil {
		t.Fatalf("Events %s after %d: %v", id, after, err)
	}
	return evs
}

func testRecord(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	want := record()
	create(t, st, "s1")
	got, err := st.Record(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Config, want.Config) || string(got.Ruleset) != string(want.Ruleset) || len(got.Party) != 2 ||
		string(got.Party[0]) != string(want.Party[0]) || string(got.Party[1]) != string(want.Party[1]) {
		t.Errorf("Record:\n got %+v\nwant %+v", got, want)
	}
	if err := got.Verify(); err != nil {
		t.Errorf("the stored record fails its own hashes: %v", err)
	}
	if err := st.Create(ctx, "s1", record()); !errors.Is(err, session.ErrExists) {
		t.Errorf("second Create: %v; want ErrExists", err)
	}
	if _, err := st.Record(ctx, "nope"); !errors.Is(err, session.ErrNoSession) {
		t.Errorf("Record of no session: %v; want ErrNoSession", err)
	}
	if _, err := st.Events(ctx, "nope", 0); !errors.Is(err, session.ErrNoSession) {
		t.Errorf("Events of no session: %v; want ErrNoSession", err)
	}
	for _, bad := range []string{"", "../x", "a/b", ".", strings.Repeat("x", 65), "a b"} {
		if err := st.Create(ctx, bad, record()); !errors.Is(err, session.ErrBadID) {
			t.Errorf("Create %q: %v; want ErrBadID", bad, err)
		}
	}
	tampered := record()
	tampered.Ruleset = []byte(`{"name":"Other"}`)
	if err := st.Create(ctx, "s2", tampered); err == nil {
		t.Errorf("Create with content that does not match its hashes: accepted")
	}
	// Another handle sees the session.
	other := open()
	defer other.Close()
	if _, err := other.Record(ctx, "s1"); err != nil {
		t.Errorf("another handle: %v", err)
	}
}

func testAppendAndRead(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	create(t, st, "s")
	if evs := read(t, st, "s", 0); len(evs) != 0 {
		t.Fatalf("a new session holds %v", evs)
	}
	first := events(0, session.GMReply, "You find rope.")
	if err := st.Append(ctx, "s", 0, first); err != nil {
		t.Fatal(err)
	}
	batch := events(1, session.PlayerAction, "I climb.", session.GMReply, "You fall.", session.Regenerate, "You make it.")
	if err := st.Append(ctx, "s", 1, batch); err != nil {
		t.Fatal(err)
	}
	all := append(first, batch...)
	if got := read(t, st, "s", 0); !reflect.DeepEqual(got, all) {
		t.Errorf("Events after 0:\n got %v\nwant %v", got, all)
	}
	if got := read(t, st, "s", 2); !reflect.DeepEqual(got, all[2:]) {
		t.Errorf("Events after 2:\n got %v\nwant %v", got, all[2:])
	}
	for _, after := range []int{4, 9} {
		if got := read(t, st, "s", after); len(got) != 0 {
			t.Errorf("Events after %d: %v; want none", after, got)
		}
	}
	if _, err := st.Events(ctx, "s", -1); err == nil {
		t.Errorf("Events after -1: accepted")
	}
	other := open()
	defer other.Close()
	if got := read(t, other, "s", 0); !reflect.DeepEqual(got, all) {
		t.Errorf("another handle reads %v", got)
	}
	if err := other.Append(ctx, "s", 4, events(4, session.PlayerAction, "I rest.")); err != nil {
		t.Errorf("another handle appends: %v", err)
	}
	if err := st.Append(ctx, "s", 5, events(5, session.GMReply, "Morning.")); err != nil {
		t.Errorf("the first handle appends after the other's: %v", err)
	}
	if got := read(t, st, "s", 0); len(got) != 6 {
		t.Errorf("%d events; want 6", len(got))
	}
}

func wantConflict(t *testing.T, err error, expected, current int) {
	t.Helper()
	var ce *session.ConflictError
	if !errors.As(err, &ce) {
		t.Fatalf("append expecting seq %d: %v; want a ConflictError", expected, err)
	}
	if ce.Expected != expected || ce.Current != current {
		t.Errorf("conflict: expected %d current %d; want %d and %d", ce.Expected, ce.Current, expected, current)
	}
}

func testConflict(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	create(t, st, "s")
	if err := st.Append(ctx, "s", 0, events(0, session.GMReply, "one", session.PlayerAction, "two")); err != nil {
		t.Fatal(err)
	}
	wantConflict(t, st.Append(ctx, "s", 0, events(0, session.GMReply, "again")), 0, 2)
	wantConflict(t, st.Append(ctx, "s", 1, events(1, session.GMReply, "behind")), 1, 2)
	wantConflict(t, st.Append(ctx, "s", 5, events(5, session.GMReply, "ahead")), 5, 2)
	other := open()
	defer other.Close()
	if err := other.Append(ctx, "s", 2, events(2, session.GMReply, "three")); err != nil {
		t.Fatal(err)
	}
	// The first handle learns of the other's append from the conflict.
	wantConflict(t, st.Append(ctx, "s", 2, events(2, session.GMReply, "three too", session.PlayerAction, "four")), 2, 3)
	if got := read(t, st, "s", 0); len(got) != 3 || got[2].Text != "three" {
		t.Errorf("after refused appends: %v", got)
	}
	if err := st.Append(ctx, "s", 3, events(3, session.PlayerAction, "four")); err != nil {
		t.Errorf("append at the end after a conflict: %v", err)
	}
}

func testRefusedBatch(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	create(t, st, "s")
	for _, c := range []struct {
		name   string
		after  int
		events []session.Event
	}{
		{"empty", 0, nil},
		{"wrong seq", 0, []session.Event{{Seq: 2, Kind: session.GMReply, Text: "x"}}},
		{"gap in batch", 0, []session.Event{{Seq: 1, Kind: session.GMReply, Text: "x"}, {Seq: 3, Kind: session.GMReply, Text: "y"}}},
		{"unknown kind", 0, append(events(0, session.GMReply, "ok"), session.Event{Seq: 2, Kind: "narrator", Text: "x"})},
		{"invalid UTF-8", 0, append(events(0, session.GMReply, "ok"), session.Event{Seq: 2, Kind: session.GMReply, Text: "\xff"})},
		{"negative", -1, []session.Event{{Seq: 0, Kind: session.GMReply, Text: "x"}}},
	} {
		if err := st.Append(ctx, "s", c.after, c.events); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
	if got := read(t, st, "s", 0); len(got) != 0 {
		t.Errorf("refused batches left %v", got)
	}
	if err := st.Append(ctx, "nope", 0, events(0, session.GMReply, "x")); !errors.Is(err, session.ErrNoSession) {
		t.Errorf("append to no session: %v; want ErrNoSession", err)
	}
}

func testTexts(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	create(t, st, "s")
	texts := []string{"", "nul \x00 byte", "quote \" backslash \\ newline \n tab \t cr \r", "\u2028 é 🐉 \x7f \x1f", strings.Repeat("long ", 20000), `[inventory: action="add" item="Rope"]`}
	var evs []session.Event
	for i, tx := range texts {
		evs = append(evs, session.Event{Seq: i + 1, Kind: session.GMReply, Text: tx})
	}
	if err := st.Append(ctx, "s", 0, evs); err != nil {
		t.Fatal(err)
	}
	if got := read(t, open(), "s", 0); !reflect.DeepEqual(got, evs) {
		t.Errorf("texts did not come back byte for byte")
	}
}

func testIndependent(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	create(t, st, "a")
	create(t, st, "b")
	if err := st.Append(ctx, "a", 0, events(0, session.GMReply, "in a")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, st, "b", 0); len(got) != 0 {
		t.Errorf("b holds a's event: %v", got)
	}
	if err := st.Append(ctx, "b", 0, events(0, session.GMReply, "in b")); err != nil {
		t.Errorf("b's first append: %v", err)
	}
}

// testConcurrent: 8 writers on two handles append to one session, each
// retrying after a conflict at the seq the conflict names. Every
// acknowledged event is there exactly once, seqs 1..N without a gap.
func testConcurrent(t *testing.T, open func() session.EventStore) {
	handles := []session.EventStore{open(), open()}
	for _, h := range handles {
		defer h.Close()
	}
	create(t, handles[0], "s")
	const writers, each = 8, 12
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	var mu sync.Mutex
	acked := map[string]int{}
	conflicts := 0
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := handles[w%2]
			after := 0
			for i := range each {
				text := fmt.Sprintf("writer %d event %d", w, i)
				for {
					err := st.Append(ctx, "s", after, events(after, session.PlayerAction, text))
					var ce *session.ConflictError
					if errors.As(err, &ce) {
						mu.Lock()
						conflicts++
						mu.Unlock()
						after = ce.Current
						continue
					}
					if err != nil {
						errs <- err
						return
					}
					after++
					mu.Lock()
					acked[text] = after
					mu.Unlock()
					break
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	got := read(t, handles[1], "s", 0)
	if len(got) != writers*each {
		t.Fatalf("%d events; want %d", len(got), writers*each)
	}
	for i, ev := range got {
		if ev.Seq != i+1 {
			t.Fatalf("event %d has seq %d", i, ev.Seq)
		}
		if acked[ev.Text] != ev.Seq {
			t.Errorf("%q at seq %d; acknowledged at %d", ev.Text, ev.Seq, acked[ev.Text])
		}
		delete(acked, ev.Text)
	}
	if len(acked) != 0 {
		t.Errorf("acknowledged but not stored: %v", acked)
	}
	t.Logf("%d events by %d writers on 2 handles, %d conflicts retried", writers*each, writers, conflicts)
}

// testOwnerAndPing: a record's owner comes back as stored (and none
// stays none); a store that can ping answers while it is up.
func testOwnerAndPing(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	rec := record()
	rec.Owner = "k0123456789abcdef"
	if err := st.Create(ctx, "owned", rec); err != nil {
		t.Fatal(err)
	}
	create(t, st, "free")
	other := open()
	defer other.Close()
	for id, want := range map[string]string{"owned": rec.Owner, "free": ""} {
		got, err := other.Record(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Owner != want {
			t.Errorf("%s: owner %q; want %q", id, got.Owner, want)
		}
	}
	if p, ok := st.(session.Pinger); ok {
		if err := p.Ping(ctx); err != nil {
			t.Errorf("ping of a store that is up: %v", err)
		}
	}
}

func keyed(after int, key, text string) []session.Event {
	return []session.Event{{Seq: after + 1, Kind: session.GMReply, Text: text, Key: key}}
}

func wantDuplicate(t *testing.T, err error, key string, seq int) {
	t.Helper()
	var de *session.DuplicateKeyError
	if !errors.As(err, &de) || de.Key != key || de.Seq != seq {
		t.Errorf("append with key %q again: %v; want a DuplicateKeyError at seq %d", key, err, seq)
	}
}

// testIdempotencyKeys: an event's key is stored with it and comes back;
// a key the session holds refuses the whole batch carrying it, from any
// handle; keys are per session; a create's key and hash come back.
func testIdempotencyKeys(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	create(t, st, "s")
	create(t, st, "other")
	if err := st.Append(ctx, "s", 0, keyed(0, "turn-1", "one")); err != nil {
		t.Fatal(err)
	}
	if err := st.Append(ctx, "s", 1, events(1, session.PlayerAction, "no key")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, st, "s", 0); len(got) != 2 || got[0].Key != "turn-1" || got[1].Key != "" {
		t.Fatalf("keys read back: %+v", got)
	}
	wantDuplicate(t, st.Append(ctx, "s", 2, keyed(2, "turn-1", "one again")), "turn-1", 1)
	other := open()
	defer other.Close()
	wantDuplicate(t, other.Append(ctx, "s", 2, keyed(2, "turn-1", "one again")), "turn-1", 1)
	batch := append(keyed(2, "turn-3", "three"), keyed(3, "turn-1", "again")...)
	wantDuplicate(t, other.Append(ctx, "s", 2, batch), "turn-1", 1)
	if got := read(t, st, "s", 0); len(got) != 2 {
		t.Fatalf("refused keyed appends stored something: %+v", got)
	}
	for name, bad := range map[string][]session.Event{
		"a key twice in a batch": append(keyed(2, "x", "a"), keyed(3, "x", "b")...),
		"a key with a space":     keyed(2, "two words", "a"),
		"a key too long":         keyed(2, strings.Repeat("k", 129), "a"),
	} {
		if err := st.Append(ctx, "s", 2, bad); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := st.Append(ctx, "other", 0, keyed(0, "turn-1", "another session's")); err != nil {
		t.Errorf("the same key in another session: %v", err)
	}
	if err := other.Append(ctx, "s", 2, keyed(2, "turn-3", "three")); err != nil {
		t.Errorf("a new key after refusals: %v", err)
	}
	wantDuplicate(t, st.Append(ctx, "s", 3, keyed(3, "turn-3", "three")), "turn-3", 3)
	rec := record()
	rec.CreateKey, rec.CreateHash = "create-1", "sha256:abc"
	if err := st.Create(ctx, "k", rec); err != nil {
		t.Fatal(err)
	}
	if got, err := other.Record(ctx, "k"); err != nil || got.CreateKey != "create-1" || got.CreateHash != "sha256:abc" {
		t.Errorf("a create's key: %+v %v", got, err)
	}
}

// testIdempotencyRace: writers on two handles all try to append one
// keyed event (each retrying conflicts at the current end): it is stored
// once, and every other writer is told which seq holds it.
func testIdempotencyRace(t *testing.T, open func() session.EventStore) {
	handles := []session.EventStore{open(), open()}
	for _, h := range handles {
		defer h.Close()
	}
	create(t, handles[0], "s")
	const writers = 6
	var wg sync.WaitGroup
	seqs := make(chan int, writers)
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := handles[w%2]
			after := 0
			for range 100 {
				// Some unkeyed traffic too, so the ends move.
				err := st.Append(ctx, "s", after, keyed(after, "the-one", fmt.Sprintf("from %d", w)))
				var ce *session.ConflictError
				var de *session.DuplicateKeyError
				switch {
				case err == nil:
					seqs <- after + 1
					return
				case errors.As(err, &de):
					seqs <- de.Seq
					return
				case errors.As(err, &ce):
					after = ce.Current
					if w%3 == 0 {
						if st.Append(ctx, "s", after, events(after, session.PlayerAction, "noise")) == nil {
							after++
						}
					}
				default:
					errs <- err
					return
				}
			}
			errs <- fmt.Errorf("writer %d: 100 conflicts", w)
		}()
	}
	wg.Wait()
	close(seqs)
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var stored []session.Event
	for _, ev := range read(t, handles[1], "s", 0) {
		if ev.Key == "the-one" {
			stored = append(stored, ev)
		}
	}
	if len(stored) != 1 {
		t.Fatalf("the keyed event is stored %d times", len(stored))
	}
	for seq := range seqs {
		if seq != stored[0].Seq {
			t.Errorf("a writer was told seq %d; the event is at %d", seq, stored[0].Seq)
		}
	}
}

// testWatch: a store that can watch signals a watcher on one handle when
// another handle appends (as another process would), and stops when the
// watcher's context ends.
func testWatch(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	w, ok := st.(session.Watcher)
	if !ok {
		t.Skip("this store cannot watch: streams poll it")
	}
	create(t, st, "s")
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ch, err := w.Watch(wctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	other := open()
	defer other.Close()
	for i := range 3 {
		// Let the watch settle (a LISTEN connection, a first look at the
		// log), then append from the other handle; a signal must follow.
		time.Sleep(300 * time.Millisecond)
		drain(ch)
		if err := other.Append(ctx, "s", i, events(i, session.GMReply, fmt.Sprint("event ", i))); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Fatalf("no signal within 10 s of append %d by another handle", i+1)
		}
	}
	if _, err := w.Watch(wctx, "../x"); err == nil {
		t.Errorf("watching a bad id: accepted")
	}
}

func drain(ch <-chan struct{}) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}

// testListAndDelete: a store that lists gives an owner's sessions only
// (all with AllOwners), with their seqs, idle ones with IdleFor; a
// deleted session is gone for every handle, and its id free again.
func testListAndDelete(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	l, ok := st.(session.Lister)
	if !ok {
		t.Skip("this store cannot list")
	}
	for i, owner := range []string{"ka", "ka", "kb"} {
		rec := record()
		rec.Owner = owner
		if err := st.Create(ctx, fmt.Sprint("s", i), rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Append(ctx, "s1", 0, events(0, session.GMReply, "one", session.PlayerAction, "two")); err != nil {
		t.Fatal(err)
	}
	ids := func(opts session.ListOptions) string {
		t.Helper()
		sums, err := open().(session.Lister).List(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range sums {
			out = append(out, fmt.Sprintf("%s:%d", s.ID, s.Seq))
		}
		return strings.Join(out, " ")
	}
	if got := ids(session.ListOptions{Owner: "ka"}); got != "s0:0 s1:2" {
		t.Errorf("ka's sessions: %q", got)
	}
	if got := ids(session.ListOptions{AllOwners: true}); got != "s0:0 s1:2 s2:0" {
		t.Errorf("all sessions: %q", got)
	}
	if got := ids(session.ListOptions{Owner: "ka", Limit: 1}); got != "s0:0" {
		t.Errorf("ka's first session: %q", got)
	}
	if got := ids(session.ListOptions{AllOwners: true, IdleFor: time.Hour}); got != "" {
		t.Errorf("sessions idle for an hour: %q", got)
	}
	time.Sleep(50 * time.Millisecond)
	if got := ids(session.ListOptions{AllOwners: true, IdleFor: 20 * time.Millisecond}); got != "s0:0 s1:2 s2:0" {
		t.Errorf("sessions idle for 20 ms: %q", got)
	}
	// Deleted by another handle (another process): this one, which has
	// appended to it, finds it gone too.
	other := open()
	defer other.Close()
	if err := other.(session.Lister).Delete(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Events(ctx, "s1", 0); !errors.Is(err, session.ErrNoSession) {
		t.Errorf("events of a deleted session: %v", err)
	}
	if err := st.Append(ctx, "s1", 2, events(2, session.GMReply, "three")); !errors.Is(err, session.ErrNoSession) {
		t.Errorf("append to a deleted session: %v", err)
	}
	if err := l.Delete(ctx, "s1"); !errors.Is(err, session.ErrNoSession) {
		t.Errorf("deleting it again: %v", err)
	}
	if got := ids(session.ListOptions{Owner: "ka"}); got != "s0:0" {
		t.Errorf("ka's sessions after the delete: %q", got)
	}
	create(t, other, "s1")
	if got := read(t, st, "s1", 0); len(got) != 0 {
		t.Errorf("a new session on a deleted id holds %v", got)
	}
}

// testSetAnswers: a store records another answering version and other
// plugins pinned by name only over what it holds (compare-and-set), keeps
// the log and the content as they were, and of two concurrent upgrades
// exactly one wins.
func testSetAnswers(t *testing.T, open func() session.EventStore) {
	st := open()
	defer st.Close()
	ra, ok := st.(session.Reanswerer)
	if !ok {
		t.Fatalf("%s store cannot record an answering version (session.Reanswerer): the service could not upgrade its sessions", st.Name())
	}
	old := record()
	old.Config.Answers = 1
	pinA := session.PluginRef{Name: "a", Version: "1.0.0", Hash: "sha256:aa"}
	pinB := session.PluginRef{Name: "b", Version: "2.0.0", Hash: "sha256:bb"}
	old.Config.Plugins = []session.PluginRef{pinA}
	was := session.Answering{Version: 1, Plugins: []session.PluginRef{pinA}}
	if err := st.Create(ctx, "up", old); err != nil {
		t.Fatal(err)
	}
	if err := st.Append(ctx, "up", 0, events(0, session.GMReply, "a reply")); err != nil {
		t.Fatal(err)
	}
	to := session.Answering{Version: 9, Plugins: []session.PluginRef{pinB}}
	if err := ra.SetAnswers(ctx, "up", session.Answering{Version: 5, Plugins: was.Plugins}, to); !errors.Is(err, session.ErrAnswersMoved) {
		t.Errorf("SetAnswers from a version the session does not record: %v; want ErrAnswersMoved", err)
	}
	if err := ra.SetAnswers(ctx, "up", session.Answering{Version: 1}, to); !errors.Is(err, session.ErrAnswersMoved) {
		t.Errorf("SetAnswers from plugins the session does not pin: %v; want ErrAnswersMoved", err)
	}
	if err := ra.SetAnswers(ctx, "none", was, to); !errors.Is(err, session.ErrNoSession) {
		t.Errorf("SetAnswers of no session: %v; want ErrNoSession", err)
	}
	if err := ra.SetAnswers(ctx, "../x", was, to); !errors.Is(err, session.ErrBadID) {
		t.Errorf("SetAnswers of a bad id: %v; want ErrBadID", err)
	}
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch err := ra.SetAnswers(ctx, "up", was, to); {
			case err == nil:
				wins.Add(1)
			case !errors.Is(err, session.ErrAnswersMoved):
				t.Errorf("concurrent SetAnswers: %v", err)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Errorf("%d of 4 concurrent SetAnswers(1 -> 9) won; want exactly 1", wins.Load())
	}
	got, err := open().Record(ctx, "up")
	if err != nil {
		t.Fatal(err)
	}
	want := old.Config
	want.Answers, want.Plugins = 9, []session.PluginRef{pinB}
	if !reflect.DeepEqual(got.Config, want) || string(got.Ruleset) != string(old.Ruleset) {
		t.Errorf("after SetAnswers the record is\n %+v\nwant %+v", got.Config, want)
	}
	if evs := read(t, st, "up", 0); len(evs) != 1 || evs[0].Text != "a reply" {
		t.Errorf("after SetAnswers the log is %+v; want the one reply", evs)
	}
	ar, ok := st.(session.AnsweringReader)
	if !ok {
		t.Fatalf("%s store cannot say what answers a session (session.AnsweringReader): a server could not notice another's upgrade", st.Name())
	}
	if a, err := ar.Answering(ctx, "up"); err != nil || !a.Equal(to) {
		t.Errorf("Answering after SetAnswers: %+v, %v; want %+v", a, err, to)
	}
	if _, err := ar.Answering(ctx, "none"); !errors.Is(err, session.ErrNoSession) {
		t.Errorf("Answering of no session: %v; want ErrNoSession", err)
	}
	if _, err := ar.Answering(ctx, "../x"); !errors.Is(err, session.ErrBadID) {
		t.Errorf("Answering of a bad id: %v; want ErrBadID", err)
	}
}
