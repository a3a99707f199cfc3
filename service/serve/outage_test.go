package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/pgstore"
	"github.com/rulehost/rulehost/service/pgstore/pgtest"
)

// TestPostgresOutageUnderLoad: while clients append, every connection
// of the service to PostgreSQL is terminated, again and again (what a
// restart does to them: SQLSTATE 57P01). Each answer is 200 or 503
// store-unavailable with Retry-After, never 500; the service recovers
// by itself; what it acknowledged is stored once.
func TestPostgresOutageUnderLoad(t *testing.T) {
	url, schema, cfg := pgtest.Schema(t)
	app := "rh_" + schema
	cfg.ConnConfig.RuntimeParams["application_name"] = app
	st, err := pgstore.OpenConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ts := sessionServer(t, st)
	if code, out := post(t, ts, "/v1/sessions", `{"id":"s","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	const clients, each = 4, 2000
	var met atomic.Bool
	var mu sync.Mutex
	acked := map[string]int{}
	statuses := map[string]int{}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// append until the killer is done (it stops once an append
			// met the outage), so the outage always meets appends in
			// flight however fast or slow this machine is
			for i := 0; i < each; i++ {
				select {
				case <-stop:
					return
				default:
				}
				text := fmt.Sprintf("client %d turn %d", c, i)
				resp, body := sendReq(t, "POST", ts.URL+"/v1/sessions/s/events", "application/json", `{"kind":"gm","text":"`+text+`"}`)
				mu.Lock()
				key := fmt.Sprint(resp.StatusCode)
				if resp.StatusCode == 503 {
					key += " " + strings.SplitN(strings.SplitN(body, `"code":"`, 2)[1], `"`, 2)[0]
					if resp.Header.Get("Retry-After") == "" {
						t.Errorf("503 without Retry-After: %s", body)
					}
				}
				statuses[key]++
				if key == "503 store-unavailable" {
					met.Store(true)
				}
				if resp.StatusCode == 200 {
					acked[text]++
				} else if resp.StatusCode != 503 {
					t.Errorf("append answered %d: %s", resp.StatusCode, body)
				}
				mu.Unlock()
			}
		}()
	}
	killer, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer killer.Close(context.Background())
	go func() {
		defer close(stop)
		for k := 0; k < 400; k++ {
			time.Sleep(30 * time.Millisecond)
			killer.Exec(context.Background(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, app)
			if k >= 7 && met.Load() {
				return
			}
		}
	}()
	wg.Wait()
	<-stop
	t.Logf("answers: %v", statuses)
	if statuses["503 store-unavailable"] == 0 {
		t.Errorf("no append met the outage (answers %v): the test did not test it", statuses)
	}
	// Recovered, without a restart.
	if code, out := get(t, ts, "/readyz"); code != 200 {
		t.Errorf("readyz after the outage: %d %v", code, out)
	}
	if code, out := post(t, ts, "/v1/sessions/s/events", `{"kind":"gm","text":"after"}`); code != 200 {
		t.Errorf("append after the outage: %d %v", code, out)
	}
	// the last termination may have cut a connection the pool still
	// holds: a read is retried as a client would
	var evs []session.Event
	for try := 0; ; try++ {
		if evs, err = st.Events(context.Background(), "s", 0); err == nil || try == 5 {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, ev := range evs {
		seen[ev.Text]++
	}
	for text := range acked {
		if seen[text] != 1 {
			t.Errorf("%q acknowledged, stored %d times", text, seen[text])
		}
	}
	_, metrics := sendReq(t, "GET", ts.URL+"/metrics", "", "")
	if !strings.Contains(metrics, `rulehost_store_outages_total{store="postgres"}`) {
		t.Errorf("/metrics does not count the outage:\n%s", grepLines(metrics, "rulehost_store"))
	}
}

// TestDiskFullFolderStore: a folder store whose disk fills answers 503
// store-unavailable with Retry-After (and /readyz says so), its log stays
// readable and whole, and once there is room again it takes appends.
func TestDiskFullFolderStore(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs to fill needs root")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: dirStore(t, filepath.Join(dir, "sessions"))}).Handler())
	defer ts.Close()
	if code, out := post(t, ts, "/v1/sessions", `{"id":"s","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	if code, out := post(t, ts, "/v1/sessions/s/events", `{"kind":"gm","text":"[inventory: action=\"add\" item=\"Rope\"]"}`); code != 200 {
		t.Fatalf("first append: %d %v", code, out)
	}
	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling the disk: %v", err)
			}
			break
		}
	}
	f.Close()
	resp, body := sendReq(t, "POST", ts.URL+"/v1/sessions/s/events", "application/json", `{"kind":"gm","text":"`+strings.Repeat("long ", 2000)+`"}`)
	if resp.StatusCode != 503 || !strings.Contains(body, `"store-unavailable"`) || resp.Header.Get("Retry-After") == "" {
		t.Errorf("append on a full disk: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	if code, out := get(t, ts, "/readyz"); code != 503 || errCode(out) != "store-unavailable" {
		t.Errorf("readyz on a full disk: %d %v", code, out)
	}
	if code, out := post(t, ts, "/v1/sessions", `{"id":"t","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 503 {
		t.Errorf("create on a full disk: %d %v", code, out)
	}
	code, out := get(t, ts, "/v1/sessions/s/events")
	if evs, _ := out["events"].([]any); code != 200 || len(evs) != 1 {
		t.Errorf("the log on a full disk: %d %v; want its one event", code, out)
	}
	os.Remove(filler)
	if code, out := post(t, ts, "/v1/sessions/s/events", `{"kind":"gm","text":"room again"}`); code != 200 || out["seq"] != 2.0 {
		t.Errorf("append with room again: %d %v; want seq 2", code, out)
	}
	if code, out := get(t, ts, "/readyz"); code != 200 {
		t.Errorf("readyz with room again: %d %v", code, out)
	}
}
