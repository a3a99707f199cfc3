package serve

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/service/apikey"
)

func TestBundledListed(t *testing.T) {
	ts := testServer(t)
	code, out := get(t, ts, "/v1/bundled")
	js := mustJSON(out)
	if code != 200 || !strings.Contains(js, `{"name":"d20-5e","sheets":["ada"`) || !strings.Contains(js, `"02-the-fence"`) {
		t.Errorf("bundled: %d %s", code, js)
	}
	code, out = post(t, ts, "/v1/check", `{"bundled":"d20","tag":"`+athletics+`"}`)
	if code != 404 || !strings.Contains(mustJSON(out), "d20-5e, ") {
		t.Errorf("an unknown bundled name does not list them: %d %v", code, out)
	}
	code, out = post(t, ts, "/v1/check", `{"bundled":"d20-5e","bundledSheets":["adaa"],"tag":"`+athletics+`"}`)
	if code != 404 || !strings.Contains(mustJSON(out), "its sheets: ada") {
		t.Errorf("an unknown sheet does not list them: %d %v", code, out)
	}
}

// TestBatchEventsAndLists: a batch is stored whole or not at all, and
// retried by its key; events read by limit and tail; a key's sessions
// listed and deleted; the store's latency in /metrics.
func TestBatchEventsAndLists(t *testing.T) {
	file := filepath.Join(t.TempDir(), "keys.txt")
	alice, _ := apikey.Add(file, "alice", time.Now())
	bob, _ := apikey.Add(file, "bob", time.Now())
	keys, _ := apikey.Open(file, "")
	st := dirStore(t, t.TempDir())
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: st, Keys: keys}).Handler())
	defer ts.Close()
	as := func(key, method, path, body string, headers ...string) (int, string) {
		t.Helper()
		ct := ""
		if body != "" {
			ct = "application/json"
		}
		resp, out := sendReq(t, method, ts.URL+path, ct, body, append([]string{"Authorization", "Bearer " + key}, headers...)...)
		return resp.StatusCode, out
	}
	for _, id := range []string{"a1", "a2"} {
		if code, out := as(alice, "POST", "/v1/sessions", `{"id":"`+id+`","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
			t.Fatalf("create %s: %d %s", id, code, out)
		}
	}
	as(bob, "POST", "/v1/sessions", `{"id":"b1","bundled":"d20-5e","bundledSheets":["ada"]}`)

	// Both or neither: a regenerate right after a player action is
	// refused, and so the action before it is not stored either.
	code, out := as(alice, "POST", "/v1/sessions/a1/batch", `{"entries":[{"kind":"player","text":"I climb."},{"kind":"regenerate","text":"x"}]}`)
	if code != 422 || !strings.Contains(out, `"bad-entry"`) || storedEvents(t, st, "a1") != 0 {
		t.Errorf("a batch with a refused entry: %d %s; %d stored", code, out, storedEvents(t, st, "a1"))
	}
	batch := `{"entries":[{"kind":"player","text":"I climb."},{"kind":"gm","text":"[skill_check: skill=\"Athletics\" dc=\"15\"]"}],"expectedSeq":0}`
	code, first := as(alice, "POST", "/v1/sessions/a1/batch", batch, "Idempotency-Key", "turn-1")
	if code != 200 || !strings.Contains(first, `"seq":1`) || !strings.Contains(first, `[check: who=\"Ada Quickhand\"`) {
		t.Fatalf("batch: %d %s", code, first)
	}
	if code, again := as(alice, "POST", "/v1/sessions/a1/batch", batch, "Idempotency-Key", "turn-1"); code != 200 || again != first {
		t.Errorf("batch retried: %d %s; want %s", code, again, first)
	}
	if code, out := as(alice, "POST", "/v1/sessions/a1/batch", `{"entries":[{"kind":"player","text":"I climb."}]}`, "Idempotency-Key", "turn-1"); code != 422 {
		t.Errorf("the batch's key on a shorter batch: %d %s", code, out)
	}
	if code, out := as(alice, "POST", "/v1/sessions/a1/events", `{"kind":"gm","text":"x"}`, "Idempotency-Key", "turn#1"); code != 400 {
		t.Errorf("a key with #: %d %s", code, out)
	}
	if n := storedEvents(t, st, "a1"); n != 2 {
		t.Errorf("%d events after the batch and its retries; want 2", n)
	}
	for i := range 3 {
		as(alice, "POST", "/v1/sessions/a1/events", `{"kind":"gm","text":"more `+string(rune('a'+i))+`"}`)
	}
	for q, want := range map[string]string{
		"?limit=2":         `"seq":1,.*"seq":2,[^}]*}\],"more":true`,
		"?tail=2":          `^\{"events":\[\{"seq":4,.*"seq":5,[^}]*}\],"more":false`,
		"?after=1&limit=1": `^\{"events":\[\{"seq":2,[^}]*}\],"more":true`,
	} {
		_, out := as(alice, "GET", "/v1/sessions/a1/events"+q, "")
		if !matches(want, out) {
			t.Errorf("events%s: %s; want %s", q, out, want)
		}
	}
	for _, q := range []string{"?limit=0", "?tail=-1", "?limit=x", "?tail=1001"} {
		if code, out := as(alice, "GET", "/v1/sessions/a1/events"+q, ""); code != 400 {
			t.Errorf("events%s: %d %s", q, code, out)
		}
	}
	_, list := as(alice, "GET", "/v1/sessions", "")
	if !strings.Contains(list, `"id":"a1","seq":5`) || !strings.Contains(list, `"id":"a2","seq":0`) || strings.Contains(list, "b1") {
		t.Errorf("alice's sessions: %s", list)
	}
	if code, out := as(bob, "DELETE", "/v1/sessions/a2", ""); code != 404 {
		t.Errorf("bob deletes alice's session: %d %s", code, out)
	}
	if code, out := as(alice, "DELETE", "/v1/sessions/a2", ""); code != 200 || !strings.Contains(out, `"deleted":true`) {
		t.Errorf("alice deletes hers: %d %s", code, out)
	}
	if code, _ := as(alice, "GET", "/v1/sessions/a2", ""); code != 404 {
		t.Errorf("a deleted session: %d", code)
	}
	if _, list := as(alice, "GET", "/v1/sessions", ""); strings.Contains(list, "a2") {
		t.Errorf("the deleted session is still listed: %s", list)
	}
	_, metrics := as(alice, "GET", "/metrics", "") // behind the keys
	for _, want := range []string{`rulehost_store_seconds_count{op="append",store="dir"}`, `rulehost_store_seconds_count{op="list",store="dir"}`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

func matches(pattern, s string) bool {
	return regexpMatch(pattern, s)
}

// TestRateLimited: past its rate a key is answered 429 with Retry-After;
// another key is not slowed by it; health checks are never limited.
func TestRateLimited(t *testing.T) {
	keys, _ := apikey.Open("", "rh_key-one-0123456789,rh_key-two-0123456789")
	ts := httptest.NewServer(New(Options{Keys: keys, RateLimit: 0.5, RateBurst: 3}).Handler())
	defer ts.Close()
	roll := func(key string) (int, string) {
		resp, out := sendReq(t, "POST", ts.URL+"/v1/roll", "application/json", `{"tag":"[roll_dice: dice=\"1d6\"]"}`, "Authorization", "Bearer "+key)
		if resp.StatusCode == 429 && resp.Header.Get("Retry-After") == "" {
			t.Errorf("429 without Retry-After")
		}
		return resp.StatusCode, out
	}
	var codes []int
	for range 5 {
		c, _ := roll("rh_key-one-0123456789")
		codes = append(codes, c)
	}
	if codes[0] != 200 || codes[2] != 200 || codes[3] != 429 || codes[4] != 429 {
		t.Errorf("a burst of 3 then limited: %v", codes)
	}
	if c, out := roll("rh_key-two-0123456789"); c != 200 {
		t.Errorf("the other key: %d %s", c, out)
	}
	for range 5 {
		if resp, _ := sendReq(t, "GET", ts.URL+"/healthz", "", ""); resp.StatusCode != 200 {
			t.Errorf("healthz limited: %d", resp.StatusCode)
		}
	}
}

// TestIdleExpiry: a session idle past the expiry is deleted by the
// running service; an active one stays.
func TestIdleExpiry(t *testing.T) {
	st := dirStore(t, t.TempDir())
	s := New(Options{Addr: "127.0.0.1:0", Bundled: "../../rulesets", Store: st, IdleExpiry: 400 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr := make(chan string, 1)
	go s.Serve(ctx, func(a string) { addr <- a })
	url := "http://" + <-addr
	for _, id := range []string{"idle", "busy"} {
		if code, out := postURL(t, url+"/v1/sessions", `{"id":"`+id+`","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
			t.Fatalf("create: %d %s", code, out)
		}
	}
	gone := false
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline) && !gone; time.Sleep(100 * time.Millisecond) {
		postURL(t, url+"/v1/sessions/busy/events", `{"kind":"gm","text":"still here"}`)
		_, code := getURL(t, url+"/v1/sessions/idle")
		gone = code == 404
	}
	if !gone {
		t.Fatalf("the idle session was not expired")
	}
	if _, code := getURL(t, url+"/v1/sessions/busy"); code != 200 {
		t.Errorf("the busy session: %d", code)
	}
}

func regexpMatch(pattern, s string) bool { return regexp.MustCompile(pattern).MatchString(s) }
