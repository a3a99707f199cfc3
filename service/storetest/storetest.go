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
	"testing"

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
