package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/pgstore"
	"github.com/rulehost/rulehost/service/pgstore/pgtest"
)

// sseClient reads a stream's events into got until it has n events or
// the stream ends; it returns the last event id it saw. When cut is not
// nil it is called, the stream still open, once got holds cutAt events,
// and the stream is read on until it breaks.
func sseClient(t *testing.T, url, lastID string, n int, got *[]session.Event, cutAt ...any) (string, error) {
	var cut func()
	at := -1
	if len(cutAt) == 2 {
		at, cut = cutAt[0].(int), cutAt[1].(func())
	}
	req, _ := http.NewRequest("GET", url, nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return lastID, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		return lastID, fmt.Errorf("stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	id, data := "", ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "id: "):
			id = line[4:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case line == "" && data != "":
			var ev session.Event
			if err := json.Unmarshal([]byte(data), &ev); err != nil {
				return lastID, fmt.Errorf("event data %q: %v", data, err)
			}
			if strconv.Itoa(ev.Seq) != id {
				return lastID, fmt.Errorf("event id %s for seq %d", id, ev.Seq)
			}
			*got = append(*got, ev)
			lastID, data = id, ""
			if len(*got) >= n {
				return lastID, nil
			}
			if len(*got) == at {
				cut()
			}
		}
	}
	if cut != nil && len(*got) >= at {
		return lastID, nil // the stream broke as it was cut: resume elsewhere
	}
	return lastID, sc.Err()
}

// wantInOrder: events are seqs 1..n, once each, in order.
func wantInOrder(t *testing.T, got []session.Event, n int) {
	t.Helper()
	if len(got) != n {
		t.Fatalf("%d events; want %d", len(got), n)
	}
	for i, ev := range got {
		if ev.Seq != i+1 {
			t.Fatalf("event %d has seq %d: a gap or a duplicate", i, ev.Seq)
		}
	}
}

// streamThroughTwo: a client streams from server a while appends go to
// b; a is cut off (killed, or its connections closed) half way, the
// stream open; the client resumes on b with Last-Event-ID and sees every
// event once, in order.
func streamThroughTwo(t *testing.T, a, b string, cut func()) {
	if code, out := postURL(t, b+"/v1/sessions", `{"id":"live","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	const total = 40
	// The second half is appended only once a is cut, so the stream on a
	// cannot have read ahead past the cut (on a loaded machine the
	// appends would otherwise all be buffered before the cut lands).
	cutDone := make(chan struct{})
	cutOnce := cut
	cut = func() { cutOnce(); close(cutDone) }
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range total {
			if i == total/2 {
				<-cutDone
			}
			resp, out := sendReq(t, "POST", b+"/v1/sessions/live/events", "application/json", fmt.Sprintf(`{"kind":"gm","text":"turn %d"}`, i))
			if resp.StatusCode != 200 {
				t.Errorf("append %d: %d %s", i, resp.StatusCode, out)
				return
			}
			if i%8 == 0 {
				time.Sleep(20 * time.Millisecond)
			}
		}
	}()
	var got []session.Event
	last, err := sseClient(t, a+"/v1/sessions/live/events/stream", "", total, &got, total/2, cut)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) >= total {
		t.Fatalf("the stream was not cut: it gave all %d events", len(got))
	}
	t.Logf("cut after %d events (last id %s); resuming on the other server", len(got), last)
	if _, err := sseClient(t, b+"/v1/sessions/live/events/stream", last, total, &got); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	wantInOrder(t, got, total)
	for i, ev := range got {
		if ev.Text != fmt.Sprintf("turn %d", i) {
			t.Errorf("seq %d: %q", ev.Seq, ev.Text)
		}
	}
}

func TestStreamTwoServersPostgres(t *testing.T) {
	_, _, cfg := pgtest.Schema(t)
	var servers []*httptest.Server
	for range 2 {
		st, err := pgstore.OpenConfig(context.Background(), cfg.Copy())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		servers = append(servers, httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: st}).Handler()))
	}
	defer servers[1].Close()
	streamThroughTwo(t, servers[0].URL, servers[1].URL, func() { servers[0].CloseClientConnections(); servers[0].Close() })
}

func TestStreamTwoServersFolder(t *testing.T) {
	root := t.TempDir()
	a := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: dirStore(t, root)}).Handler())
	b := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: dirStore(t, root)}).Handler())
	defer b.Close()
	streamThroughTwo(t, a.URL, b.URL, func() { a.CloseClientConnections(); a.Close() })
}

// TestStreamKilledServerPostgres: the same through two `rulehost serve`
// processes on one PostgreSQL, the one streaming killed with SIGKILL.
func TestStreamKilledServerPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs two processes")
	}
	url, schema, _ := pgtest.Schema(t)
	bin := filepath.Join(t.TempDir(), "rulehost")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/rulehost").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	var urls []string
	var procs []*exec.Cmd
	for range 2 {
		addr := freeAddr(t)
		cmd := exec.Command(bin, "serve", "--postgres", url+sep+"search_path="+schema, "--addr", addr, "--bundled", "../../rulesets")
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		procs = append(procs, cmd)
		urls = append(urls, "http://"+addr)
		waitHealthy(t, "http://"+addr)
	}
	streamThroughTwo(t, urls[0], urls[1], func() {
		if err := procs[0].Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		procs[0].Wait()
	})
}

func TestStreamErrors(t *testing.T) {
	ts := sessionServer(t, dirStore(t, t.TempDir()))
	if code, out := get(t, ts, "/v1/sessions/none/events/stream"); code != 404 || errCode(out) != "unknown-session" {
		t.Errorf("stream of no session: %d %v", code, out)
	}
	post(t, ts, "/v1/sessions", `{"id":"s","bundled":"d20-5e","bundledSheets":["ada"]}`)
	resp, out := sendReq(t, "GET", ts.URL+"/v1/sessions/s/events/stream", "", "", "Last-Event-ID", "-3")
	if resp.StatusCode != 400 || !strings.Contains(out, "Last-Event-ID") {
		t.Errorf("a bad Last-Event-ID: %d %s", resp.StatusCode, out)
	}
}

// TestStreamsAreBounded: past MaxStreamsPerKey (and MaxStreams) a stream is
// refused 429 too-many-streams with Retry-After, and a closed stream gives
// its place back.
func TestStreamsAreBounded(t *testing.T) {
	srv := New(Options{Bundled: "../../rulesets", Store: dirStore(t, t.TempDir()), MaxStreams: 3, MaxStreamsPerKey: 2})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	post(t, ts, "/v1/sessions", `{"id":"s","bundled":"d20-5e","bundledSheets":["ada"]}`)
	open := func() (*http.Response, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/v1/sessions/s/events/stream", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		return resp, cancel
	}
	var cancels []context.CancelFunc
	defer func() {
		for _, c := range cancels {
			c()
		}
	}()
	for i := 0; i < 2; i++ {
		resp, cancel := open()
		cancels = append(cancels, cancel)
		if resp.StatusCode != 200 {
			t.Fatalf("stream %d: %d", i+1, resp.StatusCode)
		}
	}
	resp, cancel := open()
	body := make([]byte, 4096)
	n, _ := resp.Body.Read(body)
	cancel()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(body[:n]), "too-many-streams") {
		t.Fatalf("a third stream of one key: %d %q %s; want 429 too-many-streams with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"), body[:n])
	}
	// Closing one gives its place back, once the server has seen it go.
	cancels[0]()
	for try := 0; ; try++ {
		resp, cancel := open()
		if resp.StatusCode == 200 {
			cancel()
			break
		}
		cancel()
		if try == 200 {
			t.Fatalf("a closed stream's place never came back: %d", resp.StatusCode)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var c streamCount // the process-wide bound, whoever asks
	// each take has its effect, in this order (one call per variable, so
	// staticcheck does not read two of them as the same expression)
	a1 := c.take("a", 3, 2)
	a2 := c.take("a", 3, 2)
	a3 := c.take("a", 3, 2)
	b1 := c.take("b", 3, 2)
	c1 := c.take("c", 3, 2)
	if !a1 || !a2 || a3 || !b1 || c1 {
		t.Errorf("streamCount: want 2 for key a, then 1 for b, then none for c (3 in all)")
	}
	c.release("a")
	if !c.take("c", 3, 2) {
		t.Errorf("streamCount: a released stream's place is not given back")
	}
}
