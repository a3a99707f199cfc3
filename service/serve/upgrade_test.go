package serve

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulehost/rulehost/engine/session"
	"github.com/rulehost/rulehost/service/apikey"
)

// TestSessionOfAnotherVersionIsRefusedUntilUpgraded (issue 30 item 8): a
// stored session whose record names another answering version (or none,
// as a service before the version was recorded wrote) is refused by name
// wherever it would be answered, stays readable and deletable, and is
// answered again once POST .../upgrade has re-answered its log.
func TestSessionOfAnotherVersionIsRefusedUntilUpgraded(t *testing.T) {
	for _, was := range []int{0, session.AnswerVersion - 1, session.AnswerVersion + 1} {
		t.Run(fmt.Sprintf("answers=%d", was), func(t *testing.T) {
			st := dirStore(t, t.TempDir())
			ts := sessionServer(t, st)
			if code, out := post(t, ts, "/v1/sessions", `{"id":"g","bundled":"d20-5e","bundledSheets":["ada"],"seed":7}`); code != 200 {
				t.Fatalf("create: %d %v", code, out)
			}
			code, out := post(t, ts, "/v1/sessions/g/events", `{"kind":"gm","text":"`+adaAthletics+`"}`)
			if code != 200 {
				t.Fatalf("append: %d %v", code, out)
			}
			first := replyText(t, out)
			// What another rulehost (or an older one) left in the store;
			// a second server on it has not folded it yet.
			if err := st.(session.Reanswerer).SetAnswers(context.Background(), "g", session.Answering{Version: session.AnswerVersion}, session.Answering{Version: was}); err != nil {
				t.Fatal(err)
			}
			ts = sessionServer(t, st)
			for _, try := range []struct{ method, path, body string }{
				{"GET", "/v1/sessions/g", ""},
				{"POST", "/v1/sessions/g/events", `{"kind":"gm","text":"` + adaAthletics + `"}`},
				{"GET", "/v1/sessions/g/prompt", ""},
			} {
				var code int
				var out map[string]any
				if try.method == "GET" {
					code, out = get(t, ts, try.path)
				} else {
					code, out = post(t, ts, try.path, try.body)
				}
				msg := fmt.Sprint(out["error"])
				if code != 409 || errCode(out) != "answered-by-another-version" || !strings.Contains(msg, "/v1/sessions/g/upgrade") {
					t.Errorf("%s %s of a session of version %d: %d %v; want 409 answered-by-another-version naming the upgrade", try.method, try.path, was, code, out)
				}
			}
			if code, out := get(t, ts, "/v1/sessions/g/events"); code != 200 || len(out["events"].([]any)) != 1 {
				t.Errorf("its events are still readable: %d %v", code, out)
			}
			if rec, _ := st.Record(context.Background(), "g"); rec.Config.Answers != was {
				t.Fatalf("a refused read changed the record's version to %d", rec.Config.Answers)
			}

			code, out = post(t, ts, "/v1/sessions/g/upgrade", `{}`)
			if code != 200 || out["upgraded"] != true || out["from"] != float64(was) || out["to"] != float64(session.AnswerVersion) ||
				out["seq"] != 1.0 || out["records"] != 1.0 || len(out["changes"].([]any)) != 1 {
				t.Fatalf("upgrade: %d %v", code, out)
			}
			if rec, _ := st.Record(context.Background(), "g"); rec.Config.Answers != session.AnswerVersion {
				t.Errorf("after the upgrade the record says version %d", rec.Config.Answers)
			}
			code, out = get(t, ts, "/v1/sessions/g")
			if code != 200 || out["seq"] != 1.0 {
				t.Fatalf("state after the upgrade: %d %v", code, out)
			}
			if got := replyText(t, map[string]any{"reply": out["lastReply"]}); got != first {
				t.Errorf("the re-answered reply %q differs from %q (same engine, same seed)", got, first)
			}
			if code, out := post(t, ts, "/v1/sessions/g/events", `{"kind":"gm","text":"`+adaAthletics+`"}`); code != 200 || out["seq"] != 2.0 {
				t.Errorf("append after the upgrade: %d %v", code, out)
			}
			code, out = post(t, ts, "/v1/sessions/g/upgrade", `{}`)
			if code != 200 || out["upgraded"] != false || len(out["changes"].([]any)) != 0 || out["seq"] != 2.0 {
				t.Errorf("a second upgrade: %d %v; want upgraded false, no changes", code, out)
			}
		})
	}
}

// TestUpgradeOfUnknownSession: no session, and a bad id, are refused.
func TestUpgradeOfUnknownSession(t *testing.T) {
	ts := sessionServer(t, dirStore(t, t.TempDir()))
	if code, out := post(t, ts, "/v1/sessions/nope/upgrade", `{}`); code != 404 || errCode(out) != "unknown-session" {
		t.Errorf("upgrade of no session: %d %v", code, out)
	}
	if code, out := post(t, ts, "/v1/sessions/..%2Fx/upgrade", `{}`); code != 400 && code != 404 {
		t.Errorf("upgrade of a bad id: %d %v", code, out)
	}
}

// TestUpgradeIsTheOwnersOnly: another key's session is absent to the
// upgrade as to every other route (404, as no session), and its record
// keeps its version; its owner's upgrade goes on.
func TestUpgradeIsTheOwnersOnly(t *testing.T) {
	file := filepath.Join(t.TempDir(), "keys.txt")
	alice, _ := apikey.Add(file, "alice", time.Now())
	bob, _ := apikey.Add(file, "bob", time.Now())
	keys, err := apikey.Open(file, "")
	if err != nil {
		t.Fatal(err)
	}
	st := dirStore(t, t.TempDir())
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", Store: st, Keys: keys}).Handler())
	defer ts.Close()
	as := func(key, path, body string) (int, string) {
		resp, out := sendReq(t, "POST", ts.URL+path, "application/json", body, "Authorization", "Bearer "+key)
		return resp.StatusCode, out
	}
	if code, out := as(alice, "/v1/sessions", `{"id":"a","bundled":"d20-5e","bundledSheets":["ada"]}`); code != 200 {
		t.Fatalf("create: %d %s", code, out)
	}
	if err := st.(session.Reanswerer).SetAnswers(context.Background(), "a", session.Answering{Version: session.AnswerVersion}, session.Answering{Version: 1}); err != nil {
		t.Fatal(err)
	}
	if code, out := as(bob, "/v1/sessions/a/upgrade", `{}`); code != 404 || !strings.Contains(out, `"unknown-session"`) {
		t.Errorf("another key's upgrade: %d %s; want 404 unknown-session", code, out)
	}
	if rec, _ := st.Record(context.Background(), "a"); rec.Config.Answers != 1 {
		t.Errorf("another key's upgrade changed the record's version to %d", rec.Config.Answers)
	}
	if code, out := as(alice, "/v1/sessions/a/upgrade", `{}`); code != 200 || !strings.Contains(out, `"upgraded":true`) {
		t.Errorf("the owner's upgrade: %d %s", code, out)
	}
}

// TestUpgradeAllIsTheOperators: UpgradeAll upgrades every tenant's
// sessions, so a server built with API keys (one that answers tenants)
// refuses it and writes nothing; without keys it upgrades them all.
func TestUpgradeAllIsTheOperators(t *testing.T) {
	file := filepath.Join(t.TempDir(), "keys.txt")
	alice, _ := apikey.Add(file, "alice", time.Now())
	keys, err := apikey.Open(file, "")
	if err != nil {
		t.Fatal(err)
	}
	st := dirStore(t, t.TempDir())
	keyed := New(Options{Bundled: "../../rulesets", Store: st, Keys: keys})
	ts := httptest.NewServer(keyed.Handler())
	defer ts.Close()
	resp, out := sendReq(t, "POST", ts.URL+"/v1/sessions", "application/json", `{"id":"a","bundled":"d20-5e","bundledSheets":["ada"]}`, "Authorization", "Bearer "+alice)
	if resp.StatusCode != 200 {
		t.Fatalf("create: %d %s", resp.StatusCode, out)
	}
	from, to := session.Answering{Version: session.AnswerVersion}, session.Answering{Version: 1}
	if err := st.(session.Reanswerer).SetAnswers(context.Background(), "a", from, to); err != nil {
		t.Fatal(err)
	}
	calls := 0
	if err := keyed.UpgradeAll(context.Background(), func(string, UpgradeResult, error) { calls++ }); err == nil || calls != 0 {
		t.Errorf("UpgradeAll on a server with keys: %v after %d sessions; want it refused before any", err, calls)
	}
	if rec, _ := st.Record(context.Background(), "a"); rec.Config.Answers != 1 {
		t.Errorf("the refused UpgradeAll changed the record's version to %d", rec.Config.Answers)
	}
	var got []UpgradeResult
	if err := New(Options{Bundled: "../../rulesets", Store: st}).UpgradeAll(context.Background(), func(id string, res UpgradeResult, err error) {
		if err != nil {
			t.Errorf("%s: %v", id, err)
		}
		got = append(got, res)
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !got[0].Upgraded || got[0].From != 1 || got[0].To != session.AnswerVersion {
		t.Errorf("UpgradeAll without keys: %+v; want session a upgraded from version 1", got)
	}
}
