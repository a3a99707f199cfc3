package serve

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/rulehost/rulehost/engine/session"
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
			if err := st.(session.Reanswerer).SetAnswers(context.Background(), "g", session.AnswerVersion, was); err != nil {
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

// TestUpgradeIsTheOwnersOnly: another key's session is absent to the
// upgrade as to every other route.
func TestUpgradeOfUnknownSession(t *testing.T) {
	ts := sessionServer(t, dirStore(t, t.TempDir()))
	if code, out := post(t, ts, "/v1/sessions/nope/upgrade", `{}`); code != 404 || errCode(out) != "unknown-session" {
		t.Errorf("upgrade of no session: %d %v", code, out)
	}
	if code, out := post(t, ts, "/v1/sessions/..%2Fx/upgrade", `{}`); code != 400 && code != 404 {
		t.Errorf("upgrade of a bad id: %d %v", code, out)
	}
}
