package serve

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/host/pgstore"
	"github.com/rulehost/rulehost/host/pgstore/pgtest"
)

// Load figures over loopback with keep-alive connections: a small load
// generator (LOAD_CLIENTS concurrent clients, 16 by default) against a
// real listener. Each benchmark reports requests per second and the p50
// and p99 latencies as the clients saw them. Run:
//
//	go test ./host/serve -run '^$' -bench Load -benchtime 2s
//
// The PostgreSQL one needs RULEHOST_TEST_POSTGRES.

func loadClients() int {
	n := 16
	fmt.Sscan(os.Getenv("LOAD_CLIENTS"), &n)
	return n
}

// load sends b.N requests from concurrent clients; body(i, client) gives
// request i's path and body.
func load(b *testing.B, h http.Handler, req func(client, i int) (string, []byte)) {
	ts := httptest.NewServer(h)
	defer ts.Close()
	clients := loadClients()
	tr := &http.Transport{MaxIdleConns: clients, MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr}
	var next atomic.Int64
	lat := make([][]time.Duration, clients)
	var wg sync.WaitGroup
	b.ResetTimer()
	cpu0 := cpuTime()
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					return
				}
				path, body := req(c, i)
				t0 := time.Now()
				resp, err := hc.Post(ts.URL+path, "application/json", bytes.NewReader(body))
				if err != nil {
					b.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Errorf("status %d", resp.StatusCode)
					return
				}
				lat[c] = append(lat[c], time.Since(t0))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	b.StopTimer()
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	if len(all) == 0 {
		return
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	b.ReportMetric(float64(len(all))/elapsed.Seconds(), "req/s")
	// On a shared, loaded machine the process gets a fraction of a core;
	// requests per CPU-second (server and load generator together, so an
	// underestimate of the server's own) says what a free core would do.
	if cpu > 0 {
		b.ReportMetric(float64(len(all))/cpu.Seconds(), "req/cpu-s")
	}
	b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
}

// cpuTime is the CPU time this process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkLoadCheck(b *testing.B) {
	h := New(Options{Bundled: "../../rulesets"}).Handler()
	load(b, h, func(c, i int) (string, []byte) {
		return "/v1/check", []byte(fmt.Sprintf(`{"bundled":"d20-5e","bundledSheets":["ada"],"tag":"%s","seed":%d}`, athletics, i))
	})
}

func BenchmarkLoadRoll(b *testing.B) {
	h := New(Options{}).Handler()
	load(b, h, func(c, i int) (string, []byte) {
		return "/v1/roll", []byte(fmt.Sprintf(`{"tag":"[roll_dice: dice=\"4d6kh3\"]","seed":%d}`, i))
	})
}

// loadAppends: each client appends to a session of its own (many games
// at once), a player action with a roll.
func loadAppends(b *testing.B, st session.EventStore) {
	srv := New(Options{Bundled: "../../rulesets", Store: st})
	h := srv.Handler()
	prefix := fmt.Sprintf("b%d", time.Now().UnixNano())
	for c := range loadClients() {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/v1/sessions", bytes.NewBufferString(fmt.Sprintf(`{"id":"%s-%d","bundled":"d20-5e","bundledSheets":["ada"]}`, prefix, c)))
		h.ServeHTTP(w, r)
		if w.Code != 200 {
			b.Fatal(w.Body.String())
		}
	}
	load(b, h, func(c, i int) (string, []byte) {
		return fmt.Sprintf("/v1/sessions/%s-%d/events", prefix, c), []byte(`{"kind":"player","text":"I roll. [roll_dice: dice=\"1d20\"]"}`)
	})
}

func BenchmarkLoadAppendDir(b *testing.B) {
	st, err := session.NewDirStore(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	loadAppends(b, st)
}

func BenchmarkLoadAppendPostgres(b *testing.B) {
	_, _, cfg := pgtest.Schema(b)
	cfg.MaxConns = int32(loadClients())
	st, err := pgstore.OpenConfig(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	loadAppends(b, st)
}
