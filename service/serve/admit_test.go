package serve

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/session"
)

// send makes one request as a curl user (or a browser) would: the body,
// its Content-Type and any headers given.
func sendReq(t testing.TB, method, u, ctype, body string, headers ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp, string(data)
}

func storedEvents(t testing.TB, st session.EventStore, id string) int {
	t.Helper()
	evs, err := st.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	return len(evs)
}

// TestCSRFRefused: the requests a web page can send without a preflight
// (text/plain, a form, multipart) and any request from a foreign origin
// are refused, and nothing is stored; JSON from the service's own origin
// or an allowed one is taken, the allowed origin with CORS headers.
func TestCSRFRefused(t *testing.T) {
	st := dirStore(t, t.TempDir())
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: st, CORSOrigins: []string{"https://app.example"}}).Handler())
	defer ts.Close()
	if code, out := post(t, ts, "/v1/sessions", `{"id":"s","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	events := ts.URL + "/v1/sessions/s/events"
	body := `{"kind":"gm","text":"You find gold. [inventory: action=\"add\" item=\"Rope\"]"}`
	var mp bytes.Buffer
	mw := multipart.NewWriter(&mp)
	mw.WriteField("kind", "gm")
	mw.Close()
	for _, c := range []struct {
		name, ctype, body string
		headers           []string
		status            int
		code              string
	}{
		{"text/plain from another page", "text/plain", body, []string{"Origin", "http://evil.example"}, 403, "cross-origin"},
		{"a form from another page", "application/x-www-form-urlencoded", url.Values{"kind": {"gm"}}.Encode(), []string{"Origin", "http://evil.example"}, 403, "cross-origin"},
		{"multipart from another page", mw.FormDataContentType(), mp.String(), []string{"Origin", "http://evil.example"}, 403, "cross-origin"},
		{"JSON from another page", "application/json", body, []string{"Origin", "http://evil.example"}, 403, "cross-origin"},
		{"an opaque origin", "application/json", body, []string{"Origin", "null"}, 403, "cross-origin"},
		{"text/plain without an origin (curl)", "text/plain", body, nil, 415, "unsupported-media-type"},
		{"no content type", "", body, nil, 415, "unsupported-media-type"},
		{"a form without an origin", "application/x-www-form-urlencoded", "kind=gm&text=x", nil, 415, "unsupported-media-type"},
		{"a lookalike type", "application/jsonp", body, nil, 415, "unsupported-media-type"},
	} {
		resp, out := sendReq(t, "POST", events, c.ctype, c.body, c.headers...)
		if resp.StatusCode != c.status || !strings.Contains(out, `"code":"`+c.code+`"`) || resp.Header.Get("X-Request-Id") == "" {
			t.Errorf("%s: %d %s; want %d %s", c.name, resp.StatusCode, out, c.status, c.code)
		}
		if resp.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%s: answered with CORS headers", c.name)
		}
	}
	if n := storedEvents(t, st, "s"); n != 0 {
		t.Fatalf("refused requests stored %d events", n)
	}
	// The service's own page (/play) and JSON with a charset are taken.
	resp, out := sendReq(t, "POST", events, "application/json; charset=utf-8", body, "Origin", ts.URL)
	if resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("same origin: %d %s", resp.StatusCode, out)
	}
	// An allowed origin: its preflight, then its request, with CORS headers.
	resp, out = sendReq(t, "OPTIONS", events, "", "", "Origin", "https://app.example", "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type, authorization")
	if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != "https://app.example" ||
		!strings.Contains(resp.Header.Get("Access-Control-Allow-Methods"), "POST") || !strings.Contains(resp.Header.Get("Access-Control-Allow-Headers"), "Content-Type") {
		t.Errorf("allowed preflight: %d %v %s", resp.StatusCode, resp.Header, out)
	}
	resp, out = sendReq(t, "OPTIONS", events, "", "", "Origin", "http://evil.example", "Access-Control-Request-Method", "POST")
	if resp.StatusCode != 403 || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("foreign preflight: %d %s", resp.StatusCode, out)
	}
	resp, out = sendReq(t, "POST", events, "application/json", body, "Origin", "https://app.example")
	if resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "https://app.example" || !strings.Contains(resp.Header.Get("Vary"), "Origin") {
		t.Errorf("allowed origin: %d %v %s", resp.StatusCode, resp.Header, out)
	}
	if n := storedEvents(t, st, "s"); n != 2 {
		t.Errorf("%d events stored; want the 2 admitted", n)
	}
}

// slowStore acknowledges appends only after the request's deadline has
// passed (a loaded database), with the context it was given still live.
type slowStore struct {
	session.EventStore
	delay   time.Duration
	ctxErrs []error
}

func (s *slowStore) Append(ctx context.Context, id string, after int, events []session.Event) error {
	time.Sleep(s.delay)
	s.ctxErrs = append(s.ctxErrs, ctx.Err())
	return s.EventStore.Append(ctx, id, after, events)
}

// TestAppendAcknowledgedPastDeadline: an append the store acknowledged
// after the deadline is answered with its event (a 503 would make the
// client store it twice); one whose deadline passed before it reached
// the store is refused and stores nothing.
func TestAppendAcknowledgedPastDeadline(t *testing.T) {
	inner := dirStore(t, t.TempDir())
	slow := &slowStore{EventStore: inner, delay: 300 * time.Millisecond}
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: slow, Deadline: 100 * time.Millisecond}).Handler())
	defer ts.Close()
	if code, out := post(t, ts, "/v1/sessions", `{"id":"s","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	code, out := post(t, ts, "/v1/sessions/s/events", `{"kind":"gm","text":"[inventory: action=\"add\" item=\"Rope\"]"}`)
	if code != 200 || out["seq"] != 1.0 {
		t.Fatalf("an append acknowledged past the deadline: %d %v; want 200 with seq 1", code, out)
	}
	if len(slow.ctxErrs) != 1 || slow.ctxErrs[0] != nil {
		t.Errorf("the store was handed a spent context: %v", slow.ctxErrs)
	}
	if n := storedEvents(t, inner, "s"); n != 1 {
		t.Errorf("%d events stored; want 1", n)
	}

	spent := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: inner, Deadline: time.Nanosecond}).Handler())
	defer spent.Close()
	code, out = post(t, spent, "/v1/sessions/s/events", `{"kind":"gm","text":"late"}`)
	if code != 503 || errCode(out) != "deadline" {
		t.Errorf("an append whose deadline passed first: %d %v; want 503 deadline", code, out)
	}
	if n := storedEvents(t, inner, "s"); n != 1 {
		t.Errorf("%d events stored after the refused append; want 1", n)
	}
}

// TestRequestIDs: ids are unique across servers, a client's own id is
// echoed, and every answer (a dot-segment 404 too) has one, is logged
// and counted.
func TestRequestIDs(t *testing.T) {
	a, b := testServer(t), testServer(t)
	ra, _ := sendReq(t, "GET", a.URL+"/healthz", "", "")
	rb, _ := sendReq(t, "GET", b.URL+"/healthz", "", "")
	if ida, idb := ra.Header.Get("X-Request-Id"), rb.Header.Get("X-Request-Id"); ida == "" || ida == idb {
		t.Errorf("two servers' first ids: %q and %q; want two different ids", ida, idb)
	}
	r, _ := sendReq(t, "GET", a.URL+"/healthz", "", "", "X-Request-Id", "bot-42.turn:7")
	if got := r.Header.Get("X-Request-Id"); got != "bot-42.turn:7" {
		t.Errorf("the client's id came back as %q", got)
	}
	r, _ = sendReq(t, "GET", a.URL+"/healthz", "", "", "X-Request-Id", "two words; and more")
	if got := r.Header.Get("X-Request-Id"); got == "" || strings.Contains(got, " ") {
		t.Errorf("an unusable client id: answered with %q", got)
	}
	req, _ := http.NewRequest("GET", a.URL+"/v1/./healthz", nil)
	req.URL.Opaque = "/v1/./healthz" // keep the dot segment as sent
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 404 || resp.Header.Get("X-Request-Id") == "" || !strings.Contains(string(data), `"not-found"`) {
		t.Errorf("dot segment: %d %v %s", resp.StatusCode, resp.Header, data)
	}
	_, metrics := sendReq(t, "GET", a.URL+"/metrics", "", "")
	if !strings.Contains(metrics, `rulehost_http_requests_total{route="(not-found)",status="404"} 1`) {
		t.Errorf("the dot-segment 404 is not counted:\n%s", grepLines(metrics, "rulehost_http_requests_total"))
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
