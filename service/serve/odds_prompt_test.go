package serve

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rulehost/rulehost/engine/odds"
	"github.com/rulehost/rulehost/engine/ruleset"
	"github.com/rulehost/rulehost/engine/sheet"
	"github.com/rulehost/rulehost/engine/tag"
)

// raw sends a request and returns the status and the body as sent.
func raw(t testing.TB, ts *httptest.Server, method, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSuffix(string(data), "\n")
}

const adaBundled = `"bundled":"d20-5e","bundledSheets":["ada"]`

// TestOddsExact: the body of /v1/odds, byte for byte, and the same odds
// `rulehost odds --json` prints (odds.Check on the same input).
func TestOddsExact(t *testing.T) {
	ts := testServer(t)
	code, body := raw(t, ts, "POST", "/v1/odds", `{`+adaBundled+`,"tag":"`+athletics+`"}`)
	want := `{"odds":{"exact":true,"success":0.7975000000000001,"outcomes":[` +
		`{"outcome":"Critical success","success":true,"p":0.09750000000000002,"critical":"success"},` +
		`{"outcome":"Success","success":true,"p":0.7000000000000001},` +
		`{"outcome":"Failure","success":false,"p":0.20000000000000004},` +
		`{"outcome":"Critical failure","success":false,"p":0.0025000000000000005,"critical":"failure"}],` +
		`"method":"exact","errorBound":1e-12,"check":"[check: who=\"Ada Quickhand\" skill=\"Athletics\"]"}}`
	if code != 200 || body != want {
		t.Fatalf("odds: %d\n got %s\nwant %s", code, body, want)
	}
	rs, err := ruleset.LoadFile("../../rulesets/d20-5e/ruleset.json", ruleset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sh, err := sheet.LoadFile("../../rulesets/d20-5e/sheets/ada.json", rs)
	if err != nil {
		t.Fatal(err)
	}
	tg, _ := tag.Parse(strings.ReplaceAll(athletics, `\"`, `"`))
	r, err := odds.Check(rs, []*sheet.Character{sheet.New(rs, sh)}, tg, odds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cli, _ := json.Marshal(r)
	if !strings.Contains(body, `{"odds":`+string(cli)+`}`) {
		t.Errorf("the service's odds are not the CLI's:\n%s\n%s", body, cli)
	}
}

func TestOddsSweepAndVs(t *testing.T) {
	ts := testServer(t)
	plain := `[skill_check: skill=\"Athletics\" dc=\"15\"]`
	head := `{"odds":{"exact":true,"success":0.55,"outcomes":[{"outcome":"Critical success","success":true,"p":0.05,"critical":"success"},{"outcome":"Success","success":true,"p":0.5},{"outcome":"Failure","success":false,"p":0.4},{"outcome":"Critical failure","success":false,"p":0.05,"critical":"failure"}],"method":"exact","errorBound":1e-12,"check":"[check: who=\"Ada Quickhand\" skill=\"Athletics\"]"}`
	code, body := raw(t, ts, "POST", "/v1/odds", `{`+adaBundled+`,"tag":"`+plain+`","sweep":"dc=10..12"}`)
	want := head + `,"sweep":{"attr":"dc","points":[{"value":10,"success":0.8,"exact":true},{"value":11,"success":0.75,"exact":true},{"value":12,"success":0.7,"exact":true}]}}`
	if code != 200 || body != want {
		t.Errorf("sweep: %d\n got %s\nwant %s", code, body, want)
	}
	code, body = raw(t, ts, "POST", "/v1/odds", `{`+adaBundled+`,"tag":"`+plain+`","vs":"[skill_check: skill=\"Athletics\" dc=\"25\"]"}`)
	want = head + `,"vs":{"exact":true,"success":0.05,"outcomes":[{"outcome":"Critical success","success":true,"p":0.05,"critical":"success"},{"outcome":"Failure","success":false,"p":0.45},{"outcome":"Critical failure","success":false,"p":0.5,"critical":"failure"}],"method":"exact","errorBound":1e-12,"check":"[check: who=\"Ada Quickhand\" skill=\"Athletics\"]"}}`
	if code != 200 || body != want {
		t.Errorf("vs: %d\n got %s\nwant %s", code, body, want)
	}
}

func TestOddsErrors(t *testing.T) {
	ts := testServer(t)
	for _, c := range []struct {
		name, body    string
		status        int
		code, message string
	}{
		{"bad tag", `{` + adaBundled + `,"tag":"[skill_check: skill="}`, 422, "bad-tag", "tag:"},
		{"not a check", `{` + adaBundled + `,"tag":"[roll_dice: dice=\"1d6\"]"}`, 422, "unknown-tag", "skill_check"},
		{"bad vs", `{` + adaBundled + `,"tag":"` + athletics + `","vs":"[loot: table=\"x\"]"}`, 422, "unknown-tag", "vs"},
		{"no sheet", `{"bundled":"d20-5e","tag":"` + athletics + `"}`, 400, "bad-request", "needs a sheet"},
		{"unknown who", `{` + adaBundled + `,"tag":"[skill_check: who=\"Nobody\" skill=\"Athletics\"]"}`, 422, "unknown-who", "Nobody"},
		{"bad sweep", `{` + adaBundled + `,"tag":"` + athletics + `","sweep":"dc=9..1"}`, 400, "bad-request", "above"},
		{"vs and sweep", `{` + adaBundled + `,"tag":"` + athletics + `","vs":"` + athletics + `","sweep":"dc=1..2"}`, 400, "bad-request", "not both"},
		{"samples", `{` + adaBundled + `,"tag":"` + athletics + `","samples":1000001}`, 400, "bad-request", "samples"},
		{"unknown member", `{` + adaBundled + `,"tag":"` + athletics + `","dc":15}`, 400, "bad-request", `/dc: unknown member "dc"`},
	} {
		status, out := post(t, ts, "/v1/odds", c.body)
		e, _ := out["error"].(map[string]any)
		if status != c.status || e == nil || e["code"] != c.code || !strings.Contains(e["message"].(string), c.message) {
			t.Errorf("%s: %d %v; want %d %s mentioning %q", c.name, status, out, c.status, c.code, c.message)
		}
	}
	// a tag the check refuses: 422 refused, with the refusal record
	code, body := raw(t, ts, "POST", "/v1/odds", `{`+adaBundled+`,"tag":"[skill_check: skill=\"Juggling\" dc=\"15\"]"}`)
	rec := `[refused: action=\"skill_check\" reason=\"unknown-skill\" skill=\"Juggling\" note=\"this ruleset has no skill named Juggling; declared: Athletics, Acrobatics, Stealth, Arcana, History, Perception, Insight, Intimidation, Persuasion\"]`
	want := `{"error":{"code":"refused","message":"tag: the check refuses this tag: ` + rec + `","record":{"record":{"tag":"refused","attrs":[["action","skill_check"],["reason","unknown-skill"],["skill","Juggling"],["note","this ruleset has no skill named Juggling; declared: Athletics, Acrobatics, Stealth, Arcana, History, Perception, Insight, Intimidation, Persuasion"]]},"text":"` + rec + `"}}}`
	if code != 422 || body != want {
		t.Errorf("refused: %d\n got %s\nwant %s", code, body, want)
	}
}

const adaInventory = `INVENTORY:\nAda Quickhand (load 0 of 70 lb (limit 210); slots Body 0/1, Hands 0/2; no coins):`

// TestPromptStart: the prompt of a ruleset and party without a session,
// as `rulehost prompt --ruleset --party --json` gives it.
func TestPromptStart(t *testing.T) {
	ts := testServer(t)
	code, body := raw(t, ts, "POST", "/v1/prompt", `{`+adaBundled+`,"sections":["inventory"]}`)
	want := `{"sections":[{"name":"inventory","data":{"members":[{"name":"Ada Quickhand","load":"load 0 of 70 lb (limit 210)","slots":"Body 0/1, Hands 0/2","money":"no coins","items":[]}]},"text":"` + adaInventory + `"}],"text":"` + adaInventory + `"}`
	if code != 200 || body != want {
		t.Errorf("prompt: %d\n got %s\nwant %s", code, body, want)
	}
	// the whole prompt: every section the ruleset has, in order, and its
	// text is the sections' texts joined
	code, out := post(t, ts, "/v1/prompt", `{`+adaBundled+`}`)
	if code != 200 {
		t.Fatalf("%d %v", code, out)
	}
	var names, texts []string
	for _, s := range out["sections"].([]any) {
		names = append(names, s.(map[string]any)["name"].(string))
		texts = append(texts, s.(map[string]any)["text"].(string))
	}
	if strings.Join(names, ",") != "rules,items,money,loot,market,inventory" {
		t.Errorf("sections %v", names)
	}
	if out["text"] != strings.Join(texts, "\n\n") {
		t.Errorf("text is not the sections joined")
	}
	// cut to a size
	_, out = post(t, ts, "/v1/prompt", `{`+adaBundled+`,"maxChars":400}`)
	if n := utf8.RuneCountInString(out["text"].(string)); n > 400 || n == 0 {
		t.Errorf("maxChars 400: %d characters", n)
	}
	for _, c := range []struct{ body, code, message string }{
		{`{` + adaBundled + `,"sections":["nope"]}`, "bad-request", "no such section"},
		{`{"bundled":"d20-5e"}`, "bad-request", "party"},
		{`{` + adaBundled + `,"format":"terse"}`, "unknown-format", "terse"},
		{`{` + adaBundled + `,"maxChars":-1}`, "bad-request", "maxChars"},
	} {
		if _, out := post(t, ts, "/v1/prompt", c.body); errCode(out) != c.code || !strings.Contains(mustJSON(out), c.message) {
			t.Errorf("%s: %v; want %s mentioning %q", c.body, out, c.code, c.message)
		}
	}
}

// TestSessionPrompt: a session's prompt follows its log (the inventory
// block holds what the GM added, the last turn its records), and another
// process on the same store sees the same prompt.
func TestSessionPrompt(t *testing.T) {
	root := t.TempDir()
	ts := sessionServer(t, dirStore(t, root))
	if code, out := post(t, ts, "/v1/sessions", `{"id":"p1",`+adaBundled+`,"seed":7}`); code != 200 {
		t.Fatalf("%d %v", code, out)
	}
	code, body := raw(t, ts, "GET", "/v1/sessions/p1/prompt?section=inventory&section=last_turn", "")
	want := `{"sections":[{"name":"inventory","data":{"members":[{"name":"Ada Quickhand","load":"load 0 of 70 lb (limit 210)","slots":"Body 0/1, Hands 0/2","money":"no coins","items":[]}]},"text":"` + adaInventory + `"}],"text":"` + adaInventory + `"}`
	if code != 200 || body != want {
		t.Errorf("before any reply: %d\n got %s\nwant %s", code, body, want)
	}
	if code, out := post(t, ts, "/v1/sessions/p1/events", `{"kind":"gm","text":"A rope lies here. [inventory: action=\"add\" item=\"Rope\"]"}`); code != 200 {
		t.Fatalf("%d %v", code, out)
	}
	inv := adaInventory + `\n[item: name=\"Rope\" count=\"1\"]`
	last := `LAST TURN\nThe engine answered your last reply; narrate from these results:\n[inventory: action=\"add\" item=\"Rope\" count=\"1\" placed=\"Ada Quickhand 1\"]`
	want = `{"sections":[{"name":"inventory","data":{"members":[{"name":"Ada Quickhand","load":"load 0 of 70 lb (limit 210)","slots":"Body 0/1, Hands 0/2","money":"no coins","items":[{"tag":"item","attrs":[["name","Rope"],["count","1"]]}]}]},"text":"` + inv + `"},` +
		`{"name":"last_turn","data":{"reply":[{"tag":"inventory","attrs":[["action","add"],["item","Rope"],["count","1"],["placed","Ada Quickhand 1"]]}],"itemUsed":false},"text":"` + last + `"}],"text":"` + inv + `\n\n` + last + `"}`
	code, body = raw(t, ts, "GET", "/v1/sessions/p1/prompt?section=inventory&section=last_turn", "")
	if code != 200 || body != want {
		t.Errorf("after the rope: %d\n got %s\nwant %s", code, body, want)
	}
	other := sessionServer(t, dirStore(t, root))
	if _, body2 := raw(t, other, "GET", "/v1/sessions/p1/prompt?section=inventory&section=last_turn", ""); body2 != want {
		t.Errorf("another process: %s", body2)
	}
	for _, c := range []struct {
		path   string
		status int
		code   string
	}{
		{"/v1/sessions/nope/prompt", 404, "unknown-session"},
		{"/v1/sessions/p1/prompt?section=nope", 400, "bad-request"},
		{"/v1/sessions/p1/prompt?maxChars=x", 400, "bad-request"},
		{"/v1/sessions/p1/prompt?sections=inventory", 400, "bad-request"},
		{"/v1/sessions/p1/prompt?format=xml", 422, "unknown-format"},
	} {
		if status, out := get(t, ts, c.path); status != c.status || errCode(out) != c.code {
			t.Errorf("%s: %d %v; want %d %s", c.path, status, out, c.status, c.code)
		}
	}
	if status, out := get(t, testServer(t), "/v1/sessions/p1/prompt"); status != 404 || errCode(out) != "no-store" {
		t.Errorf("without a store: %d %v", status, out)
	}
}
