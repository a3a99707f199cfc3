package serve

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/service/dirstore"
)

func sessionServer(t testing.TB, st session.EventStore) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: st}).Handler())
	t.Cleanup(ts.Close)
	return ts
}

func dirStore(t testing.TB, root string) session.EventStore {
	t.Helper()
	st, err := dirstore.New(root)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func get(t testing.TB, ts *httptest.Server, path string) (int, map[string]any) {
	t.Helper()
	resp, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s: not JSON (%v): %s", path, err, data)
	}
	return resp.StatusCode, out
}

const adaAthletics = `[skill_check: who=\"Ada\" skill=\"Athletics\" dc=\"15\"]`

func errCode(out map[string]any) string {
	e, _ := out["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func replyText(t testing.TB, out map[string]any) string {
	t.Helper()
	reply, _ := out["reply"].(map[string]any)
	recs, _ := reply["records"].([]any)
	if len(recs) == 0 {
		t.Fatalf("no records in %v", out)
	}
	return recs[0].(map[string]any)["text"].(string)
}

// TestSessionLifecycle: create, append, regenerate, read state and
// events, over HTTP, against the fold the engine gives in process.
func TestSessionLifecycle(t *testing.T) {
	root := t.TempDir()
	ts := sessionServer(t, dirStore(t, root))
	code, out := post(t, ts, "/v1/sessions", `{"id":"game1","bundled":"d20-5e","bundledSheets":["ada"],"seed":7}`)
	if code != 200 || out["id"] != "game1" || out["seq"] != 0.0 {
		t.Fatalf("create: %d %v", code, out)
	}
	code, out = post(t, ts, "/v1/sessions/game1/events", `{"kind":"gm","text":"The wall is slick. `+adaAthletics+`"}`)
	if code != 200 || out["seq"] != 1.0 {
		t.Fatalf("append: %d %v", code, out)
	}
	first := replyText(t, out)
	if !strings.HasPrefix(first, `[check: who="Ada Quickhand" skill="Athletics"`) {
		t.Errorf("record: %s", first)
	}
	code, out = post(t, ts, "/v1/sessions/game1/regenerate", `{"text":"Try again. `+adaAthletics+`","expectedSeq":1}`)
	if code != 200 || out["seq"] != 2.0 || replyText(t, out) != first {
		t.Errorf("regenerate with the same tag: %d %v; want the same record %s (same turn, same ordinal)", code, out, first)
	}
	code, out = post(t, ts, "/v1/sessions/game1/events", `{"kind":"player","text":"I rest. [roll_dice: dice=\"1d6\"]","expectedSeq":2}`)
	if code != 200 || out["seq"] != 3.0 {
		t.Fatalf("player: %d %v", code, out)
	}
	// A stale expectedSeq: 409 with the current seq, nothing appended.
	code, out = post(t, ts, "/v1/sessions/game1/events", `{"kind":"gm","text":"late","expectedSeq":1}`)
	if code != 409 || errCode(out) != "conflict" || out["error"].(map[string]any)["seq"] != 3.0 {
		t.Errorf("stale expectedSeq: %d %v", code, out)
	}
	// Regenerating after a player action is refused.
	code, out = post(t, ts, "/v1/sessions/game1/regenerate", `{"text":"x"}`)
	if code != 422 || errCode(out) != "bad-entry" {
		t.Errorf("regenerate after a player action: %d %v", code, out)
	}
	code, out = get(t, ts, "/v1/sessions/game1/events?after=1")
	evs, _ := out["events"].([]any)
	if code != 200 || len(evs) != 2 || evs[0].(map[string]any)["kind"] != "regenerate" || out["more"] != false {
		t.Errorf("events after 1: %d %v", code, out)
	}
	code, out = get(t, ts, "/v1/sessions/game1")
	if code != 200 || out["seq"] != 3.0 || out["replies"] != 2.0 || !strings.Contains(out["inventory"].(string), "Ada") {
		t.Errorf("state: %d %v", code, out)
	}
	// The same log folded in process gives the same last reply.
	rs, err := ruleset.LoadFile("../../rulesets/d20-5e/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.LoadFile("../../rulesets/d20-5e/sheets/ada.json", rs)
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := dirStore(t, root).Events(t.Context(), "game1", 0)
	fold := session.Fold(rs, []*sheet.Sheet{sh}, 7, stored)
	last := fold.State().Replies[1]
	got := out["lastReply"].(map[string]any)["records"].([]any)[0].(map[string]any)["text"]
	if got != last.Records[0].String() {
		t.Errorf("last reply over HTTP %v; folded in process %s", got, last.Records[0])
	}
	// The folder is a session the CLI reads.
	s, err := session.Read(root+"/game1", session.FileLoader(ruleset.Options{}), session.Options{})
	if err != nil || s.Len() != 3 {
		t.Errorf("session.Read of the stored folder: %v", err)
	}
}

func TestSessionErrors(t *testing.T) {
	ts := sessionServer(t, dirStore(t, t.TempDir()))
	rs, _ := os.ReadFile("../../rulesets/d20-5e/ruleset.json")
	sh, _ := os.ReadFile("../../rulesets/d20-5e/sheets/ada.json")
	code, out := post(t, ts, "/v1/sessions", `{"ruleset":`+string(rs)+`,"sheets":[`+string(sh)+`]}`)
	id, _ := out["id"].(string)
	if code != 200 || len(id) != 24 {
		t.Fatalf("create inline with a random id: %d %v", code, out)
	}
	for _, c := range []struct {
		name, method, path, body string
		status                   int
		code                     string
	}{
		{"duplicate id", "POST", "/v1/sessions", `{"id":"` + id + `","bundled":"d20-5e","bundledSheets":["ada"]}`, 409, "exists"},
		{"bad id", "POST", "/v1/sessions", `{"id":"../x","bundled":"d20-5e","bundledSheets":["ada"]}`, 400, "bad-request"},
		{"no party", "POST", "/v1/sessions", `{"bundled":"d20-5e"}`, 400, "bad-request"},
		{"invalid ruleset", "POST", "/v1/sessions", `{"ruleset":{"resolution":{"kind":"dice-sum"}},"sheets":[{}]}`, 422, "invalid-ruleset"},
		{"unknown session", "POST", "/v1/sessions/nope/events", `{"kind":"gm","text":"x"}`, 404, "unknown-session"},
		{"unknown session state", "GET", "/v1/sessions/nope", ``, 404, "unknown-session"},
		{"unknown session events", "GET", "/v1/sessions/nope/events", ``, 404, "unknown-session"},
		{"bad kind", "POST", "/v1/sessions/" + id + "/events", `{"kind":"regenerate","text":"x"}`, 400, "bad-request"},
		{"negative expectedSeq", "POST", "/v1/sessions/" + id + "/events", `{"kind":"gm","text":"x","expectedSeq":-1}`, 400, "bad-request"},
		{"invalid UTF-8", "POST", "/v1/sessions/" + id + "/events", "{\"kind\":\"gm\",\"text\":\"\xff\"}", 400, "bad-request"},
		{"nothing to regenerate", "POST", "/v1/sessions/" + id + "/regenerate", `{"text":"x"}`, 422, "bad-entry"},
		{"bad after", "GET", "/v1/sessions/" + id + "/events?after=-2", ``, 400, "bad-request"},
		{"bad id in path", "GET", "/v1/sessions/a%20b", ``, 400, "bad-request"},
	} {
		var code int
		var out map[string]any
		if c.method == "GET" {
			code, out = get(t, ts, c.path)
		} else {
			code, out = post(t, ts, c.path, c.body)
		}
		if code != c.status || errCode(out) != c.code {
			t.Errorf("%s: %d %v; want %d %s", c.name, code, out, c.status, c.code)
		}
	}
	plain := testServer(t)
	if code, out := post(t, plain, "/v1/sessions", `{"bundled":"d20-5e","bundledSheets":["ada"]}`); code != 404 || errCode(out) != "no-store" {
		t.Errorf("without a store: %d %v", code, out)
	}
}

// TestSessionTwoServers: two services on one store each fold the other's
// appends before answering.
func TestSessionTwoServers(t *testing.T) {
	root := t.TempDir()
	a, b := sessionServer(t, dirStore(t, root)), sessionServer(t, dirStore(t, root))
	if code, out := post(t, a, "/v1/sessions", `{"id":"g","bundled":"d20-5e","bundledSheets":["ada"],"seed":3}`); code != 200 {
		t.Fatalf("create: %v", out)
	}
	post(t, a, "/v1/sessions/g/events", `{"kind":"gm","text":"`+adaAthletics+`"}`)
	get(t, b, "/v1/sessions/g") // b folds event 1
	post(t, a, "/v1/sessions/g/events", `{"kind":"player","text":"I wait."}`)
	code, out := post(t, b, "/v1/sessions/g/events", `{"kind":"gm","text":"`+adaAthletics+`","expectedSeq":2}`)
	if code != 200 || out["seq"] != 3.0 {
		t.Fatalf("b appends after a's events: %d %v", code, out)
	}
	code, out = post(t, a, "/v1/sessions/g/regenerate", `{"text":"again `+adaAthletics+`","expectedSeq":3}`)
	if code != 200 || out["seq"] != 4.0 {
		t.Fatalf("a regenerates b's reply: %d %v", code, out)
	}
	_, sa := get(t, a, "/v1/sessions/g")
	_, sb := get(t, b, "/v1/sessions/g")
	if mustJSON(sa) != mustJSON(sb) || sa["seq"] != 4.0 || sa["replies"] != 3.0 {
		t.Errorf("the two services disagree:\n%v\n%v", sa, sb)
	}
}

// TestLiveSessionsBounded: past MaxLive folded sessions the one used
// longest ago is dropped, and asking for it again folds it from the
// store with nothing lost.
func TestLiveSessionsBounded(t *testing.T) {
	srv := New(Options{Bundled: "../../rulesets", Store: dirStore(t, t.TempDir()), MaxLive: 2})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	for _, id := range []string{"a", "b", "c", "d"} {
		if code, out := post(t, ts, "/v1/sessions", `{"id":"`+id+`","bundled":"d20-5e","bundledSheets":["ada"],"seed":7}`); code != 200 {
			t.Fatalf("create %s: %d %v", id, code, out)
		}
		if code, out := post(t, ts, "/v1/sessions/"+id+"/events", `{"kind":"gm","text":"`+adaAthletics+`"}`); code != 200 {
			t.Fatalf("append %s: %d %v", id, code, out)
		}
		srv.liveMu.Lock()
		n := len(srv.sessions)
		srv.liveMu.Unlock()
		if n > 2 {
			t.Fatalf("%d sessions folded in memory; MaxLive is 2", n)
		}
	}
	// "a" was dropped: it folds again from the store, and its next append
	// continues its log.
	code, out := post(t, ts, "/v1/sessions/a/events", `{"kind":"gm","text":"`+adaAthletics+`","expectedSeq":1}`)
	if code != 200 || out["seq"] != 2.0 {
		t.Fatalf("append to a dropped session: %d %v", code, out)
	}
	code, out = get(t, ts, "/v1/sessions/a/events?after=0")
	if code != 200 || !strings.Contains(mustJSON(out), "Athletics") {
		t.Errorf("events of a dropped session: %d %v", code, out)
	}
}
