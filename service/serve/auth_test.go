package serve

import (
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/service/apikey"
)

// TestKeysAndTenants: with keys, a request without one (or with a wrong
// or revoked one) is 401; a key's sessions are absent (404, as if they
// did not exist) to every other key; the public routes need none.
func TestKeysAndTenants(t *testing.T) {
	file := filepath.Join(t.TempDir(), "keys.txt")
	alice, err := apikey.Add(file, "alice", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	bob, _ := apikey.Add(file, "bob", time.Now())
	keys, err := apikey.Open(file, "")
	if err != nil {
		t.Fatal(err)
	}
	st := dirStore(t, t.TempDir())
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: st, Keys: keys}).Handler())
	defer ts.Close()
	as := func(key, method, path, body string) (int, string) {
		t.Helper()
		var h []string
		if key != "" {
			h = []string{"Authorization", "Bearer " + key}
		}
		ct := ""
		if body != "" {
			ct = "application/json"
		}
		resp, out := sendReq(t, method, ts.URL+path, ct, body, h...)
		return resp.StatusCode, out
	}
	create := `{"id":"a1","bundled":"d20-5e","bundledSheets":["ada"]}`
	if code, out := as("", "POST", "/v1/sessions", create); code != 401 || !strings.Contains(out, `"unauthorized"`) {
		t.Errorf("no key: %d %s", code, out)
	}
	if code, out := as("rh_not-a-key-of-this-service", "POST", "/v1/sessions", create); code != 401 {
		t.Errorf("a wrong key: %d %s", code, out)
	}
	if code, out := as(alice, "POST", "/v1/sessions", create); code != 200 {
		t.Fatalf("alice creates: %d %s", code, out)
	}
	if code, out := as(alice, "POST", "/v1/sessions/a1/events", `{"kind":"gm","text":"mine"}`); code != 200 {
		t.Errorf("alice appends: %d %s", code, out)
	}
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/v1/sessions/a1", ""},
		{"GET", "/v1/sessions/a1/events", ""},
		{"GET", "/v1/sessions/a1/prompt", ""},
		{"POST", "/v1/sessions/a1/events", `{"kind":"gm","text":"not yours"}`},
		{"POST", "/v1/sessions/a1/regenerate", `{"text":"not yours"}`},
	} {
		code, out := as(bob, c.method, c.path, c.body)
		_, absent := as(bob, c.method, strings.Replace(c.path, "a1", "zz", 1), c.body)
		if code != 404 || !strings.Contains(out, `"unknown-session"`) || strings.ReplaceAll(out, "a1", "zz") != absent {
			t.Errorf("bob %s %s: %d %s; want the 404 of an absent session (%s)", c.method, c.path, code, out, absent)
		}
	}
	if code, out := as(bob, "POST", "/v1/sessions", create); code != 409 {
		t.Errorf("bob creates alice's id: %d %s; want 409 exists", code, out)
	}
	if n := storedEvents(t, st, "a1"); n != 1 {
		t.Errorf("%d events; want alice's one", n)
	}
	for _, p := range []string{"/healthz", "/readyz", "/v1/openapi.json"} {
		if code, out := as("", "GET", p, ""); code != 200 {
			t.Errorf("public %s without a key: %d %s", p, code, out)
		}
	}
	if code, _ := as("", "POST", "/v1/roll", `{"tag":"[roll_dice: dice=\"1d6\"]"}`); code != 401 {
		t.Errorf("roll without a key: %d", code)
	}
	// Revoked: refused within a second or so, without a restart.
	if err := apikey.Revoke(file, "alice"); err != nil {
		t.Fatal(err)
	}
	code := 0
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if code, _ = as(alice, "GET", "/v1/sessions/a1", ""); code == 401 {
			break
		}
	}
	if code != 401 {
		t.Errorf("a revoked key: %d; want 401", code)
	}
	if code, _ := as(bob, "POST", "/v1/roll", `{"tag":"[roll_dice: dice=\"1d6\"]"}`); code != 200 {
		t.Errorf("bob after alice's revocation: %d", code)
	}
}

func TestKeysFromEnv(t *testing.T) {
	if _, err := apikey.Open("", "short"); err == nil {
		t.Errorf("a 5-character key from the environment: accepted")
	}
	keys, err := apikey.Open("", " rh_first-key-0123456789 , rh_second-key-0123456789")
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(New(Options{Keys: keys}).Handler())
	defer ts.Close()
	for key, want := range map[string]int{"rh_first-key-0123456789": 200, "rh_second-key-0123456789": 200, "rh_third": 401} {
		resp, out := sendReq(t, "POST", ts.URL+"/v1/roll", "application/json", `{"tag":"[roll_dice: dice=\"1d6\"]"}`, "Authorization", "Bearer "+key)
		if resp.StatusCode != want {
			t.Errorf("%s: %d %s; want %d", key, resp.StatusCode, out, want)
		}
	}
}

// TestMetricsBehindKeys: with keys, /metrics wants one as /v1 does (its
// counts say how the service is used); PublicMetrics opens it for a
// scraper that sends none; without keys it is open as everything is.
func TestMetricsBehindKeys(t *testing.T) {
	file := filepath.Join(t.TempDir(), "keys.txt")
	key, err := apikey.Add(file, "ops", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	keys, err := apikey.Open(file, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name           string
		opts           Options
		withKey, noKey int
	}{
		{"keys", Options{Keys: keys}, 200, 401},
		{"keys, public metrics", Options{Keys: keys, PublicMetrics: true}, 200, 200},
		{"no keys", Options{}, 200, 200},
	} {
		ts := httptest.NewServer(New(c.opts).Handler())
		resp, out := sendReq(t, "GET", ts.URL+"/metrics", "", "", "Authorization", "Bearer "+key)
		if resp.StatusCode != c.withKey || !strings.Contains(out, "process_cpu_seconds_total") && c.withKey == 200 {
			t.Errorf("%s: /metrics with a key: %d", c.name, resp.StatusCode)
		}
		resp, out = sendReq(t, "GET", ts.URL+"/metrics", "", "")
		if resp.StatusCode != c.noKey || c.noKey == 401 && !strings.Contains(out, `"unauthorized"`) {
			t.Errorf("%s: /metrics without a key: %d %s", c.name, resp.StatusCode, out)
		}
		ts.Close()
	}
}
