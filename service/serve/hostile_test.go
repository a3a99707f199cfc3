package serve

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Hostile requests to the routes issue 20 added: bodies and transcripts
// that are huge or malformed. Every one is answered with a JSON error (or
// a bounded answer), never a 500 and never an answer without bound.

// replayBody is a /v1/replay body with the d20-5e sample party and text
// inline.
func replayBody(text string) string {
	b, _ := json.Marshal(map[string]any{"bundled": "d20-5e", "text": text})
	return string(b)
}

// TestReplayHugeTranscript: a body over the limit is 413; a bundled
// transcript over the limit is 413; a transcript of many short entries,
// each answered with the party's blocks, is 413 once its answer passes
// eight times the body limit (it answered some thirty times its size
// before), while the same entries in a smaller number are answered.
func TestReplayHugeTranscript(t *testing.T) {
	const limit = 64 << 10
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", MaxBody: limit}).Handler())
	t.Cleanup(ts.Close)
	var growing strings.Builder
	for i := range 300 {
		fmt.Fprintf(&growing, "--- gm\n[inventory: action=\"add\" item=\"Rope %d\"]\n", i)
	}
	for range 300 {
		growing.WriteString("--- gm\nx\n")
	}
	for _, c := range []struct {
		name, body, message string
	}{
		{"body over the limit", replayBody(strings.Repeat("--- gm\nx\n", limit/8)), "body is over"},
		{"answer over the limit", replayBody(strings.Repeat("--- gm\nx\n", limit/14)), "shorter transcript"},
		{"answer grows with the inventory", replayBody(growing.String()), "shorter transcript"},
	} {
		code, out := post(t, ts, "/v1/replay", c.body)
		if code != 413 || errCode(out) != "too-large" || !strings.Contains(mustJSON(out), c.message) {
			t.Errorf("%s: %d %.300s; want 413 too-large mentioning %q", c.name, code, mustJSON(out), c.message)
		}
	}
	code, body := raw(t, ts, "POST", "/v1/replay", replayBody(strings.Repeat("--- gm\nx\n", 100)))
	if code != 200 || strings.Count(body, `"seq":`) != 100 {
		t.Errorf("a hundred short entries: %d %.300s", code, body)
	}
	small := httptest.NewServer(New(Options{Bundled: "../../rulesets", MaxBody: 512}).Handler())
	t.Cleanup(small.Close)
	code, out := post(t, small, "/v1/replay", `{"bundled":"d20-5e","transcript":"02-the-fence"}`)
	if code != 413 || errCode(out) != "too-large" || !strings.Contains(mustJSON(out), "02-the-fence is over 512 bytes") {
		t.Errorf("bundled transcript over the limit: %d %v", code, out)
	}
}

// TestReplayMalformed: malformed transcripts and tags are refused or
// answered, with the line that is wrong, never a 500.
func TestReplayMalformed(t *testing.T) {
	ts := testServer(t)
	for _, c := range []struct {
		text    string
		status  int
		code    string
		message string
	}{
		{"--- bogus\nx", 422, "bad-entry", "line 1"},
		{"# a comment\n\n--- gm\nok\n--- villain\n", 422, "bad-entry", "line 5"},
		{"--- regenerate\nx", 422, "bad-entry", "nothing to regenerate"},
		{"--- gm\nA [skill_check: skill=\"Athletics\" dc=", 200, "", `"records":[`},
		{"--- gm\n[inventory: action=\"add\" item=\"Rope\" item=\"Rope\"]", 200, "", `"records":[`},
		{"--- gm\n[inventory: action=\"remove\" item=\"Nothing\" count=\"99999999999999999999\"]", 200, "", `"records":[`},
		{"--- gm\n\x00\u2028\ufeff[[[]]]", 200, "", `"records":[`},
		{"--- gm\n" + strings.Repeat("[", 10000), 200, "", `"records":[`},
		{"# only comments\n", 200, "", `{"steps":[]}`},
		{"", 400, "bad-request", "send transcript"},
	} {
		code, body := raw(t, ts, "POST", "/v1/replay", replayBody(c.text))
		var out map[string]any
		if err := json.Unmarshal([]byte(body), &out); err != nil || code != c.status || errCode(out) != c.code || !strings.Contains(body, c.message) {
			t.Errorf("%.60q: %d %.300s; want %d %q mentioning %q", c.text, code, body, c.status, c.code, c.message)
		}
	}
}

// TestHostileBodies: a body over the limit, and malformed or duplicated
// JSON, to each new POST route: 413 or 400 with where, never a 500.
func TestHostileBodies(t *testing.T) {
	ts := httptest.NewServer(New(Options{Bundled: "../../rulesets", MaxBody: 4096}).Handler())
	t.Cleanup(ts.Close)
	huge := `{"bundled":"d20-5e","tag":"` + strings.Repeat("x", 5000) + `"}`
	for _, path := range []string{"/v1/odds", "/v1/prompt", "/v1/replay"} {
		for _, c := range []struct {
			body   string
			status int
			code   string
		}{
			{huge, 413, "too-large"},
			{`{"bundled":"d20-5e","bundled":"d20-5e"}`, 400, "bad-request"},
			{`{"bundled":"d20-5e"} {}`, 400, "bad-request"},
			{`{"bundled":"d20-5e","nope":1}`, 400, "bad-request"},
			{`[`, 400, "bad-request"},
			{`{"bundled":"d20-5e","sheets":[` + strings.Repeat("[", 1000) + `]}`, 400, "bad-request"},
		} {
			code, out := post(t, ts, path, c.body)
			if code != c.status || errCode(out) != c.code {
				t.Errorf("%s %.60s: %d %v; want %d %s", path, c.body, code, out, c.status, c.code)
			}
		}
	}
	// samples and sweeps out of bounds
	for _, body := range []string{
		fmt.Sprintf(`{%s,"tag":"%s","samples":%d}`, adaBundled, athletics, MaxSamples+1),
		fmt.Sprintf(`{%s,"tag":"%s","samples":-1}`, adaBundled, athletics),
		fmt.Sprintf(`{%s,"tag":"%s","sweep":"dc=1..100000"}`, adaBundled, athletics),
		fmt.Sprintf(`{%s,"tag":"%s","sweep":"dc=9..1"}`, adaBundled, athletics),
	} {
		if code, out := post(t, ts, "/v1/odds", body); code != 400 || errCode(out) != "bad-request" {
			t.Errorf("%s: %d %v", body, code, out)
		}
	}
}

// TestReplayConcurrentWithChecks: replays fold over the cached bundled
// ruleset and sheets while checks read them, at once (run with -race):
// every replay and every check answers as it does alone.
func TestReplayConcurrentWithChecks(t *testing.T) {
	ts := testServer(t)
	replay := `{"bundled":"d20-5e","transcript":"02-the-fence"}`
	check := `{"bundled":"d20-5e","bundledSheets":["ada","corvin"],"tag":"[skill_check: who=\"Corvin\" skill=\"Arcana\" dc=\"12\"]","seed":3}`
	_, wantReplay := raw(t, testServer(t), "POST", "/v1/replay", replay)
	_, wantCheck := raw(t, testServer(t), "POST", "/v1/check", check)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				path, body, want := "/v1/replay", replay, wantReplay
				if g%2 == 1 {
					path, body, want = "/v1/check", check, wantCheck
				}
				if code, got := raw(t, ts, "POST", path, body); code != 200 || got != want {
					t.Errorf("%s: %d %.200s", path, code, got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
