package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/pgstore"
	"github.com/rulehost/rulehost/service/pgstore/pgtest"
)

// appendRun is what concurrent clients saw: the events acknowledged (200)
// with their seqs, the events whose answer was lost with a killed server
// (stored or not: the client found out by reading the log), and the 409s.
type appendRun struct {
	mu        sync.Mutex
	acked     map[string]int
	recovered map[string]bool
	conflicts atomic.Int64
	total     atomic.Int64
	retried   atomic.Int64 // keyed requests sent again to another service
}

type clientOpts struct {
	clients, each int
	// urls are the services; client w starts on urls[w%len(urls)] and
	// moves to the next when its service stops answering.
	urls []string
	// keyed clients send each append with an Idempotency-Key and, when a
	// service dies with the answer, send the same request to the next:
	// the retry is answered as the first was, never stored twice.
	keyed bool
}

// runClients has clients append to one session concurrently, each with
// the seq it believes the log ends at: a 409 gives the current seq and
// the client retries there. Any other answer fails the test.
func runClients(t *testing.T, id string, o clientOpts) *appendRun {
	run := &appendRun{acked: map[string]int{}, recovered: map[string]bool{}}
	client := &http.Client{Timeout: 30 * time.Second}
	var wg sync.WaitGroup
	for w := range o.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			srv := w % len(o.urls)
			known := 0
			for i := range o.each {
				text := fmt.Sprintf("client %d event %d", w, i)
				for attempt := 0; ; attempt++ {
					if attempt > 2000 {
						t.Errorf("client %d: no progress", w)
						return
					}
					body := fmt.Sprintf(`{"kind":"player","text":%q,"expectedSeq":%d}`, text, known)
					req, _ := http.NewRequest("POST", o.urls[srv]+"/v1/sessions/"+id+"/events", bytes.NewBufferString(body))
					req.Header.Set("Content-Type", "application/json")
					if o.keyed {
						req.Header.Set("Idempotency-Key", fmt.Sprintf("c%d-e%d", w, i))
					}
					resp, err := client.Do(req)
					if err != nil && o.keyed {
						srv = (srv + 1) % len(o.urls) // the same request, with its key, to the next service
						run.retried.Add(1)
						continue
					}
					if err != nil {
						// The service is gone: was the event stored before it died?
						srv = (srv + 1) % len(o.urls)
						evs, err := readEvents(client, o.urls[srv], id)
						if err != nil {
							t.Errorf("client %d: %v", w, err)
							return
						}
						known = len(evs)
						if containsText(evs, text) {
							run.mu.Lock()
							run.recovered[text] = true
							run.mu.Unlock()
							break
						}
						continue
					}
					var out struct {
						Seq   int `json:"seq"`
						Error struct {
							Code string `json:"code"`
							Seq  *int   `json:"seq"`
						} `json:"error"`
					}
					data, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if err := json.Unmarshal(data, &out); err != nil {
						t.Errorf("client %d: not JSON: %s", w, data)
						return
					}
					if resp.StatusCode == http.StatusConflict && out.Error.Code == "conflict" && out.Error.Seq != nil {
						run.conflicts.Add(1)
						known = *out.Error.Seq
						continue
					}
					if resp.StatusCode != 200 || out.Seq != known+1 {
						t.Errorf("client %d: %d %s (expected seq %d)", w, resp.StatusCode, data, known)
						return
					}
					known = out.Seq
					run.mu.Lock()
					run.acked[text] = out.Seq
					run.mu.Unlock()
					run.total.Add(1)
					break
				}
			}
		}()
	}
	wg.Wait()
	return run
}

func readEvents(client *http.Client, url, id string) ([]session.Event, error) {
	var all []session.Event
	for {
		resp, err := client.Get(fmt.Sprintf("%s/v1/sessions/%s/events?after=%d", url, id, len(all)))
		if err != nil {
			return nil, err
		}
		var out struct {
			Events []session.Event `json:"events"`
			More   bool            `json:"more"`
		}
		err = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		all = append(all, out.Events...)
		if !out.More {
			return all, nil
		}
	}
}

func containsText(evs []session.Event, text string) bool {
	for _, ev := range evs {
		if ev.Text == text {
			return true
		}
	}
	return false
}

// verify: the stored log is seqs 1..N without a gap, no text twice, every
// acknowledged event at the seq its answer gave, and nothing else but the
// events whose answers died with a server.
func (run *appendRun) verify(t *testing.T, stored []session.Event) {
	t.Helper()
	seen := map[string]bool{}
	for i, ev := range stored {
		if ev.Seq != i+1 {
			t.Fatalf("event %d has seq %d", i, ev.Seq)
		}
		if seen[ev.Text] {
			t.Errorf("%q stored twice", ev.Text)
		}
		seen[ev.Text] = true
		if seq, ok := run.acked[ev.Text]; ok && seq != ev.Seq {
			t.Errorf("%q acknowledged at seq %d, stored at %d", ev.Text, seq, ev.Seq)
		} else if !ok && !run.recovered[ev.Text] {
			t.Errorf("%q stored but neither acknowledged nor found by its client", ev.Text)
		}
	}
	for text := range run.acked {
		if !seen[text] {
			t.Errorf("acknowledged but lost: %q", text)
		}
	}
	if len(stored) != len(run.acked)+len(run.recovered) {
		t.Errorf("%d stored; %d acknowledged + %d recovered", len(stored), len(run.acked), len(run.recovered))
	}
}

// TestTwoServersOnePostgres: two services, each with its own connection
// pool, on one PostgreSQL; 8 clients append to one session concurrently.
func TestTwoServersOnePostgres(t *testing.T) {
	_, _, cfg := pgtest.Schema(t)
	var urls []string
	var stores []session.EventStore
	for range 2 {
		st, err := pgstore.OpenConfig(context.Background(), cfg.Copy())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		stores = append(stores, st)
		urls = append(urls, sessionServer(t, st).URL)
	}
	if code, out := postURL(t, urls[0]+"/v1/sessions", `{"id":"shared","bundled":"d20-5e","bundledSheets":["ada"],"seed":1}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	run := runClients(t, "shared", clientOpts{clients: 8, each: 25, urls: urls})
	stored, err := stores[1].Events(context.Background(), "shared", 0)
	if err != nil {
		t.Fatal(err)
	}
	run.verify(t, stored)
	if len(stored) != 200 || len(run.recovered) != 0 {
		t.Errorf("%d events stored; want 200", len(stored))
	}
	// Both services fold the same state.
	a, _ := getURL(t, urls[0]+"/v1/sessions/shared")
	b, _ := getURL(t, urls[1]+"/v1/sessions/shared")
	if a != b {
		t.Errorf("the services fold differently:\n%s\n%s", a, b)
	}
	t.Logf("200 appends by 8 clients on 2 services: %d conflicts answered 409 and retried", run.conflicts.Load())
}

func postURL(t testing.TB, url, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", bytes.NewBufferString(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

func getURL(t testing.TB, url string) (string, int) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return string(data), resp.StatusCode
}

// TestKilledServerPostgres: two `rulehost serve` processes on one
// PostgreSQL, 8 clients appending; one process is killed with SIGKILL
// mid-run and its clients move to the other. Nothing acknowledged is
// lost, no seq is stored twice.
func TestKilledServerPostgres(t *testing.T) { killedServer(t, false) }

// TestKilledServerKeyedRetry: the same, with clients that retry an append
// whose answer died with the server by sending it again with its
// Idempotency-Key: every event is acknowledged (none needs reading the
// log to find out) and stored once.
func TestKilledServerKeyedRetry(t *testing.T) { killedServer(t, true) }

func killedServer(t *testing.T, keyed bool) {
	if testing.Short() {
		t.Skip("builds the binary and runs two processes")
	}
	url, schema, _ := pgtest.Schema(t)
	bin := filepath.Join(t.TempDir(), "rulehost")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/rulehost").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sep := "?"
	if bytes.ContainsRune([]byte(url), '?') {
		sep = "&"
	}
	dbURL := url + sep + "search_path=" + schema
	var urls []string
	var procs []*exec.Cmd
	for range 2 {
		addr := freeAddr(t)
		cmd := exec.Command(bin, "serve", "--postgres", dbURL, "--addr", addr, "--bundled", "../../rulesets")
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		procs = append(procs, cmd)
		urls = append(urls, "http://"+addr)
		waitHealthy(t, "http://"+addr)
	}
	if code, out := postURL(t, urls[0]+"/v1/sessions", `{"id":"killed","bundled":"d20-5e","bundledSheets":["ada"],"seed":1}`); code != 200 {
		t.Fatalf("create: %d %s", code, out)
	}
	var run *appendRun
	done := make(chan struct{})
	go func() {
		defer close(done)
		run = runClients(t, "killed", clientOpts{clients: 8, each: 25, urls: urls, keyed: keyed})
	}()
	// Kill the first service once the run is well under way.
	atKill := 0
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline) && atKill < 60; time.Sleep(5 * time.Millisecond) {
		atKill = countEvents(urls[1])
	}
	if err := procs[0].Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-done
	if atKill >= 200 {
		t.Fatalf("the run ended before the kill")
	}
	st, err := pgstore.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	stored, err := st.Events(context.Background(), "killed", 0)
	if err != nil {
		t.Fatal(err)
	}
	run.verify(t, stored)
	if len(stored) != 200 {
		t.Errorf("%d events stored; want 200 (every client's every event, once)", len(stored))
	}
	if keyed && (len(run.acked) != 200 || len(run.recovered) != 0) {
		t.Errorf("keyed retries: %d acknowledged, %d found by reading; want all 200 acknowledged", len(run.acked), len(run.recovered))
	}
	t.Logf("SIGKILL at about seq %d: %d acknowledged, %d whose answer died with the server found stored by their clients, %d keyed requests sent again, %d conflicts", atKill, len(run.acked), len(run.recovered), run.retried.Load(), run.conflicts.Load())
}

func countEvents(url string) int {
	resp, err := http.Get(url + "/v1/sessions/killed")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	var out struct{ Seq int }
	json.NewDecoder(resp.Body).Decode(&out)
	return out.Seq
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func waitHealthy(t *testing.T, url string) {
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get(url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
	}
	t.Fatal(errors.New("the service did not start: " + url))
}
