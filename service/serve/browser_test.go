package serve

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// headless starts headless Chromium for a test (skipped without one).
func headless(t *testing.T) context.Context {
	t.Helper()
	browser := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("no Chromium installed (Debian: apt-get install chromium): not tested in a browser")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox, chromedp.DisableGPU)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithErrorf(func(format string, args ...any) {
		if msg := fmt.Sprintf(format, args...); !strings.Contains(msg, "could not unmarshal event") {
			t.Log(msg)
		}
	}))
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// attackPage is a page of another origin that tries what a browser lets
// any page do without asking: a text/plain fetch (no-cors), a form
// posted into a hidden frame, and a JSON fetch (which needs a preflight).
const attackPage = `<!doctype html><html><body>
<iframe id="sink" name="sink" style="display:none"></iframe>
<form id="f" method="POST" action="%[1]s/v1/sessions/s/events" enctype="text/plain" target="sink">
<input name='{"kind":"gm","text":"form ' value='"}'></form>
<script>
const url = %[1]q + "/v1/sessions/s/events";
const body = JSON.stringify({kind: "gm", text: "[inventory: action=\"add\" item=\"Stolen\"]"});
const results = [];
Promise.allSettled([
  fetch(url, {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body}).then(() => "plain: sent", e => "plain: refused"),
  fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body}).then(r => "json: " + r.status, e => "json: refused"),
  new Promise(res => { document.getElementById("sink").onload = () => res("form: posted"); document.getElementById("f").submit(); }),
]).then(rs => { document.body.dataset.done = rs.map(r => r.status === "fulfilled" ? r.value : "refused: " + r.reason).join("; "); });
</script></body></html>`

// allowedPage is a page of an origin the service allows: its JSON append
// goes through the preflight and its answer is readable.
const allowedPage = `<!doctype html><html><body><script>
fetch(%q + "/v1/sessions/s/events", {method: "POST", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({kind: "gm", text: "allowed"})})
  .then(r => r.json()).then(j => { document.body.dataset.done = "seq " + j.seq; })
  .catch(e => { document.body.dataset.done = "refused: " + e; });
</script></body></html>`

// TestCSRFFromBrowser: a page of another origin cannot write to a
// session, whatever it tries; a page of an allowed origin can. And the
// service's own page loads without a failed request (/favicon.ico).
func TestCSRFFromBrowser(t *testing.T) {
	ctx := headless(t)
	st := dirStore(t, t.TempDir())
	app := httptest.NewServer(nil) // its URL is the allowed origin; its handler is set below
	defer app.Close()
	svc := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: st, CORSOrigins: []string{app.URL}}).Handler())
	defer svc.Close()
	if code, out := post(t, svc, "/v1/sessions", `{"id":"s","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, attackPage, svc.URL)
	}))
	defer evil.Close()
	app.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, allowedPage, svc.URL)
	})
	var done string
	err := chromedp.Run(ctx,
		chromedp.Navigate(evil.URL),
		chromedp.Poll(`document.body.dataset.done !== undefined`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(`document.body.dataset.done`, &done),
	)
	if err != nil {
		t.Fatalf("the attack page: %v", err)
	}
	t.Logf("the attack page: %s", done)
	if !strings.Contains(done, "json: refused") {
		t.Errorf("the JSON fetch of another origin was not refused by its preflight: %s", done)
	}
	if n := storedEvents(t, st, "s"); n != 0 {
		evs, _ := st.Events(context.Background(), "s", 0)
		t.Fatalf("a page of another origin stored %d events: %v", n, evs)
	}
	err = chromedp.Run(ctx,
		chromedp.Navigate(app.URL),
		chromedp.Poll(`document.body.dataset.done !== undefined`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(`document.body.dataset.done`, &done),
	)
	if err != nil {
		t.Fatalf("the allowed page: %v", err)
	}
	if done != "seq 1" {
		t.Errorf("the allowed origin's append: %q; want seq 1", done)
	}

	// /play itself: no request of the page fails (the favicon included).
	var mu sync.Mutex
	var failed []string
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*network.EventResponseReceived); ok && e.Response.Status >= 400 {
			mu.Lock()
			failed = append(failed, fmt.Sprintf("%s %d", e.Response.URL, e.Response.Status))
			mu.Unlock()
		}
	})
	err = chromedp.Run(ctx, network.Enable(),
		chromedp.Navigate(svc.URL+"/play"),
		chromedp.WaitVisible("#roll", chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll("#transcript option").length > 0`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Sleep(500*time.Millisecond), // the favicon is asked for after the load
	)
	if err != nil {
		t.Fatalf("/play: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(failed) > 0 {
		t.Errorf("/play's requests failed: %v", failed)
	}
}

func TestFavicon(t *testing.T) {
	ts := testServer(t)
	resp, body := sendReq(t, "GET", ts.URL+"/favicon.ico", "", "")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/x-icon" || !strings.HasPrefix(body, "\x00\x00\x01\x00\x01\x00") || !strings.Contains(body, "PNG") {
		t.Errorf("favicon: %d %s %q", resp.StatusCode, resp.Header.Get("Content-Type"), body[:min(len(body), 40)])
	}
}
