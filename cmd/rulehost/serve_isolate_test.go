package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rulehost/rulehost/host"
	"github.com/rulehost/rulehost/host/isolate"
	"github.com/rulehost/rulehost/host/plugin"
	"github.com/rulehost/rulehost/internal/loadslack"
	"github.com/rulehost/rulehost/service/serve"
)

// hangCalmPlugins writes "hang" (its tag spins until its deadline) and
// "calm" (its tag answers at once) under one folder.
func hangCalmPlugins(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	for name, src := range map[string]string{
		"hang": `return { name = "hang", version = "1", api = 1,
  records = { hung = { doc = "never", keys = {} } },
  tags = { hang = function() while true do end end } }`,
		"calm": `return { name = "calm", version = "1", api = 1,
  records = { calm = { doc = "an answer", keys = { { name = "n", type = "integer", doc = "the tag's n" } } } },
  tags = { calm = function(env) return { name = "calm", attrs = { { "n", env.tag.attrs.n } } } end } }`,
	} {
		dir := filepath.Join(root, name)
		os.MkdirAll(dir, 0o755)
		if err := os.WriteFile(filepath.Join(dir, "plugin.lua"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// isolatedServer is `serve --isolate --isolate-workers N` over the hang
// and calm plugins, with the plugin deadline given.
func isolatedServer(t testing.TB, workers int, pluginDeadline, deadline time.Duration) (*httptest.Server, *host.Host) {
	t.Helper()
	h, errs, err := host.LoadIsolated([]string{hangCalmPlugins(t)}, plugin.Options{Deadline: pluginDeadline},
		isolate.Options{Workers: workers, Stderr: io.Discard, MaxCPU: 30 * time.Second, CallTimeout: 60 * time.Second})
	if err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	t.Cleanup(h.Close)
	ts := httptest.NewServer(serve.New(serve.Options{Bundled: "../../rulesets", Host: h, Deadline: deadline}).Handler())
	t.Cleanup(ts.Close)
	return ts, h
}

func tagRequest(ts *httptest.Server, tg string) (int, string, error) {
	body := `{"bundled":"gravewatch","bundledSheets":["bram"],"tag":"` + strings.ReplaceAll(tg, `"`, `\"`) + `"}`
	resp, err := http.Post(ts.URL+"/v1/check", "application/json", bytes.NewBufferString(body))
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), nil
}

// TestServeIsolateOrdinaryBesideHanging (issue 27): through `serve
// --isolate`, with 24 requests spinning in a hostile plugin, 7-8 of 8
// ordinary requests took over 2 s (one worker, one call at a time). With
// the pool the hostile plugin cannot hold every worker: ordinary
// requests' p99 stays within their deadline.
func TestServeIsolateOrdinaryBesideHanging(t *testing.T) {
	if testing.Short() {
		t.Skip("hangs workers for seconds")
	}
	const pluginDeadline = time.Second
	// 2 s, stretched on a loaded machine and under -race (the count of
	// waits is host/isolate's TestPoolOrdinaryBesideHanging)
	ordinaryDeadline := loadslack.Slack(t, 2*time.Second)
	workers := max(2, runtime.GOMAXPROCS(0))
	ts, h := isolatedServer(t, workers, pluginDeadline, 30*time.Second)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 24 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				tagRequest(ts, `[hang:]`)
			}
		}()
	}
	time.Sleep(200 * time.Millisecond)
	var lat []time.Duration
	for i := range 40 {
		start := time.Now()
		code, body, err := tagRequest(ts, fmt.Sprintf(`[calm: n="%d"]`, i))
		lat = append(lat, time.Since(start))
		if err != nil || code != 200 || !strings.Contains(body, `"tag":"calm"`) {
			t.Errorf("ordinary %d: %d %v %s", i, code, err, body)
		}
	}
	close(stop)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p99 := lat[min(len(lat)-1, len(lat)*99/100)]
	t.Logf("%d workers, 24 hanging requests: 40 ordinary requests p50 %v, p99 %v, max %v", workers, lat[len(lat)/2], p99, lat[len(lat)-1])
	if p99 > ordinaryDeadline {
		t.Errorf("ordinary requests' p99 %v, past their %v deadline", p99, ordinaryDeadline)
	}
	// the hanging requests still waiting for a worker are refused when
	// the workers close; those running end at their deadline
	h.Close()
	wg.Wait()
}

// BenchmarkServeIsolated is ordinary plugin-tag requests through `serve
// --isolate` from parallel clients, with 1 worker and with GOMAXPROCS.
func BenchmarkServeIsolated(b *testing.B) {
	for _, n := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("workers=%d", n), func(b *testing.B) {
			ts, _ := isolatedServer(b, n, 10*time.Second, 30*time.Second)
			if code, body, err := tagRequest(ts, `[calm: n="1"]`); code != 200 {
				b.Fatal(code, body, err)
			}
			b.SetParallelism(2)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if code, body, err := tagRequest(ts, `[calm: n="1"]`); code != 200 {
						b.Error(code, body, err)
					}
				}
			})
		})
	}
}
