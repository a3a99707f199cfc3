package serve

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestIdempotentAppend: an append retried with its Idempotency-Key, to
// the same server or another on the same store, gets the first answer
// and stores nothing; the key with another body is 422; a create retried
// with its key names the same session.
func TestIdempotentAppend(t *testing.T) {
	root := t.TempDir()
	a := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: dirStore(t, root)}).Handler())
	defer a.Close()
	b := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: dirStore(t, root)}).Handler())
	defer b.Close()
	createBody := `{"bundled":"d20-5e","bundledSheets":["ada"],"seed":3}`
	r1, first := sendReq(t, "POST", a.URL+"/v1/sessions", "application/json", createBody, "Idempotency-Key", "new-game-1")
	r2, again := sendReq(t, "POST", b.URL+"/v1/sessions", "application/json", " "+createBody, "Idempotency-Key", "new-game-1")
	if r1.StatusCode != 200 || r2.StatusCode != 200 || first != again {
		t.Fatalf("create and its retry: %d %s / %d %s; want the same answer", r1.StatusCode, first, r2.StatusCode, again)
	}
	id := strings.SplitN(strings.SplitN(first, `"id":"`, 2)[1], `"`, 2)[0]
	if r, out := sendReq(t, "POST", b.URL+"/v1/sessions", "application/json", `{"bundled":"d20-5e","bundledSheets":["ada"],"seed":4}`, "Idempotency-Key", "new-game-1"); r.StatusCode != 422 || !strings.Contains(out, "idempotency-mismatch") {
		t.Errorf("create: the key with another body: %d %s", r.StatusCode, out)
	}
	if r, out := sendReq(t, "POST", a.URL+"/v1/sessions", "application/json", createBody, "Idempotency-Key", "new-game-2"); r.StatusCode != 200 || strings.Contains(out, id) {
		t.Errorf("create with a new key: %d %s; want another session", r.StatusCode, out)
	}

	events := "/v1/sessions/" + id + "/events"
	body := `{"kind":"gm","text":"[skill_check: skill=\"Athletics\" dc=\"15\"] [inventory: action=\"add\" item=\"Rope\"]","expectedSeq":0}`
	r1, first = sendReq(t, "POST", a.URL+events, "application/json", body, "Idempotency-Key", "turn-1")
	if r1.StatusCode != 200 || !strings.Contains(first, `"seq":1`) {
		t.Fatalf("keyed append: %d %s", r1.StatusCode, first)
	}
	for name, url := range map[string]string{"the same server": a.URL, "another server": b.URL} {
		r, out := sendReq(t, "POST", url+events, "application/json", body, "Idempotency-Key", "turn-1")
		if r.StatusCode != 200 || out != first {
			t.Errorf("retry to %s: %d %s; want the first answer %s", name, r.StatusCode, out, first)
		}
	}
	if r, out := sendReq(t, "POST", b.URL+events, "application/json", `{"kind":"gm","text":"something else"}`, "Idempotency-Key", "turn-1"); r.StatusCode != 422 || !strings.Contains(out, `"idempotency-mismatch"`) {
		t.Errorf("the key with another body: %d %s", r.StatusCode, out)
	}
	if r, out := sendReq(t, "POST", b.URL+events, "application/json", body, "Idempotency-Key", "two words"); r.StatusCode != 400 {
		t.Errorf("a key with a space: %d %s", r.StatusCode, out)
	}
	r, out := sendReq(t, "POST", b.URL+events, "application/json", `{"kind":"player","text":"I climb."}`, "Idempotency-Key", "turn-2")
	if r.StatusCode != 200 || !strings.Contains(out, `"seq":2`) {
		t.Errorf("a new key on the other server: %d %s", r.StatusCode, out)
	}
	st := dirStore(t, root)
	evs, err := st.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || evs[0].Key != "turn-1" || evs[1].Key != "turn-2" {
		t.Errorf("stored: %+v; want the two keyed events once each", evs)
	}
	_, got := get(t, a, events)
	if !strings.Contains(mustJSON(got), `"key":"turn-1"`) {
		t.Errorf("GET events does not show the keys: %v", got)
	}
}
