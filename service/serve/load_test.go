package serve

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/dirstore"
	"github.com/rulehost/rulehost/service/pgstore"
	"github.com/rulehost/rulehost/service/pgstore/pgtest"
)

// Load figures over loopback with keep-alive connections: the load
// generator of `rulehost load` (loadgen.go, LOAD_CLIENTS concurrent
// clients, 16 by default) against a real listener in this process. Each
// benchmark reports requests per second, per CPU-second of the process
// (service and load generator together) and the p50 and p99 latencies
// the clients saw. Run:
//
//	go test ./service/serve -run '^$' -bench Load -benchtime 2s
//
// The PostgreSQL one needs RULEHOST_TEST_POSTGRES. For the service alone,
// in its own process, see `rulehost load` (docs/performance.md).

func loadClients() int {
	n := 16
	fmt.Sscan(os.Getenv("LOAD_CLIENTS"), &n)
	return n
}

// load sends b.N requests of that work through the load generator.
func load(b *testing.B, h http.Handler, work string) {
	withoutAnswerHook(b)
	ts := httptest.NewServer(h)
	defer ts.Close()
	b.ResetTimer()
	res, err := Load(context.Background(), LoadOptions{URL: ts.URL, Clients: loadClients(), N: b.N, Work: work})
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	if res.Errors > 0 {
		b.Fatalf("%d errors; the first: %s", res.Errors, res.FirstError)
	}
	if res.Requests == 0 {
		return
	}
	b.ReportMetric(res.PerSecond(), "req/s")
	// On a shared, loaded machine the process gets a fraction of a core;
	// requests per CPU-second (server and load generator together, so an
	// underestimate of the server's own) says what a free core would do.
	if res.ClientCPU > 0 {
		b.ReportMetric(float64(res.Requests)/res.ClientCPU.Seconds(), "req/cpu-s")
	}
	b.ReportMetric(float64(res.P50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(res.P99.Microseconds())/1000, "p99-ms")
}

func BenchmarkLoadCheck(b *testing.B) {
	h := New(Options{Bundled: "../../rulesets"}).Handler()
	load(b, h, "check")
}

func BenchmarkLoadRoll(b *testing.B) {
	h := New(Options{}).Handler()
	load(b, h, "roll")
}

// loadAppends: each client appends to a session of its own (many games
// at once), a player action with a roll.
func loadAppends(b *testing.B, st session.EventStore) {
	load(b, New(Options{Bundled: "../../rulesets", Store: st}).Handler(), "append")
}

func BenchmarkLoadAppendDir(b *testing.B) {
	st, err := dirstore.New(b.TempDir())
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
