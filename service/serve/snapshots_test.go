package serve

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
)

// longEvents are n events of a d20-5e session (Ada): checks, coins and
// purchases, every tenth keyed "k-SEQ", and, when regenKeyed, the keyed
// GM reply at seq 10 regenerated right after.
func longEvents(n int, regenKeyed bool) []session.Event {
	texts := []string{
		`[skill_check: who="Ada" skill="Athletics" dc="12"]`,
		`[inventory: action="earn" amount="5 gp"]`,
		`[place: name="Saltmarsh" size="town"] [inventory: action="buy" item="Rope, hempen (50 feet)"]`,
		`[roll_dice: dice="2d6"] [skill_check: who="Ada" skill="Stealth"]`,
	}
	var out []session.Event
	for seq := 1; seq <= n; seq++ {
		ev := session.Event{Seq: seq, Kind: session.GMReply, Text: texts[seq%len(texts)]}
		if seq%10 == 0 {
			ev.Key = fmt.Sprintf("k-%d", seq)
		}
		if regenKeyed && seq == 11 {
			ev.Kind = session.Regenerate
		}
		out = append(out, ev)
	}
	return out
}

// storedLong creates session id in a folder store and appends events to
// it directly (as another process would), in batches.
func storedLong(t testing.TB, root, id string, events []session.Event) session.EventStore {
	t.Helper()
	st := dirStore(t, root)
	ts := sessionServer(t, st)
	if code, out := post(t, ts, "/v1/sessions", `{"id":"`+id+`","bundled":"d20-5e","bundledSheets":["ada"],"seed":7}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	for lo := 0; lo < len(events); lo += 200 {
		hi := min(lo+200, len(events))
		if err := st.Append(context.Background(), id, lo, events[lo:hi]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func liveOf(srv *Server, id string) *session.Session {
	srv.liveMu.Lock()
	defer srv.liveMu.Unlock()
	if ls := srv.sessions[id]; ls != nil {
		return ls.s
	}
	return nil
}

func retryKeyed(t *testing.T, ts *httptest.Server, id string, ev session.Event) string {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.URL+"/v1/sessions/"+id+"/events", strings.NewReader(fmt.Sprintf(`{"kind":%q,"text":%q}`, ev.Kind, ev.Text)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", ev.Key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("retry of %s: %d %s", ev.Key, resp.StatusCode, b)
	}
	return string(b)
}

// TestServiceFoldsFromSnapshot: a service over a folder store keeps a
// snapshot of a long session beside its log; another process (a restart)
// folds the session from it, answers its state as a fold from the start
// does, and answers a retried keyed append as the first answer was.
func TestServiceFoldsFromSnapshot(t *testing.T) {
	root := t.TempDir()
	events := longEvents(1200, false)
	st := storedLong(t, root, "long", events)
	a := New(Options{Bundled: "../../rulesets", Store: st})
	tsA := httptest.NewServer(a.Handler())
	defer tsA.Close()
	_, stateA := get(t, tsA, "/v1/sessions/long")
	if liveOf(a, "long").SnapshotAt() != 1200 {
		t.Fatalf("the first fold kept no snapshot (at %d)", liveOf(a, "long").SnapshotAt())
	}
	if _, err := os.Stat(filepath.Join(root, "long", session.SnapshotFile)); err != nil {
		t.Fatal(err)
	}
	retryA := retryKeyed(t, tsA, "long", events[49])

	b := New(Options{Bundled: "../../rulesets", Store: dirStore(t, root)})
	tsB := httptest.NewServer(b.Handler())
	defer tsB.Close()
	_, stateB := get(t, tsB, "/v1/sessions/long")
	if at := liveOf(b, "long").SnapshotAt(); at != 1200 {
		t.Fatalf("the restarted service folded from event %d, want the snapshot at 1200", at)
	}
	if mustJSON(stateA) != mustJSON(stateB) {
		t.Fatalf("the state folded from the snapshot differs:\n%v\n%v", stateA, stateB)
	}
	if retryB := retryKeyed(t, tsB, "long", events[49]); retryB != retryA {
		t.Fatalf("a retried keyed append after the restart answers\n%s\nwhere the first process answered\n%s", retryB, retryA)
	}
	if got := liveOf(b, "long").Len(); got != 1200 {
		t.Fatalf("the retry was stored again: %d events", got)
	}
}

// TestServiceRefoldsWhenKeyedAnswerLost: when a keyed event's answer was
// replaced by a later regenerate, the snapshot cannot say what it was,
// so the service folds from the start (and still answers the retry).
func TestServiceRefoldsWhenKeyedAnswerLost(t *testing.T) {
	root := t.TempDir()
	events := longEvents(700, true)
	st := storedLong(t, root, "regen", events)
	a := New(Options{Bundled: "../../rulesets", Store: st})
	tsA := httptest.NewServer(a.Handler())
	defer tsA.Close()
	get(t, tsA, "/v1/sessions/regen")
	if liveOf(a, "regen").SnapshotAt() != 700 {
		t.Fatal("the first fold kept no snapshot")
	}
	retryA := retryKeyed(t, tsA, "regen", events[9])
	b := New(Options{Bundled: "../../rulesets", Store: dirStore(t, root)})
	tsB := httptest.NewServer(b.Handler())
	defer tsB.Close()
	if retryB := retryKeyed(t, tsB, "regen", events[9]); retryB != retryA {
		t.Fatalf("the retry answers\n%s\nwant\n%s", retryB, retryA)
	}
}

// noSnapshots hides a store's snapshots.
type noSnapshots struct{ session.EventStore }

// BenchmarkRefoldEvicted: two 10,000-event sessions and room for one
// folded session (MaxLive 1), so every request folds its session again,
// as past the service's 1,024: from the folder store's snapshot, and
// from the start.
func BenchmarkRefoldEvicted(b *testing.B) {
	root := b.TempDir()
	events := longEvents(10000, false)
	storedLong(b, root, "s1", events)
	storedLong(b, root, "s2", events)
	for _, c := range []struct {
		name string
		st   session.EventStore
	}{{"snapshot", dirStore(b, root)}, {"full", noSnapshots{dirStore(b, root)}}} {
		b.Run(c.name, func(b *testing.B) {
			srv := New(Options{Bundled: "../../rulesets", Store: c.st, MaxLive: 1})
			ts := httptest.NewServer(srv.Handler())
			defer ts.Close()
			get(b, ts, "/v1/sessions/s1") // writes the snapshots (snapshot)
			get(b, ts, "/v1/sessions/s2")
			i := 0
			cpu := cpuTime()
			for b.Loop() {
				i++
				if code, _ := get(b, ts, fmt.Sprintf("/v1/sessions/s%d", 1+i%2)); code != 200 {
					b.Fatal(code)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// TestAppendsKeepSnapshots: a session only ever appended to over HTTP
// (no reads that catch up) gets its snapshot too.
func TestAppendsKeepSnapshots(t *testing.T) {
	root := t.TempDir()
	srv := New(Options{Bundled: "../../rulesets", Store: dirStore(t, root)})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	if code, out := post(t, ts, "/v1/sessions", `{"id":"w","bundled":"d20-5e","bundledSheets":["ada"],"seed":7}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	var entries []string
	for _, ev := range longEvents(100, false) {
		entries = append(entries, fmt.Sprintf(`{"kind":%q,"text":%q}`, ev.Kind, ev.Text))
	}
	for i := range 6 {
		if code, out := post(t, ts, "/v1/sessions/w/batch", `{"entries":[`+strings.Join(entries, ",")+`],"expectedSeq":`+fmt.Sprint(i*100)+`}`); code != 200 {
			t.Fatalf("batch %d: %d %v", i, code, out)
		}
	}
	if at := liveOf(srv, "w").SnapshotAt(); at != 500 {
		t.Fatalf("the appends kept a snapshot at %d, want 500", at)
	}
	if _, err := os.Stat(filepath.Join(root, "w", session.SnapshotFile)); err != nil {
		t.Fatal(err)
	}
}
